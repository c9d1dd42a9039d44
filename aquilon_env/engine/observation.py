"""Observations: float32 features of what one Lord may know (or everything, for viewer -1).

Seats are relative to the viewer (block 0 is the viewer itself). Hidden from a Lord: other
Lords' talion positions until revealed (their talion values are public, shown sorted), the deck
orders, Svara's cards unless it is the Lord looking. During the bids nothing depends on how far
the other Lords have got. Every feature lies in [-1, 1].
"""

import numpy as np
from numba import njit

from aquilon_env.data import (
    DWARF_MALT,
    DWARF_OCCULT,
    DWARF_ORDER,
    DWARF_POINTS,
    DWARF_RANKS,
    DWARF_RUNE,
    MAX_DWARVES_PER_LORD,
    MAX_TALION,
    NUM_COGNARS,
    NUM_DWARVES,
    NUM_ELITES,
    NUM_ORDERS,
    NUM_RUNE_KINDS,
    NUM_TAVERNS,
    OBS_BRAVERY_SCALE,
    OBS_FLAT_SCALE,
    OBS_LINES_SCALE,
    OBS_MALT_SCALE,
    OBS_OCCULT_SCALE,
    OBS_POINTS_SCALE,
    OBS_RANK_SCALE,
    OBS_RUNES_SCALE,
    OBS_TOKENS_SCALE,
    PARIAH_TOKENS,
)
from aquilon_env.engine import layout as L
from aquilon_env.engine.army import distinct_runes
from aquilon_env.engine.scoring import bravery_value, elite_count
from tabletop_core.observation import KNOWN, OWN, Block, Piece, lay_out
from tabletop_core.signatures import OBSERVE

CARD_FEATURES = 11
# Talion kinds (BRONZE 0, GOLD 1, EXCHANGE3 2) as features.
KIND_SCALE = 0.5
SEAT_BLOCKS = L.P
OWNERS = 1 + L.P  # nobody, then the seats relative to the viewer
_CARD = "card features (present, order one-hot, rank, points, malt, occult, rune)"

# The observation as named pieces, in vector order (docs/rules/aquilon.md, "Observation").
PIECES = (
    Piece("phase", (L.NUM_PHASES,), "phase one-hot"),
    Piece("era", (1,), "1 in the second Era"),
    Piece("turn", (1,), "turn in the Era / 4"),
    Piece("tavern", (NUM_TAVERNS,), "the tavern being resolved, one-hot (none during bids)"),
    Piece("num_players", (L.P - 1,), "player count 2-5, one-hot"),
    Piece("deck_left", (2,), "cards left in the Era 1 and Era 2 decks / MAX_DECK"),
    Piece("treasury", (MAX_TALION - 4,), "Treasury talions of value 5..25 / 3"),
    Piece("exchange3_free", (1,), "the 3 - Exchange is in the Treasury"),
    Piece("pariah_free", (1,), "Pariah tokens in the supply / 12"),
    Piece("actor", (L.P,), "seat to act, relative one-hot (hidden from others during bids)"),
    Piece("is_actor", (1,), "the viewer is the seat to act"),
    Piece("pending", (1,), "recruitments pending / 4"),
    Piece("merc_need", (1,), "a Mercenary or Ga'at waits to be placed"),
    Piece("placing", (NUM_COGNARS,), "the Cognar being recruited, one-hot"),
    Piece("tavern_cards", (NUM_TAVERNS, L.MAX_TAVERN_CARDS, CARD_FEATURES), _CARD),
    Piece("svara_cards", (5, CARD_FEATURES), _CARD + " of Svara's look", OWN),
    Block("seat", SEAT_BLOCKS, (
        Piece("present", (1,), "1 for a seat in the game"),
        Piece("gems", (1,), "gem / 5"),
        Piece("talions", (L.TALIONS,), "talion values sorted by (value, kind) / 25"),
        Piece("has_exchange3", (1,), "holds the 3 - Exchange"),
        Piece("known_values", (L.TALIONS,), "talion value / 25 at each position the viewer "
              "knows", KNOWN),
        Piece("known_positions", (L.TALIONS,), "1 at each position the viewer knows", KNOWN),
        Piece("bid_done", (1,), "the viewer has bid (its own block only)", OWN),
        Piece("ranks", (NUM_ORDERS,), "ranks per column, scaled"),
        Piece("points", (NUM_ORDERS,), "Points per column, scaled"),
        Piece("flat", (NUM_ORDERS,), "Black Points per column, scaled"),
        Piece("wanderers_seen", (12,), "Wanderers values 2..13 present"),
        Piece("tokens", (1,), "Pariah tokens covering Wanderers / 12"),
        Piece("malt", (1,), "Malt, scaled"),
        Piece("occult", (1,), "Occult, scaled"),
        Piece("runes", (1,), "distinct runes, scaled"),
        Piece("rune_kinds", (NUM_RUNE_KINDS,), "runes present, by kind"),
        Piece("lines", (1,), "lines, scaled"),
        Piece("elites", (1,), "Elite Cognars / 5"),
        Piece("liquor", (1,), "holds the Liquor Certification"),
        Piece("tokens_left", (1,), "Pariah token removals left, scaled"),
        Piece("bravery", (1,), "current Bravery Value, scaled"),
        Piece("army", (1,), "army size / MAX_DWARVES_PER_LORD"),
        Piece("talion_kinds", (L.TALIONS,), "kinds of the sorted talions * 0.5 (bronze, "
              "gold, 3 - Exchange)"),
        Piece("known_kinds", (L.TALIONS,), "kind * 0.5 at each position the viewer knows",
              KNOWN),
    ), "per seat, relative to the viewer (block 0 is the viewer)"),
    Piece("cognar_owner", (NUM_COGNARS, OWNERS), "each Cognar's owner: nobody, then the "
          "seats relative to the viewer"),
    Block("elite", NUM_ELITES, (
        Piece("holder", (1,), "its position among the holders / 4"),
        Piece("owner", (OWNERS,), "owner: nobody, then the seats relative to the viewer"),
    ), "per Elite Cognar"),
    Piece("liquor_owner", (OWNERS,), "the Liquor Certification's owner: nobody, then the "
          "seats relative to the viewer"),
)
LAYOUT = lay_out(PIECES)
OBS_SIZE = LAYOUT.size
_at = LAYOUT.offsets.__getitem__
# Absolute offsets of the global pieces.
PHASE = _at("phase")
ERA = _at("era")
TURN = _at("turn")
TAVERN = _at("tavern")
NUM_PLAYERS = _at("num_players")
DECK_LEFT = _at("deck_left")
TREASURY = _at("treasury")
EXCHANGE3_FREE = _at("exchange3_free")
PARIAH_FREE = _at("pariah_free")
ACTOR = _at("actor")
IS_ACTOR = _at("is_actor")
PENDING = _at("pending")
MERC_NEED = _at("merc_need")
PLACING = _at("placing")
TAVERN_CARDS = _at("tavern_cards")
SVARA_CARDS = _at("svara_cards")
COGNAR_OWNER = _at("cognar_owner")
LIQUOR_OWNER = _at("liquor_owner")
# The seat blocks: their start and size, each piece's offset within a block.
SEATS_AT = LAYOUT.starts["seat"]
SEAT_FEATURES = LAYOUT.slots["seat.present"].stride
S_PRESENT = _at("seat.present")
S_GEMS = _at("seat.gems")
S_TALIONS = _at("seat.talions")
S_HAS_EXCHANGE3 = _at("seat.has_exchange3")
S_KNOWN_VALUES = _at("seat.known_values")
S_KNOWN_POSITIONS = _at("seat.known_positions")
S_BID_DONE = _at("seat.bid_done")
S_RANKS = _at("seat.ranks")
S_POINTS = _at("seat.points")
S_FLAT = _at("seat.flat")
S_WANDERERS_SEEN = _at("seat.wanderers_seen")
S_TOKENS = _at("seat.tokens")
S_MALT = _at("seat.malt")
S_OCCULT = _at("seat.occult")
S_RUNES = _at("seat.runes")
S_RUNE_KINDS = _at("seat.rune_kinds")
S_LINES = _at("seat.lines")
S_ELITES = _at("seat.elites")
S_LIQUOR = _at("seat.liquor")
S_TOKENS_LEFT = _at("seat.tokens_left")
S_BRAVERY = _at("seat.bravery")
S_ARMY = _at("seat.army")
S_TALION_KINDS = _at("seat.talion_kinds")
S_KNOWN_KINDS = _at("seat.known_kinds")
ELITES_AT = LAYOUT.starts["elite"]
ELITE_FEATURES = LAYOUT.slots["elite.holder"].stride
E_HOLDER = _at("elite.holder")
E_OWNER = _at("elite.owner")


@njit(cache=True)
def _unit(x, scale):
    return min(x / scale, 1.0)


def _card_feature_table():
    table = np.zeros((NUM_DWARVES, CARD_FEATURES), np.float32)
    for card in range(NUM_DWARVES):
        table[card, 0] = 1.0
        table[card, 1 + DWARF_ORDER[card]] = 1.0
        table[card, 6] = DWARF_RANKS[card] / 3.0
        table[card, 7] = DWARF_POINTS[card] / 13.0
        table[card, 8] = DWARF_MALT[card]
        table[card, 9] = DWARF_OCCULT[card]
        table[card, 10] = DWARF_RUNE[card] / NUM_RUNE_KINDS
    return table


CARD_TABLE = _card_feature_table()


@njit(cache=True)
def _card(out, at, card):
    if card >= 0:
        for f in range(CARD_FEATURES):
            out[at + f] = CARD_TABLE[card, f]
    return at + CARD_FEATURES


@njit(cache=True)
def _relative(seat, base, n):
    """Block index of `seat` as seen from `base`; -1 for nobody."""
    if seat < 0:
        return -1
    return (seat - base + n) % n


@njit(cache=True)
def _seat_block(state, out, at, seat, sees_positions, is_viewer):
    n_talions = L.TALIONS
    base = seat * n_talions
    out[at + S_PRESENT] = 1.0
    out[at + S_GEMS] = state[L.GEMS + seat] / 5.0
    # Talion values and kinds are public; written sorted by (value, kind) so that their
    # positions stay hidden. A kind tells bronze from gold (a discarded gold talion returns to
    # the Treasury, a bronze one leaves the game) and marks the 3 - Exchange.
    for i in range(n_talions):
        v = state[L.TAL_VAL + base + i]
        kind = state[L.TAL_KIND + base + i]
        rank = 0
        for j in range(n_talions):
            w = state[L.TAL_VAL + base + j]
            k = state[L.TAL_KIND + base + j]
            if w < v or (w == v and (k < kind or (k == kind and j < i))):
                rank += 1
        out[at + S_TALIONS + rank] = v / MAX_TALION
        out[at + S_TALION_KINDS + rank] = kind * KIND_SCALE
    for pos in range(n_talions):
        if state[L.TAL_KIND + base + pos] == L.TALION_EXCHANGE3:
            out[at + S_HAS_EXCHANGE3] = 1.0
    for pos in range(n_talions):
        if sees_positions or state[L.TAL_KNOWN + base + pos] == 1:
            out[at + S_KNOWN_VALUES + pos] = state[L.TAL_VAL + base + pos] / MAX_TALION
            out[at + S_KNOWN_POSITIONS + pos] = 1.0
            out[at + S_KNOWN_KINDS + pos] = state[L.TAL_KIND + base + pos] * KIND_SCALE
    if is_viewer:
        out[at + S_BID_DONE] = state[L.BID_DONE + seat]
    for c in range(NUM_ORDERS):
        col = seat * NUM_ORDERS + c
        out[at + S_RANKS + c] = _unit(state[L.COL_RANKS + col], OBS_RANK_SCALE[c])
        out[at + S_POINTS + c] = _unit(state[L.COL_POINTS + col], OBS_POINTS_SCALE[c])
        out[at + S_FLAT + c] = _unit(state[L.COL_FLAT + col], OBS_FLAT_SCALE)
    seen = state[L.WAND_VALUES_SEEN + seat]
    for v in range(12):
        out[at + S_WANDERERS_SEEN + v] = (seen >> (v + 2)) & 1
    out[at + S_TOKENS] = _unit(state[L.WAND_COVERED_COUNT + seat], PARIAH_TOKENS)
    out[at + S_MALT] = _unit(state[L.MALT + seat], OBS_MALT_SCALE)
    out[at + S_OCCULT] = _unit(state[L.OCCULT + seat], OBS_OCCULT_SCALE)
    out[at + S_RUNES] = _unit(distinct_runes(state, seat), OBS_RUNES_SCALE)
    mask = state[L.RUNE_MASK + seat]
    for r in range(NUM_RUNE_KINDS):
        out[at + S_RUNE_KINDS + r] = (mask >> r) & 1
    out[at + S_LINES] = _unit(state[L.LINES + seat], OBS_LINES_SCALE)
    out[at + S_ELITES] = elite_count(state, seat) / 5.0
    out[at + S_LIQUOR] = state[L.LIQUOR_OWNER] == seat
    out[at + S_TOKENS_LEFT] = _unit(state[L.TOKENS_LEFT + seat], OBS_TOKENS_SCALE)
    out[at + S_BRAVERY] = _unit(bravery_value(state, seat), OBS_BRAVERY_SCALE)
    out[at + S_ARMY] = _unit(state[L.ARMY_COUNT + seat], MAX_DWARVES_PER_LORD)


@njit(OBSERVE, cache=True)
def observe(state, viewer, out):
    """Write the observation of seat `viewer` (-1: the full state) into out[:OBS_SIZE]."""
    out[:] = 0.0
    n = state[L.NUM_PLAYERS]
    god = viewer < 0
    base = 0 if god else viewer
    phase = state[L.PHASE]
    actor = state[L.ACTOR]
    out[PHASE + phase] = 1.0
    out[ERA] = state[L.ERA] == 2
    out[TURN] = state[L.TURN] / 4.0
    out[TAVERN + state[L.TAVERN]] = phase != L.BID
    out[NUM_PLAYERS + n - 2] = 1.0
    out[DECK_LEFT] = (state[L.DECK1_LEN] - state[L.DECK1_POS]) / L.MAX_DECK
    out[DECK_LEFT + 1] = (state[L.DECK2_LEN] - state[L.DECK2_POS]) / L.MAX_DECK
    for v in range(5, MAX_TALION + 1):
        out[TREASURY + v - 5] = state[L.TREASURY + v] / 3.0
    out[EXCHANGE3_FREE] = state[L.EXCHANGE3_FREE]
    out[PARIAH_FREE] = state[L.PARIAH_FREE] / 12.0
    # Who acts is public, except during the bids (it would tell who has already bid).
    if actor >= 0 and (phase != L.BID or actor == viewer or god):
        out[ACTOR + _relative(actor, base, n)] = 1.0
    out[IS_ACTOR] = actor == viewer
    out[PENDING] = _unit(state[L.PENDING], 4.0)
    out[MERC_NEED] = state[L.MERC_NEED]
    if state[L.PLACING] >= 0:
        out[PLACING + state[L.PLACING]] = 1.0
    at = TAVERN_CARDS
    for t in range(NUM_TAVERNS):
        for s in range(L.MAX_TAVERN_CARDS):
            at = _card(out, at, state[L.TAVERN_CARDS + t * L.MAX_TAVERN_CARDS + s])
    sees_svara = phase == L.SVARA and (god or actor == viewer)
    at = SVARA_CARDS
    for k in range(5):
        card = -1
        if sees_svara and k < state[L.SVARA_COUNT]:
            card = state[L.DECK2 + state[L.DECK2_POS] + k]
        at = _card(out, at, card)
    for k in range(n):
        seat = (base + k) % n
        own = god or seat == viewer
        _seat_block(state, out, SEATS_AT + k * SEAT_FEATURES, seat, own, own and not god)
    for c in range(NUM_COGNARS):
        owner = state[L.COGNAR_OWNER + c]
        at = COGNAR_OWNER + c * OWNERS
        if owner < 0:
            out[at] = 1.0
        else:
            out[at + 1 + _relative(owner, base, n)] = 1.0
    for h in range(NUM_ELITES):
        elite = state[L.ELITE_HOLDER + h]
        a = ELITES_AT + elite * ELITE_FEATURES
        out[a + E_HOLDER] = h / 4.0
        owner = state[L.ELITE_OWNER + elite]
        if owner < 0:
            out[a + E_OWNER] = 1.0
        else:
            out[a + E_OWNER + 1 + _relative(owner, base, n)] = 1.0
    liquor = state[L.LIQUOR_OWNER]
    if liquor < 0:
        out[LIQUOR_OWNER] = 1.0
    else:
        out[LIQUOR_OWNER + 1 + _relative(liquor, base, n)] = 1.0
