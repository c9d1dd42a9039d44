"""Every door of a game names its one version, `GameSpec.version`: the AEC and Parallel envs'
metadata, the PettingZoo registry ids, the RLlib env names and the OpenSpiel game type."""

from __future__ import annotations

import re

import pytest

from agents.games import GAME_NAMES, load_game
from tests.common import needs_registry

SPECS = {name: load_game(name).SPEC for name in GAME_NAMES}


def versions(text: str) -> list[int]:
    """The version numbers a name gives ("tabletop/aquilon-v2" -> [2])."""
    return [int(v) for v in re.findall(r"(?<![a-z])v(\d+)\b", text)]


def test_the_spec_names_its_version_once():
    for name, spec in SPECS.items():
        assert spec.name == name and spec.version >= 1
        assert versions(spec.versioned_name) == versions(spec.env_id) == [spec.version]
        assert name in spec.versioned_name and name in spec.env_id


def test_the_aec_and_parallel_envs_name_the_spec_version():
    for name, spec in SPECS.items():
        module = load_game(name)
        names = [module.raw_env.metadata["name"], module.env().metadata["name"],
                 module.raw_parallel_env.metadata["name"], module.parallel_env().metadata["name"]]
        assert names == [spec.versioned_name] * 4, name
        assert module.ENV_ID == spec.env_id


@needs_registry
def test_the_registry_ids_are_the_spec_ids():
    import pettingzoo

    for kind in ("aec", "parallel"):
        registry = getattr(pettingzoo, f"{kind}_registry")
        ours = sorted(i for i in registry if i.startswith("tabletop/"))
        assert ours == sorted(spec.env_id for spec in SPECS.values()), kind
        for spec in SPECS.values():
            env = pettingzoo.make(kind, spec.env_id)
            assert env.metadata["name"] == spec.versioned_name


@pytest.mark.frameworks
def test_the_rllib_names_carry_the_spec_version():
    pytest.importorskip("ray")
    from ray.tune.registry import ENV_CREATOR, _global_registry

    from tabletop_core.rllib import ENV_NAMES, SINGLE_AGENT_ENV_NAMES, register_envs

    assert register_envs() == ENV_NAMES and ENV_NAMES.keys() == SINGLE_AGENT_ENV_NAMES.keys()
    assert sorted(ENV_NAMES) == sorted(SPECS)
    for name, spec in SPECS.items():
        for registered in (ENV_NAMES[name], SINGLE_AGENT_ENV_NAMES[name]):
            assert name in registered and versions(registered) == [spec.version], registered
            assert _global_registry.contains(ENV_CREATOR, registered)
        env = _global_registry.get(ENV_CREATOR, ENV_NAMES[name])({})
        assert env.game is spec


@pytest.mark.frameworks
def test_the_openspiel_game_names_the_spec_version():
    pyspiel = pytest.importorskip("pyspiel")
    from tabletop_core.openspiel import GAME_NAMES as OPENSPIEL_NAMES

    assert sorted(OPENSPIEL_NAMES) == sorted(f"python_{name}" for name in SPECS)
    for name, spec in SPECS.items():
        game = pyspiel.load_game(f"python_{name}")
        kind = game.get_type()
        assert kind.short_name == f"python_{name}" and versions(kind.short_name) == []
        assert spec.versioned_name in kind.long_name
        assert versions(kind.long_name) == [spec.version], kind.long_name
        assert game.definition.spec is spec
