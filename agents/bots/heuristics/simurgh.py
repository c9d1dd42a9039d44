"""A sensible Simurgh player: a greedy one-turn lookahead on a simple value function.

The value of a seat is its Power Points, its standing on the objectives at the Monument, and
what leads to Power Points later: resources (wisdom and weapons weigh most: power tiles, the
Monument and the Scouts' Quarters want them), vassals, ability markers, hand tiles and
Dragonriders part-way down exploration tiles. Vassals and hand tiles lose worth as the game
nears its end; in the last round resources count as they will be scored.

On its turn the player takes every free action that raises the value (dragon abilities, moving
a Dragonrider down), then the main action whose outcome is worth most, its follow-up choices
made greedily, then ends the turn. Each free action spends a marker or the once-per-turn move,
so the turn always ends.
"""

import numpy as np
from numba import njit

from agents.bots.heuristics.words import copy_range, load_word
from agents.bots.policies import random_legal
from simurgh_env.engine import layout as L
from simurgh_env.engine.actions import legal_mask, play
from simurgh_env.engine.dragons import dragon_type
from simurgh_env.engine.exploration import rider_level
from simurgh_env.engine.scoring import objective_points, objective_value, resource_points
from simurgh_env.engine.tables import (
    B_MARKERS,
    B_MIX,
    B_POWER,
    B_RIDERS,
    B_SPEARMEN,
    BW,
    CHRONICLE_TO_END,
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
    MAX_MIXES,
    N_AREAS,
    N_DRAGONS,
    N_MONUMENT,
    N_RES,
    N_TILES,
    N_TYPES,
    OBJ_KIND,
    OBJ_POINTS,
    OBJ_TYPE_MASK,
    OBJ_VEG_MEAT,
    OBJECTIVES_TO_END,
    RESOURCE_LIMIT,
    ROW_SPACE,
    TILE_FAMILY,
    TILE_FIRST_SPACE,
    TILE_N_SPACES,
)
from simurgh_env.engine.vassals import occ_at
from tabletop_core.signatures import POLICY

# Worth of one resource of each kind (vegetable, meat, wood, stone, wisdom, weapon) in PP.
RESOURCE_WORTH = np.array([0.45, 0.5, 0.5, 0.5, 0.85, 0.9])
SPEARMAN_WORTH = 4.0  # an owned vassal early in the game (falls to 0 at the end)
RIDER_WORTH = 6.0
MARKER_WORTH = 0.7  # besides the objectives, which are counted as they stand
DRAGON_WORTH = 0.3
DRAW_WORTH = 0.8  # a dragon drawn and kept (its abilities)
HAND_TILE_WORTH = 0.25  # per tile worth point, early in the game
UNPLACED_WORTH = 0.4  # a vassal ready to be placed
EXPLORER_WORTH = 1.5  # a Dragonrider that can still move down an exploration tile
FREE_MARGIN = 0.05  # a free action must gain at least this much
END_PUSH = 1.5  # per Chronicle tile or objective, for a leader: it wants the game to end
PATIENCE = 40  # turns per player after which every player pushes towards the end
LATE_PUSH = 0.25  # per turn per player beyond PATIENCE
HAND_STEP = 0.4  # a hand tile, then a Wilds tile held alone, as part of a step to the end
ALONE_STEP = 0.7
STALL_TURNS = 120  # turns per player after which the game is stuck: play at random
SUB_PHASES = (
    L.TILE_AREA, L.TILE_VASSAL, L.RETRIEVE, L.COST_OPTION, L.MIX, L.REMOVE_MARKER, L.SPEND,
    L.GAIN_OPTION, L.BONUS, L.BONUS_KIND, L.PLACE_MARKER, L.KEEP, L.RETURN, L.SCOUT,
    L.MON_PICK, L.MON_SPACE, L.EXTRA_MOVE,
)
MAX_SETTLE = 24  # sub-decisions followed in a lookahead


def _bundle_worth(bundle):
    worth = float(np.dot(bundle[:N_RES], RESOURCE_WORTH)) + bundle[B_POWER]
    worth += MARKER_WORTH * 1.5 * bundle[B_MARKERS]
    worth += SPEARMAN_WORTH * 0.5 * bundle[B_SPEARMEN] + RIDER_WORTH * 0.5 * bundle[B_RIDERS]
    for k in range(MAX_MIXES):
        amount, kinds = bundle[B_MIX + 2 * k], bundle[B_MIX + 2 * k + 1]
        if amount:
            pair = [r for r in (MASK_FIRST[kinds], MASK_SECOND[kinds]) if r >= 0]
            worth += amount * float(np.mean(RESOURCE_WORTH[pair]))
    return worth


def _effect_worth(row):
    """Best gain minus cheapest cost of an effect row, in PP (a rough static estimate)."""
    effect = EFFECTS[row]
    gains = [_bundle_worth(effect[E_GAIN + k * BW:E_GAIN + (k + 1) * BW])
             for k in range(effect[E_NGAIN])]
    costs = [_bundle_worth(effect[E_COST + k * BW:E_COST + (k + 1) * BW])
             for k in range(effect[E_NCOST])]
    worth = (max(gains) if gains else 0.0) - (min(costs) if costs else 0.0)
    if effect[E_DRAW]:
        worth += DRAW_WORTH + MARKER_WORTH * effect[E_DRAW_MARKERS]
    return worth


def _tile_worths():
    """Static worth of each action tile: its best space, or for an exploration tile what a
    rider gains going down it."""
    worths = np.zeros(N_TILES)
    for tile in range(N_TILES):
        rows = [ROW_SPACE + TILE_FIRST_SPACE[tile] + i for i in range(TILE_N_SPACES[tile])]
        if TILE_FAMILY[tile] == EXPLORATION:
            worths[tile] = sum(_effect_worth(r) for r in rows) / 2
        else:
            worths[tile] = max(_effect_worth(r) for r in rows)
    return np.maximum(worths, 0.5)


TILE_WORTH = _tile_worths()
# Dragon types by how much their abilities tend to pay (T4).
DRAGON_TYPE_WORTH = np.array([3.0, 2.0, 2.5, 3.0, 2.5, 3.0, 2.5, 2.5, 2.0, 1.5, 2.0, 2.5])


# The phases in which the seat's follow-up choices are settled greedily, by phase.
SUB_PHASE = np.zeros(L.NUM_PHASES, np.bool_)
SUB_PHASE[np.array(SUB_PHASES)] = True
# The dragon types each objective counts markers on, as lists.
OBJ_N_TYPES = np.array([bin(m).count("1") for m in OBJ_TYPE_MASK], np.int64)
OBJ_TYPES = np.full((len(OBJ_TYPE_MASK), N_TYPES), -1, np.int64)
for _o, _m in enumerate(OBJ_TYPE_MASK):
    _t = [t for t in range(N_TYPES) if _m >> t & 1]
    OBJ_TYPES[_o, :len(_t)] = _t


@njit(cache=True)
def _progress(state):
    """How far the game is towards its end, 0 at the start and 1 at the trigger."""
    length = state[L.LENGTH]
    if state[L.END_SEAT] >= 0:
        return 1.0
    chronicle = state[L.CHRONICLE_N] / CHRONICLE_TO_END[length]
    monument = state[L.OBJECTIVES_N] / OBJECTIVES_TO_END[length]
    return min(1.0, max(chronicle, monument))


@njit(cache=True)
def _resource_value(state, seat):
    """Worth of the seat's resources, as they will be scored in the last round."""
    if state[L.END_SEAT] >= 0:
        return float(resource_points(state, seat))
    limit = RESOURCE_LIMIT[state[L.MODE]]
    total = 0
    worth = 0.0
    for r in range(N_RES):
        n = state[L.RES + seat * N_RES + r]
        total += n
        worth += n * RESOURCE_WORTH[r]
    if total > limit:  # the excess goes back at the end of the turn
        worth *= limit / total
    return worth


@njit(cache=True)
def _hand_value(state, seat):
    """Worth of the seat's hand tiles."""
    worth = 0.0
    for tile in range(N_TILES):
        if state[L.TLOC + tile] == L.LOC_HAND and state[L.TIDX + tile] == seat:
            worth += TILE_WORTH[tile]
    return worth * HAND_TILE_WORTH


@njit(cache=True)
def _explorers(state, seat):
    """The seat's Dragonriders that can still go down an exploration tile."""
    n = 0
    for area in range(N_AREAS):
        level = rider_level(state, seat, area)
        if level >= 0 and level < 3:
            n += 1
    return n


@njit(cache=True)
def _end_push(state, seat):
    """What one more step towards the end (a Chronicle tile, an objective) is worth: a player
    ahead on PP wants the game over, and nobody wants it to drag on forever."""
    best_other = 0
    for other in range(state[L.NUM_PLAYERS]):
        if other != seat:
            best_other = max(best_other, state[L.PP + other])
    push = END_PUSH if state[L.PP + seat] >= best_other else 0.0
    turns = state[L.TURN] / state[L.NUM_PLAYERS]
    return push + LATE_PUSH * max(0.0, turns - PATIENCE)


@njit(cache=True)
def _steps_to_end(state, seat):
    """Chronicle tiles and objectives so far (an objective counts double), plus part of a step
    for each hand tile (it can go to the Wilds) and each Wilds tile only the seat stands on
    (retrieving empties it into the Chronicle)."""
    steps = state[L.CHRONICLE_N] + 2.0 * state[L.OBJECTIVES_N]
    steps += HAND_STEP * min(state[L.HAND_N + seat], 2)
    for area in range(N_AREAS):
        count = state[L.AREA_COUNT + area]
        if state[L.AREA_TILE + area] >= 0 and count > 0:
            mine = 0
            for i in range(L.SPACES_PER_AREA):
                space = L.WILDS_SPACE + area * L.SPACES_PER_AREA + i
                mine += state[occ_at(seat, space, L.SPEARMAN)] + state[occ_at(seat, space, L.RIDER)]
            if mine == count:
                steps += ALONE_STEP
    return steps


@njit(cache=True)
def _dragon_objectives(state):
    """Whether an objective at the Monument counts markers on dragons of some types."""
    for space in range(N_MONUMENT):
        objective = state[L.MONUMENT + space]
        if objective >= 0 and OBJ_KIND[objective] != OBJ_VEG_MEAT and OBJ_N_TYPES[objective]:
            return True
    return False


@njit(cache=True)
def _dragons_of(state, seat, tallies, tally):
    """The seat's dragons and the ability markers on them; with `tally`, also every seat's
    markers by dragon type in tallies[seat * N_TYPES + type] (seats 0 to L.P - 1)."""
    if tally:
        for k in range(L.P * N_TYPES):
            tallies[k] = 0
    owned = 0
    markers = 0
    for dragon in range(N_DRAGONS):
        if state[L.DLOC + dragon] != L.D_OWNED:
            continue
        owner = state[L.DIDX + dragon]
        n = 0
        for slot in range(3):
            if state[L.DSLOT + dragon * 3 + slot] == L.SLOT_MARKER:
                n += 1
        if owner == seat:
            owned += 1
            markers += n
        if tally and 0 <= owner < L.P:
            tallies[owner * N_TYPES + dragon_type(dragon)] += n
    return owned, markers


@njit(cache=True)
def _objective_points(state, seat, tallies, dragons):
    """The part of `scoring.objective_points` from the dragon objectives (`dragons`, read from
    the tallies of `_dragons_of`) or from the others."""
    players = state[L.NUM_PLAYERS]
    total = 0
    for space in range(N_MONUMENT):
        objective = state[L.MONUMENT + space]
        if objective < 0 or (OBJ_KIND[objective] != OBJ_VEG_MEAT) != dragons:
            continue
        better = 0
        if dragons:
            value = _tally(tallies, seat, objective)
            if value == 0:
                continue
            for other in range(players):
                if _tally(tallies, other, objective) > value:
                    better += 1
        else:
            value = objective_value(state, seat, objective)
            if value == 0:
                continue
            for other in range(players):
                if objective_value(state, other, objective) > value:
                    better += 1
        if better < 3:
            total += OBJ_POINTS[objective, better]
    return total


@njit(cache=True)
def _tally(tallies, seat, objective):
    """The seat's markers on dragons of the objective's types."""
    n = 0
    for k in range(OBJ_N_TYPES[objective]):
        n += tallies[seat * N_TYPES + OBJ_TYPES[objective, k]]
    return n


@njit(cache=True)
def value(state, seat):
    """What the position is worth to `seat`, in PP (see the module docstring)."""
    return _value(state, seat, np.empty(L.P * N_TYPES, np.int32))


@njit(cache=True)
def _value(state, seat, tallies):
    """`value`, with scratch room for marker tallies (L.P * N_TYPES entries at least)."""
    # The floating-point sums are made as they always were: the choices depend on every bit.
    if 0 <= seat < L.P and state[L.NUM_PLAYERS] <= L.P:
        tally = _dragon_objectives(state)
        owned, markers = _dragons_of(state, seat, tallies, tally)
        points = _objective_points(state, seat, tallies, True) if tally else 0
        points += _objective_points(state, seat, tallies, False)
    else:  # seats outside the tallies: the engine's own scoring
        owned, markers = _dragons_of(state, seat, tallies, False)
        points = objective_points(state, seat)
    later = 1.0 - _progress(state)
    v = float(state[L.PP + seat]) + points
    v += _resource_value(state, seat)
    v += later * (SPEARMAN_WORTH * state[L.OWNED + seat * 2]
                  + RIDER_WORTH * state[L.OWNED + seat * 2 + 1])
    v += later * UNPLACED_WORTH * (state[L.UNPLACED + seat * 2]
                                   + state[L.UNPLACED + seat * 2 + 1])
    v += later * (_hand_value(state, seat) + EXPLORER_WORTH * _explorers(state, seat))
    v += MARKER_WORTH * later * markers
    for _ in range(owned):
        v += DRAGON_WORTH * later
    push = _end_push(state, seat)
    if push != 0.0:  # else the term is +0.0, and v is never -0.0
        v += push * _steps_to_end(state, seat)
    return v


@njit(cache=True)
def _is_sub_phase(phase):
    """Whether the seat's choices in `phase` are settled greedily in a lookahead."""
    return 0 <= phase < L.NUM_PHASES and SUB_PHASE[phase]


@njit(cache=True)
def _is_free_action(action):
    """Whether the action is a free one (an exploration move or a dragon ability)."""
    return L.A_MOVE <= action < L.A_OPTION


@njit(cache=True)
def _weighed(action, skip_free, skip_end):
    """Whether a legal action is weighed (free actions, the end of the turn may be left out)."""
    if skip_free and _is_free_action(action):
        return False
    return not (skip_end and action == L.A_END_TURN)


@njit(cache=True)
def _candidates(mask, phase, skip_end, out):
    """Write the legal actions to weigh in `phase` to `out`, in increasing order (free actions
    left out where the phase allows them as a side option, the end of the turn if `skip_end`);
    return their count. Reads the mask 32 entries, then 8, at a time."""
    skip_free = phase == L.SCOUT or phase == L.MON_PICK
    n = 0
    size = mask.shape[0]
    groups = size // 32
    for g in range(groups):
        first = 4 * g
        if (load_word(mask, first) | load_word(mask, first + 1) | load_word(mask, first + 2)
                | load_word(mask, first + 3)) == 0:
            continue
        for w in range(first, first + 4):
            if load_word(mask, w) == 0:
                continue
            for a in range(8 * w, 8 * w + 8):
                if mask[a] and _weighed(a, skip_free, skip_end):
                    out[n] = a
                    n += 1
    for a in range(32 * groups, size):
        if mask[a] and _weighed(a, skip_free, skip_end):
            out[n] = a
            n += 1
    return n


@njit(cache=True)
def _copy_into(dst, src):
    """dst[:n] = src, n = len(src) (memcpy: numba's slice assignment is several times
    slower)."""
    copy_range(src, 0, dst, 0, src.shape[0])


@njit(cache=True)
def _scratch(state, mask, rows):
    """Scratch rows for the lookahead: states, lists of actions, marker tallies."""
    return np.empty((rows, max(state.shape[0], mask.shape[0], L.P * N_TYPES)), np.int32)


@njit(cache=True)
def _greedy_step(state, seat, mask, work):
    """The sub-decision whose immediate outcome is worth most (free actions left out); the trial
    states in work[0], the actions in work[1], marker tallies in work[2]."""
    n = _candidates(mask, state[L.PHASE], False, work[1])
    if n == 1:  # values are finite and above -1e18: a lone candidate is the choice
        return work[1, 0]
    best = -1
    best_value = -1e18
    s = work[0]
    for k in range(n):
        a = work[1, k]
        _copy_into(s, state)
        play(s, a)
        v = _value(s, seat, work[2])
        if v > best_value:
            best_value = v
            best = a
    return best


@njit(cache=True)
def _value_after(state, seat, action, mask, work):
    """The seat's value after `action` and its follow-up sub-decisions made greedily.

    The lookahead's state, a trial and the best trial rotate in work[0:3]; work[3] lists
    actions, work[5] holds marker tallies. The best trial of a step is the next state, its value
    known; the last trial is played on the state itself. Values are finite and above -1e18
    (the counts in a state are small), so some trial is always kept."""
    s = work[0]
    trial = work[1]
    kept = work[2]
    actions = work[3]
    _copy_into(s, state)
    play(s, action)
    known = False
    v = 0.0
    for _ in range(MAX_SETTLE):
        phase = s[L.PHASE]
        if s[L.ACTOR] != seat or not _is_sub_phase(phase):
            break
        legal_mask(s, mask)
        n = _candidates(mask, phase, False, actions)
        if n <= 1:  # a lone candidate is the choice (values are finite, above -1e18)
            play(s, actions[0] if n else -1)
            known = False
            continue
        best_value = -1e18
        for k in range(n - 1):
            _copy_into(trial, s)
            play(trial, actions[k])
            vt = _value(trial, seat, work[5])
            if vt > best_value:
                best_value = vt
                trial, kept = kept, trial
        play(s, actions[n - 1])  # the last trial in place: s is not needed after it
        vt = _value(s, seat, work[5])
        if vt > best_value:
            best_value = vt
        else:
            s, kept = kept, s
        v = best_value
        known = True
    return v if known else _value(s, seat, work[5])


@njit(cache=True)
def _lookahead_choice(state, seat, mask):
    """The legal action whose settled outcome is worth most (free actions left out where the
    phase allows them as a side option)."""
    work = _scratch(state, mask, 6)
    scratch = np.zeros(mask.shape[0], np.uint8)
    n = _candidates(mask, state[L.PHASE], False, work[4])
    if n == 1:
        return work[4, 0]
    best = -1
    best_value = -1e18
    for k in range(n):
        a = work[4, k]
        v = _value_after(state, seat, a, scratch, work)
        if v > best_value:
            best_value = v
            best = a
    return best


@njit(cache=True)
def _free_turn(state, seat, mask):
    """The FREE phase: a paying free action, else the best main action, else end the turn.
    Free actions are weighed first: when one pays, the main actions need no lookahead."""
    work = _scratch(state, mask, 6)
    scratch = np.zeros(mask.shape[0], np.uint8)
    actions = work[4]
    n = _candidates(mask, L.FREE, True, actions)
    best_free = -1
    mains = 0
    for k in range(n):
        a = actions[k]
        if not _is_free_action(a):
            mains += 1
        elif best_free == -1:
            best_free = -2  # free actions to weigh
    if best_free == -2:
        best_free = -1
        best_free_value = _value(state, seat, work[5]) + FREE_MARGIN
        for k in range(n):
            a = actions[k]
            if _is_free_action(a):
                v = _value_after(state, seat, a, scratch, work)
                if v > best_free_value:
                    best_free_value = v
                    best_free = a
        if best_free >= 0:
            return best_free
    if mains == 0:
        return L.A_END_TURN
    best_main = -1
    best_main_value = -1e18
    for k in range(n):
        a = actions[k]
        if _is_free_action(a):
            continue
        if mains == 1:
            return a
        v = _value_after(state, seat, a, scratch, work)
        if v > best_main_value:
            best_main_value = v
            best_main = a
    return best_main


@njit(cache=True)
def _discard(state, seat, mask):
    """Give back the hand tile worth least, under the stack."""
    best = -1
    for tile in range(N_TILES):
        if mask[L.A_DISCARD_BOTTOM + tile]:
            if best < 0 or TILE_WORTH[tile] < TILE_WORTH[best]:
                best = tile
    return L.A_DISCARD_BOTTOM + best


@njit(cache=True)
def _draft_tile(state, start, count, mask):
    """The pick of the tile worth most among `count` tiles listed at `start`."""
    best = -1
    for k in range(count):
        if mask[L.A_PICK + k]:
            tile = state[start + k]
            if best < 0 or TILE_WORTH[tile] > TILE_WORTH[state[start + best]]:
                best = k
    return L.A_PICK + best


@njit(cache=True)
def _pick_dragon(state, seat, mask):
    best = 0
    for k in range(3):
        dragon = state[L.SETUP_DRAWN + seat * 3 + k]
        if (DRAGON_TYPE_WORTH[dragon_type(dragon)]
                > DRAGON_TYPE_WORTH[dragon_type(state[L.SETUP_DRAWN + seat * 3 + best])]):
            best = k
    return L.A_PICK + best


@njit(POLICY, cache=True)
def choose(state, seat, mask, rng):
    """The heuristic's action for `seat` (the seat to act) in `state`; `rng` is only used in a
    game stuck far beyond any normal length, where play turns random so that it ends."""
    phase = state[L.PHASE]
    if state[L.TURN] > STALL_TURNS * state[L.NUM_PLAYERS]:
        return random_legal(mask, rng)
    if phase == L.FREE:
        return _free_turn(state, seat, mask)
    if phase == L.DISCARD:
        return _discard(state, seat, mask)
    if phase == L.POWER_DRAFT:
        return _draft_tile(state, L.OPTIONS, state[L.OPTIONS_N], mask)
    if phase == L.ACTION_DRAFT:
        return _draft_tile(state, L.DRAFT_ROW, 4, mask)
    if phase == L.DRAGON_PICK:
        return _pick_dragon(state, seat, mask)
    if phase == L.TILE_AREA or phase == L.MON_PICK:
        return _lookahead_choice(state, seat, mask)
    return _greedy_step(state, seat, mask, _scratch(state, mask, 3))
