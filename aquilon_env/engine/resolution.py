"""Turn flow: Entrance, bids, revealing each tavern, the active Lords' turns with every effect
they trigger, gem exchanges, the end of each Era (rulebook pp. 6-13).

`resolve` runs every automatic step until a Lord faces a decision (PHASE) or the game ends.
"""

from numba import njit

from aquilon_env.data import (
    ARAL,
    BRUM,
    COGNAR_KIND,
    COGNAR_POWER,
    COGNAR_POWER_AMOUNT,
    DWARF_ORDER,
    ELITE_ORDER,
    GAAT,
    NUM_ELITES,
    NUM_ORDERS,
    NUM_TAVERNS,
    ORDO,
    REDWIN,
    Order,
    Power,
)
from aquilon_env.engine import layout as L
from aquilon_env.engine.army import (
    BLACK,
    WHITE,
    any_recruitable,
    count_new_lines,
    line_completing_column,
    place_cognar,
    place_dwarf,
)
from aquilon_env.engine.talions import (
    exchange_purse,
    is_exchange_talion,
    kardum_exchange,
    ordo_exchange,
    sort_hand,
    upgrade_talion,
)
from tabletop_core.rng import shuffle_slice

TALION_ORDER = int(Order.TALION)


@njit(cache=True)
def start_turn(state):
    """Entrance of the dwarves (p. 8) and the opening of the bids."""
    n = state[L.NUM_PLAYERS]
    per = state[L.PER_TAVERN]
    if state[L.ERA] == 1:
        deck, pos_at = L.DECK1, L.DECK1_POS
    else:
        deck, pos_at = L.DECK2, L.DECK2_POS
    for t in range(NUM_TAVERNS):
        for s in range(L.MAX_TAVERN_CARDS):
            card = -1
            if s < per:
                card = state[deck + state[pos_at]]
                state[pos_at] += 1
            state[L.TAVERN_CARDS + t * L.MAX_TAVERN_CARDS + s] = card
    for seat in range(n):
        sort_hand(state, seat)
        state[L.BID_DONE + seat] = 0
        for pos in range(L.TALIONS):
            state[L.TAL_KNOWN + seat * L.TALIONS + pos] = 0
    state[L.PHASE] = L.BID
    state[L.BID_SEAT] = 0
    state[L.ACTOR] = 0


@njit(cache=True)
def tavern_card_count(state):
    """Cards left in the tavern being resolved, and the slot of the last one seen."""
    base = L.TAVERN_CARDS + state[L.TAVERN] * L.MAX_TAVERN_CARDS
    count = 0
    slot = -1
    for s in range(L.MAX_TAVERN_CARDS):
        if state[base + s] >= 0:
            count += 1
            slot = s
    return count, slot


@njit(cache=True)
def begin_tavern(state, tavern):
    """Reveal the bids on one tavern and order the Lords: talion value, then gem (p. 9)."""
    n = state[L.NUM_PLAYERS]
    state[L.TAVERN] = tavern
    for seat in range(n):
        i = seat * L.TALIONS + tavern
        state[L.REVEAL + seat] = state[L.TAL_VAL + i]
        state[L.TAL_KNOWN + i] = 1
        state[L.ORDER + seat] = seat
    for i in range(1, n):
        j = i
        while j > 0:
            a = state[L.ORDER + j - 1]
            b = state[L.ORDER + j]
            key_a = state[L.REVEAL + a] * 8 + state[L.GEMS + a]
            key_b = state[L.REVEAL + b] * 8 + state[L.GEMS + b]
            if key_a >= key_b:
                break
            state[L.ORDER + j - 1] = b
            state[L.ORDER + j] = a
            j -= 1
    state[L.ORDER_POS] = 0
    start_lord_turn(state)


@njit(cache=True)
def start_lord_turn(state):
    """Make the next Lord in the tavern's order the active Lord."""
    state[L.ACTOR] = state[L.ORDER + state[L.ORDER_POS]]
    state[L.PICKED] = 0
    state[L.PENDING] = 0
    state[L.MERC_PREV] = 0
    state[L.MERC_NEED] = 0
    state[L.PLACING] = -1
    state[L.NEED_PURSE_UPGRADE] = 0
    state[L.NEED_DERDHR] = 0
    state[L.NEED_SVARA] = 0
    state[L.SVARA_COUNT] = 0
    state[L.EXCHANGED] = 0
    two_lords_second_tavern = state[L.NUM_PLAYERS] == 2 and state[L.TAVERN] == 1
    state[L.DISCARD_PENDING] = 1 if two_lords_second_tavern and state[L.ORDER_POS] == 0 else 0


@njit(cache=True)
def receive_dwarf(state, seat, card):
    """A Dwarf card joins the army: Talion upgrade (p. 7) and the lines it completes."""
    place_dwarf(state, seat, card)
    if DWARF_ORDER[card] == TALION_ORDER:
        # The talion that recruited it is the one on the tavern being resolved.
        if is_exchange_talion(state, seat, state[L.TAVERN]):
            state[L.NEED_PURSE_UPGRADE] = 1
        else:
            upgrade_talion(state, seat, state[L.TAVERN], 1)
    count_new_lines(state, seat)


@njit(cache=True)
def take_tavern_card(state, slot):
    """The active Lord takes the card in `slot` of the tavern being resolved."""
    i = L.TAVERN_CARDS + state[L.TAVERN] * L.MAX_TAVERN_CARDS + slot
    card = state[i]
    state[i] = -1
    state[L.PICKED] = 1
    receive_dwarf(state, state[L.ACTOR], card)


@njit(cache=True)
def recruit(state, cognar):
    """The active Lord recruits a Cognar and applies what it does on arrival (pp. 14-16)."""
    seat = state[L.ACTOR]
    state[L.PENDING] -= 1
    kind = COGNAR_KIND[cognar]
    if kind == BLACK:
        starter = state[L.MERC_PREV] == 0
        state[L.MERC_PREV] = 1
        if starter:
            # A lone Mercenary must complete a new line and wait for its pair.
            state[L.MERC_NEED] = 1
            place_cognar(state, seat, cognar, line_completing_column(state, seat))
            count_new_lines(state, seat)
        else:
            state[L.MERC_NEED] = 0
            state[L.COGNAR_OWNER + cognar] = seat
            state[L.PLACING] = cognar
        return
    state[L.MERC_PREV] = 0
    place_cognar(state, seat, cognar, -1)
    power = COGNAR_POWER[cognar]
    if power == Power.SVARA_LOOK:
        state[L.NEED_SVARA] = 1
    elif power == Power.DERDHR_UPGRADE:
        state[L.NEED_DERDHR] = 1
    elif power == Power.KARDUM_EXCHANGE:
        kardum_exchange(state, seat)
    elif power == Power.REMOVE_TOKENS:
        state[L.TOKENS_LEFT + seat] += COGNAR_POWER_AMOUNT[cognar]
    elif power == Power.OBERON_ALLY:
        state[L.COGNAR_OWNER + GAAT] = seat
        state[L.PLACING] = GAAT
    if kind != WHITE:
        count_new_lines(state, seat)


@njit(cache=True)
def place_waiting_cognar(state, column):
    """Put the Cognar waiting for a column (a Mercenary or Ga'at) in `column`."""
    seat = state[L.ACTOR]
    cognar = state[L.PLACING]
    state[L.PLACING] = -1
    place_cognar(state, seat, cognar, column)
    count_new_lines(state, seat)


@njit(cache=True)
def svara_prepare(state):
    """How many Era 2 cards Svara shows: 5, or the last one face down in the last turn."""
    remaining = state[L.DECK2_LEN] - state[L.DECK2_POS]
    last_turn = state[L.ERA] == 2 and state[L.TURN] == state[L.TURNS] - 1
    count = min(1 if last_turn else 5, remaining)
    state[L.SVARA_COUNT] = count
    return count


@njit(cache=True)
def svara_take(state, k):
    """Take the k-th looked-at card, shuffle the others back into the Era 2 deck."""
    pos = state[L.DECK2_POS]
    card = state[L.DECK2 + pos + k]
    state[L.DECK2 + pos + k] = state[L.DECK2 + pos]
    state[L.DECK2 + pos] = card
    state[L.DECK2_POS] = pos + 1
    shuffle_slice(state, L.RNG, L.DECK2 + pos + 1, state[L.DECK2_LEN] - pos - 1)
    state[L.SVARA_COUNT] = 0
    state[L.NEED_SVARA] = 0
    receive_dwarf(state, state[L.ACTOR], card)


@njit(cache=True)
def exchange_gems(state):
    """After a tavern, Lords tied on a talion value reverse their gems (p. 10): 2 swap, 3 swap
    the outer two, 4 swap outer and inner pairs, 5 as 4 with the median kept."""
    n = state[L.NUM_PLAYERS]
    a = 0
    while a < n:
        value = state[L.REVEAL + state[L.ORDER + a]]
        b = a + 1
        while b < n and state[L.REVEAL + state[L.ORDER + b]] == value:
            b += 1
        # ORDER[a:b] is sorted by gem, highest first: reverse the gems along it.
        for k in range((b - a) // 2):
            s1 = state[L.ORDER + a + k]
            s2 = state[L.ORDER + b - 1 - k]
            g = state[L.GEMS + s1]
            state[L.GEMS + s1] = state[L.GEMS + s2]
            state[L.GEMS + s2] = g
        a = b


@njit(cache=True)
def evaluate_orders(state):
    """End of Era 1 (p. 12): Elite Cognars by majority of ranks (ties: nobody), in holder
    order, then the Liquor Certification by Malt symbols."""
    n = state[L.NUM_PLAYERS]
    for h in range(NUM_ELITES):
        elite = state[L.ELITE_HOLDER + h]
        seat = unique_leader(state, L.COL_RANKS, NUM_ORDERS, ELITE_ORDER[elite], n)
        if seat < 0:
            continue
        state[L.ELITE_OWNER + elite] = seat
        if elite == ARAL:
            state[L.OCCULT + seat] += 1
        elif elite == REDWIN:
            state[L.UNIQUE_RUNES + seat] += 1
        elif elite == ORDO:
            ordo_exchange(state, seat)
        elif elite == BRUM:
            state[L.TOKENS_LEFT + seat] += 1
    state[L.LIQUOR_OWNER] = unique_leader(state, L.MALT, 1, 0, n)


@njit(cache=True)
def unique_leader(state, offset, stride, index, n):
    """The seat with strictly the most of state[offset + seat * stride + index] (> 0), or -1."""
    best = -1
    best_value = 0
    tied = False
    for seat in range(n):
        v = state[offset + seat * stride + index]
        if v > best_value:
            best = seat
            best_value = v
            tied = False
        elif v == best_value and v > 0:
            tied = True
    return -1 if tied else best


@njit(cache=True)
def next_token_seat(state, first):
    """The first seat from `first` that may still remove a Pariah token, or -1."""
    for seat in range(first, state[L.NUM_PLAYERS]):
        if state[L.TOKENS_LEFT + seat] > 0 and state[L.WAND_COVERED_COUNT + seat] > 0:
            return seat
    return -1


@njit(cache=True)
def finish_or_remove_tokens(state, first):
    """End of the game: token removals (Brum, Droh, Oosram) seat by seat, then game over."""
    seat = next_token_seat(state, first)
    if seat >= 0:
        state[L.PHASE] = L.TOKENS
        state[L.ACTOR] = seat
    else:
        state[L.PHASE] = L.OVER
        state[L.ACTOR] = -1


@njit(cache=True)
def end_turn(state):
    """After the third tavern: next turn, the Evaluation after Era 1, or the end of the game."""
    state[L.TURN] += 1
    if state[L.TURN] < state[L.TURNS]:
        start_turn(state)
        return
    if state[L.ERA] == 1:
        evaluate_orders(state)
        state[L.ERA] = 2
        state[L.TURN] = 0
        start_turn(state)
        return
    finish_or_remove_tokens(state, 0)


@njit(cache=True)
def resolve(state):
    """Run automatic steps of the tavern resolution until a decision or the end of the turn."""
    while True:
        seat = state[L.ACTOR]
        if state[L.PICKED] == 0:
            count, slot = tavern_card_count(state)
            if count == 1:
                take_tavern_card(state, slot)  # no choice left: the last card is taken
                continue
            state[L.PHASE] = L.PICK
            return
        if state[L.NEED_PURSE_UPGRADE] == 1:
            state[L.PHASE] = L.PURSE_UPGRADE
            return
        if state[L.PLACING] >= 0:
            state[L.PHASE] = L.PLACE
            return
        if state[L.NEED_DERDHR] == 1:
            state[L.PHASE] = L.DERDHR
            return
        if state[L.NEED_SVARA] == 1:
            count = svara_prepare(state)
            if count > 1:
                state[L.PHASE] = L.SVARA
                return
            state[L.NEED_SVARA] = 0
            if count == 1:
                svara_take(state, 0)
            continue
        if state[L.PENDING] > 0:
            if any_recruitable(state, seat):
                state[L.PHASE] = L.RECRUIT
                return
            state[L.PENDING] = 0  # nothing left that may be recruited
            state[L.MERC_NEED] = 0
        if state[L.EXCHANGED] == 0:
            state[L.EXCHANGED] = 1
            if is_exchange_talion(state, seat, state[L.TAVERN]):
                exchange_purse(state, seat)
        if state[L.DISCARD_PENDING] == 1:
            state[L.PHASE] = L.DISCARD
            return
        state[L.ORDER_POS] += 1
        if state[L.ORDER_POS] < state[L.NUM_PLAYERS]:
            start_lord_turn(state)
            continue
        exchange_gems(state)
        tavern = state[L.TAVERN]
        for s in range(L.MAX_TAVERN_CARDS):
            state[L.TAVERN_CARDS + tavern * L.MAX_TAVERN_CARDS + s] = -1
        if tavern + 1 < NUM_TAVERNS:
            begin_tavern(state, tavern + 1)
            continue
        end_turn(state)
        return
