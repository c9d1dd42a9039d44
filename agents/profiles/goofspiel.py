"""Goofspiel's profile: its fixed bot as `heuristic`, UCT at the stated defaults for `ismcts`,
nothing shipped for `baseline` or `az`."""

from agents.profiles import GameProfile

PROFILE = GameProfile(
    game="goofspiel",
    heuristic="agents.bots.heuristics.goofspiel:choose",
    benchmarks={"player_counts": (2, 3), "picture": (2, {}, 6)},
)
