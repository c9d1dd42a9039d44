"""Playing one game between bots, and the compact record (seed + actions) it leaves."""

from __future__ import annotations

import json
from dataclasses import asdict, dataclass, field
from pathlib import Path

import numpy as np

from agents.bot import seat_view
from agents.bots import make_bot
from agents.games import load_game
from tabletop_core.text import check_viewer


@dataclass
class GameRecord:
    """One finished game: enough to replay it exactly (game, players, options, seed, actions)."""

    game: str
    num_players: int
    seed: int
    bots: list[str]
    actions: list[int]
    scores: list[float]
    rewards: list[float]
    options: dict = field(default_factory=dict)

    def save(self, path: str | Path) -> None:
        """Write the record as JSON."""
        Path(path).write_text(json.dumps(asdict(self)))

    @classmethod
    def load(cls, path: str | Path) -> GameRecord:
        """Read a record written by `save`."""
        return cls(**json.loads(Path(path).read_text()))


def play_game(
    game: str, num_players: int, bots: list[str], seed: int, options: dict | None = None
) -> GameRecord:
    """Play one game, seat i played by bot spec bots[i]; bots are seeded from (seed, seat)."""
    options = options or {}
    if len(bots) != num_players:
        raise ValueError(f"{num_players} players need {num_players} bots, got {len(bots)}")
    env = load_game(game).raw_env(num_players=num_players, **options)
    env.reset(seed=seed)
    players = [make_bot(spec, seed=seed * 16 + seat) for seat, spec in enumerate(bots)]
    actions = []
    while not all(env.terminations.values()):
        seat = env.possible_agents.index(env.agent_selection)
        action = players[seat].act(seat_view(env, seat))
        env.step(action)
        actions.append(int(action))
    rewards = [float(env._cumulative_rewards[a]) for a in env.possible_agents]
    return GameRecord(
        game, num_players, seed, list(bots), actions,
        [float(s) for s in env.final_scores()], rewards, options,
    )


def replay(record: GameRecord, show=print, viewer: int | None = None) -> np.ndarray:
    """Replay a record decision by decision, describing each with `show`; return the final
    scores (which must equal the recorded ones). With `viewer` None every decision is shown as
    its own seat saw it (hidden choices included: a finished game may show everything, and
    the header says so); with a seat, as that seat saw the game (the others' hidden choices
    only named); with -1, as a spectator saw it (every hidden choice only named)."""
    env = load_game(record.game).raw_env(num_players=record.num_players, **record.options)
    env.reset(seed=record.seed)
    if viewer is not None:
        check_viewer(viewer, record.num_players)
    if viewer is None:
        view = "every seat's hidden choices shown"
    else:
        view = "as a spectator saw it" if viewer < 0 else f"as seat {viewer} saw it"
    show(f"{record.game}, {record.num_players} players, seed {record.seed}, "
         f"bots {', '.join(record.bots)}; finished game, {view}")
    for k, action in enumerate(record.actions):
        seat = env.possible_agents.index(env.agent_selection)
        if viewer is None or seat == viewer:
            words = env.action_to_string(action)
        else:
            words = env.game.public_action_to_string(env._state, action)
        show(f"{k:4d}  {env.agent_selection} ({record.bots[seat]}): {words}")
        env.step(action)
    scores = env.final_scores()
    show("final scores: " + ", ".join(f"{a} {s:g}" for a, s in zip(
        env.possible_agents, scores, strict=True)))
    return scores
