"""OpenSpiel's own integration suite (open_spiel/integration_tests/api_test.py, shipped in the
open_spiel wheel) on every game at its smallest and largest table, and Dragon at 4 (issue 51).

api_test builds, per registered game, a test case of its `EnforceAPIOnPartialTreeBase` (checks
on states sampled by its `sample_some_states`) and, for a few small games, one of its
`EnforceAPIOnFullTreeBase` (checks on every state of the game tree). Here both run on our games
at the tables below, each check a test of its own. Our game trees are far too large to list,
so the full-tree checks that look at states one by one run on a sample instead: api_test's
own (seeded, so a failure repeats) plus the states met along random games, which reach the end
of the game where the sampler's mostly do not. The full-tree checks that need the whole tree
are skipped, by name, with the reason.
"""

from __future__ import annotations

import random
from unittest import mock

import numpy as np
import pytest

from tabletop_core.openspiel import DEAL_OUTCOMES

from .common import dealt, pyspiel

api_test = pytest.importorskip("open_spiel.integration_tests.api_test")
sample_some_states = pytest.importorskip("open_spiel.python.algorithms.sample_some_states")

pytestmark = pytest.mark.frameworks

# Every game at its smallest and largest table (the other parameters at their defaults), and
# Dragon at 4 seats, whose returns summed to 1e-16 (places worth thirds).
TABLES = [("python_aquilon", 2), ("python_aquilon", 5), ("python_dragon", 3),
          ("python_dragon", 4), ("python_dragon", 5), ("python_simurgh", 2),
          ("python_simurgh", 5)]

# The full-tree checks that need the whole game tree, not single states.
NEEDS_THE_WHOLE_TREE = {
    "test_number_of_nodes": "counts every state of the game tree against api_test's table of "
                            "node counts, which only lists its small games",
    "test_game_is_perfect_recall": "walks the whole game tree from the initial state "
                                   "(perfect recall on sampled histories: test_information.py)",
}
PARTIAL_CHECKS = sorted(m for m in dir(api_test.EnforceAPIOnPartialTreeBase)
                        if m.startswith("test"))
FULL_TREE_CHECKS = sorted(m for m in dir(api_test.EnforceAPIOnFullTreeBase)
                          if m.startswith("test"))
# As many states as api_test samples, and some games played to their end.
SAMPLED_STATES = 400
RANDOM_GAMES = 4


def table_id(table) -> str:
    name, players = table
    return f"{name}-{players}p"


def states_of_random_games(game, seed: int) -> list:
    """Every few decisions of a few random games, the chance nodes met and the terminal
    states."""
    rng = np.random.default_rng(seed)
    states = []
    for g in range(RANDOM_GAMES):
        state = dealt(game, seed * 100 + g)
        moves = 0
        while not state.is_terminal():
            if moves % 5 == 0:
                # Written before the copy, the seats' information states come with it (each
                # copy would write its whole history again: minutes for Simurgh at 5 seats).
                state.information_state_string(0)
                states.append(state.clone())
            action = int(rng.choice(state.legal_actions()))
            state.apply_action(action)
            if state.is_chance_node():  # an action waiting for its chance outcomes
                states.append(state.clone())
                while state.is_chance_node():
                    state.apply_action(int(rng.integers(DEAL_OUTCOMES)))
            moves += 1
        states.append(state)
    return states


class _PartialTree(api_test.EnforceAPIOnPartialTreeBase):
    __test__ = False  # run by the tests below, per table

    @classmethod
    def setUpClass(cls):
        # api_test's sampler draws from the `random` module: a generator of our own, seeded.
        with mock.patch.object(sample_some_states, "random", random.Random(cls.seed)):
            super().setUpClass()
        cls.some_states += cls.more_states


class _FullTreeOnSample(api_test.EnforceAPIOnFullTreeBase):
    __test__ = False

    @classmethod
    def setUpClass(cls):
        # EnforceAPIOnFullTreeBase's own setUpClass lists every state of the game.
        super(api_test.EnforceAPIOnFullTreeBase, cls).setUpClass()
        with mock.patch.object(sample_some_states, "random", random.Random(cls.seed)):
            sampled = sample_some_states.sample_some_states(cls.game, SAMPLED_STATES)
        cls.all_states = set(sampled + cls.more_states)


@pytest.fixture(scope="module", params=TABLES, ids=table_id)
def cases(request):
    """api_test's two test-case classes for one table, set up once."""
    name, players = request.param
    game = pyspiel.load_game(name, {"players": players})
    seed = 51 + players
    more = states_of_random_games(game, seed)
    attrs = {"game_name": name, "game": game, "seed": seed, "more_states": more}
    made = {base: type(base.__name__, (base,), dict(attrs))
            for base in (_PartialTree, _FullTreeOnSample)}
    for case in made.values():
        case.setUpClass()
    yield made
    for case in made.values():
        case.tearDownClass()


def run(case_class, check: str) -> None:
    """api_test's `check`, a method of `case_class`, as unittest would run it."""
    case = case_class(check)
    case.setUp()
    try:
        getattr(case, check)()
    finally:
        case.tearDown()
        case.doCleanups()


def test_the_tables_and_checks_are_api_tests():
    assert {name for name, _ in TABLES} == {"python_aquilon", "python_dragon", "python_simurgh"}
    assert set(NEEDS_THE_WHOLE_TREE) <= set(FULL_TREE_CHECKS)
    assert len(PARTIAL_CHECKS) >= 5 and len(FULL_TREE_CHECKS) >= 8


@pytest.mark.parametrize("check", PARTIAL_CHECKS)
def test_partial_tree(cases, check):
    run(cases[_PartialTree], check)


@pytest.mark.parametrize("check", [
    pytest.param(c, marks=pytest.mark.skip(reason=f"needs the whole game tree: it "
                                                   f"{NEEDS_THE_WHOLE_TREE[c]}"))
    if c in NEEDS_THE_WHOLE_TREE else c
    for c in FULL_TREE_CHECKS])
def test_full_tree_checks_on_sampled_states(cases, check):
    run(cases[_FullTreeOnSample], check)


def test_the_samples_reach_decisions_chance_nodes_and_ends(cases):
    states = cases[_FullTreeOnSample].all_states
    assert sum(s.is_terminal() for s in states) >= RANDOM_GAMES
    assert sum(s.is_chance_node() for s in states) >= 50
    assert sum(not s.is_chance_node() and not s.is_terminal() for s in states) >= 50
