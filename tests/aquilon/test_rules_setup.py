"""Rule scenarios: the Setup (rulebook p. 4, Components p. 2, Turn of Play p. 8)."""

import pytest

from aquilon_env import data as D
from aquilon_env.engine import layout as L

from .scenario import (
    BRONZE,
    actor,
    fresh,
    gems,
    legal,
    phase,
    play_first_legal,
    score,
    talion_kinds,
    talions,
    tavern,
    treasury,
)

SEEDS = range(8)


@pytest.mark.parametrize(
    "n, expected", [(2, [4, 5]), (3, [3, 4, 5]), (4, [2, 3, 4, 5]), (5, [1, 2, 3, 4, 5])]
)
def test_gems_by_number_of_lords(n, expected):
    """Setup 2: 2 Lords take gems 4-5, 3 Lords 3-5, 4 Lords 2-5, 5 Lords 1-5, one at random each."""
    dealt = set()
    for seed in SEEDS:
        state = fresh(n, seed)
        assert sorted(gems(state)) == expected
        dealt.add(tuple(gems(state)))
    assert len(dealt) > 1, "the gems are dealt at random"


@pytest.mark.parametrize("n", [2, 3, 4, 5])
def test_each_lord_has_the_five_bronze_talions(n):
    """Setup 1 and Components A: each Lord gets the bronze talions 0, 2, 3, 4 and 5."""
    state = fresh(n)
    for seat in range(n):
        assert talions(state, seat) == [0, 2, 3, 4, 5]
        assert talion_kinds(state, seat) == [BRONZE] * 5


def test_royal_treasury_holds_the_34_gold_talions():
    """Components B: 5x2 6x2 7x3 8x2 9x3 10x2 11x3 12x2 13x2 14x2 and one of each of 15-25."""
    state = fresh(4)
    expected = {5: 2, 6: 2, 7: 3, 8: 2, 9: 3, 10: 2, 11: 3, 12: 2, 13: 2, 14: 2}
    expected.update({v: 1 for v in range(15, 26)})
    assert {v: treasury(state, v) for v in range(26) if treasury(state, v)} == expected
    assert sum(treasury(state, v) for v in range(26)) == 34


def test_exchange_talion_and_pariah_tokens_beside_the_treasury():
    """Setup 10: the talion 3 - Exchange and the 12 Pariah tokens are next to the Treasury."""
    state = fresh(3)
    assert state[L.EXCHANGE3_FREE] == 1
    assert state[L.PARIAH_FREE] == 12


@pytest.mark.parametrize("n, era1, era2", [(2, 36, 37), (3, 36, 37), (4, 36, 37), (5, 45, 46)])
def test_deck_sizes_and_five_lord_cards(n, era1, era2):
    """Setup 7-9 and 5-Lord Game (p. 4): the cards with the 5-Lord symbol only with 5 Lords;
    each deck holds its Era's cards."""
    state = fresh(n)
    assert (state[L.DECK1_LEN], state[L.DECK2_LEN]) == (era1, era2)
    for deck, length, era in ((L.DECK1, L.DECK1_LEN, 1), (L.DECK2, L.DECK2_LEN, 2)):
        cards = [int(c) for c in state[deck:deck + state[length]]]
        expected = {
            c for c, d in enumerate(D.DWARVES) if d.era == era and (n == 5 or not d.five_lords)
        }
        assert sorted(cards) == sorted(expected)
    assert D.deck_sizes(n) == (era1, era2)


@pytest.mark.parametrize("n, turns", [(2, 4), (3, 4), (4, 3), (5, 3)])
def test_turns_per_era(n, turns):
    """Turn of Play (p. 8): 4 game turns per Era with 2-3 Lords, 3 with 4-5 Lords."""
    assert fresh(n)[L.TURNS] == turns


@pytest.mark.parametrize("n, per", [(2, 3), (3, 3), (4, 4), (5, 5)])
def test_cards_per_tavern(n, per):
    """Entrance of the dwarves (p. 8): X = number of Lords cards per tavern; 3 with 2 Lords
    (2-Lord Game, p. 4), dealt face up from the top of the Era 1 deck."""
    state = fresh(n)
    deck = [int(c) for c in state[L.DECK1:L.DECK1 + 3 * per]]
    for t in range(3):
        assert tavern(state, t) == deck[t * per:(t + 1) * per]
    assert state[L.DECK1_POS] == 3 * per


def test_elite_holder_is_a_random_permutation():
    """Setup 5: the 5 Elite Cognars are placed at random on their holder, nobody owns them,
    nor the Liquor Certification."""
    orders = set()
    for seed in SEEDS:
        state = fresh(3, seed)
        holder = [int(e) for e in state[L.ELITE_HOLDER:L.ELITE_HOLDER + D.NUM_ELITES]]
        assert sorted(holder) == list(range(D.NUM_ELITES))
        assert all(state[L.ELITE_OWNER:L.ELITE_OWNER + D.NUM_ELITES] == -1)
        assert state[L.LIQUOR_OWNER] == -1
        orders.add(tuple(holder))
    assert len(orders) > 1


def test_every_lord_starts_with_one_occult_symbol_and_an_empty_fortress():
    """Anatomy of the board (p. 6): 'You own 1 Occult symbol from the start'. Nothing else is
    owned: the Bravery Value is the talions' 0 + 2 + 3 + 4 + 5 = 14; all Cognars available."""
    state = fresh(4)
    for seat in range(4):
        assert state[L.OCCULT + seat] == 1
        assert state[L.MALT + seat] == 0
        assert score(state, seat) == 14
    assert all(state[L.COGNAR_OWNER:L.COGNAR_OWNER + D.NUM_COGNARS] == -1)


def test_the_game_opens_with_the_bids():
    """Overview of a game turn (p. 6): the turn starts with the bids; any 3 of the 5 talions
    may go on the taverns (60 ordered choices)."""
    state = fresh(3)
    assert (phase(state), actor(state), state[L.ERA], state[L.TURN]) == (L.BID, 0, 1, 0)
    assert legal(state) == list(range(L.A_BID, L.A_BID + 60))


@pytest.mark.parametrize("n", [2, 3, 4, 5])
def test_eras_end_when_their_decks_are_used_up(n):
    """End of Era 1 (p. 12) and End of Era 2 (p. 13): the Evaluation comes at the end of the
    turn in which the Era 1 deck is exhausted; the game ends when 0 or 1 Era 2 card remains."""
    state = fresh(n, seed=3)
    play_first_legal(state, until=lambda s: s[L.ERA] == 2)
    assert state[L.DECK1_POS] == state[L.DECK1_LEN]
    assert state[L.TURN] == 0 and phase(state) == L.BID
    play_first_legal(state)
    assert phase(state) == L.OVER and actor(state) == -1
    assert state[L.DECK2_LEN] - state[L.DECK2_POS] in (0, 1)
