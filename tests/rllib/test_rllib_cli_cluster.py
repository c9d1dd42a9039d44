"""The cluster commands of docs/frameworks/rllib.md for real, on this machine (in a
loopback-only network namespace and a PID namespace of their own, see ray_processes): a head
and a second node started with `ray start` and token authentication set up as that page says
(`RAY_AUTH_MODE=token`, the head's `~/.ray/auth_token` copied to the node's and the driver's
home), `tabletop train rllib --game aquilon --address auto` placing its env runners on both
nodes; a node with the token but not `RAY_AUTH_MODE=token` refused; runs asking for more CPUs
than the cluster (or a local Ray) has refused in one line within seconds."""

from __future__ import annotations

import os
import re

import pytest

pytest.importorskip("ray.rllib")

from tests.rllib.ray_processes import ROOT, run_isolated  # noqa: E402

pytestmark = pytest.mark.frameworks

# The commands of the page's cluster recipe that the script runs (HEAD_IP being 127.0.0.1;
# the script adds --num-cpus=1 to each node: two one-CPU nodes on one machine).
PAGE_COMMANDS = (
    "export RAY_AUTH_MODE=token",
    "ray get-auth-token --generate",
    "ray start --head --port=6379 --include-dashboard=false",
    "scp HEAD_IP:.ray/auth_token ~/.ray/",
    "ray start --address=HEAD_IP:6379",
    "tabletop train rllib --game aquilon --address auto",
)

SCRIPT = """
import json, os, shutil, subprocess, sys, tempfile, time
from pathlib import Path

ray_cli = str(Path(sys.executable).parent / "ray")
root = Path(tempfile.mkdtemp(prefix="raycli-", dir="/tmp"))  # short: Ray's socket paths
homes = {name: root / name for name in ("head", "node", "stranger", "driver", "local")}
for home in homes.values():
    home.mkdir()
# RAY_TMPDIR keeps these nodes' session files (and what --address auto finds) apart from any
# other Ray on this machine.
os.environ.update(RAY_TMPDIR=str(root / "tmp"), RAY_AUTH_MODE="token",
                  HOME=str(homes["driver"]))
result, seconds = {}, {}


def launch(step, home, *command, auth=True, tmp=None, extra=()):
    env = {**os.environ, "HOME": str(homes[home]), **dict(extra)}
    if not auth:
        del env["RAY_AUTH_MODE"]
    if tmp:
        env["RAY_TMPDIR"] = tmp
    return step, time.monotonic(), subprocess.Popen(
        command, env=env, cwd=root, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)


def collect(launched):
    step, start, process = launched
    out, err = process.communicate(timeout=300)
    seconds[step] = round(time.monotonic() - start, 1)
    result[step] = {"rc": process.returncode, "out": out[-3000:] + err[-3000:],
                    "stderr": err[-3000:]}


def run(step, home, *command, **kw):
    collect(launch(step, home, *command, **kw))


def tabletop(step, *args, home="driver", **kw):
    return launch(step, home, sys.executable, "-m", "agents", "train", "rllib", "--game",
                  "aquilon", *args, **kw)


# A local Ray of its own (every CPU of this machine) asked for one env runner more than it has
# CPUs, while the cluster starts.
local = tabletop("local", "--num-env-runners", str(os.cpu_count() + 1), "--quiet",
                 "--out", str(root / "local"), home="local", tmp=str(root / "local-tmp"))
try:
    run("token", "head", ray_cli, "get-auth-token", "--generate")
    run("head", "head", ray_cli, "start", "--head", "--port=6379", "--include-dashboard=false",
        "--num-cpus=1")
    for home in ("node", "stranger", "driver"):
        (homes[home] / ".ray").mkdir()
        shutil.copy(homes["head"] / ".ray" / "auth_token", homes[home] / ".ray")
    # The old recipe: a node with the token but without RAY_AUTH_MODE=token is refused. (Ray's
    # knob for how long a node tries the head: once, not for 20 s.)
    run("stranger", "stranger", ray_cli, "start", "--address=127.0.0.1:6379", "--num-cpus=1",
        auth=False, extra={"RAY_gcs_server_port_wait_time_s": "1"})
    run("node", "node", ray_cli, "start", "--address=127.0.0.1:6379", "--num-cpus=1")
    collect(local)
    out = root / "run"
    train = tabletop("train", "--address", "auto", "--players", "2",
                     "--steps", "200", "--num-env-runners", "2", "--envs-per-runner", "2",
                     "--opponents", "random", "--eval-every", "100", "--eval-games", "2",
                     "--quiet", "--out", str(out))
    # Beside it, eight env runners for the cluster's two CPUs.
    collect(tabletop("oversize", "--address", "auto", "--num-env-runners", "8", "--quiet",
                     "--out", str(root / "big")))
    collect(train)
    result["metrics"] = (out / "metrics.jsonl").read_text() if out.exists() else ""
    # Where Ray placed the run's env runners: its actor table (GCS) keeps the ended ones.
    import ray
    from ray._private.state import actors
    ray.init(address="auto", log_to_driver=False)
    result["runner_nodes"] = [a["Address"]["NodeID"] for a in actors().values()
                              if a["ActorClassName"].endswith("EnvRunner")]
    result["nodes"] = [n["NodeID"] for n in ray.nodes() if n["Alive"]]
    result["addresses"] = sorted({n["NodeManagerAddress"] for n in ray.nodes()})
    ray.shutdown()
finally:
    run("stop", "head", ray_cli, "stop", "--force")
result["seconds"] = seconds
shutil.rmtree(root, ignore_errors=True)
print("RESULT " + json.dumps(result))
"""


def _refusal(done: dict, asked: int) -> str:
    """The one `tabletop: error:` line of a refused run (Ray's own log lines may come before
    it), after checking that it names the CPUs asked for and had."""
    assert done["rc"] == 2, done
    assert "Traceback" not in done["stderr"], done["stderr"]
    lines = done["stderr"].strip().splitlines()
    assert lines[-1].startswith("tabletop: error: "), done["stderr"]
    # Every other line is one of Ray's log lines, dated (by its Python side or, in [], its core).
    assert all(re.match(r"\[?\d{4}-\d\d-\d\d ", line) for line in lines[:-1]), done["stderr"]
    assert re.search(rf"asks Ray for {asked} CPUs.* has \d+ CPUs", lines[-1]), lines[-1]
    return lines[-1]


def test_the_pages_cluster_commands_place_env_runners_on_both_nodes():
    page = (ROOT / "docs" / "frameworks" / "rllib.md").read_text()
    for command in PAGE_COMMANDS:
        assert command in page, command
    result = run_isolated(SCRIPT, timeout=600, own_pids=True)
    print("seconds per step:", result["seconds"])
    for step in ("token", "head", "node", "train", "stop"):
        assert result[step]["rc"] == 0, (step, result[step]["out"])
    assert result["stranger"]["rc"] != 0 and "InvalidAuthToken" in result["stranger"]["out"]
    assert '"default_policy"' in result["metrics"]
    # Two one-CPU nodes, one env runner on each.
    assert len(result["nodes"]) == 2 and result["addresses"] == ["127.0.0.1"]
    assert sorted(result["runner_nodes"]) == sorted(result["nodes"])
    # Eight env runners for the two CPUs, or more than a local Ray's CPUs: refused at once (a
    # 15-minute silent wait before), in one line naming both counts.
    assert "has 2 CPUs" in _refusal(result["oversize"], 8)
    assert result["seconds"]["oversize"] < 60  # imports and connecting, then refused
    _refusal(result["local"], os.cpu_count() + 1)
    assert result["seconds"]["local"] < 120  # starting a local Ray too, beside the cluster's
