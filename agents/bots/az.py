"""A search bot guided by a network (`az`): information-set PUCT search over sampled worlds.

Every iteration samples a full state from the searching seat's information with the engine's
`determinize` and descends one tree shared by all samples, as `agents.bots.ismcts` does, but
selects by PUCT (AlphaZero): among the actions legal in this sample,

    Q(child) + c_puct * P(action) * sqrt(N) / (1 + N(child)),

where P is the network's policy (a softmax of its logits over the actions legal in this
sample, so one node serves samples with different legal sets), N the summed visits of the
node's children legal in this sample plus one, and Q a child's mean reward for the seat that
moved into it (0 before its first visit). Each iteration adds one node and evaluates the
network once, from the observation (`observe`) of the seat to act there. The leaf is valued by
the network's value head when the network has one; otherwise by a playout with the game's
heuristic (a random action with probability `epsilon`, at most `playout_limit` moves),
scored with the rank reward plus the score-margin term of ISMCTS
(`agents.bots.ismcts.playout`). Rewards are backed up per mover. The root plays its most
visited legal action (ties: the higher prior). Optional Dirichlet noise on the root's prior
(`noise_alpha`, `noise_fraction`; off by default) is for self-play.

The network, forward pass included, runs inside the numba kernel (no Python round trip per
leaf): its layers are stacked into flat float32 arrays, each stored transposed ([in, out]) so
that a sparse observation only touches the rows of its non-zero features, with a table of
(inputs, outputs, weight offset, bias offset) per layer, so one cached signature serves any
depth.

Network files are the `.npz` files of `agents.bots.mlp.MaskedMLP` (`weight_<k>`,
`bias_<k>`: tanh hidden layers, then the action logits; `env_id`, `num_players`), optionally
with a value head beside them: `value_weight_<k>`, `value_bias_<k>` ([out, in] like the policy
layers), an MLP of its own on the same observation, tanh hidden layers and a linear output of
`num_players` numbers, the k-th the predicted reward (the scale of the search's rewards: rank
reward plus margin, in [-2, 2]) of the seat k places after the seat to act, seat
(actor + k) % num_players. The shipped baselines have no value head: their leaves are played
out; the networks trained by expert iteration (`agents.az`) have one.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

import numpy as np
from numba import njit, types

from agents.bots.base import SeatView
from agents.bots.baseline import load_policy
from agents.bots.ismcts import backup, playout, policy_action, rollout_rewards
from agents.bots.policies import playout_policy
from agents.bots.search import SearchBot, per_root_action, run_budget
from agents.profiles import game_profile
from tabletop_core.rng import rng_next, rng_seed
from tabletop_core.signatures import (
    STATE,
    CurrentPlayerFn,
    DeterminizeFn,
    FinalScoresFn,
    LegalMaskFn,
    ObserveFn,
    PlayFn,
    PolicyFn,
    engine_functions,
)
from tabletop_core.spec import GameSpec

AZ_DEFAULT_ITERATIONS = 200
_LAYERS = types.int64[:, ::1]
_FORWARD = types.void(types.float32[::1], types.float32[::1], types.float32[::1], _LAYERS,
                      types.int64, types.int64, types.float32[::1], types.float32[::1],
                      types.float32[::1])


@njit(_FORWARD, cache=True, fastmath=True)
def forward(x, weights, biases, layers, first, count, buf_a, buf_b, out):
    """Layers first..first+count-1 of the table on input `x` into `out` (tanh after every layer
    but the last). Row k of `layers`: inputs, outputs, offset of its [in, out] weights in
    `weights`, offset of its biases in `biases`. buf_a, buf_b: scratch of the widest layer."""
    src = x
    for k in range(first, first + count):
        n_in, n_out, w_off, b_off = layers[k, 0], layers[k, 1], layers[k, 2], layers[k, 3]
        dst = out if k == first + count - 1 else (buf_a if (k - first) % 2 == 0 else buf_b)
        for o in range(n_out):
            dst[o] = biases[b_off + o]
        for i in range(n_in):
            xi = src[i]
            if xi != 0.0:
                row = w_off + i * n_out
                for o in range(n_out):
                    dst[o] += xi * weights[row + o]
        if k < first + count - 1:
            for o in range(n_out):
                dst[o] = np.tanh(dst[o])
        src = dst


_SEARCH = types.void(
    STATE, types.int64, types.int64, types.int64, types.int32[::1], types.float64,
    types.int32[:, ::1], types.float32[:, ::1], types.uint8[::1], types.int32[::1],
    types.float64[::1], types.float64[::1], types.int64[::1],
    types.float32[::1], types.float32[::1], _LAYERS, types.int64, types.int64,
    types.float64[::1], types.float64,
    DeterminizeFn, PlayFn, CurrentPlayerFn, LegalMaskFn, ObserveFn, FinalScoresFn, PolicyFn,
    types.float64, types.int64, types.boolean, types.float64,
)


@njit(_SEARCH, cache=True)
def search(root, seat, num_players, iterations, rng, c_puct, children, logits, expanded, mover,
           visits, value, node_count, weights, biases, layers, policy_layers, value_layers,
           root_noise, noise_fraction, determinize, play, current_player, legal_mask, observe,
           final_scores, rollout_policy, epsilon, playout_limit, own_moves_only,
           playout_share):
    """Run `iterations` more iterations on the tree held in the arrays (node 0 is the root).

    Policy layers are rows 0..policy_layers-1 of `layers`, the value head (if value_layers >
    0) the rows after them. `root_noise` (one weight per action) is mixed into the root's
    prior with weight `noise_fraction`. With a value head, a leaf is valued by it, mixed
    with a playout's result in the share `playout_share` (0: the value head alone)."""
    num_actions = children.shape[1]
    max_nodes = children.shape[0]
    mask = np.zeros(num_actions, np.uint8)
    prior = np.zeros(num_actions, np.float64)
    scores = np.zeros(num_players, np.float64)
    keys = np.zeros(num_players, np.int64)
    rewards = np.zeros(num_players, np.float64)
    path = np.zeros(max_nodes + 1, np.int64)
    obs = np.zeros(layers[0, 0], np.float32)
    width = 1
    for k in range(layers.shape[0]):
        width = max(width, layers[k, 1])
    buf_a = np.zeros(width, np.float32)
    buf_b = np.zeros(width, np.float32)
    net_out = np.zeros(width, np.float32)
    net_rewards = np.zeros(num_players, np.float64)
    for _ in range(iterations):
        state = root.copy()
        determinize(state, seat, rng_next(rng, 0))
        node = 0
        depth = 0
        leaf_done = False  # rewards already set (terminal or value head)
        mixed = False  # net_rewards to be mixed with the playout's
        while True:
            player = current_player(state)
            if player < 0:
                final_scores(state, scores, keys)
                rollout_rewards(scores, keys, num_players, rewards)
                leaf_done = True
                break
            legal_mask(state, mask)
            if own_moves_only and player != seat:
                play(state, policy_action(state, player, mask, rng, rollout_policy, epsilon))
                continue
            if node < 0 or not expanded[node]:
                # The leaf: the network's prior for the new node, its value if it has a head.
                observe(state, player, obs)
                if node >= 0:
                    forward(obs, weights, biases, layers, 0, policy_layers, buf_a, buf_b,
                            logits[node])
                    expanded[node] = 1
                if value_layers > 0:
                    forward(obs, weights, biases, layers, policy_layers, value_layers, buf_a,
                            buf_b, net_out)
                    for k in range(num_players):
                        net_rewards[(player + k) % num_players] = net_out[k]
                    if playout_share > 0.0:
                        mixed = True
                    else:
                        rewards[:] = net_rewards
                        leaf_done = True
                break
            # PUCT over the actions legal in this sample.
            top = -1e30
            for a in range(num_actions):
                if mask[a] and logits[node, a] > top:
                    top = logits[node, a]
            total = 0.0
            parent = 1.0
            for a in range(num_actions):
                if mask[a]:
                    prior[a] = np.exp(logits[node, a] - top)
                    total += prior[a]
                    child = children[node, a]
                    if child >= 0:
                        parent += visits[child]
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
                    p = (1.0 - noise_fraction) * p + noise_fraction * root_noise[a]
                child = children[node, a]
                q = 0.0
                n = 0.0
                if child >= 0 and visits[child] > 0.0:
                    n = visits[child]
                    q = value[child] / n
                score = q + c_puct * p * sqrt_parent / (1.0 + n)
                if score > best_score:
                    best_score = score
                    best = a
            child = children[node, best]
            if child < 0 and node_count[0] < max_nodes:
                child = node_count[0]
                node_count[0] += 1
                children[node, best] = child
                children[child, :] = -1
                expanded[child] = 0
                mover[child] = player
                visits[child] = 0.0
                value[child] = 0.0
            play(state, best)
            node = child  # -1 once the tree is full: the leaf is evaluated without a node
            if node >= 0:
                depth += 1
                path[depth] = node
        if not leaf_done:
            playout(state, num_players, playout_limit, mask, scores, keys, rewards, rng,
                    rollout_policy, epsilon, play, current_player, legal_mask, final_scores)
            if mixed:
                for i in range(num_players):
                    rewards[i] = (playout_share * rewards[i]
                                  + (1.0 - playout_share) * net_rewards[i])
        backup(path, depth, mover, visits, value, rewards)


@dataclass
class AZNetwork:
    """A policy network (and optional value head) as the flat arrays the kernel reads."""

    weights: np.ndarray  # float32, every layer's [in, out] weights one after the other
    biases: np.ndarray  # float32
    layers: np.ndarray  # int64 [L, 4]: inputs, outputs, weight offset, bias offset
    policy_layers: int
    value_layers: int
    env_id: str
    num_players: int

    @classmethod
    def from_layers(cls, policy: list[tuple[np.ndarray, np.ndarray]],
                    value: list[tuple[np.ndarray, np.ndarray]], env_id: str,
                    num_players: int) -> AZNetwork:
        """From (weight [out, in], bias [out]) pairs of the policy and of the value head."""
        table, flat_w, flat_b = [], [], []
        w_off = b_off = 0
        for w, b in [*policy, *value]:
            out, inp = w.shape
            table.append((inp, out, w_off, b_off))
            flat_w.append(np.ascontiguousarray(w.T, np.float32).ravel())
            flat_b.append(np.asarray(b, np.float32))
            w_off += w.size
            b_off += b.size
        return cls(np.concatenate(flat_w), np.concatenate(flat_b),
                   np.array(table, np.int64).reshape(-1, 4), len(policy), len(value), env_id,
                   num_players)

    def layer_pairs(self) -> list[tuple[np.ndarray, np.ndarray]]:
        """Every layer as (weight [out, in], bias [out]): the policy's, then the value head's."""
        return [(self.weights[w:w + i * o].reshape(i, o).T.copy(), self.biases[b:b + o].copy())
                for i, o, w, b in self.layers]

    def policy_logits(self, observation: np.ndarray) -> np.ndarray:
        """The policy's logits for one observation, computed by the kernel's forward pass."""
        return self._run(observation, 0, self.policy_layers)

    def values(self, observation: np.ndarray) -> np.ndarray:
        """The value head's outputs for one observation (ValueError without a head)."""
        if not self.value_layers:
            raise ValueError("this network has no value head")
        return self._run(observation, self.policy_layers, self.value_layers)

    def _run(self, observation, first, count):
        width = int(self.layers[:, 1].max())
        out = np.zeros(width, np.float32)
        forward(np.ascontiguousarray(observation, np.float32), self.weights, self.biases,
                self.layers, first, count, np.zeros(width, np.float32),
                np.zeros(width, np.float32), out)
        return out[: self.layers[first + count - 1, 1]].copy()


@lru_cache(maxsize=16)
def _load_value_head(path: str, mtime: float) -> tuple[tuple[np.ndarray, np.ndarray], ...]:
    with np.load(path, allow_pickle=False) as data:
        count = sum(key.startswith("value_weight_") for key in data.files)
        return tuple((data[f"value_weight_{k}"].astype(np.float32),
                      data[f"value_bias_{k}"].astype(np.float32)) for k in range(count))


_NETWORKS: dict[tuple, AZNetwork] = {}


def _network(path: str, mtime: float, game: GameSpec, num_players: int) -> AZNetwork:
    key = (path, mtime, game.name, num_players)
    if key not in _NETWORKS:
        _NETWORKS[key] = _build_network(path, mtime, game, num_players)
    return _NETWORKS[key]


def _build_network(path: str, mtime: float, game: GameSpec, num_players: int) -> AZNetwork:
    policy = load_policy(path, game, num_players)
    try:
        value = list(_load_value_head(path, mtime))
    except KeyError as error:
        raise ValueError(f"{path}: incomplete value head ({error})") from None
    fits = all(w.ndim == 2 and b.shape == (w.shape[0],) for w, b in value) and all(
        value[k + 1][0].shape[1] == value[k][0].shape[0] for k in range(len(value) - 1))
    if value and not (fits and value[0][0].shape[1] == policy.obs_size
                      and value[-1][0].shape[0] == num_players):
        raise ValueError(f"{path}: the value head does not fit (it reads the observation and "
                         f"writes one value per seat, {num_players})")
    return AZNetwork.from_layers(list(zip(policy.weights, policy.biases, strict=True)), value,
                                 policy.env_id, policy.num_players)


def default_network_path(game: str) -> Path | None:
    """The network `az` plays without one named: the one trained by expert iteration and
    shipped for `game` (its profile's `az_network`), else its shipped baseline policy, else
    None (`load_network` then makes a fresh one)."""
    profile = game_profile(game)
    for path in (profile.az_network, profile.baseline_network):
        if path is not None and path.is_file():
            return path
    return None


FRESH_HIDDEN = (256, 256)  # the layers of a fresh network's policy and value head


def fresh_network(game: GameSpec, num_players: int) -> AZNetwork:
    """A freshly initialised network for a game with none shipped: policy and value head of
    FRESH_HIDDEN tanh layers, weights uniform in +-1/sqrt(inputs) (torch's default for a
    linear layer), drawn from a generator seeded by the game's id and player count, so that
    every process plays the same one."""
    rng = np.random.default_rng(list(f"{game.env_id}/{num_players}".encode()))

    def layers(sizes):
        return [(rng.uniform(-1, 1, (n_out, n_in)) / np.sqrt(n_in),
                 rng.uniform(-1, 1, n_out) / np.sqrt(n_in))
                for n_in, n_out in zip(sizes[:-1], sizes[1:], strict=True)]

    return AZNetwork.from_layers(layers((game.obs_size, *FRESH_HIDDEN, game.num_actions)),
                                 layers((game.obs_size, *FRESH_HIDDEN, num_players)),
                                 game.env_id, num_players)


def load_network(source: str | None, game: GameSpec, num_players: int) -> AZNetwork:
    """The network of `source` (a policy .npz, with or without a value head; None: the default
    of `default_network_path`, or a fresh one for a game with none shipped), checked against
    the game and player count like `baseline`'s; ValueError if it does not fit."""
    path = Path(source) if source else default_network_path(game.name)
    if path is None:
        key = ("fresh", game.env_id, num_players)
        if key not in _NETWORKS:
            _NETWORKS[key] = fresh_network(game, num_players)
        return _NETWORKS[key]
    if not path.is_file():
        raise ValueError(f"network not found: {path}")
    return _network(str(path), path.stat().st_mtime, game, num_players)


class AZTree:
    """The arrays of one search: node 0 is the root, children[node, action] the child index,
    logits[node] the network's logits at the node (once expanded)."""

    def __init__(self, max_nodes: int, num_actions: int):
        # Rows are written as nodes are added (the kernel clears a new node's row), so the
        # memory of a large, mostly unused tree (a time budget) is never touched.
        self.children = np.empty((max_nodes, num_actions), np.int32)
        self.children[0] = -1
        self.logits = np.empty((max_nodes, num_actions), np.float32)
        self.expanded = np.zeros(max_nodes, np.uint8)
        self.mover = np.zeros(max_nodes, np.int32)
        self.visits = np.zeros(max_nodes)
        self.value = np.zeros(max_nodes)
        self.node_count = np.ones(1, np.int64)

    def root_visits(self) -> np.ndarray:
        """Visits of each root action (0 for actions never tried)."""
        return per_root_action(self.children, self.visits)

    def root_values(self) -> np.ndarray:
        """The mean reward of each root action for the seat that searched (its Q; 0 for
        actions never visited)."""
        counts = self.root_visits()
        totals = per_root_action(self.children, self.value)
        return np.divide(totals, counts, out=np.zeros_like(counts), where=counts > 0)


def run_az(
    game: GameSpec,
    network: AZNetwork,
    state: np.ndarray,
    seat: int,
    num_players: int,
    legal: np.ndarray,
    seed: int,
    iterations: int | None = AZ_DEFAULT_ITERATIONS,
    seconds: float | None = None,
    c_puct: float = 2.0,
    epsilon: float = 0.1,
    playout_limit: int = -1,
    own_moves_only: bool = False,
    playout_share: float = 0.0,
    noise_alpha: float = 0.3,
    noise_fraction: float = 0.0,
) -> tuple[int, AZTree, int]:
    """Search from `state` (only ever determinized from `seat`'s view) for an iteration or time
    budget; return (most visited legal root action, tree, iterations run). Playouts (without
    a value head) follow the game's heuristic, random with probability `epsilon`, for at most
    `playout_limit` moves (-1: to the end). `own_moves_only`: as in ISMCTS, the tree holds
    only `seat`'s decisions, the others play the heuristic. With a value head, leaves are
    valued by it, mixed with a playout in the share `playout_share` (0: no playout). With
    `noise_fraction` > 0 the root prior is mixed with Dirichlet(`noise_alpha`) noise over the
    legal actions."""
    functions = engine_functions(game)
    max_nodes = min(iterations, 50_000) + 1 if iterations is not None else 50_001
    tree = AZTree(max_nodes, game.num_actions)
    rng = np.zeros(4, np.int32)
    rng_seed(rng, 0, seed)
    legal_bool = np.asarray(legal).astype(bool)
    noise = np.zeros(game.num_actions)
    if noise_fraction > 0.0:
        draws = np.random.default_rng(seed).dirichlet(np.full(legal_bool.sum(), noise_alpha))
        noise[legal_bool] = draws

    def search_chunk(step: int) -> None:
        search(
            state, seat, num_players, step, rng, c_puct, tree.children, tree.logits,
            tree.expanded, tree.mover, tree.visits, tree.value, tree.node_count,
            network.weights, network.biases, network.layers, network.policy_layers,
            network.value_layers, noise, noise_fraction, functions["determinize"],
            functions["play"], functions["current_player"], functions["legal_mask"],
            functions["observe"], functions["final_scores"], playout_policy(game), epsilon,
            playout_limit, own_moves_only, playout_share,
        )

    done = run_budget(search_chunk, iterations, seconds, chunk=16)
    counts = tree.root_visits()
    if tree.expanded[0]:  # ties (a tiny budget): the higher prior
        logits = tree.logits[0].astype(np.float64)
        counts += 1e-3 * np.exp(logits - logits[legal_bool].max()).clip(0, 1)
    counts[~legal_bool] = -1
    return int(np.argmax(counts)), tree, done


class AZBot(SearchBot):
    """PUCT search over sampled worlds guided by a network (by default the one shipped for the
    game, `default_network_path`; else the `.npz` at `source`), with an iteration or time
    budget per decision."""

    kind = "az"

    def __init__(self, seed: int = 0, iterations: int | None = AZ_DEFAULT_ITERATIONS,
                 seconds: float | None = None, source: str | None = None,
                 settings: dict | None = None):
        super().__init__(seed, iterations, seconds, settings)
        self.source = source

    def search(self, view: SeatView, root: np.ndarray, seed: int) -> tuple[int, int]:
        network = load_network(self.source, view.game, view.num_players)
        settings = {**game_profile(view.game.name).az, **self.settings}
        action, _, done = run_az(
            view.game, network, root, view.seat, view.num_players, view.action_mask,
            seed=seed, iterations=self.iterations, seconds=self.seconds, **settings,
        )
        return action, done
