"""Information-set Monte Carlo tree search (single-observer ISMCTS, Cowling et al. 2012).

Every iteration samples a full state from the searching seat's information with the engine's
`determinize`, descends one tree shared by all samples (UCB over the actions available in that
sample, with availability counts), adds one node, finishes the game with random legal moves
and backs up rank rewards. All of it runs inside numba on the game's engine functions, passed
as first-class functions, so the same cached kernel serves every game.
"""

from __future__ import annotations

import time

import numpy as np
from numba import njit, types

from agents.policies import RANDOM_POLICY, random_legal
from tabletop_core.rewards import rank_rewards
from tabletop_core.rng import rng_below, rng_next, rng_seed
from tabletop_core.signatures import (
    STATE,
    CurrentPlayerFn,
    DeterminizeFn,
    EngineFunction,
    FinalScoresFn,
    LegalMaskFn,
    PlayFn,
    PolicyFn,
    engine_functions,
)
from tabletop_core.spec import GameSpec

_SEARCH = types.void(
    STATE, types.int64, types.int64, types.int64, types.int32[::1], types.float64,
    types.int32[:, ::1], types.int32[::1], types.float64[::1], types.float64[::1],
    types.float64[::1], types.int64[::1], DeterminizeFn, PlayFn, CurrentPlayerFn, LegalMaskFn,
    FinalScoresFn, PolicyFn, types.float64,
)


@njit(cache=True)
def _rollout_rewards(scores, keys, num_players, out):
    """Rank reward plus a small score-margin term (relative to the table's mean score), which
    tells a near win from a rout and makes random playouts less noisy."""
    rank_rewards(keys, num_players, out)
    total = 0.0
    size = 0.0
    for i in range(num_players):
        total += scores[i]
        size += abs(scores[i])
    scale = max(size / num_players, 1.0)
    for i in range(num_players):
        margin = (scores[i] - (total - scores[i]) / (num_players - 1)) / scale
        out[i] += max(-1.0, min(1.0, margin))


@njit(_SEARCH, cache=True)
def search(root, seat, num_players, iterations, rng, exploration, children, mover, visits,
           availability, value, node_count, determinize, play, current_player, legal_mask,
           final_scores, rollout_policy, epsilon):
    """Run `iterations` more iterations on the tree held in the arrays (node 0 is the root)."""
    num_actions = children.shape[1]
    max_nodes = children.shape[0]
    mask = np.zeros(num_actions, np.uint8)
    scores = np.zeros(num_players, np.float64)
    keys = np.zeros(num_players, np.int64)
    rewards = np.zeros(num_players, np.float64)
    path = np.zeros(max_nodes, np.int64)
    for _ in range(iterations):
        state = root.copy()
        determinize(state, seat, rng_next(rng, 0))
        node = 0
        depth = 0
        while True:
            player = current_player(state)
            if player < 0:
                break
            legal_mask(state, mask)
            untried = 0
            for a in range(num_actions):
                if mask[a]:
                    child = children[node, a]
                    if child < 0:
                        untried += 1
                    else:
                        availability[child] += 1.0
            if untried > 0 and node_count[0] < max_nodes:
                pick = rng_below(rng, 0, untried)
                for a in range(num_actions):
                    if mask[a] and children[node, a] < 0:
                        if pick == 0:
                            child = node_count[0]
                            node_count[0] += 1
                            children[node, a] = child
                            children[child, :] = -1
                            mover[child] = player
                            visits[child] = 0.0
                            value[child] = 0.0
                            availability[child] = 1.0
                            play(state, a)
                            depth += 1
                            path[depth] = child
                            break
                        pick -= 1
                break
            best = -1
            best_score = -1e300
            for a in range(num_actions):
                child = children[node, a] if mask[a] else -1
                if child < 0:
                    continue
                if visits[child] == 0.0:
                    score = 1e300
                else:
                    score = value[child] / visits[child] + exploration * np.sqrt(
                        np.log(availability[child]) / visits[child]
                    )
                if score > best_score:
                    best_score = score
                    best = a
            if best < 0:
                best = random_legal(mask, rng)
                play(state, best)
                break
            node = children[node, best]
            play(state, best)
            depth += 1
            path[depth] = node
        while True:
            player = current_player(state)
            if player < 0:
                break
            legal_mask(state, mask)
            if rng_next(rng, 0) < epsilon * 4294967296.0:
                play(state, random_legal(mask, rng))
            else:
                play(state, rollout_policy(state, player, mask, rng))
        final_scores(state, scores, keys)
        _rollout_rewards(scores, keys, num_players, rewards)
        for d in range(1, depth + 1):
            n = path[d]
            visits[n] += 1.0
            value[n] += rewards[mover[n]]


class SearchTree:
    """The arrays of one search: node 0 is the root, children[node, action] the child index."""

    def __init__(self, max_nodes: int, num_actions: int):
        self.children = np.full((max_nodes, num_actions), -1, np.int32)
        self.mover = np.zeros(max_nodes, np.int32)
        self.visits = np.zeros(max_nodes)
        self.availability = np.zeros(max_nodes)
        self.value = np.zeros(max_nodes)
        self.node_count = np.ones(1, np.int64)

    def root_visits(self) -> np.ndarray:
        """Visits of each root action (0 for actions never tried)."""
        counts = np.zeros(self.children.shape[1])
        tried = self.children[0] >= 0
        counts[tried] = self.visits[self.children[0][tried]]
        return counts


def run_search(
    game: GameSpec,
    state: np.ndarray,
    seat: int,
    num_players: int,
    legal: np.ndarray,
    seed: int,
    iterations: int | None = 1000,
    seconds: float | None = None,
    exploration: float = 0.7,
    rollout_policy: EngineFunction | None = None,
    epsilon: float = 0.1,
) -> tuple[int, SearchTree, int]:
    """Search from `state` (only ever determinized from `seat`'s view) for an iteration or time
    budget; return (most visited legal root action, tree, iterations run).

    Playouts follow `rollout_policy` (default: uniformly random), with a uniformly random
    action instead with probability `epsilon`.
    """
    functions = engine_functions(game)
    if rollout_policy is None:
        rollout_policy, epsilon = RANDOM_POLICY, 1.0
    budget = iterations if iterations is not None else 1 << 40
    max_nodes = min(budget, 200_000) + 1 if iterations is not None else 200_001
    tree = SearchTree(max_nodes, game.num_actions)
    rng = np.zeros(4, np.int32)
    rng_seed(rng, 0, seed)
    done = 0
    chunk = budget if seconds is None else 64
    deadline = None if seconds is None else time.perf_counter() + seconds
    while done < budget:
        step = min(chunk, budget - done)
        search(
            state, seat, num_players, step, rng, exploration, tree.children, tree.mover,
            tree.visits, tree.availability, tree.value, tree.node_count, functions["determinize"],
            functions["play"], functions["current_player"], functions["legal_mask"],
            functions["final_scores"], rollout_policy, epsilon,
        )
        done += step
        if deadline is not None and time.perf_counter() >= deadline:
            break
    counts = tree.root_visits()
    counts[~legal.astype(bool)] = -1
    return int(np.argmax(counts)), tree, done
