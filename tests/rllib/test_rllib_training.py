"""RLlib for real on local Ray (every node in a loopback-only network namespace, see
ray_processes): short self-play PPO runs against bots and snapshots, with
illegal_action="raise" and two envs per runner, both ways (the opponents inside the env, then
every seat through RLlib with the opponents as modules), whose policy then plays a tournament
and a person; and a two-node cluster on this machine whose env runners are placed on both
nodes."""

from __future__ import annotations

import json

import pytest

pytest.importorskip("ray.rllib")

from agents.play.human import play_human  # noqa: E402
from agents.play.tournament import run_tournament  # noqa: E402
from tests.rllib.ray_processes import run_isolated  # noqa: E402

pytestmark = pytest.mark.frameworks

TRAIN = """
import json
from agents.rllib.train import RLlibConfig, train_rllib
paths = []
for in_env, out in ((True, {env_out!r}), (False, {modules_out!r})):
    config = RLlibConfig(
        game="aquilon", num_players=2, steps=500, seed=3, num_env_runners=1,
        envs_per_runner=2, train_batch_size=250, minibatch_size=125, num_epochs=1,
        hidden=(32,), bots=("random", "heuristic"), snapshot_every=1, max_snapshots=2,
        eval_every=1, eval_games=2, illegal_action="raise", opponents_in_env=in_env,
        num_cpus=2, out=out)
    paths.append(str(train_rllib(config, progress=False)))
import ray
ray.shutdown()
print("RESULT " + json.dumps({{"checkpoints": paths}}))
"""


def _check_outputs(out) -> dict:
    """The run's last metrics row, after checking the files every run writes."""
    rows = [json.loads(line) for line in (out / "metrics.jsonl").read_text().splitlines()]
    assert len(rows) >= 2 and rows[-1]["snapshots"] >= 1
    for name in ("learning_curve.png", "learning_curve.csv", "config.json"):
        assert (out / name).is_file()
    assert (out / "checkpoints" / "iter_1").is_dir()
    curve = (out / "learning_curve.csv").read_text().splitlines()
    assert curve[0].startswith("steps,random_win") and len(curve) >= 2
    return rows[-1]


def test_self_play_ppo_runs_then_tournament(tmp_path):
    env_out, modules_out = tmp_path / "in-env", tmp_path / "modules"
    result = run_isolated(TRAIN.format(env_out=str(env_out), modules_out=str(modules_out)))
    # Opponents inside the env: RLlib saw the learner alone, and every kind of opponent of the
    # pool played: both bots, and a snapshot once there was one.
    last = _check_outputs(env_out)
    assert set(last["module_steps"]) == {"default_policy"}
    assert last["module_steps"]["default_policy"] >= 500
    games = last["opponent_games"]
    assert games["random"] > 0 and games["heuristic"] > 0
    assert any(k.startswith("snapshot_") and v > 0 for k, v in games.items())
    # Opponents as modules: each played its seats through RLlib.
    played = _check_outputs(modules_out)["module_steps"]
    assert played["learner"] >= 500 and played["random"] > 0 and played["heuristic"] > 0
    assert any(k.startswith("snapshot_") and v > 0 for k, v in played.items())
    for checkpoint in result["checkpoints"]:
        _plays_as_a_bot(checkpoint)


def _plays_as_a_bot(checkpoint: str) -> None:
    bot = f"rllib:{checkpoint}"
    results, records = run_tournament("aquilon", 2, [bot, "random"], 4, seed=1, workers=1,
                                      progress=False)
    assert len(records) == 4 and {r.bot for r in results} == {bot, "random"}
    assert all(sum(r.bots.count(bot) for r in records[i:i + 1]) == 1 for i in range(4))
    # ... and sits at a person's table.
    record = play_human("aquilon", 2, 0, [bot], seed=2, read=lambda prompt: "0",
                        write=lambda text: None)
    assert record.bots == ["you", bot] and len(record.rewards) == 2


CLUSTER = """
import json
import ray
from ray.cluster_utils import Cluster
from agents.cluster import init_ray
from agents.rllib.train import RLlibConfig, ppo_config, train_step

cluster = Cluster(initialize_head=True,
                  head_node_args={"num_cpus": 1, "include_dashboard": False})
try:
    cluster.add_node(num_cpus=1)
    cluster.wait_for_nodes()
    init_ray(cluster.address)
    config = RLlibConfig(
        game="aquilon", num_players=2, num_env_runners=2, envs_per_runner=2,
        train_batch_size=200, minibatch_size=100, num_epochs=1, hidden=(32,), bots=("random",),
        snapshot_share=0.0)
    algo = ppo_config(config).build_algo()
    result = train_step(algo)
    # Where Ray placed the env runners: its actor table (GCS), and each runner's own report.
    from ray._private.state import actors
    table = [a for a in actors().values()
             if a["ActorClassName"].endswith("EnvRunner") and a["State"] == "ALIVE"]
    reported = algo.env_runner_group.foreach_env_runner(
        lambda runner: ray.get_runtime_context().get_node_id(), local_env_runner=False)
    nodes = [n["NodeID"] for n in ray.nodes() if n["Alive"]]
    addresses = sorted({n["NodeManagerAddress"] for n in ray.nodes()})
    algo.stop()
    print("RESULT " + json.dumps({
        "table_nodes": [a["Address"]["NodeID"] for a in table], "reported": reported,
        "nodes": nodes, "addresses": addresses,
        "env_steps": int(result["env_runners"]["num_env_steps_sampled"])}))
finally:
    ray.shutdown()
    cluster.shutdown()
"""


def test_two_node_cluster_places_env_runners_on_both_nodes():
    result = run_isolated(CLUSTER)
    assert len(result["nodes"]) == 2
    assert result["addresses"] == ["127.0.0.1"]
    assert sorted(result["table_nodes"]) == sorted(result["reported"])
    assert set(result["reported"]) == set(result["nodes"])  # one runner on each node
    assert result["env_steps"] > 0


CLI = """
import json
from agents.cli import main
main(["train", "rllib", "--game", "dragon", "--players", "3", "--steps", "300",
      "--num-env-runners", "1", "--envs-per-runner", "2", "--opponents", "random,heuristic",
      "--snapshot-every", "1", "--eval-every", "100", "--eval-games", "2", "--seed", "5",
      "--quiet", "--out", {out!r}])
print("RESULT " + json.dumps({{}}))
"""


def test_tabletop_train_rllib(tmp_path):
    from tests.agents.command_line import assert_one_line_error, tabletop
    from tests.agents.user_policies import one_size_policy

    out = tmp_path / "cli"
    run_isolated(CLI.format(out=str(out)))
    config = json.loads((out / "config.json").read_text())
    assert config["opponents_in_env"] and config["game"] == "dragon" and config["seed"] == 5
    rows = [json.loads(line) for line in (out / "metrics.jsonl").read_text().splitlines()]
    assert rows[-1]["module_steps"]["default_policy"] >= 300
    assert set(rows[-1]["opponent_games"]) <= {"random", "heuristic", "snapshot_0"}
    assert (out / "checkpoint").is_dir() and (out / "learning_curve.png").is_file()
    # Mistakes are one line, before Ray starts.
    assert_one_line_error(tabletop("train", "rllib", "--game", "aquilon", "--opponents",
                                   "nobody", cwd=tmp_path), "nobody")
    two = one_size_policy(tmp_path, "aquilon", 2)  # a policy of 2 players, at a table of 4
    assert_one_line_error(tabletop("train", "rllib", "--opponents", f"baseline:{two}",
                                   "--game", "aquilon", "--players", "4", cwd=tmp_path),
                          "not 4")
