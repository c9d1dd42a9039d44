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
(`agents.search.playout`). Rewards are backed up per mover. The root plays its most
visited legal action (ties: the higher prior). Optional Dirichlet noise on the root's prior
(`noise_alpha`, `noise_fraction`; off by default) is for self-play.

The network, forward pass included, runs inside the search kernel (`agents.search.network`):
no Python round trip per leaf. The search itself is the search core (`agents.search`) with
the `puct` selection rule, or `gumbel` (Gumbel MuZero's root: `selection="gumbel"`, an
iteration budget).

Network files are the `.npz` files of `agents.bots.mlp.MaskedMLP` (`weight_<k>`,
`bias_<k>`: tanh hidden layers, then the action logits; `env_id`, `players`: the table sizes
served), optionally with a value head beside them: `value_weight_<k>`, `value_bias_<k>`
([out, in] like the policy layers), an MLP of its own on the same observation, tanh hidden
layers and a linear output of at least as many numbers as the most players served (the
networks of expert iteration write the game's largest table's), the k-th the predicted reward
(the scale of the search's rewards: rank reward plus margin, in [-2, 2]) of the seat k places
after the seat to act, seat (actor + k) % num_players; at a smaller table the values past it
are not read. The shipped baselines have no value head: their leaves are played out; the
networks trained by expert iteration (`agents.az`) have one.
"""

from __future__ import annotations

from functools import lru_cache
from pathlib import Path

import numpy as np

from agents.bots.base import SeatView
from agents.bots.baseline import load_policy
from agents.bots.policies import playout_policy
from agents.bots.search import SearchBot
from agents.profiles import game_profile
from agents.search import AZNetwork, SearchResult, SearchTree, run_searches
from tabletop_core.spec import GameSpec

AZ_DEFAULT_ITERATIONS = 200
AZ_MAX_NODES = 50_000


@lru_cache(maxsize=16)
def _load_value_head(path: str, mtime: float) -> tuple[tuple[np.ndarray, np.ndarray], ...]:
    with np.load(path, allow_pickle=False) as data:
        count = sum(key.startswith("value_weight_") for key in data.files)
        return tuple((data[f"value_weight_{k}"].astype(np.float32),
                      data[f"value_bias_{k}"].astype(np.float32)) for k in range(count))


_NETWORKS: dict[tuple, AZNetwork] = {}


def _network(path: str, mtime: float, game: GameSpec, num_players: int | None) -> AZNetwork:
    key = (path, mtime, game.name, num_players)
    if key not in _NETWORKS:
        _NETWORKS[key] = _build_network(path, mtime, game, num_players)
    return _NETWORKS[key]


def _build_network(path: str, mtime: float, game: GameSpec,
                   num_players: int | None) -> AZNetwork:
    policy = load_policy(path, game, num_players)
    try:
        value = list(_load_value_head(path, mtime))
    except KeyError as error:
        raise ValueError(f"{path}: incomplete value head ({error})") from None
    fits = all(w.ndim == 2 and b.shape == (w.shape[0],) for w, b in value) and all(
        value[k + 1][0].shape[1] == value[k][0].shape[0] for k in range(len(value) - 1))
    if value and not (fits and value[0][0].shape[1] == policy.obs_size
                      and value[-1][0].shape[0] >= policy.players[1]):
        raise ValueError(f"{path}: the value head does not fit (it reads the observation and "
                         f"writes one value per seat, at least {policy.players[1]})")
    return AZNetwork.from_layers(list(zip(policy.weights, policy.biases, strict=True)), value,
                                 policy.env_id, policy.players)


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


def fresh_network(game: GameSpec) -> AZNetwork:
    """A freshly initialised network for a game with none shipped, serving every table size
    of the game: policy and value head of FRESH_HIDDEN tanh layers (a value per seat of the
    largest table), weights uniform in +-1/sqrt(inputs) (torch's default for a linear layer),
    drawn from a generator seeded by the game's id, so that every process plays the same
    one."""
    rng = np.random.default_rng(list(game.env_id.encode()))

    def layers(sizes):
        return [(rng.uniform(-1, 1, (n_out, n_in)) / np.sqrt(n_in),
                 rng.uniform(-1, 1, n_out) / np.sqrt(n_in))
                for n_in, n_out in zip(sizes[:-1], sizes[1:], strict=True)]

    return AZNetwork.from_layers(layers((game.obs_size, *FRESH_HIDDEN, game.num_actions)),
                                 layers((game.obs_size, *FRESH_HIDDEN, game.max_players)),
                                 game.env_id, (game.min_players, game.max_players))


def load_network(source: str | None, game: GameSpec, num_players: int | None) -> AZNetwork:
    """The network of `source` (a policy .npz, with or without a value head; None: the default
    of `default_network_path`, or a fresh one for a game with none shipped), checked against
    the game and player count (None: any it serves) like `baseline`'s; ValueError if it does
    not fit."""
    path = Path(source) if source else default_network_path(game.name)
    if path is None:
        key = ("fresh", game.env_id)
        if key not in _NETWORKS:
            _NETWORKS[key] = fresh_network(game)
        if num_players is not None:
            game.check_num_players(num_players)
        return _NETWORKS[key]
    if not path.is_file():
        raise ValueError(f"network not found: {path}")
    return _network(str(path), path.stat().st_mtime, game, num_players)


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
    **settings,
) -> tuple[int, SearchTree, int]:
    """Search from `state` (only ever determinized from `seat`'s view) for an iteration or time
    budget; return (the chosen legal root action, tree, iterations run). `settings`: the
    keywords of `run_az_batch`."""
    result = run_az_batch(game, network, state[None], [seat], [num_players],
                          np.asarray(legal)[None], [seed], iterations, seconds, **settings)
    return result.actions[0], result.forest.row(0), result.done


def run_az_batch(
    game: GameSpec,
    network: AZNetwork,
    states: np.ndarray,
    seats: list[int],
    num_players: list[int],
    legal: np.ndarray,
    seeds: list[int],
    iterations: int | None = AZ_DEFAULT_ITERATIONS,
    seconds: float | None = None,
    c_puct: float = 2.0,
    epsilon: float = 0.1,
    playout_limit: int = -1,
    own_moves_only: bool = False,
    playout_share: float = 0.0,
    noise_alpha: float = 0.3,
    noise_fraction: float = 0.0,
    selection: str = "puct",
    considered: int = 16,
    cycles: np.ndarray | None = None,
) -> SearchResult:
    """Searches from states[b] for seats[b] (legal[b] its legal actions, seeds[b] its seed),
    run together, each with the result it would get alone. With `selection` "puct" a row's
    move is its most visited legal root action (ties: the higher prior); with "gumbel",
    Gumbel MuZero's choice among `considered` actions sampled at the root (an iteration
    budget). Playouts (without a value head) follow the game's heuristic, random with
    probability `epsilon`, for at most `playout_limit` moves (-1: to the end).
    `own_moves_only`: as in ISMCTS, the tree holds only the searcher's decisions, the others
    play the heuristic. With a value head, leaves are valued by it, mixed with a playout in
    the share `playout_share` (0: no playout). With `noise_fraction` > 0 the root prior is
    mixed with Dirichlet(`noise_alpha`) noise over the legal actions. `cycles`: as
    `agents.search.run_searches` (a profile)."""
    if selection not in ("puct", "gumbel"):
        raise ValueError(f"unknown az selection {selection!r} (puct or gumbel)")
    return run_searches(
        game, states, seats, num_players, legal, seeds, rule=selection,
        iterations=iterations, seconds=seconds, network=network,
        rollout_policy=playout_policy(game), c_puct=c_puct, epsilon=epsilon,
        playout_limit=playout_limit, own_moves_only=own_moves_only,
        playout_share=playout_share, noise_alpha=noise_alpha, noise_fraction=noise_fraction,
        considered=considered, max_nodes=AZ_MAX_NODES, cycles=cycles)


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
