"""Game profiles: what the agents know of each game. A game from another package that brings
no profile still has `random`, `ismcts` (UCT, random playouts), `az` (a fresh network) and
every recipe; here Aquilon's engine registered under a new name plays a tournament and trains
a round of `az` through the command line."""

from __future__ import annotations

import json
import subprocess
import textwrap
from pathlib import Path

import pytest

from agents.bots import check_bots_fit
from agents.games import GAME_NAMES
from agents.profiles import DEFAULT_ISMCTS, GameProfile, game_profile
from tabletop_core.games import game_spec
from tests.agents.command_line import run_python

NEW_GAME = "plainquilon"
PACKAGE = f'''
"""Aquilon's engine under another name, with no profile: a game from another package."""
import dataclasses

import aquilon_env
from tabletop_core import BatchEnvBase, TurnBasedEnv, wrap
from tabletop_core.parallel import JointParallelEnv

SPEC = dataclasses.replace(aquilon_env.SPEC, name="{NEW_GAME}",
                           env_id="tabletop/{NEW_GAME}-v3")


class raw_env(TurnBasedEnv):
    game = SPEC
    metadata = {{**TurnBasedEnv.metadata, "name": SPEC.versioned_name}}


def env(**kwargs):
    return wrap(raw_env(**kwargs))


class raw_parallel_env(JointParallelEnv):
    game = SPEC


def parallel_env(**kwargs):
    return raw_parallel_env(**kwargs)


class BatchEnv(BatchEnvBase):
    game = SPEC
'''
# The command line in a process where the new game is registered (as an entry point would).
MAIN = textwrap.dedent(f"""
    import sys
    sys.path.insert(0, sys.argv.pop(1))
    from tabletop_core.games import register_game
    register_game("{NEW_GAME}", "{NEW_GAME}")
    from agents.cli import main
    main(sys.argv[1:])
""")


def test_every_shipped_game_has_a_profile_and_its_networks_are_on_disk():
    with_networks = set()
    for name in GAME_NAMES:
        profile = game_profile(name)
        assert profile.game == name and profile.heuristic
        for network in (profile.baseline_network, profile.az_network):
            assert network is None or network.is_file()
        if profile.baseline_network and profile.az_network:
            with_networks.add(name)
        assert profile.train_players == game_spec(name).train_players
    assert with_networks >= {"aquilon", "dragon", "simurgh"}  # Goofspiel ships none


def test_a_profile_is_checked():
    with pytest.raises(ValueError, match="unknown recipes"):
        GameProfile("aquilon", recipes={"dqn": {}})
    with pytest.raises(ValueError, match="unknown game"):
        game_profile("chess")


@pytest.fixture(scope="module")
def new_game(tmp_path_factory) -> Path:
    folder = tmp_path_factory.mktemp("other-package")
    (folder / NEW_GAME).mkdir()
    (folder / NEW_GAME / "__init__.py").write_text(PACKAGE)
    return folder


def tabletop(folder: Path, *args: str, cwd: Path) -> subprocess.CompletedProcess:
    return run_python("-c", MAIN, str(folder), *args, cwd=cwd, timeout=1200)


def test_a_game_without_a_profile_gets_the_defaults(new_game, monkeypatch):
    from tabletop_core.games import register_game, unregister_game

    monkeypatch.syspath_prepend(str(new_game))
    register_game(NEW_GAME, NEW_GAME)
    try:  # the game leaves this process's registry with the test (test_registry counts them)
        game_profile.cache_clear()
        profile = game_profile(NEW_GAME)
        assert profile == GameProfile(NEW_GAME)
        assert profile.heuristic is None and dict(profile.ismcts) == dict(DEFAULT_ISMCTS)
        assert profile.reference_bot() == "random" and profile.baseline_network is None
        check_bots_fit(["random", "ismcts:5", "az:5"], NEW_GAME, 2)
        for bot, words in (("heuristic", "has no heuristic"),
                           ("baseline", "no baseline policy")):
            with pytest.raises(ValueError, match=words):
                check_bots_fit([bot], NEW_GAME, 2)
    finally:
        unregister_game(NEW_GAME)
        game_profile.cache_clear()


def test_the_tools_play_and_train_a_game_without_a_profile(new_game, tmp_path):
    done = tabletop(new_game, "tournament", "--game", NEW_GAME, "--players", "2", "--bots",
                    "random,ismcts:20", "--games", "2", "--workers", "1", "--quiet", "--json",
                    "--out", str(tmp_path), cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    results = json.loads((tmp_path / f"tournament-{NEW_GAME}-2p.json").read_text())["results"]
    assert sorted(r["bot"] for r in results) == ["ismcts:20", "random"]
    assert sum(r["seats_played"] for r in results) == 4

    out = tmp_path / "az"
    done = tabletop(new_game, "train", "az", "--game", NEW_GAME, "--rounds", "1", "--games",
                    "2", "--iterations", "10", "--eval-games", "2", "--distill-epochs", "1",
                    "--workers", "1", "--out", str(out), cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    record = json.loads((out / "az.json").read_text())
    assert record["recipe"]["game"] == NEW_GAME and record["rounds_done"] == 1
    [row] = record["curve"]
    # no heuristic and no baseline: az against ismcts, the network alone against random
    assert {"ismcts_win", "network_alone_win"} <= set(row)
    assert "heuristic_win" not in row and "baseline_win" not in row
    assert record["distilled"]["opponent"] == "random"
    assert (out / "network.npz").is_file()
