"""A sensible Dragon's Interest player.

Every decision compares the values of the positions its options lead to. A position's value,
for one seat, is in points:
- its board: 1 per type owned and 1 per strict majority (D55), with small extras for a tie, a
  safe lead and a second Building while rounds remain, less half the strongest opponent's;
- its money. Gold is weighed against the interest still to come: the Dragon's position, the
  Calendars still face down and every tucked Contract are public, so the due of this round's
  Phase 4 is known in distribution, and so are the expected passes of each stack later. The
  chance of going bankrupt costs heavily, an expected shortfall over the game less so, and
  each Gold left over a little. Knights are worth much more: they pay the Invasions still face
  down, buy Buildings in Castle and Temple chests and break ties (D56).

Contracts are bid by the expected value of the tile each one is likely to win (the others'
hands are public; their choice is modelled as uniform over their hands), net of the interest
it will cost under that tile's type; the Jester counts only as likely as a 13 or 14 is. A
Treasure-Chest offer is priced so that the offerer gains whether the target sells or buys,
or just above what the target can hold, which forces the sale (C9). The target sells or buys,
whichever it values more; a bid is a share of what the stake is worth to the bidder, capped
at one more than the others can hold. Invasions take the cheaper of 2 Knights and a Building.

Only the seat's own holdings and public information are read; another seat's Gold and Knights
only as the seat knows them (the ledger's tally, floor and group totals, M15). The weights
were tuned in self-play (heuristic against variants of itself).
"""

import numpy as np
from numba import njit

from dragon_env.engine import layout as L
from dragon_env.engine.ledger import floor, is_exact, knowledge, tally
from dragon_env.engine.tables import (
    ARENA,
    BUILDING,
    CALENDAR,
    CONTRACT_IS_JESTER,
    CONTRACT_VALUE,
    GENEROUS_DRAGON,
    GOLD,
    INVASION_KNIGHTS,
    JESTER_HIGH,
    JESTER_LOW,
    JESTER_VALUE,
    KNIGHTS,
    NUM_CONTRACTS,
    NUM_TYPES,
    POW10,
    RING,
    STACK_SIZE,
    TILE_GOLD,
    TILE_KIND,
    TYPE_BID_CURRENCY,
    TYPE_CHEST_CURRENCY,
    TYPE_INCOME_CURRENCY,
    TYPE_MIN_PLAYERS,
    TYPE_STAKE,
    TYPE_STAKE_CURRENCY,
)
from tabletop_core.signatures import POLICY

T = NUM_TYPES
MAX_STEPS = T + 1  # steps of the Dragon in one Phase 4: 1 + at most T Calendars

# Weights (indices into WEIGHTS; `decide` takes any such array, e.g. for tuning).
OPPONENT = 0  # share of the strongest opponent's board subtracted from one's own
TIE = 1  # owning a type tied for the most Buildings
SAFE_LEAD = 2  # a majority by 2 or more
SECOND = 3  # a second Building of a type (one Invasion or chest does not lose the type)
GOLD_UNIT = 4  # each Gold left once the expected interest is paid
DEFICIT = 5  # each Gold the expected interest exceeds the Gold expected
BANKRUPTCY = 6  # points lost by a certain bankruptcy
ROUND_INCOME = 7  # Gold a later round is expected to bring (a pick)
KNIGHT_UNIT = 8  # each Knight up to the Invasion reserve
KNIGHT_EXTRA = 9  # each Knight beyond it
CONTINUE = 10  # chance that the game lasts one more round (discounts far interest)
SHADE = 11  # share of its valuation a bidder bids
SHAPE_ROUNDS = 12  # the shaping extras fade out over the last rounds
WEIGHTS = np.array([
    0.5,  # OPPONENT
    0.3,  # TIE
    0.25,  # SAFE_LEAD
    0.15,  # SECOND
    0.025,  # GOLD_UNIT
    0.1,  # DEFICIT
    12.0,  # BANKRUPTCY
    9.0,  # ROUND_INCOME
    0.48,  # KNIGHT_UNIT
    0.19,  # KNIGHT_EXTRA
    0.95,  # CONTINUE
    0.6,  # SHADE
    3.0,  # SHAPE_ROUNDS
])

# The outlook (`outlook`): what the seat expects of the interest, as one float array.
STEPS_NOW = 0  # [s]: chance that this round's Phase 4 moves the Dragon s steps (0: none)
PASSED_NOW = STEPS_NOW + MAX_STEPS + 1  # [s]: the type it passes at its s-th step (s >= 1)
PASSES_NOW = PASSED_NOW + MAX_STEPS + 1  # [t]: expected passes of type t this round
PASSES_LATER = PASSES_NOW + T  # [t]: expected passes of type t after this round
ROUNDS_LATER = PASSES_LATER + T  # rounds after this one
SHAPE = ROUNDS_LATER + 1  # weight of the shaping extras of the board (1 early, 0 at the end)
INVASIONS_AHEAD = SHAPE + 1  # Invasions still face down
SCORES = INVASIONS_AHEAD + 1  # [seat]: room for `relative_board`, to spare an allocation
OUTLOOK_SIZE = SCORES + L.P
# Debts (`debts`): [s] the due if this round's Dragon takes s steps, then these expectations.
EXPECTED_DUE = MAX_STEPS + 1
LATER_DUE = EXPECTED_DUE + 1
DEBT_SIZE = LATER_DUE + 1
# A face-up Building as a Contract would win it (`_tile_options`).
TILE_TYPE, TILE_BOARD, TILE_GOLD_AFTER = range(3)
TILE_FIELDS = 3

NEVER = -1e18


# -- what the seat knows -----------------------------------------------------------------------
@njit(cache=True)
def max_holding(state, viewer, seat, currency):
    """The most `seat` can hold of `currency` as far as `viewer` knows: its exact holding, or its
    group's known total less the other members' proven floors (M15)."""
    if seat == viewer or is_exact(state, viewer, seat, currency):
        return tally(state, viewer, seat, currency)
    group = state[L.GROUP + knowledge(viewer, seat, currency)]
    most = 0
    for other in range(state[L.NUM_PLAYERS]):
        if other != viewer and state[L.GROUP + knowledge(viewer, other, currency)] == group:
            most += tally(state, viewer, other, currency)
            if other != seat:
                most -= floor(state, viewer, other, currency)
    return max(most, 0)


@njit(cache=True)
def _in_play(state, t):
    return TYPE_MIN_PLAYERS[t] <= state[L.NUM_PLAYERS]


@njit(cache=True)
def _buildings(state):
    """Every seat's Buildings per type, [seat * T + t] (public)."""
    return state[L.BLD:L.BLD + L.P * T].astype(np.int64)


@njit(cache=True)
def _tucked(state, seat):
    """The interest a seat has tucked under each type (public)."""
    return state[L.TUCK + seat * T:L.TUCK + seat * T + T].astype(np.int64)


@njit(cache=True)
def _holding(state, seat, currency):
    return np.int64(state[L.HOLD + seat * 2 + currency])


# -- the interest to come ----------------------------------------------------------------------
@njit(cache=True)
def _calendar_chances(state, out):
    """Chance of each number of Calendars in a later refill (one per stack, each Calendar still
    face down equally likely in any of its stack's remaining refills)."""
    out[:] = 0.0
    out[0] = 1.0
    for t in range(T):
        left = STACK_SIZE - state[L.STACK_TOP + t]
        if left <= 0 or state[L.REM_CALENDARS + t] == 0:
            continue
        p = min(1.0, state[L.REM_CALENDARS + t] / left)
        for c in range(T, 0, -1):
            out[c] = out[c] * (1.0 - p) + out[c - 1] * p
        out[0] *= 1.0 - p


@njit(cache=True)
def _generous_dragon_up(state):
    for t in range(T):
        tile = state[L.SLOT + t]
        if tile >= 0 and TILE_KIND[tile] == GENEROUS_DRAGON:
            return True
    return False


@njit(cache=True)
def _face_down_rounds(state):
    """Refills still to come: face-down tiles of the fullest stack in play."""
    most = 0
    for t in range(T):
        if _in_play(state, t):
            most = max(most, STACK_SIZE - state[L.STACK_TOP + t])
    return most


@njit(cache=True)
def outlook(w, state):
    """What the seat to act can expect of the interest (public information only): the chances
    of this round's Dragon steps and the expected passes of each type, this round and later."""
    out = np.zeros(OUTLOOK_SIZE)
    refilled = state[L.STEP] == L.INVASION  # Phase 3 has turned this round's tiles up
    chances = np.zeros(T + 1)
    _calendar_chances(state, chances)
    if state[L.NO_INTEREST] or (not refilled and _generous_dragon_up(state)):
        out[STEPS_NOW] = 1.0  # D46
    elif refilled:
        calendars = 0
        for t in range(T):
            tile = state[L.SLOT + t]
            if tile >= 0 and TILE_KIND[tile] == CALENDAR:
                calendars += 1
        out[STEPS_NOW + 1 + calendars] = 1.0
    else:
        for c in range(T + 1):
            out[STEPS_NOW + 1 + c] = chances[c]
    later = max(_face_down_rounds(state) - (0 if refilled else 1), 0)
    out[ROUNDS_LATER] = later
    for t in range(T):
        out[INVASIONS_AHEAD] += state[L.REM_INVASIONS + t]
    out[SHAPE] = min(1.0, later / w[SHAPE_ROUNDS])
    _passes_now(state, out)
    _later_passes(w, state, out, chances, later)
    return out


@njit(cache=True)
def _passes_now(state, out):
    """The types this round's Dragon passes step by step, and their expected passes."""
    size = state[L.SIDES]
    base = (state[L.NUM_PLAYERS] - 3) * T
    d = state[L.DRAGON]
    for s in range(1, MAX_STEPS + 1):
        t = RING[base + d]
        out[PASSED_NOW + s] = t
        for k in range(s, MAX_STEPS + 1):
            out[PASSES_NOW + t] += out[STEPS_NOW + k]
        d = d + 1 if d + 1 < size else 0


@njit(cache=True)
def _later_passes(w, state, out, chances, later):
    """Expected passes of each type over the later rounds, from the distribution of the
    Dragon's position (discounted by the chance that the game lasts)."""
    size = state[L.SIDES]
    base = (state[L.NUM_PLAYERS] - 3) * T
    where = np.zeros(size)
    for s in range(MAX_STEPS + 1):
        where[(state[L.DRAGON] + s) % size] += out[STEPS_NOW + s]
    # reach[o]: expected passes in one round of the stack o places ahead of the Dragon.
    reach = np.zeros(size)
    for c in range(T + 1):
        for j in range(1 + c):
            reach[j % size] += chances[c]
    moved = np.zeros(size)
    weight = 1.0
    for _ in range(later):
        weight *= w[CONTINUE]
        moved[:] = 0.0
        for d in range(size):
            if where[d] == 0.0:
                continue
            for i in range(size):
                o = i - d if i >= d else i - d + size
                out[PASSES_LATER + RING[base + i]] += weight * where[d] * reach[o]
            for c in range(T + 1):
                moved[(d + 1 + c) % size] += where[d] * chances[c]
        where[:] = moved


# -- values ------------------------------------------------------------------------------------
@njit(cache=True)
def boards(w, view, state, bld, out):
    """Every seat's board in points (D55) into `out`, with the shaping extras while rounds
    remain."""
    n = state[L.NUM_PLAYERS]
    shape = view[SHAPE]
    out[:] = 0.0
    for t in range(T):
        top = 0  # the most Buildings of type t, how many seats own that many, the next most
        tied = 0
        second = 0
        for seat in range(n):
            own = bld[seat * T + t]
            if own > top:
                second = top
                top = own
                tied = 1
            elif own == top:
                tied += 1
            elif own > second:
                second = own
        if top == 0:
            continue
        for seat in range(n):
            own = bld[seat * T + t]
            if own == 0:
                continue
            score = 1.0
            if own == top and tied == 1:
                score += 1.0
                if own - second >= 2:
                    score += shape * w[SAFE_LEAD]
            elif own == top:
                score += shape * w[TIE]
            if own >= 2:
                score += shape * w[SECOND]
            out[seat] += score


@njit(cache=True)
def relative_board(w, view, state, bld, seat):
    """The seat's board less part of the strongest opponent's."""
    scores = view[SCORES:SCORES + L.P]
    boards(w, view, state, bld, scores)
    best = 0.0
    for other in range(state[L.NUM_PLAYERS]):
        if other != seat:
            best = max(best, scores[other])
    return scores[seat] - w[OPPONENT] * best


@njit(cache=True)
def debts(view, tuck):
    """What `tuck` will cost: [s] the due of this round's Phase 4 if the Dragon takes s steps,
    then the expected due of this round (EXPECTED_DUE) and of the later ones (LATER_DUE)."""
    out = np.zeros(DEBT_SIZE)
    for s in range(1, MAX_STEPS + 1):
        out[s] = out[s - 1] + tuck[int(view[PASSED_NOW + s])]
    for t in range(T):
        out[EXPECTED_DUE] += tuck[t] * view[PASSES_NOW + t]
        out[LATER_DUE] += tuck[t] * view[PASSES_LATER + t]
    return out


@njit(cache=True)
def add_debt(view, debt, t, value, out):
    """`debt` with one more Contract of interest `value` tucked under type t, into `out`."""
    extra = 0.0
    out[0] = debt[0]
    for s in range(1, MAX_STEPS + 1):
        if int(view[PASSED_NOW + s]) == t:
            extra += value
        out[s] = debt[s] + extra
    out[EXPECTED_DUE] = debt[EXPECTED_DUE] + value * view[PASSES_NOW + t]
    out[LATER_DUE] = debt[LATER_DUE] + value * view[PASSES_LATER + t]


@njit(cache=True)
def money(w, view, debt, gold, knights):
    """The worth in points of holding `gold` and `knights` with `debt` (from `debts`) to pay:
    the chance of bankruptcy in this round's Phase 4, the expected shortfall over the game, and
    a little per Gold and Knight (they also break ties, D56)."""
    risk = 0.0
    for s in range(MAX_STEPS, 0, -1):  # dues grow with the steps
        if debt[s] <= gold:
            break
        risk += view[STEPS_NOW + s]
    net = gold - debt[EXPECTED_DUE] - debt[LATER_DUE]  # left once every interest is paid
    shortfall = -net - w[ROUND_INCOME] * view[ROUNDS_LATER]
    value = -w[BANKRUPTCY] * risk - w[DEFICIT] * max(shortfall, 0.0) + w[GOLD_UNIT] * net
    reserve = INVASION_KNIGHTS * min(view[INVASIONS_AHEAD], 2.0)
    value += w[KNIGHT_UNIT] * min(knights, reserve) + w[KNIGHT_EXTRA] * max(knights - reserve, 0)
    return value


@njit(cache=True)
def position_value(w, view, state, seat, bld, debt, gold, knights):
    """The seat's value of a position: relative board plus money."""
    return relative_board(w, view, state, bld, seat) + money(w, view, debt, gold, knights)


@njit(cache=True)
def _with(currency, gold, knights, amount):
    """(gold, knights) after adding `amount` of `currency`."""
    if currency == GOLD:
        return gold + amount, knights
    return gold, knights + amount


# -- amounts -----------------------------------------------------------------------------------
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


# -- Phase 1 -----------------------------------------------------------------------------------
@njit(cache=True)
def _own_debt(view, state, seat):
    return debts(view, _tucked(state, seat))


@njit(cache=True)
def pick_value(w, view, state, seat, t, value):
    """The seat's value after building the face-up tile of type t with a Contract of interest
    `value` tucked under it (the Generous Dragon pays its Gold twice, D21)."""
    bld = _buildings(state)
    tuck = _tucked(state, seat)
    gold = _holding(state, seat, GOLD) + TILE_GOLD[state[L.SLOT + t]] * (
        2 if _generous_dragon_up(state) else 1)
    bld[seat * T + t] += 1
    tuck[t] += value
    return position_value(w, view, state, seat, bld, debts(view, tuck), gold,
                          _holding(state, seat, KNIGHTS))


@njit(cache=True)
def current_value(w, view, state, seat):
    """The seat's value of the position as it stands."""
    return position_value(w, view, state, seat, _buildings(state), _own_debt(view, state, seat),
                          _holding(state, seat, GOLD), _holding(state, seat, KNIGHTS))


@njit(cache=True)
def _choose_pick(w, view, state, seat, mask):
    card = state[L.REVEALED + seat]
    value = JESTER_VALUE if CONTRACT_IS_JESTER[card] else CONTRACT_VALUE[card]
    best = -1
    best_value = NEVER
    for t in range(T):
        if mask[L.A_PICK + t]:
            v = pick_value(w, view, state, seat, t, value)
            if v > best_value:
                best_value = v
                best = L.A_PICK + t
    return best


@njit(cache=True)
def _is_trigger(card):
    return CONTRACT_VALUE[card] == JESTER_LOW or CONTRACT_VALUE[card] == JESTER_HIGH


@njit(cache=True)
def _card_chances(state, seat):
    """[other, card]: the chance that each other seat plays each Contract: uniform over its
    hand (public, C14)."""
    n = state[L.NUM_PLAYERS]
    out = np.zeros((n, NUM_CONTRACTS))
    for other in range(n):
        if other == seat:
            continue
        hand = state[L.HAND + other]
        count = 0
        for c in range(NUM_CONTRACTS):
            if (hand >> c) & 1:
                out[other, c] = 1.0
                count += 1
        out[other] /= max(count, 1)
    return out


@njit(cache=True)
def _trigger_chances(state, seat, cards):
    """Chance that each other seat reveals a 13 or 14."""
    n = state[L.NUM_PLAYERS]
    out = np.zeros(n)
    for other in range(n):
        if other != seat:
            for c in range(NUM_CONTRACTS):
                if _is_trigger(c):
                    out[other] += cards[other, c]
    return out


@njit(cache=True)
def _chance_ahead(state, seat, other, value, trigger_chance, cards):
    """Chance that `other` picks before a Contract of effective `value` of `seat` (D14: ties go
    to the nearer seat from the Start Player)."""
    n = state[L.NUM_PLAYERS]
    start = state[L.START]
    earlier = (other - start) % n < (seat - start) % n
    ahead = 0.0
    for c in range(NUM_CONTRACTS):
        if cards[other, c] == 0.0:
            continue
        if CONTRACT_IS_JESTER[c]:
            theirs = JESTER_VALUE
            weight = trigger_chance  # a void Jester picks nothing
        else:
            theirs = CONTRACT_VALUE[c]
            weight = 1.0
        if theirs > value or (theirs == value and earlier):
            ahead += weight * cards[other, c]
    return ahead


@njit(cache=True)
def _ahead_counts(state, seat, value, own_trigger, triggers, cards):
    """Distribution of the number of other seats that pick before `seat`."""
    n = state[L.NUM_PLAYERS]
    dist = np.zeros(n + 1)
    dist[0] = 1.0
    for other in range(n):
        if other == seat:
            continue
        none = 1.0
        for k in range(n):
            if k != seat and k != other:
                none *= 1.0 - triggers[k]
        chance = 1.0 if own_trigger else 1.0 - none
        p = _chance_ahead(state, seat, other, value, chance, cards)
        for k in range(n, 0, -1):
            dist[k] = dist[k] * (1.0 - p) + dist[k - 1] * p
        dist[0] *= 1.0 - p
    return dist


@njit(cache=True)
def contract_value(w, view, state, seat, card, tiles, standing, cards, triggers):
    """Expected value of playing `card`: the tile its likely pick position leaves (the others
    take the tiles they want most), or nothing if none is left or a Jester is void. `tiles`
    holds the face-up Buildings, most wanted first, from `_tile_options`."""
    if CONTRACT_IS_JESTER[card]:
        none = 1.0
        for other in range(state[L.NUM_PLAYERS]):
            if other != seat:
                none *= 1.0 - triggers[other]
        played = 1.0 - none
        value = JESTER_VALUE
    else:
        played = 1.0
        value = CONTRACT_VALUE[card]
    m = tiles.shape[0]
    debt = _own_debt(view, state, seat)
    after = np.zeros(DEBT_SIZE)
    knights = _holding(state, seat, KNIGHTS)
    gains = np.zeros(m)
    for i in range(m):
        add_debt(view, debt, int(tiles[i, TILE_TYPE]), value, after)
        gains[i] = tiles[i, TILE_BOARD] + money(w, view, after, tiles[i, TILE_GOLD_AFTER],
                                                knights)
    ahead = _ahead_counts(state, seat, value, _is_trigger(card), triggers, cards)
    expected = 0.0
    for k in range(ahead.shape[0]):
        if ahead[k] > 0.0:
            expected += ahead[k] * (gains[k:].max() if k < m else standing)
    return played * expected + (1.0 - played) * standing


@njit(cache=True)
def _tile_options(w, view, state, seat):
    """The face-up Buildings, most wanted by the others first (Gold, and new types for them):
    [i, TILE_TYPE], the seat's relative board once built [i, TILE_BOARD] and its Gold then
    [i, TILE_GOLD_AFTER] (the Generous Dragon pays twice, D21)."""
    n = state[L.NUM_PLAYERS]
    bld = _buildings(state)
    found = np.zeros((T, TILE_FIELDS))
    wanted = np.zeros(T)
    twice = 2 if _generous_dragon_up(state) else 1
    m = 0
    for t in range(T):
        tile = state[L.SLOT + t]
        if tile < 0 or TILE_KIND[tile] != BUILDING:
            continue
        lacking = 0
        for other in range(n):
            if other != seat and bld[other * T + t] == 0:
                lacking += 1
        wanted[m] = TILE_GOLD[tile] + 4.0 * lacking / (n - 1)
        found[m, TILE_TYPE] = t
        bld[seat * T + t] += 1
        found[m, TILE_BOARD] = relative_board(w, view, state, bld, seat)
        bld[seat * T + t] -= 1
        found[m, TILE_GOLD_AFTER] = _holding(state, seat, GOLD) + twice * TILE_GOLD[tile]
        m += 1
    return found[np.argsort(-wanted[:m])]


@njit(cache=True)
def _choose_contract(w, view, state, seat, mask):
    tiles = _tile_options(w, view, state, seat)
    standing = current_value(w, view, state, seat)
    cards = _card_chances(state, seat)
    triggers = _trigger_chances(state, seat, cards)
    best = -1
    best_value = NEVER
    for card in range(NUM_CONTRACTS):
        if mask[L.A_CONTRACT + card]:
            v = contract_value(w, view, state, seat, card, tiles, standing, cards, triggers)
            if v > best_value + 1e-9:
                best_value = v
                best = L.A_CONTRACT + card
    return best


# -- Phase 2: Treasure Chest -------------------------------------------------------------------
@njit(cache=True)
def _moved_board(w, view, state, bld, seller, buyer, t, seat):
    """The seat's relative board after one Building of type t moves from seller to buyer."""
    bld[seller * T + t] -= 1
    bld[buyer * T + t] += 1
    v = relative_board(w, view, state, bld, seat)
    bld[seller * T + t] += 1
    bld[buyer * T + t] -= 1
    return v


@njit(cache=True)
def _worst_loss_board(w, view, state, bld, seat, taker):
    """The seat's relative board after `taker` takes the Building of the seat's that hurts the
    seat most."""
    worst = -NEVER
    for u in range(T):
        if bld[seat * T + u] > 0:
            worst = min(worst, _moved_board(w, view, state, bld, seat, taker, u, seat))
    return worst


@njit(cache=True)
def _offer_outcome(w, view, debt, gold, knights, currency, x, sold, bought, can_match):
    """The offerer's value of offering `x`: the worse of the target's two answers (only a sale
    if the target cannot hold `x`)."""
    g, k = _with(currency, gold, knights, -x)
    value = sold + money(w, view, debt, g, k)
    if can_match:
        g, k = _with(currency, gold, knights, x)
        value = min(value, bought + money(w, view, debt, g, k))
    return value


@njit(cache=True)
def _best_amount(w, view, debt, gold, knights, currency, most, sold, bought):
    """(value, amount) of the best offer for a Building: `sold` and `bought` are the offerer's
    relative boards if the target sells or buys, `most` what the target can hold."""
    cap = gold if currency == GOLD else knights
    best_x = 0
    best = NEVER
    if most + 1 <= cap:  # more than the target can hold: it must sell (C9)
        best_x = most + 1
        best = _offer_outcome(w, view, debt, gold, knights, currency, most + 1, sold, bought,
                              False)
    # Below that, the sale gets worse and the purchase better as x grows: find where they cross.
    lo = 0
    hi = min(cap, most)
    while lo < hi:
        mid = (lo + hi) // 2
        g, k = _with(currency, gold, knights, -mid)
        sale = sold + money(w, view, debt, g, k)
        g, k = _with(currency, gold, knights, mid)
        if bought + money(w, view, debt, g, k) >= sale:
            hi = mid
        else:
            lo = mid + 1
    for x in (lo - 1, lo):
        if 0 <= x <= min(cap, most):
            v = _offer_outcome(w, view, debt, gold, knights, currency, x, sold, bought, True)
            if v > best:
                best = v
                best_x = x
    return best, best_x


@njit(cache=True)
def plan_chest(w, view, state, seat, bld, gold, knights, currency, only_target, only_type):
    """The best Treasure-Chest offer: (value, target seat, indicated type, amount). A target or
    a type fixed by an earlier step of the offer is passed as `only_*` (-1: free)."""
    n = state[L.NUM_PLAYERS]
    debt = _own_debt(view, state, seat)
    best = NEVER
    plan_target = -1
    plan_type = -1
    plan_x = 0
    for k in range(1, n):
        target = (seat + k) % n
        if only_target >= 0 and target != only_target:
            continue
        bought = NEVER
        most = max_holding(state, seat, target, currency)
        for t in range(T):
            if bld[target * T + t] == 0 or (only_type >= 0 and t != only_type):
                continue
            if bought == NEVER:
                bought = _worst_loss_board(w, view, state, bld, seat, target)
            sold = _moved_board(w, view, state, bld, target, seat, t, seat)
            v, x = _best_amount(w, view, debt, gold, knights, currency, most, sold, bought)
            if v > best:
                best = v
                plan_target = target
                plan_type = t
                plan_x = x
    return best, plan_target, plan_type, plan_x


@njit(cache=True)
def _has_target(state, seat, bld):
    n = state[L.NUM_PLAYERS]
    for k in range(1, n):
        for t in range(T):
            if bld[((seat + k) % n) * T + t] > 0:
                return True
    return False


@njit(cache=True)
def _chest_from_state(w, view, state, seat, only_target, only_type):
    return plan_chest(w, view, state, seat, _buildings(state), _holding(state, seat, GOLD),
                      _holding(state, seat, KNIGHTS), state[L.CHEST_CURRENCY], only_target,
                      only_type)


@njit(cache=True)
def _best_take(w, view, state, seat, bld, offerer):
    """(relative board, type) of the best Building to take from the offerer."""
    best = NEVER
    best_t = -1
    for t in range(T):
        if bld[offerer * T + t] > 0:
            v = _moved_board(w, view, state, bld, offerer, seat, t, seat)
            if v > best:
                best = v
                best_t = t
    return best, best_t


@njit(cache=True)
def _respond(w, view, state, seat, mask):
    """Accept (sell the indicated Building for the chest) or match (pay as much and take the
    offerer's Building worth most to the seat)."""
    if not mask[L.A_MATCH]:
        return L.A_ACCEPT
    bld = _buildings(state)
    debt = _own_debt(view, state, seat)
    gold = _holding(state, seat, GOLD)
    knights = _holding(state, seat, KNIGHTS)
    currency = state[L.CHEST_CURRENCY]
    x = state[L.CHEST_X]  # the target sees the amount (D30)
    offerer = state[L.ACT_SEAT]
    g, k = _with(currency, gold, knights, x)
    accept = _moved_board(w, view, state, bld, seat, offerer, state[L.CHEST_TYPE], seat) + money(
        w, view, debt, g, k)
    g, k = _with(currency, gold, knights, -x)
    match = _best_take(w, view, state, seat, bld, offerer)[0] + money(w, view, debt, g, k)
    return L.A_MATCH if match > accept else L.A_ACCEPT


# -- Phase 2: auctions -------------------------------------------------------------------------
@njit(cache=True)
def _others_max_bid(state, seat, currency):
    """The highest bid any other seat could make (what the seat knows of their holdings)."""
    most = 0
    for other in range(state[L.NUM_PLAYERS]):
        if other != seat:
            most = max(most, max_holding(state, seat, other, currency))
    return most


@njit(cache=True)
def _activator_bid(w, view, state, seat, debt, gold, knights, t):
    """(money value, bid) of the activator's own bid, its stake already on the table: a win
    returns the stake twice (D38) for the bid; a loss leaves the stake for at least one more
    than the bid (D37); all bids 0 return the stake (D35). Unless no other seat can outbid it,
    the worse case counts."""
    stake_currency = TYPE_STAKE_CURRENCY[t]
    bid_currency = TYPE_BID_CURRENCY[t]
    stake = TYPE_STAKE[t]
    cap = gold if bid_currency == GOLD else knights
    rivals = _others_max_bid(state, seat, bid_currency)
    best = NEVER
    best_bid = 0
    for b in range(0, min(cap, rivals + 1) + 1):
        g, k = _with(stake_currency, gold, knights, 2 * stake if b > 0 else stake)
        g, k = _with(bid_currency, g, k, -b)
        value = money(w, view, debt, g, k)
        if b <= rivals:
            g, k = _with(bid_currency, gold, knights, b + 1)
            value = min(value, money(w, view, debt, g, k))
        if value > best:
            best = value
            best_bid = b
    return best, best_bid


@njit(cache=True)
def _bidder_bid(w, view, state, seat, t):
    """A bid in another seat's auction, where the winner takes the stake and pays its bid
    (D37): a share of what the stake is worth to the seat, and no more than one above what the
    others could bid."""
    stake_currency = TYPE_STAKE_CURRENCY[t]
    bid_currency = TYPE_BID_CURRENCY[t]
    debt = _own_debt(view, state, seat)
    gold = _holding(state, seat, GOLD)
    knights = _holding(state, seat, KNIGHTS)
    cap = gold if bid_currency == GOLD else knights
    base = money(w, view, debt, gold, knights)
    g, k = _with(stake_currency, gold, knights, TYPE_STAKE[t])
    worth = 0
    while worth < cap:
        g2, k2 = _with(bid_currency, g, k, -(worth + 1))
        if money(w, view, debt, g2, k2) < base:
            break
        worth += 1
    bid = int(worth * w[SHADE])
    return min(bid, _others_max_bid(state, seat, bid_currency) + 1)


@njit(cache=True)
def _choose_bid(w, view, state, seat, mask):
    t = state[L.ACT_TYPE]
    if state[L.ACT_SEAT] == seat:
        bid = _activator_bid(w, view, state, seat, _own_debt(view, state, seat),
                             _holding(state, seat, GOLD), _holding(state, seat, KNIGHTS), t)[1]
    else:
        bid = _bidder_bid(w, view, state, seat, t)
    return enter_digit(state, mask, bid)


@njit(cache=True)
def _choose_tiebreak(w, view, state, seat, mask):
    """Win itself if the stake is worth its bid to it, else hand the stake to the weakest of
    the tied opponents (the winner pays the activator its bid either way)."""
    t = state[L.ACT_TYPE]
    high = state[L.BID_HIGH]
    n = state[L.NUM_PLAYERS]
    debt = _own_debt(view, state, seat)
    gold = _holding(state, seat, GOLD)
    knights = _holding(state, seat, KNIGHTS)
    scores = np.empty(L.P)
    boards(w, view, state, _buildings(state), scores)
    best = -1
    best_value = NEVER
    for k in range(n):
        if not mask[L.A_TIEBREAK + k]:
            continue
        if k == 0:
            g, kn = _with(TYPE_STAKE_CURRENCY[t], gold, knights, 2 * state[L.STAKE])
            g, kn = _with(TYPE_BID_CURRENCY[t], g, kn, -high)
            v = money(w, view, debt, g, kn)
        else:
            g, kn = _with(TYPE_BID_CURRENCY[t], gold, knights, high)
            v = money(w, view, debt, g, kn) - 0.01 * scores[(seat + k) % n]
        if v > best_value:
            best_value = v
            best = L.A_TIEBREAK + k
    return best


# -- Phase 2: the turn -------------------------------------------------------------------------
@njit(cache=True)
def activation_value(w, view, state, seat, t):
    """The seat's value after activating type t: its income, then the best chest offer
    (valued at its worse answer) or its own auction bid."""
    bld = _buildings(state)
    gold = _holding(state, seat, GOLD)
    knights = _holding(state, seat, KNIGHTS)
    gold, knights = _with(TYPE_INCOME_CURRENCY[t], gold, knights, bld[seat * T + t])
    if t < ARENA:
        if not _has_target(state, seat, bld):
            return position_value(w, view, state, seat, bld, _own_debt(view, state, seat), gold,
                                  knights)
        return plan_chest(w, view, state, seat, bld, gold, knights, TYPE_CHEST_CURRENCY[t], -1,
                          -1)[0]
    gold, knights = _with(TYPE_STAKE_CURRENCY[t], gold, knights, -TYPE_STAKE[t])
    return relative_board(w, view, state, bld, seat) + _activator_bid(
        w, view, state, seat, _own_debt(view, state, seat), gold, knights, t)[0]


@njit(cache=True)
def _choose_activation(w, view, state, seat, mask):
    best = L.A_PASS
    best_value = current_value(w, view, state, seat) + 1e-6
    for t in range(T):
        if mask[L.A_ACTIVATE + t]:
            v = activation_value(w, view, state, seat, t)
            if v > best_value:
                best_value = v
                best = L.A_ACTIVATE + t
    return best


# -- Phase 3 -----------------------------------------------------------------------------------
@njit(cache=True)
def _choose_invasion(w, view, state, seat, mask):
    """Give what costs least: 2 Knights or the Building whose loss hurts the board least."""
    bld = _buildings(state)
    debt = _own_debt(view, state, seat)
    gold = _holding(state, seat, GOLD)
    knights = _holding(state, seat, KNIGHTS)
    best = -1
    best_value = NEVER
    if mask[L.A_INVADE_KNIGHTS]:
        best = L.A_INVADE_KNIGHTS
        best_value = position_value(w, view, state, seat, bld, debt, gold,
                                    max(knights - INVASION_KNIGHTS, 0))
    for t in range(T):
        if mask[L.A_INVADE_BUILDING + t]:
            bld[seat * T + t] -= 1
            v = position_value(w, view, state, seat, bld, debt, gold, knights)
            bld[seat * T + t] += 1
            if v > best_value:
                best_value = v
                best = L.A_INVADE_BUILDING + t
    return best


# -- the policy --------------------------------------------------------------------------------
@njit(cache=True)
def decide(state, seat, mask, w):
    """The heuristic's action for `seat` (the seat to act) with weights `w` (see WEIGHTS)."""
    step = state[L.STEP]
    view = outlook(w, state)
    if step == L.CHOOSE_CONTRACT:
        return _choose_contract(w, view, state, seat, mask)
    if step == L.PICK_TILE:
        return _choose_pick(w, view, state, seat, mask)
    if step == L.ACTIVATE:
        return _choose_activation(w, view, state, seat, mask)
    if step == L.CHEST_TARGET:
        target = _chest_from_state(w, view, state, seat, -1, -1)[1]
        return L.A_CHEST_TARGET + (target - seat) % state[L.NUM_PLAYERS] - 1
    if step == L.CHEST_BUILDING:
        t = _chest_from_state(w, view, state, seat, state[L.CHEST_TARGET_SEAT], -1)[2]
        return L.A_CHEST_BUILDING + t
    if step == L.CHEST_AMOUNT:
        x = _chest_from_state(w, view, state, seat, state[L.CHEST_TARGET_SEAT],
                              state[L.CHEST_TYPE])[3]
        return enter_digit(state, mask, x)
    if step == L.CHEST_RESPONSE:
        return _respond(w, view, state, seat, mask)
    if step == L.CHEST_TAKE:
        return L.A_TAKE + _best_take(w, view, state, seat, _buildings(state),
                                     state[L.ACT_SEAT])[1]
    if step == L.BID_AMOUNT:
        return _choose_bid(w, view, state, seat, mask)
    if step == L.AUCTION_TIEBREAK:
        return _choose_tiebreak(w, view, state, seat, mask)
    return _choose_invasion(w, view, state, seat, mask)


@njit(POLICY, cache=True)
def choose(state, seat, mask, rng):
    """The heuristic's action for `seat` (the seat to act) in `state`, a sample of the seat's
    information (deterministic: `rng` is not used)."""
    return decide(state, seat, mask, WEIGHTS)
