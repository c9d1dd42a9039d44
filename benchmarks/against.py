"""A benchmark run here and on another commit in the same run: each script's markdown tables
measured in turns (this tree, then a git worktree of `--before`, `--rounds` times), and
per row the median of each figure and its ratio to the other tree's. This machine's speed
drifts by a third from one minute to the next, so one run of each is not a comparison.

    python3 benchmarks/against.py --before ee30075 [--rounds 3] -- \
        benchmarks/search_speed.py --decisions 40

The script is this tree's (so a new benchmark can measure old code through the API both
share); the code it measures is each tree's, imported first through PYTHONPATH. The worktree
is made in a temporary folder (removed after); numba compiles its code on its first run there.
"""

from __future__ import annotations

import argparse
import os
import re
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
_NUMBER = re.compile(r"^-?[\d,]*\.?\d+$")


def table_rows(output: str) -> dict[str, dict[str, float]]:
    """The rows of every markdown table in `output`, keyed by their text cells, each with its
    numeric cells by column name."""
    rows: dict[str, dict[str, float]] = {}
    header: list[str] = []
    for line in output.splitlines():
        if not line.startswith("|"):
            header = []
            continue
        cells = [c.strip() for c in line.strip().strip("|").split("|")]
        if set("".join(cells)) <= set("-:"):
            continue
        if not header:
            header = cells
            continue
        numbers = {name: float(c.replace(",", "")) for name, c in zip(header, cells, strict=False)
                   if _NUMBER.match(c)}
        key = " | ".join(c for c in cells if not _NUMBER.match(c))
        rows[key] = numbers
    return rows


def run(tree: Path, command: list[str]) -> str:
    """The output of `command` (a script and its arguments) run in `tree`."""
    env = {**os.environ, "PYTHONPATH": str(tree), "TABLETOP_COMPILE_NOTICE": "0"}
    script = str((ROOT / command[0]).resolve())
    done = subprocess.run([sys.executable, script, *command[1:]], cwd=tree, env=env,
                          capture_output=True, text=True, check=False)
    if done.returncode:
        raise SystemExit(f"{' '.join(command)} failed in {tree}:\n{done.stderr[-2000:]}")
    return done.stdout


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--before", required=True, help="the commit to compare against")
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("command", nargs=argparse.REMAINDER,
                        help="-- then the benchmark script and its arguments")
    args = parser.parse_args()
    command = args.command[1:] if args.command[:1] == ["--"] else args.command
    if not command:
        parser.error("give the benchmark after --")
    if args.rounds < 1:
        parser.error("--rounds must be at least 1")
    with tempfile.TemporaryDirectory() as folder:
        before = Path(folder) / "before"
        subprocess.run(["git", "-C", str(ROOT), "worktree", "add", "--detach", str(before),
                        args.before], check=True, capture_output=True)
        try:
            runs: dict[str, list[dict]] = {"after": [], "before": []}
            for k in range(args.rounds):
                for name, tree in (("after", ROOT), ("before", before)):
                    runs[name].append(table_rows(run(tree, command)))
                    print(f"round {k + 1}, {name}: done", file=sys.stderr, flush=True)
        finally:
            subprocess.run(["git", "-C", str(ROOT), "worktree", "remove", "--force",
                            str(before)], check=False, capture_output=True)
    print(f"{' '.join(command)}: medians of {args.rounds} rounds, this tree against "
          f"{args.before}\n")
    print("| row | figure | after | before | after / before |")
    print("|---|---|---:|---:|---:|")
    for key, first in runs["after"][0].items():
        for column in first:
            if any(column not in r.get(key, {}) for r in runs["before"]):
                continue
            after = statistics.median(r[key][column] for r in runs["after"])
            earlier = statistics.median(r[key][column] for r in runs["before"])
            ratio = f"{after / earlier:.2f}" if earlier else "-"
            print(f"| {key} | {column} | {after:,.6g} | {earlier:,.6g} | {ratio} |")


if __name__ == "__main__":
    main()
