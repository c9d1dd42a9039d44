"""benchmarks/ladder.py on a small round robin (every pair's cells, both orders when one seat
plays against several, the ratings over all games, the Markdown table), and
benchmarks/az_goal.py's matches."""

from __future__ import annotations

import pytest

from benchmarks.ladder import ladder, markdown


def test_a_two_player_ladder_fills_both_cells_of_every_pair():
    result = ladder("aquilon", ["random", "heuristic", "ismcts:20"], games=6, workers=1)
    cells = result["cells"]
    assert len(cells) == 6
    for (a, b), (rate, low, high) in cells.items():
        assert 0.0 <= low <= rate <= high <= 1.0
        assert rate + cells[(b, a)][0] == pytest.approx(1.0)
    assert sorted(bot for bot, _, _ in result["ratings"]) == ["heuristic", "ismcts:20", "random"]
    table = markdown(result)
    assert table.count("\n| ") == 4 and "vs random" in table and "parity 50%" in table


def test_one_seat_against_two_plays_both_orders_of_a_pair():
    result = ladder("dragon", ["random", "heuristic"], games=3, workers=1)
    assert set(result["cells"]) == {("random", "heuristic"), ("heuristic", "random")}
    assert result["players"] == 3 and "parity 33%" in markdown(result)


def test_a_ladder_game_cut_at_the_move_limit_is_a_draw_and_bad_options_are_refused(
        monkeypatch, capsys):
    from benchmarks import ladder as ladder_script

    result = ladder("simurgh", ["random", "heuristic"], games=2, workers=1, max_moves=10)
    assert result["cut"] == 2 and result["max_moves"] == 10
    assert result["cells"][("random", "heuristic")][0] == pytest.approx(0.5)
    assert "2 games cut at 10 moves as draws" in markdown(result)
    assert ladder("aquilon", ["random", "heuristic"], games=2, workers=1)["max_moves"] == 500
    for flag, value, message in (("--max-moves", "5", "--max-moves must be at least 10"),
                                 ("--games", "0", "--games must be at least 1")):
        monkeypatch.setattr("sys.argv", ["ladder.py", "--game", "aquilon", flag, value])
        with pytest.raises(SystemExit):
            ladder_script.main()
        assert message in capsys.readouterr().err


def test_the_az_goal_plays_its_four_matches_and_refuses_bad_options(monkeypatch, capsys):
    from benchmarks import az_goal

    monkeypatch.setattr("sys.argv", ["az_goal.py", "--game", "dragon", "--games", "2",
                                     "--seconds", "0.01", "--workers", "1"])
    az_goal.main()
    rows = [line for line in capsys.readouterr().out.splitlines() if line.startswith("| az")
            or line.startswith("| baseline:")]
    assert [row.split(" | ")[1] for row in rows] == ["ismcts:0.01s", "ismcts:200", "baseline",
                                                     "baseline"]
    assert all("%" in row for row in rows)
    monkeypatch.setattr("sys.argv", ["az_goal.py", "--game", "dragon", "--games", "0"])
    with pytest.raises(SystemExit):
        az_goal.main()
    assert "--games at least 1" in capsys.readouterr().err


def test_the_az_goal_plays_only_the_chosen_matches_and_cuts_games_as_draws(monkeypatch, capsys):
    from benchmarks import az_goal

    monkeypatch.setattr("sys.argv", ["az_goal.py", "--game", "simurgh", "--games", "2",
                                     "--workers", "1", "--max-moves", "10",
                                     "--only", "network-alone"])
    az_goal.main()
    out = capsys.readouterr().out
    rows = [line for line in out.splitlines() if line.startswith("| a") or
            line.startswith("| baseline:")]
    assert "games cut at 10 moves as draws" in out
    assert len(rows) == 1 and rows[0].startswith("| baseline:") and "| 50.0% (" in rows[0]
    monkeypatch.setattr("sys.argv", ["az_goal.py", "--game", "simurgh", "--max-moves", "5"])
    with pytest.raises(SystemExit):
        az_goal.main()
    assert "--max-moves must be at least 10" in capsys.readouterr().err
