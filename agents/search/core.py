"""One search loop for every algorithm, over a batch of roots (shaped like mctx's `search`).

Each simulation, for every row b (one search, from one seat's information):

1. simulate: copy root b, sample a world from the searching seat's information
   (`determinize`), and descend the row's tree from node 0, playing each chosen action in the
   sample; the selection rule (`rules`) is the only part that differs between algorithms. Seats
   other than the searcher's play the rollout policy at once with `own_moves_only`.
2. expand: the descent ends at a new node (added for the chosen action; `uct` adds one per
   simulation), at a node the network has not evaluated yet (`puct`, `gumbel`), or at the end
   of the game.
3. evaluate: the rows waiting for the network are evaluated together (`network.forward_rows`,
   each row's arithmetic the same as alone): the policy's logits become the node's prior, the
   value head (if any) its value, mixed with a playout in the share `playout_share`; the other
   leaves are played out (`playout`) or scored at the end.
4. backward: every node of the path gets a visit and the reward of the seat that moved into it.

Each row has its own generator, so a row's result depends only on its root, seat and seed:
a batch gives each search the same tree as alone. With a `cycles` array (`profile`), the
kernel adds the processor cycles of each part of its iterations to it.
"""

from __future__ import annotations

import time
from collections import namedtuple
from dataclasses import dataclass

import numpy as np
from numba import njit

from agents.search.network import AZNetwork, forward_rows
from agents.search.playout import playout, policy_action, random_legal, rollout_rewards
from agents.search.profile import (
    BACKUP,
    DETERMINIZE,
    LEGAL_MASK,
    NETWORK,
    OBSERVE,
    PARTS,
    PLAY,
    PLAYOUT,
    POLICY,
    TOTAL,
    add_cycles,
    clock,
)
from agents.search.rules import (
    GUMBEL,
    RULES,
    UCT,
    considered_visits,
    gumbel_scores,
    nth_untried,
    puct_best,
    root_visit_counts,
    uct_best,
    uct_count,
)
from agents.search.tree import Forest
from tabletop_core.rng import rng_below, rng_next, rng_seed
from tabletop_core.signatures import EngineFunction, engine_functions
from tabletop_core.spec import GameSpec

Engine = namedtuple("Engine", "determinize play current_player legal_mask observe final_scores")
Net = namedtuple("Net", "weights biases layers policy_layers value_layers")
Settings = namedtuple("Settings", "rule exploration c_puct bias epsilon playout_limit "
                                  "own_moves_only playout_share noise_fraction")
Roots = namedtuple("Roots", "states seats players rngs noise gumbel considered table")

# How a descent ended: at the end of the game, at a leaf for the network, at a leaf to play out.
_TERMINAL, _NETWORK, _PLAYOUT = 0, 1, 2


@njit(cache=True)
def _add_node(tree, b, parent, action, player):
    """A new child of `parent` for `action`, entered by `player`; its index."""
    child = tree.node_count[b]
    tree.node_count[b] += 1
    tree.children[b, parent, action] = child
    tree.children[b, child, :] = -1
    tree.expanded[b, child] = 0
    tree.mover[b, child] = player
    tree.visits[b, child] = 0.0
    tree.value[b, child] = 0.0
    tree.availability[b, child] = 1.0
    return child


@njit(cache=True)
def _backup(tree, b, path, depth, rewards):
    """Add one visit and the mover's reward to every node of path[1..depth]."""
    for d in range(1, depth + 1):
        n = path[d]
        tree.visits[b, n] += 1.0
        tree.value[b, n] += rewards[tree.mover[b, n]]


@njit
def _descend(b, state, mask, path, roots, tree, engine, policy, settings, prior, scratch, obs,
             cycles, profiling):
    """Steps 1-2 for row b: (how it ended, the leaf's node or -1, the seat to act there,
    depth)."""
    seat = roots.seats[b]
    rng = roots.rngs[b]
    max_nodes = tree.children.shape[1]
    start = clock(profiling)
    engine.determinize(state, seat, rng_next(rng, 0))
    add_cycles(cycles, DETERMINIZE, start, profiling)
    node = 0
    depth = 0
    while True:
        player = engine.current_player(state)
        if player < 0:
            return _TERMINAL, node, player, depth
        start = clock(profiling)
        engine.legal_mask(state, mask)
        add_cycles(cycles, LEGAL_MASK, start, profiling)
        if settings.own_moves_only and player != seat:
            start = clock(profiling)
            action = policy_action(state, player, mask, rng, policy, settings.epsilon)
            add_cycles(cycles, POLICY, start, profiling)
            start = clock(profiling)
            engine.play(state, action)
            add_cycles(cycles, PLAY, start, profiling)
            continue
        if settings.rule == UCT:
            hint = -1
            if settings.bias > 0.0:
                start = clock(profiling)
                hint = policy(state, player, mask, rng)
                add_cycles(cycles, POLICY, start, profiling)
            untried = uct_count(tree, b, node, mask)
            leaf = False
            if untried > 0 and tree.node_count[b] < max_nodes:
                if hint >= 0 and tree.children[b, node, hint] < 0:
                    action = hint
                else:
                    action = nth_untried(tree.children[b, node], mask,
                                         rng_below(rng, 0, untried))
                node = _add_node(tree, b, node, action, player)
                depth += 1
                path[depth] = node
                leaf = True
            else:
                action = uct_best(tree, b, node, mask, hint, settings.exploration,
                                  settings.bias)
                if action < 0:
                    action = random_legal(mask, rng)
                    leaf = True
                else:
                    node = tree.children[b, node, action]
                    depth += 1
                    path[depth] = node
            start = clock(profiling)
            engine.play(state, action)
            add_cycles(cycles, PLAY, start, profiling)
            if leaf:
                return _PLAYOUT, node, player, depth
            continue
        if node < 0 or not tree.expanded[b, node]:
            start = clock(profiling)
            engine.observe(state, player, obs)
            add_cycles(cycles, OBSERVE, start, profiling)
            return _NETWORK, node, player, depth
        if settings.rule == GUMBEL and node == 0:
            total = root_visit_counts(tree, b, mask, scratch)
            considered = roots.table[roots.considered[b], int(total)]
            gumbel_scores(tree, b, mask, roots.gumbel[b], considered, scratch, prior)
            action = -1
            for a in range(mask.shape[0]):
                if mask[a] and (action < 0 or prior[a] > prior[action]):
                    action = a
        else:
            action = puct_best(tree, b, node, mask, prior, settings.c_puct, roots.noise[b],
                               settings.noise_fraction)
        child = tree.children[b, node, action]
        if child < 0 and tree.node_count[b] < max_nodes:
            child = _add_node(tree, b, node, action, player)
        start = clock(profiling)
        engine.play(state, action)
        add_cycles(cycles, PLAY, start, profiling)
        node = child  # -1 once the tree is full: the leaf is evaluated without a node
        if node >= 0:
            depth += 1
            path[depth] = node


@njit(cache=True)
def simulate(roots, simulations, tree, engine, policy, net, settings, cycles):
    """Run `simulations` more simulations on every row of `tree` (see the module docstring)."""
    rows = roots.states.shape[0]
    num_actions = tree.children.shape[2]
    max_nodes = tree.children.shape[1]
    profiling = cycles.shape[0] > PARTS
    most = 1
    for b in range(rows):
        most = max(most, roots.players[b])
    states = np.empty_like(roots.states)
    masks = np.zeros((rows, num_actions), np.uint8)
    prior = np.zeros(num_actions)
    scratch = np.zeros(num_actions)
    path = np.zeros((rows, max_nodes + 1), np.int64)
    depth = np.zeros(rows, np.int64)
    leaf = np.zeros(rows, np.int64)
    ending = np.zeros(rows, np.int64)
    actor = np.zeros(rows, np.int64)
    width = 1
    for k in range(net.layers.shape[0]):
        width = max(width, net.layers[k, 1])
    obs = np.zeros((rows, net.layers[0, 0]), np.float32)
    buf_a = np.zeros((rows, width), np.float32)
    buf_b = np.zeros((rows, width), np.float32)
    policy_out = np.zeros((rows, width), np.float32)
    value_out = np.zeros((rows, width), np.float32)
    policy_rows = np.zeros(rows, np.int64)
    value_rows = np.zeros(rows, np.int64)
    scores = np.zeros((rows, most))
    keys = np.zeros((rows, most), np.int64)
    rewards = np.zeros((rows, most))
    net_rewards = np.zeros(most)
    started = clock(profiling)
    for _ in range(simulations):
        for b in range(rows):
            states[b] = roots.states[b]
            ending[b], leaf[b], actor[b], depth[b] = _descend(
                b, states[b], masks[b], path[b], roots, tree, engine, policy, settings, prior,
                scratch, obs[b], cycles, profiling)
        count_policy = 0
        count_value = 0
        for b in range(rows):
            if ending[b] == _NETWORK:
                if leaf[b] >= 0:
                    policy_rows[count_policy] = b
                    count_policy += 1
                if net.value_layers > 0:
                    value_rows[count_value] = b
                    count_value += 1
        start = clock(profiling)
        if count_policy > 0:
            forward_rows(obs, policy_rows, count_policy, net.weights, net.biases, net.layers, 0,
                         net.policy_layers, buf_a, buf_b, policy_out)
        if count_value > 0:
            forward_rows(obs, value_rows, count_value, net.weights, net.biases, net.layers,
                         net.policy_layers, net.value_layers, buf_a, buf_b, value_out)
        add_cycles(cycles, NETWORK, start, profiling)
        for j in range(count_policy):
            b = policy_rows[j]
            tree.logits[b, leaf[b], :] = policy_out[b, :num_actions]
            tree.expanded[b, leaf[b]] = 1
        for b in range(rows):
            n = roots.players[b]
            state = states[b]
            out = rewards[b]
            if ending[b] == _TERMINAL:
                engine.final_scores(state, scores[b], keys[b])
                rollout_rewards(scores[b], keys[b], n, out)
            elif ending[b] == _PLAYOUT or net.value_layers == 0:
                start = clock(profiling)
                playout(state, n, settings.playout_limit, masks[b], scores[b], keys[b], out,
                        roots.rngs[b], policy, settings.epsilon, engine, cycles, profiling)
                add_cycles(cycles, PLAYOUT, start, profiling)
            else:
                for k in range(n):
                    net_rewards[(actor[b] + k) % n] = value_out[b, k]
                if settings.playout_share > 0.0:
                    start = clock(profiling)
                    playout(state, n, settings.playout_limit, masks[b], scores[b], keys[b],
                            out, roots.rngs[b], policy, settings.epsilon, engine, cycles, profiling)
                    add_cycles(cycles, PLAYOUT, start, profiling)
                    for i in range(n):
                        out[i] = (settings.playout_share * out[i]
                                  + (1.0 - settings.playout_share) * net_rewards[i])
                else:
                    for i in range(n):
                        out[i] = net_rewards[i]
            if ending[b] == _NETWORK and leaf[b] == 0:
                tree.root_value[b] = out[roots.seats[b]]
            start = clock(profiling)
            _backup(tree, b, path[b], depth[b], out)
            add_cycles(cycles, BACKUP, start, profiling)
    add_cycles(cycles, TOTAL, started, profiling)


_NO_NETWORK = Net(np.zeros(0, np.float32), np.zeros(0, np.float32), np.ones((1, 4), np.int64),
                  0, 0)
_NO_CYCLES = np.zeros(0, np.int64)


def engine_tuple(game: GameSpec) -> Engine:
    """The game's engine functions as the kernel takes them."""
    functions = engine_functions(game)
    return Engine(*(functions[name] for name in Engine._fields))


@dataclass
class SearchResult:
    """A batch of searches: each row's chosen action, its tree, the simulations run."""

    actions: list[int]
    forest: Forest
    done: int


def run_searches(
    game: GameSpec,
    roots: np.ndarray,
    seats: list[int],
    num_players: list[int],
    legal: np.ndarray,
    seeds: list[int],
    *,
    rule: str = "uct",
    iterations: int | None = 1000,
    seconds: float | None = None,
    network: AZNetwork | None = None,
    rollout_policy: EngineFunction,
    exploration: float = 0.7,
    c_puct: float = 2.0,
    bias: float = 0.0,
    epsilon: float = 0.1,
    playout_limit: int = -1,
    own_moves_only: bool = False,
    playout_share: float = 0.0,
    noise_alpha: float = 0.3,
    noise_fraction: float = 0.0,
    considered: int = 16,
    max_nodes: int = 200_000,
    cycles: np.ndarray | None = None,
) -> SearchResult:
    """Search every root roots[b] (a state sampled from seat seats[b]'s information, only ever
    determinized from that seat's view; legal[b] its legal actions) with its own generator
    seeded from seeds[b], for `iterations` simulations or, with `seconds`, until that much wall
    time has passed; return the chosen actions, the trees and the simulations run.

    `rule` is the selection rule (`agents.search.rules`): "uct" (exploration, bias), "puct"
    (c_puct; Dirichlet(`noise_alpha`) noise on the root's prior in the share `noise_fraction`)
    or "gumbel" (the `considered` actions of Gumbel-top-k, sequential halving; an iteration
    budget). Playouts follow `rollout_policy` (a random action with probability `epsilon`)
    for at most `playout_limit` moves (-1: to the end); a network with a value head values
    its leaves, mixed with a playout in the share `playout_share`. A tree holds at most
    `max_nodes` nodes besides the root (more simulations go on below it without nodes).
    `cycles` (int64 [PARTS + 1], from `agents.search.profile`) accumulates the cycles of
    each part."""
    if rule not in RULES:
        raise ValueError(f"unknown selection rule {rule!r} (rules: {', '.join(RULES)})")
    if rule != "uct" and network is None:
        raise ValueError(f"the {rule} rule needs a network")
    if rule == "gumbel" and iterations is None:
        raise ValueError("the gumbel rule needs an iteration budget (sequential halving plans "
                         "its visits over it), not a time budget")
    rows = len(seeds)
    legal = np.asarray(legal).astype(bool).reshape(rows, game.num_actions)
    nodes = (min(iterations, max_nodes) if iterations is not None else max_nodes) + 1
    forest = Forest(rows, nodes, game.num_actions, with_logits=rule != "uct")
    rngs = np.zeros((rows, 4), np.int32)
    noise = np.zeros((rows, game.num_actions))
    gumbel = np.zeros((rows, game.num_actions))
    for b, seed in enumerate(seeds):
        rng_seed(rngs[b], 0, seed)
        if noise_fraction > 0.0:
            draws = np.random.default_rng(seed).dirichlet(np.full(legal[b].sum(), noise_alpha))
            noise[b, legal[b]] = draws
        if rule == "gumbel":
            gumbel[b] = np.random.default_rng(seed).gumbel(size=game.num_actions)
    table = (considered_visits(considered, iterations) if rule == "gumbel"
             else np.zeros((1, 1), np.int64))
    batch = Roots(np.ascontiguousarray(roots, np.int32).reshape(rows, -1),
                  np.asarray(seats, np.int64), np.asarray(num_players, np.int64), rngs, noise,
                  gumbel, np.minimum(legal.sum(axis=1), considered).astype(np.int64), table)
    net = _NO_NETWORK if network is None else Net(
        network.weights, network.biases, network.layers, network.policy_layers,
        network.value_layers)
    settings = Settings(RULES[rule], float(exploration), float(c_puct), float(bias),
                        float(epsilon), int(playout_limit), bool(own_moves_only),
                        float(playout_share), float(noise_fraction))
    engine = engine_tuple(game)
    timing = _NO_CYCLES if cycles is None else cycles

    def search_chunk(step: int) -> None:
        simulate(batch, step, forest.tree, engine, rollout_policy, net, settings, timing)

    done = run_budget(search_chunk, iterations, seconds, chunk=64 if rule == "uct" else 16)
    actions = [choose_action(forest, b, legal[b], rule, gumbel[b]) for b in range(rows)]
    return SearchResult(actions, forest, done)


def choose_action(forest: Forest, b: int, legal: np.ndarray, rule: str,
                  gumbel: np.ndarray) -> int:
    """Row b's move: with "gumbel", the best-scored of the most visited considered actions
    (mctx's final choice); otherwise the most visited legal root action, ties going to the
    higher prior when the root has one (the first otherwise)."""
    tree = forest.row(b)
    if rule == "gumbel":
        visits = np.zeros(len(legal))
        mask = legal.astype(np.uint8)
        root_visit_counts(forest.tree, b, mask, visits)
        scores = np.zeros(len(legal))
        gumbel_scores(forest.tree, b, mask, gumbel, visits.max(), visits, scores)
        return int(np.argmax(scores))
    counts = tree.root_visits()
    if rule != "uct" and tree.expanded[0]:
        logits = tree.logits[0].astype(np.float64)
        counts += 1e-3 * np.exp(logits - logits[legal].max()).clip(0, 1)
    counts[~legal] = -1
    return int(np.argmax(counts))


def run_budget(search_chunk, iterations: int | None, seconds: float | None, chunk: int) -> int:
    """Call `search_chunk(n)` (n simulations) until `iterations` have run or, with `seconds`,
    until that much wall time has passed (checked every `chunk` simulations); the simulations
    run."""
    budget = iterations if iterations is not None else 1 << 40
    step_size = budget if seconds is None else chunk
    deadline = None if seconds is None else time.perf_counter() + seconds
    done = 0
    while done < budget:
        step = min(step_size, budget - done)
        search_chunk(step)
        done += step
        if deadline is not None and time.perf_counter() >= deadline:
            break
    return done
