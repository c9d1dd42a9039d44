"""Dwarves of Aquilon's profile (the reasons for its values: docs/training.md, "Why these
defaults")."""

from pathlib import Path

from agents.profiles import GameProfile

AGENTS = Path(__file__).resolve().parent.parent

PROFILE = GameProfile(
    game="aquilon",
    heuristic="agents.bots.heuristics.aquilon:choose",
    ismcts={"epsilon": 0.1},
    az={"playout_share": 0.5},
    recipes={
        "baseline": {"steps": 1_500_000, "search_games": 10},
        "az": {"table_mix": ((2, 0.25), (3, 0.25), (4, 0.25), (5, 0.25)),
               "rounds": 8, "games": 160, "max_moves": 500},
    },
    baseline_network=AGENTS / "az" / "weights" / "aquilon.npz",  # the az network alone
    az_network=AGENTS / "az" / "weights" / "aquilon.npz",
    benchmarks={"search_games": 60, "goal_games": 200, "player_counts": (2, 4),
                "picture": (3, {}, 70)},
)
