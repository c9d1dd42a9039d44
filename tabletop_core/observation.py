"""Named observation pieces: a game's flat observation vector described as a table.

Each game declares its observation as a tuple of `Piece`s and `Block`s, in the order they lie
in the vector. A `Piece` is a contiguous run of floats with a name, a shape, what it holds and
whose information it is; a `Block` is a group of pieces repeated `count` times (one per seat,
per card...), laid out block after block. `lay_out` turns the table into offsets, from which the
game's engine takes its module-level int constants (numba reads them as compile-time
constants, so writing by name costs nothing), and `ObservationLayout.views` gives the named
views of one observation, as OpenSpiel's observers have them in their `dict`:

    piece "round"              -> shape piece.shape
    block "seat", piece "gold" -> key "seat.gold", shape (block.count, *piece.shape)

The views share the vector's memory (no copy); `ObservationLayout.flatten` is the inverse.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from math import prod

import numpy as np

# Whose information a piece is, as seen by the viewer of the observation.
PUBLIC = "public"  # the same for every seat
OWN = "own"  # the viewer's own private information (zero for the other seats' blocks)
KNOWN = "as known"  # another seat's hidden information as far as the viewer knows it
FULL_STATE = "full state only"  # only in the full-state observation (viewer -1)


@dataclass(frozen=True)
class Piece:
    """A contiguous run of observation features."""

    name: str
    shape: tuple[int, ...]
    holds: str
    whose: str = PUBLIC

    @property
    def size(self) -> int:
        return prod(self.shape)


@dataclass(frozen=True)
class Block:
    """`count` consecutive copies of the same pieces (block k: the k-th seat, card...)."""

    name: str
    count: int
    pieces: tuple[Piece, ...]
    holds: str

    @property
    def stride(self) -> int:
        return sum(p.size for p in self.pieces)

    @property
    def size(self) -> int:
        return self.count * self.stride


@dataclass(frozen=True)
class Slot:
    """Where one named piece lies: `views` reshapes vector[start:start + count * stride] to
    (count, stride) (count 0: a plain piece), then takes columns offset:offset + size."""

    key: str
    piece: Piece
    start: int
    offset: int
    count: int = 0
    stride: int = 0

    @property
    def shape(self) -> tuple[int, ...]:
        return (self.count, *self.piece.shape) if self.count else self.piece.shape

    @property
    def at(self) -> int:
        """The absolute offset of the piece (of its copy in block 0)."""
        return self.start + self.offset

    def indices(self) -> np.ndarray:
        """Every slot of the vector that belongs to this piece."""
        cols = self.at + np.arange(self.piece.size)
        if not self.count:
            return cols
        return (cols[None, :] + self.stride * np.arange(self.count)[:, None]).ravel()


@dataclass(frozen=True)
class ObservationLayout:
    """A laid-out table: `size` floats; `slots` by key in vector order; `starts` the start
    of every top-level piece and block by name; `offsets` every piece's offset (absolute for
    a plain piece, within its block for a block's piece) keyed "name" / "block.name"."""

    table: tuple[Piece | Block, ...]
    size: int
    slots: dict[str, Slot] = field(repr=False)
    starts: dict[str, int] = field(repr=False)
    offsets: dict[str, int] = field(repr=False)

    def describe(self) -> list[tuple[str, tuple[int, ...], int, str, str]]:
        """(key, shape, absolute offset, what it holds, whose) of every piece."""
        return [(k, s.shape, s.at, s.piece.holds, s.piece.whose) for k, s in self.slots.items()]

    def markdown(self) -> str:
        """The pieces as a Markdown table (the docs print it: docs/rules/<game>.md); the k-th
        copy of a block's piece lies at "offset + stride k"."""
        lines = ["| piece | shape | at | whose | holds |", "|---|---|---|---|---|"]
        for key, slot in self.slots.items():
            dims = " × ".join(str(d) for d in slot.shape)
            at = f"{slot.at} + {slot.stride}k" if slot.count else str(slot.at)
            piece = slot.piece
            lines.append(f"| `{key}` | {dims} | {at} | {piece.whose} | {piece.holds} |")
        return "\n".join(lines) + "\n"

    def views(self, obs: np.ndarray) -> dict[str, np.ndarray]:
        """Named views of one observation (shape (size,)), or of a batch of them (shape
        (..., size): every view then has the same leading axes), sharing its memory."""
        obs = np.asarray(obs)
        if obs.ndim < 1 or obs.shape[-1] != self.size:
            raise ValueError(f"an observation has shape ({self.size},), got {obs.shape}")
        lead = obs.shape[:-1]
        out = {}
        for key, slot in self.slots.items():
            if slot.count:
                rows = obs[..., slot.start:slot.start + slot.count * slot.stride]
                rows = rows.reshape(*lead, slot.count, slot.stride)
                view = rows[..., slot.offset:slot.offset + slot.piece.size]
            else:
                view = obs[..., slot.at:slot.at + slot.piece.size]
            out[key] = view.reshape(*lead, *slot.shape)
        return out

    def flatten(self, pieces: dict[str, np.ndarray], dtype=np.float32) -> np.ndarray:
        """The flat vector of named pieces (the inverse of `views`); every key is needed."""
        if set(pieces) != set(self.slots):
            raise ValueError(f"pieces {sorted(set(pieces) ^ set(self.slots))} missing or "
                             "unknown")
        first = self.slots[next(iter(self.slots))]
        lead = np.shape(pieces[first.key])[:np.ndim(pieces[first.key]) - len(first.shape)]
        obs = np.zeros((*lead, self.size), dtype)
        for key, view in self.views(obs).items():
            value = np.asarray(pieces[key])
            if value.shape != view.shape:
                raise ValueError(f"piece {key!r} has shape {view.shape}, got {value.shape}")
            view[...] = value
        return obs


def lay_out(table: tuple[Piece | Block, ...] | list[Piece | Block]) -> ObservationLayout:
    """Offsets of a table of pieces and blocks, laid end to end in the order given."""
    slots: dict[str, Slot] = {}
    starts: dict[str, int] = {}
    offsets: dict[str, int] = {}
    at = 0

    def add(key: str, slot: Slot, offset: int) -> None:
        if key in slots:
            raise ValueError(f"observation piece {key!r} declared twice")
        slots[key] = slot
        offsets[key] = offset

    for entry in table:
        if entry.name in starts or entry.name in slots:
            raise ValueError(f"observation piece {entry.name!r} declared twice")
        starts[entry.name] = at
        if isinstance(entry, Block):
            offset = 0
            for piece in entry.pieces:
                key = f"{entry.name}.{piece.name}"
                add(key, Slot(key, piece, at, offset, entry.count, entry.stride), offset)
                offset += piece.size
        else:
            add(entry.name, Slot(entry.name, entry, at, 0), at)
        at += entry.size
    return ObservationLayout(tuple(table), at, slots, starts, offsets)


def observation_pieces(game, observation) -> dict[str, np.ndarray]:
    """Named views of an observation of `game` (a GameSpec): a flat vector (the
    "observation" entry of an env's observation, `state()`), a batch of them (..., size), or
    an observation dict itself. The views share the observation's memory."""
    layout = game.observation_layout
    if layout is None:
        raise ValueError(f"{game.name}: the game declares no observation pieces")
    if isinstance(observation, dict):
        observation = observation["observation"]
    return layout.views(observation)
