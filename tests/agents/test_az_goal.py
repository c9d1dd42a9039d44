"""benchmarks/az_goal.py: the goal matches of an az network at one or more table sizes, with
whether each goal is met; an older network met only at the sizes it was trained for; bad
options and sizes a network cannot play refused in one line before any game."""

from __future__ import annotations

import pytest

from agents.az import WEIGHTS
from agents.az.network import PolicyValueNet
from agents.bots.az import load_network
from agents.games import load_game
from tests.agents.user_policies import one_size_policy


def _goal_rows(out: str) -> list[list[str]]:
    """The table rows of benchmarks/az_goal.py's output, split into cells."""
    return [line.strip("| ").split(" | ") for line in out.splitlines()
            if line.startswith("| ") and line[2].isdigit()]


def test_the_az_goal_plays_its_matches_and_refuses_bad_options(capsys):
    from benchmarks import az_goal

    az_goal.main(["--game", "dragon", "--games", "2", "--seconds", "0.01", "--workers", "1"])
    rows = _goal_rows(capsys.readouterr().out)
    # the shipped network is `baseline`'s own: its policy alone does not meet itself
    assert [row[2] for row in rows] == ["ismcts:0.01s", "ismcts:200", "baseline", "heuristic"]
    assert all(row[0] == "3" and "%" in row[3] and row[5] in ("yes", "no") for row in rows)
    for argv, message in ((["--games", "0"], "--games and --old-games at least 1"),
                          (["--players", "7"], "--players: dragon takes 3 to 5 players"),
                          (["--players", "three"], "--players: table sizes like 2,3"),
                          (["--only", "network-old"], "--only network-old needs --old")):
        with pytest.raises(SystemExit):
            az_goal.parse(["--game", "dragon", *argv])
        assert message in capsys.readouterr().err.strip().splitlines()[-1]


def test_the_az_goal_at_two_table_sizes_meets_older_networks_at_their_own(tmp_path, capsys):
    from benchmarks import az_goal

    spec = load_game("dragon").SPEC
    old = one_size_policy(tmp_path, "dragon", 3)  # an older network, of 3 players
    net = PolicyValueNet.from_network(load_network(old, spec, 3), spec, (3, 4),
                                      value_hidden=(16,))
    network = str(net.export(tmp_path / "sizes.npz", spec))
    az_goal.main(["--game", "dragon", "--players", "3,4", "--network", network, "--old", old,
                  "--games", "2", "--old-games", "3", "--seconds", "0.01", "--workers", "1",
                  "--only", "same-time", "network-heuristic", "network-old"])
    rows = _goal_rows(capsys.readouterr().out)
    assert [(row[0], row[2]) for row in rows] == [
        ("3", "ismcts:0.01s"), ("3", "heuristic"), ("3", f"baseline:{old}"),
        ("4", "ismcts:0.01s"), ("4", "heuristic")]  # the old network plays 3 players only
    assert [row[4] for row in rows] == ["33%", "33%", "33%", "25%", "25%"]
    # a size the network was not trained for is refused before any game
    with pytest.raises(SystemExit):
        az_goal.parse(["--game", "dragon", "--players", "5", "--network", network])
    assert "5 players:" in capsys.readouterr().err


def test_the_az_goal_plays_only_the_chosen_matches_and_cuts_games_as_draws(capsys):
    from benchmarks import az_goal

    apprentice = str(WEIGHTS / "simurgh-apprentice.npz")  # not `baseline`'s own network
    az_goal.main(["--game", "simurgh", "--network", apprentice, "--games", "2", "--workers",
                  "1", "--max-moves", "10", "--only", "network-alone"])
    out = capsys.readouterr().out
    rows = _goal_rows(out)
    assert "games cut at 10 moves as draws" in out
    assert len(rows) == 1 and rows[0][1].startswith("baseline:")
    assert rows[0][3].startswith("50.0% (")  # both games cut: draws
    with pytest.raises(SystemExit):
        az_goal.parse(["--game", "simurgh", "--max-moves", "5"])
    assert "--max-moves must be at least 10" in capsys.readouterr().err
    with pytest.raises(SystemExit):  # the shipped network alone would meet itself
        az_goal.parse(["--game", "simurgh", "--only", "network-alone"])
    assert "the network is `baseline`'s own file" in capsys.readouterr().err
