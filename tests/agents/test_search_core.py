"""The search core (`agents.search`): a batch of searches gives each row the tree it gets
alone, for every selection rule and game; sequential halving plans mctx's visits; Gumbel
search plays a considered legal action; batched self-play gives each game its solo samples."""

import numpy as np
import pytest

from agents.az.selfplay import SelfPlaySettings, play_selfplay_game, play_selfplay_games
from agents.bots import make_bot
from agents.bots.az import load_network, run_az, run_az_batch
from agents.bots.base import seat_view
from agents.bots.policies import heuristic_policy
from agents.search import run_searches
from agents.search.profile import PART_NAMES, PARTS, TOTAL, shares
from agents.search.rules import considered_visits
from tabletop_core.games import game_names, game_spec
from tests.agents.test_bots import _decision

GAMES = game_names()


def _roots(game: str, players: int, count: int):
    """`count` decisions of different games and seats: (roots, seats, legal masks)."""
    roots, seats, legal = [], [], []
    for k in range(count):
        env = _decision(game, players, seed=20 + k, steps=8 + 7 * k)
        view = seat_view(env, env.possible_agents.index(env.agent_selection))
        roots.append(view.sample_state(k))
        seats.append(view.seat)
        legal.append(view.action_mask)
    return np.array(roots), seats, np.array(legal)


def _same_tree(batch, b, alone):
    one = alone.forest.row(0)
    row = batch.forest.row(b)
    assert row.node_count == one.node_count
    n = one.node_count
    for name in ("children", "visits", "value", "mover", "expanded"):
        assert np.array_equal(getattr(row, name)[:n], getattr(one, name)[:n]), name
    assert batch.actions[b] == alone.actions[0]


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("rule", ["uct", "puct", "gumbel"])
def test_a_batch_of_searches_gives_each_row_its_tree_alone(game, rule):
    spec = game_spec(game)
    players = spec.train_players
    roots, seats, legal = _roots(game, players, 3)
    seeds = [11, 12, 13]
    if rule == "uct":
        def search(rows):
            return run_searches(spec, roots[rows], [seats[r] for r in rows], [players] * len(rows),
                                legal[rows], [seeds[r] for r in rows], rule="uct", iterations=60,
                                rollout_policy=heuristic_policy(spec), bias=0.5)
    else:
        network = load_network(None, spec, players)

        def search(rows):
            return run_az_batch(spec, network, roots[rows], [seats[r] for r in rows],
                                [players] * len(rows), legal[rows], [seeds[r] for r in rows],
                                iterations=40, selection=rule, playout_share=0.5,
                                noise_fraction=0.25)
    batch = search([0, 1, 2])
    for b in range(3):
        _same_tree(batch, b, search([b]))


def test_sequential_halving_plans_mctx_visits():
    # mctx/_src/tests/seq_halving_test.py
    assert considered_visits(8, 24)[8].tolist() == [
        0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2, 2, 3, 3, 4, 4, 5, 5, 6, 6]
    assert considered_visits(8, 47)[8].tolist() == [
        0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2, 2, 3, 3, 3, 3, 4, 4, 5, 5, 6, 6, 7, 7, 8,
        8, 9, 9, 10, 10, 11, 11, 12, 12, 13, 13, 14, 14, 15, 15, 16, 16, 17]
    assert considered_visits(8, 13)[8].tolist() == [0] * 8 + [1] * 4 + [2]
    assert considered_visits(8, 2)[8].tolist() == [0, 0]
    assert considered_visits(7, 24)[7].tolist() == [
        0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 2, 2, 2, 3, 3, 4, 4, 5, 5, 6, 6, 7, 7, 8]
    table = considered_visits(1, 16)
    assert table[0].tolist() == table[1].tolist() == list(range(16))


@pytest.mark.parametrize("game", GAMES)
def test_gumbel_search_halves_its_considered_actions(game):
    spec = game_spec(game)
    players = spec.train_players
    roots, seats, legal = _roots(game, players, 1)
    network = load_network(None, spec, players)
    action, tree, done = run_az(spec, network, roots[0], seats[0], players, legal[0], seed=3,
                                iterations=65, selection="gumbel", considered=4)
    visits = tree.root_visits()
    assert done == 65 and visits.sum() == 64  # the first simulation evaluates the root
    assert legal[0][action] and visits[action] == visits.max()
    visited = np.flatnonzero(visits)
    assert len(visited) == min(4, int(legal[0].sum()))  # Gumbel-top-k: only the considered
    again = run_az(spec, network, roots[0], seats[0], players, legal[0], seed=3,
                   iterations=65, selection="gumbel", considered=4)
    assert again[0] == action and np.array_equal(again[1].root_visits(), visits)


def test_bad_selection_rules_and_budgets_are_refused_in_one_line():
    spec = game_spec("aquilon")
    roots, seats, legal = _roots("aquilon", 2, 1)
    network = load_network(None, spec, 2)
    for kwargs, message in (({"selection": "gumbel", "iterations": None, "seconds": 0.1},
                             "needs an iteration budget"),
                            ({"selection": "alphabeta"}, "unknown az selection")):
        with pytest.raises(ValueError, match=message) as error:
            run_az(spec, network, roots[0], seats[0], 2, legal[0], seed=1, **kwargs)
        assert "\n" not in str(error.value)
    with pytest.raises(ValueError, match="unknown selection rule"):
        run_searches(spec, roots, seats, [2], legal, [1], rule="minimax",
                     rollout_policy=heuristic_policy(spec))
    for bad in ("az:0", "az:-3", "az:fast", "az:0s"):
        with pytest.raises(ValueError, match="bad az budget"):
            make_bot(bad)


def test_the_profile_counts_every_part_of_its_iterations():
    spec = game_spec("aquilon")
    roots, seats, legal = _roots("aquilon", 2, 1)
    network = load_network(None, spec, 2)
    cycles = np.zeros(PARTS + 1, np.int64)
    plain = run_az(spec, network, roots[0], seats[0], 2, legal[0], seed=4, iterations=50,
                   playout_share=0.5)
    profiled = run_az(spec, network, roots[0], seats[0], 2, legal[0], seed=4, iterations=50,
                      playout_share=0.5, cycles=cycles)
    assert profiled[0] == plain[0]  # profiling changes nothing
    assert np.array_equal(profiled[1].root_visits(), plain[1].root_visits())
    found = shares(cycles)
    assert cycles[TOTAL] > 0 and set(found) == {*PART_NAMES, "selection"}
    for part in ("determinize", "network", "playout", "playout_policy", "observe"):
        assert found[part] > 0, part
    assert found["playout_policy"] < found["playout"] and 0 < found["selection"] < 1


def test_batched_self_play_gives_each_game_its_solo_samples():
    network = load_network(None, game_spec("aquilon"), 2)
    settings = SelfPlaySettings(iterations=12, sample_moves=4, max_moves=400)
    together = play_selfplay_games("aquilon", 2, network, [3, 4, 5], settings)
    for seed, samples in zip([3, 4, 5], together, strict=True):
        alone = play_selfplay_game("aquilon", 2, network, seed, settings)
        for name, array in alone.arrays().items():
            assert np.array_equal(samples.arrays()[name], array), name
