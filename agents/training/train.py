"""Self-play training with sb3-contrib's MaskablePPO on a game's batch engine.

`train(...)` runs MaskablePPO on a `SelfPlayVecEnv`, adds a snapshot of the learner to the
opponent pool every `snapshot_every` updates, evaluates the learner against `random` and
`heuristic` through the tournament code every `eval_every` updates (win rate with its 95%
interval), saves checkpoints and TensorBoard logs, and draws the learning curve at the end.
"""

from __future__ import annotations

import json
from dataclasses import asdict, dataclass
from pathlib import Path

import torch
from sb3_contrib import MaskablePPO
from stable_baselines3.common.callbacks import BaseCallback

from agents.training.evaluation import evaluate_bot, write_curve
from agents.training.opponent_pool import OpponentPool
from agents.training.selfplay import SelfPlayVecEnv, frozen_policy


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

    @property
    def total_steps(self) -> int:
        """`steps` rounded up to whole rollouts (PPO collects `num_envs * n_steps` at a time):
        what the run trains for, and its progress bar's total."""
        rollout = self.num_envs * self.n_steps
        return -(-self.steps // rollout) * rollout


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
            self.pool.add_snapshot(frozen_policy(self.model.policy))
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
    """Win rate of the model saved at `path` against `bot` (see `agents.training.evaluation`)."""
    return evaluate_bot(config.game, config.num_players, f"ppo:{path}", bot, games, seed)


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
    model.learn(config.total_steps, callback=callback, progress_bar=progress)
    callback.evaluate()
    path = out / "model.zip"
    model.save(path)
    write_curve(out, callback.curve)
    return path
