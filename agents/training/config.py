"""What every recipe's config shares: `RecipeConfig`, the base of `PPOConfig`,
`RLlibConfig`, `BaselineRecipe` and `AZRecipe`.

A config is a frozen dataclass with keyword fields: the game, its table size and options, the
seed and the output folder, then the recipe's own fields (its budget among them). `for_game`
builds one from the recipe's defaults, the game's profile (`agents.profiles`: its defaults for
this recipe, its table of training) and the caller's overrides, and checks it before any work:
an unknown field, a bad value or a bad game option is refused with a one-line ValueError. A
run in `out` resumes when started again with the same config (the budget may grow).
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field, fields, replace
from typing import Any, ClassVar, TypeVar

from agents.games import load_game
from agents.profiles import game_profile

Config = TypeVar("Config", bound="RecipeConfig")
MAX_SEED = 2**63 - 1


@dataclass(frozen=True, kw_only=True)
class RecipeConfig:
    """The fields every recipe has."""

    recipe: ClassVar[str]  # its name: `tabletop train <recipe>`
    budget: ClassVar[str]  # the field that sets how long it trains
    # fields that must be at least 1 (a subclass adds its own)
    positive: ClassVar[tuple[str, ...]] = ()

    game: str
    num_players: int
    options: dict[str, Any] = field(default_factory=dict)  # the game's own options
    seed: int = 0
    out: str = ""  # the run's folder (default runs/<recipe>-<game>)

    @classmethod
    def for_game(cls: type[Config], game: str, **overrides: Any) -> Config:
        """The recipe for `game`: its defaults, the game profile's, then `overrides`;
        checked (`check`)."""
        profile = game_profile(game)
        values = {"num_players": profile.train_players, **profile.recipe_defaults(cls.recipe)}
        values.update({k: v for k, v in overrides.items() if v is not None})
        known = {f.name for f in fields(cls)}
        unknown = sorted(set(values) - known)
        if unknown:
            raise ValueError(f"{cls.recipe} recipe: unknown fields {', '.join(unknown)} "
                             f"(its fields: {', '.join(sorted(known - {'game'}))})")
        config = cls(game=game, **values)
        if not config.out:
            config = replace(config, out=f"runs/{cls.recipe}-{game}")
        config.check()
        return config

    def check(self) -> None:
        """ValueError (one line) for a bad field: a table size or game option the game does
        not take, a seed that is not a whole number in [0, 2**63), a count below 1."""
        spec = load_game(self.game).SPEC
        spec.check_num_players(self.num_players)
        if not isinstance(self.options, dict):
            raise ValueError(f"options must be a mapping of the game's options, got "
                             f"{self.options!r}")
        try:
            spec.make_config(self.num_players, **self.options)
        except TypeError as error:
            raise ValueError(f"{self.game}: bad option ({error})") from None
        if isinstance(self.seed, bool) or not isinstance(self.seed, int) or \
                not 0 <= self.seed <= MAX_SEED:
            raise ValueError(f"seed must be a whole number from 0 to 2**63 - 1, got "
                             f"{self.seed!r}")
        for name in self.positive:
            value = getattr(self, name)
            if not (isinstance(value, int | float) and math.isfinite(value) and value >= 1):
                raise ValueError(f"{name} must be at least 1, got {value!r}")


def reference_opponents(game: str) -> tuple[str, ...]:
    """What a PPO learner trains and is measured against by default: `random` and the game's
    reference bot (its heuristic, where it has one; `agents.profiles`)."""
    return tuple(dict.fromkeys(("random", game_profile(game).reference_bot())))
