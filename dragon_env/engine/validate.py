"""Validation of a saved Dragon's Interest state (tabletop_core.validate): every field in
range, each stack a permutation of its tiles with the face-up tile its last one turned, the
public counts of the stacks, points, holdings bounds, what each viewer knows (groups whose
unseen amounts cancel), no more Contracts gone from a hand than rounds begun, and the step,
actor and simultaneous choices consistent."""

import numpy as np
from numba import njit

from dragon_env import data as D
from dragon_env.engine import layout as L
from dragon_env.engine.buildings import total_buildings
from dragon_env.engine.scoring import points
from dragon_env.engine.tables import (
    BUILDING,
    CALENDAR,
    CHEST,
    INVASION,
    INVASION_KNIGHTS,
    KNIGHTS,
    NUM_CONTRACTS,
    NUM_TYPES,
    RING_SIZE,
    STACK_SIZE,
    TILE_GOLD,
    TILE_KIND,
    TILE_STARTING,
    TYPE_ACTION,
    TYPE_BID_CURRENCY,
    TYPE_CHEST_CURRENCY,
    TYPE_MIN_PLAYERS,
    TYPE_STAKE,
)
from tabletop_core.signatures import VALIDATE
from tabletop_core.validate import (
    StateChecks,
    all_equal,
    check_head,
    distinct,
    strided_sum,
)

P, T = L.P, NUM_TYPES
MAX_HOLDING = 2**11 - 1  # M13: holdings stay below 2**11
MAX_AMOUNT = 10**4 - 1  # an entry has at most 4 digits (total holdings < 5 * 2**11)
NUM_TILES = T * STACK_SIZE
# docs/rules/dragon.md, M13: what the supply can ever give, over all seats together.
SUPPLY_BOUND = np.array([1368, 498], np.int64)  # Gold, Knights
_c = StateChecks(P)
_c.open(L.NUM_PLAYERS, D.MIN_PLAYERS, D.MAX_PLAYERS, L.RNG)
_c.field("step", L.STEP, 1, 0, L.OVER)
_c.field("actor", L.ACTOR, 1, -1, -1, plus_players=True)
_c.field("round", L.ROUND, 1, 1, D.MAX_ROUNDS)
_c.field("start_player", L.START, 1, 0, -1, plus_players=True)
_c.field("dragon", L.DRAGON, 1, 0, T - 1)
_c.field("sides", L.SIDES, 1, 5, 6)
_c.field("no_interest", L.NO_INTEREST, 1, 0, 1)
_c.field("turn", L.TURN, 1, 0, 0, plus_players=True)
_c.field("entry_length", L.ENTRY_LEN, 1, 0, 4)
_c.field("entry_left", L.ENTRY_LEFT, 1, 0, 4)
_c.field("entry_register", L.ENTRY_REG, 1, 0, MAX_AMOUNT)
_c.field("entry_cap", L.ENTRY_CAP, 1, 0, MAX_HOLDING)
_c.field("activation_turn", L.ACT_TURN, 1, 0, 0, plus_players=True)
_c.field("activation_seat", L.ACT_SEAT, 1, -1, -1, plus_players=True)
_c.field("activation_type", L.ACT_TYPE, 1, -1, T - 1)
_c.field("chest_target", L.CHEST_TARGET_SEAT, 1, -1, -1, plus_players=True)
_c.field("chest_type", L.CHEST_TYPE, 1, -1, T - 1)
_c.field("chest_currency", L.CHEST_CURRENCY, 1, -1, 1)
_c.field("chest_amount", L.CHEST_X, 1, 0, MAX_HOLDING)
_c.field("chest_response", L.CHEST_RESPONSE_KIND, 1, L.NO_RESPONSE, L.MATCHED)
_c.field("chest_moved", L.CHEST_MOVED, 1, -1, T - 1)
_c.field("stake", L.STAKE, 1, 0, max(D.ARENA_STAKE_GOLD, D.GUILD_STAKE_KNIGHTS))
_c.field("bid_high", L.BID_HIGH, 1, -1, MAX_HOLDING)
_c.field("auction_winner", L.AUCTION_WINNER, 1, -1, -1, plus_players=True)
_c.field("invasions_left", L.INVASIONS_LEFT, 1, 0, T)
_c.field("order_length", L.ORDER_LEN, 1, 0, 0, plus_players=True)
_c.field("pick_order", L.ORDER, P, -1, -1, plus_players=True, seat_width=1, rest=-1)
_c.field("holdings", L.HOLD, P * 2, 0, MAX_HOLDING, seat_width=2)
_c.field("buildings", L.BLD, P * T, 0, NUM_TILES, seat_width=T)
_c.field("tucked_interest", L.TUCK, P * T, 0, D.JESTER_VALUE * D.MAX_ROUNDS, seat_width=T)
_c.field("hand", L.HAND, P, 0, 2**NUM_CONTRACTS - 1, seat_width=1)
_c.field("pending_choice", L.PENDING, P, -1, MAX_HOLDING, seat_width=1, rest=-1)
_c.field("revealed_contract", L.REVEALED, P, -1, NUM_CONTRACTS - 1, seat_width=1, rest=-1)
_c.field("void_jester", L.VOID, P, 0, 1, seat_width=1)
_c.field("built_gold", L.BUILT_GOLD, P, 0, int(TILE_GOLD.max()), seat_width=1)
_c.field("bids", L.BID, P, -1, MAX_HOLDING, seat_width=1, rest=-1)
_c.field("invaded", L.INVADED, P, -1, L.INVADE_KNIGHTS, seat_width=1, rest=-1)
_c.field("interest_paid", L.INTEREST_PAID, P, 0, MAX_HOLDING, seat_width=1)
_c.field("bankrupt", L.BANKRUPT, P, 0, 1, seat_width=1)
_c.field("points", L.POINTS, P, 0, 2 * T, seat_width=1)
_c.field("slots", L.SLOT, T, -1, NUM_TILES - 1)
_c.field("stack_tops", L.STACK_TOP, T, 0, STACK_SIZE)
_c.field("remaining_buildings", L.REM_BUILDINGS, T, 0, STACK_SIZE)
_c.field("remaining_gold", L.REM_GOLD, T, 0, STACK_SIZE * int(TILE_GOLD.max()))
_c.field("remaining_calendars", L.REM_CALENDARS, T, 0, STACK_SIZE)
_c.field("remaining_invasions", L.REM_INVASIONS, T, 0, STACK_SIZE)
_c.field("unseen", L.UNSEEN, P * P * 2, -5 * MAX_HOLDING, 5 * MAX_HOLDING, seat_width=P * 2)
_c.field("slack", L.SLACK, P * P * 2, 0, MAX_HOLDING, seat_width=P * 2)
_c.field("group", L.GROUP, P * P * 2, 0, P - 1)
_c.field("unseen_chests", L.UNSEEN_CHESTS, P * P, 0, 2**20, seat_width=P)
_c.field("stacks", L.STACKS, T * STACK_SIZE, 0, NUM_TILES - 1)
RNG_STUCK = _c.rng_stuck()
SETUP = _c.check("sides: not the Mountain of the player count")
SUPPLY = _c.check("holdings: more Gold or Knights than the supply can give (M13)")
STACKS = _c.check("stacks/stack_tops: a stack is not its own tiles, each once")
ROUND = _c.check("round: not the round the stacks have reached")
SLOTS = _c.check("slots: a face-up tile that is not its stack's last turned one")
REMAINING = _c.check("remaining_*: not the face-down tiles of the stacks")
POINTS = _c.check("points: not the points of the Buildings")
KNOWLEDGE = _c.check("unseen/slack/group: not what the viewers can know")
CHOICES = _c.check("pending_choice/revealed_contract/hand: choices not possible now")
ORDER = _c.check("pick_order: not an order of the seats who bought")
ENTRY = _c.check("entry_*: an amount entry not possible now")
TURN = _c.check("step/actor/turn: the seat to act does not match the step")
HAND = _c.check("hand: more Contracts gone from a hand than rounds begun (D12, D20)")
STATE_FIELDS, FIELD_TABLE, FIELD_COVERAGE = _c.export(L.STATE_SIZE)
CONFIG_FIELDS = (("players", L.NUM_PLAYERS), ("start player", -1))


@njit(cache=True)
def _stacks_ok(state, n):
    for t in range(T):
        base = L.STACKS + t * STACK_SIZE
        top = state[L.STACK_TOP + t]
        if TYPE_MIN_PLAYERS[t] > n:
            if (top != STACK_SIZE or state[L.SLOT + t] != -1
                    or not all_equal(state, base, STACK_SIZE, 0)):
                return STACKS
            continue
        seen = np.zeros(STACK_SIZE, np.int64)
        for k in range(STACK_SIZE):
            tile = state[base + k]
            if tile // STACK_SIZE != t or seen[tile % STACK_SIZE]:
                return STACKS
            seen[tile % STACK_SIZE] = 1
        if TILE_STARTING[t * STACK_SIZE] and state[base] != t * STACK_SIZE:
            return STACKS
        if not state[L.ROUND] <= top <= state[L.ROUND] + 1:
            return ROUND  # one tile turned at setup, one more in each round's Phase 3
        slot = state[L.SLOT + t]
        if slot >= 0 and slot != state[base + top - 1]:
            return SLOTS
        buildings = gold = calendars = invasions = 0
        for k in range(top, STACK_SIZE):
            tile = state[base + k]
            kind = TILE_KIND[tile]
            if kind == BUILDING:
                buildings += 1
                gold += TILE_GOLD[tile]
            elif kind == CALENDAR:
                calendars += 1
            elif kind == INVASION:
                invasions += 1
        if (state[L.REM_BUILDINGS + t] != buildings or state[L.REM_GOLD + t] != gold
                or state[L.REM_CALENDARS + t] != calendars
                or state[L.REM_INVASIONS + t] != invasions):
            return REMAINING
    for t in range(T):
        if TYPE_MIN_PLAYERS[t] > n:
            for s in range(n):
                if state[L.BLD + s * T + t] != 0 or state[L.TUCK + s * T + t] != 0:
                    return STACKS
    return 0


@njit(cache=True)
def _knowledge_ok(state, n):
    """Per viewer and currency: seats beyond the table and the viewer itself known exactly;
    group labels are each group's smallest seat; a group's unseen amounts cancel, except the
    shut chest's amount missing for the other viewers from the group of its two parties."""
    shut = state[L.STEP] == L.CHEST_RESPONSE
    offerer = state[L.ACT_SEAT]
    target = state[L.CHEST_TARGET_SEAT]
    for v in range(P):
        for c in range(2):
            for s in range(P):
                k = (v * P + s) * 2 + c
                if v >= n or s >= n or s == v:
                    if (state[L.GROUP + k] != s or state[L.UNSEEN + k] != 0
                            or state[L.SLACK + k] != 0):
                        return False
                    continue
                group = state[L.GROUP + k]
                if group == v or group > s or group >= n:
                    return False
                if state[L.GROUP + (v * P + group) * 2 + c] != group:
                    return False
                if state[L.SLACK + k] > state[L.HOLD + s * 2 + c]:
                    return False
            if v >= n:
                continue
            if (shut and c == state[L.CHEST_CURRENCY] and offerer >= 0 and target >= 0
                    and v != offerer and v != target
                    and state[L.GROUP + (v * P + offerer) * 2 + c]
                    != state[L.GROUP + (v * P + target) * 2 + c]):
                return False  # the shut chest links its parties for the other viewers
            for g in range(n):
                total = 0
                offerer_in = False
                for s in range(n):
                    if state[L.GROUP + (v * P + s) * 2 + c] == g:
                        total += state[L.UNSEEN + (v * P + s) * 2 + c]
                        offerer_in = offerer_in or s == offerer
                expected = 0
                if (shut and offerer_in and c == state[L.CHEST_CURRENCY]
                        and v != offerer and v != target):
                    expected = -state[L.CHEST_X]
                if total != expected:
                    return False
        for s in range(P):
            chests = state[L.UNSEEN_CHESTS + v * P + s]
            if (v >= n or s >= n or s == v) and chests != 0:
                return False
    return True


@njit(cache=True)
def _choices_ok(state, n, step):
    """Simultaneous choices are committed by the seats already asked, in turn order."""
    start = state[L.START]
    for k in range(n):
        seat = (start + k) % n
        pending = state[L.PENDING + seat]
        asked = k < state[L.TURN]
        if step == L.CHOOSE_CONTRACT:
            if asked != (pending >= 0):
                return False
            if pending >= 0 and (pending >= NUM_CONTRACTS
                                 or not (state[L.HAND + seat] >> pending) & 1):
                return False
            if state[L.REVEALED + seat] != -1:
                return False
        elif step == L.INVASION:
            if asked != (pending >= 0) or pending > L.INVADE_KNIGHTS:
                return False
            if 0 <= pending < T and state[L.BLD + seat * T + pending] == 0:
                return False  # a Building it does not own
            if pending == L.INVADE_KNIGHTS and state[L.HOLD + seat * 2 + KNIGHTS] < \
                    INVASION_KNIGHTS and total_buildings(state, seat) > 0:
                return False  # D42: Knights only when it has them or nothing else
        elif step != L.BID_AMOUNT and pending != -1:
            return False
    if step == L.BID_AMOUNT:
        activator = state[L.ACT_SEAT]
        for k in range(n):
            seat = (activator + k) % n
            pending = state[L.PENDING + seat]
            if (k < state[L.TURN]) != (pending >= 0):
                return False
            if pending > state[L.HOLD + seat * 2 + TYPE_BID_CURRENCY[state[L.ACT_TYPE]]]:
                return False
    if step == L.PICK_TILE or (L.ACTIVATE <= step <= L.INVASION and step != L.CHOOSE_CONTRACT):
        for seat in range(n):
            if state[L.REVEALED + seat] < 0 and step == L.PICK_TILE:
                return False
    return True


@njit(cache=True)
def _order_ok(state, n):
    length = state[L.ORDER_LEN]
    seen = np.zeros(P, np.int64)
    return (distinct(state, L.ORDER, length, P, seen)
            and all_equal(state, L.ORDER + length, P - length, -1))


@njit(cache=True)
def _turn_ok(state, n, step):
    actor = state[L.ACTOR]
    start = state[L.START]
    turn = state[L.TURN]
    act_type = state[L.ACT_TYPE]
    act_seat = state[L.ACT_SEAT]
    if step == L.OVER:
        return actor == -1
    if actor < 0:
        return False
    if step == L.CHOOSE_CONTRACT or step == L.INVASION:
        if step == L.INVASION and state[L.INVASIONS_LEFT] == 0:
            return False
        return turn < n and actor == (start + turn) % n
    if step == L.PICK_TILE:
        return turn < state[L.ORDER_LEN] and actor == state[L.ORDER + turn]
    if step == L.ACTIVATE:
        return state[L.ACT_TURN] < n and actor == (start + state[L.ACT_TURN]) % n
    if state[L.ACT_TURN] >= n or act_seat != (start + state[L.ACT_TURN]) % n or act_type < 0:
        return False
    if state[L.CHEST_MOVED] != -1 or state[L.AUCTION_WINNER] != -1:
        return False  # this turn's chest or auction is not settled yet
    if L.CHEST_TARGET <= step <= L.CHEST_TAKE:
        if TYPE_ACTION[act_type] != CHEST or state[L.CHEST_CURRENCY] != \
                TYPE_CHEST_CURRENCY[act_type]:
            return False
        if state[L.STAKE] != 0 or state[L.BID_HIGH] != -1:
            return False
        target = state[L.CHEST_TARGET_SEAT]
        response = state[L.CHEST_RESPONSE_KIND]
        if step != L.CHEST_TAKE and response != L.NO_RESPONSE:
            return False
        if step == L.CHEST_TARGET:
            return actor == act_seat and target == -1 and state[L.CHEST_TYPE] == -1
        if target < 0 or target == act_seat:
            return False
        if step == L.CHEST_BUILDING:
            return actor == act_seat and state[L.CHEST_TYPE] == -1
        chest_type = state[L.CHEST_TYPE]
        if chest_type < 0:
            return False
        if step == L.CHEST_AMOUNT or step == L.CHEST_RESPONSE:
            owner = act_seat if step == L.CHEST_AMOUNT else target
            return actor == owner and state[L.BLD + target * T + chest_type] > 0
        return actor == target and response == L.MATCHED
    if TYPE_ACTION[act_type] == CHEST or state[L.STAKE] != TYPE_STAKE[act_type]:
        return False
    if (state[L.CHEST_TARGET_SEAT] != -1 or state[L.CHEST_TYPE] != -1
            or state[L.CHEST_CURRENCY] != -1 or state[L.CHEST_RESPONSE_KIND] != L.NO_RESPONSE):
        return False
    if step == L.BID_AMOUNT:
        return turn < n and actor == (act_seat + turn) % n and state[L.BID_HIGH] == -1
    return actor == act_seat and state[L.BID_HIGH] > 0  # AUCTION_TIEBREAK


@njit(cache=True)
def _entry_ok(state, step):
    left = state[L.ENTRY_LEFT]
    if step != L.CHEST_AMOUNT and step != L.BID_AMOUNT:
        return left == 0 and state[L.ENTRY_REG] == 0 and state[L.ENTRY_CAP] == 0
    if not 1 <= left <= state[L.ENTRY_LEN]:
        return False
    currency = state[L.CHEST_CURRENCY] if step == L.CHEST_AMOUNT else \
        TYPE_BID_CURRENCY[state[L.ACT_TYPE]]
    if state[L.ENTRY_CAP] != state[L.HOLD + state[L.ACTOR] * 2 + currency]:
        return False
    scale = 1
    for _ in range(left):
        scale *= 10
    return state[L.ENTRY_REG] * scale <= state[L.ENTRY_CAP]


@njit(VALIDATE, cache=True)
def validate_state(state):
    """0 if `state` is a Dragon's Interest state the rules can reach, else the code of its
    first bad field (STATE_FIELDS[code] names it)."""
    code = check_head(state, FIELD_TABLE, P, L.RNG, RNG_STUCK)
    if code:
        return code
    n = state[L.NUM_PLAYERS]
    step = state[L.STEP]
    if state[L.SIDES] != RING_SIZE[n] or state[L.DRAGON] >= state[L.SIDES]:
        return SETUP
    for c in range(2):
        if strided_sum(state, L.HOLD + c, n, 2) > SUPPLY_BOUND[c]:
            return SUPPLY
    code = _stacks_ok(state, n)
    if code:
        return code
    for s in range(n):
        if state[L.POINTS + s] != points(state, s):
            return POINTS
    if not _knowledge_ok(state, n):
        return KNOWLEDGE
    for s in range(n):
        held = 0
        for c in range(NUM_CONTRACTS):
            held += (state[L.HAND + s] >> c) & 1
        if NUM_CONTRACTS - held > state[L.ROUND]:
            return HAND
    if step in (L.AUTO_PHASE2, L.AUTO_PHASE3, L.AUTO_PHASE4, L.AUTO_ROUND):
        return TURN  # automatic steps never wait for a decision
    if not _choices_ok(state, n, step):
        return CHOICES
    if not _order_ok(state, n):
        return ORDER
    if not _entry_ok(state, step):
        return ENTRY
    if step != L.CHEST_RESPONSE and state[L.CHEST_X] != 0:
        return ENTRY
    if step != L.BID_AMOUNT and step != L.AUCTION_TIEBREAK and state[L.STAKE] != 0:
        return TURN
    if not _turn_ok(state, n, step):
        return TURN
    return 0
