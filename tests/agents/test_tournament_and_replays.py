"""Tournaments are reproducible; replays reproduce the scores; a person can play a game."""

import itertools

import pytest

from agents.play.human import play_human
from agents.play.records import GameRecord, game_seed, play_game, replay
from agents.play.tournament import (
    BotResult,
    bot_label,
    figure,
    run_tournament,
    seating,
    wilson_interval,
)


def test_seats_rotate_so_every_bot_plays_every_seat():
    tables = [seating(["a", "b", "c"], 3, g) for g in range(3)]
    for seat in range(3):
        assert sorted(t[seat] for t in tables) == ["a", "b", "c"]
    assert seating(["h", "r"], 4, 0) == ["h", "r", "h", "r"]


def test_wilson_interval():
    low, high = wilson_interval(50, 100)
    assert low == pytest.approx(0.4038, abs=1e-3) and high == pytest.approx(0.5962, abs=1e-3)
    assert wilson_interval(0, 10)[0] == 0.0


def test_tournament_is_reproducible_from_its_seed():
    a, records_a = run_tournament("aquilon", 2, ["heuristic", "random"], 6, seed=4,
                                  workers=2, progress=False)
    b, records_b = run_tournament("aquilon", 2, ["heuristic", "random"], 6, seed=4,
                                  workers=1, progress=False)
    assert a == b
    assert [r.actions for r in records_a] == [r.actions for r in records_b]
    # Game g is dealt from a hash of (seed, g): no game's seed follows from another's.
    assert [r.seed for r in records_a] == [game_seed(4, g) for g in range(6)]
    assert len({r.seed for r in records_a}) == 6 and min(r.seed for r in records_a) > 2**32
    assert all(0 <= game_seed(s, g) < 2**63 for s in (0, 2**70) for g in (0, 1))
    c, _ = run_tournament("aquilon", 2, ["heuristic", "random"], 6, seed=5,
                          workers=1, progress=False)
    assert c != a
    heuristic = next(r for r in a if r.bot == "heuristic")
    assert heuristic.seats_played == 6 and heuristic.win_rate > 0.5


def test_replay_reproduces_the_final_scores(tmp_path):
    record = play_game("aquilon", 3, ["heuristic", "random", "ismcts:20"], seed=9)
    path = tmp_path / "game.json"
    record.save(path)
    lines = []
    scores = replay(GameRecord.load(path), show=lines.append)
    assert list(scores) == record.scores
    assert len(lines) == len(record.actions) + 2
    assert "final scores" in lines[-1]


def test_a_person_plays_a_whole_game_from_scripted_input():
    answers = itertools.cycle(["x", "99", "0", "1"])  # bad answers are asked again
    shown = []
    record = play_human("aquilon", 3, seat=1, bots=["random", "heuristic"], seed=3,
                        read=lambda prompt: next(answers), write=shown.append)
    assert record.bots[1] == "you"
    assert "Game over" in shown[-1]
    assert any("please type a number" in line for line in shown)
    # Other Lords' bids are never described to the person.
    assert not any(line.startswith("seat ") and " bid " in line for line in shown)
    assert any("places a bid" in line for line in shown)
    replayed = replay(GameRecord("aquilon", 3, 3, record.bots, record.actions, [], []),
                      show=lambda line: None)
    assert list(replayed) == record.scores


def test_plot_labels_of_long_bot_names_do_not_overlap():
    """Checkpoint paths as bot names: each label stays inside the figure and clear of its
    neighbours, and the name is all there."""
    names = ["ppo:runs/train-aquilon/checkpoints/model_106496.zip",
             "baseline:/work/runs/baseline-simurgh/baseline.npz", "heuristic",
             "rllib:runs/rllib-dragon/checkpoint_000012", "ismcts:200"]
    results = [BotResult(name, 10, 5.0, 0.5, 0.3, 0.7, 10.0, 1.0, 0.0, 25.0, 3.0)
               for name in names]
    fig = figure("long names", results)
    fig.canvas.draw()
    renderer = fig.canvas.get_renderer()
    frame = fig.bbox
    for ax in fig.axes:
        labels = ax.get_xticklabels()
        assert [label.get_text().replace("\n", "") for label in labels] == names
        boxes = [label.get_window_extent(renderer) for label in labels]
        for box in boxes:
            assert frame.x0 <= box.x0 and box.x1 <= frame.x1 and frame.y0 <= box.y0
        for left, right in itertools.pairwise(boxes):
            assert left.x1 < right.x0, (left, right)
    assert max(len(line) for name in names for line in bot_label(name).split("\n")) <= 16


def test_an_evaluation_of_a_bot_against_itself_is_refused():
    """Results are counted by bot name, so a bot against itself would win every game."""
    from agents.play.evaluate import evaluate_bot

    with pytest.raises(ValueError, match="both 'baseline'"):
        evaluate_bot("aquilon", 2, "baseline", "baseline", 4)
