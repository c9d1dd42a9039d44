"""Checks of what callers hand to an environment: seeds, seats, actions.

Every door uses these, so the same mistake gets the same one-line `ValueError` everywhere.
"""

from __future__ import annotations

import hashlib
from typing import Any

import numpy as np

SEED_LIMIT = 2**63  # engines take seeds as int64


def is_integer(value: Any) -> bool:
    """True for Python and numpy integers (and 0-d integer arrays), never for booleans."""
    if isinstance(value, np.ndarray) and value.shape == ():
        value = value[()]
    return isinstance(value, int | np.integer) and not isinstance(value, bool | np.bool_)


def check_integer(name: str, value: Any) -> int:
    """`value` as an int; ValueError naming `name` for booleans, floats, strings, None..."""
    if not is_integer(value):
        raise ValueError(f"{name} must be an integer, got {value!r} ({type(value).__name__})")
    return int(value.item() if isinstance(value, np.ndarray | np.generic) else value)


def normalize_seed(seed: Any) -> int:
    """A seed for the engines: any non-negative integer. Seeds below 2**63 are used as they
    are; larger ones are reduced to the low 63 bits of the BLAKE2b hash of their big-endian
    bytes (deterministic, and distinct large seeds give distinct games with overwhelming
    probability). ValueError for negative or non-integer seeds."""
    seed = check_integer("seed", seed)
    if seed < 0:
        raise ValueError(f"seed must be a non-negative integer, got {seed}")
    if seed < SEED_LIMIT:
        return seed
    raw = seed.to_bytes((seed.bit_length() + 7) // 8, "big")
    digest = hashlib.blake2b(raw, digest_size=8).digest()
    return int.from_bytes(digest, "big") % SEED_LIMIT


def check_seat(value: Any, num_players: int, name: str = "player") -> int:
    """`value` as a seat in 0..num_players-1, else ValueError."""
    seat = check_integer(name, value)
    if not 0 <= seat < num_players:
        raise ValueError(f"{name} must be a seat in 0..{num_players - 1}, got {seat}")
    return seat


def check_action_array(actions: Any, num_envs: int) -> np.ndarray:
    """A batch's actions as int64 of shape [num_envs]; ValueError for any other shape, for
    non-integer dtypes (floats, booleans, strings, objects) and for values beyond int64."""
    array = np.asarray(actions)
    if array.shape != (num_envs,):
        raise ValueError(f"actions must have shape ({num_envs},), got {array.shape}")
    if array.dtype.kind not in "iu":
        raise ValueError(f"actions must be an integer array, got dtype {array.dtype}")
    if array.dtype.kind == "u" and array.size and array.max() >= SEED_LIMIT:
        raise ValueError(f"action {int(array.max())} is out of range")
    return array.astype(np.int64, copy=False)
