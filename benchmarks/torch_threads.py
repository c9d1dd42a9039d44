"""Torch threads per phase of PPO self-play: what `agents.training.callbacks.PhaseThreads`
chooses, measured.

The PPO recipe's learner (MaskablePPO, [256, 256] network, minibatch 2,048, 64 games x 128
steps per rollout, opponents `random`, `heuristic` and snapshots of the learner) trains for a
few rollouts; each rollout and the update after it run at one torch thread count, the counts
taking turns (so that a change of load on the machine touches every count alike). Printed per
count, after a first round left out (warm-up): the rollout phase in learner steps per second,
the update phase in samples per second per epoch (rollout size x epochs / time), and the
baseline recipe's imitation (`pretrain`, minibatch 512) in samples per second, each as a ratio
to one thread measured in the same run.

    PYTHONPATH=. python3 benchmarks/torch_threads.py [--game aquilon] [--rounds 3]
        [--threads 1,2]
"""

from __future__ import annotations

import argparse
import os
import time

# As `tabletop_core` sets it (and the recipes, which import it before torch, get it): torch's
# OpenMP reads it when it loads, and waits less for threads a busy machine has put to sleep.
os.environ.setdefault("GOMP_SPINCOUNT", "10000")

import numpy as np  # noqa: E402
import torch  # noqa: E402
from sb3_contrib import MaskablePPO  # noqa: E402
from stable_baselines3.common.callbacks import BaseCallback  # noqa: E402

from agents.training.config import reference_opponents  # noqa: E402
from agents.training.opponent_pool import OpponentPool  # noqa: E402
from agents.training.selfplay import SelfPlayVecEnv, frozen_policy  # noqa: E402


class PhaseTimer(BaseCallback):
    """Sets the thread count of rollout k to schedule[k] for the rollout and the update after
    it, and times both phases."""

    def __init__(self, schedule: list[int], pool: OpponentPool):
        super().__init__()
        self.schedule = schedule
        self.pool = pool
        self.rollouts: list[tuple[int, float]] = []
        self.updates: list[tuple[int, float]] = []
        self._k = -1
        self._mark = 0.0

    def _on_rollout_start(self) -> None:
        now = time.perf_counter()
        if self._k >= 0:
            self.updates.append((self.schedule[self._k], now - self._mark))
        self._k += 1
        torch.set_num_threads(self.schedule[self._k])
        self._mark = time.perf_counter()

    def _on_rollout_end(self) -> None:
        now = time.perf_counter()
        self.rollouts.append((self.schedule[self._k], now - self._mark))
        if not self.pool.snapshots:  # the recipe's opponents: its pool holds snapshots
            self.pool.add_snapshot(frozen_policy(self.model.policy))
        self._mark = time.perf_counter()

    def _on_training_end(self) -> None:
        self.updates.append((self.schedule[self._k], time.perf_counter() - self._mark))

    def _on_step(self) -> bool:
        return True


IMITATION_ROWS = 20_000


def imitation_times(policy, spec, schedule: list[int]) -> list[tuple[int, float]]:
    """One epoch of the baseline recipe's imitation (`pretrain`) over random decisions at each
    thread count of `schedule`, timed."""
    from agents.baseline.imitation import Demonstrations, pretrain

    rng = np.random.default_rng(0)
    data = Demonstrations(
        rng.uniform(-1, 1, (IMITATION_ROWS, spec.obs_size)).astype(np.float32),
        np.ones((IMITATION_ROWS, spec.num_actions), np.uint8),
        rng.integers(0, spec.num_actions, IMITATION_ROWS),
        rng.uniform(-1, 1, IMITATION_ROWS).astype(np.float32))
    times = []
    for count in schedule:
        torch.set_num_threads(count)
        start = time.perf_counter()
        pretrain(policy, data, epochs=1, validation_share=0.01)
        times.append((count, time.perf_counter() - start))
    return times


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", default="aquilon")
    parser.add_argument("--rounds", type=int, default=3, help="measured rounds (default 3)")
    parser.add_argument("--threads", default=None,
                        help="comma-separated thread counts (default 1 to all cores)")
    args = parser.parse_args()
    counts = [int(t) for t in args.threads.split(",")] if args.threads else \
        list(range(1, (os.cpu_count() or 1) + 1))
    from agents.profiles import game_profile

    players = game_profile(args.game).train_players
    num_envs, n_steps, epochs = 64, 128, 10
    pool = OpponentPool(bots=reference_opponents(args.game), snapshot_share=0.5, seed=0)
    env = SelfPlayVecEnv(args.game, num_envs, players, pool, seed=0)
    model = MaskablePPO("MlpPolicy", env, n_steps=n_steps, batch_size=2048, n_epochs=epochs,
                        gamma=1.0, seed=0, verbose=0, device="cpu",
                        policy_kwargs={"net_arch": [256, 256]})
    schedule = counts * (args.rounds + 1)
    timer = PhaseTimer(schedule, pool)
    rollout = num_envs * n_steps
    model.learn(rollout * len(schedule), callback=timer)
    skip = len(counts)  # the first round warms up (compiles, first allocations)
    rollouts, updates = timer.rollouts[skip:], timer.updates[skip:]
    imitation = imitation_times(model.policy, env.game, schedule)[skip:]
    rows = {}
    for count in counts:
        roll = np.array([t for c, t in rollouts if c == count])
        upd = np.array([t for c, t in updates if c == count])
        imi = np.array([t for c, t in imitation if c == count])
        rows[count] = (rollout / roll.mean(), rollout * epochs / upd.mean(),
                       IMITATION_ROWS / imi.mean())
    base = rows[counts[0]]
    print(f"{args.game}, {players} players, {os.cpu_count()} cores, {args.rounds} rounds, "
          f"torch {torch.__version__}\n")
    print("| torch threads | rollout: learner steps/s | ratio | update: samples/s per epoch "
          "| ratio | imitation: samples/s | ratio |\n|---:|---:|---:|---:|---:|---:|---:|")
    for count, (roll, upd, imi) in rows.items():
        print(f"| {count} | {roll:,.0f} | {roll / base[0]:.2f} | {upd:,.0f} | "
              f"{upd / base[1]:.2f} | {imi:,.0f} | {imi / base[2]:.2f} |")
    print(f"\nload average at the end of the run (1 minute): {os.getloadavg()[0]:.1f} "
          f"on {os.cpu_count()} cores; GOMP_SPINCOUNT={os.environ['GOMP_SPINCOUNT']}")


if __name__ == "__main__":
    main()
