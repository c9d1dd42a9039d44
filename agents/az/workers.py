"""A round's self-play games, on this machine's cores or spread over a Ray cluster.

Game g of a round is dealt and played from its own seed alone, so the games can run anywhere
in any order: the samples come back in game order and are the same for the same seeds
whatever the number of workers or nodes. On one machine the games run in `workers` processes
(no Ray); with `address` they run as Ray tasks spread over the cluster's nodes (every node
needs this library installed), the round's network sent once to the object store.
"""

from __future__ import annotations

import os
from concurrent.futures import ProcessPoolExecutor
from dataclasses import replace

from agents.az.selfplay import Samples, SelfPlaySettings, play_selfplay_games
from agents.cluster import import_ray, init_ray
from agents.search import AZNetwork


def _play_chunk(game: str, num_players: int, network: AZNetwork, seeds: list[int],
                settings: SelfPlaySettings) -> list[Samples]:
    return play_selfplay_games(game, num_players, network, seeds, settings)


def _play_chunk_on_node(game: str, num_players: int, network: AZNetwork, seeds: list[int],
                        settings: SelfPlaySettings) -> tuple[list[Samples], str]:
    """A Ray task: the chunk's samples and the id of the node that played them."""
    import ray

    # The object store hands out read-only arrays; the search kernel's signature takes
    # writable ones.
    network = replace(network, weights=network.weights.copy(), biases=network.biases.copy(),
                      layers=network.layers.copy())
    return (_play_chunk(game, num_players, network, seeds, settings),
            ray.get_runtime_context().get_node_id())


def _chunks(seeds: list[int], parts: int) -> list[list[int]]:
    size = -(-len(seeds) // max(parts, 1))
    return [seeds[k:k + size] for k in range(0, len(seeds), size)]


def generate_games(game: str, num_players: int, network: AZNetwork, seeds: list[int],
                   settings: SelfPlaySettings, workers: int | None = None,
                   address: str | None = None) -> tuple[Samples, list[str]]:
    """Play one self-play game per seed; (their samples in seed order, the Ray node id of
    each game: empty without `address`). `workers`: processes on this machine (default: all
    cores), or with `address` tasks at once per game list (default: the cluster's CPUs)."""
    if address is not None:
        return _on_ray(game, num_players, network, seeds, settings, workers, address)
    workers = workers or os.cpu_count() or 1
    if workers == 1 or len(seeds) == 1:
        return Samples.join(_play_chunk(game, num_players, network, seeds, settings)), []
    # Small chunks, many of them: a long game does not hold back a whole worker's share.
    chunks = _chunks(seeds, workers * 4)
    with ProcessPoolExecutor(max_workers=workers) as pool:
        parts = pool.map(_play_chunk, *zip(*[(game, num_players, network, c, settings)
                                             for c in chunks], strict=True))
        return Samples.join([s for part in parts for s in part]), []


def _on_ray(game, num_players, network, seeds, settings, workers, address):
    ray = import_ray("self-play on a Ray cluster")
    init_ray(address)
    tasks = workers or int(ray.cluster_resources().get("CPU", 1))
    remote = ray.remote(num_cpus=1, scheduling_strategy="SPREAD")(_play_chunk_on_node)
    shared = ray.put(network)
    chunks = _chunks(seeds, tasks * 4)
    results = ray.get([remote.remote(game, num_players, shared, c, settings) for c in chunks])
    samples = [s for part, _ in results for s in part]
    nodes = [node for (part, node) in results for _ in part]
    return Samples.join(samples), nodes
