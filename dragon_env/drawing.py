"""An SVG drawing of the Dragon's Interest table for one viewer (a seat, or the public).

It shows what `text.render_text` tells that viewer: the Mountain (each stack's face-up tile,
its face-down count and the public multiset of what is left in it, the Dragon's place), the
round and step, and each kingdom: Buildings per type with the interest of the Contracts tucked
under them, points, the Contracts still in hand, the Contract revealed this round and the
latest turn's chest or auction. Gold, Knights, chests and sealed choices are told through the
facts module (facts.py) the text uses too: Gold and Knights exact for the viewer's own seat,
for another seat what the viewer can count of it (and the lower bound it has proven), none in
the public view, everyone's once the game is over; a shut Treasure Chest's amount only to the
offerer and the target; a committed but unrevealed choice only to the seat that made it.
"""

from __future__ import annotations

import math

import numpy as np

from dragon_env.data import BUILDINGS, CONTRACTS
from dragon_env.engine import layout as L
from dragon_env.engine.ledger import total_holdings
from dragon_env.engine.scoring import points
from dragon_env.engine.tables import NUM_TYPES, STACK_SIZE
from dragon_env.facts import (
    amount_text,
    contract_text,
    describe_tile,
    money_text,
    pending_text,
    turn_lines,
)
from tabletop_core.svg import HIDDEN_FILL, MUTED, Drawing, clip, seat_colour, viewer_label, wrap

WIDTH = 1100
TOP = 350
BOARD_H = 118
TYPE_COLOURS = ("#909497", "#5dade2", "#f5b041", "#af601a", "#cd6155", "#52be80")


def size(num_players: int) -> tuple[int, int]:
    """Width and height of the drawing for a number of players."""
    return WIDTH, TOP + num_players * (BOARD_H + 8) + 4


def _ring(state: np.ndarray) -> list[int]:
    return [t for t in range(NUM_TYPES)
            if state[L.STACK_TOP + t] < STACK_SIZE or state[L.SLOT + t] >= 0]


def _mountain(d: Drawing, state: np.ndarray) -> None:
    d.panel(10, 58, 700, 284, "The Mountain", "#6e2c00")
    ring = _ring(state)
    cx, cy, radius = 360, 205, 100
    d.circle(cx, cy, 46, fill="#a04000", stroke="#6e2c00")
    d.text(cx, cy + 4, f"Round {int(state[L.ROUND])}", size=12, fill="#ffffff", anchor="middle")
    for i, t in enumerate(ring):
        angle = -math.pi / 2 + 2 * math.pi * i / len(ring)
        x, y = cx + radius * 1.9 * math.cos(angle) - 70, cy + radius * math.sin(angle) - 26
        d.rect(x, y, 140, 56, fill=TYPE_COLOURS[t], stroke="#444444", rx=5, fill_opacity=0.85)
        tile = int(state[L.SLOT + t])
        d.text(x + 5, y + 14, clip(f"{BUILDINGS[t].name}: {describe_tile(tile)}", 23), size=10,
               weight="bold")
        d.text(x + 5, y + 28, f"{STACK_SIZE - int(state[L.STACK_TOP + t])} face down", size=9)
        d.text(x + 5, y + 41, f"left: {int(state[L.REM_BUILDINGS + t])} bldg "
               f"({int(state[L.REM_GOLD + t])} Gold)", size=9)
        d.text(x + 5, y + 52, f"{int(state[L.REM_CALENDARS + t])} calendar, "
               f"{int(state[L.REM_INVASIONS + t])} invasion", size=9)
    if ring:
        k = int(state[L.DRAGON]) % len(ring)
        angle = -math.pi / 2 + 2 * math.pi * (k - 0.5) / len(ring)
        x, y = cx + radius * 1.25 * math.cos(angle), cy + radius * 0.8 * math.sin(angle)
        d.circle(x, y, 14, fill="#1c2833", stroke="#f4d03f", stroke_width=2)
        d.text(x, y + 4, "D", size=12, fill="#f4d03f", weight="bold", anchor="middle")
    if state[L.NO_INTEREST]:
        d.text(20, 334, "Generous Dragon: no interest this round", size=11, weight="bold")


def _table(d: Drawing, state: np.ndarray, viewer: int) -> None:
    """The step in progress, as the text tells it to `viewer`: the latest turn (chest or
    auction), the viewer's own sealed choice, the public totals."""
    step = int(state[L.STEP])
    d.panel(720, 58, 370, 284, "This round", "#424949")
    order = [str(int(s)) for s in state[L.ORDER:L.ORDER + int(state[L.ORDER_LEN])]]
    chest = [int(state[L.CHEST_X]) if c == int(state[L.CHEST_CURRENCY]) else 0
             for c in range(2)]
    lines = [f"step: {L.STEP_NAMES[step]}", f"Start Player: {int(state[L.START])}",
             "pick order: " + (", ".join(order) or "-"),
             "public totals (a shut chest included): " + ", ".join(
                 amount_text(int(total_holdings(state, c)) + chest[c], c) for c in range(2)),
             *turn_lines(state, viewer)]
    if viewer >= 0 and int(state[L.PENDING + viewer]) >= 0 and step != L.OVER:
        lines.append(f"your sealed choice: {pending_text(state, viewer)}")
    for i, line in enumerate(wrap(lines, 56)[:16]):
        d.text(730, 96 + i * 15, line, size=11)


def _kingdom(d: Drawing, state: np.ndarray, seat: int, viewer: int, y: float) -> None:
    actor = int(state[L.ACTOR])
    you = " (you)" if seat == viewer else ""
    bankrupt = "  BANKRUPT" if state[L.BANKRUPT + seat] else ""
    title = (f"Player {seat}{you}: {int(points(state, seat))} points{bankrupt}"
             + ("  \u25c0 to act" if seat == actor else ""))
    d.panel(10, y, 1080, BOARD_H, title, seat_colour(seat), highlight=seat == actor)
    over = int(state[L.STEP]) == L.OVER
    for k, line in enumerate(money_text(state, seat, viewer, over).split(", ")):
        hidden = "hidden" in line
        d.chip(20, y + 28 + k * 26, 180, 22, line, HIDDEN_FILL if hidden else "#fcf3cf",
               size=11)
    for i, t in enumerate(_ring(state)):
        x = 214 + i * 98
        built = int(state[L.BLD + seat * NUM_TYPES + t])
        d.rect(x, y + 28, 92, 48, fill=TYPE_COLOURS[t], stroke="#555555", rx=4,
               fill_opacity=0.6)
        d.text(x + 4, y + 41, BUILDINGS[t].name, size=9, weight="bold")
        d.text(x + 88, y + 62, str(built), size=18, weight="bold", anchor="end")
        d.text(x + 4, y + 71, f"interest {int(state[L.TUCK + seat * NUM_TYPES + t])}", size=8)
    hand = [c for c in range(len(CONTRACTS)) if (int(state[L.HAND + seat]) >> c) & 1]
    for k, c in enumerate(hand):
        d.chip(214 + k * 40, y + 84, 36, 22, "J" if c == 0 else str(CONTRACTS[c].value),
               "#fdfefe", size=11)
    notes = [contract_text(state, seat).removeprefix("; ")] if state[L.REVEALED + seat] >= 0 \
        else []
    if state[L.BUILT_GOLD + seat]:
        notes.append(f"built a tile worth {int(state[L.BUILT_GOLD + seat])} Gold")
    if int(state[L.PENDING + seat]) >= 0 and seat != viewer:
        notes.append("has committed a sealed choice")
    for k, note in enumerate(notes[:3]):
        d.text(820, y + 96 + k * 13 - 13 * (len(notes) - 1), clip(note, 42), size=10)
    d.text(20, y + 100, "Contracts in hand:", size=10, fill=MUTED)


def render_svg(state: np.ndarray, viewer: int = -1) -> str:
    """The table as `viewer` sees it (a seat, or -1 for the public view), as an SVG string."""
    n = int(state[L.NUM_PLAYERS])
    width, height = size(n)
    actor = int(state[L.ACTOR])
    d = Drawing(width, height, f"Dragon's Interest, {viewer_label(viewer)}")
    status = "game over" if actor < 0 else f"player {actor} to act"
    d.header([f"Dragon's Interest \u2014 {viewer_label(viewer)}",
              f"Round {int(state[L.ROUND])}, step {L.STEP_NAMES[int(state[L.STEP])]}, {status}"])
    _mountain(d, state)
    _table(d, state, viewer)
    for seat in range(n):
        _kingdom(d, state, seat, viewer, TOP + seat * (BOARD_H + 8))
    return d.to_svg()

