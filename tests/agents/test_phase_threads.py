"""Torch's thread count per phase of PPO: one thread while the engines play, the count
measured fastest while PPO updates the network (`agents.training.callbacks`)."""

import numpy as np
import torch

from agents.training.callbacks import FastestThreads, PhaseThreads


def test_fastest_threads_settles_on_the_faster_count_and_tries_the_other_again():
    chooser = FastestThreads((1, 2), explore_every=10)
    cost = {1: 1.0, 2: 5.0}  # two threads five times slower (a busy machine)
    used = []
    for _ in range(40):
        count = chooser.choose()
        used.append(count)
        chooser.record(count, cost[count])
    assert used[:3] == [1, 1, 2]  # a warm-up left out, then each count once
    assert used.count(2) == 4  # tried again every 10 runs: at runs 10, 20, 30
    cost = {1: 1.0, 2: 0.6}  # the machine became idle: two threads now faster
    for _ in range(20):
        count = chooser.choose()
        chooser.record(count, cost[count])
    assert chooser.choose() == 2
    assert FastestThreads((1, 1)).choose() == 1


def test_rollouts_run_on_one_thread_and_updates_on_the_chosen_count():
    from sb3_contrib import MaskablePPO
    from stable_baselines3.common.callbacks import BaseCallback

    from agents.training.opponent_pool import OpponentPool
    from agents.training.selfplay import SelfPlayVecEnv

    class Spy(BaseCallback):
        def __init__(self):
            super().__init__()
            self.rollout, self.update = set(), []

        def _on_step(self) -> bool:
            self.rollout.add(torch.get_num_threads())
            return True

        def _on_rollout_end(self) -> None:  # after PhaseThreads: the update's count
            self.update.append(torch.get_num_threads())

    before = torch.get_num_threads()
    env = SelfPlayVecEnv("aquilon", 4, 2, OpponentPool(bots=("random",)), seed=0)
    model = MaskablePPO("MlpPolicy", env, n_steps=8, batch_size=32, n_epochs=1, seed=0,
                        device="cpu", policy_kwargs={"net_arch": [16]})
    phases = PhaseThreads(rollout=1, update=2)
    spy = Spy()
    model.learn(32 * 5, callback=[phases, spy])
    assert spy.rollout == {1}
    assert spy.update[:3] == [1, 1, 2] and set(spy.update) <= {1, 2}
    assert phases.chooser.runs == 5 and set(phases.chooser.seconds) == {1, 2}
    assert torch.get_num_threads() == before
    assert np.isfinite(list(phases.chooser.seconds.values())).all()
