"""Rule scenarios: talions, the Royal Treasury, upgrades and exchanges (rulebook pp. 7, 11, 12,
14)."""

from aquilon_env.engine import layout as L
from aquilon_env.engine.talions import ordo_exchange, take_from_treasury

from .scenario import (
    BRONZE,
    COGNAR,
    GOLD,
    X3,
    A,
    S,
    actor,
    bid_all,
    do,
    dwarf,
    dwarves,
    fresh,
    legal,
    phase,
    pick,
    set_gems,
    set_ranks,
    set_talions,
    set_taverns,
    talion_kinds,
    talions,
    treasury,
)

SHIELDS = dwarves(S)
TALION_CARD = dwarf(A, 4, malt=0)
FORGE_CARD = dwarf(3, 2, rune=1)


def test_talion_card_upgrades_the_bid_talion():
    """Order of the Talion (p. 7), example: Celine recruits a Talion card with her 5, which
    becomes a 6. The bronze 5 leaves the game; a gold 6 leaves the Treasury."""
    state = fresh(2)
    set_taverns(state, [TALION_CARD, SHIELDS[0], SHIELDS[1]], SHIELDS[3:6], SHIELDS[6:9])
    bid_all(state, (5, 3, 4), (2, 5, 3))
    pick(state, TALION_CARD)
    assert talions(state, 0) == [6, 3, 4, 0, 2]
    assert talion_kinds(state, 0) == [GOLD, BRONZE, BRONZE, BRONZE, BRONZE]
    assert (treasury(state, 5), treasury(state, 6)) == (2, 1)
    assert state[L.COL_POINTS + 0 * 5 + A] == 4


def test_talion_card_with_the_zero_upgrades_a_purse_talion_then_exchanges():
    """Talion upgrade (p. 7), example: Valeriane recruits a Talion card with her 0; she turns
    her purse 3 into a 4, there is no 4 so she takes a 5; then the exchange (p. 11): 2 + 5 = 7
    replaces the 5, which goes back to the Treasury. The 0 itself is never upgraded."""
    state = fresh(2)
    set_taverns(state, [SHIELDS[0], TALION_CARD, SHIELDS[1]], SHIELDS[3:6], SHIELDS[6:9])
    bid_all(state, (0, 4, 5), (5, 2, 3))
    pick(state, SHIELDS[0])  # seat 1 (bid 5) first
    assert actor(state) == 0
    pick(state, TALION_CARD)
    assert phase(state) == L.PURSE_UPGRADE
    assert legal(state) == [L.A_PURSE, L.A_PURSE + 1]
    assert talions(state, 0) == [0, 4, 5, 2, 3]
    do(state, L.A_PURSE + 1)  # the 3
    assert talions(state, 0) == [0, 4, 5, 2, 7]
    assert talion_kinds(state, 0) == [BRONZE, BRONZE, BRONZE, BRONZE, GOLD]
    assert (treasury(state, 5), treasury(state, 7)) == (2, 2)


def test_exchange_after_playing_the_zero():
    """Exchanging talions (p. 11): after taking a card with the 0, the purse's 4 + 5 = 9 is taken
    from the Treasury and replaces the highest purse talion (the bronze 5 leaves the game)."""
    state = fresh(2)
    set_taverns(state, SHIELDS[0:3], SHIELDS[3:6], SHIELDS[6:9])
    bid_all(state, (0, 2, 3), (5, 2, 3))
    pick(state, SHIELDS[0])
    assert talions(state, 0) == [0, 2, 3, 4, 5]  # the card is taken before the exchange
    pick(state, SHIELDS[1])
    assert talions(state, 0) == [0, 2, 3, 4, 9]
    assert talion_kinds(state, 0)[4] == GOLD
    assert (treasury(state, 5), treasury(state, 9)) == (2, 2)
    assert state[L.TAL_KNOWN + 3] == 1 and state[L.TAL_KNOWN + 4] == 1  # the purse was shown


def test_exchange_comes_after_recruiting_a_cognar():
    """Active Lord's turn (p. 9): take the card, recruit the Cognar, then exchange. Derdhr turns
    the purse 4 into a 9 first; then 9 + 5 = 14 replaces the 9 (back in the Treasury)."""
    state = fresh(2)
    set_ranks(state, 0, (1, 1, 1, 0, 1))
    set_taverns(state, [FORGE_CARD, SHIELDS[0], SHIELDS[1]], SHIELDS[3:6], SHIELDS[6:9])
    bid_all(state, (0, 2, 3), (5, 2, 3))
    pick(state, SHIELDS[0])
    pick(state, FORGE_CARD)
    do(state, L.A_RECRUIT + COGNAR["Derdhr"])
    assert talions(state, 0) == [0, 2, 3, 4, 5]
    do(state, L.A_DERDHR + 3)
    assert talions(state, 0) == [0, 2, 3, 14, 5]  # the 9 was the highest: 14 in its place
    assert talion_kinds(state, 0)[3:] == [GOLD, BRONZE]
    assert (treasury(state, 9), treasury(state, 14)) == (3, 1)


def test_gold_talion_discarded_returns_to_the_treasury():
    """Discarding talions (p. 11): a gold talion goes back to its slot in the Treasury. Purse
    7 + 9 = 16: the gold 9 returns, the 16 is taken."""
    state = fresh(2)
    set_talions(state, 0, [0, 2, 3, 7, 9])
    assert (treasury(state, 7), treasury(state, 9)) == (2, 2)
    set_taverns(state, SHIELDS[0:3], SHIELDS[3:6], SHIELDS[6:9])
    bid_all(state, (0, 2, 3), (5, 2, 3))
    pick(state, SHIELDS[0])
    pick(state, SHIELDS[1])
    assert sorted(talions(state, 0)[3:]) == [7, 16]
    assert (treasury(state, 7), treasury(state, 9), treasury(state, 16)) == (2, 3, 0)


def test_upgrade_takes_the_next_higher_available_talion():
    """Special case (p. 11), the example: +1 on a 3, the Treasury has no 4 and its 5s and 6s are
    all taken: the 3 becomes a 7."""
    state = fresh(2)
    set_talions(state, 1, [0, (5, GOLD), (5, GOLD), (6, GOLD), (6, GOLD)])
    assert treasury(state, 5) == 0 and treasury(state, 6) == 0
    set_taverns(state, [TALION_CARD, SHIELDS[0], SHIELDS[1]], SHIELDS[3:6], SHIELDS[6:9])
    bid_all(state, (3, 4, 5), (0, (5, GOLD), (6, GOLD)))
    pick(state, TALION_CARD)
    assert talions(state, 0)[0] == 7 and talion_kinds(state, 0)[0] == GOLD
    assert treasury(state, 7) == 2


def test_upgrade_with_nothing_higher_takes_the_next_lower_but_not_the_discarded_value():
    """Special case (p. 11): with no talion higher than the desired value left, take the first
    available of directly lower value, never one of the value just discarded. +1 on a gold 24
    with the 25 taken: 25 is missing, nothing higher, 24 was just discarded: a 23."""
    state = fresh(2)
    set_talions(state, 0, [0, 2, 3, 4, 24])
    set_talions(state, 1, [0, 2, 3, 4, 25])
    set_taverns(state, [TALION_CARD, SHIELDS[0], SHIELDS[1]], SHIELDS[3:6], SHIELDS[6:9])
    bid_all(state, (24, 2, 3), (25, 2, 3))
    pick(state, SHIELDS[0])
    pick(state, TALION_CARD)
    assert talions(state, 0)[0] == 23
    assert (treasury(state, 23), treasury(state, 24), treasury(state, 25)) == (0, 1, 0)


def test_exchange_beyond_25_takes_the_highest_left():
    """Special case (p. 11): purse 20 + 22 = 42, nothing that high: the first available talion
    of directly lower value, the 25."""
    state = fresh(2)
    set_talions(state, 0, [0, 2, 3, 20, 22])
    set_taverns(state, SHIELDS[0:3], SHIELDS[3:6], SHIELDS[6:9])
    bid_all(state, (0, 2, 3), (5, 2, 3))
    pick(state, SHIELDS[0])
    pick(state, SHIELDS[1])
    assert talions(state, 0)[3:] == [20, 25]
    assert (treasury(state, 22), treasury(state, 25)) == (1, 0)


def test_take_from_treasury_special_cases():
    """Special case (p. 11) on the Treasury alone: desired value, else next higher, else next
    lower, never the excluded (just discarded) value."""
    state = fresh(2)
    assert take_from_treasury(state, 4, 3) == 5
    assert take_from_treasury(state, 5, 4) == 5
    assert take_from_treasury(state, 5, 4) == 6  # both 5s gone
    state[L.TREASURY + 25] = 0
    assert take_from_treasury(state, 30, 24) == 23  # 24 excluded
    assert take_from_treasury(state, 30, 22) == 24


def test_derdhr_upgrades_a_gold_talion_by_five():
    """Derdhr (p. 14): +5 on a chosen talion; the gold 9 returns to the Treasury, a 14 comes."""
    state = fresh(2)
    set_talions(state, 0, [0, 2, 3, 5, 9])
    set_ranks(state, 0, (1, 1, 1, 0, 1))
    set_taverns(state, [FORGE_CARD, SHIELDS[0], SHIELDS[1]], SHIELDS[3:6], SHIELDS[6:9])
    bid_all(state, (9, 2, 3), (5, 2, 3))
    pick(state, FORGE_CARD)
    do(state, L.A_RECRUIT + COGNAR["Derdhr"])
    do(state, L.A_DERDHR + 0)
    assert talions(state, 0)[0] == 14
    assert (treasury(state, 9), treasury(state, 14)) == (3, 1)
    assert state[L.COL_POINTS + A] == 13 and state[L.COL_RANKS + A] == 2


def test_ordo_exchange_two_lowest_excluding_the_zero():
    """Ordo (p. 12): exchange the 2 lowest talions, the 0 excluded, for their sum; unlike a
    normal exchange the lowest is discarded. 0 2 3 4 5: 2 + 3 = 5 replaces the 2."""
    state = fresh(2)
    ordo_exchange(state, 0)
    assert talions(state, 0) == [0, 5, 3, 4, 5]
    assert talion_kinds(state, 0) == [BRONZE, GOLD, BRONZE, BRONZE, BRONZE]
    assert treasury(state, 5) == 1
    set_talions(state, 1, [0, 6, 7, 11, 12], sort=False)
    ordo_exchange(state, 1)
    assert talions(state, 1) == [0, 13, 7, 11, 12]
    assert (treasury(state, 6), treasury(state, 13)) == (2, 1)


def test_ordo_exchange_leaves_out_the_exchange_talion():
    """Ordo (p. 12): "your 2 talions of lowest value (excluding the 0)": Kardum's 3 - Exchange
    stands for the 0 (Q4, Q17) and is left out. 3X 4 5 6 7: 4 + 5 = 9 replaces the 4."""
    state = fresh(2)
    set_talions(state, 0, [(3, X3), 4, 5, 6, 7], sort=False)
    ordo_exchange(state, 0)
    assert talions(state, 0) == [3, 9, 5, 6, 7]
    assert talion_kinds(state, 0)[0] == X3


def test_kardum_replaces_the_zero_with_the_exchange_talion():
    """Kardum (p. 14): when placed, take the talion 3 - Exchange and put it in place of the 0,
    which is discarded (bronze: it leaves the game)."""
    state = fresh(2)
    set_ranks(state, 0, (1, 1, 1, 0, 1))
    set_taverns(state, [FORGE_CARD, SHIELDS[0], SHIELDS[1]], SHIELDS[3:6], SHIELDS[6:9])
    bid_all(state, (5, 2, 3), (4, 2, 3))
    pick(state, FORGE_CARD)
    do(state, L.A_RECRUIT + COGNAR["Kardum"])
    assert talions(state, 0) == [5, 2, 3, 3, 4]
    assert talion_kinds(state, 0) == [BRONZE, BRONZE, BRONZE, X3, BRONZE]
    assert state[L.EXCHANGE3_FREE] == 0
    assert state[L.COL_RANKS + A] == 1 + 2 and state[L.COL_POINTS + A] == 5


def test_kardum_on_the_zero_being_played_still_exchanges():
    """Kardum (p. 14) recruited with the 0 on the tavern being resolved: the 3 - Exchange takes
    its place and the talion exchange (p. 11) still happens: 4 + 5 = 9."""
    state = fresh(2)
    set_ranks(state, 0, (1, 1, 1, 0, 1))
    set_taverns(state, [SHIELDS[0], FORGE_CARD, SHIELDS[1]], SHIELDS[3:6], SHIELDS[6:9])
    bid_all(state, (0, 2, 3), (5, 2, 3))
    pick(state, SHIELDS[0])
    pick(state, FORGE_CARD)
    do(state, L.A_RECRUIT + COGNAR["Kardum"])
    assert talions(state, 0) == [3, 2, 3, 4, 9]
    assert talion_kinds(state, 0) == [X3, BRONZE, BRONZE, BRONZE, GOLD]


def test_exchange_talion_bids_as_three_and_exchanges():
    """Kardum (p. 14): the talion 3 - Exchange bids as a 3 (a tie with a bronze 3 goes by gems)
    and, played, triggers the exchange like the 0: 4 + 5 = 9."""
    state = fresh(2)
    set_talions(state, 0, [(3, X3), 2, 3, 4, 5])
    set_gems(state, [5, 4])
    set_taverns(state, SHIELDS[0:3], SHIELDS[3:6], SHIELDS[6:9])
    bid_all(state, ((3, X3), 2, 3), (3, 2, 4))
    assert [int(v) for v in state[L.REVEAL:L.REVEAL + 2]] == [3, 3]
    assert actor(state) == 0
    pick(state, SHIELDS[0])
    assert sorted(talions(state, 0)[3:]) == [4, 9]
    assert talions(state, 0)[0] == 3 and talion_kinds(state, 0)[0] == X3
    pick(state, SHIELDS[1])
    assert state[L.TAVERN] == 1 and [int(g) for g in state[L.GEMS:L.GEMS + 2]] == [4, 5]


def test_talion_card_with_the_exchange_talion_upgrades_the_purse():
    """Talion upgrade (p. 7, 11): the 0 is never upgraded, a purse talion is; Kardum's
    3 - Exchange, which takes the 0's place (Q4, Q17), is treated the same way."""
    state = fresh(2)
    set_talions(state, 0, [(3, X3), 2, 3, 4, 5])
    set_taverns(state, [TALION_CARD, SHIELDS[0], SHIELDS[1]], SHIELDS[3:6], SHIELDS[6:9])
    bid_all(state, ((3, X3), 2, 3), (2, 3, 4))
    pick(state, TALION_CARD)
    assert phase(state) == L.PURSE_UPGRADE
    do(state, L.A_PURSE + 0)  # the 4 becomes a 5 (gold), then 5 + 5 = 10
    assert talions(state, 0)[0] == 3 and talion_kinds(state, 0)[0] == X3
    assert sorted(talions(state, 0)[3:]) == [5, 10]


def test_derdhr_never_chooses_the_exchange_talion():
    """Derdhr (p. 14): "a face-up or face-down talion ... (except the 0)": Kardum's
    3 - Exchange stands for the 0 (Q4, Q17), so it is not offered, and the tavern it was bid on
    still triggers the exchange."""
    state = fresh(2)
    set_talions(state, 0, [(3, X3), 2, 3, 4, 5])
    set_ranks(state, 0, (1, 1, 1, 0, 1))
    set_taverns(state, [FORGE_CARD, SHIELDS[0], SHIELDS[1]], SHIELDS[3:6], SHIELDS[6:9])
    bid_all(state, (5, (3, X3), 2), (4, 2, 3))
    pick(state, FORGE_CARD)
    do(state, L.A_RECRUIT + COGNAR["Derdhr"])
    assert legal(state) == [L.A_DERDHR + p for p in (0, 2, 3, 4)]
    do(state, L.A_DERDHR + 2)
    assert talion_kinds(state, 0)[1] == X3 and state[L.EXCHANGE3_FREE] == 0
    pick(state, SHIELDS[0])  # seat 1 ends the first tavern
    assert state[L.TAVERN] == 1 and int(state[L.REVEAL + 0]) == 3
    purse = sorted(talions(state, 0)[3:])
    pick(state, SHIELDS[3])
    assert sorted(talions(state, 0)[3:]) == [min(purse), sum(purse)]  # the exchange (p. 11)


def test_derdhr_never_chooses_the_zero():
    """Derdhr (p. 14): "(except the 0)"."""
    state = fresh(2)
    set_ranks(state, 0, (1, 1, 1, 0, 1))
    set_taverns(state, [FORGE_CARD, SHIELDS[0], SHIELDS[1]], SHIELDS[3:6], SHIELDS[6:9])
    bid_all(state, (5, 0, 2), (4, 2, 3))
    pick(state, FORGE_CARD)
    do(state, L.A_RECRUIT + COGNAR["Derdhr"])
    assert legal(state) == [L.A_DERDHR + p for p in (0, 2, 3, 4)]


def test_each_lord_exchanges_at_the_end_of_its_own_turn():
    """Active Lord's turn (p. 9): the exchange ends the Lord's own turn, before the next Lord
    plays. Both Lords bid their 0 (gem 5 first): its purse 4 + 5 = 9 is exchanged before the
    other Lord chooses."""
    state = fresh(2)
    set_gems(state, [5, 4])
    set_taverns(state, SHIELDS[0:3], SHIELDS[3:6], SHIELDS[6:9])
    bid_all(state, (0, 2, 3), (0, 3, 4))
    pick(state, SHIELDS[0])
    assert actor(state) == 1 and phase(state) == L.PICK
    assert talions(state, 0) == [0, 2, 3, 4, 9]
    assert talions(state, 1) == [0, 3, 4, 2, 5]
    pick(state, SHIELDS[1])
    assert talions(state, 1) == [0, 3, 4, 2, 7]


def test_exchange_of_two_equal_purse_talions_discards_the_bronze():
    """Exchanging talions (p. 11): 'discard the talion of highest value'; with a bronze and a gold
    5 the engine discards the bronze one (it leaves the game; the rulebook does not say which)."""
    state = fresh(2)
    set_talions(state, 0, [0, 2, 3, 5, (5, GOLD)])
    assert treasury(state, 5) == 1
    set_taverns(state, SHIELDS[0:3], SHIELDS[3:6], SHIELDS[6:9])
    bid_all(state, (0, 2, 3), (5, 2, 3))
    pick(state, SHIELDS[0])
    pick(state, SHIELDS[1])
    assert talions(state, 0)[3:] == [10, 5]
    assert talion_kinds(state, 0)[3:] == [GOLD, GOLD]
    assert (treasury(state, 5), treasury(state, 10)) == (1, 1)


def test_kardum_exchange_talion_bids_on_a_later_tavern():
    """Kardum (p. 14) recruited while the 0 waits face down on a later tavern: the 3 - Exchange
    takes its slot, so that tavern reveals a 3 (the engine's reading), and the exchange follows
    (purse 3 + 4 = 7)."""
    state = fresh(2)
    set_gems(state, [5, 4])
    set_ranks(state, 0, (1, 1, 1, 0, 1))
    set_taverns(state, [FORGE_CARD, SHIELDS[0], SHIELDS[1]], SHIELDS[3:6], SHIELDS[6:9])
    bid_all(state, (5, 2, 0), (4, 3, 2))
    pick(state, FORGE_CARD)
    do(state, L.A_RECRUIT + COGNAR["Kardum"])
    assert talions(state, 0) == [5, 2, 3, 3, 4]
    while state[L.TAVERN] < 2:
        do(state, legal(state)[0])
    assert [int(v) for v in state[L.REVEAL:L.REVEAL + 2]] == [3, 2]
    assert actor(state) == 0
    pick(state, SHIELDS[6])
    assert talions(state, 0) == [5, 2, 3, 3, 7]
    assert talion_kinds(state, 0)[2:] == [X3, BRONZE, GOLD]
