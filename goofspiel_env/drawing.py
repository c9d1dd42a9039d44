"""SVG drawing of the Goofspiel table for a viewer: the prize, then one row per seat with its
points and the cards it holds as far as the viewer may know them; the viewer's own sealed bid
is outlined."""

from __future__ import annotations

import numpy as np

from goofspiel_env.engine import layout as L
from goofspiel_env.text import card_name
from tabletop_core.svg import HIDDEN_FILL, MUTED, Drawing, seat_colour, viewer_label

WIDTH = 40 + 30 * L.C + 120
ROW = 44
TOP = 110


def size(num_players: int) -> tuple[int, int]:
    """(width, height) of the drawing of a table of `num_players`."""
    return WIDTH, TOP + num_players * ROW + 10


def render_svg(state: np.ndarray, viewer: int = -1) -> str:
    """The table as `viewer` sees it (a seat, or -1 for the public view), as an SVG string."""
    n = int(state[L.NUM_PLAYERS])
    cards = int(state[L.NUM_CARDS])
    actor = int(state[L.ACTOR])
    d = Drawing(*size(n), f"Goofspiel, {viewer_label(viewer)}")
    status = "game over" if actor < 0 else (
        f"prize {card_name(int(state[L.PRIZE]))} up for bid, player {actor} to bid")
    d.header([f"Goofspiel \u2014 {viewer_label(viewer)}",
              f"Turn {int(state[L.TURN]) + (actor >= 0)} of {int(state[L.NUM_TURNS])}, {status}"])
    for seat in range(n):
        y = TOP + seat * ROW
        d.text(20, y + 18, f"P{seat}: {int(state[L.POINTS + seat])}", fill=seat_colour(seat))
        seen = seat == viewer or not state[L.IMP_INFO] or actor < 0
        for c in range(cards):
            held = state[L.HANDS + seat * L.C + c]
            if not seen:
                d.chip(110 + 30 * c, y, 26, 26, "", HIDDEN_FILL)
            elif held:
                sealed = seat == viewer and state[L.PENDING + seat] == c
                d.chip(110 + 30 * c, y, 26, 26, card_name(c), seat_colour(seat),
                       stroke="#000000" if sealed else "#555555")
            else:
                d.text(118 + 30 * c, y + 18, "\u00b7", fill=MUTED)
    return d.to_svg()
