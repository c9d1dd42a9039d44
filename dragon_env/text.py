"""Words for actions and a text picture of the table."""

from __future__ import annotations

import numpy as np

from dragon_env.data import BUILDINGS, CONTRACTS, TileKind
from dragon_env.engine import layout as L
from dragon_env.engine.ledger import floor, is_exact, tally
from dragon_env.engine.scoring import points
from dragon_env.engine.tables import (
    JESTER_VALUE,
    NUM_TYPES,
    STACK_SIZE,
    TILE_GOLD,
    TILE_KIND,
    TYPE_BID_CURRENCY,
)

TYPE_NAMES = tuple(b.name for b in BUILDINGS)
CURRENCY_NAMES = ("Gold", "Knights")
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


def describe_contract(card: int) -> str:
    """A Contract card by name: 'Jester' or its value."""
    return "the Jester" if card == 0 else f"Contract {CONTRACTS[card].value}"


def _seat_at(state: np.ndarray, offset: int) -> int:
    return (int(state[L.ACTOR]) + offset) % int(state[L.NUM_PLAYERS])


def _entry_currency(state: np.ndarray) -> int:
    if int(state[L.STEP]) == L.CHEST_AMOUNT:
        return int(state[L.CHEST_CURRENCY])
    return int(TYPE_BID_CURRENCY[int(state[L.ACT_TYPE])])


def action_to_string(state: np.ndarray, action: int) -> str:
    """Describe `action` for the seat to act in `state`."""
    if not 0 <= action < L.NUM_ACTIONS:
        raise ValueError(f"action must be in 0..{L.NUM_ACTIONS - 1}, got {action}")
    if action < L.A_PICK:
        return f"play {describe_contract(action - L.A_CONTRACT)}"
    if action < L.A_ACTIVATE:
        t = action - L.A_PICK
        tile = int(state[L.SLOT + t])
        if tile < 0:
            return f"build the {TYPE_NAMES[t]} of the face-up display"
        return f"build the {describe_tile(tile)} (+{int(TILE_GOLD[tile])} Gold)"
    if action < L.A_PASS:
        return f"activate {TYPE_NAMES[action - L.A_ACTIVATE]}"
    if action == L.A_PASS:
        return "pass"
    if action < L.A_CHEST_BUILDING:
        offset = action - L.A_CHEST_TARGET + 1
        return f"offer the chest to player {_seat_at(state, offset)} (offset +{offset})"
    if action < L.A_DIGIT:
        return f"indicate the target's {TYPE_NAMES[action - L.A_CHEST_BUILDING]}"
    if action < L.A_ACCEPT:
        digit = action - L.A_DIGIT
        step = int(state[L.STEP])
        if step not in (L.BID_AMOUNT, L.CHEST_AMOUNT):
            return f"digit {digit}"
        what = "bid" if step == L.BID_AMOUNT else "chest amount"
        more = int(state[L.ENTRY_LEFT]) - 1
        so_far = int(state[L.ENTRY_REG]) * 10 + digit
        unit = CURRENCY_NAMES[_entry_currency(state)]
        return (f"{what} digit {digit} ({so_far} {unit} so far, "
                f"{more} more digit{'' if more == 1 else 's'})")
    if action == L.A_ACCEPT:
        return "accept the chest and give the indicated Building"
    if action == L.A_MATCH:
        return "match the chest, then take one of the offerer's Buildings"
    if action < L.A_TIEBREAK:
        return f"take the offerer's {TYPE_NAMES[action - L.A_TAKE]}"
    if action < L.A_INVADE_KNIGHTS:
        offset = action - L.A_TIEBREAK
        return f"the auction goes to player {_seat_at(state, offset)} (offset +{offset})"
    if action == L.A_INVADE_KNIGHTS:
        return "Invasion: discard 2 Knights (all of them if fewer)"
    return f"Invasion: discard a {TYPE_NAMES[action - L.A_INVADE_BUILDING]}"


def public_action_to_string(state: np.ndarray, action: int) -> str:
    """What the other seats see of `action`: sealed choices and chest amounts are not told."""
    step = int(state[L.STEP])
    if step == L.CHOOSE_CONTRACT:
        return "chooses a Contract face down"
    if step == L.CHEST_AMOUNT:
        return "puts an amount into the chest"
    if step == L.BID_AMOUNT:
        return "makes a sealed bid"
    if step == L.INVASION:
        return "chooses what to lose to the Invasion"
    return action_to_string(state, action)


def _contract_text(state: np.ndarray, seat: int) -> str:
    card = int(state[L.REVEALED + seat])
    if card < 0:
        return ""
    if state[L.VOID + seat]:
        return ", revealed the Jester (void)"
    value = JESTER_VALUE if card == 0 else CONTRACTS[card].value
    return f", revealed {describe_contract(card)} ({value})"


def _known(state: np.ndarray, viewer: int, seat: int, currency: int) -> str:
    name = CURRENCY_NAMES[currency]
    estimate = int(tally(state, viewer, seat, currency))
    if is_exact(state, viewer, seat, currency):
        return f"{estimate} {name}"
    return f"about {estimate} {name} (at least {int(floor(state, viewer, seat, currency))})"


def render_text(state: np.ndarray, viewer: int | None = None) -> str:
    """The table as text: public information, plus the viewer's own if a seat is given."""
    n = int(state[L.NUM_PLAYERS])
    step = L.STEP_NAMES[int(state[L.STEP])]
    ring = [int(t) for t in range(NUM_TYPES) if state[L.STACK_TOP + t] < STACK_SIZE
            or state[L.SLOT + t] >= 0]
    lines = [
        f"Round {int(state[L.ROUND])}, step {step}, player to act: {int(state[L.ACTOR])}, "
        f"Start Player {int(state[L.START])}, Dragon before ring index {int(state[L.DRAGON])}"
        + (" (no interest this round)" if state[L.NO_INTEREST] else ""),
        "Face up: " + "; ".join(
            f"{TYPE_NAMES[t]}: {describe_tile(int(state[L.SLOT + t]))} "
            f"[{STACK_SIZE - int(state[L.STACK_TOP + t])} face down]" for t in ring
        ),
        "Public totals: " + ", ".join(
            f"{int(state[L.HOLD + c::2][:n].sum())} {CURRENCY_NAMES[c]}" for c in range(2)
        ),
    ]
    for seat in range(n):
        you = seat == viewer
        if you:
            money = (f"{int(state[L.HOLD + seat * 2])} Gold, "
                     f"{int(state[L.HOLD + seat * 2 + 1])} Knights")
        elif viewer is not None:
            money = ", ".join(_known(state, viewer, seat, c) for c in range(2))
        else:
            money = "Gold and Knights hidden"
        built = " ".join(
            f"{TYPE_NAMES[t][:6]}:{int(state[L.BLD + seat * NUM_TYPES + t])}"
            f"/{int(state[L.TUCK + seat * NUM_TYPES + t])}"
            for t in range(NUM_TYPES) if t in ring
        )
        hand = [describe_contract(c) for c in range(len(CONTRACTS))
                if (int(state[L.HAND + seat]) >> c) & 1]
        lines.append(
            f"Player {seat}{' (you)' if you else ''}: {money}; buildings/interest {built}; "
            f"{int(points(state, seat))} points"
            + (" BANKRUPT" if state[L.BANKRUPT + seat] else "")
            + _contract_text(state, seat)
        )
        lines.append(f"    hand: {', '.join(hand)}")
    if you_pending := (viewer is not None and int(state[L.PENDING + viewer]) >= 0):
        lines.append(f"Your pending choice: {int(state[L.PENDING + viewer])}")
    if viewer is not None and viewer in (int(state[L.ACT_SEAT]), int(state[L.CHEST_TARGET_SEAT])):
        lines.append(f"Chest amount: {int(state[L.CHEST_X])}")
    del you_pending
    return "\n".join(lines)
