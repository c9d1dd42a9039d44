"""What the agents know of each game: its profile.

A `GameProfile` holds everything in `agents/` and `benchmarks/` that is particular to a game:
its heuristic (a numba policy, if it has one), the settings of the `ismcts` and `az` searches,
the defaults of each training recipe, the learned networks shipped for it, and what the
benchmarks play. Bots, tools and recipes read the profile and nothing else of a game but its
`GameSpec`.

Profiles are found by game name, as games are (`tabletop_core.games`): an entry point of the
group `tabletop_rl.profiles` whose value is `module:attribute` of a `GameProfile`, or a
`register_profile` call in the running process:

    [project.entry-points."tabletop_rl.profiles"]
    aquilon = "agents.profiles.aquilon:PROFILE"

A game with no profile gets `GameProfile(name)`: no heuristic (`random` plays in its place in
playouts, recipes and evaluations), no shipped network (`baseline` is refused; `az` searches
with a freshly initialised network), UCT with the stated `DEFAULT_ISMCTS` settings, and the
recipes' own defaults at the game's `train_players`.
"""

from __future__ import annotations

import importlib
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path
from types import MappingProxyType
from typing import Any

from tabletop_core.games import entry_point_table, game_spec

ENTRY_POINT_GROUP = "tabletop_rl.profiles"
# UCT for a game with no profile: exploration 0.7, uniformly random playouts to the end of the
# game (keywords of agents.bots.ismcts.run_search).
DEFAULT_ISMCTS = MappingProxyType({"exploration": 0.7})
RECIPE_NAMES = ("ppo", "rllib", "baseline", "az")


def _frozen(mapping: dict) -> MappingProxyType:
    return MappingProxyType(dict(mapping))


@dataclass(frozen=True)
class GameProfile:
    """A game's profile (see the module docstring). Each recipe's defaults are fields of that
    recipe's config class (`agents.training.config`), the benchmarks' keys are named by the
    scripts that read them."""

    game: str
    # "module:function" of the game's rule-based policy, a numba function of signature
    # tabletop_core.signatures.POLICY (None: the game has no `heuristic`)
    heuristic: str | None = None
    # True when the heuristic's choice is a function of the seat's information alone and draws
    # no random number: `heuristic` then gives its action probabilities (one action, certain)
    pure_heuristic: bool = False
    # keywords of agents.bots.ismcts.run_search and agents.bots.az.run_az
    ismcts: Any = field(default_factory=lambda: DEFAULT_ISMCTS)
    az: Any = field(default_factory=lambda: MappingProxyType({}))
    # {recipe: {config field: default}} for the recipes of RECIPE_NAMES
    recipes: Any = field(default_factory=lambda: MappingProxyType({}))
    # the shipped `baseline` policy and `az` network (None: none shipped)
    baseline_network: Path | None = None
    az_network: Path | None = None
    # {key: value} read by the benchmark and picture scripts, each with its default there:
    # "player_counts" (benchmarks/bots.py), "goal_games" (az_goal.py), "search_games"
    # (baseline.py), "throughput_players" (throughput.py, openspiel_rl.py), "options" (the
    # game options benchmarks play, agilerl_vec_env.py), "picture" (docs/make_pictures.py:
    # players, options, decisions before the picture)
    benchmarks: Any = field(default_factory=lambda: MappingProxyType({}))

    def __post_init__(self) -> None:
        for name in ("ismcts", "az", "recipes", "benchmarks"):
            object.__setattr__(self, name, _frozen(getattr(self, name)))
        unknown = set(self.recipes) - set(RECIPE_NAMES)
        if unknown:
            raise ValueError(f"profile of {self.game}: unknown recipes {sorted(unknown)} "
                             f"(recipes: {', '.join(RECIPE_NAMES)})")

    @property
    def play_players(self) -> int:
        """The table size of tournaments, human play and evaluations by default."""
        return game_spec(self.game).default_players

    @property
    def train_players(self) -> int:
        """The table size of training by default."""
        return game_spec(self.game).train_players

    def recipe_defaults(self, recipe: str) -> dict:
        """The game's defaults for `recipe` (fields of its config class)."""
        return dict(self.recipes.get(recipe, {}))

    def benchmark(self, key: str, default: Any) -> Any:
        """What a benchmark script reads under `key` for this game, else `default`."""
        return self.benchmarks.get(key, default)

    def reference_bot(self) -> str:
        """The bot recipes imitate, train and evaluate against: `heuristic`, or `random` for
        a game without one."""
        return "heuristic" if self.heuristic else "random"


_registered: dict[str, GameProfile] = {}


def register_profile(profile: GameProfile) -> None:
    """Use `profile` for its game in this process (an installed one registers through its
    entry point instead)."""
    if not isinstance(profile, GameProfile):
        raise ValueError(f"register_profile takes a GameProfile, got {type(profile).__name__}")
    _registered[profile.game] = profile
    game_profile.cache_clear()


def _load(name: str, reference: str) -> GameProfile:
    module, _, attribute = reference.partition(":")
    profile = getattr(importlib.import_module(module), attribute, None)
    if not isinstance(profile, GameProfile) or profile.game != name:
        raise ValueError(f"the profile entry point {name} = {reference!r} names no "
                         f"GameProfile of game {name!r}")
    return profile


@cache
def game_profile(name: str) -> GameProfile:
    """The profile of the registered game `name` (its defaults if it has none); ValueError
    for an unknown game."""
    game_spec(name)  # an unknown game is refused here, naming the known ones
    if name in _registered:
        return _registered[name]
    reference = entry_point_table(ENTRY_POINT_GROUP).get(name)
    return GameProfile(name) if reference is None else _load(name, reference)
