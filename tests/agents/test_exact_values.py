"""Exact best-response values of bots in small Goofspiel games (agents.exploit.exact): a bot
tabulated through the library's game gives the values OpenSpiel gives the same policy written
over its own states; CFR+ carried over to a library bot plays its average policy."""

import numpy as np
import pytest

from agents.bots import HeuristicBot, ISMCTSBot, RandomBot
from agents.bots.base import Bot, CallableBot, SeatView, certain

pyspiel = pytest.importorskip("pyspiel")

from open_spiel.python import policy as policy_lib  # noqa: E402
from open_spiel.python.algorithms import cfr  # noqa: E402

from agents.bots.tabular import TabularBot  # noqa: E402
from agents.exploit.exact import (  # noqa: E402
    bot_values,
    cfr_plus_bot,
    cfr_plus_solver,
    decision_nodes,
    openspiel_goofspiel,
    policy_values,
    tabulate,
)
from goofspiel_env.engine import layout as L  # noqa: E402


def _close(a, b, tol=1e-12):
    return np.allclose(a, b, rtol=0, atol=tol)


@pytest.mark.parametrize(("cards", "players"), [(4, 2), (3, 3)])
def test_random_bot_has_the_values_of_openspiels_uniform_policy(cards, players):
    game = openspiel_goofspiel(cards, players)
    ours = bot_values(RandomBot(), cards, players)
    theirs = policy_values(game, policy_lib.UniformRandomPolicy(game))
    assert _close(ours.best_response, theirs.best_response)
    assert _close(ours.on_policy, theirs.on_policy)
    assert _close(ours.nash_conv, theirs.nash_conv)
    if (cards, players) == (4, 2):
        assert _close(ours.nash_conv, 17 / 12)  # 1.41666...


class _PrizeValuePolicy(policy_lib.Policy):
    """OpenSpiel's usual fixed Goofspiel policy over pyspiel states: bid the card of the
    current prize's value (the last of the point card sequence); where it is no longer held
    (a state off this policy's own play, which OpenSpiel's best response also asks about),
    the held card nearest in value, the lower on a tie, as the library's fixed bot."""

    def action_probabilities(self, state, player_id=None):
        info = state.information_state_string(state.current_player())
        line = next(s for s in info.splitlines() if s.startswith("Point card sequence:"))
        card = int(line.split()[-1]) - 1
        legal = state.legal_actions()
        bid = min(legal, key=lambda a: (abs(a - card), a))
        return {a: float(a == bid) for a in legal}


@pytest.mark.parametrize(("cards", "players"), [(4, 2), (3, 3)])
def test_fixed_bot_has_the_values_of_the_fixed_policy_over_openspiel_states(cards, players):
    game = openspiel_goofspiel(cards, players)
    table = tabulate(HeuristicBot(), cards, players)
    direct = _PrizeValuePolicy(game, list(range(players)))
    for spiel, _ in decision_nodes(cards, players):
        row = table.action_probabilities(spiel)
        assert row == direct.action_probabilities(spiel)
    ours = policy_values(game, table)
    assert _close(ours.best_response, policy_values(game, direct).best_response)
    # a best response wins every game: it throws its lowest card at the top prize, then
    # outbids the fixed bot by one at each of the others (at 4 cards: 3 + 2 + 1 > 4)
    assert ours.best_response == [1.0] * players and ours.nash_conv == players


def _twin(view: SeatView, seed: int) -> SeatView:
    """The view of the seat observed afresh in a state resampled from its information."""
    state = view.sample_state(seed)
    observation = np.zeros(view.game.obs_size, np.float32)
    view.game.observe(state, view.seat, observation)
    mask = np.zeros(view.game.num_actions, np.uint8)
    view.game.legal_mask(state, mask)
    return SeatView(view.game, view.num_players, view.seat, observation, mask.astype(np.int8),
                    state)


@pytest.fixture(scope="module")
def cfr10():
    return cfr_plus_bot(4, 2, 10, seed=5)


def test_cfr_plus_bot_plays_the_average_policy_at_matching_views(cfr10):
    solver = cfr_plus_solver(4, 2, 10)
    average = solver.average_policy()
    nodes = 0
    for spiel, view in decision_nodes(4, 2):
        p = cfr10.action_probabilities(view)
        expected = np.zeros(len(view.action_mask))
        for action, q in average.action_probabilities(spiel).items():
            expected[action] = q
        assert np.array_equal(p, expected)
        twin = _twin(view, nodes)
        assert np.array_equal(cfr10.action_probabilities(twin), p)
        assert p[cfr10.act(view)] > 0
        nodes += 1
    assert len(set(cfr10.table)) == len(cfr10.table) == 162 and nodes > 162
    mixed = sum(0 < row.max() < 1 for row in cfr10.table.values())
    assert mixed > 100  # a mixed policy: the twins' check means something


def test_cfr_plus_bot_tabulated_back_has_the_solvers_nash_conv(cfr10):
    game = openspiel_goofspiel(4, 2)
    solver = cfr_plus_solver(4, 2, 10)
    ours = bot_values(cfr10, 4, 2)
    assert _close(ours.nash_conv, policy_values(game, solver.average_policy()).nash_conv)
    # and OpenSpiel's Python CFR+, another implementation
    python_solver = cfr.CFRPlusSolver(game)
    for _ in range(10):
        python_solver.evaluate_and_update_policy()
    assert _close(ours.nash_conv, policy_values(game, python_solver.average_policy()).nash_conv,
                  1e-9)
    assert 0.2 < ours.nash_conv < 0.4  # measured 0.28599
    assert _close(sum(ours.on_policy), 0)  # zero-sum


def test_cfr_plus_converges():
    at_10 = bot_values(cfr_plus_bot(4, 2, 10), 4, 2).nash_conv
    at_200 = bot_values(cfr_plus_bot(4, 2, 200), 4, 2).nash_conv
    assert at_200 < 0.01 and at_200 < at_10 / 10  # measured 0.0060 and 0.2860


def test_tabular_bot_save_and_load(cfr10, tmp_path):
    path = tmp_path / "cfr10.npz"
    cfr10.save(path)
    loaded = TabularBot.load(path, seed=5)
    assert (loaded.game, loaded.num_players, loaded.options) == \
        (cfr10.game, cfr10.num_players, cfr10.options)
    assert loaded.options["num_cards"] == 4 and loaded.knows_probabilities("goofspiel")
    assert not loaded.knows_probabilities("aquilon")
    assert loaded.table.keys() == cfr10.table.keys()
    assert all(np.array_equal(loaded.table[k], cfr10.table[k]) for k in cfr10.table)
    views = [view for _, view in decision_nodes(4, 2)][:40]
    fresh = cfr_plus_bot(4, 2, 10, seed=5)
    assert [loaded.act(v) for v in views] == [fresh.act(v) for v in views]


def _one_line_error(call, match):
    with pytest.raises(ValueError, match=match) as error:
        call()
    assert "\n" not in str(error.value)


def test_bad_files_and_unknown_views_are_refused(cfr10, tmp_path):
    garbage = tmp_path / "garbage.npz"
    garbage.write_bytes(b"not an npz file\n" * 10)
    other = tmp_path / "other.npz"
    np.savez(other, weights=np.zeros(3))
    for path in (garbage, other, tmp_path / "missing.npz"):
        _one_line_error(lambda p=path: TabularBot.load(p), "not a tabular bot file")
    _, five_cards = next(decision_nodes(5, 2))
    _one_line_error(lambda: cfr10.action_probabilities(five_cards), "has no row for this view")
    _, three_players = next(decision_nodes(4, 3))
    _one_line_error(lambda: cfr10.action_probabilities(three_players),
                    "built for goofspiel at 2 players")


@pytest.mark.parametrize("bot", [ISMCTSBot(iterations=5),
                                 CallableBot(lambda obs, mask: int(mask.argmax()), "first")])
def test_bots_that_do_not_know_their_probabilities_are_refused(bot):
    _one_line_error(lambda: tabulate(bot, 4, 2), "does not give its action probabilities")


class _Peeking(Bot):
    """Bids high when seat 0's sealed bid (hidden from seat 1) is high: not a policy of its
    seat's information."""

    name = "peeking"

    def act(self, view):
        return int(self.action_probabilities(view).argmax())

    def knows_probabilities(self, game):
        return True

    def action_probabilities(self, view):
        legal = view.legal_actions()
        high = view.seat == 1 and view._state[L.PENDING] >= 2  # peeks on purpose
        return certain(int(legal[-1] if high else legal[0]), len(view.action_mask))


def test_a_bot_reading_hidden_information_is_refused():
    _one_line_error(lambda: tabulate(_Peeking(), 4, 2), "different probabilities at two states")
