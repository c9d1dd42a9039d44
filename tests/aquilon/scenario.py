"""Build Aquilon rule scenarios directly in the engine's state array.

The helpers write the layout offsets (aquilon_env/engine/layout.py) and call the engine's own
placement functions, so that a test can set up exactly the position a rule talks about and then
drive the engine with `do`, which refuses an action the engine does not offer.
"""

from __future__ import annotations

import numpy as np

from aquilon_env import data as D
from aquilon_env import engine as E
from aquilon_env.engine import layout as L
from aquilon_env.engine.army import complete_lines, place_cognar, place_dwarf
from aquilon_env.engine.scoring import bravery_value
from aquilon_env.engine.talions import BID_TRIPLES, sort_hand
from tests.scenario_base import EngineDoors

S, T, W, F, A = (int(o) for o in D.Order)
BRONZE, GOLD, X3 = L.TALION_BRONZE, L.TALION_GOLD, L.TALION_EXCHANGE3
COGNAR = {c.name: i for i, c in enumerate(D.COGNARS)}
ELITE = {e.name: i for i, e in enumerate(D.ELITES)}
MERCENARIES = ("Tadgar", "Akab", "Lygdr", "Dawn", "Wal")

DOORS = EngineDoors(E, L)
legal, do, actor = DOORS.legal, DOORS.do, DOORS.actor


# -- the game ------------------------------------------------------------------------------
def fresh(num_players: int = 3, seed: int = 0) -> np.ndarray:
    """A newly dealt game (rulebook p. 4), in its first bidding phase."""
    return DOORS.new_state(np.array([num_players], np.int32), seed)


def phase(state: np.ndarray) -> int:
    return int(state[L.PHASE])


def score(state: np.ndarray, seat: int) -> int:
    """A Lord's Bravery Value as the engine counts it now (p. 13)."""
    return int(bravery_value(state, seat))


# -- cards --------------------------------------------------------------------------------
def dwarves(order: int, points: int | None = None, **fields) -> list[int]:
    """Ids of the Dwarf cards of an Order (and Points, and any other Dwarf fields given)."""
    found = []
    for card, d in enumerate(D.DWARVES):
        if d.order != order or (points is not None and d.points != points):
            continue
        if all(getattr(d, k) == v for k, v in fields.items()):
            found.append(card)
    return found


def dwarf(order: int, points: int | None = None, nth: int = 0, **fields) -> int:
    """The nth Dwarf card matching `dwarves(order, points, **fields)`."""
    found = dwarves(order, points, **fields)
    assert len(found) > nth, (order, points, fields)
    return found[nth]


def set_taverns(state: np.ndarray, *taverns: list[int]) -> None:
    """Replace the cards of the taverns (one list of card ids per tavern, from the first).
    Before a state goes through a door that validates it, `settle_decks` reorders the decks
    so that these are cards already dealt."""
    for t, cards in enumerate(taverns):
        for s in range(L.MAX_TAVERN_CARDS):
            card = cards[s] if s < len(cards) else -1
            state[L.TAVERN_CARDS + t * L.MAX_TAVERN_CARDS + s] = card


def _on_table(state: np.ndarray) -> list[int]:
    """The Dwarf cards in the taverns and the armies."""
    cards = [int(c) for c in state[L.TAVERN_CARDS:][: 3 * L.MAX_TAVERN_CARDS] if c >= 0]
    for seat in range(int(state[L.NUM_PLAYERS])):
        cards += army(state, seat)
    return cards


def settle_decks(state: np.ndarray) -> None:
    """Make every Dwarf card in the taverns and armies one the decks have already dealt, as in
    a game the rules can reach: a card placed by hand from the undrawn part of its deck swaps
    places with a dealt card that is no longer on the table."""
    table = _on_table(state)
    assert len(set(table)) == len(table), f"a Dwarf card placed twice: {sorted(table)}"
    for card in table:
        deck, length, pos = (L.DECK1, L.DECK1_LEN, L.DECK1_POS) if D.DWARVES[card].era == 1 \
            else (L.DECK2, L.DECK2_LEN, L.DECK2_POS)
        cards = [int(c) for c in state[deck:][: int(state[length])]]
        assert card in cards, f"Dwarf card {card} is in no deck of this game"
        k, drawn = cards.index(card), int(state[pos])
        if k < drawn:
            continue
        free = [j for j in range(drawn) if cards[j] not in table]
        assert free, f"Dwarf card {card} not dealt yet, and no dealt card to swap it with"
        state[deck + free[0]], state[deck + k] = card, cards[free[0]]


def tavern(state: np.ndarray, t: int | None = None) -> list[int]:
    """The cards left in a tavern (default: the one being resolved)."""
    t = int(state[L.TAVERN]) if t is None else t
    row = state[L.TAVERN_CARDS + t * L.MAX_TAVERN_CARDS:][: L.MAX_TAVERN_CARDS]
    return [int(c) for c in row if c >= 0]


def army(state: np.ndarray, seat: int) -> list[int]:
    n = int(state[L.ARMY_COUNT + seat])
    return [int(c) for c in state[L.ARMY + seat * L.MAX_ARMY:][:n]]


def pick(state: np.ndarray, card: int) -> None:
    """The active Lord takes `card` from the tavern being resolved."""
    base = L.TAVERN_CARDS + int(state[L.TAVERN]) * L.MAX_TAVERN_CARDS
    slots = [s for s in range(L.MAX_TAVERN_CARDS) if state[base + s] == card]
    assert slots, f"card {card} is not in the tavern"
    do(state, L.A_PICK + slots[0])


def discard(state: np.ndarray, card: int) -> None:
    """2 Lords, second tavern: the winner discards `card`."""
    base = L.TAVERN_CARDS + int(state[L.TAVERN]) * L.MAX_TAVERN_CARDS
    slots = [s for s in range(L.MAX_TAVERN_CARDS) if state[base + s] == card]
    assert slots, f"card {card} is not in the tavern"
    do(state, L.A_DISCARD + slots[0])


# -- armies -------------------------------------------------------------------------------
def sync_lines(state: np.ndarray, seat: int) -> None:
    """Count a hand-built army's complete lines as already rewarded (nothing to recruit)."""
    state[L.LINES + seat] = complete_lines(state, seat)


def give_dwarf(state: np.ndarray, seat: int, *cards: int) -> None:
    """Place Dwarf cards in a Lord's army with the engine's placement (Pariah tokens included)."""
    for card in cards:
        place_dwarf(state, seat, card)
    sync_lines(state, seat)


def give_cognar(state: np.ndarray, seat: int, name: str, column: int = -1) -> None:
    """Place a Cognar with the engine's placement; Black-rank ones and Ga'at need a column.
    Oosram's and Droh's end-of-game token removals are noted as their recruitment does."""
    c = COGNAR[name]
    place_cognar(state, seat, c, column)
    if D.COGNARS[c].power == D.Power.REMOVE_TOKENS:
        state[L.TOKENS_LEFT + seat] += D.COGNARS[c].power_amount
    sync_lines(state, seat)


def set_ranks(state: np.ndarray, seat: int, ranks: tuple[int, ...]) -> None:
    """Write a Lord's ranks per column (Shield, Temple, Wanderers, Forge, Talion) directly,
    their lines counted as already rewarded."""
    for c, r in enumerate(ranks):
        state[L.COL_RANKS + seat * D.NUM_ORDERS + c] = r
    sync_lines(state, seat)


def ranks(state: np.ndarray, seat: int) -> list[int]:
    return [int(r) for r in state[L.COL_RANKS + seat * D.NUM_ORDERS:][: D.NUM_ORDERS]]


def take_cognars(state: np.ndarray, names, seat: int = 1) -> None:
    """Mark Cognars as owned by another Lord (no longer available), without placing them."""
    for name in names:
        state[L.COGNAR_OWNER + COGNAR[name]] = seat


def give_elite(state: np.ndarray, seat: int, name: str) -> None:
    """Give an Elite Cognar with its lasting effect (Aral, Redwin, Brum), as the Evaluation does."""
    e = ELITE[name]
    state[L.ELITE_OWNER + e] = seat
    if e == D.ARAL:
        state[L.OCCULT + seat] += 1
    elif e == D.REDWIN:
        state[L.UNIQUE_RUNES + seat] += 1
    elif e == D.BRUM:
        state[L.TOKENS_LEFT + seat] += 1


# -- talions and gems ---------------------------------------------------------------------
def _spec(item, bronze_used):
    if isinstance(item, tuple):
        return item
    if item in D.BRONZE_TALIONS and item not in bronze_used:
        return item, BRONZE
    return item, GOLD


def set_talions(state: np.ndarray, seat: int, talions, sort: bool = True) -> None:
    """Give a Lord five talions, by position (taverns 1-3, then the purse).

    An int is the bronze talion of that value if the Lord may still have it, else a gold one
    taken from the Treasury; (value, kind) is explicit (X3: Kardum's talion 3 - Exchange).
    Gold talions held before go back to the Treasury. With sort=True the five become the hand
    to bid from, sorted as the engine sorts it at the start of a turn.
    """
    base = seat * L.TALIONS
    for pos in range(L.TALIONS):
        kind = state[L.TAL_KIND + base + pos]
        if kind == GOLD:
            state[L.TREASURY + state[L.TAL_VAL + base + pos]] += 1
        elif kind == X3:
            state[L.EXCHANGE3_FREE] = 1
    used = []
    for pos, item in enumerate(talions):
        value, kind = _spec(item, used)
        if kind == BRONZE:
            used.append(value)
        elif kind == GOLD:
            assert state[L.TREASURY + value] > 0, f"no gold {value} left in the Treasury"
            state[L.TREASURY + value] -= 1
        else:
            assert state[L.EXCHANGE3_FREE] == 1
            state[L.EXCHANGE3_FREE] = 0
        state[L.TAL_VAL + base + pos] = value
        state[L.TAL_KIND + base + pos] = kind
    if sort:
        sort_hand(state, seat)


def talions(state: np.ndarray, seat: int) -> list[int]:
    """A Lord's talion values by position (taverns 1-3, purse)."""
    return [int(v) for v in state[L.TAL_VAL + seat * L.TALIONS:][: L.TALIONS]]


def talion_kinds(state: np.ndarray, seat: int) -> list[int]:
    return [int(k) for k in state[L.TAL_KIND + seat * L.TALIONS:][: L.TALIONS]]


def treasury(state: np.ndarray, value: int) -> int:
    return int(state[L.TREASURY + value])


def set_gems(state: np.ndarray, gems) -> None:
    for seat, gem in enumerate(gems):
        state[L.GEMS + seat] = gem


def gems(state: np.ndarray) -> list[int]:
    return [int(g) for g in state[L.GEMS:][: int(state[L.NUM_PLAYERS])]]


def bid_action(state: np.ndarray, seat: int, values) -> int:
    """The bid action putting the hand talions of these values on taverns 1, 2 and 3.
    A value may be (value, kind) when the hand holds a bronze and a gold of that value."""
    base = seat * L.TALIONS
    hand = [
        (int(state[L.TAL_VAL + base + h]), int(state[L.TAL_KIND + base + h]))
        for h in range(L.TALIONS)
    ]
    chosen = []
    for item in values:
        for h, (v, k) in enumerate(hand):
            match = (v, k) == item if isinstance(item, tuple) else v == item
            if match and h not in chosen:
                chosen.append(h)
                break
        else:
            raise AssertionError(f"no talion {item} in hand {hand}")
    for b, triple in enumerate(BID_TRIPLES):
        if list(triple) == chosen:
            return L.A_BID + b
    raise AssertionError(chosen)


def bid_all(state: np.ndarray, *bids) -> None:
    """Every Lord bids in seat order (the bids are simultaneous; the engine asks each in turn)."""
    assert phase(state) == L.BID and actor(state) == 0
    for seat, values in enumerate(bids):
        assert actor(state) == seat
        do(state, bid_action(state, seat, values))


def end_game(state: np.ndarray) -> None:
    """Bring a state to the end of the game as the rules leave it: Era 2 after its last turn,
    both decks dealt, the taverns empty, nobody to act (Dwarf cards given afterwards come from
    the dealt cards, see `settle_decks`)."""
    per_era = int(state[L.TURNS]) * 3 * int(state[L.PER_TAVERN])
    state[L.ERA] = 2
    state[L.TURN] = state[L.TURNS]
    state[L.DECK1_POS] = per_era
    state[L.DECK2_POS] = per_era
    state[L.TAVERN_CARDS:L.TAVERN_CARDS + 3 * L.MAX_TAVERN_CARDS] = -1
    n = int(state[L.NUM_PLAYERS])
    state[L.ORDER:L.ORDER + n] = np.arange(n)
    state[L.PHASE] = L.OVER
    state[L.ACTOR] = -1


def play_first_legal(state: np.ndarray, until=None, limit: int = 500) -> None:
    """Play the first legal action until `until(state)` holds or the game is over."""
    for _ in range(limit):
        if actor(state) < 0 or (until is not None and until(state)):
            return
        E.play(state, legal(state)[0])
    raise AssertionError("the game did not reach the expected point")
