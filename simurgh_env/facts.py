"""The facts of a Simurgh table that both its text (text.py) and its drawing (drawing.py)
tell: the names of resources, families, tiles, dragons and objectives, what effects and spaces
do, what a viewer knows of a tile (C25, C26) and so of a hand, and the tiles being drawn.
"""

from __future__ import annotations

import numpy as np

from simurgh_env.data import (
    CITY_SPACES,
    DRAGON_TYPES,
    OBJECTIVE_TILES,
    AbilityKind,
    CitySpecial,
    ObjectiveKind,
    Resource,
    TileFamily,
    Trigger,
)
from simurgh_env.engine import layout as L
from simurgh_env.engine.tables import (
    B_MARKERS,
    B_MIX,
    B_POWER,
    B_RIDERS,
    B_SPEARMEN,
    BW,
    E_COST,
    E_DRAW,
    E_DRAW_MARKERS,
    E_GAIN,
    E_NCOST,
    E_NGAIN,
    EFFECTS,
    EXPLORATION,
    MASK_FIRST,
    MASK_SECOND,
    N_CITY,
    N_FAMILIES,
    N_RES,
    N_TILES,
    ROW_ABILITY,
    ROW_CITY,
    ROW_SPACE,
    TILE_FAMILY,
    TILE_FIRST_SPACE,
    TILE_N_SPACES,
)
from tabletop_core.text import (
    PUBLIC,
    plural,
)

RESOURCE_NAMES = tuple(r.name.lower() for r in Resource)
FAMILY_NAMES = tuple(f.name.lower() for f in TileFamily)
TRIGGER_NAMES = {Trigger.VEGETABLE: "vegetable", Trigger.MEAT: "meat", Trigger.WISDOM: "wisdom",
                 Trigger.WEAPON: "weapon", Trigger.POWER: "PP",
                 Trigger.VEGETABLE_OR_MEAT: "vegetable or meat"}


def tile_name(tile: int) -> str:
    """An action tile as '#07 (production)'."""
    return f"#{tile + 1:02d} ({FAMILY_NAMES[TILE_FAMILY[tile]]})"


def dragon_name(dragon: int) -> str:
    """A dragon tile as 'dragon #53 (type 2)'."""
    return f"dragon #{dragon + 49} (type {dragon // 2})"


def bundle_text(row: int, column: int) -> str:
    """The contents of one bundle of an effect row, e.g. '2 wood + 1 stone + 3 PP'."""
    parts = [f"{EFFECTS[row, column + r]} {RESOURCE_NAMES[r]}" for r in range(N_RES)
             if EFFECTS[row, column + r]]
    for m in range(2):
        amount = int(EFFECTS[row, column + B_MIX + 2 * m])
        if amount:
            mask = EFFECTS[row, column + B_MIX + 2 * m + 1]
            parts.append(f"{amount} {RESOURCE_NAMES[MASK_FIRST[mask]]}/"
                         f"{RESOURCE_NAMES[MASK_SECOND[mask]]}")
    for offset, word in ((B_POWER, "PP"), (B_MARKERS, "marker(s)"),
                         (B_SPEARMEN, "spearman"), (B_RIDERS, "dragonrider")):
        if EFFECTS[row, column + offset]:
            parts.append(f"{EFFECTS[row, column + offset]} {word}")
    return " + ".join(parts) or "nothing"


def effect_text(row: int) -> str:
    """What an effect row does: 'pay 1 wood + 1 stone -> 2 weapon', options joined by 'or',
    then any dragon draw."""
    costs = [bundle_text(row, E_COST + k * BW) for k in range(int(EFFECTS[row, E_NCOST]))]
    gains = [bundle_text(row, E_GAIN + k * BW) for k in range(int(EFFECTS[row, E_NGAIN]))]
    text = " or ".join(gains)
    if EFFECTS[row, E_DRAW]:
        draw = (f"draw {int(EFFECTS[row, E_DRAW])} dragons, keep one with "
                f"{plural(int(EFFECTS[row, E_DRAW_MARKERS]), 'marker')}")
        text = f"{text} + {draw}" if text else draw
    text = text or "nothing"
    if costs:
        return f"pay {' or '.join(costs)} -> {text}"
    return text


def ability_text(dragon_type: int, slot: int) -> str:
    """A dragon ability in words, e.g. 'when gaining wisdom: +2 more' or an effect."""
    a = DRAGON_TYPES[dragon_type].abilities[slot]
    once = " (once)" if a.one_shot else ""
    if a.kind == AbilityKind.GAIN_BONUS:
        return f"when gaining {TRIGGER_NAMES[a.trigger]}: +{a.bonus} more{once}"
    if a.kind == AbilityKind.EXPLORE_EXTRA_MOVE:
        return f"move a dragonrider down once more this turn{once}"
    if a.kind == AbilityKind.OBJECTIVE_SWAP:
        return f"replace a face-up objective when placing one{once}"
    effect = effect_text(ROW_ABILITY + 3 * dragon_type + slot)
    if a.kind == AbilityKind.EXPLORE_MOVE_BONUS:
        return f"on each move down an exploration tile: {effect}{once}"
    if a.kind == AbilityKind.EXPLORE_ENTRY_BONUS:
        return f"on each move onto an exploration tile (entering or down): {effect}{once}"
    if a.kind == AbilityKind.SPEND_BONUS:
        vassal = "spearman" if a.trigger == Trigger.SPEARMAN_SPENT else "dragonrider"
        return f"when spending a {vassal}: {effect}{once}"
    if a.kind == AbilityKind.SCOUT_FACE_UP:
        return f"{effect.replace(' -> nothing', '')}: take a face-up Scouts' tile{once}"
    if a.kind == AbilityKind.SCOUT_FACE_DOWN:
        return f"{effect.replace(' -> nothing', '')}: take the top face-down tile{once}"
    return effect + once


def dragon_text(dragon: int) -> str:
    """A dragon with its three abilities."""
    t = dragon // 2
    return f"{dragon_name(dragon)}: " + "; ".join(
        f"{k + 1}) {ability_text(t, k)}" for k in range(3))


def objective_name(tile: int) -> str:
    """An objective tile as 'objective #75'."""
    return f"objective #{tile + 73}"


def objective_text(tile: int) -> str:
    """An objective with its condition and its PP by place."""
    o = OBJECTIVE_TILES[tile]
    if o.kind == ObjectiveKind.VEGETABLES_AND_MEAT:
        what = "most vegetables + meat"
    elif o.kind == ObjectiveKind.MARKERS_ON_ALL_DRAGONS:
        what = "most ability markers on all your dragons"
    else:
        what = "most ability markers on dragons of type " + "/".join(str(t) for t in
                                                                       o.dragon_types)
    places = "/".join(str(p) for p in o.points if p)
    return f"{objective_name(tile)} ({what}: {places} PP by place)"


def _space_row(state: np.ndarray, space: int) -> int:
    if space < N_CITY:
        return ROW_CITY + space
    area, i = divmod(space - L.WILDS_SPACE, L.SPACES_PER_AREA)
    return ROW_SPACE + int(TILE_FIRST_SPACE[int(state[L.AREA_TILE + area])]) + i


def space_effect(state: np.ndarray, space: int) -> str:
    """What a vassal on a board space does (a City space's procedure included)."""
    text = effect_text(_space_row(state, space))
    if space < N_CITY:
        special = CITY_SPACES[space].special
        if special == CitySpecial.SCOUTS_QUARTERS:
            text += ", then buy an action tile"
        elif special == CitySpecial.MONUMENT:
            text = "draw 3 objectives, you may place one at the Monument"
    elif TILE_FAMILY[int(state[L.AREA_TILE + (space - L.WILDS_SPACE) // 4])] == EXPLORATION:
        text = text.replace("pay", "move cost", 1)
    return text


def tile_text(tile: int) -> str:
    """An action tile with what each of its spaces does (the first one takes any number)."""
    first = int(TILE_FIRST_SPACE[tile])
    spaces = [effect_text(ROW_SPACE + first + i) for i in range(int(TILE_N_SPACES[tile]))]
    return f"{tile_name(tile)}: " + " | ".join(spaces)


def knows(state: np.ndarray, known_at: int, tile: int, viewer: int) -> bool:
    """Whether `viewer` knows the tile (PUBLIC: every seat of the game knows it)."""
    known = int(state[known_at + tile])
    if viewer == PUBLIC:
        everyone = (1 << int(state[L.NUM_PLAYERS])) - 1
        return known & everyone == everyone
    return (known >> viewer) & 1 == 1


def hand_tiles(state: np.ndarray, seat: int, viewer: int) -> tuple[list[int], list[int]]:
    """The tiles of `seat`'s hand the viewer knows, and the count of the others by family."""
    known, hidden = [], [0] * N_FAMILIES
    for tile in range(N_TILES):
        if state[L.TLOC + tile] == L.LOC_HAND and state[L.TIDX + tile] == seat:
            if seat == viewer or knows(state, L.TKNOWN, tile, viewer):
                known.append(tile)
            else:
                hidden[int(TILE_FAMILY[tile])] += 1
    return known, hidden


def drawn_lines(state: np.ndarray, viewer: int) -> list[str]:
    """Tiles being drawn or drafted, as far as the viewer knows them."""
    actor = int(state[L.ACTOR])
    phase = int(state[L.PHASE])
    lines = []
    if phase == L.ACTION_DRAFT:
        lines.append("Draft row: " + "; ".join(
            tile_text(int(t)) for t in state[L.DRAFT_ROW:L.DRAFT_ROW + 4] if t >= 0))
    if phase == L.POWER_DRAFT and viewer == actor:
        lines.append("Power tiles offered to you: " + "; ".join(
            tile_text(int(t)) for t in state[L.OPTIONS:L.OPTIONS + int(state[L.OPTIONS_N])]))
    if phase == L.DRAGON_PICK and viewer >= 0:
        drawn = state[L.SETUP_DRAWN + viewer * 3:L.SETUP_DRAWN + viewer * 3 + 3]
        lines.append("Dragons you drew: " + "; ".join(dragon_text(int(d)) for d in drawn))
    dragons = [int(d) for d in state[L.DDRAW:L.DDRAW + int(state[L.DDRAW_N])]]
    if dragons:
        seen = [dragon_text(d) for d in dragons if knows(state, L.DKNOWN, d, viewer)]
        lines.append(f"{'You' if viewer == actor else f'Player {actor}'} drew "
                     f"{plural(len(dragons), 'dragon')}" + (": " + "; ".join(seen) if seen else ""))
    objectives = [int(o) for o in state[L.ODRAW:L.ODRAW + int(state[L.ODRAW_N])]]
    if objectives:
        seen = [objective_text(o) for o in objectives if knows(state, L.OKNOWN, o, viewer)]
        lines.append(f"{'You' if viewer == actor else f'Player {actor}'} drew "
                     f"{plural(len(objectives), 'objective')}"
                     + (": " + "; ".join(seen) if seen else ""))
    return lines
