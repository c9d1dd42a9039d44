"""The snippets of the README's "Using the games with other frameworks" run as written
(Tianshou's trains, so test_tianshou.py runs the same calls; AgileRL's needs its own venv:
benchmarks/agilerl_vec_env.py)."""

import re
from pathlib import Path

import pytest

pytestmark = pytest.mark.frameworks

README = Path(__file__).parents[2] / "README.md"
SECTION = "## Using the games with other frameworks"
NOT_HERE = ("Tianshou", "AgileRL")


def snippets() -> dict[str, str]:
    text = README.read_text()
    section = text[text.index(SECTION):]
    section = section[:section.index("\n## ", len(SECTION))]
    found = {}
    for part in section.split("\n### ")[1:]:
        title = part.splitlines()[0]
        blocks = re.findall(r"```python\n(.*?)```", part, re.S)
        if blocks and title not in NOT_HERE:
            found[title] = "\n".join(blocks)
    return found


def test_every_framework_has_a_snippet():
    assert set(snippets()) == {"PettingZoo Parallel API", "TorchRL", "SuperSuit"}


@pytest.mark.parametrize("title", sorted(snippets()))
def test_the_readme_snippet_runs(title):
    namespace = {}
    exec(compile(snippets()[title], f"README: {title}", "exec"), namespace)
    if title == "PettingZoo Parallel API":
        ended = [*namespace["terminations"].values(), *namespace["truncations"].values()]
        assert namespace["env"].agents == [] and any(ended)
