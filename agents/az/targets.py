"""The targets of expert iteration, made from what the search left at each root.

Policy targets:

- `visits`: the root's visit shares (AlphaZero).
- `completed_q`: the network's prior improved by the search's values (Gumbel MuZero's policy
  target, Danihelka et al. 2022, with the defaults of DeepMind's `mctx`): a softmax over the
  legal actions of prior logits + (50 + most visits) * 0.1 * q, where q is each action's mean
  reward at the root, an unvisited action's the visited ones' mean weighted by the prior
  ("completed"), rescaled to [0, 1] between the root's lowest and highest. Visit shares hand on
  only what the visits learnt under a strong prior; these targets hand on the values too.

Value targets (`value_targets`): the game's outcome, or mixed with the root's searched reward.
The outcome is one number per game and seat, shared by a hundred samples of a Simurgh game: a
value head fitted to it over a few rounds' games learns those games (docs/training.md, "Why
these defaults", `az` value mix); the searched reward differs from sample to sample and says
what the search found there.
"""

from __future__ import annotations

import numpy as np

from agents.az.selfplay import Samples

VISIT_OFFSET = 50.0  # mctx's maxvisit_init
VALUE_SCALE = 0.1  # mctx's value_scale


def visit_shares(samples: Samples) -> np.ndarray:
    """Each row's root visits as shares (float32 [T, num_actions])."""
    return (samples.visits / samples.visits.sum(1, keepdims=True)).astype(np.float32)


def completed_q(samples: Samples, value_scale: float = VALUE_SCALE) -> np.ndarray:
    """Each row's prior improved by its completed, rescaled Q values (float32
    [T, num_actions], zero on illegal actions)."""
    masks = samples.masks
    visited = samples.visits > 0
    logits = np.where(masks, samples.prior_logits.astype(np.float64), -np.inf)
    prior = np.exp(logits - logits.max(1, keepdims=True))
    prior /= prior.sum(1, keepdims=True)
    weights = np.where(visited, prior, 0.0)
    mixed = (weights * samples.q_values).sum(1, keepdims=True) / weights.sum(1, keepdims=True)
    q = np.where(visited, samples.q_values, mixed)
    low = np.where(masks, q, np.inf).min(1, keepdims=True)
    high = np.where(masks, q, -np.inf).max(1, keepdims=True)
    q = (q - low) / np.maximum(high - low, 1e-8)
    scale = (VISIT_OFFSET + samples.visits.max(1, keepdims=True)) * value_scale
    improved = np.where(masks, logits + scale * q, -np.inf)
    target = np.exp(improved - improved.max(1, keepdims=True))
    return (target / target.sum(1, keepdims=True)).astype(np.float32)


def searched_reward(samples: Samples) -> np.ndarray:
    """Each row's mean reward at the root for the seat that searched (float64 [T]): the
    visited actions' Q values weighted by their visits."""
    visits = samples.visits.astype(np.float64)
    return (visits * samples.q_values).sum(1) / np.maximum(visits.sum(1), 1.0)


def value_targets(samples: Samples, mix: float) -> np.ndarray:
    """The value targets (float32 [T, max_players], the deciding seat first, 0 past the
    row's table): the outcome, with a share `mix` of the deciding seat's replaced by its
    searched reward. The search values only its own seat; at a two-player table, whose
    rewards are zero-sum, the other seat's searched reward is its negative, and with more
    players the others keep the outcome."""
    targets = samples.values.astype(np.float64)
    if mix:
        searched = searched_reward(samples)
        targets[:, 0] += mix * (searched - targets[:, 0])
        pairs = samples.players == 2
        targets[pairs, 1] += mix * (-searched[pairs] - targets[pairs, 1])
    return targets.astype(np.float32)


def seat_mask(samples: Samples) -> np.ndarray:
    """bool [T, max_players]: the seats at each row's table (the values learnt)."""
    return np.arange(samples.values.shape[1]) < samples.players[:, None]


POLICY_TARGETS = {"visits": visit_shares, "completed_q": completed_q}


def policy_targets(samples: Samples, kind: str) -> np.ndarray:
    """The policy targets of `kind` (a key of POLICY_TARGETS) for every row of `samples`."""
    return POLICY_TARGETS[kind](samples)
