"""`_Record`, everything a state holds (the engine snapshot, the pending action and chance
outcomes, the information states), and its checked round trip through plain values: its
`payload` when pickled, `_load_record` when unpickled."""

from __future__ import annotations

from typing import Any

import numpy as np

from tabletop_core.games import game_names
from tabletop_core.inputs import SEED_LIMIT, normalize_seed
from tabletop_core.openspiel.definition import (
    _PICKLED_MODULE,
    CHANCE,
    DEAL_NODES,
    DEAL_OUTCOMES,
    TERMINAL,
    Definition,
    _definition,
    _digest,
)
from tabletop_core.openspiel.lists import _Lists
from tabletop_core.rewards import RANK, final_rewards
from tabletop_core.rng import RNG_WORDS, rng_seed


class _Record:
    """Everything a state holds (OpenSpiel copies and pickles this one attribute).

    `state` is the engine snapshot (None before the deal); `pending` the action of the seat
    to act whose `play` draws randomness, waiting for its chance event (else None); `chance`
    the outcomes of the chance event under way (the deal's or the pending action's). `trail`
    holds the moves whose information-state entries are not written yet, as (state before,
    mover, action), the deal as (None, CHANCE, engine seed); the entries are written for every
    seat at once when a string is asked for (`materialize`).
    `seen[seat]` is the seat's table text, as lines, after the last written entry. Read off
    `state` and reset whenever it is replaced: `player` (the engine's player to act), `mask`
    (legal actions) and `texts` (their descriptions); `lists` holds the tensors last given
    out as lists (not copied, not saved)."""

    __slots__ = ("definition", "state", "pending", "chance", "moves", "truncated", "counts",
                 "trail", "entries", "seen", "player", "mask", "texts", "lists")

    def __init__(self, definition: Definition):
        self.definition = definition
        self.state: np.ndarray | None = None
        self.pending: int | None = None
        self.chance: list[int] = []
        self.moves = 0
        self.truncated = False
        n = definition.num_players
        self.counts = np.zeros((n, definition.spec.num_actions), np.int32)
        self.trail: list[tuple[np.ndarray | None, int, int]] = []
        self.entries: list[list[str]] = [[] for _ in range(n)]
        self.seen: list[tuple[str, ...]] = [() for _ in range(n)]
        self.player: int | None = None
        self.mask: np.ndarray | None = None
        self.texts: dict[int, str] | None = None
        self.lists = _Lists()

    def __deepcopy__(self, memo) -> _Record:
        other = _Record.__new__(_Record)
        other.definition = self.definition
        other.state = None if self.state is None else self.state.copy()
        other.pending = self.pending
        other.chance = list(self.chance)
        other.moves = self.moves
        other.truncated = self.truncated
        other.counts = self.counts.copy()
        other.trail = list(self.trail)  # the snapshots in it are never written to
        other.entries = [list(e) for e in self.entries]
        other.seen = list(self.seen)
        other.player, other.mask, other.texts = self.player, self.mask, self.texts
        other.lists = _Lists()
        return other

    def __reduce__(self):
        return (_load_record, (self.payload(),))

    # -- the game -----------------------------------------------------------------------
    def current_player(self) -> int:
        if self.state is None or self.pending is not None:
            return CHANCE
        if self.truncated:
            return TERMINAL
        if self.player is None:
            player = int(self.definition.spec.current_player(self.state))
            self.player = player if player >= 0 else TERMINAL
        return self.player

    def legal_mask(self) -> np.ndarray:
        """The legal actions' mask (shared: not to be written to)."""
        if self.mask is None:
            self.mask = np.zeros(self.definition.spec.num_actions, np.uint8)
            self.definition.spec.legal_mask(self.state, self.mask)
        return self.mask

    def replace(self, state: np.ndarray) -> None:
        """Make `state` the engine state, resetting what was read off the last one."""
        self.state = state
        self.player = self.mask = self.texts = None

    def draw(self, outcome: int) -> None:
        """One chance outcome; the last of an event deals the game (the seed given to `init`)
        or reseeds the generator and plays the pending action."""
        self.chance.append(outcome)
        if len(self.chance) < DEAL_NODES:
            return
        seed = normalize_seed(int.from_bytes(bytes(self.chance), "big"))
        self.chance = []
        d = self.definition
        if self.state is None:
            state = np.zeros(d.spec.state_size, np.int32)
            d.spec.init(state, d.config, seed)
            self.replace(state)
            self.trail.append((None, CHANCE, seed))
            return
        after = self.state.copy()
        rng_seed(after, d.spec.rng_at, seed)
        d.spec.play(after, self.pending)
        action, self.pending = self.pending, None
        self.commit(action, after)

    def play(self, action: int) -> None:
        """A seat's action: played now, or pending a chance event if `play` draws randomness
        (found by playing it on a copy and comparing the generator's words)."""
        at = self.definition.spec.rng_at
        after = self.state.copy()
        self.definition.spec.play(after, action)
        if after[at:at + RNG_WORDS].tobytes() == self.state[at:at + RNG_WORDS].tobytes():
            self.commit(action, after)
        else:
            self.pending = action

    def commit(self, action: int, after: np.ndarray) -> None:
        """Record the move of the seat to act, whose play led to engine state `after`."""
        d = self.definition
        mover = self.current_player()
        self.trail.append((self.state, mover, action))
        self.counts[mover, action] += 1
        self.replace(after)
        self.moves += 1
        if self.moves >= d.max_moves and d.spec.current_player(self.state) >= 0:
            self.truncated = True

    def action_text(self, action: int) -> str:
        """The mover's description of a legal action; two legal actions that the game
        describes alike (e.g. bidding either of two equal talions) get their numbers added,
        as OpenSpiel wants distinct strings."""
        if self.texts is None:
            describe = self.definition.spec.action_to_string
            legal = np.flatnonzero(self.legal_mask())
            texts = {int(a): describe(self.state, int(a)) for a in legal}
            seen: dict[str, int] = {}
            for text in texts.values():
                seen[text] = seen.get(text, 0) + 1
            self.texts = {a: t if seen[t] == 1 else f"{t} (action {a})" for a, t in texts.items()}
        text = self.texts.get(action)
        return text if text is not None else self.definition.spec.action_to_string(
            self.state, action)

    def returns(self) -> list[float]:
        d = self.definition
        n = d.num_players
        if self.current_player() != TERMINAL or self.truncated:
            return [0.0] * n
        scores = np.zeros(n, np.float64)
        keys = np.zeros(n, np.int64)
        rewards = np.zeros(n, np.float64)
        d.spec.final_scores(self.state, scores, keys)
        final_rewards(scores, keys, n, RANK, rewards)
        return rewards.tolist()

    def observation(self, seat: int) -> np.ndarray:
        out = np.zeros(self.definition.spec.obs_size, np.float32)
        if self.state is not None:
            self.definition.spec.observe(self.state, seat, out)
        return out

    def table_text(self, seat: int) -> str:
        if self.state is None:
            return f"Player {seat}: the game is not dealt yet"
        return self.definition.spec.render_text(self.state, seat)

    # -- information states -------------------------------------------------------------
    def materialize(self) -> None:
        """Write the information-state entries of every seat for the moves in `trail`."""
        d = self.definition
        first = self.moves - sum(1 for pre, _, _ in self.trail if pre is not None) + 1
        for i, (pre, mover, action) in enumerate(self.trail):
            post = self.trail[i + 1][0] if i + 1 < len(self.trail) else self.state
            if pre is None:
                heads = [f"Player {seat} of {d.num_players}: the deal" for seat in range(
                    d.num_players)]
            else:
                own = d.spec.action_to_string(pre, action)
                public = d.spec.public_action_to_string(pre, action)
                heads = [f"{first} P{mover} (you): {own}" if seat == mover
                         else f"{first} P{mover}: {public}" for seat in range(d.num_players)]
                first += 1
            for seat, head in enumerate(heads):
                self.entries[seat].append(self._entry(head, post, seat))
        self.trail = []

    def _entry(self, head: str, post: np.ndarray, seat: int) -> str:
        """One entry: its head, the changed lines of the seat's table text, the digest."""
        d = self.definition
        lines = tuple(d.spec.render_text(post, seat).split("\n"))
        before = self.seen[seat]
        parts = [head]
        parts += [f"  {j}| {line}" for j, line in enumerate(lines)
                  if j >= len(before) or before[j] != line]
        if len(lines) < len(before):
            parts.append(f"  ({len(lines)} lines)")
        obs = np.zeros(d.spec.obs_size, np.float32)
        d.spec.observe(post, seat, obs)
        parts.append(f"  obs {_digest(obs.tobytes())}")
        self.seen[seat] = lines
        return "\n".join(parts)

    def information_state_string(self, seat: int) -> str:
        if self.state is None:
            return f"Player {seat} of {self.definition.num_players}: before the deal"
        self.materialize()
        return "\n".join(self.entries[seat])

    def information_state_tensor(self, seat: int) -> np.ndarray:
        d = self.definition
        size, seats = d.spec.obs_size, d.spec.max_players
        out = np.zeros(size + seats + d.spec.num_actions + 1, np.float32)
        if self.state is not None:
            d.spec.observe(self.state, seat, out[:size])
        out[size + seat] = 1.0  # the observing seat (the observation may not tell it)
        out[size + seats:-1] = self.counts[seat]
        out[-1] = self.moves / d.max_moves
        return out

    def resampled(self, player: int, seed: int) -> _Record:
        """A record of a full state drawn from `player`'s information (see the package doc)."""
        d = self.definition
        self.materialize()
        other = _Record(d)
        other.state = self.state.copy()
        if self.current_player() != TERMINAL:
            # A finished game is shown to everyone: nothing is left to resample.
            d.spec.determinize(other.state, player, seed)
        if self.pending is not None and player == d.spec.current_player(self.state):
            other.pending = self.pending  # the mover's own choice, legal in what it sees
        other.moves = self.moves
        other.truncated = self.truncated
        other.counts[player] = self.counts[player]
        other.entries[player] = list(self.entries[player])
        other.seen[player] = self.seen[player]
        for seat in range(d.num_players):
            if seat != player:
                head = (f"Player {seat} of {d.num_players}: a state resampled after move "
                        f"{self.moves} from player {player}'s information")
                other.entries[seat].append(other._entry(head, other.state, seat))
        return other

    # -- serialization ------------------------------------------------------------------
    def payload(self) -> dict[str, Any]:
        """Plain values only (no class but this module's loader is needed to unpickle)."""
        body = {
            "game": self.definition.name,
            "params": dict(self.definition.params),
            "state": None if self.state is None else self.state.tobytes(),
            "pending": self.pending,
            "chance": list(self.chance),
            "moves": self.moves,
            "truncated": self.truncated,
            "counts": self.counts.tobytes(),
            "trail": [(None if pre is None else pre.tobytes(), mover, action)
                      for pre, mover, action in self.trail],
            "entries": [list(e) for e in self.entries],
            "seen": [list(s) for s in self.seen],
        }
        return {**body, "checksum": _digest(repr(body).encode())}



def _require(condition: bool, problem: str) -> None:
    if not condition:
        raise ValueError(f"bad serialized state: {problem}")


def _snapshot(data: Any, definition: Definition, what: str) -> np.ndarray:
    """An engine state from its bytes, checked by the game's validator (GameSpec.check_state:
    every field in range, a state the rules can reach, of this configuration)."""
    spec = definition.spec
    _require(isinstance(data, bytes) and len(data) == 4 * spec.state_size,
             f"{what} must be {4 * spec.state_size} bytes of int32")
    state = np.frombuffer(data, np.int32).copy()
    try:
        spec.check_state(state, definition.config)
    except ValueError as error:
        raise ValueError(f"bad serialized state: {what}: {error}") from None
    return state


def _load_record(payload: Any) -> _Record:
    """Rebuild a record from `payload`, checking every field; ValueError on any problem."""
    _require(isinstance(payload, dict), "not a record")
    fields = {"game", "params", "state", "pending", "chance", "moves", "truncated", "counts",
              "trail", "entries", "seen", "checksum"}
    _require(set(payload) == fields, f"fields must be {sorted(fields)}")
    body = {k: v for k, v in payload.items() if k != "checksum"}
    _require(payload["checksum"] == _digest(repr(body).encode()), "checksum mismatch")
    _require(payload["game"] in game_names() and isinstance(payload["params"], dict),
             "unknown game")
    definition = _definition(payload["game"], payload["params"])
    spec, n = definition.spec, definition.num_players
    record = _Record(definition)
    if payload["state"] is not None:
        record.state = _snapshot(payload["state"], definition, "state")
    moves, truncated = payload["moves"], payload["truncated"]
    _require(isinstance(moves, int) and 0 <= moves <= definition.max_moves, "bad move count")
    _require(isinstance(truncated, bool), "bad truncation flag")
    _require(not truncated or moves == definition.max_moves, "truncated before the limit")
    record.moves, record.truncated = moves, truncated
    pending = payload["pending"]
    if pending is not None:
        _require(isinstance(pending, int) and record.state is not None
                 and record.current_player() >= 0 and 0 <= pending < spec.num_actions
                 and bool(record.legal_mask()[pending]), "bad pending action")
        record.pending = pending
    chance = payload["chance"]
    _require(isinstance(chance, list) and len(chance) < DEAL_NODES
             and all(isinstance(b, int) and 0 <= b < DEAL_OUTCOMES for b in chance)
             and (record.state is None or record.pending is not None or not chance),
             "bad chance outcomes")
    record.chance = list(chance)
    _require(record.state is not None or moves == 0, "moves before the deal")
    counts = payload["counts"]
    _require(isinstance(counts, bytes) and len(counts) == 4 * n * spec.num_actions,
             "bad action counts")
    record.counts = np.frombuffer(counts, np.int32).reshape(n, spec.num_actions).copy()
    _require(bool((record.counts >= 0).all()) and int(record.counts.sum()) <= moves,
             "more actions counted than moves")
    trail = payload["trail"]
    _require(isinstance(trail, list) and len(trail) <= moves + 1, "bad trail")
    for k, item in enumerate(trail):
        _require(isinstance(item, tuple) and len(item) == 3, "bad trail entry")
        pre, mover, action = item
        _require(isinstance(mover, int) and isinstance(action, int), "bad trail entry")
        if pre is None:
            _require(k == 0 and mover == CHANCE
                     and 0 <= action < SEED_LIMIT, "bad deal entry")
            record.trail.append((None, mover, action))
        else:
            _require(0 <= mover < n and 0 <= action < spec.num_actions, "bad move entry")
            record.trail.append((_snapshot(pre, definition, "trail snapshot"), mover, action))
    for name, rows in (("entries", payload["entries"]), ("seen", payload["seen"])):
        _require(isinstance(rows, list) and len(rows) == n
                 and all(isinstance(r, list) and all(isinstance(s, str) for s in r)
                         for r in rows), f"bad {name}")
    record.entries = [list(r) for r in payload["entries"]]
    record.seen = [tuple(r) for r in payload["seen"]]
    return record


_load_record.__module__ = _PICKLED_MODULE  # the name pickles give the loader
