"""Stable-Baselines3 callbacks the PPO recipes share: torch's thread count per phase of PPO,
and progress that stays readable in a log.

PPO alternates two phases. In the rollout the batch engine (numba, on every core) and the
opponents play; torch only runs small forward passes, and one torch thread leaves the cores to
the engines. In the update the engines idle while torch fits the network to the rollout: on an
idle machine torch gains from every core there, but on a busy one (other processes on the
cores) more threads than free cores wait on each other and the update runs several times
slower (`benchmarks/torch_threads.py`; docs/training.md has the figures). So the update phase
takes the thread count that is measured fastest while the run goes on (`FastestThreads`).
"""

from __future__ import annotations

import os
import time

import torch
from stable_baselines3.common.callbacks import BaseCallback

from agents.play.progress import progress_bar


def update_threads() -> int:
    """The most torch threads worth trying where torch works alone: every core."""
    return os.cpu_count() or 1


class FastestThreads:
    """Torch's thread count for a piece of work repeated many times (a PPO update, a stretch
    of imitation minibatches), chosen by timing it: after a first run left out (warm-up), each
    count of `counts` is tried once, then the count whose recent runs were fastest is used,
    and every `explore_every` runs another count is tried again (the load of the machine
    changes). `choose()` before a run, `record(count, seconds)` after it."""

    def __init__(self, counts: tuple[int, ...], explore_every: int = 10):
        self.counts = list(dict.fromkeys(counts))
        self.explore_every = explore_every
        self.seconds: dict[int, float] = {}  # a moving average of each count's runs
        self.runs = 0

    def choose(self) -> int:
        """The thread count of the next run."""
        untried = [c for c in self.counts if c not in self.seconds]
        if untried:
            return untried[0]
        best = min(self.counts, key=self.seconds.__getitem__)
        others = [c for c in self.counts if c != best]
        if others and self.runs % self.explore_every == 0:
            return others[self.runs // self.explore_every % len(others)]
        return best

    def record(self, count: int, seconds: float) -> None:
        """A run at `count` threads took `seconds`."""
        self.runs += 1
        if self.runs == 1:
            return  # the first run pays one-time costs
        before = self.seconds.get(count)
        self.seconds[count] = seconds if before is None else (before + seconds) / 2


class PhaseThreads(BaseCallback):
    """Torch uses `rollout` threads while PPO collects a rollout and, while it updates the
    network, the fastest measured of 1 and `update` threads (default `update_threads()`;
    `FastestThreads`), logged as `time/update_threads`. Put it last in a callback list, so
    that what other callbacks run at the end of a rollout (evaluations, snapshots) still runs
    on the rollout's threads. The count before training is restored when it ends."""

    def __init__(self, rollout: int = 1, update: int | None = None):
        super().__init__()
        self.rollout = rollout
        self.chooser = FastestThreads((1, update or update_threads()))
        self._before = torch.get_num_threads()
        self._update: tuple[int, float] | None = None  # the running update: threads, start

    def _on_training_start(self) -> None:
        self._before = torch.get_num_threads()
        torch.set_num_threads(self.rollout)

    def _on_rollout_start(self) -> None:
        self._end_update()
        torch.set_num_threads(self.rollout)

    def _on_rollout_end(self) -> None:
        threads = self.chooser.choose()
        torch.set_num_threads(threads)
        self.logger.record("time/update_threads", threads)
        self._update = (threads, time.perf_counter())

    def _on_training_end(self) -> None:
        self._end_update()
        torch.set_num_threads(self._before)

    def _end_update(self) -> None:
        if self._update is not None:
            threads, start = self._update
            self.chooser.record(threads, time.perf_counter() - start)
            self._update = None

    def _on_step(self) -> bool:
        return True


class Progress(BaseCallback):
    """The learner steps of a `learn` call as `agents.play.progress.progress_bar` (a bar on a
    terminal, a line per tenth in a log)."""

    def __init__(self, desc: str):
        super().__init__()
        self.desc = desc
        self.bar = None

    def _on_training_start(self) -> None:
        total = self.locals["total_timesteps"] - self.model.num_timesteps
        self.bar = progress_bar(total, self.desc, unit="steps")

    def _on_step(self) -> bool:
        self.bar.update(self.training_env.num_envs)
        return True

    def _on_training_end(self) -> None:
        self.bar.close()
