"""Imitation warm start: the heuristic's decisions collected at batch speed, and a policy
pretrained on them.

`collect_demonstrations` plays many games at once with the game's heuristic in every seat
(each decision taken on a state sampled from that seat's information, as the heuristic bot
does); with probability `epsilon` a seat plays a random legal move instead, so the data also
covers states the heuristic would not reach, but the label is always the heuristic's choice.
Every decision of every seat is kept with that seat's own observation and mask, and its final
reward (the rank reward of the seat at the end of its game) as the value target.

`pretrain` fits an SB3 masked policy to such data: cross-entropy of the heuristic's action
under the masked policy, plus the squared error of the value head against the final reward.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from agents.bots.batch_policies import BatchPolicy
from agents.bots.policies import numba_policy, random_legal
from agents.games import load_game
from tabletop_core.rng import RNG_WORDS, derive_seed, rng_seed


@dataclass
class Demonstrations:
    """Decisions of the heuristic: one row per decision."""

    observations: np.ndarray  # float32 [N, obs_size], the deciding seat's observation
    masks: np.ndarray  # uint8 [N, num_actions]
    actions: np.ndarray  # int64 [N], the heuristic's choice
    returns: np.ndarray  # float32 [N], the deciding seat's final reward

    def __len__(self) -> int:
        return len(self.actions)


def collect_demonstrations(game: str, num_players: int, decisions: int, seed: int = 0,
                           epsilon: float = 0.1, num_envs: int = 256,
                           max_moves: int | None = None, teacher: str = "heuristic",
                           options: dict | None = None) -> Demonstrations:
    """At least `decisions` decisions of `teacher` (a numba policy: "heuristic" or "random")
    from finished games of the game with `options` (see module doc)."""
    if not 0.0 <= epsilon <= 1.0:
        raise ValueError(f"epsilon must lie in [0, 1], got {epsilon!r}")
    module = load_game(game)
    batch = module.BatchEnv(num_envs=num_envs, num_players=num_players, seed=seed,
                            max_moves=max_moves, **(options or {}))
    spec = module.SPEC
    teacher = BatchPolicy(spec, numba_policy(teacher, spec), num_envs, seed + 1)
    explore_rng = np.random.default_rng(seed + 2)
    random_rngs = np.zeros((num_envs, RNG_WORDS), np.int32)
    for i in range(num_envs):
        rng_seed(random_rngs[i], 0, derive_seed(seed, i, 23))
    out = batch.reset()
    active = np.ones(num_envs, bool)
    rows_obs, rows_mask, rows_action, rows_return = [], [], [], []
    game_rows = [[] for _ in range(num_envs)]  # per game: (obs, mask, action, seat)
    kept = 0
    while kept < decisions:
        labels = teacher.act(batch.states, out.current_player, out.action_mask, active).copy()
        actions = labels.copy()
        for i in np.flatnonzero(explore_rng.random(num_envs) < epsilon):
            actions[i] = random_legal(out.action_mask[i], random_rngs[i])
        for i in range(num_envs):
            game_rows[i].append((out.observation[i].copy(), out.action_mask[i].copy(),
                                 int(labels[i]), int(out.current_player[i])))
        out = batch.step(actions)
        for i in np.flatnonzero(out.terminated | out.truncated):
            if out.terminated[i]:  # truncated games have no reward to learn from
                for obs, mask, label, seat in game_rows[i]:
                    rows_obs.append(obs)
                    rows_mask.append(mask)
                    rows_action.append(label)
                    rows_return.append(out.rewards[i, seat])
                kept += len(game_rows[i])
            game_rows[i] = []
    return Demonstrations(np.asarray(rows_obs, np.float32), np.asarray(rows_mask, np.uint8),
                          np.asarray(rows_action, np.int64), np.asarray(rows_return, np.float32))


STRETCH = 16  # minibatches timed together when `pretrain` chooses its thread count


def pretrain(policy, data: Demonstrations, epochs: int = 4, batch_size: int = 512,
             learning_rate: float = 1e-3, value_weight: float = 0.5, seed: int = 0,
             validation_share: float = 0.05, threads=None) -> list[dict]:
    """Fit an sb3-contrib `MaskableActorCriticPolicy` to the demonstrations (see module doc);
    return one row per epoch: training loss, and on held-out decisions the cross-entropy and
    the share of decisions where the policy's most probable action is the heuristic's.
    `threads`: an `agents.training.callbacks.FastestThreads` that chooses torch's thread count
    for each stretch of `STRETCH` minibatches (default: torch's count as it is)."""
    import time

    import torch

    rng = np.random.default_rng(seed)
    order = rng.permutation(len(data))
    held = order[: max(1, int(len(data) * validation_share))]
    train = order[len(held):]
    optimizer = torch.optim.Adam(policy.parameters(), lr=learning_rate)
    history = []

    def tensors(rows):
        return (torch.as_tensor(data.observations[rows]),
                torch.as_tensor(data.masks[rows].astype(bool)),
                torch.as_tensor(data.actions[rows]),
                torch.as_tensor(data.returns[rows]))

    for epoch in range(epochs):
        policy.set_training_mode(True)
        rng.shuffle(train)
        total, count = 0.0, 0
        stretch = None  # (threads, start) of the stretch of minibatches being timed
        for k, start in enumerate(range(0, len(train), batch_size)):
            if threads is not None and k % STRETCH == 0:
                now = time.perf_counter()
                if stretch is not None:
                    threads.record(stretch[0], now - stretch[1])
                stretch = (threads.choose(), now)
                torch.set_num_threads(stretch[0])
            obs, masks, actions, returns = tensors(train[start:start + batch_size])
            values, log_prob, _ = policy.evaluate_actions(obs, actions, action_masks=masks)
            loss = -log_prob.mean() + value_weight * ((values.flatten() - returns) ** 2).mean()
            optimizer.zero_grad()
            loss.backward()
            torch.nn.utils.clip_grad_norm_(policy.parameters(), 0.5)
            optimizer.step()
            total += loss.item() * len(actions)
            count += len(actions)
        policy.set_training_mode(False)
        with torch.no_grad():
            obs, masks, actions, returns = tensors(held)
            distribution = policy.get_distribution(obs, action_masks=masks.numpy())
            logits = distribution.distribution.logits
            cross_entropy = float(-distribution.log_prob(actions).mean())
            agreement = float((logits.argmax(-1) == actions).float().mean())
        history.append({"epoch": epoch + 1, "loss": total / count,
                        "held_out_cross_entropy": cross_entropy, "agreement": agreement})
    return history
