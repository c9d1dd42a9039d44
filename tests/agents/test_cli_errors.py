"""The CLI fails in one line: `tabletop: error: ...` on stderr, exit status 2, no traceback;
tournaments write their results before plotting and plot 0% and 100% win rates; replays
refuse logs that do not finish their game or whose scores differ."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from agents.play.records import GameRecord, play_game, replay
from agents.play.tournament import plot, run_tournament, wilson_interval
from tests.agents.command_line import assert_one_line_error, tabletop


@pytest.fixture(scope="module")
def logs(tmp_path_factory) -> dict[str, Path]:
    """A good log and bad ones: cut short, scores changed, an illegal move, not JSON, a wrong
    player count, not a log at all."""
    folder = tmp_path_factory.mktemp("logs")
    record = play_game("aquilon", 2, ["random", "random"], seed=4)
    good = json.loads(json.dumps(record.__dict__))
    variants = {
        "good": good,
        "cut": {**good, "actions": good["actions"][:-3]},
        "scores": {**good, "scores": [s + 1 for s in good["scores"]]},
        "illegal": {**good, "actions": [999, *good["actions"][1:]]},
        "players": {**good, "num_players": 9},
        "list": [1, 2, 3],
        "longer": {**good, "actions": [*good["actions"], 0]},
        "options_players": {**good, "options": {"num_players": 3}},
        "options_moves": {**good, "options": {"max_moves": 5}},
    }
    paths = {}
    for name, data in variants.items():
        paths[name] = folder / f"{name}.json"
        paths[name].write_text(json.dumps(data))
    paths["garbage"] = folder / "garbage.json"
    paths["garbage"].write_text("{not json")
    paths["deep"] = folder / "deep.json"
    paths["deep"].write_text("[" * 100_000 + "]" * 100_000)
    return paths


@pytest.mark.parametrize("args, words", [
    (["tournament", "--game", "aquilon", "--bots", "ismcts:-5"], ["ismcts:<iterations>"]),
    (["tournament", "--game", "aquilon", "--bots", "ismcts:0"], ["ismcts:0", ">= 1"]),
    (["tournament", "--game", "aquilon", "--bots", "ismcts:-1s"], ["ismcts:<seconds>s"]),
    (["tournament", "--game", "aquilon", "--bots", "ppo:x.zip"], ["not found: x.zip"]),
    (["tournament", "--game", "aquilon", "--bots", "heuristic,robot"], ["unknown bot",
                                                                       "ismcts:<iterations>"]),
    (["tournament", "--game", "aquilon", "--games", "-3"], ["--games", "at least 1"]),
    (["tournament", "--game", "aquilon", "--games", "many"], ["--games", "whole number"]),
    (["tournament", "--game", "dragon", "--players", "2"], ["between 3 and 5"]),
    (["tournament", "--game", "chess"], ["invalid choice"]),
    (["human", "--game", "aquilon", "--seat", "3"], ["--seat", "0..2"]),
    (["train", "ppo", "--game", "aquilon", "--opponents", "ismcts"],
     ["training opponents are random, heuristic"]),
    (["train", "ppo", "--game", "aquilon", "--snapshot-share", "2"], ["between 0 and 1"]),
    (["replay", "missing.json"], ["no such game log"]),
    (["replay", "missing.json", "--html", ""], ["--html", "empty"]),
    (["human", "--game", "aquilon", "--web", "--save", "no/such/folder/game.json"],
     ["cannot save the game"]),
    (["human", "--game", "aquilon", "--save", "."], ["cannot save the game", "folder"]),
    (["human", "--game", "aquilon", "--web", "--port", "-1"], ["--port", "at least 0"]),
    (["human", "--game", "aquilon", "--web", "--port", "65536"], ["--port", "0 to 65535"]),
    (["train", "rllib", "--game", "aquilon", "--opponents", ""], ["--opponents names no bot"]),
    (["train", "rllib", "--game", "aquilon", "--max-moves", "1"],
     ["--max-moves", "at least 50"]),
    (["train", "ppo", "--game", "aquilon", "--opponents", " , "], ["--opponents names no bot"]),
    (["train", "ppo", "--game", "aquilon", "--max-moves", "1"], ["--max-moves", "at least 50"]),
    (["train", "ppo", "--game", "aquilon", "--start", "missing.zip"],
     ["start must be a saved PPO model"]),
    # --game is required by every command that makes a game but the tournament
    (["train", "ppo"], ["--game"]),
    (["human"], ["--game"]),
    (["evaluate", "--agent", "random"], ["--game"]),
    (["nothing"], ["invalid choice"]),
])
def test_user_mistakes_fail_in_one_line(args, words, tmp_path):
    assert_one_line_error(tabletop(*args, cwd=tmp_path), *words)
    assert not any(tmp_path.iterdir())  # nothing started, nothing written


@pytest.mark.parametrize("name, words", [
    ("cut", ["ends after", "before its game does"]),
    ("scores", ["differ from the recorded"]),
    ("illegal", ["action 999 is not legal"]),
    ("players", ["2-5 players"]),
    ("list", ["not a game log"]),
    ("longer", ["goes on after its game ended"]),
    ("garbage", ["cannot read game log"]),
    ("options_players", ["bad options", "num_players"]),
    ("options_moves", ["bad options", "max_moves"]),
    ("deep", ["cannot read game log", "nested too deeply"]),
])
def test_replay_refuses_bad_logs_before_showing_anything(logs, name, words, tmp_path):
    done = tabletop("replay", str(logs[name]), cwd=tmp_path)
    assert_one_line_error(done, *words)
    assert done.stdout == ""


def test_replay_of_a_good_log_shows_the_game(logs, tmp_path):
    done = tabletop("replay", str(logs["good"]), cwd=tmp_path)
    assert done.returncode == 0 and "final scores" in done.stdout


def test_the_text_replay_shows_no_control_characters_from_a_log(logs):
    good = json.loads(logs["good"].read_text())
    record = GameRecord.from_dict({**good, "bots": ["\x1b[2J\x1b]0;owned\x07", "a\nb"]})
    lines = []
    replay(record, show=lines.append)
    assert all(c.isprintable() for line in lines for c in line)
    assert "\\x1b[2J" in lines[0] and "a\\nb" in lines[0]


def test_a_tournament_a_bot_never_wins_writes_everything(tmp_path):
    done = tabletop("tournament", "--game", "aquilon", "--players", "2", "--bots",
                    "heuristic,random", "--games", "4", "--workers", "1", "--quiet", "--json",
                    "--save-logs", "--out", str(tmp_path), cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    results = json.loads((tmp_path / "tournament-aquilon-2p.json").read_text())["results"]
    rates = sorted(r["win_rate"] for r in results)
    assert rates == [0.0, 1.0]
    for r in results:
        assert 0.0 <= r["win_low"] <= r["win_rate"] <= r["win_high"] <= 1.0
    assert len(list((tmp_path / "logs-aquilon-2p").glob("*.json"))) == 4
    assert (tmp_path / "tournament-aquilon-2p.png").stat().st_size > 0


def test_wilson_bounds_contain_zero_and_full_rates():
    for trials in (1, 4, 17, 1000):
        assert wilson_interval(0, trials)[0] == 0.0
        assert wilson_interval(trials, trials)[1] == 1.0
        low, high = wilson_interval(trials, trials)
        assert low <= 1.0 and high == 1.0


def test_games_cut_at_the_play_limit_are_reported(tmp_path):
    record = play_game("simurgh", 2, ["random", "random"], seed=1, max_moves=30)
    assert record.truncated and record.max_moves == 30 and len(record.actions) == 30
    assert record.rewards == [0.0, 0.0]
    path = tmp_path / "cut.json"
    record.save(path)
    lines = []
    replay(GameRecord.load(path), show=lines.append)
    assert "cut at the move limit (30 moves)" in lines[-2]
    results, records = run_tournament("aquilon", 2, ["random"], 2, workers=1, progress=False)
    assert not any(r.truncated for r in records) and records[0].max_moves == 2_000
    plot(str(tmp_path / "p.png"), "t", results)
