"""Amounts entered digit by digit (M4): a fixed, public number of digits per entry.

The length is the number of decimal digits of the public total of the currency over all seats,
which bounds every seat's holdings; so the number of actions an entry takes never depends on the
amount nor on the entering seat's hidden holdings, and every amount 0..cap is reachable.
"""

from numba import njit

from dragon_env.engine import layout as L
from dragon_env.engine.ledger import holding, total_holdings
from dragon_env.engine.tables import POW10


@njit(cache=True)
def num_digits(value):
    """Decimal digits of a non-negative number (1 for 0)."""
    digits = 1
    while value >= 10:
        value //= 10
        digits += 1
    return digits


@njit(cache=True)
def set_entry_length(state, currency):
    """Fix the public length of the entries of this chest or auction."""
    state[L.ENTRY_LEN] = num_digits(total_holdings(state, currency))


@njit(cache=True)
def start_entry(state, seat, currency):
    """Seat `seat` starts entering an amount of at most its holdings of `currency`."""
    state[L.ENTRY_REG] = 0
    state[L.ENTRY_LEFT] = state[L.ENTRY_LEN]
    state[L.ENTRY_CAP] = holding(state, seat, currency)


@njit(cache=True)
def digit_mask(state, mask):
    """Legal digits: those that leave some completion at most the cap."""
    scale = POW10[state[L.ENTRY_LEFT] - 1]
    base = state[L.ENTRY_REG] * 10
    cap = state[L.ENTRY_CAP]
    for d in range(10):
        if (base + d) * scale > cap:
            break
        mask[L.A_DIGIT + d] = 1


@njit(cache=True)
def push_digit(state, digit):
    """Append a digit; True when the entry is complete (then read it with `take_amount`)."""
    state[L.ENTRY_REG] = state[L.ENTRY_REG] * 10 + digit
    state[L.ENTRY_LEFT] -= 1
    return state[L.ENTRY_LEFT] == 0


@njit(cache=True)
def take_amount(state):
    """The amount just entered; the private register and cap are cleared."""
    amount = state[L.ENTRY_REG]
    state[L.ENTRY_REG] = 0
    state[L.ENTRY_CAP] = 0
    return amount
