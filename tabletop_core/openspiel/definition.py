"""What the package's modules share: the constants of the chance events and of OpenSpiel's
player ids, the strings' digest, and `Definition`, one loaded game (its spec, engine
configuration and OpenSpiel parameters), checked and cached by `_definition`."""

from __future__ import annotations

import hashlib
from dataclasses import dataclass, field
from typing import Any

import numpy as np
import pyspiel

from tabletop_core.games import game_names, game_spec
from tabletop_core.spec import GameSpec

DEFAULT_MAX_MOVES = {name: game_spec(name).openspiel_max_moves for name in game_names()}
DEAL_NODES = 8  # chance nodes of a chance event (the deal, a reseed), each a byte of its seed
DEAL_OUTCOMES = 256
_DIGEST_BYTES = 8
CHANCE = int(pyspiel.PlayerId.CHANCE)
TERMINAL = int(pyspiel.PlayerId.TERMINAL)
# The module pickles give as the home of the state's class and the record's loader: the
# package, as when it was one module, so serialized states are unchanged and old ones load.
_PICKLED_MODULE = "tabletop_core.openspiel"


def _digest(data: bytes) -> str:
    return hashlib.blake2b(data, digest_size=_DIGEST_BYTES).hexdigest()


@dataclass(frozen=True)
class Definition:
    """One loaded game: its spec, engine configuration and the OpenSpiel parameters."""

    name: str
    spec: GameSpec
    params: tuple[tuple[str, Any], ...]
    num_players: int
    max_moves: int
    config: np.ndarray = field(compare=False, repr=False)

    @property
    def short_name(self) -> str:
        return self.spec.openspiel_name


_DEFINITIONS: dict[tuple, Definition] = {}


def _definition(name: str, params: dict[str, Any]) -> Definition:
    """The (cached) definition of game `name` with OpenSpiel parameters `params` (checked)."""
    spec = game_spec(name)
    allowed = set(spec.openspiel_params)
    unknown = sorted(set(params) - allowed)
    if unknown:
        raise ValueError(f"{spec.openspiel_name}: unknown parameter(s) {unknown}; "
                         f"it takes {sorted(allowed)}")
    full = {**spec.openspiel_params, **params}
    key = (name, tuple(sorted(full.items())))
    if key in _DEFINITIONS:
        return _DEFINITIONS[key]
    players, max_moves = full["players"], full["max_moves"]
    spec.check_num_players(players)
    top = 1 << 30
    if not isinstance(max_moves, int) or isinstance(max_moves, bool) or not 1 <= max_moves <= top:
        raise ValueError(f"{spec.openspiel_name}: max_moves must be an integer in 1..{top}, "
                         f"got {max_moves!r}")
    options = spec.options_from_openspiel(full)
    config = spec.make_config(players, **options)
    definition = Definition(name, spec, key[1], players, max_moves, config)
    _DEFINITIONS[key] = definition
    return definition
