"""Self-play training with sb3-contrib's MaskablePPO on a game's batch engine.

`train(config)` runs MaskablePPO on a `SelfPlayVecEnv`, adds a snapshot of the learner to the
opponent pool every `snapshot_every` updates, evaluates the learner against `eval_bots`
(default: `random` and the game's heuristic) through the match harness before training and
every `eval_every` updates (win rate with its 95% interval), saves a checkpoint at each
evaluation and TensorBoard logs, and draws the learning curve. Torch runs on one thread
while the engines play and, while PPO updates the network, on one thread or every core,
whichever is measured faster as the run goes (`agents.training.callbacks.PhaseThreads`). A
run started again with the same `out` and config goes on from its last checkpoint (its
opponent pool rebuilt from the latest checkpoints); a run given more `steps` continues.
"""

from __future__ import annotations

import json
import time
import zipfile
from dataclasses import asdict, dataclass, replace
from pathlib import Path
from typing import ClassVar

from agents.play.evaluate import evaluate_bot
from agents.training.config import RecipeConfig, reference_opponents
from agents.training.curve import write_curve
from agents.training.opponent_pool import OpponentPool
from agents.training.runs import (
    COUNT,
    NUMBER,
    TIMES,
    RunProgress,
    check_same_config,
    rows_of,
    write_config,
)


@dataclass(frozen=True, kw_only=True)
class PPOConfig(RecipeConfig):
    """Everything that defines a PPO run (written to config.json)."""

    recipe: ClassVar[str] = "ppo"
    budget: ClassVar[str] = "steps"
    positive: ClassVar[tuple[str, ...]] = (
        "steps", "num_envs", "n_steps", "batch_size", "snapshot_every", "eval_every",
        "eval_games")

    steps: int = 200_000
    num_envs: int = 64
    n_steps: int = 128
    batch_size: int = 2048
    learning_rate: float = 3e-4
    ent_coef: float = 0.01
    bots: tuple[str, ...] = ()  # the opponent pool's bots (default: random and the heuristic)
    snapshot_share: float = 0.5
    snapshot_every: int = 5
    eval_bots: tuple[str, ...] = ()  # the learner's evaluations (default: random, heuristic)
    eval_every: int = 10
    eval_games: int = 40
    max_moves: int | None = None  # truncate games longer than this (all seats' moves)
    start: str | None = None  # a saved MaskablePPO model to start from instead of a new one

    @classmethod
    def for_game(cls, game: str, **overrides) -> PPOConfig:
        """`RecipeConfig.for_game`; the pool's bots default to `reference_opponents`."""
        config = super().for_game(game, **overrides)
        return replace(config, bots=tuple(config.bots) or reference_opponents(game),
                       eval_bots=tuple(config.eval_bots) or reference_opponents(game))

    def check(self) -> None:
        """`RecipeConfig.check`, and `start` names a saved model (one-line ValueError)."""
        super().check()
        if self.start is not None and not (isinstance(self.start, str) and
                                           zipfile.is_zipfile(self.start)):
            raise ValueError(f"start must be a saved PPO model (a .zip file), got "
                             f"{self.start!r}")

    @property
    def total_steps(self) -> int:
        """`steps` rounded up to whole rollouts (PPO collects `num_envs * n_steps` at a time):
        what the run trains for, and its progress bar's total."""
        rollout = self.num_envs * self.n_steps
        return -(-self.steps // rollout) * rollout


def evaluate_model(config: PPOConfig, path: str, bot: str, games: int, seed: int = 10_000):
    """Win rate of the model saved at `path` against `bot` (`agents.play.evaluate`)."""
    return evaluate_bot(config.game, config.num_players, f"ppo:{path}", bot, games, seed,
                        options=config.options)


def _as_json(config: PPOConfig) -> dict:
    return json.loads(json.dumps(asdict(config)))


class _Run(RunProgress):
    """A run's folder: its config, its checkpoints and its curve so far."""

    FIELDS = {"curve": rows_of(NUMBER, steps=COUNT)}
    OPTIONAL = {"wall_time_s": TIMES}  # added up over resumed runs

    def __init__(self, config: PPOConfig):
        out = Path(config.out)
        out.mkdir(parents=True, exist_ok=True)
        check_same_config(out, _as_json(config), _as_json(PPOConfig.for_game(config.game)),
                          {"out", "steps"})
        super().__init__(out, {"curve": []})  # refuses a progress record that is not one
        write_config(out, _as_json(config))

    def checkpoints(self) -> list[tuple[int, Path]]:
        found = [(int(p.stem.split("_")[1]), p)
                 for p in (self.out / "checkpoints").glob("model_*.zip")]
        return sorted(found)


def train(config: PPOConfig, progress: bool = True) -> Path:
    """Run (or resume) a training; return the path of the final model (out/model.zip)."""
    import torch
    from sb3_contrib import MaskablePPO
    from stable_baselines3.common.callbacks import BaseCallback

    from agents.training.callbacks import PhaseThreads, Progress
    from agents.training.selfplay import SelfPlayVecEnv, frozen_policy

    class SelfPlayCallback(BaseCallback):
        """Snapshots, evaluations and checkpoints, counted in PPO updates (rollouts)."""

        def _on_step(self) -> bool:
            return True

        def _on_training_start(self) -> None:
            if self.model.num_timesteps == 0:  # a new run: the curve starts untrained
                evaluate(self.model, 0, self.logger)

        def _on_rollout_end(self) -> None:
            updates = self.num_timesteps // (config.num_envs * config.n_steps)
            if updates % config.snapshot_every == 0:
                pool.add_snapshot(frozen_policy(self.model.policy))
            if updates % config.eval_every == 0:
                evaluate(self.model, int(self.num_timesteps), self.logger)

    def evaluate(model, steps: int, logger) -> None:
        path = run.out / "checkpoints" / f"model_{steps}.zip"
        path.parent.mkdir(parents=True, exist_ok=True)
        model.save(path)
        row = {"steps": steps}
        for bot in config.eval_bots or reference_opponents(config.game):
            rate, low, high = evaluate_model(config, str(path), bot, config.eval_games)
            row.update({f"{bot}_win": rate, f"{bot}_low": low, f"{bot}_high": high})
            logger.record(f"eval/win_rate_vs_{bot}", rate)
        run.progress["curve"] = [r for r in run.progress["curve"] if r["steps"] < steps]
        run.progress["curve"].append(row)
        run.save()
        logger.dump(steps)

    # the engines use the cores: one torch thread, but in PPO's updates the count measured
    # fastest as the run goes (PhaseThreads, agents.training.callbacks)
    torch.set_num_threads(1)
    pool = OpponentPool(bots=tuple(config.bots), snapshot_share=config.snapshot_share,
                        seed=config.seed)
    env = SelfPlayVecEnv(config.game, config.num_envs, config.num_players, pool,
                         seed=config.seed, max_moves=config.max_moves, **config.options)
    settings = dict(n_steps=config.n_steps, batch_size=config.batch_size,
                    learning_rate=config.learning_rate, ent_coef=config.ent_coef, gamma=1.0,
                    tensorboard_log=str(Path(config.out) / "tensorboard"))
    start = None
    if config.start:  # loaded before the run's folder is touched: a bad one changes nothing
        try:  # its policy and value go on learning here; its steps count from 0
            start = MaskablePPO.load(config.start, env=env, device="cpu", **settings)
        except (ValueError, KeyError) as error:
            raise ValueError(f"start {config.start}: not a model of this game and table "
                             f"({' '.join(str(error).split())})") from None
        start.set_random_seed(config.seed)
    run = _Run(config)
    done = run.checkpoints()
    if done:
        model = MaskablePPO.load(done[-1][1], env=env, device="cpu", **settings)
        for _, path in done[-pool.max_snapshots:]:
            pool.add_snapshot(frozen_policy(MaskablePPO.load(path, device="cpu").policy))
    elif start is not None:
        model = start
    else:
        model = MaskablePPO("MlpPolicy", env, seed=config.seed, verbose=0, device="cpu",
                            policy_kwargs={"net_arch": [256, 256]}, **settings)
    trained = done[-1][0] if done else 0
    if trained > config.total_steps:
        raise ValueError(f"{run.out} already holds {trained:,} steps, more than the "
                         f"{config.total_steps:,} asked; ask for at least as many")
    if trained < config.total_steps:
        started = time.perf_counter()
        callbacks = [SelfPlayCallback(), PhaseThreads()]
        if progress:
            callbacks.append(Progress(f"ppo {config.game}"))
        model.learn(config.total_steps - trained, callback=callbacks,
                    reset_num_timesteps=not done)
        curve = run.progress["curve"]
        if not curve or curve[-1]["steps"] < model.num_timesteps:
            evaluate(model, int(model.num_timesteps), model.logger)
        run.add_time("training", time.perf_counter() - started)
        run.save()
    path = run.out / "model.zip"
    model.save(path)
    write_curve(run.out, run.progress["curve"],
                title=f"{config.game}, {config.num_players} players: the learner against each "
                      "bot, seats alternating",
                parity=0.5)
    return path
