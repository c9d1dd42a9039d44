"""benchmarks/apprentice.py run as a script (issue 51): its folder is checked before any game
is played. A file or an unwritable --out, a saved group it cannot read or of another table,
and groups another game, seed or search setting made (their groups.json) are refused in one
line, no traceback, nothing in the folder changed; a run with the same groups' settings
resumes them."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest

ROOT = Path(__file__).resolve().parents[2]
TINY = ["--game", "aquilon", "--groups", "1", "--games", "1", "--seed", "11", "--iterations",
        "2", "--max-moves", "60", "--distill-epochs", "0", "--eval-games", "1", "--eval-seeds",
        "5", "--workers", "1"]


def apprentice(*args: str, out: Path) -> subprocess.CompletedProcess:
    env = {**os.environ, "PYTHONPATH": os.pathsep.join(
        [str(ROOT), *filter(None, [os.environ.get("PYTHONPATH")])])}
    return subprocess.run([sys.executable, str(ROOT / "benchmarks" / "apprentice.py"), *args,
                           "--out", str(out)], cwd=ROOT, env=env, capture_output=True,
                          text=True, timeout=900)


def with_option(name: str, value: str) -> list[str]:
    """TINY with `name` set to `value` (added if TINY has no such option)."""
    argv = list(TINY)
    if name in argv:
        argv[argv.index(name) + 1] = value
    else:
        argv += [name, value]
    return argv


def contents(folder: Path) -> dict[str, bytes]:
    return {p.name: p.read_bytes() for p in sorted(folder.iterdir())}


def assert_refused(done: subprocess.CompletedProcess, *words: str) -> None:
    assert done.returncode != 0, done.stdout + done.stderr
    assert "Traceback" not in done.stderr, done.stderr
    lines = done.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("apprentice.py: error: "), done.stderr
    for word in words:
        assert word in lines[0], lines[0]


@pytest.fixture(scope="module")
def finished(tmp_path_factory) -> Path:
    """A finished tiny run: one group of one game, its record, network and evaluation."""
    out = tmp_path_factory.mktemp("apprentice") / "run"
    done = apprentice(*TINY, out=out)
    assert done.returncode == 0, done.stderr
    assert {"group_0.npz", "groups.json", "network.npz", "apprentice.json"} <= set(
        contents(out))
    return out


@pytest.fixture
def copy(finished, tmp_path) -> Path:
    folder = tmp_path / "copy"
    shutil.copytree(finished, folder)
    return folder


def test_a_file_as_out_is_refused(tmp_path):
    out = tmp_path / "taken"
    out.write_text("not a folder")
    assert_refused(apprentice(*TINY, out=out), str(out), "is a file, not a folder")
    assert out.read_text() == "not a folder"


def test_an_out_that_cannot_be_made_is_refused(tmp_path):
    (tmp_path / "file").write_text("x")
    out = tmp_path / "file" / "run"  # under a file: no folder can be made there
    assert_refused(apprentice(*TINY, out=out), "cannot make the folder --out", str(out))


@pytest.mark.parametrize("option, value, differs", [
    ("--seed", "12", "seed"),
    ("--iterations", "3", "iterations"),
    ("--game", "dragon", "game"),  # another game's folder
])
def test_groups_made_by_other_settings_are_not_reused(copy, option, value, differs):
    before = contents(copy)
    done = apprentice(*with_option(option, value), out=copy)
    assert_refused(done, "holds the groups of another run", differs, "use another --out")
    assert contents(copy) == before


def test_groups_without_their_record_are_not_reused(copy):
    (copy / "groups.json").unlink()
    before = contents(copy)
    assert_refused(apprentice(*TINY, out=copy), "no groups.json")
    assert contents(copy) == before


@pytest.mark.parametrize("damage", ["garbage", "truncated", "other table"])
def test_a_saved_group_that_cannot_be_used_is_refused(copy, damage):
    group = copy / "group_0.npz"
    data = group.read_bytes()
    if damage == "garbage":
        group.write_bytes(b"not an npz file at all")
        words = ["cannot read the saved group", "group_0.npz"]
    elif damage == "truncated":
        group.write_bytes(data[:len(data) // 2])
        words = ["cannot read the saved group", "group_0.npz"]
    else:  # the right fields, the widths of another game's observations and actions
        arrays = dict(np.load(group))
        arrays["observations"] = arrays["observations"][:, :7]
        np.savez_compressed(group, **arrays)
        words = ["group_0.npz", "is not of aquilon with 2 players", "observations"]
    before = contents(copy)
    assert_refused(apprentice(*TINY, out=copy), *words)
    assert contents(copy) == before


def test_the_same_groups_settings_resume_the_saved_groups(copy):
    """Other evaluation and distillation options leave the groups as they are."""
    group = (copy / "group_0.npz").read_bytes()
    done = apprentice(*with_option("--eval-seeds", "6"), out=copy)
    assert done.returncode == 0, done.stderr
    assert (copy / "group_0.npz").read_bytes() == group
    assert '"seed": 6' in (copy / "apprentice.json").read_text()
