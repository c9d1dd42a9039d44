"""The match harness (`agents.evaluate`): a user's own agent, a function of one seat's
observation and mask, measured against the library's bots with seats rotated; named on the
command line as `<module>:<callable>`; bad agents refused in one line."""

from __future__ import annotations

import json

import numpy as np
import pytest

import agents
from agents.bots import as_bot, check_bots_fit, parse_bot
from agents.games import load_game
from agents.play.evaluate import play_match
from agents.play.tournament import run_tournament
from tests.agents.command_line import assert_one_line_error, tabletop
from tests.agents.user_policies import LastLegal, first_legal

USER = "tests.agents.user_policies:first_legal"


class Recorder:
    """A user's policy that keeps every (observation, mask) it is shown."""

    def __init__(self):
        self.calls: list[tuple[np.ndarray, np.ndarray]] = []

    def __call__(self, observation: np.ndarray, action_mask: np.ndarray) -> int:
        self.calls.append((observation, action_mask))
        return first_legal(observation, action_mask)


def test_evaluate_gives_a_result_per_opponent_with_its_interval_and_parity():
    results = agents.evaluate(first_legal, "aquilon", ["random", "heuristic"], num_players=3,
                              games=6, seed=4, workers=1)
    assert [r.opponent for r in results] == ["random", "heuristic"]
    for r in results:
        assert r.agent == "first_legal" and r.games == 6 and r.num_players == 3
        assert r.parity == pytest.approx(1 / 3)
        assert 0 <= r.win_low <= r.win_rate <= r.win_high <= 1
        assert r.wins == pytest.approx(r.win_rate * 6)
        assert np.isfinite([r.agent_rating_mu, r.opponent_rating_mu]).all()
    # the heuristic beats a player that always takes its lowest action
    assert results[1].win_rate < 1 / 3


def test_the_default_opponents_are_random_and_the_heuristic():
    results = agents.evaluate(LastLegal(), "aquilon", num_players=2, games=2, workers=1)
    assert [r.opponent for r in results] == ["random", "heuristic"]
    assert results[0].agent == "last-legal" and results[0].parity == 0.5


def test_seats_rotate_and_each_seat_sees_only_its_own_observation():
    recorder = Recorder()
    _, records = run_tournament("aquilon", 3, [recorder, "random", "random"], 3, seed=9,
                                workers=1, progress=False)
    # game g seats the agent in seat (-g) mod 3: every seat once over three games
    seats = [record.bots.index("Recorder") for record in records]
    assert sorted(seats) == [0, 1, 2]
    shown = iter(recorder.calls)
    for record, seat in zip(records, seats, strict=True):
        env = load_game("aquilon").raw_env(num_players=3, max_moves=record.max_moves)
        env.reset(seed=record.seed)
        for action in record.actions:
            actor = env.possible_agents.index(env.agent_selection)
            if actor == seat and len(env.legal_actions()) >= 1:
                observation, mask = next(shown)
                truth = env.observe(env.agent_selection)
                np.testing.assert_array_equal(observation, truth["observation"])
                np.testing.assert_array_equal(mask, truth["action_mask"])
            env.step(action)
    assert next(shown, None) is None  # asked only at its own seat's decisions


def test_a_match_is_the_same_for_the_same_seed():
    first = play_match("aquilon", first_legal, "random", 4, 2, seed=3)
    again = play_match("aquilon", first_legal, "random", 4, 2, seed=3)
    assert first == again


@pytest.mark.parametrize("agent, words", [
    ("tests.agents.user_policies:illegal", ["illegal", "not a legal action"]),
    ("tests.agents.user_policies:words", ["words", "'bid high'", "not a legal action"]),
])
def test_an_agent_that_returns_no_legal_action_is_refused_naming_it(agent, words):
    with pytest.raises(ValueError) as error:
        agents.evaluate(agent, "aquilon", ["random"], num_players=2, games=1, workers=1)
    assert all(w in str(error.value) for w in words) and "\n" not in str(error.value)


@pytest.mark.parametrize("spec, words", [
    ("no_such_module_here:policy", ["cannot import no_such_module_here"]),
    ("tests.agents.user_policies:nobody", ["has no 'nobody'"]),
    ("tests.agents.user_policies:NOT_A_POLICY", ["is a int", "not a Bot subclass"]),
])
def test_bad_callables_are_refused_in_one_line(spec, words):
    with pytest.raises(ValueError) as error:
        parse_bot(spec)
    assert all(w in str(error.value) for w in words) and "\n" not in str(error.value)


def test_objects_and_names_play_alike():
    assert as_bot(LastLegal).name == "last-legal"
    assert parse_bot(USER) == ("callable", USER)
    check_bots_fit([USER, first_legal, LastLegal()], "aquilon", 2)
    with pytest.raises(ValueError, match="played by a bot name, a Bot or a function"):
        as_bot(42)
    with pytest.raises(ValueError, match="two different bots are named"):
        run_tournament("aquilon", 2, [first_legal, as_bot(first_legal, name="first_legal")],
                       1, workers=1, progress=False)


def test_the_cli_measures_a_module_callable(tmp_path):
    done = tabletop("evaluate", "--game", "aquilon", "--players", "2", "--agent", USER,
                    "--opponents", "random", "--games", "2", "--workers", "1", "--quiet",
                    "--json", "--out", str(tmp_path), cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    assert "| random | 2 | 2 |" in done.stdout
    [row] = json.loads((tmp_path / "evaluate-aquilon-2p.json").read_text())
    assert row["agent"] == USER and row["games"] == 2
    done = tabletop("tournament", "--game", "aquilon", "--players", "2", "--bots",
                    f"{USER},random", "--games", "2", "--workers", "2", "--quiet", "--out",
                    str(tmp_path), cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    assert f"| {USER} | 2 |" in done.stdout


@pytest.mark.parametrize("args, words", [
    (["evaluate", "--game", "aquilon", "--agent", "no_such_module_here:policy"],
     ["cannot import"]),
    (["tournament", "--game", "aquilon", "--bots", "tests.agents.user_policies:nobody"],
     ["has no 'nobody'"]),
    (["evaluate", "--game", "aquilon", "--agent", "random,heuristic"], ["names one bot"]),
])
def test_the_cli_refuses_bad_agents_in_one_line(tmp_path, args, words):
    assert_one_line_error(tabletop(*args, cwd=tmp_path), *words)
