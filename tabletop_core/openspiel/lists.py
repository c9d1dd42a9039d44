"""`_Lists`: the tensors a state gave out as lists, rewritten in place at the next call."""

from __future__ import annotations

import numpy as np


class _Lists:
    """The tensors of a state last given out as lists, by (information state?, seat): a move
    changes few entries, so the next list is the last one with those rewritten, much faster
    than `tolist()` of a whole tensor."""

    __slots__ = ("arrays", "lists")

    def __init__(self):
        self.arrays: dict[tuple[bool, int], np.ndarray] = {}
        self.lists: dict[tuple[bool, int], list[float]] = {}

    def values(self, key: tuple[bool, int], tensor: np.ndarray) -> list[float]:
        """`tensor.tolist()` (float32), bit for bit."""
        old = self.arrays.get(key)
        if old is None:
            values = tensor.tolist()
        else:
            values = self.lists[key]
            changed = (tensor.view(np.int32) != old.view(np.int32)).nonzero()[0]
            for i, v in zip(changed.tolist(), tensor[changed].tolist(), strict=True):
                values[i] = v
        self.arrays[key], self.lists[key] = tensor, values
        return list(values)
