"""Validation of a saved Aquilon state (tabletop_core.validate): every field in range, every
Dwarf card once, the talions and Pariah tokens conserved, the columns' ranks, Points and symbols
equal to what the army holds, and the phase, actor and taverns consistent with the turn."""

import numpy as np
from numba import njit

from aquilon_env.data import (
    ARAL,
    BRONZE_ARR,
    COGNAR_KIND,
    COGNAR_MALT,
    COGNAR_OCCULT,
    COGNAR_ORDER,
    COGNAR_POINTS,
    COGNAR_POWER,
    COGNAR_RANKS,
    COGNAR_RUNES,
    DWARF_ERA,
    DWARF_FIVE,
    DWARF_MALT,
    DWARF_OCCULT,
    DWARF_ORDER,
    DWARF_POINTS,
    DWARF_RANKS,
    DWARF_RUNE,
    GAAT,
    GAAT_EXTRA_RANKS_ARR,
    GAAT_POINTS_ARR,
    MAX_LORDS,
    MAX_TALION,
    MIN_LORDS,
    NUM_COGNARS,
    NUM_DWARVES,
    NUM_ELITES,
    NUM_ORDERS,
    NUM_TAVERNS,
    PARIAH_TOKENS,
    REDWIN,
    TREASURY_COUNTS,
    Kind,
    Order,
    Power,
)
from aquilon_env.engine import layout as L
from aquilon_env.engine.talions import is_exchange_talion
from tabletop_core.signatures import VALIDATE
from tabletop_core.validate import (
    StateChecks,
    all_equal,
    check_head,
    contains,
    count_equal,
    each_once,
    min_of,
)

P = L.P
_c = StateChecks(MAX_LORDS)
_c.open(L.NUM_PLAYERS, MIN_LORDS, MAX_LORDS, L.RNG)
_c.field("phase", L.PHASE, 1, 0, L.NUM_PHASES - 1)
_c.field("era", L.ERA, 1, 1, 2)
_c.field("turn", L.TURN, 1, 0, 4)
_c.field("turns", L.TURNS, 1, 3, 4)
_c.field("tavern", L.TAVERN, 1, 0, NUM_TAVERNS - 1)
_c.field("per_tavern", L.PER_TAVERN, 1, 3, L.MAX_TAVERN_CARDS)
_c.field("actor", L.ACTOR, 1, -1, -1, plus_players=True)
_c.field("bid_seat", L.BID_SEAT, 1, 0, 0, plus_players=True)
_c.field("order_pos", L.ORDER_POS, 1, 0, 0, plus_players=True)
_c.field("order", L.ORDER, P, 0, -1, plus_players=True, seat_width=1)
_c.field("reveal", L.REVEAL, P, 0, MAX_TALION, seat_width=1)
_c.field("tavern_cards", L.TAVERN_CARDS, NUM_TAVERNS * L.MAX_TAVERN_CARDS, -1, NUM_DWARVES - 1)
for _name, _at in (("deck1_len", L.DECK1_LEN), ("deck1_pos", L.DECK1_POS),
                   ("deck2_len", L.DECK2_LEN), ("deck2_pos", L.DECK2_POS)):
    _c.field(_name, _at, 1, 0, L.MAX_DECK)
for _v in range(MAX_TALION + 1):
    _c.field(f"treasury[{_v}]", L.TREASURY + _v, 1, 0, int(TREASURY_COUNTS[_v]))
_c.field("exchange3_free", L.EXCHANGE3_FREE, 1, 0, 1)
_c.field("pariah_free", L.PARIAH_FREE, 1, 0, PARIAH_TOKENS)
_c.field("gems", L.GEMS, P, 1, MAX_LORDS, seat_width=1)
_c.field("talion_values", L.TAL_VAL, P * L.TALIONS, 0, MAX_TALION, seat_width=L.TALIONS)
_c.field("talion_kinds", L.TAL_KIND, P * L.TALIONS, 0, 2, seat_width=L.TALIONS)
_c.field("talion_known", L.TAL_KNOWN, P * L.TALIONS, 0, 1, seat_width=L.TALIONS)
_c.field("bid_done", L.BID_DONE, P, 0, 1, seat_width=1)
_c.field("column_ranks", L.COL_RANKS, P * NUM_ORDERS, 0, 200, seat_width=NUM_ORDERS)
_c.field("column_points", L.COL_POINTS, P * NUM_ORDERS, 0, 2000, seat_width=NUM_ORDERS)
_c.field("column_flat_points", L.COL_FLAT, P * NUM_ORDERS, 0, 2000, seat_width=NUM_ORDERS)
_c.field("malt", L.MALT, P, 0, 200, seat_width=1)
_c.field("occult", L.OCCULT, P, 0, 200, seat_width=1)
_c.field("rune_mask", L.RUNE_MASK, P, 0, 63, seat_width=1)
_c.field("unique_runes", L.UNIQUE_RUNES, P, 0, 20, seat_width=1)
_c.field("lines", L.LINES, P, 0, 200, seat_width=1)
_c.field("wanderers_count", L.WAND_COUNT, P, 0, L.MAX_WANDERERS, seat_width=1)
_c.field("wanderers_values_seen", L.WAND_VALUES_SEEN, P, 0, 2**30, seat_width=1)
_c.field("wanderers_visible", L.WAND_VISIBLE, P, 0, 2000, seat_width=1)
_c.field("wanderers_covered_count", L.WAND_COVERED_COUNT, P, 0, L.MAX_WANDERERS, seat_width=1)
_c.field("army_count", L.ARMY_COUNT, P, 0, L.MAX_ARMY, seat_width=1)
_c.field("cognar_owner", L.COGNAR_OWNER, NUM_COGNARS, -1, -1, plus_players=True)
_c.field("cognar_column", L.COGNAR_COLUMN, NUM_COGNARS, -1, NUM_ORDERS - 1)
_c.field("elite_holder", L.ELITE_HOLDER, NUM_ELITES, 0, NUM_ELITES - 1)
_c.field("elite_owner", L.ELITE_OWNER, NUM_ELITES, -1, -1, plus_players=True)
_c.field("liquor_owner", L.LIQUOR_OWNER, 1, -1, -1, plus_players=True)
_c.field("tokens_left", L.TOKENS_LEFT, P, 0, 4, seat_width=1)
_c.field("pending", L.PENDING, 1, 0, NUM_COGNARS)
_c.field("merc_prev", L.MERC_PREV, 1, 0, 1)
_c.field("merc_need", L.MERC_NEED, 1, 0, 1)
_c.field("placing", L.PLACING, 1, -1, NUM_COGNARS - 1)
_c.field("need_purse_upgrade", L.NEED_PURSE_UPGRADE, 1, 0, 1)
_c.field("need_derdhr", L.NEED_DERDHR, 1, 0, 1)
_c.field("need_svara", L.NEED_SVARA, 1, 0, 1)
_c.field("svara_count", L.SVARA_COUNT, 1, 0, 5)
_c.field("discard_pending", L.DISCARD_PENDING, 1, 0, 1)
_c.field("picked", L.PICKED, 1, 0, 1)
_c.field("exchanged", L.EXCHANGED, 1, 0, 1)
_c.field("deck1", L.DECK1, L.MAX_DECK, 0, NUM_DWARVES - 1)
_c.field("deck2", L.DECK2, L.MAX_DECK, 0, NUM_DWARVES - 1)
_c.field("wanderers_values", L.WAND_VALUE, P * L.MAX_WANDERERS, 0, 29,
         seat_width=L.MAX_WANDERERS)
_c.field("wanderers_covered", L.WAND_COVERED, P * L.MAX_WANDERERS, 0, 1,
         seat_width=L.MAX_WANDERERS)
_c.field("army", L.ARMY, P * L.MAX_ARMY, 0, NUM_DWARVES - 1, seat_width=L.MAX_ARMY)
RNG_STUCK = _c.rng_stuck()
SETUP = _c.check("turns/per_tavern: not those of the player count")
TIMING = _c.check("turn: past the last turn while the game goes on")
GEMS_SET = _c.check("gems: not the player count's gems, each once")
DECKS = _c.check("deck1/deck2: not the Era's Dwarf cards for the player count, each once")
DECK_POS = _c.check("deck1_pos/deck2_pos: not the cards drawn by this turn")
CARDS = _c.check("tavern_cards/army: a Dwarf card twice, or one not drawn yet")
TAVERN_SLOTS = _c.check("tavern_cards: the taverns' cards do not match the resolution")
TALIONS = _c.check("talion_values/talion_kinds: a talion no player could hold")
TREASURY = _c.check("treasury: gold talions not conserved")
EXCHANGE3 = _c.check("exchange3_free: Kardum's talion not exactly once, or a Lord without "
                     "exactly one exchange talion")
ARMY = _c.check("army_count: more cards than the turns dealt")
COLUMNS = _c.check("column_ranks/points/malt/occult/runes: not what the army holds")
LINES = _c.check("lines: not the complete lines of the columns")
WANDERERS = _c.check("wanderers_*: not the Wanderers cards of the army")
PARIAH = _c.check("pariah_free: Pariah tokens not conserved")
COGNARS = _c.check("cognar_owner/cognar_column: a Cognar in no possible place")
ELITES = _c.check("elite_holder/elite_owner/liquor_owner: not possible in this Era")
ORDER = _c.check("order: not a play order of the seats")
PHASE = _c.check("phase/actor: the seat to act does not match the phase")
STATE_FIELDS, FIELD_TABLE, FIELD_COVERAGE = _c.export(L.STATE_SIZE)
CONFIG_FIELDS = (("players", L.NUM_PLAYERS),)

COLOURED, WHITE, BLACK = int(Kind.COLOURED), int(Kind.WHITE), int(Kind.BLACK)
WANDERERS_ORDER = int(Order.WANDERERS)
OBERON = int(np.flatnonzero(COGNAR_POWER == Power.OBERON_ALLY)[0])  # brings Ga'at


@njit(cache=True)
def _deck_ok(state, deck_at, length, era, five):
    expected = 0
    seen = np.zeros(NUM_DWARVES, np.int64)
    if not each_once(state, deck_at, length, NUM_DWARVES, seen):
        return False
    for card in range(NUM_DWARVES):
        wanted = DWARF_ERA[card] == era and (five or DWARF_FIVE[card] == 0)
        expected += wanted
        if seen[card] != wanted:
            return False
    return all_equal(state, deck_at + length, L.MAX_DECK - length, 0) and expected == length


@njit(cache=True)
def _cards_ok(state, n):
    """Tavern and army cards: each once, each already drawn from its Era's deck."""
    drawn = np.zeros(NUM_DWARVES, np.int64)
    for k in range(state[L.DECK1_POS]):
        drawn[state[L.DECK1 + k]] = 1
    for k in range(state[L.DECK2_POS]):
        drawn[state[L.DECK2 + k]] = 1
    seen = np.zeros(NUM_DWARVES, np.int64)
    if not each_once(state, L.TAVERN_CARDS, NUM_TAVERNS * L.MAX_TAVERN_CARDS, NUM_DWARVES, seen):
        return False
    for seat in range(n):
        army, count = L.ARMY + seat * L.MAX_ARMY, state[L.ARMY_COUNT + seat]
        if not (each_once(state, army, count, NUM_DWARVES, seen)
                and all_equal(state, army + count, L.MAX_ARMY - count, 0)):
            return False
    for card in range(NUM_DWARVES):
        if seen[card] and not drawn[card]:
            return False
    return True


@njit(cache=True)
def _taverns_ok(state, n, phase):
    per = state[L.PER_TAVERN]
    for t in range(NUM_TAVERNS):
        if not all_equal(state, L.TAVERN_CARDS + t * L.MAX_TAVERN_CARDS + per,
                         L.MAX_TAVERN_CARDS - per, -1):
            return False
    tavern = state[L.TAVERN]
    for t in range(NUM_TAVERNS):
        # tavern_cards lie in -1..: a card is any slot that is not -1
        count = L.MAX_TAVERN_CARDS - count_equal(state, L.TAVERN_CARDS + t * L.MAX_TAVERN_CARDS,
                                                 L.MAX_TAVERN_CARDS, -1)
        if phase == L.BID:
            wanted = per
        elif phase == L.TOKENS or phase == L.OVER:
            wanted = 0
        elif t < tavern:
            wanted = 0
        elif t > tavern:
            wanted = per
        else:
            pos = state[L.ORDER_POS]
            wanted = per - pos - state[L.PICKED]
            if n == 2 and t == 1 and (pos >= 1 or (state[L.PICKED] == 1
                                                   and state[L.DISCARD_PENDING] == 0)):
                wanted -= 1
        if count != wanted:
            return False
    return True


@njit(cache=True)
def _talions_ok(state, n):
    held = np.zeros(MAX_TALION + 1, np.int64)
    exchange3 = 0
    for seat in range(n):
        bronze = np.zeros(MAX_TALION + 1, np.int64)
        exchange_talions = 0
        for pos in range(L.TALIONS):
            exchange_talions += is_exchange_talion(state, seat, pos)
            i = seat * L.TALIONS + pos
            value = state[L.TAL_VAL + i]
            kind = state[L.TAL_KIND + i]
            if kind == L.TALION_BRONZE:
                if not contains(BRONZE_ARR, 0, BRONZE_ARR.shape[0], value) or bronze[value]:
                    return TALIONS
                bronze[value] = 1
            elif kind == L.TALION_GOLD:
                if TREASURY_COUNTS[value] == 0:
                    return TALIONS
                held[value] += 1
            else:
                if value != 3:
                    return TALIONS
                exchange3 += 1
        # The 0 is never upgraded nor discarded, only swapped for the 3 - Exchange (Q17).
        if exchange_talions != 1:
            return EXCHANGE3
    for v in range(MAX_TALION + 1):
        if held[v] + state[L.TREASURY + v] != TREASURY_COUNTS[v]:
            return TREASURY
    if exchange3 + state[L.EXCHANGE3_FREE] != 1:
        return EXCHANGE3
    return 0


@njit(cache=True)
def _columns_ok(state, seat):
    """Ranks, Points, symbols and runes of one Lord recomputed from the army and Cognars."""
    ranks = np.zeros(NUM_ORDERS, np.int64)
    points = np.zeros(NUM_ORDERS, np.int64)
    flat = np.zeros(NUM_ORDERS, np.int64)
    malt = 0
    occult = 1 + (state[L.ELITE_OWNER + ARAL] == seat)
    runes = 0
    unique = state[L.ELITE_OWNER + REDWIN] == seat
    for k in range(state[L.ARMY_COUNT + seat]):
        card = state[L.ARMY + seat * L.MAX_ARMY + k]
        order = DWARF_ORDER[card]
        ranks[order] += DWARF_RANKS[card]
        if order != WANDERERS_ORDER:
            points[order] += DWARF_POINTS[card]
        malt += DWARF_MALT[card]
        occult += DWARF_OCCULT[card]
        if DWARF_RUNE[card] > 0:
            runes |= 1 << (DWARF_RUNE[card] - 1)
    for c in range(NUM_COGNARS):
        if state[L.COGNAR_OWNER + c] != seat or c == state[L.PLACING]:
            continue
        malt += COGNAR_MALT[c]
        occult += COGNAR_OCCULT[c]
        unique += COGNAR_RUNES[c]
        column = state[L.COGNAR_COLUMN + c]
        if COGNAR_KIND[c] == WHITE:
            continue
        if c == GAAT:
            ranks[column] += COGNAR_RANKS[c] + GAAT_EXTRA_RANKS_ARR[column]
            points[column] += GAAT_POINTS_ARR[column]
        elif COGNAR_KIND[c] == BLACK:
            ranks[column] += COGNAR_RANKS[c]
            flat[column] += COGNAR_POINTS[c]
        else:
            ranks[column] += COGNAR_RANKS[c]
            points[column] += COGNAR_POINTS[c]
    for o in range(NUM_ORDERS):
        i = seat * NUM_ORDERS + o
        if (state[L.COL_RANKS + i] != ranks[o] or state[L.COL_POINTS + i] != points[o]
                or state[L.COL_FLAT + i] != flat[o]):
            return False
    return (state[L.MALT + seat] == malt and state[L.OCCULT + seat] == occult
            and state[L.RUNE_MASK + seat] == runes and state[L.UNIQUE_RUNES + seat] == unique)


@njit(cache=True)
def _cognar_wanderers_values(state, seat):
    """Bits of the values of a Lord's Cognars in the Wanderers column: each counts as a card
    of its value there (p. 7, Q5), so a Dwarf card of that value may carry a Pariah token."""
    seen = 0
    for c in range(NUM_COGNARS):
        if state[L.COGNAR_OWNER + c] != seat or state[L.COGNAR_COLUMN + c] != WANDERERS_ORDER:
            continue
        value = GAAT_POINTS_ARR[WANDERERS_ORDER] if c == GAAT else COGNAR_POINTS[c]
        seen |= 1 << value
    return seen


@njit(cache=True)
def _wanderers_ok(state, seat):
    """The Wanderers fields recomputed from the army. A Cognar's value may have been seen
    before or after a Dwarf card of that value came, so a token on it is allowed either way."""
    count = 0
    cognars = _cognar_wanderers_values(state, seat)
    seen = 0
    covered = 0
    visible = 0
    base = seat * L.MAX_WANDERERS
    for k in range(state[L.ARMY_COUNT + seat]):
        card = state[L.ARMY + seat * L.MAX_ARMY + k]
        if DWARF_ORDER[card] != WANDERERS_ORDER:
            continue
        if count >= L.MAX_WANDERERS:
            return False
        value = DWARF_POINTS[card]
        if state[L.WAND_VALUE + base + count] != value:
            return False
        if state[L.WAND_COVERED + base + count] == 1:
            if not ((seen | cognars) >> value) & 1:
                return False  # a token covers only a repeated value
            covered += 1
        else:
            visible += value
        seen |= 1 << value
        count += 1
    rest = L.MAX_WANDERERS - count
    if not (all_equal(state, L.WAND_VALUE + base + count, rest, 0)
            and all_equal(state, L.WAND_COVERED + base + count, rest, 0)):
        return False
    return (state[L.WAND_COUNT + seat] == count
            and state[L.WAND_VALUES_SEEN + seat] == seen | cognars
            and state[L.WAND_COVERED_COUNT + seat] == covered
            and state[L.WAND_VISIBLE + seat] == visible)


@njit(cache=True)
def _cognars_ok(state, n):
    placing = state[L.PLACING]
    for c in range(NUM_COGNARS):
        owner = state[L.COGNAR_OWNER + c]
        column = state[L.COGNAR_COLUMN + c]
        kind = COGNAR_KIND[c]
        if owner < 0 or kind == WHITE or c == placing:
            if column != -1:
                return False
        elif kind == COLOURED:
            if column != COGNAR_ORDER[c]:
                return False
        elif column < 0:
            return False
    if placing >= 0:
        if placing != GAAT and COGNAR_KIND[placing] != BLACK:
            return False
        if state[L.COGNAR_OWNER + placing] != state[L.ACTOR]:
            return False
    if state[L.COGNAR_OWNER + GAAT] >= 0 and state[L.COGNAR_OWNER + GAAT] != \
            state[L.COGNAR_OWNER + OBERON]:
        return False
    return True


@njit(cache=True)
def _phase_ok(state, n, phase):
    """The seat to act and the turn's flags are those `resolution.resolve` stops at: a phase
    is reached only when every condition checked before it is false."""
    actor = state[L.ACTOR]
    purse = state[L.NEED_PURSE_UPGRADE] == 1
    placing = state[L.PLACING] >= 0
    derdhr = state[L.NEED_DERDHR] == 1
    svara = state[L.NEED_SVARA] == 1
    pending = state[L.PENDING] > 0
    discard = state[L.DISCARD_PENDING] == 1
    if state[L.MERC_NEED] == 1 and state[L.MERC_PREV] == 0:
        return False
    if (state[L.SVARA_COUNT] > 0) != (phase == L.SVARA):
        return False
    if phase == L.BID or phase == L.TOKENS or phase == L.OVER:
        if purse or placing or derdhr or svara or pending or discard or state[L.MERC_NEED]:
            return False
        if phase == L.OVER:
            return actor == -1
        if phase == L.TOKENS:
            return (actor >= 0 and state[L.TOKENS_LEFT + actor] > 0
                    and state[L.WAND_COVERED_COUNT + actor] > 0)
        if state[L.BID_SEAT] != actor:
            return False
        for seat in range(n):
            if state[L.BID_DONE + seat] != (seat < actor):
                return False
        return True
    pos = state[L.ORDER_POS]
    if actor < 0 or pos >= n or state[L.ORDER + pos] != actor:
        return False
    if discard != (n == 2 and state[L.TAVERN] == 1 and pos == 0):
        return False
    if phase == L.PICK:
        return (state[L.PICKED] == 0 and state[L.EXCHANGED] == 0 and state[L.MERC_PREV] == 0
                and not (purse or placing or derdhr or svara or pending))
    if state[L.PICKED] == 0 or (state[L.EXCHANGED] == 1) != (phase == L.DISCARD):
        return False
    if phase == L.PURSE_UPGRADE:
        return purse
    if purse:
        return False
    if phase == L.PLACE:
        return placing
    if placing:
        return False
    if phase == L.DERDHR:
        return derdhr
    if derdhr:
        return False
    if phase == L.SVARA:
        count = state[L.SVARA_COUNT]
        return svara and count >= 2 and state[L.DECK2_POS] + count <= state[L.DECK2_LEN]
    if svara:
        return False
    if phase == L.RECRUIT:
        return pending
    return discard and not pending  # DISCARD


@njit(VALIDATE, cache=True)
def validate_state(state):
    """0 if `state` is an Aquilon state the rules can reach, else the code of its first bad
    field (STATE_FIELDS[code] names it)."""
    code = check_head(state, FIELD_TABLE, P, L.RNG, RNG_STUCK)
    if code:
        return code
    n = state[L.NUM_PLAYERS]
    phase = state[L.PHASE]
    if state[L.TURNS] != (4 if n <= 3 else 3) or state[L.PER_TAVERN] != (3 if n == 2 else n):
        return SETUP
    turns = state[L.TURNS]
    over = phase == L.OVER or phase == L.TOKENS
    if (state[L.TURN] == turns) != (over and state[L.ERA] == 2) or state[L.TURN] > turns:
        return TIMING
    gems = np.zeros(MAX_LORDS + 1, np.int64)
    for seat in range(n):
        g = state[L.GEMS + seat]
        if g < MAX_LORDS + 1 - n or gems[g]:
            return GEMS_SET
        gems[g] = 1
    five = n == 5
    if not (_deck_ok(state, L.DECK1, state[L.DECK1_LEN], 1, five)
            and _deck_ok(state, L.DECK2, state[L.DECK2_LEN], 2, five)):
        return DECKS
    per_turn = NUM_TAVERNS * state[L.PER_TAVERN]
    dealt = min(state[L.TURN] + 1, turns)
    svara = state[L.DECK2_POS] - (dealt * per_turn if state[L.ERA] == 2 else 0)
    era1 = dealt * per_turn if state[L.ERA] == 1 else turns * per_turn
    if state[L.DECK1_POS] != era1 or not 0 <= svara <= 1:
        return DECK_POS
    if state[L.DECK2_POS] > state[L.DECK2_LEN] or era1 > state[L.DECK1_LEN]:
        return DECK_POS
    if not _cards_ok(state, n):
        return CARDS
    if not _taverns_ok(state, n, phase):
        return TAVERN_SLOTS
    code = _talions_ok(state, n)
    if code:
        return code
    turns_done = state[L.TURN] + (turns if state[L.ERA] == 2 else 0)
    for seat in range(n):
        if state[L.ARMY_COUNT + seat] > NUM_TAVERNS * turns_done + state[L.TAVERN] + 2:
            return ARMY
    covered = 0
    for seat in range(n):
        if not _columns_ok(state, seat):
            return COLUMNS
        if state[L.LINES + seat] != min_of(state, L.COL_RANKS + seat * NUM_ORDERS, NUM_ORDERS):
            return LINES
        if not _wanderers_ok(state, seat):
            return WANDERERS
        covered += state[L.WAND_COVERED_COUNT + seat]
    if covered + state[L.PARIAH_FREE] != PARIAH_TOKENS:
        return PARIAH
    if not _cognars_ok(state, n):
        return COGNARS
    holders = np.zeros(NUM_ELITES, np.int64)
    if not each_once(state, L.ELITE_HOLDER, NUM_ELITES, NUM_ELITES, holders):
        return ELITES
    if state[L.ERA] == 1:
        if state[L.LIQUOR_OWNER] != -1:
            return ELITES
        for e in range(NUM_ELITES):
            if state[L.ELITE_OWNER + e] != -1:
                return ELITES
    order = np.zeros(MAX_LORDS, np.int64)
    unset = phase == L.BID and all_equal(state, L.ORDER, n, 0)
    if not unset and not each_once(state, L.ORDER, n, n, order):
        return ORDER
    if not _phase_ok(state, n, phase):
        return PHASE
    return 0
