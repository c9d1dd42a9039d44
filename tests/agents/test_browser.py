"""The HTML replay viewer and `tabletop human --web` in a real headless browser (Debian's
chromium and its chromedriver; nothing is downloaded)."""

from __future__ import annotations

import os
import subprocess
import sys
import time
from pathlib import Path

import numpy as np
import pytest

from agents.play.records import GameRecord, game_seed, play_game
from agents.play.replay_html import replay_frames, replay_html

DRIVER = "/usr/bin/chromedriver"
ROOT = Path(__file__).parent.parent.parent
pytestmark = [
    pytest.mark.frameworks,
    pytest.mark.skipif(not os.path.exists(DRIVER), reason="needs Debian's chromium-driver"),
]


@pytest.fixture
def browser():
    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service

    options = webdriver.ChromeOptions()
    for arg in ("--headless=new", "--no-sandbox", "--disable-dev-shm-usage", "--disable-gpu",
                "--window-size=1600,1000"):
        options.add_argument(arg)
    options.set_capability("goog:loggingPrefs", {"browser": "ALL"})
    driver = webdriver.Chrome(service=Service(executable_path=DRIVER), options=options)
    yield driver
    driver.quit()


def console_errors(driver) -> list[str]:
    return [e["message"] for e in driver.get_log("browser") if e["level"] == "SEVERE"]


def _counter(driver) -> str:
    return driver.find_element("id", "counter").text


def test_replay_viewer_loads_and_steps_through_a_game(browser, tmp_path):
    record = play_game("dragon", 3, ["heuristic", "random", "random"], seed=4)
    page = tmp_path / "replay.html"
    page.write_text(replay_html(record), encoding="utf-8")
    assert "http" not in page.read_text().replace("http://www.w3.org/2000/svg", "")
    browser.get(page.as_uri())
    total = len(record.actions)
    assert _counter(browser) == f"decision 0 of {total}"
    first_board = browser.find_element("id", "board").get_attribute("innerHTML")
    assert first_board.startswith("<svg")
    for k in range(1, 4):
        browser.find_element("id", "next").click()
        assert _counter(browser) == f"decision {k} of {total}"
    assert browser.find_element("id", "board").get_attribute("innerHTML") != first_board
    browser.find_element("id", "prev").click()
    assert _counter(browser) == f"decision 2 of {total}"
    browser.find_element("id", "speed").send_keys("0.1 s")
    browser.find_element("id", "play").click()
    deadline = time.time() + 60
    while _counter(browser) != f"decision {total} of {total}" and time.time() < deadline:
        time.sleep(0.2)
    assert _counter(browser) == f"decision {total} of {total}"
    assert "game over" in browser.find_element("id", "move").text
    assert len(browser.find_elements("css selector", "#log div")) == total + 1
    assert len(browser.find_elements("css selector", "#side polyline")) == 3
    assert console_errors(browser) == []


def test_a_bot_name_that_opens_a_script_comment_leaves_the_page_working(browser, tmp_path):
    record = play_game("aquilon", 2, ["random", "random"], seed=4)
    named = GameRecord(**{**record.__dict__, "bots": ["<!--<script>", "</script>&amp;"]})
    page = tmp_path / "replay.html"
    page.write_text(replay_html(named), encoding="utf-8")
    browser.get(page.as_uri())
    assert _counter(browser) == f"decision 0 of {len(record.actions)}"
    rows = browser.find_elements("css selector", "#log div")
    assert "(<!--<script>)" in rows[0].text or "(</script>&amp;)" in rows[0].text
    assert console_errors(browser) == []


def _start_web(tmp_path: Path) -> tuple[subprocess.Popen, str, Path]:
    log = tmp_path / "game.json"
    env = {**os.environ, "PYTHONPATH": str(ROOT), "PYTHONUNBUFFERED": "1"}
    server = subprocess.Popen(
        [sys.executable, "-m", "agents", "human", "--web", "--game", "aquilon", "--players", "2",
         "--seat", "1", "--bots", "random", "--seed", "3", "--save", str(log)],
        stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, env=env, cwd=tmp_path,
    )
    line = server.stdout.readline()
    assert "http://127.0.0.1:" in line, line
    url = line.split()[line.split().index("browser:") + 1]
    return server, url, log


def test_a_person_plays_a_whole_game_in_the_browser(browser, tmp_path):
    from selenium.common.exceptions import StaleElementReferenceException

    server, url, log = _start_web(tmp_path)
    try:
        browser.get(url)
        rng = np.random.default_rng(0)
        clicks = 0
        deadline = time.time() + 300
        while time.time() < deadline:
            over, ready = browser.execute_script(
                "return [document.body.dataset.over, "
                "document.querySelectorAll('button.action:not([disabled])').length]")
            if over == "1":
                break
            if not ready:
                time.sleep(0.05)
                continue
            buttons = browser.find_elements("css selector", "button.action")
            try:
                assert all(b.text for b in buttons)  # every action is described
                buttons[int(rng.integers(len(buttons)))].click()
                clicks += 1
            except StaleElementReferenceException:
                continue
        assert over == "1", "the game did not end"
        assert clicks > 10
        board = browser.find_element("id", "board").get_attribute("innerHTML")
        assert "seat 1's view" in board
        shown = browser.find_element("id", "log").text
        assert "Game over." in shown and "game saved to" in shown
        assert console_errors(browser) == []
        # The page's requests carry its token; the same request without it is refused.
        assert browser.execute_async_script(
            "const done = arguments[0]; fetch('/state').then(r => done(r.status))") == 403
        assert all("403 (Forbidden)" in e for e in console_errors(browser))  # that one only
    finally:
        server.terminate()
        server.wait(timeout=10)
    record = GameRecord.load(log)
    assert record.bots[1] == "you" and record.seed == game_seed(3, 0)  # --seed 3, hashed
    data = replay_frames(record)  # refuses a log whose replayed scores differ
    assert data["scores"] == record.scores
    final = ", ".join(f"{s:g}" for s in record.scores)
    assert all(f"{s:g}" in shown for s in record.scores), (final, shown)
    page = tmp_path / "replay.html"
    page.write_text(replay_html(record), encoding="utf-8")
    browser.get(page.as_uri())
    browser.find_element("id", "last").click()
    assert "game over: " + ", ".join(
        f"seat {s} {v:g}" for s, v in enumerate(record.scores)) in browser.find_element(
        "id", "move").text
    assert console_errors(browser) == []
