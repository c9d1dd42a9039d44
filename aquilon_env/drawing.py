"""An SVG drawing of the Aquilon table for one viewer (a Lord, or the public spectator).

What it shows is what `text.render_text` tells that viewer, read through the same helpers:
the three taverns with their Dwarf cards, the Treasury, the Cognars still to recruit and the
Elite holders, and for each Lord the talions (in hand while the Lords bid; a position's value
once it is revealed, to its own Lord, or when the game is over), the army by column with its
ranks, Points, Occult symbols, runes and Pariah tokens, Malt, Cognars and the Bravery Value as
it would count now. Svara's look at the Era 2 deck is drawn for the Lord looking only.
"""

from __future__ import annotations

import numpy as np

from aquilon_env.data import (
    COGNARS,
    DWARF_ORDER,
    DWARVES,
    ELITES,
    ORDER_NAMES,
    SHIELD_TRACK,
    TAVERN_NAMES,
    Kind,
    Order,
)
from aquilon_env.engine import layout as L
from aquilon_env.engine.army import distinct_runes
from aquilon_env.engine.scoring import bravery_value
from aquilon_env.facts import (
    TALION_LEGEND,
    describe_card,
    header_lines,
    pending_lines,
    sorted_talions,
    talion_text,
)
from tabletop_core.svg import HIDDEN_FILL, MUTED, Drawing, clip, seat_colour, viewer_label

WIDTH = 1100
TOP = 248  # where the Lords' boards start
BOARD_H = 172
ORDER_COLOURS = ("#5d6d7e", "#f4d03f", "#58d68d", "#e59866", "#af7ac5")
TALION_FILL = {"b": "#e0b084", "g": "#f7dc6f", "x": "#aed6f1"}
KIND_FILL = {Kind.COLOURED: "#fdebd0", Kind.WHITE: "#ffffff", Kind.BLACK: "#566573",
             Kind.ALLY: "#d6eaf8"}
SLOT_NAMES = ("Tankard", "Grognard", "Halberd", "purse", "purse")


def size(num_players: int) -> tuple[int, int]:
    """Width and height of the drawing for a number of Lords."""
    return WIDTH, TOP + num_players * (BOARD_H + 8) + 4


def _card(d: Drawing, x: float, y: float, card: int, w: float = 62, h: float = 46) -> None:
    dwarf = DWARVES[card]
    d.rect(x, y, w, h, fill=ORDER_COLOURS[dwarf.order], stroke="#444444", rx=4)
    d.text(x + 3, y + 11, ORDER_NAMES[dwarf.order][:4], size=8)
    value = str(dwarf.points) if dwarf.order != Order.SHIELD else f"{dwarf.ranks}r"
    d.text(x + w - 4, y + h / 2 + 6, value, size=15, weight="bold", anchor="end")
    marks = "|" * dwarf.ranks
    marks += " M" * dwarf.malt + " O" * dwarf.occult + (f" R{dwarf.rune}" if dwarf.rune else "")
    d.text(x + 4, y + h - 8, marks, size=10)


def _column_values(state: np.ndarray, seat: int) -> list[tuple[int, str]]:
    """Per column: the Bravery it adds now and how (rulebook p. 13)."""
    col = seat * 5
    ranks = [int(state[L.COL_RANKS + col + c]) for c in range(5)]
    points = [int(state[L.COL_POINTS + col + c]) for c in range(5)]
    flat = [int(state[L.COL_FLAT + col + c]) for c in range(5)]
    occult = int(state[L.OCCULT + seat])
    runes = int(distinct_runes(state, seat))
    shield = int(SHIELD_TRACK[min(ranks[Order.SHIELD], len(SHIELD_TRACK) - 1)])
    wand = int(state[L.WAND_VISIBLE + seat]) + points[Order.WANDERERS]
    out = [
        (shield, f"track {shield}"),
        (points[Order.TEMPLE] * occult, f"{points[Order.TEMPLE]} x {occult} Occult"),
        (wand, f"{wand} uncovered"),
        (points[Order.FORGE] + runes * runes, f"{points[Order.FORGE]} + {runes}\u00b2 runes"),
        (points[Order.TALION], f"{points[Order.TALION]}"),
    ]
    return [(v + flat[c], how + (f" +{flat[c]} black" if flat[c] else ""))
            for c, (v, how) in enumerate(out)]


def _talions(d: Drawing, state: np.ndarray, seat: int, viewer: int, x: float, y: float) -> None:
    """As the text's Lord lines: in hand while bidding (its own bid shown to the Lord), else
    each position, '?' until revealed."""
    phase = int(state[L.PHASE])
    own = seat == viewer or phase == L.OVER
    in_hand = phase == L.BID and not (seat == viewer and state[L.BID_DONE + seat])
    for pos in range(L.TALIONS):
        if in_hand:
            label, where = sorted_talions(state, seat)[pos], "in hand"
        elif own or state[L.TAL_KNOWN + seat * L.TALIONS + pos]:
            label, where = talion_text(state, seat, pos), SLOT_NAMES[pos]
        else:
            label, where = "?", SLOT_NAMES[pos]
        fill = TALION_FILL.get(label[-1], HIDDEN_FILL)
        d.chip(x + pos * 46, y, 40, 26, label, fill, size=12)
        d.text(x + pos * 46 + 20, y + 37, where, size=8, fill=MUTED, anchor="middle")
    d.text(x, y + 52, "talions held: " + " ".join(sorted_talions(state, seat)), size=10)


def _army(d: Drawing, state: np.ndarray, seat: int, x: float, y: float) -> None:
    columns: list[list[str]] = [[] for _ in range(5)]
    wanderer = 0
    for k in range(int(state[L.ARMY_COUNT + seat])):
        card = int(state[L.ARMY + seat * L.MAX_ARMY + k])
        order = int(DWARF_ORDER[card])
        if order == Order.WANDERERS:
            covered = state[L.WAND_COVERED + seat * L.MAX_WANDERERS + wanderer]
            wanderer += 1
            columns[order].append(f"{DWARVES[card].points}" + ("P" if covered else ""))
        else:
            dwarf = DWARVES[card]
            columns[order].append(f"{dwarf.ranks}r" if order == Order.SHIELD else str(dwarf.points))
    for c, cognar in enumerate(COGNARS):
        if state[L.COGNAR_OWNER + c] == seat and cognar.kind != Kind.WHITE:
            column = cognar.order if cognar.kind == Kind.COLOURED else int(
                state[L.COGNAR_COLUMN + c])
            if column >= 0:
                columns[column].append(cognar.name[:5])
    values = _column_values(state, seat)
    w = 150
    for c in range(5):
        cx = x + c * (w + 6)
        d.rect(cx, y, w, 96, fill=ORDER_COLOURS[c], stroke="#666666", rx=4, fill_opacity=0.35)
        ranks = int(state[L.COL_RANKS + seat * 5 + c])
        d.text(cx + 4, y + 13, f"{ORDER_NAMES[c]}: {ranks} rank{'s' * (ranks != 1)}", size=10,
               weight="bold")
        value, how = values[c]
        d.text(cx + w - 4, y + 13, str(value), size=12, weight="bold", anchor="end")
        d.text(cx + 4, y + 26, clip(how, 28), size=9, fill="#333333")
        px, row = cx + 4, 0
        for label in columns[c]:
            covered = label.endswith("P") and c == Order.WANDERERS
            text = label.rstrip("P") if c == Order.WANDERERS else label
            cw = 8 + 6 * len(text)
            if px + cw > cx + w - 2:
                px, row = cx + 4, row + 1
            if row > 3:
                break
            fill = "#7b241c" if covered else "#ffffff"
            d.chip(px, y + 32 + row * 16, cw, 14, text, fill,
                   ink="#ffffff" if covered else "#222222", size=9)
            px += cw + 2


def render_svg(state: np.ndarray, viewer: int = -1) -> str:
    """The table as `viewer` sees it (a seat, or -1 for the public view), as an SVG string."""
    n = int(state[L.NUM_PLAYERS])
    width, height = size(n)
    phase = int(state[L.PHASE])
    actor = int(state[L.ACTOR])
    d = Drawing(width, height, f"Dwarves of Aquilon, {viewer_label(viewer)}")
    pending = [] if phase == L.OVER else pending_lines(state, viewer)
    d.header([
        f"Dwarves of Aquilon \u2014 {viewer_label(viewer)}",
        clip(" ".join([*header_lines(state, viewer), *pending]), 170),
        f"Era 1 deck {int(state[L.DECK1_LEN] - state[L.DECK1_POS])} cards, Era 2 deck "
        f"{int(state[L.DECK2_LEN] - state[L.DECK2_POS])}; Pariah tokens left "
        f"{int(state[L.PARIAH_FREE])}.  {TALION_LEGEND}",
    ])
    for t in range(3):
        x = 10 + t * 290
        active = phase not in (L.BID, L.OVER) and t == int(state[L.TAVERN])
        d.panel(x, 74, 280, 72, TAVERN_NAMES[t] + ("  (resolving)" if active else ""),
                "#6e2c00" if active else "#a04000", highlight=active)
        for k in range(L.MAX_TAVERN_CARDS):
            card = int(state[L.TAVERN_CARDS + t * L.MAX_TAVERN_CARDS + k])
            if card >= 0:
                _card(d, x + 6 + k * 54, 98, card, w=50)
    d.panel(880, 74, 210, 72, "Royal Treasury", "#7d6608")
    stock = [f"{v}x{int(state[L.TREASURY + v])}" for v in range(5, 26) if state[L.TREASURY + v]]
    for row in range(3):
        d.text(888, 110 + row * 14, "  ".join(stock[row * 6:row * 6 + 6]), size=10)
    d.panel(10, 154, 1080, 86, "Cognars to recruit", "#424949")
    free = [c for c in range(len(COGNARS) - 1) if state[L.COGNAR_OWNER + c] < 0]
    for k, c in enumerate(free):
        row, place = divmod(k, 11)
        cognar = COGNARS[c]
        dark = cognar.kind == Kind.BLACK
        label = f"{cognar.name} {cognar.points or ''}".strip()
        d.chip(16 + place * 97, 178 + row * 20, 93, 17, label, KIND_FILL[cognar.kind],
               ink="#ffffff" if dark else "#222222", size=9)
    holders = [f"{e.name} ({ORDER_NAMES[e.order]}): Lord {int(state[L.ELITE_OWNER + i])}"
               for i, e in enumerate(ELITES) if state[L.ELITE_OWNER + i] >= 0]
    d.text(16, 234, clip("Elites: " + ("; ".join(holders) or "none held yet"), 170), size=10)
    for seat in range(n):
        _board(d, state, seat, viewer, TOP + seat * (BOARD_H + 8), actor)
    if viewer >= 0 and phase == L.SVARA and actor == viewer:
        _svara(d, state)
    return d.to_svg()


def _board(d: Drawing, state: np.ndarray, seat: int, viewer: int, y: float, actor: int) -> None:
    you = " (you)" if seat == viewer else ""
    bid = ""
    if int(state[L.PHASE]) == L.BID:
        bid = ", bid placed" if state[L.BID_DONE + seat] else ", bidding"
    title = (f"Lord {seat}{you}: Bravery {int(bravery_value(state, seat))}, gem "
             f"{int(state[L.GEMS + seat])}{bid}" + ("  \u25c0 to act" if seat == actor else ""))
    d.panel(10, y, 1080, BOARD_H, title, seat_colour(seat), highlight=seat == actor)
    _talions(d, state, seat, viewer, 20, y + 30)
    _army(d, state, seat, 262, y + 28)
    runes = int(distinct_runes(state, seat))
    d.text(20, y + 104, f"Malt {int(state[L.MALT + seat])}   Occult {int(state[L.OCCULT + seat])}"
           f"   runes {runes}", size=11)
    tokens = int(state[L.WAND_COVERED_COUNT + seat])
    d.text(20, y + 120, f"Pariah tokens on Wanderers: {tokens}", size=11)
    owned = [c.name for i, c in enumerate(COGNARS) if state[L.COGNAR_OWNER + i] == seat]
    elites = [e.name for i, e in enumerate(ELITES) if state[L.ELITE_OWNER + i] == seat]
    if state[L.LIQUOR_OWNER] == seat:
        elites.append("Liquor Certification")
    d.text(20, y + 140, clip("Cognars: " + (", ".join(owned) or "-"), 44), size=10)
    d.text(20, y + 156, clip("Elites: " + (", ".join(elites) or "-"), 44), size=10)
    d.text(262, y + 140, "P = Wanderers card under a Pariah token (counts 0); | = rank, "
           "M = Malt, O = Occult, R = rune", size=9, fill=MUTED)


def _svara(d: Drawing, state: np.ndarray) -> None:
    count = int(state[L.SVARA_COUNT])
    top = int(state[L.DECK2_POS])
    d.panel(600, 154, 490, 86, "Svara shows you the top of the Era 2 deck", "#117864", True)
    for k in range(count):
        card = int(state[L.DECK2 + top + k])
        _card(d, 610 + k * 94, 180, card, w=88, h=50)
        d.text(610 + k * 94, 238, clip(describe_card(card), 20), size=7)
