"""Every text a seat reads is a function of its information (tests/text_twins.py), for every
registered game in several configurations, over states in every phase of random games."""

import pytest

from ..text_twins import CASES, check_text_twins

# Kinds of decision that random games of each configuration meet in the sampled games.
PHASES_MET = {"aquilon": 6, "dragon": 8, "goofspiel": 1, "simurgh": 10}


@pytest.mark.parametrize("case", CASES, ids=str)
def test_texts_survive_determinization(case):
    counts = check_text_twins(case, games=6, seed=case.num_players)
    # at most 4 states of each kind of decision a game (sample_states): 24 for Goofspiel's one
    assert counts["states"] >= min(30, 4 * 6 * PHASES_MET[case.spec().name])
    assert counts["phases"] >= PHASES_MET[case.spec().name], counts
    assert counts["public_compared"] >= counts["states"]
    assert counts["changed"] > 0, "no twin differed from its state: nothing was tested"
    assert counts["seen_by_others"] > 0, "no hidden part was shown to the seat entitled to it"
