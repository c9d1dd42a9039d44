"""Information-set Monte Carlo tree search (single-observer ISMCTS, Cowling et al. 2012).

Every iteration samples a full state from the searching seat's information with the engine's
`determinize`, descends one tree shared by all samples (UCB over the actions available in that
sample, with availability counts), adds one node, plays the game out with the rollout policy
and backs up rank rewards. The rollout policy (the game's heuristic) also guides the tree:
its choice is expanded first and gets a progressive bias, `bias / (visits + 1)`, in the UCB
score (Chaslot et al. 2008), so a small budget refines the heuristic rather than replacing it
with noisy averages. A playout may stop after `playout_limit` moves, where the position is
scored as if the game ended there. All of it runs inside numba on the game's engine
functions, passed as first-class functions, so the same cached kernel serves every game.
"""

from __future__ import annotations

import numpy as np
from numba import njit, types

from agents.bots.base import SeatView
from agents.bots.policies import RANDOM_POLICY, heuristic_policy, random_legal
from agents.bots.search import SearchBot, per_root_action, run_budget
from agents.profiles import game_profile
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
    FinalScoresFn, PolicyFn, types.float64, types.float64, types.int64, types.boolean,
)


@njit(cache=True)
def rollout_rewards(scores, keys, num_players, out):
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


@njit(cache=True)
def _nth_untried(children, mask, n):
    """The n-th legal action (from 0) that has no child yet."""
    for a in range(mask.shape[0]):
        if mask[a] and children[a] < 0:
            if n == 0:
                return a
            n -= 1
    return -1


@njit(types.int64(STATE, types.int64, types.uint8[::1], types.int32[::1], PolicyFn, types.float64),
      cache=True)
def policy_action(state, player, mask, rng, policy, epsilon):
    """The policy's action, or with probability `epsilon` a uniformly random legal one."""
    if rng_next(rng, 0) < epsilon * 4294967296.0:
        return random_legal(mask, rng)
    return policy(state, player, mask, rng)


@njit
def playout(state, num_players, playout_limit, mask, scores, keys, rewards, rng, policy,
            epsilon, play, current_player, legal_mask, final_scores):
    """Play `state` on with `policy` (a random legal action with probability `epsilon`) to
    the end or for `playout_limit` moves (-1: no limit), then score it into `rewards` (rank
    reward plus margin). Not cached itself (it calls function arguments): compiled into the
    searches that call it, whose signatures are explicit."""
    moves = 0
    while moves != playout_limit:
        player = current_player(state)
        if player < 0:
            break
        moves += 1
        legal_mask(state, mask)
        play(state, policy_action(state, player, mask, rng, policy, epsilon))
    final_scores(state, scores, keys)
    rollout_rewards(scores, keys, num_players, rewards)


@njit(cache=True)
def backup(path, depth, mover, visits, value, rewards):
    """Add one visit and the mover's reward to every node of path[1..depth]."""
    for d in range(1, depth + 1):
        n = path[d]
        visits[n] += 1.0
        value[n] += rewards[mover[n]]


@njit(_SEARCH, cache=True)
def search(root, seat, num_players, iterations, rng, exploration, children, mover, visits,
           availability, value, node_count, determinize, play, current_player, legal_mask,
           final_scores, rollout_policy, epsilon, bias, playout_limit, own_moves_only):
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
            if own_moves_only and player != seat:
                play(state, policy_action(state, player, mask, rng, rollout_policy, epsilon))
                continue
            hint = rollout_policy(state, player, mask, rng) if bias > 0.0 else -1
            untried = 0
            for a in range(num_actions):
                if mask[a]:
                    child = children[node, a]
                    if child < 0:
                        untried += 1
                    else:
                        availability[child] += 1.0
            if untried > 0 and node_count[0] < max_nodes:
                if hint >= 0 and children[node, hint] < 0:
                    chosen = hint
                else:
                    chosen = _nth_untried(children[node], mask, rng_below(rng, 0, untried))
                child = node_count[0]
                node_count[0] += 1
                children[node, chosen] = child
                children[child, :] = -1
                mover[child] = player
                visits[child] = 0.0
                value[child] = 0.0
                availability[child] = 1.0
                play(state, chosen)
                depth += 1
                path[depth] = child
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
                    if a == hint:
                        score += bias / (visits[child] + 1.0)
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
        playout(state, num_players, playout_limit, mask, scores, keys, rewards, rng,
                rollout_policy, epsilon, play, current_player, legal_mask, final_scores)
        backup(path, depth, mover, visits, value, rewards)


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
        return per_root_action(self.children, self.visits)


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
    bias: float = 0.0,
    playout_limit: int = -1,
    own_moves_only: bool = False,
) -> tuple[int, SearchTree, int]:
    """Search from `state` (only ever determinized from `seat`'s view) for an iteration or time
    budget; return (most visited legal root action, tree, iterations run).

    Playouts follow `rollout_policy` (default: uniformly random), with a uniformly random
    action instead with probability `epsilon`, for at most `playout_limit` moves (-1: to the
    end). With `bias` > 0 the rollout policy's choice at each tree node is expanded first and
    favoured by `bias / (visits + 1)`. With `own_moves_only` the tree holds only `seat`'s
    decisions and the other seats play the rollout policy throughout: no opponent node can
    react to a choice of `seat`'s that it could not see (a secret bid), at the price of
    modelling the others by that policy.
    """
    functions = engine_functions(game)
    if rollout_policy is None:
        rollout_policy, epsilon, bias = RANDOM_POLICY, 1.0, 0.0
    max_nodes = min(iterations, 200_000) + 1 if iterations is not None else 200_001
    tree = SearchTree(max_nodes, game.num_actions)
    rng = np.zeros(4, np.int32)
    rng_seed(rng, 0, seed)

    def search_chunk(step: int) -> None:
        search(
            state, seat, num_players, step, rng, exploration, tree.children, tree.mover,
            tree.visits, tree.availability, tree.value, tree.node_count, functions["determinize"],
            functions["play"], functions["current_player"], functions["legal_mask"],
            functions["final_scores"], rollout_policy, epsilon, bias, playout_limit,
            own_moves_only,
        )

    done = run_budget(search_chunk, iterations, seconds, chunk=64)
    counts = tree.root_visits()
    counts[~legal.astype(bool)] = -1
    return int(np.argmax(counts)), tree, done


ISMCTS_DEFAULT_ITERATIONS = 1000


class ISMCTSBot(SearchBot):
    """Information-set MCTS with an iteration or time budget per decision, with the settings
    of the game's profile (`agents.profiles`; `settings` overrides them): its playouts follow
    the game's heuristic (uniformly random in a game without one)."""

    kind = "ismcts"

    def __init__(self, seed: int = 0, iterations: int | None = ISMCTS_DEFAULT_ITERATIONS,
                 seconds: float | None = None, settings: dict | None = None):
        super().__init__(seed, iterations, seconds, settings)

    def search(self, view: SeatView, root: np.ndarray, seed: int) -> tuple[int, int]:
        profile = game_profile(view.game.name)
        rollout = heuristic_policy(view.game) if profile.heuristic else None
        action, _, done = run_search(
            view.game, root, view.seat, view.num_players, view.action_mask,
            seed=seed, iterations=self.iterations, seconds=self.seconds,
            rollout_policy=rollout, **{**profile.ismcts, **self.settings},
        )
        return action, done
