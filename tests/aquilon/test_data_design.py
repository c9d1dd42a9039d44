"""The designed data (docs/rules/aquilon.md, section 8): the rulebook's printed constraints on
the Dwarf cards and the Shield track, the score terms adding up to the Bravery Value, and
observation scales that the features do not reach."""

from collections import Counter

import numpy as np
import pytest

from agents.bots.heuristics.aquilon import choose
from aquilon_env import data as D
from aquilon_env import engine as E
from aquilon_env.engine import layout as L
from aquilon_env.engine.army import distinct_runes
from aquilon_env.engine.scoring import NUM_TERMS, bravery_term, bravery_value

from .scenario import legal


def test_printed_counts_values_and_deck_sizes():
    """p. 2: 20 Shield, 19 Temple, 20 Wanderers, 16 Forge, 16 Talion cards; values 2 to 13;
    the deck sizes that the turn counts need (36/37, 45/46 with 5 Lords)."""
    counts = Counter(d.order for d in D.DWARVES)
    assert [counts[o] for o in D.Order] == [20, 19, 20, 16, 16]
    values = {d.points for d in D.DWARVES if d.order != D.Order.SHIELD}
    assert min(values) == 2 and max(values) == 13
    assert all(d.points == 0 for d in D.DWARVES if d.order == D.Order.SHIELD)
    assert [D.deck_sizes(n) for n in (2, 3, 4, 5)] == [(36, 37)] * 3 + [(45, 46)]


def test_almost_every_dwarf_card_has_one_rank():
    """Issue 14: at least 85 of the 91 cards have a single rank; the Evaluation section shows
    cards of 1, 2 and 3 ranks, so both multi-rank kinds still exist."""
    ranks = Counter(d.ranks for d in D.DWARVES)
    assert ranks[1] >= 85 and ranks[2] >= 1 and ranks[3] >= 1 and set(ranks) == {1, 2, 3}


def test_shield_track_keeps_the_printed_point_and_grows_linearly_after_it():
    track = [D.shield_track(n) for n in range(12)]
    assert track[:6] == [0, 4, 10, 18, 28, 40]  # 5 ranks = 40 (p. 13)
    steps = np.diff(track)
    assert list(steps[:5]) == [4, 6, 8, 10, 12]
    assert set(steps[5:]) == {D.SHIELD_STEP_AFTER_BEND}
    assert list(D.SHIELD_TRACK[:12]) == track


def _heuristic_games(num_players, games):
    """Final states of heuristic self-play games (decisions on the true state: the scales
    must hold whatever a seat knows)."""
    config = np.array([num_players], np.int32)
    rng = np.zeros(4, np.int32)
    mask = np.zeros(E.NUM_ACTIONS, np.uint8)
    for g in range(games):
        state = np.zeros(E.STATE_SIZE, np.int32)
        E.init(state, config, 900 + g)
        while E.current_player(state) >= 0:
            E.legal_mask(state, mask)
            E.play(state, choose(state, E.current_player(state), mask, rng))
        yield state


@pytest.mark.parametrize("num_players", [2, 5])
def test_terms_sum_to_the_bravery_value_and_scales_are_not_reached(num_players):
    """The score-sheet terms add up to the Bravery Value; in heuristic games (the highest
    scores) no scaled observation feature reaches its data-derived scale (issue 14: Bravery/400
    was clipped in 95% of 2-Lord games and Shield ranks passed /12)."""
    for state in _heuristic_games(num_players, 6):
        assert legal(state) == []
        for seat in range(num_players):
            terms = [int(bravery_term(state, seat, t)) for t in range(NUM_TERMS)]
            assert sum(terms) == bravery_value(state, seat)
            assert bravery_value(state, seat) < D.OBS_BRAVERY_SCALE
            col = seat * D.NUM_ORDERS
            for c in range(D.NUM_ORDERS):
                assert state[L.COL_RANKS + col + c] < D.OBS_RANK_SCALE[c]
                assert state[L.COL_POINTS + col + c] <= D.OBS_POINTS_SCALE[c]
                assert state[L.COL_FLAT + col + c] <= D.OBS_FLAT_SCALE
            assert state[L.MALT + seat] < D.OBS_MALT_SCALE
            assert state[L.OCCULT + seat] <= D.OBS_OCCULT_SCALE
            assert distinct_runes(state, seat) <= D.OBS_RUNES_SCALE
            assert state[L.LINES + seat] < D.OBS_LINES_SCALE
            assert state[L.ARMY_COUNT + seat] <= D.MAX_DWARVES_PER_LORD
