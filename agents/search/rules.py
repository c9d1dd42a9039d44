"""Selection rules: the only part of a search that differs between algorithms.

- `uct` (ISMCTS, Cowling et al. 2012): an untried legal action first (the rollout policy's
  choice if untried, with `bias` > 0), else UCB1 over the children legal in this sample with
  availability counts, `Q + c * sqrt(ln(availability) / N)`, plus a progressive bias
  `bias / (N + 1)` for the rollout policy's choice (Chaslot et al. 2008).
- `puct` (AlphaZero): `Q + c_puct * P * sqrt(N_parent) / (1 + N)` over the actions legal in this
  sample, P the softmax of the node's logits over them (one node serves samples with different
  legal sets), N_parent the visits of its children legal here plus one, Q 0 before a child's
  first visit; optional Dirichlet noise mixed into the root's prior.
- `gumbel` (Gumbel MuZero, Danihelka et al. 2022, as mctx's `gumbel_muzero_policy`): at the
  root, Gumbel-top-k sampling of `considered` actions and sequential halving over the budget,
  scoring `g + logits + sigma(completed Q)`; below the root, `puct`.
"""

from __future__ import annotations

import math

import numpy as np
from numba import njit

# The values of `Settings.rule`.
UCT, PUCT, GUMBEL = 0, 1, 2
RULES = {"uct": UCT, "puct": PUCT, "gumbel": GUMBEL}
# mctx's qtransform_completed_by_mix_value defaults.
VALUE_SCALE = 0.1
MAXVISIT_INIT = 50.0
_RESCALE_EPSILON = 1e-8
_LOW_LOGIT = -1e9


@njit(cache=True)
def nth_untried(children, mask, n):
    """The n-th legal action (from 0) that has no child yet."""
    for a in range(mask.shape[0]):
        if mask[a] and children[a] < 0:
            if n == 0:
                return a
            n -= 1
    return -1


@njit(cache=True)
def uct_count(tree, b, node, mask):
    """Count a sample's visit to `node`: every existing child legal here was available; the
    number of legal actions with no child yet."""
    untried = 0
    for a in range(mask.shape[0]):
        if mask[a]:
            child = tree.children[b, node, a]
            if child < 0:
                untried += 1
            else:
                tree.availability[b, child] += 1.0
    return untried


@njit(cache=True)
def uct_best(tree, b, node, mask, hint, exploration, bias):
    """The UCB1 choice among `node`'s children legal here (-1: none has a child)."""
    best = -1
    best_score = -1e300
    for a in range(mask.shape[0]):
        child = tree.children[b, node, a] if mask[a] else -1
        if child < 0:
            continue
        n = tree.visits[b, child]
        if n == 0.0:
            score = 1e300
        else:
            score = tree.value[b, child] / n + exploration * np.sqrt(
                np.log(tree.availability[b, child]) / n)
            if a == hint:
                score += bias / (n + 1.0)
        if score > best_score:
            best_score = score
            best = a
    return best


@njit(cache=True)
def puct_best(tree, b, node, mask, prior, c_puct, noise, noise_fraction):
    """The PUCT choice among the actions legal here (`prior`: scratch of one per action)."""
    num_actions = mask.shape[0]
    top = -1e30
    for a in range(num_actions):
        if mask[a] and tree.logits[b, node, a] > top:
            top = tree.logits[b, node, a]
    total = 0.0
    parent = 1.0
    for a in range(num_actions):
        if mask[a]:
            prior[a] = np.exp(tree.logits[b, node, a] - top)
            total += prior[a]
            child = tree.children[b, node, a]
            if child >= 0:
                parent += tree.visits[b, child]
        else:
            prior[a] = 0.0
    sqrt_parent = np.sqrt(parent)
    best = -1
    best_score = -1e300
    for a in range(num_actions):
        if not mask[a]:
            continue
        p = prior[a] / total
        if node == 0 and noise_fraction > 0.0:
            p = (1.0 - noise_fraction) * p + noise_fraction * noise[a]
        child = tree.children[b, node, a]
        q = 0.0
        n = 0.0
        if child >= 0 and tree.visits[b, child] > 0.0:
            n = tree.visits[b, child]
            q = tree.value[b, child] / n
        score = q + c_puct * p * sqrt_parent / (1.0 + n)
        if score > best_score:
            best_score = score
            best = a
    return best


@njit(cache=True)
def root_visit_counts(tree, b, mask, out):
    """Visits of each legal root action into `out`; their sum."""
    total = 0.0
    for a in range(mask.shape[0]):
        child = tree.children[b, 0, a]
        out[a] = tree.visits[b, child] if mask[a] and child >= 0 else 0.0
        total += out[a]
    return total


@njit(cache=True)
def gumbel_scores(tree, b, mask, gumbel, considered_visit, visits, out):
    """Sequential halving's score of each legal root action, `g + logits + sigma(completed Q)`
    (mctx `score_considered` over `qtransform_completed_by_mix_value`); -inf for an action whose
    visits are not `considered_visit` or that is not legal. `visits`: root_visit_counts."""
    num_actions = mask.shape[0]
    top = -1e30
    for a in range(num_actions):
        if mask[a] and tree.logits[b, 0, a] > top:
            top = tree.logits[b, 0, a]
    total = 0.0
    for a in range(num_actions):
        out[a] = np.exp(tree.logits[b, 0, a] - top) if mask[a] else 0.0
        total += out[a]
    # The mixed value: the root's own value and the prior-weighted Q of the visited actions.
    sum_visits = 0.0
    sum_probs = 0.0
    max_visits = 0.0
    for a in range(num_actions):
        if visits[a] > 0.0:
            sum_visits += visits[a]
            sum_probs += max(out[a] / total, 1.1754943508222875e-38)
            max_visits = max(max_visits, visits[a])
    weighted = 0.0
    for a in range(num_actions):
        if visits[a] > 0.0:
            child = tree.children[b, 0, a]
            q = tree.value[b, child] / visits[a]
            weighted += max(out[a] / total, 1.1754943508222875e-38) * q / sum_probs
    mixed = (tree.root_value[b] + sum_visits * weighted) / (sum_visits + 1.0)
    low = 1e300
    high = -1e300
    for a in range(num_actions):
        if mask[a]:
            q = mixed
            if visits[a] > 0.0:
                q = tree.value[b, tree.children[b, 0, a]] / visits[a]
            out[a] = q  # the completed Q, for now
            low = min(low, q)
            high = max(high, q)
    scale = (MAXVISIT_INIT + max_visits) * VALUE_SCALE
    for a in range(num_actions):
        if mask[a] and visits[a] == considered_visit:
            sigma = scale * (out[a] - low) / max(high - low, _RESCALE_EPSILON)
            out[a] = max(_LOW_LOGIT, gumbel[a] + tree.logits[b, 0, a] - top + sigma)
        else:
            out[a] = -np.inf
    return 0


def considered_visits(considered: int, simulations: int) -> np.ndarray:
    """mctx's table of considered visits: row m is the visit count sequential halving asks of
    the root action chosen at each simulation when m actions are considered."""
    table = np.zeros((considered + 1, max(simulations, 1)), np.int64)
    for m in range(considered + 1):
        if m <= 1:
            table[m] = np.arange(table.shape[1])
            continue
        log2max = math.ceil(math.log2(m))
        sequence: list[int] = []
        visits = [0] * m
        count = m
        while len(sequence) < simulations:
            extra = max(1, int(simulations / (log2max * count)))
            for _ in range(extra):
                sequence.extend(visits[:count])
                for i in range(count):
                    visits[i] += 1
            count = max(2, count // 2)
        table[m, :simulations] = sequence[:simulations]
    return table
