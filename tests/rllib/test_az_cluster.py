"""Expert iteration's self-play on a real two-node Ray cluster (`ray.cluster_utils.Cluster`,
every node in a loopback-only network namespace, see ray_processes): a round's games are
played on both nodes, and its samples are the same for the same seeds with one task at a
time, two, or no Ray at all."""

from __future__ import annotations

import pytest

pytest.importorskip("ray")

from tests.rllib.ray_processes import run_isolated  # noqa: E402

pytestmark = pytest.mark.frameworks

CLUSTER = """
import hashlib, json
import ray
from ray.cluster_utils import Cluster
from agents.az.selfplay import SelfPlaySettings
from agents.az.workers import generate_games
from agents.bots.az import load_network
from agents.games import load_game

def digest(samples):
    h = hashlib.sha256()
    for array in samples.arrays().values():
        h.update(array.tobytes())
    return h.hexdigest()

settings = SelfPlaySettings(iterations=10, sample_moves=3)
network = load_network(None, load_game("aquilon").SPEC, 2)
seeds = list(range(100, 108))
local, _ = generate_games("aquilon", 2, network, seeds, settings, workers=1)
cluster = Cluster(initialize_head=True,
                  head_node_args={"num_cpus": 1, "include_dashboard": False})
try:
    cluster.add_node(num_cpus=1)
    cluster.wait_for_nodes()
    spread, nodes = generate_games("aquilon", 2, network, seeds, settings, workers=2,
                                   address=cluster.address)
    serial, _ = generate_games("aquilon", 2, network, seeds, settings, workers=1,
                               address=cluster.address)
    alive = [n["NodeID"] for n in ray.nodes() if n["Alive"]]
    addresses = sorted({n["NodeManagerAddress"] for n in ray.nodes()})
    print("RESULT " + json.dumps({
        "local": digest(local), "spread": digest(spread), "serial": digest(serial),
        "rows": len(spread), "nodes": nodes, "alive": alive, "addresses": addresses}))
finally:
    ray.shutdown()
    cluster.shutdown()
"""


def test_self_play_uses_both_nodes_and_gives_the_same_samples_whatever_the_workers():
    result = run_isolated(CLUSTER)
    assert len(result["alive"]) == 2 and result["addresses"] == ["127.0.0.1"]
    assert len(result["nodes"]) == 8  # one node id per game
    assert set(result["nodes"]) == set(result["alive"])  # games played on both nodes
    assert result["rows"] > 8
    assert result["local"] == result["spread"] == result["serial"]
