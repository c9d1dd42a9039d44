"""The ladder per table size (agents.play.ladder, benchmarks/ladder.py): anchors measured and
then held, the measured bot's rating the only one moving, opponents matched to it, a game's
whole finishing order as its result, ladders merged by (game, players) into the results file,
the tables written from it, bad options refused in one line."""

from __future__ import annotations

import copy
import importlib.util
import json

import pytest

from agents.play.ladder import (
    Ladder,
    Rating,
    Settings,
    load_ladders,
    measure_anchors,
    measure_bot,
    places,
    save_ladder,
)
from agents.play.ladder_markdown import ladder_section, ladder_sections, ladder_summary
from agents.play.records import GameRecord
from benchmarks import ladder as ladder_script

QUICK = ["--anchors", "random,heuristic", "--sigma", "5", "--min-pair-games", "2",
         "--max-games", "40", "--workers", "1"]


def rated(game: str, players: int, **ratings: tuple[float, float]) -> Ladder:
    """A ladder whose bots have the given (mu, sigma), the first two its anchors."""
    names = list(ratings)
    return Ladder(game, players, names[:2], {
        bot: Rating(mu, sigma, anchor=bot in names[:2], met=True)
        for bot, (mu, sigma) in ratings.items()})


def record(bots: list[str], rewards: list[float], truncated: bool = False) -> GameRecord:
    return GameRecord("aquilon", len(bots), 0, bots, [], [0.0] * len(bots), rewards,
                      truncated=truncated)


def test_the_ladder_runs_at_two_sizes_and_merges_them_into_one_file(tmp_path, capsys):
    results = tmp_path / "ladder.json"
    for players in ("2", "3"):
        ladder_script.main(["--game", "aquilon", "--players", players, "--bots", "ismcts:5",
                            "--results", str(results), "--note", "a test", *QUICK])
    out = capsys.readouterr().out
    assert "### Dwarves of Aquilon, 2 players" in out and "### Dwarves of Aquilon, 3 players" in out
    ladders = load_ladders(results)
    assert set(ladders) == {("aquilon", 2), ("aquilon", 3)}
    for (_, players), ladder in ladders.items():
        assert ladder.anchors == ["random", "heuristic"]
        bot = ladder.ratings["ismcts:5"]
        assert not bot.anchor and bot.run["note"] == "a test" and bot.run["max_moves"] == 500
        assert bot.sigma <= 5 or bot.measured_games >= 40
        for anchor in ladder.anchors:
            assert ladder.pair("ismcts:5", anchor)[0] >= 2
        assert sum(r.seats for r in ladder.ratings.values()) == ladder.games * players
    before = copy.deepcopy(ladders[("aquilon", 3)])
    kept = {bot: r.mu for bot, r in ladders[("aquilon", 2)].ratings.items()}
    ladder_script.main(["--game", "aquilon", "--players", "2", "--bots", "ismcts:5,ismcts:3",
                        "--results", str(results), *QUICK])
    assert "ismcts:5: on the ladder already, kept" in capsys.readouterr().out
    after = load_ladders(results)
    assert after[("aquilon", 3)] == before
    assert {bot: after[("aquilon", 2)].ratings[bot].mu for bot in kept} == kept
    assert after[("aquilon", 2)].ratings["ismcts:3"].measured_games > 0


def test_a_game_cut_at_the_move_limit_is_a_draw(tmp_path):
    results = tmp_path / "ladder.json"
    ladder_script.main(["--game", "simurgh", "--bots", "ismcts:2", "--max-moves", "10",
                        "--results", str(results), *QUICK, "--max-games", "4"])
    ladder = load_ladders(results)[("simurgh", 2)]
    assert ladder.cut == ladder.games > 0
    assert ladder.pair("random", "heuristic")[1] == ladder.pair("random", "heuristic")[0] / 2
    assert "games cut at 10 moves as draws" in ladder_section(ladder)


def test_the_anchors_are_held_while_the_measured_bot_moves():
    ladder = Ladder("aquilon", 2, ["random", "heuristic"])
    settings = Settings(sigma=5, min_pair_games=2, max_games=40, workers=1)
    measure_anchors(ladder, settings)
    anchors = copy.deepcopy({bot: (r.mu, r.sigma, r.measured_games)
                             for bot, r in ladder.ratings.items()})
    assert all(n >= 2 for _, _, n in anchors.values())
    assert ladder.ratings["heuristic"].mu > ladder.ratings["random"].mu
    bot = measure_bot(ladder, "ismcts:5", settings)
    assert {b: (r.mu, r.sigma, r.measured_games) for b, r in ladder.ratings.items()
            if r.anchor} == anchors
    assert bot.met and bot.sigma <= 5 and bot.mu != 25
    assert all(ladder.pair("ismcts:5", anchor)[0] >= 2 for anchor in anchors)
    with pytest.raises(ValueError, match="already"):
        measure_bot(ladder, "ismcts:5", settings)
    capped = measure_bot(ladder, "ismcts:2", Settings(sigma=0.01, max_games=6, workers=1))
    assert not capped.met and 6 <= capped.measured_games < 8


def test_at_three_seats_the_whole_finishing_order_counts():
    """The measured bot finishing second rates higher than finishing last behind the same
    winner: a result of the winner alone would not tell the two games apart."""
    second, last = (rated("aquilon", 3, a=(20.0, 2.0), b=(30.0, 2.0), me=(25.0, 5.0))
                    for _ in range(2))
    second.record(record(["b", "me", "a"], [1.0, 0.0, -1.0]), free=["me"])
    last.record(record(["b", "a", "me"], [1.0, 0.0, -1.0]), free=["me"])
    assert second.ratings["me"].mu > last.ratings["me"].mu
    assert second.pair("me", "a") == (1, 1.0) and last.pair("me", "a") == (1, 0.0)
    assert second.ratings["me"].places == 2 and last.ratings["me"].places == 3
    for ladder in (second, last):
        assert (ladder.ratings["a"].mu, ladder.ratings["b"].mu) == (20.0, 30.0)
    assert places([1.0, -1.0, -1.0]) == [1, 2.5, 2.5]
    cut = rated("aquilon", 3, a=(20.0, 2.0), b=(30.0, 2.0), me=(25.0, 5.0))
    cut.record(record(["b", "me", "a"], [0.0, 0.0, 0.0], truncated=True), free=["me"])
    assert cut.pair("me", "a") == (1, 0.5) and cut.cut == 1
    assert cut.ratings["me"].wins == pytest.approx(1 / 3)


def test_opponents_are_those_met_least_then_the_closest():
    ladder = rated("aquilon", 2, low=(12.0, 1.0), mid=(26.0, 1.0), high=(40.0, 1.0),
                   me=(25.0, 4.0))
    pool = ["low", "mid", "high"]
    assert ladder.opponents("me", pool, min_pair_games=0) == ["mid"]
    ladder.pairs = {("low", "me"): (3, 1.0), ("me", "mid"): (3, 1.0), ("high", "me"): (1, 0.0)}
    assert ladder.opponents("me", pool, min_pair_games=2) == ["high"]
    ladder.players = 3
    assert ladder.opponents("me", pool, min_pair_games=4) == ["high", "mid"]
    ladder.players = 5
    assert ladder.opponents("me", pool, min_pair_games=1) == ["mid", "low", "high", "mid"]


def test_the_results_file_keeps_every_game_and_size_and_refuses_what_it_is_not(tmp_path):
    path = tmp_path / "ladder.json"
    two = rated("aquilon", 2, random=(10.0, 1.0), heuristic=(30.0, 1.0))
    three = rated("dragon", 3, random=(12.0, 1.0), heuristic=(28.0, 1.0))
    three.pairs = {("heuristic", "random"): (4, 3.5)}
    save_ladder(path, two)
    save_ladder(path, three)
    two.ratings["random"].mu = 11.0
    save_ladder(path, two)
    ladders = load_ladders(path)
    assert ladders == {("aquilon", 2): two, ("dragon", 3): three}
    assert load_ladders(tmp_path / "none.json") == {}
    path.write_text(json.dumps({"ladders": [{"game": "aquilon"}]}))
    with pytest.raises(ValueError, match="not a ladder results file: no 'players'"):
        load_ladders(path)


def test_the_tables_are_written_from_the_file(tmp_path, capsys):
    ladder = rated("aquilon", 3, random=(10.0, 1.0), heuristic=(30.0, 1.0), me=(20.0, 1.5))
    ladder.ratings["me"].met = False
    ladder.pairs = {("heuristic", "me"): (10, 9.0), ("me", "random"): (10, 7.5)}
    run = {"date": "2026-12-06", "sigma": 1.0, "min_pair_games": 20, "max_games": 2000,
           "max_moves": 500, "seed": 0, "workers": 1, "cpus": 2, "seconds": 12.0,
           "note": "A small run."}
    for bot, rating in ladder.ratings.items():
        rating.run = {**run, "seconds": 60.0 if bot == "me" else 12.0}
    section = ladder_section(ladder)
    rows = [line for line in section.splitlines() if line.startswith("| ")][1:]
    assert [row.split(" | ")[0] for row in rows] == ["| heuristic (anchor)", "| me",
                                                     "| random (anchor)"]
    assert "| 20.0 ± 1.5 † |" in rows[1] and "75% (" in rows[1] and ") of 10 |" in rows[1]
    assert "the anchors in 12 s, me in 60 s. A small run." in section
    assert "a mean place of 2 is parity" in section
    summary = ladder_summary({("aquilon", 3): ladder})
    assert "| me | 20.0 ± 1.5 † |" in summary and "| bot | 3 players |" in summary
    assert "Measured 2026-12-06. A small run." in summary
    readme = f"top\n{ladder_script.SUMMARY_START}\nold\n{ladder_script.SUMMARY_END}\nend\n"
    assert ladder_script.with_summary(readme, "new") == readme.replace("\nold\n", "\nnew\n")
    with pytest.raises(ValueError, match="no ladder section"):
        ladder_script.with_summary("top\n", "new")
    # the repository's README holds what its results file gives, and so does the site
    ladders = load_ladders(ladder_script.RESULTS)
    text = ladder_script.README.read_text()
    shown = text.split(ladder_script.SUMMARY_START)[1].split(ladder_script.SUMMARY_END)[0]
    assert shown.strip("\n") == ladder_summary(ladders)
    spec = importlib.util.spec_from_file_location(
        "ladder_tables", ladder_script.ROOT / "docs" / "ladder_tables.py")
    hook = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(hook)
    page = (ladder_script.ROOT / "docs" / "results" / "ladder.md").read_text()
    built = hook.on_page_markdown(page, None, None, None)
    assert hook.PLACEHOLDER not in built and ladder_sections(ladders) in built


@pytest.mark.parametrize("argv, message", [
    (["--game", "aquilon", "--players", "6"], "--players 6: aquilon is played by 2 to 5 players"),
    (["--game", "dragon", "--players", "2"], "--players 2: dragon is played by 3 to 5 players"),
    (["--game", "aquilon", "--sigma", "0"], "--sigma must be a number above 0, got 0.0"),
    (["--game", "aquilon", "--sigma", "nan"], "--sigma must be a number above 0"),
    (["--game", "aquilon", "--bots", "nobot"], "unknown bot 'nobot'"),
    (["--game", "aquilon", "--bots", "random,random"], "--bots names a bot twice"),
    (["--game", "aquilon", "--anchors", "random"], "--anchors needs two bots or more"),
    (["--game", "aquilon", "--min-pair-games", "0"], "--min-pair-games must be at least 1"),
    (["--game", "aquilon", "--max-moves", "5"], "--max-moves must be at least 10"),
    (["--players", "3"], "--game is needed"),
    (["--game", "aquilon", "--results", "/no/such/folder/ladder.json"], "there is no folder"),
])
def test_bad_options_are_refused_in_one_line_before_any_game(argv, message, capsys):
    with pytest.raises(SystemExit) as stop:
        ladder_script.parse(argv)
    assert stop.value.code == 2
    err = capsys.readouterr().err
    assert "Traceback" not in err and message in err.strip().splitlines()[-1]


def test_a_ladder_with_other_anchors_is_refused_unless_fresh(tmp_path, capsys):
    path = tmp_path / "ladder.json"
    save_ladder(path, rated("aquilon", 2, random=(10.0, 1.0), heuristic=(30.0, 1.0)))
    path.with_name("bad.json").write_text("{")
    for argv, message in ((["--results", str(path)], "has the anchors random,heuristic"),
                          (["--results", str(path.with_name("bad.json"))],
                           "is not a ladder results file")):
        with pytest.raises(SystemExit):
            ladder_script.parse(["--game", "aquilon", *argv])
        assert message in capsys.readouterr().err.strip().splitlines()[-1]
    assert ladder_script.parse(["--game", "aquilon", "--results", str(path), "--fresh"]).fresh
