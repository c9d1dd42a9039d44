"""Rule scenarios: bids, revealing them, the order of play, gem exchanges (rulebook pp. 8-10)
and the 2-Lord game (p. 4)."""

import pytest

from aquilon_env.engine import layout as L
from aquilon_env.engine.talions import BID_TRIPLES

from .scenario import (
    COGNAR,
    GOLD,
    S,
    actor,
    army,
    bid_action,
    bid_all,
    discard,
    do,
    dwarf,
    dwarves,
    fresh,
    gems,
    legal,
    phase,
    pick,
    set_gems,
    set_ranks,
    set_taverns,
    talion_kinds,
    talions,
    tavern,
    treasury,
)

SHIELDS = dwarves(S)  # Shield cards have no effect when taken: handy tavern filler


def shield_taverns(state, per):
    set_taverns(state, SHIELDS[:per], SHIELDS[per:2 * per], SHIELDS[2 * per:3 * per])


def resolve_tavern(state):
    """Let every Lord take the first card offered until the next tavern; return who played."""
    t = int(state[L.TAVERN])
    players = []
    while state[L.TAVERN] == t and phase(state) == L.PICK:
        players.append(actor(state))
        do(state, legal(state)[0])
    return players


def test_bid_puts_three_talions_on_the_taverns_and_two_in_the_purse():
    """Bids (p. 8): a talion of your choice on each Tavern slot, the 2 unused ones in the purse.
    The 60 bid actions are the ordered choices of 3 of the 5 hand talions."""
    assert len({tuple(t) for t in BID_TRIPLES}) == 60
    state = fresh(3)
    do(state, bid_action(state, 0, (5, 0, 3)))
    assert talions(state, 0) == [5, 0, 3, 2, 4]
    assert state[L.BID_DONE + 0] == 1
    assert actor(state) == 1 and phase(state) == L.BID


def test_reveal_order_by_talion_then_gem():
    """Revealing the bids and Resolving ties (p. 9), the rulebook example: Serge (gem 3) bids 5,
    Celine (gem 5) and Valeriane (gem 1) bid 2: Serge plays, then Celine, then Valeriane. Here
    two more Lords bid 4 (gem 4) and 0 (gem 2)."""
    state = fresh(5)
    serge, celine, valeriane, x, y = range(5)
    set_gems(state, [3, 5, 1, 2, 4])
    shield_taverns(state, 5)
    bid_all(state, (5, 4, 3), (2, 5, 4), (2, 3, 4), (0, 2, 3), (4, 3, 2))
    assert [int(s) for s in state[L.ORDER:L.ORDER + 5]] == [serge, y, celine, valeriane, x]
    assert [int(v) for v in state[L.REVEAL:L.REVEAL + 5]] == [5, 2, 2, 0, 4]
    assert resolve_tavern(state) == [serge, y, celine, valeriane]  # x takes the last card
    assert state[L.TAVERN] == 1


def tied_tavern(bids_t1, gems_before):
    state = fresh(5)
    set_gems(state, gems_before)
    shield_taverns(state, 5)
    rest = {5: (4, 3), 4: (5, 3), 3: (5, 4), 2: (5, 4), 0: (5, 4)}
    bid_all(state, *[(b, *rest[b]) for b in bids_t1])
    return state


def test_gem_exchange_tie_of_two_lords():
    """Exchanging gems (p. 10): a tie between 2 Lords, their gems are exchanged."""
    state = tied_tavern([3, 3, 5, 4, 2], [1, 2, 3, 4, 5])
    assert resolve_tavern(state) == [2, 3, 1, 0]
    assert gems(state) == [2, 1, 3, 4, 5]


def test_gem_exchange_tie_of_three_lords():
    """Exchanging gems (p. 10): 3 tied Lords, the lowest and highest gems are exchanged, the
    median gem stays."""
    state = tied_tavern([2, 2, 2, 5, 4], [1, 2, 3, 4, 5])
    assert resolve_tavern(state) == [3, 4, 2, 1]
    assert gems(state) == [3, 2, 1, 4, 5]


def test_gem_exchange_tie_of_four_lords():
    """Exchanging gems (p. 10): 4 tied Lords, lowest and highest exchanged, the other two
    exchanged between them."""
    state = tied_tavern([4, 4, 4, 4, 5], [1, 2, 3, 4, 5])
    assert resolve_tavern(state) == [4, 3, 2, 1]
    assert gems(state) == [4, 3, 2, 1, 5]


def test_gem_exchange_tie_of_five_lords():
    """Exchanging gems (p. 10): 5 tied Lords, as with 4, the median gem is not exchanged."""
    state = tied_tavern([5, 5, 5, 5, 5], [2, 5, 3, 1, 4])
    assert resolve_tavern(state) == [1, 4, 2, 0]
    # gems 5 <-> 1 (seats 1 and 3), 4 <-> 2 (seats 4 and 0), 3 (seat 2) stays
    assert gems(state) == [4, 1, 3, 5, 2]


def test_gem_exchange_rulebook_example():
    """Exchanging gems (p. 10), the example: Serge (gem 3) and Anne (gem 1) bid 3; Valeriane
    (gem 5), Alex (gem 4) and Jean-Marie (gem 2) bid 0. Order: Serge, Anne, Valeriane, Alex,
    Jean-Marie; then Serge and Anne swap, Valeriane and Jean-Marie swap, Alex keeps his 4."""
    serge, anne, valeriane, alex, jean_marie = range(5)
    state = tied_tavern([3, 3, 0, 0, 0], [3, 1, 5, 4, 2])
    assert resolve_tavern(state) == [serge, anne, valeriane, alex]  # Jean-Marie: last card
    assert army(state, jean_marie) == [SHIELDS[4]]
    assert gems(state) == [1, 3, 2, 4, 5]


def test_derdhr_upgrade_changes_a_later_taverns_order():
    """Derdhr (p. 14) upgrades a face-down talion by +5: only the tavern being resolved is
    revealed (p. 9), so the upgraded talion of the third tavern bids its new value there."""
    state = fresh(3)
    set_gems(state, [3, 4, 5])
    set_ranks(state, 0, (1, 1, 1, 0, 1))
    forge = dwarf(3, 2, rune=1)
    set_taverns(state, [forge, SHIELDS[0], SHIELDS[1]], SHIELDS[2:5], SHIELDS[5:8])
    bid_all(state, (5, 3, 2), (2, 5, 4), (4, 2, 3))
    assert actor(state) == 0
    pick(state, forge)
    do(state, L.A_RECRUIT + COGNAR["Derdhr"])
    assert phase(state) == L.DERDHR
    # Any talion but the 0 (in the purse, position 3).
    assert legal(state) == [L.A_DERDHR + p for p in (0, 1, 2, 4)]
    do(state, L.A_DERDHR + 2)
    assert talions(state, 0) == [5, 3, 7, 0, 4] and talion_kinds(state, 0)[2] == GOLD
    while state[L.TAVERN] < 2:
        do(state, legal(state)[0])
    # Third tavern: 2 -> 7 now beats the 4 and the 3 bid there.
    assert [int(s) for s in state[L.ORDER:L.ORDER + 3]] == [0, 1, 2]
    assert [int(v) for v in state[L.REVEAL:L.REVEAL + 3]] == [7, 4, 3]


def test_gem_exchange_after_a_talion_upgrade_in_the_turn():
    """Exchanging gems, clarification (p. 10): a Lord tied when the bids were revealed exchanges
    its gem even if it upgraded that talion (Order of the Talion) during its turn."""
    state = fresh(2)
    set_gems(state, [5, 4])
    talion_card = dwarf(4, 4, malt=0)
    set_taverns(state, [talion_card, SHIELDS[0], SHIELDS[1]], SHIELDS[2:5], SHIELDS[5:8])
    bid_all(state, (4, 5, 3), (4, 3, 5))
    assert actor(state) == 0  # tie on 4, gem 5 first
    pick(state, talion_card)
    assert talions(state, 0)[0] == 5 and talion_kinds(state, 0)[0] == GOLD
    assert treasury(state, 5) == 1
    pick(state, SHIELDS[0])
    assert state[L.TAVERN] == 1
    assert gems(state) == [4, 5]


def test_two_lords_first_tavern_third_card_discarded():
    """2-Lord Game (p. 4): 3 cards per tavern; in the first and third taverns each Lord chooses
    a card in bid order, the card not taken is discarded."""
    state = fresh(2)
    a, b, c = SHIELDS[:3]
    set_taverns(state, [a, b, c], SHIELDS[3:6], SHIELDS[6:9])
    bid_all(state, (5, 3, 4), (2, 5, 3))
    assert actor(state) == 0 and legal(state) == [L.A_PICK, L.A_PICK + 1, L.A_PICK + 2]
    pick(state, b)
    assert actor(state) == 1 and legal(state) == [L.A_PICK, L.A_PICK + 2]
    pick(state, c)
    assert army(state, 0) == [b] and army(state, 1) == [c]
    assert state[L.TAVERN] == 1 and tavern(state, 0) == []  # a is discarded
    # Second tavern (seat 1 wins), then the third: seat 0 chooses first again.
    pick(state, SHIELDS[3])
    discard(state, SHIELDS[4])
    assert state[L.TAVERN] == 2 and actor(state) == 0
    assert legal(state) == [L.A_PICK, L.A_PICK + 1, L.A_PICK + 2]
    pick(state, SHIELDS[8])
    assert actor(state) == 1 and len(legal(state)) == 2
    pick(state, SHIELDS[6])
    assert SHIELDS[7] not in army(state, 0) + army(state, 1)
    assert phase(state) == L.BID and state[L.TURN] == 1  # next turn


def test_two_lords_second_tavern_winner_takes_then_discards():
    """2-Lord Game (p. 4): in the second tavern the highest bidder takes a card, then discards
    one of the two left; the other Lord has no choice and takes the last card."""
    state = fresh(2)
    x, y, z = SHIELDS[3:6]
    set_taverns(state, SHIELDS[:3], [x, y, z], SHIELDS[6:9])
    bid_all(state, (5, 3, 4), (2, 5, 3))
    pick(state, SHIELDS[0])
    pick(state, SHIELDS[1])
    assert state[L.TAVERN] == 1 and actor(state) == 1
    pick(state, y)
    assert phase(state) == L.DISCARD and actor(state) == 1
    assert legal(state) == [L.A_DISCARD, L.A_DISCARD + 2]
    discard(state, z)
    # No decision for seat 0: it received x and the third tavern opens.
    assert army(state, 0) == [SHIELDS[0], x] and army(state, 1) == [SHIELDS[1], y]
    assert state[L.TAVERN] == 2 and phase(state) == L.PICK


@pytest.mark.parametrize("n", [3, 4, 5])
def test_no_discard_with_more_lords(n):
    """Resolution of the taverns (p. 8): with 3-5 Lords each Lord takes one of the n cards, the
    last Lord takes the last card, nothing is discarded."""
    state = fresh(n)
    shield_taverns(state, n)
    bid_all(state, *[(5, 4, 3)] * n)
    players = resolve_tavern(state)
    assert len(players) == n - 1
    assert sorted(c for s in range(n) for c in army(state, s)) == sorted(SHIELDS[:n])
