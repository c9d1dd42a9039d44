"""A bot that plays from a table of action probabilities, one row per view of a seat (its seat
and observation), as built by `agents.exploit.exact` from an OpenSpiel policy."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import numpy as np

from agents.bots.base import Bot, SeatView

FORMAT = "tabletop-tabular-bot-1"


def view_key(seat: int, observation: np.ndarray) -> bytes:
    """The table key of a seat's view: its seat and the bytes of its float32 observation."""
    return np.int32(seat).tobytes() + np.asarray(observation, np.float32).tobytes()


class TabularBot(Bot):
    """Plays the action probabilities of a table keyed by `view_key`, built for one game, its
    options and table size; `act` draws from them with its own seeded generator."""

    name = "tabular"

    def __init__(self, game: str, num_players: int, options: dict[str, Any],
                 table: dict[bytes, np.ndarray], seed: int = 0):
        self.game = game
        self.num_players = int(num_players)
        self.options = dict(options)
        self.table = table
        self.rng = np.random.default_rng(seed)

    def knows_probabilities(self, game: str) -> bool:
        return game == self.game

    def action_probabilities(self, view: SeatView) -> np.ndarray:
        """The table's row of this view (a copy); ValueError for a view it has no row of."""
        if view.game.name != self.game or view.num_players != self.num_players:
            raise ValueError(f"bot {self.name} was built for {self.game} at "
                             f"{self.num_players} players, not {view.game.name} at "
                             f"{view.num_players}")
        row = self.table.get(view_key(view.seat, view.observation))
        if row is None:
            raise ValueError(f"bot {self.name} has no row for this view of seat {view.seat} "
                             f"(built for {self.game} {self.options} at {self.num_players} "
                             "players)")
        return row.copy()

    def act(self, view: SeatView) -> int:
        p = self.action_probabilities(view)
        return int(self.rng.choice(len(p), p=p / p.sum()))

    def save(self, path: str | Path) -> None:
        """Write the table, its game and options to an .npz file."""
        keys = list(self.table)
        np.savez(path, format=np.array(FORMAT), game=np.array(self.game),
                 num_players=np.array(self.num_players),
                 options=np.array(json.dumps(self.options, sort_keys=True)),
                 keys=np.array([np.frombuffer(k, np.uint8) for k in keys], np.uint8),
                 probabilities=np.array([self.table[k] for k in keys], np.float64))

    @classmethod
    def load(cls, path: str | Path, seed: int = 0) -> TabularBot:
        """A bot saved by `save`; ValueError (one line) for any other file."""
        try:
            with np.load(path, allow_pickle=False) as data:
                if str(data["format"]) != FORMAT:
                    raise ValueError(f"format {str(data['format'])!r}")
                keys, rows = data["keys"], data["probabilities"]
                if keys.ndim != 2 or rows.ndim != 2 or len(keys) != len(rows):
                    raise ValueError("keys and probabilities do not match")
                table = {k.tobytes(): r for k, r in zip(keys, rows, strict=True)}
                return cls(str(data["game"]), int(data["num_players"]),
                           json.loads(str(data["options"])), table, seed)
        except Exception as error:  # any failure: not such a file
            reason = str(error).splitlines()[0] if str(error) else type(error).__name__
            raise ValueError(f"{path}: not a tabular bot file ({reason})") from None
