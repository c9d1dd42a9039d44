"""Observations (M10): float32 features in [-1, 1] of what one seat may know, or everything for
viewer -1.

Seats are relative to the viewer (block 0 is the viewer itself, then clockwise). Another seat's
Gold and Knights appear only as the viewer's knowledge of them (ledger: tally, floor, whether
exact); pending choices, the amount register and the chest amount only for the seats entitled
to them. Nothing depends on how far
the acting seat has got in a sealed entry: no step counter, no digit count for other seats.
"""

from numba import njit

from dragon_env.engine import layout as L
from dragon_env.engine.ledger import knowledge
from dragon_env.engine.tables import (
    BUILDING,
    CALENDAR,
    CONTRACT_IS_JESTER,
    CONTRACT_VALUE,
    GENEROUS_DRAGON,
    INVASION,
    JESTER_VALUE,
    NUM_CONTRACTS,
    NUM_TYPES,
    STACK_SIZE,
    TILE_GOLD,
    TILE_KIND,
    TYPE_MIN_PLAYERS,
)
from tabletop_core.observation import FULL_STATE, KNOWN, OWN, Block, Piece, lay_out
from tabletop_core.signatures import OBSERVE

_SEATS = "seat one-hot, relative to the viewer"
_TYPES = "Building type one-hot"

# The observation as named pieces, in vector order (docs/rules/dragon.md, M10).
PIECES = (
    Piece("num_players", (3,), "player count 3-5, one-hot"),
    Piece("round", (1,), "round / 9"),
    Piece("decision", (L.NUM_DECISIONS + 1,), "decision kind one-hot, the last: game over"),
    Piece("actor", (L.P,), "acting " + _SEATS),
    Piece("start_player", (L.P,), "Start Player, " + _SEATS),
    Piece("dragon", (NUM_TYPES,), "the Dragon's position (the next stack it passes), one-hot"),
    Piece("no_interest", (1,), "the no-interest flag"),
    Piece("calendars", (1,), "face-up Calendars / 6"),
    Piece("entry_len", (1,), "public length D of the amount entry under way / 5"),
    Piece("entry_register", (1,), "the acting seat's amount register / 100", OWN),
    Piece("entry_left", (1,), "the acting seat's digits left / 5", OWN),
    Piece("entry_cap", (1,), "the acting seat's cap / 100", OWN),
    Block("type", NUM_TYPES, (
        Piece("in_play", (1,), "the type is in play at this player count"),
        Piece("face_down", (1,), "face-down tiles left / 9"),
        Piece("slot", (6,), "face-up slot: empty, Building, its Gold / 16, Generous Dragon, "
              "Calendar, Invasion"),
        Piece("rem_buildings", (1,), "Buildings left face down / 9"),
        Piece("rem_gold", (1,), "their Gold / 100"),
        Piece("rem_calendars", (1,), "a Calendar left face down"),
        Piece("rem_invasions", (1,), "an Invasion left face down"),
    ), "per Building type: its stack and face-up slot"),
    # The latest Phase 2 turn (M17).
    Piece("turn_seat", (L.P,), "seat of the latest Phase 2 turn, " + _SEATS),
    Piece("turn_type", (NUM_TYPES,), "the type it activated, " + _TYPES),
    Piece("turn_pass", (1,), "the turn was a pass"),
    Piece("chest_target", (L.P,), "the chest's target, " + _SEATS),
    Piece("chest_type", (NUM_TYPES,), "the type the chest indicates, " + _TYPES),
    Piece("chest_response", (2,), "the target accepted, matched"),
    Piece("chest_moved", (NUM_TYPES,), "the type moved, " + _TYPES),
    Piece("chest_amount", (1,), "the chest amount X / 50 while it is shut", "offerer and target"),
    Piece("stake", (1,), "the auction's stake on the table / 6"),
    Piece("bids_revealed", (1,), "the bids are revealed"),
    Piece("high_bid", (1,), "the high bid / 50"),
    Piece("auction_winner", (L.P,), "the auction's winner, " + _SEATS),
    Piece("next_tiles", (NUM_TYPES, 4), "the next face-down tile of each stack by kind "
          "(Building: its Gold / 16, else 1)", FULL_STATE),
    Block("seat", L.P, (
        Piece("present", (1,), "1 for a seat in the game"),
        Piece("buildings", (NUM_TYPES,), "Buildings per type / 10"),
        Piece("buildings_total", (1,), "Buildings in all / 10"),
        Piece("hand", (NUM_CONTRACTS,), "Contracts in hand (C14)"),
        Piece("tucked", (NUM_TYPES,), "interest tucked under each type / 100"),
        Piece("revealed_value", (1,), "this round's revealed Contract's value / 17"),
        Piece("revealed", (1,), "a Contract is revealed"),
        Piece("revealed_void", (1,), "the revealed Contract is void"),
        Piece("built_gold", (1,), "Gold value built this round / 16"),
        Piece("committed", (1,), "has committed its pending choice"),
        Piece("bankrupt", (1,), "bankrupt"),
        Piece("holding_estimate", (2,), "Gold / 100 and Knights / 30: exact for the viewer, "
              "else the viewer's tally (M15)", KNOWN),
        Piece("holding_exact", (2,), "the viewer knows Gold, Knights exactly", KNOWN),
        Piece("bid", (1,), "revealed bid / 50"),
        Piece("bid_revealed", (1,), "has a revealed bid"),
        Piece("bid_top", (1,), "the bid is tied on top"),
        Piece("turn_done", (1,), "its Phase 2 turn is done"),
        Piece("points", (1,), "points as they would count now / 12"),
        Piece("invasion_loss", (2,), "latest Invasion loss: Knights, a Building"),
        Piece("interest_paid", (1,), "interest paid in the latest Phase 4 / 50"),
        Piece("pending_value", (1,), "its pending Contract, bid or Invasion choice (its own "
              "block only)", OWN),
        Piece("to_pick", (1,), "still to pick a tile"),
        Piece("holding_floor", (2,), "Gold / 100 and Knights / 30: exact for the viewer, "
              "else the viewer's floor (M15)", KNOWN),
        Piece("unseen_chests", (1,), "chests of that seat the viewer did not see / 8 (other "
              "seats' blocks only)", KNOWN),
    ), "per seat, clockwise from the viewer (block 0 is the viewer)"),
)
LAYOUT = lay_out(PIECES)
OBS_SIZE = LAYOUT.size
_at = LAYOUT.offsets.__getitem__
# Absolute offsets of the global pieces.
NUM_PLAYERS = _at("num_players")
ROUND = _at("round")
DECISION = _at("decision")
ACTOR = _at("actor")
START_PLAYER = _at("start_player")
DRAGON = _at("dragon")
NO_INTEREST = _at("no_interest")
CALENDARS = _at("calendars")
ENTRY_LEN = _at("entry_len")
ENTRY_REGISTER = _at("entry_register")
ENTRY_LEFT = _at("entry_left")
ENTRY_CAP = _at("entry_cap")
TURN_SEAT = _at("turn_seat")
TURN_TYPE = _at("turn_type")
TURN_PASS = _at("turn_pass")
CHEST_TARGET = _at("chest_target")
CHEST_TYPE = _at("chest_type")
CHEST_RESPONSE = _at("chest_response")
CHEST_MOVED = _at("chest_moved")
CHEST_AMOUNT = _at("chest_amount")
STAKE = _at("stake")
BIDS_REVEALED = _at("bids_revealed")
HIGH_BID = _at("high_bid")
AUCTION_WINNER = _at("auction_winner")
NEXT_TILES_AT = _at("next_tiles")  # the next face-down tile of each stack, full state only
NEXT_TILE_FEATURES = 4
# The type blocks: their start and size, each piece's offset within a block.
TYPES_AT = LAYOUT.starts["type"]
TYPE_FEATURES = LAYOUT.slots["type.in_play"].stride
T_IN_PLAY = _at("type.in_play")
T_FACE_DOWN = _at("type.face_down")
T_SLOT = _at("type.slot")
T_REM_BUILDINGS = _at("type.rem_buildings")
T_REM_GOLD = _at("type.rem_gold")
T_REM_CALENDARS = _at("type.rem_calendars")
T_REM_INVASIONS = _at("type.rem_invasions")
TURN_AT = TURN_SEAT  # the latest Phase 2 turn
# The seat blocks.
GLOBAL_FEATURES = LAYOUT.starts["seat"]
SEAT_FEATURES = LAYOUT.slots["seat.present"].stride
S_PRESENT = _at("seat.present")
S_BUILDINGS = _at("seat.buildings")
S_BUILDINGS_TOTAL = _at("seat.buildings_total")
S_HAND = _at("seat.hand")
S_TUCKED = _at("seat.tucked")
S_REVEALED_VALUE = _at("seat.revealed_value")
S_REVEALED = _at("seat.revealed")
S_REVEALED_VOID = _at("seat.revealed_void")
S_BUILT_GOLD = _at("seat.built_gold")
S_COMMITTED = _at("seat.committed")
S_BANKRUPT = _at("seat.bankrupt")
S_HOLDING_ESTIMATE = _at("seat.holding_estimate")
S_HOLDING_EXACT = _at("seat.holding_exact")
S_BID = _at("seat.bid")
S_BID_REVEALED = _at("seat.bid_revealed")
S_BID_TOP = _at("seat.bid_top")
S_TURN_DONE = _at("seat.turn_done")
S_POINTS = _at("seat.points")
S_INVASION_LOSS = _at("seat.invasion_loss")
S_INTEREST_PAID = _at("seat.interest_paid")
S_PENDING_VALUE = _at("seat.pending_value")
S_TO_PICK = _at("seat.to_pick")
S_HOLDING_FLOOR = _at("seat.holding_floor")
S_UNSEEN_CHESTS = _at("seat.unseen_chests")

# Scales as reciprocals: features are products, not divisions.
PER_GOLD = 1.0 / 100.0  # Gold
PER_KNIGHT = 1.0 / 30.0  # Knights
PER_AMOUNT = 1.0 / 50.0  # bids, chest amounts, interest
PER_COUNT = 1.0 / 10.0  # Buildings
PER_INTEREST = 1.0 / 100.0  # interest tucked under a type
PER_VALUE = 1.0 / 17.0  # Contract values
PER_TILE_GOLD = 1.0 / 16.0
PER_NINE = 1.0 / 9.0  # face-down tiles, rounds
PER_DIGITS = 1.0 / 5.0
PER_CHESTS = 1.0 / 8.0
PER_POINTS = 1.0 / 12.0
CURRENCY_SCALE = (PER_GOLD, PER_KNIGHT)


@njit(cache=True)
def _clip(x, per):
    return max(-1.0, min(1.0, x * per))


@njit(cache=True)
def _relative(seat, base, n):
    """Block index of `seat` as seen from `base` (no modulo: it is costly in the hot path)."""
    k = seat - base
    return k + n if k < 0 else k


@njit(cache=True)
def _one_hot_seat(out, at, seat, base, n):
    if seat >= 0:
        out[at + _relative(seat, base, n)] = 1.0


@njit(cache=True)
def _one_hot_type(out, at, t):
    if t >= 0:
        out[at + t] = 1.0


@njit(cache=True)
def _tile(out, at, tile):
    """Slot or next-tile features: empty, Building (with its Gold), Generous Dragon, Calendar,
    Invasion."""
    if tile < 0:
        out[at] = 1.0
        return
    kind = TILE_KIND[tile]
    if kind == BUILDING:
        out[at + 1] = 1.0
        out[at + 2] = TILE_GOLD[tile] * PER_TILE_GOLD
    elif kind == GENEROUS_DRAGON:
        out[at + 3] = 1.0
    elif kind == CALENDAR:
        out[at + 4] = 1.0
    elif kind == INVASION:
        out[at + 5] = 1.0


@njit(cache=True)
def _pending_value(state, seat):
    pending = state[L.PENDING + seat]
    if pending < 0:
        return 0.0
    step = state[L.STEP]
    if step == L.CHOOSE_CONTRACT:
        if CONTRACT_IS_JESTER[pending]:
            return JESTER_VALUE * PER_VALUE
        return CONTRACT_VALUE[pending] * PER_VALUE
    if step == L.BID_AMOUNT:
        return _clip(pending, PER_AMOUNT)
    return (pending + 1) / (NUM_TYPES + 1.0)


@njit(cache=True)
def _duplicated_groups(state, viewer, currency):
    """Bit g set when the viewer's group g holds more than one seat (its seats are not exact)."""
    seen = 0
    dup = 0
    for seat in range(state[L.NUM_PLAYERS]):
        bit = 1 << state[L.GROUP + knowledge(viewer, seat, currency)]
        dup |= seen & bit
        seen |= bit
    return dup


@njit(cache=True)
def _seat_block(state, out, at, seat, viewer, god, n, shared):
    t_base = seat * NUM_TYPES
    out[at + S_PRESENT] = 1.0
    total = 0
    for t in range(NUM_TYPES):
        b = state[L.BLD + t_base + t]
        total += b
        out[at + S_BUILDINGS + t] = _clip(b, PER_COUNT)
        out[at + S_TUCKED + t] = _clip(state[L.TUCK + t_base + t], PER_INTEREST)
    out[at + S_BUILDINGS_TOTAL] = _clip(total, PER_COUNT)
    hand = state[L.HAND + seat]
    for c in range(NUM_CONTRACTS):
        out[at + S_HAND + c] = (hand >> c) & 1
    card = state[L.REVEALED + seat]
    if card >= 0:
        out[at + S_REVEALED] = 1.0
        if state[L.VOID + seat]:
            out[at + S_REVEALED_VOID] = 1.0
        elif CONTRACT_IS_JESTER[card]:
            out[at + S_REVEALED_VALUE] = JESTER_VALUE * PER_VALUE
        else:
            out[at + S_REVEALED_VALUE] = CONTRACT_VALUE[card] * PER_VALUE
    out[at + S_BUILT_GOLD] = state[L.BUILT_GOLD + seat] * PER_TILE_GOLD
    out[at + S_COMMITTED] = state[L.PENDING + seat] >= 0
    out[at + S_BANKRUPT] = state[L.BANKRUPT + seat]
    if god or seat == viewer:
        for c in range(2):
            held = _clip(state[L.HOLD + seat * 2 + c], CURRENCY_SCALE[c])
            out[at + S_HOLDING_ESTIMATE + c] = held
            out[at + S_HOLDING_FLOOR + c] = held
            out[at + S_HOLDING_EXACT + c] = 1.0
        out[at + S_PENDING_VALUE] = _pending_value(state, seat)
    else:
        for c in range(2):
            k = knowledge(viewer, seat, c)
            held = state[L.HOLD + seat * 2 + c]
            out[at + S_HOLDING_ESTIMATE + c] = _clip(held - state[L.UNSEEN + k],
                                                     CURRENCY_SCALE[c])
            out[at + S_HOLDING_FLOOR + c] = _clip(held - state[L.SLACK + k], CURRENCY_SCALE[c])
            out[at + S_HOLDING_EXACT + c] = not (shared[c] >> state[L.GROUP + k]) & 1
        out[at + S_UNSEEN_CHESTS] = _clip(state[L.UNSEEN_CHESTS + viewer * L.P + seat],
                                          PER_CHESTS)
    bid = state[L.BID + seat]
    if bid >= 0:
        out[at + S_BID] = _clip(bid, PER_AMOUNT)
        out[at + S_BID_REVEALED] = 1.0
        high = state[L.BID_HIGH]
        out[at + S_BID_TOP] = high > 0 and bid == high
    out[at + S_TURN_DONE] = _relative(seat, state[L.START], n) < state[L.ACT_TURN]
    out[at + S_POINTS] = state[L.POINTS + seat] * PER_POINTS
    invaded = state[L.INVADED + seat]
    if invaded == L.INVADE_KNIGHTS:
        out[at + S_INVASION_LOSS] = 1.0
    elif invaded >= 0:
        out[at + S_INVASION_LOSS + 1] = 1.0
    out[at + S_INTEREST_PAID] = _clip(state[L.INTEREST_PAID + seat], PER_AMOUNT)
    if state[L.STEP] == L.PICK_TILE:
        for k in range(state[L.TURN], state[L.ORDER_LEN]):
            if state[L.ORDER + k] == seat:
                out[at + S_TO_PICK] = 1.0


@njit(OBSERVE, cache=True)
def observe(state, viewer, out):
    """Write the observation of seat `viewer` (-1: the full state) into out[:OBS_SIZE]."""
    out[:] = 0.0
    n = state[L.NUM_PLAYERS]
    god = viewer < 0
    base = 0 if god else viewer
    step = state[L.STEP]
    actor = state[L.ACTOR]
    out[NUM_PLAYERS + n - 3] = 1.0
    out[ROUND] = state[L.ROUND] * PER_NINE
    out[DECISION + min(step, L.NUM_DECISIONS)] = 1.0
    _one_hot_seat(out, ACTOR, actor, base, n)
    _one_hot_seat(out, START_PLAYER, state[L.START], base, n)
    out[DRAGON + state[L.DRAGON]] = 1.0
    out[NO_INTEREST] = state[L.NO_INTEREST]
    calendars = 0
    at = TYPES_AT
    for t in range(NUM_TYPES):
        tile = state[L.SLOT + t]
        if tile >= 0 and TILE_KIND[tile] == CALENDAR:
            calendars += 1
        out[at + T_IN_PLAY] = TYPE_MIN_PLAYERS[t] <= n
        out[at + T_FACE_DOWN] = (STACK_SIZE - state[L.STACK_TOP + t]) * PER_NINE
        _tile(out, at + T_SLOT, tile)
        out[at + T_REM_BUILDINGS] = state[L.REM_BUILDINGS + t] * PER_NINE
        out[at + T_REM_GOLD] = state[L.REM_GOLD + t] * PER_GOLD
        out[at + T_REM_CALENDARS] = state[L.REM_CALENDARS + t]
        out[at + T_REM_INVASIONS] = state[L.REM_INVASIONS + t]
        at += TYPE_FEATURES
    out[CALENDARS] = calendars * (1.0 / 6.0)
    if step == L.CHEST_AMOUNT or step == L.BID_AMOUNT:
        out[ENTRY_LEN] = _clip(state[L.ENTRY_LEN], PER_DIGITS)
        if god or actor == viewer:
            out[ENTRY_REGISTER] = _clip(state[L.ENTRY_REG], PER_GOLD)
            out[ENTRY_LEFT] = _clip(state[L.ENTRY_LEFT], PER_DIGITS)
            out[ENTRY_CAP] = _clip(state[L.ENTRY_CAP], PER_GOLD)
    act_seat = state[L.ACT_SEAT]
    _one_hot_seat(out, TURN_SEAT, act_seat, base, n)
    _one_hot_type(out, TURN_TYPE, state[L.ACT_TYPE])
    out[TURN_PASS] = act_seat >= 0 and state[L.ACT_TYPE] < 0
    target = state[L.CHEST_TARGET_SEAT]
    _one_hot_seat(out, CHEST_TARGET, target, base, n)
    _one_hot_type(out, CHEST_TYPE, state[L.CHEST_TYPE])
    response = state[L.CHEST_RESPONSE_KIND]
    out[CHEST_RESPONSE] = response == L.ACCEPTED
    out[CHEST_RESPONSE + 1] = response == L.MATCHED
    _one_hot_type(out, CHEST_MOVED, state[L.CHEST_MOVED])
    if god or viewer == act_seat or viewer == target:
        out[CHEST_AMOUNT] = _clip(state[L.CHEST_X], PER_AMOUNT)  # non-zero only while shut
    out[STAKE] = state[L.STAKE] * (1.0 / 6.0)
    out[BIDS_REVEALED] = state[L.BID_HIGH] >= 0
    out[HIGH_BID] = _clip(max(state[L.BID_HIGH], 0), PER_AMOUNT)
    _one_hot_seat(out, AUCTION_WINNER, state[L.AUCTION_WINNER], base, n)
    if god:
        at = NEXT_TILES_AT
        for t in range(NUM_TYPES):
            top = state[L.STACK_TOP + t]
            if top < STACK_SIZE:
                tile = state[L.STACKS + t * STACK_SIZE + top]
                kind = TILE_KIND[tile]
                out[at + kind] = TILE_GOLD[tile] * PER_TILE_GOLD if kind == BUILDING else 1.0
            at += NEXT_TILE_FEATURES
    shared = (0, 0)
    if not god:
        shared = (_duplicated_groups(state, viewer, 0), _duplicated_groups(state, viewer, 1))
    for k in range(n):
        seat = base + k - n if base + k >= n else base + k
        _seat_block(state, out, GLOBAL_FEATURES + k * SEAT_FEATURES, seat, viewer, god, n, shared)
