"""Goofspiel's profile: its fixed bot as `heuristic` (pure: it gives its action
probabilities), UCT at the stated defaults for `ismcts`, nothing shipped for `baseline` or
`az`."""

from agents.profiles import GameProfile

PROFILE = GameProfile(
    game="goofspiel",
    heuristic="agents.bots.heuristics.goofspiel:choose",
    pure_heuristic=True,  # the card of the prize's value (public) among those held
    benchmarks={"player_counts": (2, 3), "picture": (2, {}, 6)},
)
