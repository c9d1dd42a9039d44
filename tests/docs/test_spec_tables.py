"""The game pages' tables (docs/spec_tables.py, the site's build hook) agree with the code."""

from __future__ import annotations

import importlib.util
from pathlib import Path

import pytest
import yaml
from mkdocs.exceptions import PluginError

from tabletop_core.games import game_module, game_names

ROOT = Path(__file__).resolve().parent.parent.parent
GAMES = game_names()


def _hook():
    spec = importlib.util.spec_from_file_location("spec_tables", ROOT / "docs" / "spec_tables.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


hook = _hook()


def _meta(game: str) -> dict:
    text = (ROOT / "docs" / "games" / f"{game}.md").read_text(encoding="utf-8")
    return yaml.safe_load(text.split("---\n")[1])


@pytest.mark.parametrize("game", GAMES)
def test_every_table_is_built_from_the_code(game):
    package = game_module(game)
    spec = package.SPEC
    tables = hook.game_tables(game, _meta(game))
    assert set(tables) == set(hook.TOKENS)
    assert f"`{spec.env_id}`" in tables["spec-table"]
    assert f"`Discrete({spec.num_actions + 1})`: the no-op is id {spec.num_actions}" in (
        tables["spec-table"])
    # one row per A_* constant, then the no-op; the ranges tile 0..num_actions
    rows = tables["action-table"].splitlines()[2:]
    assert sum(int(row.split("|")[2]) for row in rows) == spec.num_actions + 1
    assert rows[-1].startswith(f"| {spec.num_actions} | 1 | `no_op`")
    assert tables["observation-table"] == spec.observation_layout.markdown().rstrip("\n")
    assert tables["version-table"].splitlines()[-1].startswith(f"| `{spec.env_id}` |")


def test_a_page_and_the_code_that_disagree_fail_the_build():
    meta = _meta("aquilon")
    package = importlib.import_module("aquilon_env")
    missing = {**meta, "actions": {k: v for k, v in meta["actions"].items() if k != "A_SVARA"}}
    with pytest.raises(PluginError, match="A_SVARA"):
        hook.action_table(package, missing)
    extra = {**meta, "actions": {**meta["actions"], "A_FLY": "fly away"}}
    with pytest.raises(PluginError, match="A_FLY"):
        hook.action_table(package, extra)
