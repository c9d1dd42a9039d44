"""Training with Tianshou (extra `[frameworks]`): masked DQN on the single-agent env.

Tianshou's own `PettingZooEnv` credits a reward only to the seat that just moved, so a learner
whose game ends on an opponent's move never sees its result. The recipe here avoids that: the
learner plays one seat of `agents.training.single_env.SingleAgentEnv` (baseline bots play the others
inside the env, and the learner's final reward arrives in the step its game ends, whoever moved
last), with `mask_in_observation=True` so that Tianshou's DQN masks illegal actions
(`batch.obs.mask`) both when acting and when exploring.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np
import tianshou as ts
import torch
from tianshou.algorithm.modelfree.dqn import DiscreteQLearningPolicy
from tianshou.algorithm.optim import AdamOptimizerFactory
from tianshou.data import Batch, CollectStats
from tianshou.trainer import OffPolicyTrainerParams
from tianshou.utils.net.common import Net

from agents.play.tournament import wilson_interval
from agents.training.single_env import SingleAgentEnv


@dataclass
class Evaluation:
    """The learner's results against a bot: wins (a draw counts half), games, 95% interval."""

    wins: float
    games: int
    low: float
    high: float

    @property
    def share(self) -> float:
        return self.wins / self.games


def make_envs(game: str, num_players: int, opponent: str, count: int, seed: int):
    """`count` single-agent envs (dict observations with masks) in a Tianshou DummyVectorEnv."""
    return ts.env.DummyVectorEnv([
        lambda i=i: SingleAgentEnv(game, num_players, opponent, seed=seed * 1000 + i,
                                   mask_in_observation=True)
        for i in range(count)
    ])


def train_dqn(
    game: str = "aquilon",
    num_players: int = 2,
    opponent: str = "random",
    steps: int = 45_000,
    num_envs: int = 8,
    hidden: tuple[int, ...] = (128, 128),
    seed: int = 0,
    updates_per_step: float = 1.0,
) -> DiscreteQLearningPolicy:
    """Train a masked DQN for `steps` learner steps against `opponent`, `updates_per_step`
    gradient steps per collected step (1.0: measured at 45,000 steps against random in
    Aquilon, 55% and 60% of 1,000 games won for seeds 0 and 1 with tianshou 2.0.1, where 0.25
    won 54% and 56% of 300 in an earlier measurement);
    returns the policy. The same arguments train the same policy: Tianshou explores and
    samples its replay buffer with numpy's global generator, which is seeded here (and given
    back as it was)."""
    outer = np.random.get_state()
    np.random.seed(seed)
    try:
        return _train_dqn(game, num_players, opponent, steps, num_envs, hidden, seed,
                          updates_per_step)
    finally:
        np.random.set_state(outer)


def _train_dqn(game, num_players, opponent, steps, num_envs, hidden, seed,
               updates_per_step):
    torch.manual_seed(seed)
    probe = SingleAgentEnv(game, num_players, opponent, mask_in_observation=True)
    obs_size = probe.observation_space["obs"].shape[0]
    net = Net(state_shape=obs_size, action_shape=probe.action_space.n, hidden_sizes=list(hidden))
    policy = DiscreteQLearningPolicy(
        model=net, action_space=probe.action_space, eps_training=0.1, eps_inference=0.0
    )
    algorithm = ts.algorithm.DQN(
        policy=policy, optim=AdamOptimizerFactory(lr=1e-3), gamma=0.99,
        n_step_return_horizon=8, target_update_freq=300,
    )
    train_envs = make_envs(game, num_players, opponent, num_envs, seed)
    train_envs.seed(seed)
    collector = ts.data.Collector[CollectStats](
        algorithm, train_envs, ts.data.VectorReplayBuffer(50_000, num_envs),
        exploration_noise=True,
    )
    collector.reset()  # (Tianshou's random=True warm-up would ignore the masks)
    algorithm.run_training(
        OffPolicyTrainerParams(
            training_collector=collector,
            test_collector=None,
            max_epochs=1,
            epoch_num_steps=steps,
            collection_step_num_env_steps=num_envs * 4,
            batch_size=128,
            update_step_num_gradient_steps_per_sample=updates_per_step,
            test_in_training=False,
        )
    )
    return policy


def greedy_action(policy: DiscreteQLearningPolicy, observation: dict[str, np.ndarray]) -> int:
    """The policy's best legal action for one dict observation."""
    batch = Batch(obs=Batch(obs=observation["obs"][None], mask=observation["mask"][None]),
                  info=Batch())
    with torch.no_grad():
        return int(policy(batch).act[0])


def evaluate(
    policy: DiscreteQLearningPolicy, game: str = "aquilon", num_players: int = 2,
    opponent: str = "random", games: int = 200, seed: int = 12345,
) -> Evaluation:
    """Play `games` greedy games against `opponent` (seats rotated); the learner's wins."""
    env = SingleAgentEnv(game, num_players, opponent, seed=seed, mask_in_observation=True)
    wins = 0.0
    for _ in range(games):
        observation, _ = env.reset()
        done = False
        while not done:
            assert observation["mask"][greedy := greedy_action(policy, observation)]
            observation, reward, done, _, _ = env.step(greedy)
        wins += 1.0 if reward > 0 else 0.5 if reward == 0 else 0.0
    low, high = wilson_interval(wins, games)
    return Evaluation(wins, games, low, high)
