"""`tabletop replay LOG --html FILE`: a self-contained page of a finished game; unfinished or
altered logs are refused."""

from __future__ import annotations

import json
import re
import xml.etree.ElementTree as ET

import numpy as np
import pytest

from agents.cli import main
from agents.play.records import (
    GameRecord,
    Replayed,
    Step,
    game_seed,
    move_words,
    play_game,
    replay_game,
    replay_lines,
)
from agents.play.replay_html import json_for_script, replay_frames, replay_html
from tabletop_core.games import game_names, game_package, game_spec
from tests.core.game_tables import full_options
from tests.text_twins import TextCase


@pytest.fixture(scope="module")
def record() -> GameRecord:
    return play_game("aquilon", 2, ["heuristic", "random"], seed=2)


def test_page_is_self_contained_with_every_decision(record, tmp_path):
    log, page = tmp_path / "game.json", tmp_path / "replay.html"
    record.save(log)
    main(["replay", str(log), "--html", str(page)])
    text = page.read_text(encoding="utf-8")
    assert not re.search(r"(src|href)=['\"](?!data:)", text)  # nothing loaded from outside
    assert "https://" not in text and "<script src" not in text
    data = json.loads(re.search(r"<script id='data' type='application/json'>(.*?)</script>",
                                text, re.S).group(1).replace("<\\/", "</"))
    frames = data["frames"]
    assert len(frames) == len(record.actions) + 1
    assert frames[-1]["scores"] == record.scores
    for frame in frames[::10]:
        ET.fromstring(frame["svg"])
    assert "shows everything" in text
    # Boards are drawn as the seat to act saw them.
    assert all(f"seat {f['seat']}'s view" in f["svg"] for f in frames[:-1])


def test_a_seat_s_page_shows_its_view_only(record):
    data = replay_frames(record, viewer=1)
    assert all("seat 1's view" in f["svg"] for f in data["frames"])
    bids = [f["move"] for f in data["frames"][:-1] if f["seat"] == 0 and "bid" in f["move"]]
    assert bids and all(m == "places a bid" for m in bids)
    assert "The game as seat 1 saw it" in replay_html(record, viewer=1)


def test_unfinished_or_altered_logs_are_refused(record):
    cut = GameRecord(**{**record.__dict__, "actions": record.actions[:-3]})
    with pytest.raises(ValueError, match="before its game does"):
        replay_frames(cut)
    wrong = GameRecord(**{**record.__dict__, "scores": [s + 1 for s in record.scores]})
    with pytest.raises(ValueError, match="differ"):
        replay_frames(wrong)
    with pytest.raises(ValueError, match="viewer"):
        replay_frames(record, viewer=2)


# Every registered game at three seats (or the nearest table it has), with every kind of
# decision it knows (Simurgh in Dragonlord mode).
TWIN_CASES = [TextCase(game_package(name),
                       min(max(3, game_spec(name).min_players), game_spec(name).max_players),
                       tuple(full_options(name).items()))
              for name in game_names()]


def twin_of(replayed: Replayed, viewer: int, rng: slice) -> tuple[Replayed, int]:
    """The game with each decision's state replaced by a twin that differs only in what
    `viewer` may not know (`determinize`, the generator of chance kept), wherever the twin
    stays consistent with what the viewer learns from the decision (the same observation
    after it); the final state, which may show everything, is kept. Returns it and how many
    states differ."""
    game = replayed.game
    steps, changed = [], 0
    for k, step in enumerate(replayed.steps):
        twin = step.state.copy()
        game.determinize(twin, viewer, 1000 + k)
        twin[rng] = step.state[rng]
        if step.seat != viewer and not consistent(game, step, twin, viewer):
            twin = step.state
        changed += not np.array_equal(twin, step.state)
        steps.append(Step(twin, step.seat, step.action))
    return Replayed(game, replayed.agents, steps, replayed.final, replayed.scores), changed


def consistent(game, step: Step, twin: np.ndarray, viewer: int) -> bool:
    """Whether the decision is legal in `twin` and leaves `viewer` the same observation."""
    mask = np.zeros(game.num_actions, np.uint8)
    game.legal_mask(twin, mask)
    if not mask[step.action]:
        return False
    seen = []
    for state in (step.state.copy(), twin.copy()):
        game.play(state, step.action)
        seen.append(np.zeros(game.obs_size, np.float32))
        game.observe(state, viewer, seen[-1])
    return np.array_equal(*seen)


@pytest.mark.parametrize("case", TWIN_CASES, ids=str)
def test_a_seat_s_replay_is_the_same_for_twin_games(case):
    """Two logs that differ only in what seat 1 may not know (another seed, other hidden
    parts) give seat 1 byte-identical pages and texts, which hold no seed and show its own
    moves in full."""
    game, players = case.spec().name, case.num_players
    record = play_game(game, players, ["random"] * players, seed=game_seed(3, 0),
                       options=dict(case.options))
    replayed = replay_game(record)
    viewer = 1
    twin, changed = twin_of(replayed, viewer, slice(case.rng_at, case.rng_at + 4))
    assert changed > len(replayed.steps) // 4  # the twin has teeth
    other = GameRecord(**{**record.__dict__, "seed": game_seed(3, 1)})
    page = replay_html(record, viewer, replayed)
    lines = replay_lines(record, replayed, viewer)
    assert replay_html(other, viewer, twin) == page
    assert replay_lines(other, twin, viewer) == lines
    assert "seed" not in replay_frames(record, viewer)
    assert str(record.seed) not in page and str(record.seed) not in "\n".join(lines)
    own = [move_words(replayed.game, s, None) for s in replayed.steps if s.seat == viewer]
    assert own and all(json_for_script(m)[1:-1] in page for m in own)
