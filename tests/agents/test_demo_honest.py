"""`tabletop demo` at a tiny budget: its table is the trained agent head to head against each
bot (win share with its 95% interval beside parity), and its learning curve starts at step 0
with at least 10 points."""

import csv

from agents.cli.play import CURVE_POINTS, demo_config
from tests.agents.command_line import tabletop


def test_a_100k_demo_draws_at_least_ten_points_after_step_0(tmp_path):
    config = demo_config("aquilon", 100_000, 60, 0, tmp_path)
    rollouts = config.total_steps // (config.num_envs * config.n_steps)
    assert (config.n_steps, config.batch_size) == (128, 2048)  # the recipe's own rollouts
    assert rollouts // config.eval_every >= 10 and config.eval_games == 20


def test_demo_table_and_curve_at_a_tiny_budget(tmp_path):
    done = tabletop("demo", "--steps", "768", "--games", "4", "--out", str(tmp_path / "runs"),
                    "--quiet", cwd=tmp_path, stdin=None, timeout=1800)
    assert done.returncode == 0, done.stderr
    table = done.stdout.split("2/2")[1]
    rows = [line for line in table.splitlines() if line.startswith("| ") and "---" not in line]
    header, rows = rows[0], rows[1:]
    assert "win rate (95% CI)" in header and "parity" in header
    # one row per bot, none of them the agent itself; 2 players: parity is one half
    assert sorted(row.split("|")[1].strip() for row in rows) == ["baseline", "heuristic",
                                                                  "random"]
    for row in rows:
        cells = [c.strip() for c in row.split("|")[1:-1]]
        assert cells[2] == "4" and "(" in cells[3] and "-" in cells[3] and cells[4] == "50.0%"
    run = tmp_path / "runs" / "demo-aquilon"
    assert (run / "head_to_head.png").is_file() and (run / "learning_curve.png").is_file()
    with open(run / "learning_curve.csv") as f:
        curve = list(csv.DictReader(f))
    assert len(curve) >= max(10, CURVE_POINTS) and int(curve[0]["steps"]) == 0
    steps = [int(row["steps"]) for row in curve]
    assert steps == sorted(set(steps))
    assert {"random_win", "random_low", "random_high", "heuristic_win"} <= set(curve[0])
