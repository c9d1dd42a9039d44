"""Playing one game between bots, and the compact record (seed + actions) it leaves."""

from __future__ import annotations

import json
import math
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

import numpy as np

from agents.bots import make_bot
from agents.bots.base import seat_view
from agents.games import PLAY_MOVE_LIMITS, load_game
from tabletop_core.text import check_viewer


@dataclass
class GameRecord:
    """One game: enough to replay it exactly (game, players, options, seed, actions). A game
    cut at its move limit `max_moves` (tabletop_core.limits) has `truncated` set and every
    reward 0."""

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

    def save(self, path: str | Path) -> None:
        """Write the record as JSON."""
        Path(path).write_text(json.dumps(asdict(self)))

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
        if len(scores) != players or len(rewards) != players:
            raise ValueError(f"{source}: scores and rewards must have one entry per seat")
        options = data.get("options", {})
        if not isinstance(options, dict):
            raise ValueError(f"{source}: options must be a JSON object")
        max_moves = data.get("max_moves")
        if max_moves is not None:
            integer("max_moves", max_moves, 1)
        truncated = data.get("truncated", False)
        if not isinstance(truncated, bool):
            raise ValueError(f"{source}: truncated must be true or false")
        return cls(game, players, integer("seed", data["seed"]), bots, actions, scores,
                   rewards, options, max_moves, truncated)


def game_over(env) -> bool:
    """Whether the game of a raw environment has ended or was cut at its move limit."""
    return all(env.terminations.values()) or all(env.truncations.values())


def play_game(
    game: str, num_players: int, bots: list[str], seed: int, options: dict | None = None,
    max_moves: int | None = -1,
) -> GameRecord:
    """Play one game, seat i played by bot spec bots[i]; bots are seeded from (seed, seat).
    `max_moves` defaults (-1) to the game's play limit (agents.games.PLAY_MOVE_LIMITS); None
    plays without a limit."""
    options = options or {}
    if len(bots) != num_players:
        raise ValueError(f"{num_players} players need {num_players} bots, got {len(bots)}")
    limit = PLAY_MOVE_LIMITS[game] if max_moves == -1 else max_moves
    env = load_game(game).raw_env(num_players=num_players, max_moves=limit, **options)
    env.reset(seed=seed)
    players = [make_bot(spec, seed=seed * 16 + seat) for seat, spec in enumerate(bots)]
    actions = []
    while not game_over(env):
        seat = env.possible_agents.index(env.agent_selection)
        action = players[seat].act(seat_view(env, seat))
        env.step(action)
        actions.append(int(action))
    rewards = [float(env._cumulative_rewards[a]) for a in env.possible_agents]
    return GameRecord(
        game, num_players, seed, list(bots), actions,
        [float(s) for s in env.final_scores()], rewards, options, limit,
        all(env.truncations.values()),
    )


def replay(record: GameRecord, show=print, viewer: int | None = None) -> np.ndarray:
    """Replay a record decision by decision, describing each with `show`; return the final
    scores. With `viewer` None every decision is shown as its own seat saw it (hidden choices
    included: a finished game may show everything, and the header says so); with a seat, as
    that seat saw the game (the others' hidden choices only named); with -1, as a spectator saw
    it (every hidden choice only named). The log is checked first, silently: ValueError, with
    nothing shown, for an action that is not legal where the log plays it, a log that ends
    before its game does (or goes on after it), and scores that differ from the recorded
    ones."""
    if viewer is not None:
        check_viewer(viewer, record.num_players)
    _replay(record, lambda line: None, viewer)
    return _replay(record, show, viewer)


def _replay(record: GameRecord, show, viewer: int | None) -> np.ndarray:
    env = load_game(record.game).raw_env(num_players=record.num_players,
                                         max_moves=record.max_moves, **record.options)
    env.reset(seed=record.seed)
    if viewer is None:
        view = "every seat's hidden choices shown"
    else:
        view = "as a spectator saw it" if viewer < 0 else f"as seat {viewer} saw it"
    show(f"{record.game}, {record.num_players} players, seed {record.seed}, "
         f"bots {', '.join(record.bots)}; finished game, {view}")
    for k, action in enumerate(record.actions):
        if game_over(env):
            raise ValueError(f"the log goes on after its game ended (move {k} of "
                             f"{len(record.actions)})")
        if action not in env.legal_actions():
            raise ValueError(f"move {k}: action {action} is not legal for "
                             f"{env.agent_selection} there; the log does not match its game")
        seat = env.possible_agents.index(env.agent_selection)
        if viewer is None or seat == viewer:
            words = env.action_to_string(action)
        else:
            words = env.game.public_action_to_string(env._state, action)
        show(f"{k:4d}  {env.agent_selection} ({record.bots[seat]}): {words}")
        env.step(action)
    if not game_over(env):
        raise ValueError(f"the log ends after {len(record.actions)} moves, before its game "
                         "does")
    if all(env.truncations.values()) != record.truncated:
        raise ValueError("the log's truncation flag does not match its game")
    scores = env.final_scores()
    if record.scores and not np.allclose(scores, record.scores):
        raise ValueError(f"the replayed scores {scores.tolist()} differ from the recorded "
                         f"{record.scores}")
    if record.truncated:
        show(f"cut at the move limit ({record.max_moves} moves): no result")
    show("final scores: " + ", ".join(f"{a} {s:g}" for a, s in zip(
        env.possible_agents, scores, strict=True)))
    return scores
