"""Words for actions and a text picture of the table."""

from __future__ import annotations

import numpy as np

from simurgh_env.data import CITY_SPACES, Resource, TileFamily
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
    E_GAIN,
    EFFECTS,
    MASK_FIRST,
    MASK_SECOND,
    N_AREAS,
    N_CITY,
    N_DRAGONS,
    N_RES,
    N_TILES,
    TILE_FAMILY,
    TILE_N_SPACES,
)

RESOURCE_NAMES = tuple(r.name.lower() for r in Resource)
FAMILY_NAMES = tuple(f.name.lower() for f in TileFamily)
KIND_NAMES = ("spearman", "dragonrider")


def tile_name(tile: int) -> str:
    """An action tile as '#07 (production)'."""
    return f"#{tile + 1:02d} ({FAMILY_NAMES[TILE_FAMILY[tile]]})"


def dragon_name(dragon: int) -> str:
    """A dragon tile as 'dragon #53 (type 2)'."""
    return f"dragon #{dragon + 49} (type {dragon // 2})"


def objective_name(tile: int) -> str:
    """An objective tile as 'objective #75'."""
    return f"objective #{tile + 73}"


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
    f = _frame(state)
    row = int(state[f + L.F_EFFECT])
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
        return f"keep power tile {tile_name(int(state[L.OPTIONS + k]))}"
    if phase == L.ACTION_DRAFT:
        return f"take {tile_name(int(state[L.DRAFT_ROW + k]))} from the draft row"
    if phase == L.DRAGON_PICK:
        seat = int(state[L.ACTOR])
        return f"keep {dragon_name(int(state[L.SETUP_DRAWN + seat * 3 + k]))}"
    if phase == L.KEEP:
        return f"keep {dragon_name(int(state[L.DDRAW + k]))}"
    return f"place {objective_name(int(state[L.ODRAW + k]))} at the Monument"


def _returned(state: np.ndarray, k: int) -> str:
    f = _frame(state)
    if int(state[f + L.F_STEP]) == L.ST_RETURN_DRAGONS:
        return dragon_name(int(state[L.DDRAW + k]))
    return objective_name(int(state[L.ODRAW + k]))


def _pass_text(phase: int) -> str:
    return {
        L.RETRIEVE: "stop retrieving",
        L.BONUS: "use no (more) bonus ability",
        L.MON_PICK: "place no objective",
        L.EXTRA_MOVE: "make no extra move",
    }[phase]


def action_to_string(state: np.ndarray, action: int) -> str:
    """Describe `action` for the seat to act in `state`."""
    phase = int(state[L.PHASE])
    if not 0 <= action < L.NUM_ACTIONS:
        raise ValueError(f"action must be in 0..{L.NUM_ACTIONS - 1}, got {action}")
    if action < L.A_RETRIEVE:
        space, kind = divmod(action - L.A_PLACE, 2)
        return f"place a {KIND_NAMES[kind]} on {space_name(state, space)}"
    if action < L.A_PLAY_TILE:
        space, kind = divmod(action - L.A_RETRIEVE, 2)
        return f"retrieve a {KIND_NAMES[kind]} from {space_name(state, space)}"
    if action < L.A_AREA:
        return f"place {tile_name(action - L.A_PLAY_TILE)} in the Wilds"
    if action < L.A_MOVE:
        area = action - L.A_AREA
        there = int(state[L.AREA_TILE + area])
        clear = f" (pay 1 weapon to clear {tile_name(there)})" if there >= 0 else ""
        return f"put the tile on Wilds area {area + 1}{clear}"
    if action < L.A_ABILITY:
        return f"move the dragonrider down on Wilds area {action - L.A_MOVE + 1}"
    if action < L.A_OPTION:
        dragon, slot = divmod(action - L.A_ABILITY, 3)
        return f"use ability {slot + 1} of {dragon_name(dragon)}"
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
        swap = " (objective swap)" if state[L.MONUMENT + space] >= 0 else ""
        return f"put the objective on Monument space {space + 1}{swap}"
    if action < L.A_DISCARD_TOP:
        k = action - L.A_SCOUT
        if k == L.N_SCOUT_CHOICES - 1:
            return "take the top face-down tile of the action stack for 1 weapon"
        return f"take {tile_name(int(state[L.SLOTS + k]))} from Scouts' Quarters slot {k + 1}"
    if action < L.A_PASS:
        top = action < L.A_DISCARD_BOTTOM
        tile = action - (L.A_DISCARD_TOP if top else L.A_DISCARD_BOTTOM)
        return f"discard {tile_name(tile)} {'on top of' if top else 'under'} the action stack"
    if action == L.A_PASS:
        return _pass_text(phase)
    return "end the turn"


def render_text(state: np.ndarray, viewer: int | None = None) -> str:
    """The table as text: public information, plus the viewer's own if a seat is given."""
    n = int(state[L.NUM_PLAYERS])
    mode = ("Spearman", "Dragonlord")[int(state[L.MODE])]
    length = ("short", "medium", "long")[int(state[L.LENGTH])]
    lines = [
        f"Simurgh, {mode} mode, {length} game; turn {int(state[L.TURN])}, "
        f"phase {L.PHASE_NAMES[int(state[L.PHASE])]}, player to act: {int(state[L.ACTOR])}",
        f"Chronicle {int(state[L.CHRONICLE_N])} tiles, Monument {int(state[L.OBJECTIVES_N])} "
        f"objectives; stacks: action {int(state[L.STACK_N])}, dragons "
        f"{int(state[L.DSTACK_N])}, objectives {int(state[L.OSTACK_N])}",
    ]
    if state[L.END_SEAT] >= 0:
        lines.append(f"End triggered by player {int(state[L.END_SEAT])}; "
                     f"{int(state[L.FINAL_LEFT])} turn(s) left")
    city = []
    for space in range(N_CITY):
        here = [f"p{seat}:{'S' * int(state[L.OCC + (seat * L.N_SPACES + space) * 2])}"
                f"{'D' * int(state[L.OCC + (seat * L.N_SPACES + space) * 2 + 1])}"
                for seat in range(n) if state[L.OCC + (seat * L.N_SPACES + space) * 2]
                or state[L.OCC + (seat * L.N_SPACES + space) * 2 + 1]]
        if here:
            city.append(f"{CITY_SPACES[space].name} [{' '.join(here)}]")
    lines.append("City: " + ("; ".join(city) or "empty"))
    for area in range(N_AREAS):
        tile = int(state[L.AREA_TILE + area])
        if tile == L.AREA_CLOSED:
            lines.append(f"Wilds area {area + 1}: covered")
            continue
        if tile < 0:
            lines.append(f"Wilds area {area + 1}: empty")
            continue
        spaces = []
        for i in range(int(TILE_N_SPACES[tile])):
            space = L.WILDS_SPACE + area * L.SPACES_PER_AREA + i
            who = "".join(f"p{seat}{'S' * int(state[L.OCC + (seat * L.N_SPACES + space) * 2])}"
                          f"{'D' * int(state[L.OCC + (seat * L.N_SPACES + space) * 2 + 1])}"
                          for seat in range(n)
                          if state[L.OCC + (seat * L.N_SPACES + space) * 2]
                          or state[L.OCC + (seat * L.N_SPACES + space) * 2 + 1])
            spaces.append(who or "-")
        lines.append(f"Wilds area {area + 1}: {tile_name(tile)} [{' | '.join(spaces)}]")
    slots = [tile_name(int(t)) if t >= 0 else "-" for t in state[L.SLOTS:L.SLOTS + 4]]
    lines.append("Scouts' Quarters: " + ", ".join(slots))
    monument = [objective_name(int(t)) if t >= 0 else "-"
                for t in state[L.MONUMENT:L.MONUMENT + 5]]
    lines.append("Monument: " + ", ".join(monument))
    for seat in range(n):
        res = ", ".join(f"{int(state[L.RES + seat * N_RES + r])} {RESOURCE_NAMES[r]}"
                        for r in range(N_RES))
        hand = []
        for tile in range(N_TILES):
            if state[L.TLOC + tile] == L.LOC_HAND and state[L.TIDX + tile] == seat:
                known = viewer is None or seat == viewer or (
                    int(state[L.TKNOWN + tile]) >> viewer) & 1
                hand.append(tile_name(tile) if known else
                            f"? ({FAMILY_NAMES[TILE_FAMILY[tile]]})")
        dragons = []
        for dragon in range(N_DRAGONS):
            if state[L.DLOC + dragon] == L.D_OWNED and state[L.DIDX + dragon] == seat:
                slots_text = "".join(".*x"[int(s)]
                                     for s in state[L.DSLOT + dragon * 3:L.DSLOT + dragon * 3 + 3])
                dragons.append(f"#{dragon + 49}[{slots_text}]")
        you = " (you)" if seat == viewer else ""
        lines.append(
            f"Player {seat}{you}: {int(state[L.PP + seat])} PP (score now "
            f"{int(final_score(state, seat))}); {res}; spearmen "
            f"{int(state[L.UNPLACED + seat * 2])}/{int(state[L.OWNED + seat * 2])} free, "
            f"dragonriders {int(state[L.UNPLACED + seat * 2 + 1])}/"
            f"{int(state[L.OWNED + seat * 2 + 1])} free"
        )
        lines.append(f"    hand: {', '.join(hand) or '-'}; dragons: {' '.join(dragons) or '-'}")
    return "\n".join(lines)


def public_action_to_string(state: np.ndarray, action: int) -> str:
    """What the other seats see of `action`: hidden choices are named, not shown."""
    phase = int(state[L.PHASE])
    if phase == L.POWER_DRAFT:
        return "keeps a power tile and passes the others on"
    if phase == L.DRAGON_PICK:
        return "chooses a dragon (revealed when all have chosen)"
    if phase == L.RETURN and L.A_RETURN_TOP <= action < L.A_OBJ_SPACE:
        top = action < L.A_RETURN_BOTTOM
        k = action - (L.A_RETURN_TOP if top else L.A_RETURN_BOTTOM)
        f = _frame(state)
        dragons = int(state[f + L.F_STEP]) == L.ST_RETURN_DRAGONS
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
        if int(state[L.TKNOWN + tile]) != L.ALL_SEATS:
            return (f"discards a {FAMILY_NAMES[TILE_FAMILY[tile]]} tile "
                    f"{'on top of' if top else 'under'} the action stack")
    return action_to_string(state, action)
