"""Amounts entered digit by digit (engine/amounts.py): the digit that leads to an amount."""

from numba import njit

from dragon_env.engine import layout as L
from dragon_env.engine.tables import POW10


@njit(cache=True)
def enter_digit(state, mask, amount):
    """The next digit of `amount` (clamped to the entering seat's cap) in the entry under way
    (M4: a fixed number of digits, most significant first)."""
    amount = max(0, min(amount, state[L.ENTRY_CAP]))
    scale = POW10[state[L.ENTRY_LEFT] - 1]
    prefix = state[L.ENTRY_REG]
    head = amount // (scale * 10)
    if head == prefix:
        digit = (amount // scale) % 10
    elif head > prefix:
        digit = 9
    else:
        digit = 0
    while digit > 0 and not mask[L.A_DIGIT + digit]:
        digit -= 1
    return L.A_DIGIT + digit
