"""benchmarks/apprentice.py on a tiny run: the groups are the recipe's round seeds played by
the policy and labelled by round 0's search, a run resumes after its last group, and bad
options are refused in one line."""

from __future__ import annotations

import json

import numpy as np
import pytest

from agents.az.recipe import AZRecipe, round_seeds
from agents.az.selfplay import Samples
from agents.az.workers import generate_games
from agents.bots.az import load_network
from agents.bots.baseline import shipped_policy_path
from agents.games import load_game
from benchmarks import apprentice

TINY = {"groups": 2, "games": 2, "seed": 3, "iterations": 4, "distill_epochs": 1,
        "eval_games": 2, "eval_seeds": (5, 6), "workers": 1}


def test_an_apprentice_run_plays_its_groups_trains_and_resumes(tmp_path, monkeypatch):
    record = apprentice.run("aquilon", out=tmp_path, command="test", **TINY)
    recipe = AZRecipe.for_game("aquilon", played_by="policy", rounds=1, games=2, seed=3,
                               iterations=4, distill_epochs=1, table_mix=())
    network = load_network(str(shipped_policy_path("aquilon")), load_game("aquilon").SPEC, 2)
    # group 1 is round 1's seeds of the recipe, played by baseline's policy, searched by round 0
    expected, _ = generate_games("aquilon", 2, network, round_seeds(recipe, 1), recipe.settings,
                                 workers=1)
    group = Samples.load(tmp_path / "group_1.npz")
    assert all(np.array_equal(a, b) for a, b in zip(group.arrays().values(),
                                                     expected.arrays().values(), strict=True))
    assert record["samples"] == len(group) + len(Samples.load(tmp_path / "group_0.npz"))
    assert [row["seed"] for row in record["network_vs_baseline"]] == [5, 6]
    assert record["network_vs_baseline_all"]["games"] == 4
    assert json.loads((tmp_path / "apprentice.json").read_text())["recipe"]["played_by"] == \
        "policy"
    trained = np.load(tmp_path / "network.npz")
    assert not np.array_equal(trained["weight_0"], np.load(shipped_policy_path("aquilon"))[
        "weight_0"])

    def no_more_games(*_, **__):
        raise AssertionError("a finished group was played again")

    monkeypatch.setattr("agents.az.workers.generate_games", no_more_games)
    again = apprentice.run("aquilon", out=tmp_path, command="test", **TINY)
    assert again["network_vs_baseline_all"] == record["network_vs_baseline_all"]


@pytest.mark.parametrize("argv, message", [
    (["--groups", "0"], "--groups, --games and --eval-games must be at least 1"),
    (["--max-moves", "3"], "max_moves must be at least 10"),
])
def test_bad_options_are_refused_in_one_line(argv, message, monkeypatch, capsys, tmp_path):
    monkeypatch.setattr("sys.argv", ["apprentice.py", "--game", "aquilon",
                                     "--out", str(tmp_path / "x"), *argv])
    with pytest.raises(SystemExit):
        apprentice.main()
    err = capsys.readouterr().err.strip().splitlines()
    assert message in err[-1] and not any("Traceback" in line for line in err)
    assert not (tmp_path / "x").exists()
