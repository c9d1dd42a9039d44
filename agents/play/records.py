"""Playing one game between bots, and the compact record (seed + actions) it leaves."""

from __future__ import annotations

import hashlib
import json
import math
import os
import tempfile
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

import numpy as np

from agents.bots import Seat, as_bot, bot_name
from agents.bots.base import seat_view
from agents.games import load_game
from tabletop_core.inputs import normalize_seed
from tabletop_core.rewards import REWARD_MODES
from tabletop_core.spec import GameSpec
from tabletop_core.text import check_viewer


@dataclass
class GameRecord:
    """One game: enough to replay it exactly (game, players, options, seed, actions). A game
    cut at its move limit `max_moves` (tabletop_core.limits) has `truncated` set and every
    reward 0. A game that stopped before its end (a person's input ended) has `unfinished`
    set and no scores or rewards (empty lists): its moves so far replay, up to where it
    stopped."""

    game: str
    num_players: int
    seed: int
    bots: list[str]
    actions: list[int]
    scores: list[float]
    rewards: list[float]
    options: dict = field(default_factory=dict)
    max_moves: int | None = None
    truncated: bool = False
    unfinished: bool = False

    def save(self, path: str | Path) -> None:
        """Write the record as JSON, atomically: a file written beside it, then renamed over
        it, so that a failed write leaves what was there."""
        write_atomically(path, json.dumps(asdict(self)))

    @classmethod
    def load(cls, path: str | Path) -> GameRecord:
        """Read a record written by `save`; ValueError (one line) for a missing or unreadable
        file or one that is not a game log. `replay` checks the moves themselves."""
        try:
            data = json.loads(Path(path).read_text())
        except FileNotFoundError:
            raise ValueError(f"no such game log: {path}") from None
        except (OSError, UnicodeDecodeError, json.JSONDecodeError) as error:
            raise ValueError(f"cannot read game log {path}: {error}") from None
        except RecursionError:
            raise ValueError(f"cannot read game log {path}: nested too deeply") from None
        return cls.from_dict(data, str(path))

    @classmethod
    def from_dict(cls, data: Any, source: str = "game log") -> GameRecord:
        """A record from its JSON form, every field checked (ValueError naming the field)."""
        if not isinstance(data, dict):
            raise ValueError(f"{source}: not a game log (a JSON object is expected)")
        known = {f for f in cls.__dataclass_fields__}
        missing = sorted({"game", "num_players", "seed", "bots", "actions", "scores",
                          "rewards"} - set(data))
        if missing or set(data) - known:
            problem = f"missing {', '.join(missing)}" if missing else \
                f"unknown field(s) {', '.join(sorted(set(data) - known))}"
            raise ValueError(f"{source}: not a game log ({problem})")

        def integer(name: str, value: Any, low: int = 0) -> int:
            if isinstance(value, bool) or not isinstance(value, int) or value < low:
                raise ValueError(f"{source}: {name} must be an integer >= {low}, got {value!r}")
            return value

        def numbers(name: str, values: Any) -> list[float]:
            if not isinstance(values, list) or not all(
                    isinstance(v, int | float) and not isinstance(v, bool) and math.isfinite(v)
                    for v in values):
                raise ValueError(f"{source}: {name} must be a list of numbers")
            return [float(v) for v in values]

        game = data["game"]
        try:
            spec = load_game(game).SPEC
        except (ValueError, TypeError):
            raise ValueError(f"{source}: unknown game {game!r}") from None
        players = integer("num_players", data["num_players"], spec.min_players)
        if players > spec.max_players:
            raise ValueError(f"{source}: {game} takes {spec.min_players}-{spec.max_players} "
                             f"players, the log has {players}")
        bots = data["bots"]
        if not isinstance(bots, list) or len(bots) != players or \
                not all(isinstance(b, str) for b in bots):
            raise ValueError(f"{source}: bots must be {players} names, one per seat")
        actions = data["actions"]
        if not isinstance(actions, list):
            raise ValueError(f"{source}: actions must be a list of action ids")
        for k, a in enumerate(actions):
            integer(f"action {k}", a)
        scores = numbers("scores", data["scores"])
        rewards = numbers("rewards", data["rewards"])
        unfinished = data.get("unfinished", False)
        if not isinstance(unfinished, bool):
            raise ValueError(f"{source}: unfinished must be true or false")
        if unfinished and (scores or rewards):
            raise ValueError(f"{source}: an unfinished game has no scores or rewards")
        if not unfinished and (len(scores) != players or len(rewards) != players):
            raise ValueError(f"{source}: scores and rewards must have one entry per seat")
        options = data.get("options", {})
        if not isinstance(options, dict):
            raise ValueError(f"{source}: options must be a JSON object")
        # the game's own options, and the env's reward mode (a best response's games keep it);
        # num_players or max_moves here would clash
        if options.get("reward_mode", REWARD_MODES[0]) not in REWARD_MODES:
            raise ValueError(f"{source}: unknown reward_mode {options['reward_mode']!r}")
        try:
            spec.make_config(players, **{k: v for k, v in options.items() if k != "reward_mode"})
        except (ValueError, TypeError) as error:
            raise ValueError(f"{source}: bad options {options!r}: {error}") from None
        max_moves = data.get("max_moves")
        if max_moves is not None:
            integer("max_moves", max_moves, 1)
        truncated = data.get("truncated", False)
        if not isinstance(truncated, bool):
            raise ValueError(f"{source}: truncated must be true or false")
        if truncated and unfinished:
            raise ValueError(f"{source}: a game cut at its move limit is not unfinished")
        return cls(game, players, integer("seed", data["seed"]), bots, actions, scores,
                   rewards, options, max_moves, truncated, unfinished)


def write_atomically(path: str | Path, text: str) -> None:
    """Write `text` to a file beside `path`, then rename it over `path`: a failed write leaves
    what was there."""
    path = Path(path)
    with tempfile.NamedTemporaryFile("w", dir=path.parent, prefix=f".{path.name}.",
                                     suffix=".tmp", delete=False) as out:
        out.write(text)
    try:
        os.replace(out.name, path)
    except OSError:
        os.unlink(out.name)
        raise


def check_writable(path: str | Path) -> None:
    """ValueError (one line) unless a game log can be saved at `path`: its folder exists and
    takes a new file, and `path` is not a folder. Nothing is left behind."""
    path = Path(path)
    if path.is_dir():
        raise ValueError(f"cannot save the game to {path}: it is a folder")
    try:
        with tempfile.NamedTemporaryFile(dir=path.parent, prefix=f".{path.name}."):
            pass
    except OSError as err:
        raise ValueError(f"cannot save the game to {path}: {err.strerror or err}") from None


def game_seed(master: int, index: int) -> int:
    """The seed of game `index` of a series dealt from `master`: 63 bits of a blake2b hash of
    both. The same master deals the same games, but a game's seed cannot be guessed from the
    series' (as seed + index could), so a seat's shared view of one game (its first board)
    names no seed from which the hidden parts follow."""
    digest = hashlib.blake2b(f"{master}/{index}".encode(), digest_size=8).digest()
    return int.from_bytes(digest, "big") >> 1


def bot_seed(seed: int, seat: int) -> int:
    """The seed of the bot in `seat` of the game dealt from `seed` (any size: large ones are
    reduced by `normalize_seed`)."""
    return normalize_seed(seed * 16 + seat)


def game_over(env) -> bool:
    """Whether the game of a raw environment has ended or was cut at its move limit."""
    return all(env.terminations.values()) or all(env.truncations.values())


def play_game(
    game: str, num_players: int, bots: list[Seat], seed: int, options: dict | None = None,
    max_moves: int | None = -1,
) -> GameRecord:
    """Play one game, seat i played by bots[i] (a bot spec, seeded from (seed, seat); a `Bot`;
    or a function of the seat's observation and mask: `agents.bots.as_bot`). `max_moves`
    defaults (-1) to the game's play limit (GameSpec.play_max_moves); None plays without a
    limit."""
    options = options or {}
    if len(bots) != num_players:
        raise ValueError(f"{num_players} players need {num_players} bots, got {len(bots)}")
    module = load_game(game)
    limit = module.SPEC.play_max_moves if max_moves == -1 else max_moves
    env = module.raw_env(num_players=num_players, max_moves=limit, **options)
    env.reset(seed=seed)
    players = [as_bot(bot, seed=bot_seed(seed, seat)) for seat, bot in enumerate(bots)]
    watching = [seat for seat, bot in enumerate(players) if bot.watches]
    for seat in watching:
        players[seat].new_game(seat_view(env, seat), game_seed(seed, -1 - seat))
    actions = []
    while not game_over(env):
        seat = env.possible_agents.index(env.agent_selection)
        action = players[seat].act(seat_view(env, seat))
        env.step(action)
        actions.append(int(action))
        for seat in watching:
            players[seat].watch(seat_view(env, seat))
    rewards = [float(env._cumulative_rewards[a]) for a in env.possible_agents]
    return GameRecord(
        game, num_players, seed, [bot_name(bot) for bot in bots], actions,
        [float(s) for s in env.final_scores()], rewards, options, limit,
        all(env.truncations.values()),
    )


@dataclass
class Step:
    """One decision of a replayed game: the state before it, the seat that took it, its
    action."""

    state: np.ndarray
    seat: int
    action: int


@dataclass
class Replayed:
    """A log replayed and checked: its game, the agents' names, every decision and the final
    state with its scores (empty for an unfinished game: its last state, no scores)."""

    game: GameSpec
    agents: list[str]
    steps: list[Step]
    final: np.ndarray
    scores: np.ndarray


def replay_game(record: GameRecord) -> Replayed:
    """Replay a record decision by decision, checking it: ValueError for an action that is not
    legal where the log plays it, a log that ends before its game does (unless it says it is
    `unfinished`) or goes on after it, an unfinished log whose game ended, a wrong truncation
    flag and scores that differ from the recorded ones."""
    env = load_game(record.game).raw_env(num_players=record.num_players,
                                         max_moves=record.max_moves, **record.options)
    env.reset(seed=record.seed)
    steps = []
    for k, action in enumerate(record.actions):
        if game_over(env):
            raise ValueError(f"the log goes on after its game ended (move {k} of "
                             f"{len(record.actions)})")
        if action not in env.legal_actions():
            raise ValueError(f"move {k}: action {action} is not legal for "
                             f"{env.agent_selection} there; the log does not match its game")
        steps.append(Step(env.engine_state.copy(), env.possible_agents.index(env.agent_selection),
                          action))
        env.step(action)
    if record.unfinished:
        if game_over(env):
            raise ValueError("the log says its game is unfinished, but its moves end it")
        return Replayed(env.game, list(env.possible_agents), steps, env.engine_state.copy(),
                        np.zeros(0))
    if not game_over(env):
        raise ValueError(f"the log ends after {len(record.actions)} moves, before its game "
                         "does")
    if all(env.truncations.values()) != record.truncated:
        raise ValueError("the log's truncation flag does not match its game")
    scores = env.final_scores()
    if record.scores and not np.allclose(scores, record.scores):
        raise ValueError(f"the replayed scores {scores.tolist()} differ from the recorded "
                         f"{record.scores}")
    return Replayed(env.game, list(env.possible_agents), steps, env.engine_state.copy(), scores)


def move_words(game: GameSpec, step: Step, viewer: int | None) -> str:
    """A decision as `viewer` learned it: in full for its own seat (and for every seat with
    `viewer` None), else as the others saw it (sealed choices only named)."""
    if viewer is None or step.seat == viewer:
        return game.action_to_string(step.state, step.action)
    return game.public_action_to_string(step.state, step.action)


def printable(text: str) -> str:
    """`text` with every character that is not printable (terminal escape sequences, line
    breaks) written as its Python escape, so that a name from a log cannot drive the
    terminal."""
    return "".join(c if c.isprintable() else repr(c)[1:-1] for c in text)


def replay_heading(record: GameRecord, viewer: int | None) -> str:
    """What a replay says of its game first. Only the view of every seat (`viewer` None)
    names the seed: the game's hidden parts follow from it."""
    if viewer is None:
        view = "every seat's hidden choices shown"
    else:
        view = "as a spectator saw it" if viewer < 0 else f"as seat {viewer} saw it"
    seed = f", seed {record.seed}" if viewer is None else ""
    bots = ", ".join(printable(b) for b in record.bots)
    state = f"unfinished game (it stopped after {len(record.actions)} moves)" \
        if record.unfinished else "finished game"
    return f"{record.game}, {record.num_players} players{seed}, bots {bots}; {state}, {view}"


def replay_lines(record: GameRecord, replayed: Replayed, viewer: int | None) -> list[str]:
    """The text replay of a checked game, as `viewer` saw it (see `replay`)."""
    lines = [replay_heading(record, viewer)]
    for k, step in enumerate(replayed.steps):
        lines.append(f"{k:4d}  {replayed.agents[step.seat]} ({printable(record.bots[step.seat])}"
                     f"): {move_words(replayed.game, step, viewer)}")
    if record.truncated:
        lines.append(f"cut at the move limit ({record.max_moves} moves): no result")
    if record.unfinished:
        lines.append(f"the game stopped here, after {len(record.actions)} moves, before its "
                     "end: no result")
        return lines
    lines.append("final scores: " + ", ".join(f"{a} {s:g}" for a, s in zip(
        replayed.agents, replayed.scores, strict=True)))
    return lines


def replay(record: GameRecord, show=print, viewer: int | None = None) -> np.ndarray:
    """Replay a record decision by decision, describing each with `show`; return the final
    scores (an unfinished game is shown up to where it stopped, saying so, and returns none).
    With `viewer` None every decision is shown as its own seat saw it (hidden choices
    included: a finished game may show everything, and the header says so, with the seed; so
    may an unfinished one, which cannot be taken up again);
    with a seat, as that seat saw the game (the others' hidden choices only named, and no
    seed); with -1, as a spectator saw it (every hidden choice only named). The log is checked
    first (`replay_game`): ValueError, with nothing shown, for a log that does not match its
    game."""
    if viewer is not None:
        check_viewer(viewer, record.num_players)
    replayed = replay_game(record)
    for line in replay_lines(record, replayed, viewer):
        show(line)
    return replayed.scores
