"""MaskablePPO's loop timed on an env: shared by benchmarks/training.py and
benchmarks/rllib_training.py (each of which imports it, neither the other)."""

from __future__ import annotations

import time

from sb3_contrib import MaskablePPO


def loop_steps_per_second(env, steps: int, n_steps: int) -> float:
    """Learner steps per second of MaskablePPO.learn on `env` (rollouts and updates)."""
    model = MaskablePPO("MlpPolicy", env, n_steps=n_steps, batch_size=512, seed=0,
                        device="cpu", policy_kwargs={"net_arch": [256, 256]})
    model.learn(n_steps * env.num_envs)  # warm up
    start = time.perf_counter()
    model.learn(steps)
    return steps / (time.perf_counter() - start)
