"""A saved game as one self-contained HTML page: the drawn table at every decision, step and
play controls, who did what, and each seat's score over the game.

The page needs no network: the drawings are inline SVG and the controls a small inline
script. Only finished games are turned into pages (the log is replayed and must end its game
with the recorded scores), so by default the page shows everything and says so: each move is
described in full, hidden choices included, and each board is drawn as the seat to act saw it
when it decided. With a viewer (a seat, or -1 for the public) the page is the game as that
viewer saw it: its boards, and the others' moves as it learned them (sealed choices only named),
as `tabletop replay --seat` tells it in text; such a page holds no seed (the hidden parts follow
from it) and nothing else that viewer did not know.
"""

from __future__ import annotations

import html
import json

import numpy as np

from agents.play.records import GameRecord, Replayed, move_words, replay_game
from tabletop_core.spec import GameSpec
from tabletop_core.svg import SEAT_COLOURS
from tabletop_core.text import PUBLIC, check_viewer

STYLE = """
body { font-family: "DejaVu Sans", Verdana, sans-serif; margin: 12px; background: #eef0f2;
       color: #222; }
h1 { font-size: 20px; margin: 4px 0; }
.note { color: #555; font-size: 13px; margin: 4px 0 10px; }
.bar { display: flex; gap: 6px; align-items: center; flex-wrap: wrap; margin: 6px 0; }
button { font-size: 14px; padding: 4px 10px; cursor: pointer; }
#main { display: flex; gap: 12px; align-items: flex-start; }
#board { flex: 1; min-width: 0; }
#board svg { max-width: 100%; height: auto; border: 1px solid #bbb; background: #fff; }
#side { width: 360px; flex: none; }
#log { height: 420px; overflow-y: auto; background: #fff; border: 1px solid #bbb;
       font-size: 12px; }
#log div { padding: 2px 6px; cursor: pointer; border-bottom: 1px solid #eee; }
#log div.current { background: #fdebd0; font-weight: bold; }
#move { font-size: 15px; min-height: 2.6em; margin: 6px 0; }
.legal button { display: block; width: 100%; text-align: left; margin: 3px 0; }
"""


def page(title: str, body: str, script: str) -> str:
    """A complete HTML document with the shared style, `body` and an inline script."""
    return (f"<!DOCTYPE html><html lang='en'><head><meta charset='utf-8'>"
            f"<title>{html.escape(title)}</title><link rel='icon' href='data:,'>"
            f"<style>{STYLE}</style></head>"
            f"<body>{body}<script>{script}</script></body></html>")


def json_for_script(value) -> str:
    """JSON safe to place inside a <script> element: `<`, `>` and `&` are written as JSON
    escapes, so no text in it (a bot's name holding `</script>` or `<!--<script>`) can end the
    element or change how the browser reads it."""
    return (json.dumps(value).replace("<", "\\u003c").replace(">", "\\u003e")
            .replace("&", "\\u0026"))


def replay_frames(record: GameRecord, viewer: int | None = None,
                  replayed: Replayed | None = None) -> dict:
    """Replay `record` (or take it as `replayed`, already checked by
    agents.play.records.replay_game) and collect, for every decision and the end, the drawing
    (as the seat to act saw it, or as `viewer` did), the seat to act, its move in words (for
    `viewer`) and every seat's score as it would count then. Raises ValueError if the log does
    not finish its game with the recorded scores, or says it is unfinished. Only the view of
    every seat (`viewer` None) holds the seed."""
    if record.unfinished:
        raise ValueError(f"the log holds an unfinished game (it stopped after "
                         f"{len(record.actions)} moves): --html draws finished games only; "
                         "replay it as text (without --html) to see it up to where it stopped")
    if viewer is not None:
        check_viewer(viewer, record.num_players)
    replayed = replayed or replay_game(record)
    game = replayed.game
    n = record.num_players
    frames = [_frame(game, n, step.state, step.seat, step.seat if viewer is None else viewer,
                     move_words(game, step, viewer)) for step in replayed.steps]
    scores = [float(s) for s in replayed.scores]
    cut = f"cut at the move limit ({record.max_moves} moves), no result: " \
        if record.truncated else ""
    over = ", ".join(f"seat {s} {v:g}" for s, v in enumerate(scores))
    frames.append(_frame(game, n, replayed.final, -1, PUBLIC if viewer is None else viewer,
                         f"game over: {cut}{over}"))
    data = {"game": record.game, "players": record.num_players, "bots": record.bots,
            "options": record.options, "scores": scores, "frames": frames}
    return {**data, "seed": record.seed} if viewer is None else data


def _frame(game: GameSpec, players: int, state: np.ndarray, seat: int, viewer: int,
           move: str) -> dict:
    scores = np.zeros(players, np.float64)
    game.final_scores(state, scores, np.zeros(players, np.int64))
    return {"svg": game.render_svg(state, viewer), "seat": seat, "move": move,
            "scores": [float(s) for s in scores]}


def score_plot(frames: list[dict], players: int, width: int = 360, height: int = 180) -> str:
    """Each seat's score over the game as an inline SVG line chart, with a step cursor."""
    top = max(max(f["scores"]) for f in frames)
    low = min(0.0, min(min(f["scores"]) for f in frames))
    span = (top - low) or 1.0
    last = max(len(frames) - 1, 1)

    def xy(k: int, v: float) -> str:
        x = 30 + (width - 40) * k / last
        return f"{x:.1f},{height - 20 - (height - 40) * (v - low) / span:.1f}"

    parts = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" '
             f'viewBox="0 0 {width} {height}" font-size="10">',
             f'<rect width="{width}" height="{height}" fill="#ffffff" stroke="#bbbbbb"/>',
             f'<text x="30" y="14">score as it would count (max {top:g})</text>',
             f'<line x1="30" y1="{height - 20}" x2="{width - 10}" y2="{height - 20}" '
             'stroke="#999999"/>',
             f'<text x="30" y="{height - 6}">move 0</text>',
             f'<text x="{width - 10}" y="{height - 6}" text-anchor="end">{last}</text>']
    for s in range(players):
        points = " ".join(xy(k, f["scores"][s]) for k, f in enumerate(frames))
        colour = SEAT_COLOURS[s % len(SEAT_COLOURS)]
        parts.append(f'<polyline points="{points}" fill="none" stroke="{colour}" '
                     'stroke-width="2"/>')
        parts.append(f'<text x="{width - 60}" y="{28 + 12 * s}" fill="{colour}">seat {s}</text>')
    parts.append(f'<line id="cursor" x1="30" y1="20" x2="30" y2="{height - 20}" '
                 'stroke="#222222" stroke-dasharray="3,3"/></svg>')
    return "".join(parts)


SCRIPT = """
const data = JSON.parse(document.getElementById('data').textContent);
const frames = data.frames;
let k = 0, timer = null;
const log = document.getElementById('log');
frames.forEach((f, i) => {
  const row = document.createElement('div');
  row.textContent = (i < frames.length - 1 ? i + '. seat ' + f.seat + ' (' +
      data.bots[f.seat] + '): ' : '') + f.move;
  row.onclick = () => show(i);
  log.appendChild(row);
});
function show(i) {
  k = Math.max(0, Math.min(frames.length - 1, i));
  const f = frames[k];
  document.getElementById('board').innerHTML = f.svg;
  document.getElementById('counter').textContent = 'decision ' + k + ' of ' +
      (frames.length - 1);
  document.getElementById('move').textContent = k < frames.length - 1 ?
      'seat ' + f.seat + ' (' + data.bots[f.seat] + ') plays: ' + f.move : f.move;
  document.getElementById('slider').value = k;
  log.querySelectorAll('.current').forEach(e => e.classList.remove('current'));
  log.children[k].classList.add('current');
  log.children[k].scrollIntoView({block: 'nearest'});
  const x = 30 + (PLOT_W - 40) * k / Math.max(frames.length - 1, 1);
  const cursor = document.getElementById('cursor');
  cursor.setAttribute('x1', x); cursor.setAttribute('x2', x);
}
function play() {
  if (timer) { clearInterval(timer); timer = null;
               document.getElementById('play').textContent = 'play'; return; }
  document.getElementById('play').textContent = 'pause';
  timer = setInterval(() => { if (k >= frames.length - 1) play(); else show(k + 1); },
                      Number(document.getElementById('speed').value));
}
document.getElementById('first').onclick = () => show(0);
document.getElementById('prev').onclick = () => show(k - 1);
document.getElementById('next').onclick = () => show(k + 1);
document.getElementById('last').onclick = () => show(frames.length - 1);
document.getElementById('play').onclick = play;
const slider = document.getElementById('slider');
slider.max = frames.length - 1;
slider.oninput = () => show(Number(slider.value));
document.addEventListener('keydown', e => {
  if (e.key === 'ArrowRight') show(k + 1);
  if (e.key === 'ArrowLeft') show(k - 1);
});
show(0);
"""


def replay_html(record: GameRecord, viewer: int | None = None,
                replayed: Replayed | None = None) -> str:
    """The self-contained HTML page of a finished game (see the module docstring); `replayed`
    as for `replay_frames`."""
    data = replay_frames(record, viewer, replayed)
    who = ", ".join(f"seat {s}: {b}" for s, b in enumerate(record.bots))
    if viewer is None:
        seen = ("This game is finished, so this page shows everything: every move in full, "
                "hidden choices included; each board as the seat to act saw it.")
    else:
        name = "the public (a spectator)" if viewer == PUBLIC else f"seat {viewer}"
        seen = (f"The game as {name} saw it: its boards, and the other seats' moves as it "
                "learned them (sealed choices only named).")
    options = "".join(f", {k}={v}" for k, v in record.options.items())
    seed = f", seed {record.seed}" if viewer is None else ""
    body = (
        f"<h1>{html.escape(record.game)}: {record.num_players} players{html.escape(options)}"
        f"{seed}</h1>"
        f"<div class='note'>{html.escape(who)}. Final scores: "
        f"{', '.join(f'{s:g}' for s in data['scores'])}. {html.escape(seen)}</div>"
        "<div class='bar'><button id='first'>|&lt;</button><button id='prev'>&lt; step</button>"
        "<button id='play'>play</button><button id='next'>step &gt;</button>"
        "<button id='last'>&gt;|</button><select id='speed'><option value='1000'>1 s</option>"
        "<option value='400' selected>0.4 s</option><option value='100'>0.1 s</option>"
        "</select><input id='slider' type='range' min='0' value='0' style='width:300px'>"
        "<span id='counter'></span></div><div id='move'></div>"
        "<div id='main'><div id='board'></div><div id='side'>"
        f"{score_plot(data['frames'], record.num_players)}<div id='log'></div></div></div>"
        f"<script id='data' type='application/json'>{json_for_script(data)}</script>"
    )
    return page(f"{record.game} replay", body, SCRIPT.replace("PLOT_W", "360"))
