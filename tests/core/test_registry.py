"""The registry of games (tabletop_core.games): it lists the games without importing them, each
registered package's SPEC carries what the doors read, and the doors' names and defaults are
those the per-game tables of the core used to hold."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from tabletop_core import games

ROOT = Path(__file__).resolve().parents[2]


def test_the_games_are_listed_without_importing_them():
    code = ("import sys; from tabletop_core.games import game_names, game_package, "
            "game_package_dirs; names = game_names(); dirs = game_package_dirs(); "
            "print(names, len(dirs), [game_package(n) in sys.modules for n in names])")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         cwd=ROOT, check=True).stdout.strip()
    assert out == "('aquilon', 'dragon', 'goofspiel', 'simurgh') 4 [False, False, False, False]"


def test_the_checkout_registers_every_game_package():
    table = games._checkout_table()
    assert table == {"aquilon": "aquilon_env", "dragon": "dragon_env",
                     "goofspiel": "goofspiel_env", "simurgh": "simurgh_env"}
    assert games.game_names() == tuple(sorted(table))


def test_each_spec_is_its_registered_game():
    for name in games.game_names():
        module = games.game_module(name)
        assert module.SPEC is games.game_spec(name) and module.SPEC.name == name
        for door in ("raw_env", "env", "raw_parallel_env", "parallel_env", "BatchEnv"):
            assert hasattr(module, door), (name, door)


def test_an_unknown_game_is_refused():
    with pytest.raises(ValueError, match="unknown game 'chess'; choose from aquilon, dragon, "
                                         "goofspiel, simurgh"):
        games.game_spec("chess")


def test_register_game_adds_a_game_in_this_process(monkeypatch):
    monkeypatch.setattr(games, "_registered", {})
    games.register_game("fake", "tests.core.no_such_game")
    assert "fake" in games.game_names()
    with pytest.raises(ImportError):
        games.game_module("fake")
    games.register_game("aquilon2", "aquilon_env")  # a package whose SPEC has another name
    with pytest.raises(ValueError, match="no SPEC of that name"):
        games.game_module("aquilon2")
    with pytest.raises(ValueError, match="identifier"):
        games.register_game("no-dash", "x")


def test_door_metadata_is_what_the_core_tables_held():
    specs = games.game_specs()
    assert {n: s.title for n, s in specs.items()} == {
        "aquilon": "Dwarves of Aquilon", "dragon": "Dragon's Interest", "goofspiel": "Goofspiel",
        "simurgh": "Simurgh"}
    assert {n: s.openspiel_max_moves for n, s in specs.items()} == {
        "aquilon": 500, "dragon": 1500, "goofspiel": 80, "simurgh": 4000}
    assert {n: s.play_max_moves for n, s in specs.items()} == {
        "aquilon": 2_000, "dragon": 10_000, "goofspiel": 800, "simurgh": 30_000}
    assert {n: s.default_players for n, s in specs.items()} == {
        "aquilon": 3, "dragon": 4, "goofspiel": 2, "simurgh": 3}
    assert {n: s.train_players for n, s in specs.items()} == {
        "aquilon": 2, "dragon": 3, "goofspiel": 2, "simurgh": 2}
    assert {n: s.openspiel_params for n, s in specs.items()} == {
        "aquilon": {"players": 2, "max_moves": 500},
        "dragon": {"players": 3, "max_moves": 1500, "start_player": -1},
        "goofspiel": {"players": 2, "max_moves": 80, "num_cards": 13, "points_order": "random",
                      "imp_info": False, "egocentric": False, "num_turns": -1,
                      "returns_type": "win_loss"},
        "simurgh": {"players": 2, "max_moves": 4000, "mode": "spearman", "length": "short",
                    "ties": "share"},
    }
    dragon = specs["dragon"]
    assert dragon.options_from_openspiel(dragon.openspiel_params) == {"start_player": None}
    assert dragon.options_from_openspiel({"start_player": 2}) == {"start_player": 2}
    for name, spec in specs.items():
        assert spec.openspiel_name == f"python_{name}"
        assert spec.rllib_env_name == f"tabletop_{name}_v{spec.version}"
        assert spec.rllib_single_agent_env_name == f"tabletop_{name}_single_agent_v{spec.version}"
        # every option's default is what make_config takes when the option is left out
        config = spec.make_config(spec.default_players, **dict(spec.options))
        assert (config == spec.make_config(spec.default_players)).all()


def test_agents_games_is_the_registrys_client():
    from agents import games as client

    assert client.GAME_NAMES == games.game_names()
    assert client.load_game("dragon") is games.game_module("dragon")
    from agents.profiles import game_profile

    for name in client.GAME_NAMES:  # the profiles' tables are the specs'
        spec = games.game_spec(name)
        assert game_profile(name).play_players == spec.default_players
        assert game_profile(name).train_players == spec.train_players
    assert game_profile("dragon").train_players == 3


def test_an_installed_distributions_entry_point_registers_its_game(monkeypatch):
    from importlib.metadata import EntryPoint

    point = EntryPoint("othergame", "othergame_env", games.ENTRY_POINT_GROUP)
    monkeypatch.setattr(games.metadata, "entry_points",
                        lambda group: [point] if group == games.ENTRY_POINT_GROUP else [])
    games._entry_point_table.cache_clear()
    try:
        assert games.game_package("othergame") == "othergame_env"
        assert "othergame" in games.game_names() and "aquilon" in games.game_names()
    finally:
        monkeypatch.undo()
        games._entry_point_table.cache_clear()
    assert "othergame" not in games.game_names()
