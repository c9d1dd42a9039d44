"""Self-play training with sb3-contrib's MaskablePPO on a game's batch engine.

`train(...)` runs MaskablePPO on a `SelfPlayVecEnv`, adds a snapshot of the learner to the
opponent pool every `snapshot_every` updates, evaluates the learner against `random` and
`heuristic` through the tournament code every `eval_every` updates (win rate with its 95%
interval), saves checkpoints and TensorBoard logs, and draws the learning curve at the end.
"""

from __future__ import annotations

import csv
import json
import sys
from dataclasses import asdict, dataclass
from pathlib import Path

import numpy as np
import torch
from sb3_contrib import MaskablePPO
from stable_baselines3.common.callbacks import BaseCallback

from agents.selfplay import OpponentPool, SelfPlayVecEnv
from agents.tournament import run_tournament, truncation_note, wilson_interval


@dataclass
class TrainConfig:
    """Everything that defines a training run (written to config.json)."""

    game: str = "aquilon"
    num_players: int = 2
    steps: int = 200_000
    seed: int = 0
    num_envs: int = 64
    n_steps: int = 128
    batch_size: int = 2048
    learning_rate: float = 3e-4
    ent_coef: float = 0.01
    bots: tuple[str, ...] = ("random", "heuristic")
    snapshot_share: float = 0.5
    snapshot_every: int = 5
    eval_every: int = 10
    eval_games: int = 40
    max_moves: int | None = None  # truncate games longer than this (all seats' moves)
    out: str = "runs/train"


class _SelfPlayCallback(BaseCallback):
    """Snapshots, evaluations and checkpoints, counted in PPO updates (rollouts)."""

    def __init__(self, config: TrainConfig, pool: OpponentPool, out: Path):
        super().__init__()
        self.config = config
        self.pool = pool
        self.out = out
        self.updates = 0
        self.curve: list[dict] = []

    def _on_step(self) -> bool:
        return True

    def _on_rollout_end(self) -> None:
        self.updates += 1
        if self.updates % self.config.snapshot_every == 0:
            self.pool.add_snapshot(self.model.policy)
        if self.updates % self.config.eval_every == 0:
            self.evaluate()

    def evaluate(self) -> None:
        """Play the current model against each baseline bot and log the win rates."""
        path = self.out / "checkpoints" / f"model_{self.num_timesteps}.zip"
        path.parent.mkdir(parents=True, exist_ok=True)
        self.model.save(path)
        row = {"steps": int(self.num_timesteps)}
        for bot in ("random", "heuristic"):
            rate, low, high = evaluate_model(self.config, str(path), bot, self.config.eval_games)
            row.update({f"{bot}_win": rate, f"{bot}_low": low, f"{bot}_high": high})
            self.logger.record(f"eval/win_rate_vs_{bot}", rate)
        self.curve.append(row)
        self.logger.dump(self.num_timesteps)


def evaluate_model(config: TrainConfig, path: str, bot: str, games: int, seed: int = 10_000):
    """Share of games won by the model's seats (and its 95% interval) against `bot`; the two
    fill the table alternately with seats rotated, so equal players would score 50%."""
    _, records = run_tournament(config.game, config.num_players, [f"ppo:{path}", bot], games,
                                seed=seed, workers=1, progress=False)
    note = truncation_note(records)
    if note:
        print(f"evaluation against {bot}: {note}", file=sys.stderr)
    won = 0.0
    for r in records:
        best = max(r.rewards)
        winners = [s for s, x in enumerate(r.rewards) if x == best]
        won += sum(r.bots[s].startswith("ppo:") for s in winners) / len(winners)
    low, high = wilson_interval(won, len(records))
    return won / len(records), low, high


def train(config: TrainConfig, progress: bool = True) -> Path:
    """Run a training; return the path of the final model (out/model.zip)."""
    torch.set_num_threads(1)  # the engines use the cores; one torch thread avoids contention
    out = Path(config.out)
    out.mkdir(parents=True, exist_ok=True)
    (out / "config.json").write_text(json.dumps(asdict(config), indent=2))
    pool = OpponentPool(bots=tuple(config.bots), snapshot_share=config.snapshot_share,
                        seed=config.seed)
    env = SelfPlayVecEnv(config.game, config.num_envs, config.num_players, pool,
                         seed=config.seed, max_moves=config.max_moves)
    model = MaskablePPO(
        "MlpPolicy", env, n_steps=config.n_steps, batch_size=config.batch_size,
        learning_rate=config.learning_rate, ent_coef=config.ent_coef, gamma=1.0,
        seed=config.seed, verbose=0, tensorboard_log=str(out / "tensorboard"),
        policy_kwargs={"net_arch": [256, 256]}, device="cpu",
    )
    callback = _SelfPlayCallback(config, pool, out)
    model.learn(config.steps, callback=callback, progress_bar=progress)
    callback.evaluate()
    path = out / "model.zip"
    model.save(path)
    _write_curve(out, callback.curve)
    return path


def _write_curve(out: Path, curve: list[dict]) -> None:
    with open(out / "learning_curve.csv", "w", newline="") as f:
        writer = csv.DictWriter(f, fieldnames=list(curve[0]))
        writer.writeheader()
        writer.writerows(curve)
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    steps = np.array([row["steps"] for row in curve])
    fig, ax = plt.subplots(figsize=(6, 3.6))
    for bot, colour in (("random", "#4a7fb0"), ("heuristic", "#b0574a")):
        rate = np.array([row[f"{bot}_win"] for row in curve])
        ax.plot(steps, rate, marker="o", color=colour, label=f"vs {bot}")
        ax.fill_between(steps, [row[f"{bot}_low"] for row in curve],
                        [row[f"{bot}_high"] for row in curve], color=colour, alpha=0.2)
    ax.set_ylim(0, 1)
    ax.set_xlabel("environment steps (learner decisions)")
    ax.set_ylabel("win rate (95% CI)")
    ax.legend()
    fig.tight_layout()
    fig.savefig(out / "learning_curve.png", dpi=110)
    plt.close(fig)
