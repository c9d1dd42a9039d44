"""The games as OpenSpiel games: `python_aquilon`, `python_dragon`, `python_simurgh` (every
game of the registry, tabletop_core.games, as `python_<name>`).

    import pyspiel
    import tabletop_core.openspiel  # registers the games (needs the `[openspiel]` extra)
    game = pyspiel.load_game("python_simurgh", {"players": 3, "mode": "dragonlord"})

Parameters: `players` (default: the smallest table of at least two), `max_moves` (the move
limit, see below), and the game's own options (`GameSpec.options`, `openspiel_params`):
Dragon's Interest `start_player` (-1: drawn from the deal), Simurgh `mode` ("spearman",
"dragonlord"), `length` ("short", "medium", "long") and `ties` ("share", "markers").
A bad value is refused by `load_game` with a ValueError.

Dynamics: sequential. Sealed choices (Aquilon's bids, Dragon's Interest's Contracts, sealed
bids and chest amounts, Simurgh's power draft and dragon picks) are asked one seat at a time in
the order of the PettingZoo AEC environment, and no seat's observation, observation string,
information state or action description shows a choice another seat has not yet revealed
(tests/openspiel/test_information.py). Simultaneous nodes would not fit: Dragon's Interest
enters sealed amounts digit by digit, a private choice of several moves whose number depends
on the table, where an OpenSpiel simultaneous node takes one action per player; and OpenSpiel's
ISMCTS, MCTS and most of its algorithms need sequential games.

Chance: explicit. The deal is DEAL_NODES (8) chance nodes of DEAL_OUTCOMES (256) equally
likely outcomes: the bytes, most significant first, of a 64-bit number `k`; the game dealt is
the one the AEC environment deals with `reset(seed=k)` (engine seed `normalize_seed(k)`), and
`deal_actions(seed)` gives the chance actions of any AEC seed's deal (`dealt_state(game,
seed)` plays them). No later draw follows from the deal: before a seat's action is applied, it
is played on a copy, and if that `play` advanced the engine's generator (a shuffle or a draw:
Aquilon's Svara reshuffling the Era 2 deck, Simurgh dragonlord's draft end and dragon pick),
the action waits (it is in `history()`) while 8 more chance nodes of 256 outcomes draw a new
64-bit number, the generator is reseeded with `rng_seed(state, rng_at, normalize_seed(that
number))`, and the action is played. So a state holds no generator from which future draws
follow (OpenSpiel's perfect-information MCTS cannot read them off it), and the seeds are drawn
from far too many values (2**64 outcomes, giving every engine seed below 2**63) for a seat to
try every deal and read the hidden cards off the deals that fit what it saw. The AEC
environment, whose draws all follow from `reset`'s seed, deals the same game and agrees until
the first such event. A state is fully determined by its history, and `history()` replays it.
Sampled-stochastic chance is not used because OpenSpiel cannot serialize a sampled-stochastic
game written in Python (its Game::Serialize asks the game for a generator state, which a
Python game cannot provide), so `random_sim_test(serialize=True)` and pickling would fail; and
a shuffle of dozens of cards has far too many outcomes to list, nor can this module cut the
engines' `play` (which runs chance until the next decision) into finer chance nodes without
editing the games.

Move limit: `max_moves` (defaults in DEFAULT_MAX_MOVES, each game's
`GameSpec.openspiel_max_moves`, several times the longest random game
measured) bounds `max_game_length`; a game still running after that many moves is terminal
with zero returns for everyone. Returns: the rank reward (+1 first to -1 last, ties share),
zero-sum, paid at the end.

Per seat: `observation_string` is the table as that seat sees it (the game's `render_text`),
`observation_tensor` the engine's observation features; the Python observer's `dict` holds
them as "observation", and its `pieces` the game's named pieces
(`GameSpec.observation_layout`), views into its `tensor` (not in `dict`, from which OpenSpiel
sizes the tensor). `information_state_string` is the seat's whole history, with perfect
recall: a header with what it saw of the deal, then one entry per move: the move number, the
mover, the action (the seat's own description for its
own moves, the public description otherwise), the lines of the seat's table text that the
move changed, and a 64-bit digest of the seat's observation tensor after the move (so that
anything the tensor shows and the text does not still tells histories apart). It never holds
the chance outcomes (two deals of the same game give the same strings).
`information_state_tensor` has fixed size and keeps: the observation tensor, how often the
seat has taken each action, and the moves played over `max_moves`; it is not perfect recall
(the string is). A state answers `information_state_tensor`, `observation_tensor` and
`legal_actions` from Python itself (what OpenSpiel's `rl_environment` asks at every step),
with the values OpenSpiel's C++ side gives, which C++ callers still get through the observer.

`action_to_string(player, action)`: the acting seat's description for the acting seat; for
another seat only "P<mover>: action <id>", for every id, legal or not (the mover's options
may be hidden from it; once an action is played, the seat's information state says what it
learned of it). `resample_from_infostate(player, sampler)` draws a full state from the
player's information with the engine's `determinize`; the player's information state and
observation are unchanged (a finished game, shown to all, is kept as it is), the other seats'
information states start at the resampled position (their past observations are not known to
the player), and its `history()` is empty (no action sequence leads to a resampled state).
During the deal it draws as many random chance outcomes as were drawn (its history is those).
While an action waits for its chance event, the mover's resampled state keeps it (its own
choice, legal in what it sees) and redraws as many chance outcomes as were drawn; another
seat has not seen that action, so its resampled state is the position before it, the mover
to act.

Serialization: OpenSpiel serializes a Python state by pickling its attributes; here that is
one record of plain values with a checksum, checked on load (sizes, ranges, the checksum, and
every engine snapshot by the game's validator, `GameSpec.check_state`).
`game.deserialize_state(text)` checks the text with an unpickler that accepts nothing but that
record before building the state, so a corrupted or foreign string raises ValueError.
OpenSpiel's own C++ entry points (`pyspiel.deserialize_game_and_state`, `pickle.loads` of a
state) unpickle without that guard (a damaged string still raises, through the record's
checks): use them only on strings you produced.

`str(state)` is the referee's view (public table plus a digest of the full state). OpenSpiel's
`mcts.MCTSBot` is a perfect-information search: it plays on the true state, hidden cards
included (future draws are chance nodes it samples); use ISMCTS for a bot that only knows
its seat.
"""

from __future__ import annotations

import base64
import hashlib
import io
import pickle
from dataclasses import dataclass, field
from typing import Any

import numpy as np
import pyspiel
from open_spiel.python.algorithms import ismcts

from tabletop_core.games import game_names, game_spec
from tabletop_core.inputs import SEED_LIMIT, normalize_seed
from tabletop_core.rewards import RANK, final_rewards
from tabletop_core.rng import RNG_WORDS, rng_seed
from tabletop_core.spec import GameSpec

DEFAULT_MAX_MOVES = {name: game_spec(name).openspiel_max_moves for name in game_names()}
DEAL_NODES = 8  # chance nodes of a chance event (the deal, a reseed), each a byte of its seed
DEAL_OUTCOMES = 256
_DIGEST_BYTES = 8
CHANCE = int(pyspiel.PlayerId.CHANCE)
TERMINAL = int(pyspiel.PlayerId.TERMINAL)


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


def deal_actions(seed: int) -> list[int]:
    """The chance actions that deal the game the AEC environment deals with `reset(seed=seed)`
    (any non-negative integer)."""
    return list(normalize_seed(seed).to_bytes(DEAL_NODES, "big"))


def dealt_state(game: TabletopGame, seed: int) -> TabletopState:
    """A new state of `game` after the deal of the AEC environment's `reset(seed=seed)`."""
    state = game.new_initial_state()
    for outcome in deal_actions(seed):
        state.apply_action(outcome)
    return state


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
        size = d.spec.obs_size
        out = np.zeros(size + d.spec.num_actions + 1, np.float32)
        if self.state is not None:
            d.spec.observe(self.state, seat, out[:size])
        out[size:-1] = self.counts[seat]
        out[-1] = self.moves / d.max_moves
        return out

    def resampled(self, player: int, seed: int) -> _Record:
        """A record of a full state drawn from `player`'s information (see the module doc)."""
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


class _RecordUnpickler(pickle.Unpickler):
    """Unpickles a serialized state's attributes and refuses every class but the record's."""

    def find_class(self, module: str, name: str):
        if (module, name) == (__name__, "_load_record"):
            return _load_record
        raise ValueError(f"bad serialized state: it refers to {module}.{name}")


def check_serialized(text: str, definition: Definition) -> None:
    """Raise ValueError unless `text` is a state serialized by OpenSpiel for this game."""
    if not isinstance(text, str):
        raise ValueError("bad serialized state: not a string")
    pieces = text.split("\n", 2)
    _require(len(pieces) == 3, "expected three lines")
    history, move_number, attributes = pieces
    _require(history.startswith("history="), "no history line")
    for item in filter(None, history[len("history="):].split(",")):
        player, _, action = item.partition(":")
        _require(player.lstrip("-").isdigit() and action.isdigit(), "bad history")
    _require(move_number.startswith("move_number=")
             and move_number[len("move_number="):].isdigit(), "bad move number")
    _require(attributes.startswith("__dict__="), "no attributes")
    try:
        raw = base64.b64decode(attributes[len("__dict__="):], validate=True)
    except ValueError as error:
        raise ValueError(f"bad serialized state: attributes are not base64 ({error})") from None
    try:
        attrs = _RecordUnpickler(io.BytesIO(raw)).load()
    except ValueError as error:
        if str(error).startswith("bad serialized state"):
            raise
        raise ValueError(f"bad serialized state: {error}") from None
    except Exception as error:  # a damaged pickle fails in many ways
        raise ValueError(f"bad serialized state: {type(error).__name__}: {error}") from None
    _require(isinstance(attrs, dict) and set(attrs) == {"_record"}
             and isinstance(attrs["_record"], _Record), "no state record")
    _require(attrs["_record"].definition == definition, "a state of another game")


class TabletopState(pyspiel.State):
    """A state of one of the games (see the module docstring)."""

    def __init__(self, game: TabletopGame):
        super().__init__(game)
        self._record = _Record(game.definition)

    def __setattr__(self, name: str, value: Any) -> None:
        # OpenSpiel's clone and deserialization set the attributes one by one.
        if name != "_record" or not isinstance(value, _Record):
            raise ValueError(f"a state holds one record; refusing attribute {name!r}")
        if value.definition != self.get_game().definition:
            raise ValueError("bad serialized state: a state of another game")
        super().__setattr__(name, value)

    # -- OpenSpiel API ------------------------------------------------------------------
    def current_player(self) -> int:
        return self._record.current_player()

    def _legal_actions(self, player: int) -> list[int]:
        record = self._record
        if record.state is None:
            return list(range(DEAL_OUTCOMES))
        return np.flatnonzero(record.legal_mask()).tolist()

    def legal_actions(self, *player: int) -> list[int]:
        """OpenSpiel's `legal_actions`, without its three calls back into Python for a seat
        that is not to act."""
        mover = self._record.current_player()
        seat = player[0] if player else mover
        if mover >= 0 and type(seat) is int and seat >= 0:
            return self._legal_actions(seat) if seat == mover else []
        return pyspiel.State.legal_actions(self, *player)

    def information_state_tensor(self, *player: int) -> list[float]:
        """OpenSpiel's `information_state_tensor`, without the new state its C++ side builds
        at every call to size the tensor."""
        return self._tensor(True, player)

    def observation_tensor(self, *player: int) -> list[float]:
        """OpenSpiel's `observation_tensor` (see `information_state_tensor`)."""
        return self._tensor(False, player)

    def _tensor(self, recall: bool, player: tuple[int, ...]) -> list[float]:
        record = self._record
        seat = player[0] if player else record.current_player()
        if type(seat) is not int or not 0 <= seat < record.definition.num_players:
            # OpenSpiel's checks and errors
            method = (pyspiel.State.information_state_tensor if recall
                      else pyspiel.State.observation_tensor)
            return method(self, *player)
        tensor = record.information_state_tensor(seat) if recall else record.observation(seat)
        return record.lists.values((recall, seat), tensor)

    def chance_outcomes(self) -> list[tuple[int, float]]:
        return self.get_game().chance_outcomes

    def _apply_action(self, action: int) -> None:
        record = self._record
        d = record.definition
        player = record.current_player()
        if player == TERMINAL:
            raise ValueError(f"{d.short_name}: the game is over; no action {action!r}")
        valid = isinstance(action, int | np.integer) and not isinstance(action, bool)
        if player == CHANCE:
            if not (valid and 0 <= action < DEAL_OUTCOMES):
                raise ValueError(f"{d.short_name}: a chance outcome must be in "
                                 f"0..{DEAL_OUTCOMES - 1}, got {action!r}")
            record.draw(int(action))
            return
        if not (valid and 0 <= action < d.spec.num_actions and record.legal_mask()[action]):
            legal = ", ".join(f"{a} ({d.spec.action_to_string(record.state, a)})"
                              for a in np.flatnonzero(record.legal_mask()))
            raise ValueError(f"{d.short_name}: illegal action {action!r} for player {player}; "
                             f"legal: {legal}")
        record.play(int(action))

    def _action_to_string(self, player: int, action: int) -> str:
        record = self._record
        spec = record.definition.spec
        if player == CHANCE:
            event = "deal" if record.state is None else "chance"
            return f"{event} byte {len(record.chance) + 1} of {DEAL_NODES}: {action}"
        mover = record.current_player()
        if player == mover and 0 <= action < spec.num_actions:
            return record.action_text(action)
        # Another seat may not know the mover's options (a hidden hand, the cards Svara looks
        # at), nor which ids are legal: it reads only the number. What a played action shows
        # it is in its information state.
        return f"P{mover}: action {action}" if mover >= 0 else f"action {action}"

    def is_terminal(self) -> bool:
        return self._record.current_player() == TERMINAL

    def returns(self) -> list[float]:
        return self._record.returns()

    def rewards(self) -> list[float]:
        return self._record.returns()

    def is_truncated(self) -> bool:
        """Whether the game was cut by the move limit (terminal, zero returns)."""
        return self._record.truncated

    def engine_state(self) -> np.ndarray | None:
        """A copy of the engine's state array (None before the deal): the referee's view."""
        state = self._record.state
        return None if state is None else state.copy()

    def resample_from_infostate(self, player: int, sampler) -> TabletopState:
        """A state drawn from `player`'s information; `sampler()` gives uniforms in [0, 1)."""
        record = self._record
        n = record.definition.num_players
        if not isinstance(player, int | np.integer) or not 0 <= player < n:
            raise ValueError(f"player must be a seat in 0..{n - 1}, got {player!r}")
        state = self.get_game().new_initial_state()
        if record.state is not None:
            seed = int(sampler() * (1 << 53))
            state._record = record.resampled(int(player), seed)
        if state.is_chance_node():  # the deal, or a kept pending action: redraw its outcomes
            for _ in record.chance:
                state.apply_action(int(sampler() * DEAL_OUTCOMES))
        return state

    def __str__(self) -> str:
        record = self._record
        if record.state is None:
            return f"chance node: the deal, {len(record.chance)} of {DEAL_NODES} bytes drawn"
        digest = _digest(record.state.tobytes() + bytes([record.truncated]))
        limit = " (cut by the move limit)" if record.truncated else ""
        text = (f"{record.definition.spec.render_text(record.state)}\n"
                f"move {record.moves}{limit}, full state {digest}")
        if record.pending is not None:
            text += (f"\nchance node: action {record.pending} pending, {len(record.chance)} of "
                     f"{DEAL_NODES} bytes drawn")
        return text


class _Observer:
    """OpenSpiel's Python observer: one seat's observation or information state."""

    def __init__(self, definition: Definition, perfect_recall: bool):
        self.definition = definition
        self.perfect_recall = perfect_recall
        spec = definition.spec
        size = spec.obs_size + (spec.num_actions + 1 if perfect_recall else 0)
        self.tensor = np.zeros(size, np.float32)
        self.dict = {"observation": self.tensor[:spec.obs_size]}
        # The game's named observation pieces, views into the same floats. Not in `dict`:
        # OpenSpiel sizes the tensor from every entry of `dict`, and the pieces overlap it.
        self.pieces = spec.observation_layout.views(self.dict["observation"])
        if perfect_recall:
            self.dict["own_action_counts"] = self.tensor[spec.obs_size:-1]
            self.dict["progress"] = self.tensor[-1:]

    def set_from(self, state: TabletopState, player: int) -> None:
        record = state._record
        if self.perfect_recall:
            self.tensor[:] = record.information_state_tensor(player)
        else:
            self.tensor[:] = record.observation(player)

    def string_from(self, state: TabletopState, player: int) -> str:
        record = state._record
        if self.perfect_recall:
            return record.information_state_string(player)
        return record.table_text(player)


class TabletopGame(pyspiel.Game):
    """One of the games with its parameters (see the module docstring)."""

    name: str  # set by each game's subclass

    def __init__(self, params: dict[str, Any] | None = None):
        name = self.name
        definition = _definition(name, dict(params or {}))
        info = pyspiel.GameInfo(
            num_distinct_actions=definition.spec.num_actions,
            max_chance_outcomes=DEAL_OUTCOMES,
            num_players=definition.num_players,
            min_utility=-1.0,
            max_utility=1.0,
            utility_sum=0.0,
            max_game_length=definition.max_moves,
        )
        super().__init__(_GAME_TYPES[name], info, dict(definition.params))
        self.definition = definition
        self.chance_outcomes = [(k, 1.0 / DEAL_OUTCOMES) for k in range(DEAL_OUTCOMES)]

    def new_initial_state(self, *args) -> TabletopState:
        if args:
            raise ValueError(f"{self.definition.short_name}: new_initial_state takes no "
                             "argument (the deal is the first, chance, actions)")
        return TabletopState(self)

    def make_py_observer(self, iig_obs_type=None, params=None) -> _Observer:
        if params:
            raise ValueError(f"observation parameters are not supported; passed {params}")
        if iig_obs_type is not None and (
            iig_obs_type.private_info != pyspiel.PrivateInfoType.SINGLE_PLAYER
            or not iig_obs_type.public_info
        ):
            raise ValueError("only a seat's own view is supported (public information plus "
                             "that seat's private information)")
        recall = iig_obs_type is not None and iig_obs_type.perfect_recall
        return _Observer(self.definition, recall)

    def deserialize_state(self, text: str) -> TabletopState:
        """A state from `state.serialize()`; ValueError if the text is not one of this game's."""
        check_serialized(text, self.definition)
        return pyspiel.Game.deserialize_state(self, text)


def _game_type(name: str) -> pyspiel.GameType:
    spec = game_spec(name)
    return pyspiel.GameType(
        short_name=spec.openspiel_name,
        long_name=f"{spec.title} (tabletop-rl {spec.versioned_name})",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
        information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
        utility=pyspiel.GameType.Utility.ZERO_SUM,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=spec.max_players,
        min_num_players=spec.min_players,
        provides_information_state_string=True,
        provides_information_state_tensor=True,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification=spec.openspiel_params,
    )


def _register() -> tuple[dict[str, pyspiel.GameType], dict[str, type]]:
    # OpenSpiel's registry keeps each creator until the process ends, after Python has shut
    # down: a class (unlike a closure) is never freed by that last release.
    types, classes = {}, {}
    registered = {t.short_name for t in pyspiel.registered_games()}
    for name in game_names():
        types[name] = _game_type(name)
        title = "".join(w.capitalize() for w in name.split("_"))
        classes[name] = type(f"{title}Game", (TabletopGame,), {"name": name,
                                                               "__module__": __name__})
        if types[name].short_name not in registered:
            pyspiel.register_game(types[name], classes[name])
    return types, classes


_GAME_TYPES, GAME_CLASSES = _register()


class ISMCTSBot(ismcts.ISMCTSBot):
    """OpenSpiel's Python ISMCTS bot, unchanged, plus the `restart_at` that
    `evaluate_bots` calls and it lacks (it keeps nothing between decisions: each search
    starts from the state it is given)."""

    def restart_at(self, state: pyspiel.State) -> None:
        self.reset()
GAME_NAMES = tuple(t.short_name for t in _GAME_TYPES.values())
