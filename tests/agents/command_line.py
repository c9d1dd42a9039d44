"""Running the command line as a user does, in a fresh process on this checkout's code."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def run_python(*args: str, cwd: Path, stdin: str | None = "",
               timeout: float = 600) -> subprocess.CompletedProcess:
    """`python3 ARGS` in `cwd` with this checkout first on the path, `stdin` as its input
    (None: no input at all, as CI runs it)."""
    env = {**os.environ, "PYTHONPATH": os.pathsep.join(
        [str(ROOT), *filter(None, [os.environ.get("PYTHONPATH")])])}
    extra = {"stdin": subprocess.DEVNULL} if stdin is None else {"input": stdin}
    return subprocess.run([sys.executable, *args], cwd=cwd, env=env, capture_output=True,
                          text=True, timeout=timeout, **extra)


def tabletop(*args: str, cwd: Path, stdin: str | None = "",
             timeout: float = 600) -> subprocess.CompletedProcess:
    """`tabletop ARGS` (as `python3 -m agents`)."""
    return run_python("-m", "agents", *args, cwd=cwd, stdin=stdin, timeout=timeout)


def assert_one_line_error(done: subprocess.CompletedProcess, *words: str) -> None:
    """The command failed with status 2 and one line `tabletop: error: ...` holding `words`,
    no traceback."""
    assert done.returncode == 2, done.stdout + done.stderr
    assert "Traceback" not in done.stderr, done.stderr
    lines = done.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("tabletop: error: "), done.stderr
    for word in words:
        assert word in lines[0], lines[0]
