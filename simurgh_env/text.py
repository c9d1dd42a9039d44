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
    MONUMENT_SPACES,
    SCOUT_SLOTS,
)
from simurgh_env.engine import NUM_ACTIONS, legal_mask
from simurgh_env.engine import layout as L
from simurgh_env.engine.resolution import top_frame
from simurgh_env.engine.scoring import final_score
from simurgh_env.engine.tables import (
    B_MIX,
    BW,
    E_COST,
    E_GAIN,
    EFFECTS,
    MASK_FIRST,
    MASK_SECOND,
    N_AREAS,
    N_CITY,
    N_DRAGONS,
    N_RES,
    ROW_AREA,
    TILE_FAMILY,
    TILE_N_SPACES,
)
from simurgh_env.facts import (
    FAMILY_NAMES,
    RESOURCE_NAMES,
    ability_text,
    bundle_text,
    dragon_name,
    dragon_text,
    drawn_lines,
    effect_text,
    hand_tiles,
    knows,
    objective_name,
    objective_text,
    space_effect,
    tile_name,
    tile_text,
)
from tabletop_core.text import (
    FINISHED_HEADER,
    PUBLIC,
    a_or_an,
    check_viewer,
    listing,
    require_legal,
    seat_title,
)

KIND_NAMES = ("spearman", "dragonrider")
SLOT_LEGEND = "dragon slots: . empty, * ability marker, x closed"
_knows = knows  # its name here before it moved to facts.py (the text tests use it)


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
        taken = f"take {tile_text(int(state[L.SLOTS + k]))} from Scouts' Quarters slot {k + 1}"
        if state[top_frame(state) + L.F_STEP] == L.ST_ABILITY_SCOUT:
            # S61 (L1464-1467, L1526-1529): "bez dodatkowych kosztów i bez zyskania dodatkowych
            # korzyści": the weapon paid for the ability is the whole price.
            return f"{taken} with the dragon's ability: the slot's cost is not paid, nor its PP"
        return f"{taken} ({_scout_cost(k)})"
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
            return (f"discards {a_or_an(FAMILY_NAMES[TILE_FAMILY[tile]])} tile "
                    f"{'on top of' if top else 'under'} the action stack")
    return _describe(state, action)


def _public_tile(state: np.ndarray, tile: int) -> bool:
    return knows(state, L.TKNOWN, tile, PUBLIC)


def _hand_text(state: np.ndarray, seat: int, viewer: int) -> str:
    known, hidden = hand_tiles(state, seat, viewer)
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
        lines += [f"      {tile_text(t)}" for t in hand_tiles(state, seat, viewer)[0]]
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
        lines += drawn_lines(state, viewer)
    lines.append(f"Spaces: 'pay X -> Y' (options joined by 'or'); {SLOT_LEGEND}")
    for seat in range(n):
        lines += _seat_lines(state, seat, viewer)
    if over:
        rule = "most ability markers" if state[L.TIES] == L.TIES_MARKERS else "shared win"
        lines.append(f"Final scores (ties: {rule}): " + ", ".join(
            f"player {s} {int(final_score(state, s))}" for s in range(n)))
    return "\n".join(lines)
