"""An SVG drawing of the Simurgh table for one viewer (a seat, or the public spectator).

It shows the board as that viewer knows it: the City spaces and the Wilds areas with what each
space costs and gives and whose vassals stand there, Scouts' Quarters, the Monument, the
Chronicle and the stacks, and each seat's PP, score as it would count now, resources,
vassals, dragons with their ability markers, and hand. A tile, dragon or objective is named
only when the viewer knows it (its knowledge bit, or public for the spectator); other hand
tiles are drawn as backs counted by family, which every seat sees (C25), never in an order
that would tell their numbers.
"""

from __future__ import annotations

import numpy as np

from simurgh_env.data import CITY_SPACES, WILDS_AREAS
from simurgh_env.engine import layout as L
from simurgh_env.engine.scoring import final_score
from simurgh_env.engine.tables import (
    BW,
    E_GAIN,
    E_NGAIN,
    EFFECTS,
    N_AREAS,
    N_DRAGONS,
    N_MONUMENT,
    N_RES,
    N_SLOTS,
    ROW_AREA,
    ROW_SPACE,
    TILE_FAMILY,
    TILE_FIRST_SPACE,
    TILE_N_SPACES,
)
from simurgh_env.facts import (
    FAMILY_NAMES,
    RESOURCE_NAMES,
    bundle_text,
    drawn_lines,
    effect_text,
    hand_tiles,
    objective_name,
    space_effect,
    tile_name,
)
from tabletop_core.svg import HIDDEN_FILL, MUTED, Drawing, clip, seat_colour, viewer_label, wrap

WIDTH = 1200
TOP = 520
BOARD_H = 104
FAMILY_COLOURS = ("#abebc6", "#aed6f1", "#f9e79f", "#d7bde2", "#f5cba7")
RESOURCE_FILL = ("#58d68d", "#ec7063", "#a04000", "#95a5a6", "#5dade2", "#34495e")

def size(num_players: int) -> tuple[int, int]:
    """Width and height of the drawing for a number of players."""
    return WIDTH, TOP + num_players * (BOARD_H + 8) + 4

def _vassals(d: Drawing, state: np.ndarray, space: int, x: float, y: float, n: int) -> None:
    k = 0
    for seat in range(n):
        for kind, letter in ((0, "S"), (1, "D")):
            for _ in range(int(state[L.OCC + (seat * L.N_SPACES + space) * 2 + kind])):
                d.circle(x + 8 + k * 17, y, 7.5, fill=seat_colour(seat), stroke="#222222")
                d.text(x + 8 + k * 17, y + 3.5, letter, size=9, fill="#ffffff",
                       anchor="middle", weight="bold")
                k += 1

def _city(d: Drawing, state: np.ndarray, n: int) -> None:
    d.panel(10, 58, 1180, 150, "The City", "#6c3483")
    for space, city in enumerate(CITY_SPACES):
        row, col = divmod(space, 6)
        x, y = 16 + col * 196, 82 + row * 62
        d.rect(x, y, 190, 56, fill="#f4ecf7", stroke="#6c3483", rx=4)
        flags = (" (dragonriders)" if city.dragonrider_only else "") + (
            "" if city.multi else " (one)")
        d.text(x + 4, y + 13, clip(city.name + flags, 31), size=10, weight="bold")
        for k, line in enumerate(wrap([space_effect(state, space)], 38)[:2]):
            d.text(x + 4, y + 25 + k * 10, line, size=8)
        _vassals(d, state, space, x, y + 42, n)

def _wilds(d: Drawing, state: np.ndarray, viewer: int, n: int) -> None:
    d.panel(10, 214, 1180, 166, "The Wilds", "#1e8449")
    for area in range(N_AREAS):
        x, y = 16 + area * 196, 238
        tile = int(state[L.AREA_TILE + area])
        bonus = " or ".join(bundle_text(ROW_AREA + area, E_GAIN + k * BW)
                            for k in range(int(EFFECTS[ROW_AREA + area, E_NGAIN])))
        if tile == L.AREA_CLOSED:
            d.rect(x, y, 190, 136, fill=HIDDEN_FILL, stroke="#555555", rx=4)
            d.text(x + 4, y + 13, f"Area {area + 1}: covered", size=10, weight="bold")
            continue
        fill = FAMILY_COLOURS[TILE_FAMILY[tile]] if tile >= 0 else "#eafaf1"
        d.rect(x, y, 190, 136, fill=fill, stroke="#1e8449", rx=4)
        label = tile_name(tile) if tile >= 0 else "empty"
        d.text(x + 4, y + 13, f"Area {area + 1}: {label}", size=10, weight="bold")
        three = " (3+)" if WILDS_AREAS[area].three_plus_only else ""
        d.text(x + 4, y + 25, clip(f"bonus: {bonus}{three}", 36), size=8, fill="#333333")
        if tile < 0:
            continue
        for i in range(int(TILE_N_SPACES[tile])):
            space = L.WILDS_SPACE + area * L.SPACES_PER_AREA + i
            sy = y + 30 + i * 26
            d.rect(x + 3, sy, 184, 24, fill="#ffffff", stroke="#999999", rx=3, fill_opacity=0.7)
            d.text(x + 6, sy + 10, clip(space_effect(state, space), 42), size=7)
            _vassals(d, state, space, x + 2, sy + 17, n)

def _supply(d: Drawing, state: np.ndarray, viewer: int) -> None:
    d.panel(10, 386, 420, 126, "Scouts' Quarters", "#7e5109")
    for k in range(N_SLOTS):
        tile = int(state[L.SLOTS + k])
        x = 16 + k * 103
        fill = FAMILY_COLOURS[TILE_FAMILY[tile]] if tile >= 0 else "#ffffff"
        d.chip(x, 410, 98, 26, tile_name(tile) if tile >= 0 else "-", fill, size=9)
        if tile >= 0:
            row = ROW_SPACE + int(TILE_FIRST_SPACE[tile])
            d.text(x + 2, 448, clip(effect_text(row), 22), size=7)
    d.text(16, 470, f"action stack {int(state[L.STACK_N])}, dragons {int(state[L.DSTACK_N])}, "
           f"objectives {int(state[L.OSTACK_N])}; Chronicle {int(state[L.CHRONICLE_N])} tiles",
           size=10)
    if state[L.END_SEAT] >= 0:
        d.text(16, 488, f"end triggered by player {int(state[L.END_SEAT])}: "
               f"{int(state[L.FINAL_LEFT])} turn(s) left", size=10, weight="bold")
    d.panel(436, 386, 380, 126, "Dragonlord's Monument", "#1a5276")
    for k in range(N_MONUMENT):
        tile = int(state[L.MONUMENT + k])
        d.chip(442 + k * 74, 410, 70, 26, objective_name(tile)[10:] if tile >= 0 else "-",
               "#d6eaf8", size=10)
        d.text(442 + k * 74, 448, f"space {k + 1}", size=8, fill=MUTED)
    d.text(442, 470, "objectives by number (#73-#84)", size=9, fill=MUTED)
    _private(d, state, viewer)

def _private(d: Drawing, state: np.ndarray, viewer: int) -> None:
    """What is being drawn or drafted, as far as the viewer knows it (the text's lines)."""
    d.panel(822, 386, 368, 126, "Drawn and drafted", "#424949")
    lines = [] if int(state[L.PHASE]) == L.OVER else drawn_lines(state, viewer)
    for i, line in enumerate(wrap(lines, 66)[:6]):
        d.text(830, 424 + i * 14, line, size=9)
    if not lines:
        d.text(830, 424, "nothing being drawn now", size=10, fill=MUTED)

def _seat(d: Drawing, state: np.ndarray, seat: int, viewer: int, y: float) -> None:
    actor = int(state[L.ACTOR])
    you = " (you)" if seat == viewer else ""
    title = (f"Player {seat}{you}: {int(state[L.PP + seat])} PP, score now "
             f"{int(final_score(state, seat))}" + ("  \u25c0 to act" if seat == actor else ""))
    d.panel(10, y, 1180, BOARD_H, title, seat_colour(seat), highlight=seat == actor)
    for r in range(N_RES):
        x = 20 + r * 62
        d.chip(x, y + 28, 58, 22, f"{int(state[L.RES + seat * N_RES + r])}", RESOURCE_FILL[r],
               ink="#ffffff", size=12)
        d.text(x + 29, y + 60, RESOURCE_NAMES[r], size=8, fill=MUTED, anchor="middle")
    d.text(20, y + 80, f"spearmen {int(state[L.UNPLACED + seat * 2])} free of "
           f"{int(state[L.OWNED + seat * 2])}; dragonriders {int(state[L.UNPLACED + seat * 2 + 1])}"
           f" free of {int(state[L.OWNED + seat * 2 + 1])}", size=10)
    dragons = []
    for dragon in range(N_DRAGONS):
        if state[L.DLOC + dragon] == L.D_OWNED and state[L.DIDX + dragon] == seat:
            marks = "".join("\u00b7*x"[int(s)]
                            for s in state[L.DSLOT + dragon * 3:L.DSLOT + dragon * 3 + 3])
            dragons.append(f"#{dragon + 49} [{marks}]")
    d.text(20, y + 96, clip("dragons: " + (", ".join(dragons) or "-") +
                            "   (* ability marker, x used)", 80), size=10)
    known, backs = hand_tiles(state, seat, viewer)
    x = 420
    d.text(x, y + 40, "hand:", size=10, fill=MUTED)
    x += 34
    for t in known:
        if x > 1120:
            break
        d.chip(x, y + 28, 92, 20, tile_name(t), FAMILY_COLOURS[TILE_FAMILY[t]], size=8.5)
        x += 96
    backs_text = ", ".join(f"{c} {FAMILY_NAMES[f]}" for f, c in enumerate(backs) if c)
    if backs_text:
        d.text(454, y + 66, clip(f"face down (backs): {backs_text}", 90), size=10)

def render_svg(state: np.ndarray, viewer: int = -1) -> str:
    """The table as `viewer` sees it (a seat, or -1 for the public view), as an SVG string."""
    n = int(state[L.NUM_PLAYERS])
    width, height = size(n)
    actor = int(state[L.ACTOR])
    mode = ("Spearman", "Dragonlord")[int(state[L.MODE])]
    length = ("short", "medium", "long")[int(state[L.LENGTH])]
    d = Drawing(width, height, f"Simurgh, {viewer_label(viewer)}")
    status = "game over" if actor < 0 else f"player {actor} to act"
    d.header([f"Simurgh \u2014 {viewer_label(viewer)}",
              f"{mode} mode, {length} game; turn {int(state[L.TURN])}, phase "
              f"{L.PHASE_NAMES[int(state[L.PHASE])]}, {status}"])
    _city(d, state, n)
    _wilds(d, state, viewer, n)
    _supply(d, state, viewer)
    for seat in range(n):
        _seat(d, state, seat, viewer, TOP + seat * (BOARD_H + 8))
    return d.to_svg()

