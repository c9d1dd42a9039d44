"""Armies: placing Dwarf cards and Cognars, Pariah tokens, lines of ranks and recruitment
rules (rulebook pp. 7-10, 14-16)."""

from numba import njit

from aquilon_env.data import (
    COGNAR_KIND,
    COGNAR_MALT,
    COGNAR_OCCULT,
    COGNAR_ORDER,
    COGNAR_POINTS,
    COGNAR_RANKS,
    COGNAR_RUNES,
    DWARF_MALT,
    DWARF_OCCULT,
    DWARF_ORDER,
    DWARF_POINTS,
    DWARF_RANKS,
    DWARF_RUNE,
    GAAT,
    GAAT_EXTRA_RANKS_ARR,
    GAAT_POINTS_ARR,
    NUM_ORDERS,
    NUM_RECRUITABLE,
    Kind,
    Order,
)
from aquilon_env.engine.layout import (
    ARMY,
    ARMY_COUNT,
    COGNAR_COLUMN,
    COGNAR_OWNER,
    COL_FLAT,
    COL_POINTS,
    COL_RANKS,
    LINES,
    MALT,
    MAX_ARMY,
    MAX_WANDERERS,
    MERC_NEED,
    MERC_PREV,
    OCCULT,
    PARIAH_FREE,
    PENDING,
    RUNE_MASK,
    UNIQUE_RUNES,
    WAND_COUNT,
    WAND_COVERED,
    WAND_COVERED_COUNT,
    WAND_VALUE,
    WAND_VALUES_SEEN,
    WAND_VISIBLE,
)

COLOURED = int(Kind.COLOURED)
WHITE = int(Kind.WHITE)
BLACK = int(Kind.BLACK)
WANDERERS = int(Order.WANDERERS)


@njit(cache=True)
def complete_lines(state, seat):
    """Number of complete lines: the fewest ranks among the five columns."""
    base = COL_RANKS + seat * NUM_ORDERS
    lines = state[base]
    for c in range(1, NUM_ORDERS):
        lines = min(lines, state[base + c])
    return lines


@njit(cache=True)
def count_new_lines(state, seat):
    """Add the lines completed since the last count to the Cognars to recruit."""
    lines = complete_lines(state, seat)
    new = lines - state[LINES + seat]
    if new > 0:
        state[PENDING] += new
        state[LINES + seat] = lines


@njit(cache=True)
def place_dwarf(state, seat, card):
    """Put a Dwarf card in its column; a Wanderers card whose value is already in the Wanderers
    column (a Dwarf card or a Cognar placed there, Q5) gets a Pariah token (p. 7)."""
    order = DWARF_ORDER[card]
    state[ARMY + seat * MAX_ARMY + state[ARMY_COUNT + seat]] = card
    state[ARMY_COUNT + seat] += 1
    state[COL_RANKS + seat * NUM_ORDERS + order] += DWARF_RANKS[card]
    state[MALT + seat] += DWARF_MALT[card]
    state[OCCULT + seat] += DWARF_OCCULT[card]
    if DWARF_RUNE[card] > 0:
        state[RUNE_MASK + seat] |= 1 << (DWARF_RUNE[card] - 1)
    if order == WANDERERS:
        k = seat * MAX_WANDERERS + state[WAND_COUNT + seat]
        value = DWARF_POINTS[card]
        state[WAND_COUNT + seat] += 1
        state[WAND_VALUE + k] = value
        state[WAND_COVERED + k] = 0
        duplicate = (state[WAND_VALUES_SEEN + seat] >> value) & 1
        state[WAND_VALUES_SEEN + seat] |= 1 << value
        if duplicate and state[PARIAH_FREE] > 0:
            state[WAND_COVERED + k] = 1
            state[WAND_COVERED_COUNT + seat] += 1
            state[PARIAH_FREE] -= 1
        else:
            state[WAND_VISIBLE + seat] += value
    else:
        state[COL_POINTS + seat * NUM_ORDERS + order] += DWARF_POINTS[card]


@njit(cache=True)
def place_cognar(state, seat, cognar, column):
    """Put a recruited Cognar in the army (column for Black-rank and Ga'at) or Command zone."""
    state[COGNAR_OWNER + cognar] = seat
    kind = COGNAR_KIND[cognar]
    state[MALT + seat] += COGNAR_MALT[cognar]
    state[OCCULT + seat] += COGNAR_OCCULT[cognar]
    state[UNIQUE_RUNES + seat] += COGNAR_RUNES[cognar]
    if kind == WHITE:
        return
    if kind == COLOURED:
        column = COGNAR_ORDER[cognar]
    state[COGNAR_COLUMN + cognar] = column
    col = seat * NUM_ORDERS + column
    if column == WANDERERS:
        # Its value is now "a card of the same value in the Wanderers column" (p. 7, Q5).
        value = GAAT_POINTS_ARR[column] if cognar == GAAT else COGNAR_POINTS[cognar]
        state[WAND_VALUES_SEEN + seat] |= 1 << value
    if cognar == GAAT:
        state[COL_RANKS + col] += COGNAR_RANKS[cognar] + GAAT_EXTRA_RANKS_ARR[column]
        state[COL_POINTS + col] += GAAT_POINTS_ARR[column]
    elif kind == BLACK:
        state[COL_RANKS + col] += COGNAR_RANKS[cognar]
        state[COL_FLAT + col] += COGNAR_POINTS[cognar]
    else:
        state[COL_RANKS + col] += COGNAR_RANKS[cognar]
        state[COL_POINTS + col] += COGNAR_POINTS[cognar]


@njit(cache=True)
def line_completing_column(state, seat):
    """The one column where a single extra rank completes a new line, or -1 (p. 16)."""
    base = COL_RANKS + seat * NUM_ORDERS
    lines = complete_lines(state, seat)
    found = -1
    for c in range(NUM_ORDERS):
        if state[base + c] == lines:
            if found >= 0:
                return -1
            found = c
    return found


@njit(cache=True)
def mercenaries_available(state):
    """How many Black-rank Cognars are still on their holders."""
    n = 0
    for c in range(NUM_RECRUITABLE):
        if COGNAR_KIND[c] == BLACK and state[COGNAR_OWNER + c] < 0:
            n += 1
    return n


@njit(cache=True)
def can_recruit(state, seat, cognar):
    """Whether the actor may recruit `cognar` now.

    Mercenaries come at least in pairs (p. 16): one may start a run only if placing it completes
    a new line and another Mercenary remains; right after a lone one, only a Mercenary may follow;
    the last Mercenary left is never recruitable except as that pair.
    """
    if cognar >= NUM_RECRUITABLE or state[COGNAR_OWNER + cognar] >= 0:
        return False
    if COGNAR_KIND[cognar] == BLACK:
        if state[MERC_NEED] == 1:
            return True  # the pair of a run's starter, guaranteed when the starter came
        # "If only one Mercenary card remains available, you cannot recruit it" (p. 16, Q20):
        # neither as a run's starter nor as its third or later Mercenary.
        if mercenaries_available(state) < 2:
            return False
        return state[MERC_PREV] == 1 or line_completing_column(state, seat) >= 0
    return state[MERC_NEED] == 0


@njit(cache=True)
def any_recruitable(state, seat):
    """Whether at least one Cognar can be recruited by the actor now."""
    for c in range(NUM_RECRUITABLE):
        if can_recruit(state, seat, c):
            return True
    return False


@njit(cache=True)
def remove_token(state, seat, k):
    """Take the Pariah token off a Lord's k-th Wanderers card (end of the game)."""
    i = seat * MAX_WANDERERS + k
    state[WAND_COVERED + i] = 0
    state[WAND_COVERED_COUNT + seat] -= 1
    state[WAND_VISIBLE + seat] += state[WAND_VALUE + i]
    state[PARIAH_FREE] += 1


@njit(cache=True)
def distinct_runes(state, seat):
    """Different runes in the fortress-state: rune kinds on Dwarf cards plus unique runes."""
    mask = state[RUNE_MASK + seat]
    n = 0
    while mask:
        n += mask & 1
        mask >>= 1
    return n + state[UNIQUE_RUNES + seat]
