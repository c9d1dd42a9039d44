"""The network a search evaluates its leaves with, as flat arrays its kernel reads.

Its layers are stacked into flat float32 arrays, each stored transposed ([in, out]) so that a
sparse observation only touches the rows of its non-zero features, with a table of (inputs,
outputs, weight offset, bias offset) per layer, so one cached kernel serves any depth. The
policy's layers come first, then the value head's (if any): tanh hidden layers, linear last.

`forward_rows` evaluates several observations at once: each weight row is read once for all of
them, and each row's arithmetic is the same, in the same order, as alone (a batch of searches
gives each the result it would get alone).
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np
from numba import njit, types

LAYERS = types.int64[:, ::1]
_FORWARD_ROWS = types.void(types.float32[:, ::1], types.int64[::1], types.int64,
                           types.float32[::1], types.float32[::1], LAYERS, types.int64,
                           types.int64, types.float32[:, ::1], types.float32[:, ::1],
                           types.float32[:, ::1])


@njit(_FORWARD_ROWS, cache=True, fastmath=True)
def forward_rows(x, rows, count_rows, weights, biases, layers, first, count, buf_a, buf_b,
                 out):
    """Layers first..first+count-1 of the table on the inputs x[rows[j]] (j < count_rows) into
    out[rows[j]] (tanh after every layer but the last). Row k of `layers`: inputs, outputs,
    offset of its [in, out] weights in `weights`, offset of its biases in `biases`. buf_a,
    buf_b: scratch rows as wide as the widest layer."""
    # Whole-row slices let LLVM vectorize the inner loops (an index such as `row + o` costs a
    # negative-index check per element, which keeps them scalar: 3-4x slower).
    for k in range(first, first + count):
        n_in, n_out, w_off, b_off = layers[k, 0], layers[k, 1], layers[k, 2], layers[k, 3]
        last = k == first + count - 1
        src = x if k == first else (buf_a if (k - first) % 2 == 1 else buf_b)
        dst = out if last else (buf_a if (k - first) % 2 == 0 else buf_b)
        bias = biases[b_off:b_off + n_out]
        for j in range(count_rows):
            row = dst[rows[j]]
            for o in range(n_out):
                row[o] = bias[o]
        for i in range(n_in):
            weight = weights[w_off + i * n_out:w_off + (i + 1) * n_out]
            for j in range(count_rows):
                xi = src[rows[j], i]
                if xi != 0.0:
                    row = dst[rows[j]]
                    for o in range(n_out):
                        row[o] += xi * weight[o]
        if not last:
            for j in range(count_rows):
                row = dst[rows[j]]
                for o in range(n_out):
                    row[o] = np.tanh(row[o])


@dataclass
class AZNetwork:
    """A policy network (and optional value head) as the flat arrays the kernel reads, for the
    table sizes `players` (fewest, most). The value head writes one number per seat for up to
    its width of seats, the k-th the predicted reward of the seat k places after the seat to
    act (at a smaller table the search reads the first `num_players`)."""

    weights: np.ndarray  # float32, every layer's [in, out] weights one after the other
    biases: np.ndarray  # float32
    layers: np.ndarray  # int64 [L, 4]: inputs, outputs, weight offset, bias offset
    policy_layers: int
    value_layers: int
    env_id: str
    players: tuple[int, int]

    @classmethod
    def from_layers(cls, policy: list[tuple[np.ndarray, np.ndarray]],
                    value: list[tuple[np.ndarray, np.ndarray]], env_id: str,
                    players: tuple[int, int]) -> AZNetwork:
        """From (weight [out, in], bias [out]) pairs of the policy and of the value head."""
        table, flat_w, flat_b = [], [], []
        w_off = b_off = 0
        for w, b in [*policy, *value]:
            out, inp = w.shape
            table.append((inp, out, w_off, b_off))
            flat_w.append(np.ascontiguousarray(w.T, np.float32).ravel())
            flat_b.append(np.asarray(b, np.float32))
            w_off += w.size
            b_off += b.size
        return cls(np.concatenate(flat_w), np.concatenate(flat_b),
                   np.array(table, np.int64).reshape(-1, 4), len(policy), len(value), env_id,
                   (int(players[0]), int(players[1])))

    @property
    def width(self) -> int:
        """The widest layer's outputs (the scratch rows the kernel needs)."""
        return int(self.layers[:, 1].max())

    @property
    def value_width(self) -> int:
        """The seats the value head writes a value for (0 without one)."""
        return int(self.layers[-1, 1]) if self.value_layers else 0

    def layer_pairs(self) -> list[tuple[np.ndarray, np.ndarray]]:
        """Every layer as (weight [out, in], bias [out]): the policy's, then the value head's."""
        return [(self.weights[w:w + i * o].reshape(i, o).T.copy(), self.biases[b:b + o].copy())
                for i, o, w, b in self.layers]

    def policy_logits(self, observation: np.ndarray) -> np.ndarray:
        """The policy's logits for one observation, computed by the kernel's forward pass."""
        return self._run(observation, 0, self.policy_layers)

    def values(self, observation: np.ndarray) -> np.ndarray:
        """The value head's outputs for one observation (ValueError without a head)."""
        if not self.value_layers:
            raise ValueError("this network has no value head")
        return self._run(observation, self.policy_layers, self.value_layers)

    def _run(self, observation, first, count):
        x = np.ascontiguousarray(observation, np.float32).reshape(1, -1)
        out, buf_a, buf_b = (np.zeros((1, self.width), np.float32) for _ in range(3))
        forward_rows(x, np.zeros(1, np.int64), 1, self.weights, self.biases, self.layers, first,
                     count, buf_a, buf_b, out)
        return out[0, : self.layers[first + count - 1, 1]].copy()
