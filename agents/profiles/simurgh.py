"""Simurgh's profile (the reasons for its values: docs/training.md, "Why these defaults")."""

from pathlib import Path

from agents.profiles import GameProfile

AGENTS = Path(__file__).resolve().parent.parent

PROFILE = GameProfile(
    game="simurgh",
    heuristic="agents.bots.heuristics.simurgh:choose",
    ismcts={"epsilon": 0.1},
    az={"playout_share": 0.5},
    recipes={
        # games ten times longer than Aquilon's: fewer, larger chunks, and no search opponent
        # in the curve (20 games against ismcts:200 would take longer than the whole run)
        "baseline": {"steps": 3_000_000, "chunk": 250_000, "eval_games": 40,
                     "search_games": 0},
        # the value head learns half from the searched reward (on outcomes alone it overfit)
        "az": {"table_mix": ((2, 0.25), (3, 0.25), (4, 0.25), (5, 0.25)),
               "rounds": 9, "games": 40, "eval_games": 20, "eval_every": 4,
               "max_moves": 2_000, "value_mix": 0.5},
    },
    baseline_network=AGENTS / "az" / "weights" / "simurgh.npz",  # the az network alone
    az_network=AGENTS / "az" / "weights" / "simurgh.npz",
    benchmarks={"search_games": 16, "goal_games": 60, "player_counts": (2, 4),
                "options": {"mode": "dragonlord"},
                "picture": (3, {"mode": "dragonlord"}, 160),
                "throughput_players": 4},
)
