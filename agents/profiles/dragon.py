"""Dragon's Interest's profile (the reasons for its values: docs/training.md, "Why these
defaults")."""

from pathlib import Path

from agents.profiles import GameProfile

AGENTS = Path(__file__).resolve().parent.parent

PROFILE = GameProfile(
    game="dragon",
    heuristic="agents.bots.heuristics.dragon:choose",
    # In a tree of every seat's moves the opponents' nodes answer the bot's secret Contract
    # and bids as if they saw them: the tree holds only the bot's own decisions, guided by the
    # heuristic (progressive bias), the others playing the heuristic throughout.
    ismcts={"epsilon": 0.1, "own_moves_only": True, "bias": 1.0},
    az={"own_moves_only": True, "playout_share": 0.5},
    recipes={
        "az": {"table_mix": ((3, 1 / 3), (4, 1 / 3), (5, 1 / 3)),
               "rounds": 3, "games": 120, "eval_every": 3, "max_moves": 1_000},
    },
    baseline_network=AGENTS / "az" / "weights" / "dragon.npz",  # the az network alone
    az_network=AGENTS / "az" / "weights" / "dragon.npz",
    benchmarks={"search_games": 45, "goal_games": 200, "player_counts": (3, 4),
                "picture": (4, {}, 90), "throughput_players": 4},
)
