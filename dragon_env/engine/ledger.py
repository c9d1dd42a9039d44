"""Gold and Knights: gains, payments, the Treasure Chest, and what each viewer knows (M15).

For viewer v and seat p, in each currency, the state keeps
- UNSEEN[v, p]: holding minus v's tally (v's point estimate of the holding);
- SLACK[v, p]: holding minus v's floor (the lower bound v has proven, e.g. from a revealed bid);
- GROUP[v, p]: seats linked by chests v did not see form a group whose total v knows exactly
  (the tallies of a group sum to it); a seat alone in its group is known exactly.
Every change to a holding is public except a chest amount, seen by its two parties only (D30).
"""

from numba import njit

from dragon_env.engine import layout as L


@njit(cache=True)
def holding(state, seat, currency):
    """A seat's Gold (currency 0) or Knights (1)."""
    return state[L.HOLD + seat * 2 + currency]


@njit(cache=True)
def knowledge(viewer, seat, currency):
    """Index of (viewer, seat, currency) in UNSEEN, SLACK and GROUP."""
    return (viewer * L.P + seat) * 2 + currency


@njit(cache=True)
def gain(state, seat, currency, amount):
    """Add `amount` publicly (every floor moves up with the holding)."""
    state[L.HOLD + seat * 2 + currency] += amount


@njit(cache=True)
def note_floor(state, seat, currency, requirement):
    """A public fact: the seat holds at least `requirement` (a revealed bid, D34)."""
    slack = state[L.HOLD + seat * 2 + currency] - requirement
    for viewer in range(state[L.NUM_PLAYERS]):
        i = L.SLACK + knowledge(viewer, seat, currency)
        if slack < state[i]:
            state[i] = slack


@njit(cache=True)
def pay(state, seat, currency, amount):
    """Remove `amount` (at most the holding) publicly; no floor is above what is left."""
    state[L.HOLD + seat * 2 + currency] -= amount
    note_floor(state, seat, currency, 0)


@njit(cache=True)
def total_holdings(state, currency):
    """Sum of every seat's holdings of a currency: public, since only chests are hidden and they
    move amounts between seats."""
    total = 0
    for seat in range(state[L.NUM_PLAYERS]):
        total += state[L.HOLD + seat * 2 + currency]
    return total


@njit(cache=True)
def tally(state, viewer, seat, currency):
    """What `viewer` can count of seat's holding (exact for its own seat)."""
    k = knowledge(viewer, seat, currency)
    return state[L.HOLD + seat * 2 + currency] - state[L.UNSEEN + k]


@njit(cache=True)
def floor(state, viewer, seat, currency):
    """The lower bound `viewer` has proven for seat's holding."""
    k = knowledge(viewer, seat, currency)
    return state[L.HOLD + seat * 2 + currency] - state[L.SLACK + k]


@njit(cache=True)
def is_exact(state, viewer, seat, currency):
    """Whether `viewer` knows seat's holding exactly (alone in its group)."""
    n = state[L.NUM_PLAYERS]
    group = state[L.GROUP + knowledge(viewer, seat, currency)]
    for other in range(n):
        if other != seat and state[L.GROUP + knowledge(viewer, other, currency)] == group:
            return False
    return True


@njit(cache=True)
def _merge(state, viewer, a, b, currency):
    ga = state[L.GROUP + knowledge(viewer, a, currency)]
    gb = state[L.GROUP + knowledge(viewer, b, currency)]
    label = min(ga, gb)
    for seat in range(state[L.NUM_PLAYERS]):
        i = L.GROUP + knowledge(viewer, seat, currency)
        if state[i] == ga or state[i] == gb:
            state[i] = label


@njit(cache=True)
def hide_chest(state, viewer, offerer, target, currency, amount):
    """What `viewer`, no party of a chest of `amount` just put in, knows of it: the offerer's
    tally keeps the amount (unseen), its floor drops to 0, and the two parties' groups merge."""
    state[L.UNSEEN + knowledge(viewer, offerer, currency)] -= amount
    state[L.SLACK + knowledge(viewer, offerer, currency)] = state[L.HOLD + offerer * 2 + currency]
    _merge(state, viewer, offerer, target, currency)


@njit(cache=True)
def chest_put(state, offerer, target, currency, amount):
    """The offerer puts `amount` into the chest (D27). Only the target learns it; for everyone
    else the offerer's floor drops to 0 and the two seats' total becomes a group total."""
    i = L.HOLD + offerer * 2 + currency
    state[i] -= amount
    state[L.CHEST_X] = amount
    k = L.SLACK + knowledge(target, offerer, currency)
    state[k] = min(state[k], state[i])
    for viewer in range(state[L.NUM_PLAYERS]):
        if viewer == offerer or viewer == target:
            continue
        hide_chest(state, viewer, offerer, target, currency, amount)
        state[L.UNSEEN_CHESTS + viewer * L.P + offerer] += 1
        state[L.UNSEEN_CHESTS + viewer * L.P + target] += 1


@njit(cache=True)
def chest_settle(state, offerer, target, currency, matched):
    """Move the chest's money for the response (D28), seen by the two parties only. The chest
    is empty again: its amount is no longer in the state."""
    x = state[L.CHEST_X]
    state[L.CHEST_X] = 0
    t = L.HOLD + target * 2 + currency
    o = L.HOLD + offerer * 2 + currency
    if matched:
        state[t] -= x
        state[o] += 2 * x
        k = L.SLACK + knowledge(offerer, target, currency)
        state[k] = min(state[k], state[t])
    else:
        state[t] += x
    for viewer in range(state[L.NUM_PLAYERS]):
        if viewer == offerer or viewer == target:
            continue
        if matched:
            state[L.UNSEEN + knowledge(viewer, target, currency)] -= x
            state[L.UNSEEN + knowledge(viewer, offerer, currency)] += 2 * x
            state[L.SLACK + knowledge(viewer, target, currency)] = state[t]
            state[L.SLACK + knowledge(viewer, offerer, currency)] = state[o]
        else:
            state[L.UNSEEN + knowledge(viewer, target, currency)] += x
            state[L.SLACK + knowledge(viewer, target, currency)] += x


@njit(cache=True)
def publish_exact(state, seat, currency):
    """A holding becomes public exactly (D43, D49, C16): the seat leaves every viewer's group;
    the rest of its group keeps its known total (its smallest seat's tally absorbs the
    difference) and is known exactly if only one seat is left."""
    n = state[L.NUM_PLAYERS]
    for viewer in range(n):
        k = knowledge(viewer, seat, currency)
        group = state[L.GROUP + k]
        shift = state[L.UNSEEN + k]
        state[L.UNSEEN + k] = 0
        state[L.SLACK + k] = 0
        state[L.GROUP + k] = seat
        first = -1
        for other in range(n):
            j = knowledge(viewer, other, currency)
            if other != seat and state[L.GROUP + j] == group:
                if first < 0:
                    first = other
                    state[L.UNSEEN + j] += shift
                state[L.GROUP + j] = first
        if first >= 0 and is_exact(state, viewer, first, currency):
            state[L.SLACK + knowledge(viewer, first, currency)] = 0
