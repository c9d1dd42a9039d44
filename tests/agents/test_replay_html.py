"""`tabletop replay LOG --html FILE`: a self-contained page of a finished game; unfinished or
altered logs are refused."""

from __future__ import annotations

import json
import re
import xml.etree.ElementTree as ET

import pytest

from agents.cli import main
from agents.play.records import GameRecord, play_game
from agents.play.replay_html import replay_frames, replay_html


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
    with pytest.raises(ValueError, match="before its game ends"):
        replay_frames(cut)
    wrong = GameRecord(**{**record.__dict__, "scores": [s + 1 for s in record.scores]})
    with pytest.raises(ValueError, match="differ"):
        replay_frames(wrong)
    with pytest.raises(ValueError, match="viewer"):
        replay_frames(record, viewer=2)
