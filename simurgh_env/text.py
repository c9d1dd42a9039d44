"""Words for actions and a text picture of the table, each written for a viewer.

A viewer is a seat 0..n-1 or `PUBLIC` (-1, what every seat sees; tabletop_core.text). A seat
sees the tiles it knows: its own hand, tiles it drew, drafted or saw (C26); of the other hands
it sees the tiles it knows by name and the others only by family, counted (C25: tile backs are
public), never in an order that would tell which ones they are. Power tiles are never shown to
another seat unless it knows them. Everyone sees the board, Scouts' Quarters, the Monument,
owned dragons and every seat's resources, PP and vassals.
"""

from __future__ import annotations

import numpy as np

from simurgh_env.data import (
    CITY_SPACES,
    DRAGON_TYPES,
    MONUMENT_SPACES,
    OBJECTIVE_TILES,
    SCOUT_SLOTS,
    AbilityKind,
    CitySpecial,
    ObjectiveKind,
    Resource,
    TileFamily,
    Trigger,
)
from simurgh_env.engine import NUM_ACTIONS, legal_mask
from simurgh_env.engine import layout as L
from simurgh_env.engine.scoring import final_score
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
    N_AREAS,
    N_CITY,
    N_DRAGONS,
    N_FAMILIES,
    N_RES,
    N_TILES,
    ROW_ABILITY,
    ROW_AREA,
    ROW_CITY,
    ROW_SPACE,
    TILE_FAMILY,
    TILE_FIRST_SPACE,
    TILE_N_SPACES,
)
from tabletop_core.text import (
    FINISHED_HEADER,
    PUBLIC,
    check_viewer,
    listing,
    plural,
    require_legal,
    seat_title,
)

RESOURCE_NAMES = tuple(r.name.lower() for r in Resource)
FAMILY_NAMES = tuple(f.name.lower() for f in TileFamily)
KIND_NAMES = ("spearman", "dragonrider")
TRIGGER_NAMES = {Trigger.VEGETABLE: "vegetable", Trigger.MEAT: "meat", Trigger.WISDOM: "wisdom",
                 Trigger.WEAPON: "weapon", Trigger.POWER: "PP",
                 Trigger.VEGETABLE_OR_MEAT: "vegetable or meat"}
SLOT_LEGEND = "dragon slots: . empty, * ability marker, x closed"


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


def space_name(state: np.ndarray, space: int) -> str:
    """A board space in words: a City space or a space of a Wilds tile."""
    if space < N_CITY:
        return CITY_SPACES[space].name
    area = (space - L.WILDS_SPACE) // L.SPACES_PER_AREA
    i = (space - L.WILDS_SPACE) % L.SPACES_PER_AREA
    tile = int(state[L.AREA_TILE + area])
    where = f"area {area + 1}"
    if tile < 0:
        return f"{where}, space {i + 1}"
    return f"{where} {tile_name(tile)}, space {i + 1}"


def tile_text(tile: int) -> str:
    """An action tile with what each of its spaces does (the first one takes any number)."""
    first = int(TILE_FIRST_SPACE[tile])
    spaces = [effect_text(ROW_SPACE + first + i) for i in range(int(TILE_N_SPACES[tile]))]
    return f"{tile_name(tile)}: " + " | ".join(spaces)


def _frame(state: np.ndarray) -> int:
    return L.FRAMES + (int(state[L.DEPTH]) - 1) * L.FW


def _option_text(state: np.ndarray, k: int) -> str:
    row = int(state[_frame(state) + L.F_EFFECT])
    if int(state[L.PHASE]) == L.COST_OPTION:
        return f"pay {bundle_text(row, E_COST + k * BW)}"
    return f"take {bundle_text(row, E_GAIN + k * BW)}"


def _mix_text(state: np.ndarray, first: int) -> str:
    f = _frame(state)
    row = int(state[f + L.F_EFFECT])
    paying = int(state[f + L.F_STEP]) == L.ST_COST_MIX
    column = E_COST + int(state[f + L.F_COST]) * BW if paying else (
        E_GAIN + int(state[f + L.F_GAIN]) * BW)
    m = int(state[f + L.F_MIX])
    amount = int(EFFECTS[row, column + B_MIX + 2 * m])
    mask = EFFECTS[row, column + B_MIX + 2 * m + 1]
    verb = "pay" if paying else "take"
    return (f"{verb} {first} {RESOURCE_NAMES[MASK_FIRST[mask]]} and {amount - first} "
            f"{RESOURCE_NAMES[MASK_SECOND[mask]]}")


def _pick_text(state: np.ndarray, k: int) -> str:
    phase = int(state[L.PHASE])
    if phase == L.POWER_DRAFT:
        return f"keep power tile {tile_text(int(state[L.OPTIONS + k]))}"
    if phase == L.ACTION_DRAFT:
        return f"take {tile_text(int(state[L.DRAFT_ROW + k]))} from the draft row"
    if phase == L.DRAGON_PICK:
        seat = int(state[L.ACTOR])
        return f"keep {dragon_text(int(state[L.SETUP_DRAWN + seat * 3 + k]))}"
    if phase == L.KEEP:
        return f"keep {dragon_text(int(state[L.DDRAW + k]))}"
    return f"place {objective_text(int(state[L.ODRAW + k]))} at the Monument"


def _returned(state: np.ndarray, k: int) -> str:
    if int(state[_frame(state) + L.F_STEP]) == L.ST_RETURN_DRAGONS:
        return dragon_name(int(state[L.DDRAW + k]))
    return objective_name(int(state[L.ODRAW + k]))


def _pass_text(phase: int) -> str:
    return {
        L.RETRIEVE: "stop retrieving",
        L.BONUS: "use no (more) bonus ability",
        L.MON_PICK: "place no objective",
        L.EXTRA_MOVE: "make no extra move",
    }[phase]


def _describe(state: np.ndarray, action: int) -> str:
    phase = int(state[L.PHASE])
    if action < L.A_RETRIEVE:
        space, kind = divmod(action - L.A_PLACE, 2)
        return (f"place a {KIND_NAMES[kind]} on {space_name(state, space)}: "
                f"{space_effect(state, space)}")
    if action < L.A_PLAY_TILE:
        space, kind = divmod(action - L.A_RETRIEVE, 2)
        return f"retrieve a {KIND_NAMES[kind]} from {space_name(state, space)}"
    if action < L.A_AREA:
        return f"place {tile_text(action - L.A_PLAY_TILE)} in the Wilds"
    if action < L.A_MOVE:
        area = action - L.A_AREA
        there = int(state[L.AREA_TILE + area])
        clear = f", paying 1 weapon to clear {tile_name(there)}" if there >= 0 else ""
        return (f"put the tile on Wilds area {area + 1} (bonus "
                f"{effect_text(ROW_AREA + area)}){clear}")
    if action < L.A_ABILITY:
        area = action - L.A_MOVE
        return f"move the dragonrider down on Wilds area {area + 1}"
    if action < L.A_OPTION:
        dragon, slot = divmod(action - L.A_ABILITY, 3)
        return (f"use ability {slot + 1} of {dragon_name(dragon)}: "
                f"{ability_text(dragon // 2, slot)}")
    if action < L.A_MIX:
        return _option_text(state, action - L.A_OPTION)
    if action < L.A_RESOURCE:
        return _mix_text(state, action - L.A_MIX)
    if action < L.A_MARKER:
        resource = RESOURCE_NAMES[action - L.A_RESOURCE]
        if phase == L.BONUS_KIND:
            return f"take the bonus as 1 {resource}"
        return f"return 1 {resource} to the supply"
    if action < L.A_REMOVE_MARKER:
        return f"put the marker on {dragon_name(action - L.A_MARKER)}"
    if action < L.A_SPEND:
        dragon, slot = divmod(action - L.A_REMOVE_MARKER, 3)
        return f"remove the marker of ability {slot + 1} of {dragon_name(dragon)}"
    if action < L.A_PICK:
        return f"spend the vassal on {space_name(state, action - L.A_SPEND)}"
    if action < L.A_RETURN_TOP:
        return _pick_text(state, action - L.A_PICK)
    if action < L.A_OBJ_SPACE:
        top = action < L.A_RETURN_BOTTOM
        k = action - (L.A_RETURN_TOP if top else L.A_RETURN_BOTTOM)
        return f"return {_returned(state, k)} {'on top of' if top else 'under'} its stack"
    if action < L.A_SCOUT:
        space = action - L.A_OBJ_SPACE
        m = MONUMENT_SPACES[space]
        cost = ", ".join(f"{v} {RESOURCE_NAMES[r]}" for r, v in enumerate(m.cost.resources) if v)
        swap = " (objective swap)" if state[L.MONUMENT + space] >= 0 else ""
        return (f"put the objective on Monument space {space + 1} (pay {cost or 'nothing'}, "
                f"gain {m.power} PP){swap}")
    if action < L.A_DISCARD_TOP:
        k = action - L.A_SCOUT
        if k == L.N_SCOUT_CHOICES - 1:
            return "take the top face-down tile of the action stack for 1 weapon"
        return (f"take {tile_text(int(state[L.SLOTS + k]))} from Scouts' Quarters slot "
                f"{k + 1} ({_scout_cost(k)})")
    if action < L.A_PASS:
        top = action < L.A_DISCARD_BOTTOM
        tile = action - (L.A_DISCARD_TOP if top else L.A_DISCARD_BOTTOM)
        return f"discard {tile_name(tile)} {'on top of' if top else 'under'} the action stack"
    if action == L.A_PASS:
        return _pass_text(phase)
    return "end the turn"


def _scout_cost(slot: int) -> str:
    s = SCOUT_SLOTS[slot]
    cost = ", ".join(f"{v} {RESOURCE_NAMES[r]}" for r, v in enumerate(s.cost.resources) if v)
    return f"pay {cost or 'nothing'}, gain {s.power} PP"


def action_to_string(state: np.ndarray, action: int) -> str:
    """Describe a legal `action` for the seat to act, as that seat sees it (its hand, what it
    drew), with what it costs and gives; ValueError if `action` is not legal now."""
    return _describe(state, require_legal(legal_mask, NUM_ACTIONS, state, action))


def public_action_to_string(state: np.ndarray, action: int) -> str:
    """What the other seats learn when the legal `action` is played: hidden choices are named,
    not shown. ValueError if it is not legal now."""
    action = require_legal(legal_mask, NUM_ACTIONS, state, action)
    phase = int(state[L.PHASE])
    if phase == L.POWER_DRAFT:
        return "keeps a power tile and passes the others on"
    if phase == L.DRAGON_PICK:
        return "chooses a dragon (revealed when all have chosen)"
    if phase == L.RETURN and L.A_RETURN_TOP <= action < L.A_OBJ_SPACE:
        top = action < L.A_RETURN_BOTTOM
        k = action - (L.A_RETURN_TOP if top else L.A_RETURN_BOTTOM)
        dragons = int(state[_frame(state) + L.F_STEP]) == L.ST_RETURN_DRAGONS
        tile = int(state[(L.DDRAW if dragons else L.ODRAW) + k])
        known = int(state[(L.DKNOWN if dragons else L.OKNOWN) + tile])
        if known != L.ALL_SEATS:
            what = "a drawn dragon" if dragons else "a drawn objective"
            return f"returns {what} {'on top of' if top else 'under'} its stack"
    if phase == L.MON_PICK and L.A_PICK <= action < L.A_RETURN_TOP:
        return "chooses a drawn objective to place"
    if phase == L.DISCARD:
        top = action < L.A_DISCARD_BOTTOM
        tile = action - (L.A_DISCARD_TOP if top else L.A_DISCARD_BOTTOM)
        if not _public_tile(state, tile):
            return (f"discards a {FAMILY_NAMES[TILE_FAMILY[tile]]} tile "
                    f"{'on top of' if top else 'under'} the action stack")
    return _describe(state, action)


def _knows(state: np.ndarray, known_at: int, tile: int, viewer: int) -> bool:
    """Whether `viewer` knows the tile (PUBLIC: every seat of the game knows it)."""
    known = int(state[known_at + tile])
    if viewer == PUBLIC:
        everyone = (1 << int(state[L.NUM_PLAYERS])) - 1
        return known & everyone == everyone
    return (known >> viewer) & 1 == 1


def _public_tile(state: np.ndarray, tile: int) -> bool:
    return _knows(state, L.TKNOWN, tile, PUBLIC)


def _hand(state: np.ndarray, seat: int, viewer: int) -> tuple[list[int], list[int]]:
    """The tiles of `seat`'s hand the viewer knows, and the count of the others by family."""
    known, hidden = [], [0] * N_FAMILIES
    for tile in range(N_TILES):
        if state[L.TLOC + tile] == L.LOC_HAND and state[L.TIDX + tile] == seat:
            if seat == viewer or _knows(state, L.TKNOWN, tile, viewer):
                known.append(tile)
            else:
                hidden[int(TILE_FAMILY[tile])] += 1
    return known, hidden


def _hand_text(state: np.ndarray, seat: int, viewer: int) -> str:
    known, hidden = _hand(state, seat, viewer)
    parts = [tile_name(t) for t in known]
    unknown = [f"{count} {FAMILY_NAMES[f]}" for f, count in enumerate(hidden) if count]
    if unknown:
        parts.append(f"{sum(hidden)} unseen: {' + '.join(unknown)}")
    return listing(parts)


def _seat_lines(state: np.ndarray, seat: int, viewer: int) -> list[str]:
    res = ", ".join(f"{int(state[L.RES + seat * N_RES + r])} {RESOURCE_NAMES[r]}"
                    for r in range(N_RES))
    dragons = []
    for dragon in range(N_DRAGONS):
        if state[L.DLOC + dragon] == L.D_OWNED and state[L.DIDX + dragon] == seat:
            slots = "".join(".*x"[int(s)]
                            for s in state[L.DSLOT + dragon * 3:L.DSLOT + dragon * 3 + 3])
            dragons.append(f"#{dragon + 49}[{slots}]")
    lines = [
        f"{seat_title('Player', seat, viewer)}: {int(state[L.PP + seat])} PP (score now "
        f"{int(final_score(state, seat))}); {res}; spearmen "
        f"{int(state[L.UNPLACED + seat * 2])}/{int(state[L.OWNED + seat * 2])} free, "
        f"dragonriders {int(state[L.UNPLACED + seat * 2 + 1])}/"
        f"{int(state[L.OWNED + seat * 2 + 1])} free",
        f"    hand: {_hand_text(state, seat, viewer)}; dragons: {' '.join(dragons) or '-'}",
    ]
    if seat == viewer:
        lines += [f"      {tile_text(t)}" for t in _hand(state, seat, viewer)[0]]
        lines += [f"      {dragon_text(d)}" for d in range(N_DRAGONS)
                  if state[L.DLOC + d] == L.D_OWNED and state[L.DIDX + d] == seat]
    return lines


def _occupants(state: np.ndarray, space: int, n: int) -> str:
    return " ".join(
        f"p{seat}:{'S' * int(state[L.OCC + (seat * L.N_SPACES + space) * 2])}"
        f"{'D' * int(state[L.OCC + (seat * L.N_SPACES + space) * 2 + 1])}"
        for seat in range(n) if state[L.OCC + (seat * L.N_SPACES + space) * 2]
        or state[L.OCC + (seat * L.N_SPACES + space) * 2 + 1])


def _board_lines(state: np.ndarray) -> list[str]:
    n = int(state[L.NUM_PLAYERS])
    lines = ["City (S spearman, D dragonrider):"]
    for space in range(N_CITY):
        c = CITY_SPACES[space]
        rule = "dragonriders only, " if c.dragonrider_only else ""
        rule += "any number" if c.multi else "one vassal"
        here = _occupants(state, space, n)
        lines.append(f"  {c.name} ({rule}): {space_effect(state, space)}"
                     + (f" [{here}]" if here else ""))
    for area in range(N_AREAS):
        tile = int(state[L.AREA_TILE + area])
        if tile == L.AREA_CLOSED:
            lines.append(f"Wilds area {area + 1}: covered")
            continue
        bonus = f"Wilds area {area + 1} (bonus for placing a tile: {effect_text(ROW_AREA + area)})"
        if tile < 0:
            lines.append(f"{bonus}: empty")
            continue
        spaces = []
        for i in range(int(TILE_N_SPACES[tile])):
            space = L.WILDS_SPACE + area * L.SPACES_PER_AREA + i
            who = _occupants(state, space, n)
            spaces.append(f"{space_effect(state, space)}" + (f" [{who}]" if who else ""))
        lines.append(f"{bonus}: {tile_name(tile)}: " + " | ".join(spaces))
    slots = [f"{k + 1} ({_scout_cost(k)}): " + (tile_text(int(t)) if t >= 0 else "-")
             for k, t in enumerate(state[L.SLOTS:L.SLOTS + 4])]
    lines.append("Scouts' Quarters: " + "; ".join(slots))
    monument = []
    for k, t in enumerate(state[L.MONUMENT:L.MONUMENT + 5]):
        m = MONUMENT_SPACES[k]
        cost = ", ".join(f"{v} {RESOURCE_NAMES[r]}" for r, v in enumerate(m.cost.resources) if v)
        monument.append(f"{k + 1} ({cost}, {m.power} PP): "
                        + (objective_text(int(t)) if t >= 0 else "-"))
    lines.append("Monument: " + "; ".join(monument))
    return lines


def _drawn_lines(state: np.ndarray, viewer: int) -> list[str]:
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
        seen = [dragon_text(d) for d in dragons if _knows(state, L.DKNOWN, d, viewer)]
        lines.append(f"{'You' if viewer == actor else f'Player {actor}'} drew "
                     f"{plural(len(dragons), 'dragon')}" + (": " + "; ".join(seen) if seen else ""))
    objectives = [int(o) for o in state[L.ODRAW:L.ODRAW + int(state[L.ODRAW_N])]]
    if objectives:
        seen = [objective_text(o) for o in objectives if _knows(state, L.OKNOWN, o, viewer)]
        lines.append(f"{'You' if viewer == actor else f'Player {actor}'} drew "
                     f"{plural(len(objectives), 'objective')}"
                     + (": " + "; ".join(seen) if seen else ""))
    return lines


def render_text(state: np.ndarray, viewer: int = PUBLIC) -> str:
    """The table as text for `viewer` (a seat, or PUBLIC: what every seat sees); a finished
    game says so and shows the final scores."""
    n = int(state[L.NUM_PLAYERS])
    viewer = check_viewer(viewer, n)
    mode = ("Spearman", "Dragonlord")[int(state[L.MODE])]
    length = ("short", "medium", "long")[int(state[L.LENGTH])]
    actor = int(state[L.ACTOR])
    over = int(state[L.PHASE]) == L.OVER
    title = f"Simurgh, {mode} mode, {length} game; turn {int(state[L.TURN])}"
    if over:
        lines = [f"{title}. {FINISHED_HEADER}"]
    else:
        who = "you" if actor == viewer else f"player {actor}"
        lines = [f"{title}, phase {L.PHASE_NAMES[int(state[L.PHASE])]}, {who} to act"]
    lines.append(
        f"Chronicle {int(state[L.CHRONICLE_N])} tiles, Monument {int(state[L.OBJECTIVES_N])} "
        f"objectives; stacks: action {int(state[L.STACK_N])}, dragons "
        f"{int(state[L.DSTACK_N])}, objectives {int(state[L.OSTACK_N])}")
    if state[L.END_SEAT] >= 0 and not over:
        lines.append(f"End triggered by player {int(state[L.END_SEAT])}; "
                     f"{int(state[L.FINAL_LEFT])} turn(s) left")
    lines += _board_lines(state)
    if not over:
        lines += _drawn_lines(state, viewer)
    lines.append(f"Spaces: 'pay X -> Y' (options joined by 'or'); {SLOT_LEGEND}")
    for seat in range(n):
        lines += _seat_lines(state, seat, viewer)
    if over:
        lines.append("Final scores (ties: most ability markers): " + ", ".join(
            f"player {s} {int(final_score(state, s))}" for s in range(n)))
    return "\n".join(lines)
