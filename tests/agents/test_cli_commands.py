"""The command line's shape: one `train` subcommand per recipe with its own `--help`, an
option of another recipe refused in one line naming the recipe's options, game options as
`--option name=value` in every command that makes a game, checked against the game's spec."""

from __future__ import annotations

import pytest

from agents.cli.arguments import game_options
from tests.agents.command_line import assert_one_line_error, tabletop

RECIPES = ("ppo", "rllib", "baseline", "az")
OWN = {"ppo": "--envs", "rllib": "--num-env-runners", "baseline": "--demonstrations",
       "az": "--rounds"}


@pytest.mark.parametrize("recipe", RECIPES)
def test_each_recipe_has_its_own_help(recipe, tmp_path):
    done = tabletop("train", recipe, "--help", cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    assert f"usage: tabletop train {recipe}" in done.stdout
    assert "every recipe:" in done.stdout and f"{recipe} only:" in done.stdout
    for flag in ("--game", "--players", "--option", "--seed", "--out", OWN[recipe]):
        assert flag in done.stdout
    for other in set(RECIPES) - {recipe, "ppo"}:  # (ppo's options are all in another's)
        assert OWN[other] not in done.stdout, other


def test_train_lists_the_recipes(tmp_path):
    done = tabletop("train", "--help", cwd=tmp_path)
    assert done.returncode == 0 and all(r in done.stdout for r in RECIPES)
    assert_one_line_error(tabletop("train", "--game", "aquilon", cwd=tmp_path), "RECIPE")


@pytest.mark.parametrize("recipe, flag, owners", [
    ("ppo", "--rounds", "az"),
    ("az", "--steps", "ppo, rllib, baseline"),
    ("baseline", "--num-env-runners", "rllib"),
    ("rllib", "--from-scratch", "az"),
    ("az", "--backend", None),
])
def test_an_option_of_another_recipe_is_refused_naming_the_recipes_options(recipe, flag,
                                                                         owners, tmp_path):
    done = tabletop("train", recipe, "--game", "aquilon", flag, "3", cwd=tmp_path)
    words = [f"{flag} is not an option of `tabletop train {recipe}`", "its options:",
             OWN[recipe]]
    if owners:
        words.append(f"belongs to {owners}")
    assert_one_line_error(done, *words)
    assert not (tmp_path / "runs").exists()  # refused before any work


@pytest.mark.parametrize("args, words", [
    (["train", "az", "--game", "aquilon", "--value-mix", "2"], ["between 0 and 1"]),
    (["train", "az", "--game", "aquilon", "--policy-target", "argmax"],
     ["invalid choice: 'argmax'"]),
    (["train", "az", "--game", "aquilon", "--start", "net.npz"], ["network not found"]),
    (["train", "az", "--game", "aquilon", "--players", "7"], ["players"]),
    (["train", "ppo", "--game", "aquilon", "--opponents", "ismcts"],
     ["training opponents are random, heuristic and baseline"]),
    (["train", "ppo", "--game", "aquilon", "--seed", str(10**30)], ["below 2**63"]),
    (["train", "baseline", "--game", "aquilon", "--steps", "0"], ["at least 1"]),
])
def test_bad_recipe_options_are_refused_in_one_line(args, words, tmp_path):
    assert_one_line_error(tabletop(*args, cwd=tmp_path), *words)
    assert not (tmp_path / "runs").exists()


@pytest.mark.parametrize("args, words", [
    (["tournament", "--game", "simurgh", "--option", "colour=red"],
     ["--option colour", "simurgh has no option 'colour'", "mode, length, ties"]),
    (["tournament", "--game", "simurgh", "--option", "mode=chess"],
     ["mode must be one of"]),
    (["tournament", "--option", "mode=dragonlord"], ["--option needs one --game"]),
    (["human", "--game", "aquilon", "--option", "mode=dragonlord"],
     ["aquilon has no option 'mode'", "none"]),
    (["human", "--game", "simurgh", "--option", "length"], ["not name=value"]),
    (["evaluate", "--game", "dragon", "--agent", "random", "--option", "start_player=x"],
     ["start_player", "'x' is not a whole number"]),
    (["train", "az", "--game", "simurgh", "--option", "ties=never"], ["ties"]),
    (["train", "ppo", "--game", "simurgh", "--option", "mode=dragonlord", "--option",
      "mode=spearman"], ["--option mode is given twice"]),
])
def test_game_options_are_checked_in_one_line_in_every_command(args, words, tmp_path):
    assert_one_line_error(tabletop(*args, cwd=tmp_path), *words)


def test_game_options_take_the_types_of_their_defaults():
    assert game_options("simurgh", [("mode", "dragonlord"), ("length", "long")], 3) == {
        "mode": "dragonlord", "length": "long"}
    assert game_options("dragon", [("start_player", "2")], 3) == {"start_player": 2}
    assert game_options("dragon", [("start_player", "none")], 3) == {"start_player": None}
    assert game_options("aquilon", [], 2) == {}


def test_a_tournament_plays_with_the_options_given(tmp_path):
    done = tabletop("tournament", "--game", "simurgh", "--players", "2", "--option",
                    "mode=dragonlord", "--option", "length=short", "--bots", "random",
                    "--games", "1", "--workers", "1", "--quiet", "--save-logs", "--out",
                    str(tmp_path), cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    log = (tmp_path / "logs-simurgh-2p" / "game-0.json").read_text()
    assert '"options": {"mode": "dragonlord", "length": "short"}' in log


def test_a_tournament_of_every_game_skips_those_that_cannot_seat_a_bot(tmp_path):
    done = tabletop("tournament", "--players", "3", "--bots", "baseline,random", "--games",
                    "1", "--workers", "1", "--quiet", "--out", str(tmp_path), cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    assert "skipped goofspiel (no baseline policy is shipped for goofspiel)" in done.stdout
    assert "dragon, 3 players, 1 games" in done.stdout
