"""The facts of a Dragon's Interest table that both its text (text.py) and its drawing
(drawing.py) tell: the names of types, currencies and tiles, the Contracts, a seat's Gold and
Knights as a viewer may know them (M15), a committed choice, and the latest Phase 2 turn.
"""

from __future__ import annotations

import numpy as np

from dragon_env.data import (
    BUILDINGS,
    CONTRACTS,
    ActionKind,
    TileKind,
)
from dragon_env.engine import layout as L
from dragon_env.engine.ledger import floor, is_exact, tally
from dragon_env.engine.tables import (
    JESTER_VALUE,
    STACK_SIZE,
    TILE_GOLD,
    TILE_KIND,
    TYPE_BID_CURRENCY,
)
from tabletop_core.text import (
    PUBLIC,
    a_or_an,
    plural,
)

TYPE_NAMES = tuple(b.name for b in BUILDINGS)
CURRENCY_NAMES = ("Gold", "Knights")
_ONE = ("Gold", "Knight")  # the name of an amount of 1
KIND_NAMES = {TileKind.GENEROUS_DRAGON: "Generous Dragon", TileKind.CALENDAR: "Calendar",
              TileKind.INVASION: "Invasion"}


def describe_tile(tile: int) -> str:
    """A face-up tile in a few words, e.g. 'Harbor 13' or 'Calendar'."""
    if tile < 0:
        return "-"
    kind = TileKind(int(TILE_KIND[tile]))
    if kind == TileKind.BUILDING:
        return f"{TYPE_NAMES[tile // STACK_SIZE]} {int(TILE_GOLD[tile])}"
    return KIND_NAMES[kind]


def amount_text(value: int, currency: int) -> str:
    """An amount of a currency: '1 Gold', '7 Gold', '1 Knight', '2 Knights'."""
    value = int(value)
    return f"{value} {(_ONE if value == 1 else CURRENCY_NAMES)[currency]}"


def describe_contract(card: int) -> str:
    """A Contract card by name: 'the Jester' or its value."""
    return "the Jester" if card == 0 else f"Contract {CONTRACTS[card].value}"


def contract_text(state: np.ndarray, seat: int) -> str:
    """The Contract `seat` revealed this round, as a suffix ('; revealed ...'), or ''."""
    card = int(state[L.REVEALED + seat])
    if card < 0:
        return ""
    if state[L.VOID + seat]:
        return "; revealed the Jester (void)"
    value = JESTER_VALUE if card == 0 else CONTRACTS[card].value
    return f"; revealed {describe_contract(card)} ({value})"


def _known(state: np.ndarray, viewer: int, seat: int, currency: int) -> str:
    estimate = int(tally(state, viewer, seat, currency))
    if is_exact(state, viewer, seat, currency):
        return amount_text(estimate, currency)
    least = int(floor(state, viewer, seat, currency))
    if estimate <= least:
        return f"at least {amount_text(least, currency)}"
    return f"about {amount_text(estimate, currency)} (at least {least})"


def money_text(state: np.ndarray, seat: int, viewer: int, over: bool) -> str:
    """A seat's Gold and Knights as `viewer` may know them: exact for its own seat and
    once the game is over, hidden in the public view, else what the viewer's ledger proves (M15)."""
    if seat == viewer or over:
        return ", ".join(amount_text(state[L.HOLD + seat * 2 + c], c) for c in range(2))
    if viewer == PUBLIC:
        return "Gold and Knights hidden"
    return ", ".join(_known(state, viewer, seat, c) for c in range(2))


def pending_text(state: np.ndarray, seat: int) -> str:
    """The choice `seat` committed in this step (Contract, bid or Invasion), for that
    seat's eyes only."""
    pending = int(state[L.PENDING + seat])
    step = int(state[L.STEP])
    if step == L.CHOOSE_CONTRACT:
        return describe_contract(pending)
    if step == L.BID_AMOUNT:
        currency = int(TYPE_BID_CURRENCY[int(state[L.ACT_TYPE])])
        return f"a bid of {amount_text(pending, currency)}"
    if pending == L.INVADE_KNIGHTS:
        return "to discard 2 Knights"
    return f"to discard {a_or_an(TYPE_NAMES[pending])}"


def turn_lines(state: np.ndarray, viewer: int) -> list[str]:
    """The latest Phase 2 turn: activation, chest or auction, as far as the viewer may know."""
    seat = int(state[L.ACT_SEAT])
    step = int(state[L.STEP])
    if seat < 0 or step in (L.CHOOSE_CONTRACT, L.PICK_TILE):
        return []
    t = int(state[L.ACT_TYPE])
    if t < 0:
        return [f"Latest turn: player {seat} passed"]
    line = f"Latest turn: player {seat} activated {TYPE_NAMES[t]}"
    target = int(state[L.CHEST_TARGET_SEAT])
    if BUILDINGS[t].action == ActionKind.TREASURE_CHEST and target >= 0:
        line += f"; chest for player {target}"
        if state[L.CHEST_TYPE] >= 0:
            line += f", indicating its {TYPE_NAMES[int(state[L.CHEST_TYPE])]}"
        currency = int(state[L.CHEST_CURRENCY])
        if step == L.CHEST_AMOUNT:
            line += f"; the amount ({plural(int(state[L.ENTRY_LEN]), 'digit')}) is being entered"
        elif step == L.CHEST_RESPONSE:
            amount = (amount_text(state[L.CHEST_X], currency) if viewer in (seat, target)
                      else f"an amount of {CURRENCY_NAMES[currency]} you were not shown")
            line += f"; the chest is shut with {amount}"
        response = int(state[L.CHEST_RESPONSE_KIND])
        if response >= 0:
            line += "; accepted" if response == L.ACCEPTED else "; matched"
        if state[L.CHEST_MOVED] >= 0:
            line += f"; {a_or_an(TYPE_NAMES[int(state[L.CHEST_MOVED])])} changed hands"
    elif BUILDINGS[t].action == ActionKind.AUCTION:
        if state[L.STAKE]:
            line += f"; stake {amount_text(state[L.STAKE], BUILDINGS[t].stake_currency)}"
        if step == L.BID_AMOUNT:
            line += (f"; sealed bids of {plural(int(state[L.ENTRY_LEN]), 'digit')} are "
                     "being made")
        bids = [f"player {s} {int(state[L.BID + s])}" for s in range(int(state[L.NUM_PLAYERS]))
                if state[L.BID + s] >= 0]
        if bids:
            line += f"; bids revealed: {', '.join(bids)}"
        if state[L.AUCTION_WINNER] >= 0:
            line += f"; won by player {int(state[L.AUCTION_WINNER])}"
    return [line]
