"""Every ```python block of the documentation (docs/**/*.md and README.md) runs.

One test item per page (its id is the page's path): the page's blocks run in order, in one
fresh namespace, with a temporary directory as the working directory, so a later block may
use what an earlier one defined. A page without python blocks gives no item. ```bash and
```console blocks are not run.

Convention for the pages: an HTML comment line directly above a block (blank lines between
them allowed) marks it, `<!-- snippet: KIND -->`, with one or more kinds:

- `frameworks`: the block needs another framework (Ray, OpenSpiel, Tianshou, TorchRL,
  SuperSuit, AgileRL, Stable-Baselines3 / torch). Its page's item is marked
  `pytest.mark.frameworks`, which the bounds-checked run skips.
- `slow`: the block takes more than a few seconds. Its page's item is marked `frameworks` too,
  so the bounds-checked run skips it.
- `no-run`: the block cannot run in a test by nature (an interactive human prompt, joining a
  cluster); it is only compiled, to catch syntax errors. Such a block must be covered by
  another test, which the comment should name: `<!-- snippet: no-run tests/agents/test_x.py -->`
  (a named test file must exist).

Any other kind is an error, so a misspelt marker cannot silently run or skip a block.
"""

from __future__ import annotations

import re
import sys
from dataclasses import dataclass
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent.parent
KINDS = ("frameworks", "slow", "no-run")
FENCE = re.compile(r"^(\s*)(```+|~~~+)\s*([\w+-]*)")
MARKER = re.compile(r"^\s*<!--\s*snippet:\s*(.*?)\s*-->\s*$")


@dataclass
class Block:
    line: int  # 1-based line of the opening fence
    code: str
    kinds: frozenset[str]
    note: str  # the words after the kinds, e.g. the test that covers a no-run block


def pages() -> list[Path]:
    return sorted((ROOT / "docs").rglob("*.md")) + [ROOT / "README.md"]


def _words(line: str) -> list[str] | None:
    """The words of a marker comment line, or None for any other line."""
    found = MARKER.match(line)
    return found.group(1).replace(",", " ").split() if found else None


def _marker(lines: list[str], fence_index: int) -> tuple[frozenset[str], str]:
    """The kinds, and the other words, of the marker comments directly above a fence."""
    words: list[str] = []
    k = fence_index - 1
    while k >= 0 and not lines[k].strip():
        k -= 1
    while k >= 0 and (found := _words(lines[k])) is not None:
        words += found
        k -= 1
    return (frozenset(w for w in words if w in KINDS),
            " ".join(w for w in words if w not in KINDS))


def _closes(line: str, fence: str) -> bool:
    text = line.strip()
    return text.startswith(fence) and set(text) == {fence[0]}


def python_blocks(path: Path) -> list[Block]:
    """The python blocks of a page, in order, with their markers."""
    lines = path.read_text(encoding="utf-8").splitlines()
    blocks, k = [], 0
    while k < len(lines):
        opened = FENCE.match(lines[k])
        if not opened:
            k += 1
            continue
        indent, fence, lang = opened.groups()
        end = k + 1
        while end < len(lines) and not _closes(lines[end], fence):
            end += 1
        if lang.lower() in ("python", "py"):
            body = [line[len(indent):] if line.startswith(indent) else line
                    for line in lines[k + 1:end]]
            kinds, note = _marker(lines, k)
            blocks.append(Block(k + 1, "\n".join(body) + "\n", kinds, note))
        k = end + 1
    return blocks


def _param(path: Path):
    blocks = python_blocks(path)
    marks = []
    if any(b.kinds & {"frameworks", "slow"} for b in blocks):
        marks.append(pytest.mark.frameworks)
    return pytest.param(path, blocks, marks=marks, id=str(path.relative_to(ROOT)))


PAGES = [p for p in pages() if p.exists() and python_blocks(p)]


def test_every_marker_is_known():
    """A misspelt marker would run a block that should not run, or skip one that should; a
    no-run block names the test that covers it, if any, by an existing file."""
    bad = []
    for path in pages():
        if not path.exists():
            continue
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
            words = _words(line)
            if words is None:
                continue
            kinds = [w for w in words if w in KINDS]
            rest = [w for w in words if w not in KINDS]
            named = [w.split("::")[0] for w in rest if w.startswith("tests/")]
            if (not kinds or (rest and "no-run" not in kinds)
                    or any(not (ROOT / n).is_file() for n in named)):
                bad.append(f"{path.relative_to(ROOT)}:{number}: {line.strip()}")
    assert bad == []


@pytest.mark.parametrize(("path", "blocks"), [_param(p) for p in PAGES])
def test_page_snippets_run(path, blocks, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("MPLBACKEND", "Agg")
    namespace: dict = {"__name__": "__snippet__"}
    for block in blocks:
        name = f"{path.relative_to(ROOT)}:{block.line}"
        code = compile(block.code, name, "exec")
        if "no-run" in block.kinds:
            continue
        exec(code, namespace)  # noqa: S102 - the documentation's own examples
    ray = sys.modules.get("ray")
    if ray is not None and ray.is_initialized():
        ray.shutdown()
        pytest.fail(f"{path.relative_to(ROOT)} started Ray in the test process: a page's Ray "
                    "node runs in a named test in a loopback-only namespace (no-run here)")
