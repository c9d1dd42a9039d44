"""Phase 2, Activating Buildings (D22-D38): turns, income, the Treasure Chest and auctions."""

from numba import njit

from dragon_env.engine import layout as L
from dragon_env.engine.amounts import push_digit, set_entry_length, start_entry, take_amount
from dragon_env.engine.ledger import (
    chest_put,
    chest_settle,
    gain,
    holding,
    note_floor,
    pay,
)
from dragon_env.engine.scoring import update_points
from dragon_env.engine.tables import (
    ARENA,
    CHEST,
    GUILD,
    NUM_TYPES,
    TYPE_ACTION,
    TYPE_BID_CURRENCY,
    TYPE_CHEST_CURRENCY,
    TYPE_INCOME_ALL,
    TYPE_INCOME_CURRENCY,
    TYPE_STAKE,
    TYPE_STAKE_CURRENCY,
)


@njit(cache=True)
def buildings_of(state, seat, t):
    """Buildings of type t on a seat's Kingdom board."""
    return state[L.BLD + seat * NUM_TYPES + t]


@njit(cache=True)
def total_buildings(state, seat):
    """All Buildings on a seat's Kingdom board."""
    total = 0
    for t in range(NUM_TYPES):
        total += state[L.BLD + seat * NUM_TYPES + t]
    return total


@njit(cache=True)
def can_activate(state, seat, t):
    """D23, D32: owns the type; an auction also needs its stake after its own income."""
    own = buildings_of(state, seat, t)
    if own == 0:
        return False
    if t == ARENA or t == GUILD:
        currency = TYPE_STAKE_CURRENCY[t]
        return holding(state, seat, currency) + own >= TYPE_STAKE[t]
    return True


@njit(cache=True)
def is_chest_target(state, seat):
    """D26: an opponent with at least one Building."""
    return total_buildings(state, seat) > 0


@njit(cache=True)
def begin_phase2(state):
    """One lap of turns from the Start Player (D22, A1)."""
    state[L.ACT_TURN] = 0
    next_activation(state)


@njit(cache=True)
def next_activation(state):
    """Ask the next seat to activate or pass, or move on to Phase 3."""
    n = state[L.NUM_PLAYERS]
    if state[L.ACT_TURN] < n:
        state[L.STEP] = L.ACTIVATE
        state[L.ACTOR] = (state[L.START] + state[L.ACT_TURN]) % n
    else:
        state[L.STEP] = L.AUTO_PHASE3


@njit(cache=True)
def end_activation(state):
    """The turn is over."""
    state[L.ACT_TURN] += 1
    next_activation(state)


@njit(cache=True)
def _new_turn_record(state, seat, t):
    state[L.ACT_SEAT] = seat
    state[L.ACT_TYPE] = t
    state[L.CHEST_TARGET_SEAT] = -1
    state[L.CHEST_TYPE] = -1
    state[L.CHEST_CURRENCY] = -1
    state[L.CHEST_X] = 0
    state[L.CHEST_RESPONSE_KIND] = L.NO_RESPONSE
    state[L.CHEST_MOVED] = -1
    state[L.BID_HIGH] = -1
    state[L.AUCTION_WINNER] = -1
    for s in range(L.P):
        state[L.BID + s] = -1


@njit(cache=True)
def pass_turn(state, seat):
    """D22: the seat passes."""
    _new_turn_record(state, seat, -1)
    end_activation(state)


@njit(cache=True)
def activate(state, seat, t):
    """Income (D24), then the chest (D25-D30) or the auction (D31-D38)."""
    _new_turn_record(state, seat, t)
    n = state[L.NUM_PLAYERS]
    currency = TYPE_INCOME_CURRENCY[t]
    if TYPE_INCOME_ALL[t]:
        for s in range(n):
            gain(state, s, currency, buildings_of(state, s, t))
    else:
        gain(state, seat, currency, buildings_of(state, seat, t))
    if TYPE_ACTION[t] == CHEST:
        state[L.CHEST_CURRENCY] = TYPE_CHEST_CURRENCY[t]
        for k in range(1, n):
            if is_chest_target(state, (seat + k) % n):
                state[L.STEP] = L.CHEST_TARGET
                return
        end_activation(state)  # C8: nobody to offer to
        return
    stake = TYPE_STAKE[t]
    pay(state, seat, TYPE_STAKE_CURRENCY[t], stake)  # D33
    state[L.STAKE] = stake
    set_entry_length(state, TYPE_BID_CURRENCY[t])
    state[L.TURN] = 0
    _ask_bid(state)


@njit(cache=True)
def choose_target(state, offset):
    """D27: the opponent at clockwise `offset` gets the chest."""
    n = state[L.NUM_PLAYERS]
    state[L.CHEST_TARGET_SEAT] = (state[L.ACTOR] + offset) % n
    state[L.STEP] = L.CHEST_BUILDING


@njit(cache=True)
def choose_building(state, t):
    """D27: the indicated type; then the amount."""
    state[L.CHEST_TYPE] = t
    currency = state[L.CHEST_CURRENCY]
    set_entry_length(state, currency)
    start_entry(state, state[L.ACTOR], currency)
    state[L.STEP] = L.CHEST_AMOUNT


@njit(cache=True)
def chest_digit(state, digit):
    """A digit of the chest amount; the last one puts the amount in and hands the chest over."""
    if not push_digit(state, digit):
        return
    offerer = state[L.ACTOR]
    target = state[L.CHEST_TARGET_SEAT]
    chest_put(state, offerer, target, state[L.CHEST_CURRENCY], take_amount(state))
    state[L.STEP] = L.CHEST_RESPONSE
    state[L.ACTOR] = target


@njit(cache=True)
def move_building(state, giver, taker, t):
    """One Building of type t changes boards; tucked Contracts stay (D29)."""
    state[L.BLD + giver * NUM_TYPES + t] -= 1
    state[L.BLD + taker * NUM_TYPES + t] += 1
    state[L.CHEST_MOVED] = t
    update_points(state)


@njit(cache=True)
def respond(state, matched):
    """D28: accept (the indicated Building goes to the offerer) or match (then take one)."""
    target = state[L.ACTOR]
    chest_settle(state, state[L.ACT_SEAT], target, state[L.CHEST_CURRENCY], matched)
    if matched:
        state[L.CHEST_RESPONSE_KIND] = L.MATCHED
        state[L.STEP] = L.CHEST_TAKE
        return
    state[L.CHEST_RESPONSE_KIND] = L.ACCEPTED
    move_building(state, target, state[L.ACT_SEAT], state[L.CHEST_TYPE])
    end_activation(state)


@njit(cache=True)
def take(state, t):
    """D28: after matching, the target takes an offerer's Building of type t."""
    move_building(state, state[L.ACT_SEAT], state[L.ACTOR], t)
    end_activation(state)


@njit(cache=True)
def _ask_bid(state):
    n = state[L.NUM_PLAYERS]
    seat = (state[L.ACT_SEAT] + state[L.TURN]) % n
    state[L.STEP] = L.BID_AMOUNT
    state[L.ACTOR] = seat
    start_entry(state, seat, TYPE_BID_CURRENCY[state[L.ACT_TYPE]])


@njit(cache=True)
def bid_digit(state, digit):
    """A digit of the actor's sealed bid (D34); bids are asked from the activator on (M7)."""
    if not push_digit(state, digit):
        return
    state[L.PENDING + state[L.ACTOR]] = take_amount(state)
    state[L.TURN] += 1
    if state[L.TURN] < state[L.NUM_PLAYERS]:
        _ask_bid(state)
        return
    _reveal_bids(state)


@njit(cache=True)
def _reveal_bids(state):
    """D35-D36: all zero returns the stake; one top bidder wins; a tie asks the activator."""
    n = state[L.NUM_PLAYERS]
    currency = TYPE_BID_CURRENCY[state[L.ACT_TYPE]]
    high = 0
    tied = 0
    for s in range(n):
        b = state[L.PENDING + s]
        state[L.PENDING + s] = -1
        state[L.BID + s] = b
        note_floor(state, s, currency, b)
        if b > high:
            high = b
            tied = 1
        elif b == high:
            tied += 1
    state[L.BID_HIGH] = high
    activator = state[L.ACT_SEAT]
    if high == 0:
        gain(state, activator, TYPE_STAKE_CURRENCY[state[L.ACT_TYPE]], state[L.STAKE])
        state[L.STAKE] = 0
        end_activation(state)
        return
    if tied > 1:
        state[L.STEP] = L.AUCTION_TIEBREAK
        state[L.ACTOR] = activator
        return
    for s in range(n):
        if state[L.BID + s] == high:
            settle(state, s)
            return


@njit(cache=True)
def settle(state, winner):
    """D37 (another seat wins: it takes the stake and pays its bid to the activator) or D38
    (the activator wins: it discards its bid, takes its stake back and as much again)."""
    t = state[L.ACT_TYPE]
    activator = state[L.ACT_SEAT]
    stake_currency = TYPE_STAKE_CURRENCY[t]
    bid_currency = TYPE_BID_CURRENCY[t]
    high = state[L.BID_HIGH]
    stake = state[L.STAKE]
    state[L.STAKE] = 0
    state[L.AUCTION_WINNER] = winner
    pay(state, winner, bid_currency, high)
    if winner == activator:
        gain(state, activator, stake_currency, 2 * stake)
    else:
        gain(state, winner, stake_currency, stake)
        gain(state, activator, bid_currency, high)
    end_activation(state)


@njit(cache=True)
def tiebreak(state, offset):
    """D36: the activator names the winner among the tied top bidders."""
    settle(state, (state[L.ACTOR] + offset) % state[L.NUM_PLAYERS])
