"""A run's records are checked before it resumes from them (issue 51): `tabletop train`
refuses a progress.json whose fields are missing or of the wrong types in one line, before it
writes anything, for each recipe (agents/training/runs.py, each recipe's FIELDS); a seed the
command line refuses writes nothing either."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tests.agents.command_line import assert_one_line_error, tabletop

AZ_GOOD = {"command": "tabletop train az --game aquilon", "rounds_done": 1,
           "wall_time_s": {"self-play": 3.5}, "curve": [{"round": 1, "samples": 40,
                                                         "policy_loss": 1.2}]}




def contents(folder: Path) -> dict[str, bytes]:
    return {str(p.relative_to(folder)): p.read_bytes() for p in sorted(folder.rglob("*"))
            if p.is_file()}


@pytest.mark.parametrize("change, words", [
    ({"rounds_done": "1"}, ["'rounds_done' must be a whole number at least 0", '"1"']),
    ({"rounds_done": True}, ["'rounds_done' must be a whole number at least 0", "true"]),
    ({"command": 5}, ["'command' must be a string"]),
    ({"wall_time_s": [1, 2]}, ["'wall_time_s' must be an object of wall times"]),
    ({"wall_time_s": {"training": "long"}}, ["'wall_time_s' must be an object"]),
    ({"curve": {"round": 1}}, ["'curve' must be a list of objects"]),
    ({"curve": [{"round": "1"}]}, ["'curve' must be a list of objects with 'round'"]),
    ({"curve": [{"round": 1, "baseline_win": "half"}]}, ["every other field a number"]),
    ({"start_sha256": 7}, ["'start_sha256' must be a string"]),
    ({"distilled": []}, ["'distilled' must be an object"]),
])
def test_az_refuses_a_progress_record_of_the_wrong_types_in_one_line(change, words, tmp_path):
    out = tmp_path / "run"
    out.mkdir()
    (out / "progress.json").write_text(json.dumps({**AZ_GOOD, **change}))
    before = contents(out)
    done = tabletop("train", "az", "--game", "aquilon", "--out", str(out), "--workers", "1",
                    cwd=tmp_path)
    assert_one_line_error(done, "cannot resume from", "progress.json", *words)
    assert contents(out) == before


@pytest.mark.parametrize("missing", ["rounds_done", "curve"])
def test_az_refuses_a_progress_record_missing_a_field(missing, tmp_path):
    out = tmp_path / "run"
    out.mkdir()
    (out / "progress.json").write_text(json.dumps(
        {k: v for k, v in AZ_GOOD.items() if k != missing}))
    done = tabletop("train", "az", "--game", "aquilon", "--out", str(out), cwd=tmp_path)
    assert_one_line_error(done, f"it has no {missing!r}", "use another --out")
    assert sorted(p.name for p in out.iterdir()) == ["progress.json"]


@pytest.mark.parametrize("recipe, progress, words", [
    ("ppo", {"curve": [{"steps": "2048"}]}, ["'curve' must be a list of objects with 'steps'"]),
    ("ppo", {"curve": None}, ["'curve'"]),
    ("baseline", {"command": "", "wall_time_s": {}, "curve": [], "imitation": [],
                  "final": {"opponent": "heuristic", "games": 10, "win": "most"}},
     ["'final' must be an object with 'opponent' a string"]),
    ("baseline", {"command": "", "wall_time_s": {}, "curve": [], "imitation": 3},
     ["'imitation' must be a list of objects"]),
])
def test_every_recipe_checks_its_own_fields(recipe, progress, words, tmp_path):
    out = tmp_path / "run"
    out.mkdir()
    (out / "progress.json").write_text(json.dumps(progress))
    before = contents(out)
    done = tabletop("train", recipe, "--game", "aquilon", "--out", str(out), cwd=tmp_path)
    assert_one_line_error(done, "cannot resume from", *words)
    assert contents(out) == before


def test_a_good_record_passes_and_the_message_shows_a_long_value_cut_short(tmp_path):
    from agents.training.runs import COUNT, NUMBER, TEXT, TIMES, check_progress, rows_of

    fields = {"command": TEXT, "rounds_done": COUNT, "wall_time_s": TIMES,
              "curve": rows_of(NUMBER, round=COUNT)}
    check_progress(tmp_path / "progress.json", AZ_GOOD, fields, {})
    with pytest.raises(ValueError) as error:
        check_progress(tmp_path / "progress.json", {**AZ_GOOD, "command": ["x" * 200]},
                       fields, {})
    message = str(error.value)
    assert "\n" not in message and len(message) < 250 and "..." in message


@pytest.mark.parametrize("recipe", ["ppo", "rllib", "baseline", "az"])
def test_a_seed_too_large_is_refused_before_anything_is_written(recipe, tmp_path):
    done = tabletop("train", recipe, "--game", "aquilon", "--seed", str(10**30), cwd=tmp_path)
    assert_one_line_error(done, "--seed", "below 2**63")
    out = tmp_path / "x"
    done = tabletop("train", recipe, "--game", "aquilon", "--seed", str(10**30), "--out",
                    str(out), cwd=tmp_path)
    assert_one_line_error(done, "--seed", "below 2**63")
    assert list(tmp_path.iterdir()) == []  # neither runs/<recipe>-aquilon nor x
