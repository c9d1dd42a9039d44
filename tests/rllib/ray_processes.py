"""Running Ray in tests: every Ray node of a test starts in a subprocess inside a network
namespace of its own with only loopback up (`unshare -n`, as root), so Ray never talks to any
address but 127.0.0.1; usage stats and the dashboard are off. The script prints its result as
one line `RESULT <json>` and stops every node it started before it exits. With `own_pids` it
also gets a PID namespace, where `ray stop` (which ends every Ray process it can see) sees only
the script's own nodes."""

from __future__ import annotations

import json
import os
import shutil
import signal
import subprocess
import sys
import tempfile
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]


def loopback_available() -> bool:
    """Whether this process may make network namespaces (root with unshare and ip)."""
    return os.geteuid() == 0 and bool(shutil.which("unshare")) and bool(shutil.which("ip"))


def run_isolated(script: str, timeout: float = 900, own_pids: bool = False) -> dict:
    """Run Python `script` in a loopback-only network namespace (and a PID namespace of its own
    with `own_pids`); return its RESULT json."""
    if not loopback_available():
        pytest.fail("Ray tests need root, unshare and ip (a loopback-only network namespace)")
    with tempfile.NamedTemporaryFile("w", suffix=".py", delete=False) as f:
        f.write(script)
    env = {**os.environ, "RAY_USAGE_STATS_ENABLED": "0",
           "PYTHONPATH": os.pathsep.join(filter(None, [str(ROOT), os.environ.get("PYTHONPATH")]))}
    # In a PID namespace sh stays its first process, reaping the nodes that `ray stop` ends.
    pids, run = (["-p", "-f", "--mount-proc"], "") if own_pids else ([], "exec ")
    command = ["unshare", "-n", *pids, "sh", "-c",
               f'ip link set lo up && {run}"{sys.executable}" "{f.name}"']
    process = subprocess.Popen(command, cwd=ROOT, env=env, stdout=subprocess.PIPE,
                               stderr=subprocess.STDOUT, text=True, start_new_session=True)
    try:
        output, _ = process.communicate(timeout=timeout)
    except subprocess.TimeoutExpired:
        os.killpg(process.pid, signal.SIGKILL)  # the script's own process group only
        output, _ = process.communicate()
        pytest.fail(f"Ray script timed out after {timeout}s:\n{output[-4000:]}")
    finally:
        os.unlink(f.name)
    if process.returncode != 0:
        pytest.fail(f"Ray script failed ({process.returncode}):\n{output[-6000:]}")
    lines = [line for line in output.splitlines() if line.startswith("RESULT ")]
    if not lines:
        pytest.fail(f"Ray script printed no result:\n{output[-4000:]}")
    return json.loads(lines[-1][len("RESULT "):])
