"""Words for actions and a text picture of the table, each written for a viewer.

A viewer is a seat 0..n-1 or `PUBLIC` (-1, what every seat sees; tabletop_core.text). A seat
sees its own Gold and Knights, its own committed choices (Contract, bid, Invasion) and amount
being entered, the amount of a shut chest it is a party to, and of the other seats' holdings
only what its ledger proves (M15). Everyone sees the tiles, Buildings, tucked Contracts,
revealed Contracts and bids, and the totals of Gold and Knights (a shut chest included).
"""

from __future__ import annotations

import numpy as np

from dragon_env.data import (
    BUILDINGS,
    CONTRACTS,
    MOUNTAIN_RING,
    MOUNTAIN_SIDES,
    ActionKind,
    IncomeScope,
)
from dragon_env.engine import NUM_ACTIONS, legal_mask
from dragon_env.engine import layout as L
from dragon_env.engine.ledger import total_holdings
from dragon_env.engine.scoring import points
from dragon_env.engine.tables import (
    NUM_TYPES,
    STACK_SIZE,
    TILE_GOLD,
    TYPE_BID_CURRENCY,
)
from dragon_env.facts import (
    CURRENCY_NAMES,
    TYPE_NAMES,
    amount_text,
    contract_text,
    describe_contract,
    describe_tile,
    money_text,
    pending_text,
    turn_lines,
)
from tabletop_core.text import (
    FINISHED_HEADER,
    PUBLIC,
    a_or_an,
    check_viewer,
    listing,
    plural,
    require_legal,
    seat_title,
)


def describe_building_type(t: int) -> str:
    """What activating a type does, e.g. 'Arena: Gold income for everyone, then an auction
    (stake 6 Gold, sealed bids in Knights)'."""
    b = BUILDINGS[t]
    who = "everyone" if b.income_scope == IncomeScope.EVERY_PLAYER else "you"
    income = f"{CURRENCY_NAMES[b.income_currency]} income for {who}"
    if b.action == ActionKind.TREASURE_CHEST:
        then = f"a Treasure Chest of {CURRENCY_NAMES[b.chest_currency]}"
    else:
        then = (f"an auction (stake {amount_text(b.stake_amount, b.stake_currency)}, "
                f"sealed bids in {CURRENCY_NAMES[b.bid_currency]})")
    return f"{b.name}: {income}, then {then}"


def _seat_at(state: np.ndarray, offset: int) -> int:
    return (int(state[L.ACTOR]) + offset) % int(state[L.NUM_PLAYERS])


def _entry_currency(state: np.ndarray) -> int:
    if int(state[L.STEP]) == L.CHEST_AMOUNT:
        return int(state[L.CHEST_CURRENCY])
    return int(TYPE_BID_CURRENCY[int(state[L.ACT_TYPE])])


def _describe(state: np.ndarray, action: int) -> str:
    if action < L.A_PICK:
        return f"play {describe_contract(action - L.A_CONTRACT)}"
    if action < L.A_ACTIVATE:
        tile = int(state[L.SLOT + action - L.A_PICK])
        return f"build the {describe_tile(tile)} (+{int(TILE_GOLD[tile])} Gold)"
    if action < L.A_PASS:
        return f"activate {describe_building_type(action - L.A_ACTIVATE)}"
    if action == L.A_PASS:
        return "pass"
    if action < L.A_CHEST_BUILDING:
        offset = action - L.A_CHEST_TARGET + 1
        return f"offer the chest to player {_seat_at(state, offset)}"
    if action < L.A_DIGIT:
        return f"indicate player {int(state[L.CHEST_TARGET_SEAT])}'s " \
               f"{TYPE_NAMES[action - L.A_CHEST_BUILDING]}"
    if action < L.A_ACCEPT:
        digit = action - L.A_DIGIT
        what = "bid" if int(state[L.STEP]) == L.BID_AMOUNT else "chest amount"
        more = int(state[L.ENTRY_LEFT]) - 1
        so_far = int(state[L.ENTRY_REG]) * 10 + digit
        return (f"{what} digit {digit} ({amount_text(so_far, _entry_currency(state))} so far, "
                f"{plural(more, 'more digit')})")
    if action == L.A_ACCEPT:
        return ("accept the chest "
                f"({amount_text(state[L.CHEST_X], int(state[L.CHEST_CURRENCY]))}) and give your "
                f"{TYPE_NAMES[int(state[L.CHEST_TYPE])]}")
    if action == L.A_MATCH:
        return ("match the chest "
                f"(pay {amount_text(state[L.CHEST_X], int(state[L.CHEST_CURRENCY]))}), then "
                "take one of the offerer's Buildings")
    if action < L.A_TIEBREAK:
        return f"take the offerer's {TYPE_NAMES[action - L.A_TAKE]}"
    if action < L.A_INVADE_KNIGHTS:
        return f"the auction goes to player {_seat_at(state, action - L.A_TIEBREAK)}"
    if action == L.A_INVADE_KNIGHTS:
        return "Invasion: discard 2 Knights (all of them if fewer)"
    return f"Invasion: discard {a_or_an(TYPE_NAMES[action - L.A_INVADE_BUILDING])}"


def action_to_string(state: np.ndarray, action: int) -> str:
    """Describe a legal `action` for the seat to act, as that seat sees it (its Contract, its
    amount so far, the chest it was offered); ValueError if `action` is not legal now."""
    return _describe(state, require_legal(legal_mask, NUM_ACTIONS, state, action))


def public_action_to_string(state: np.ndarray, action: int) -> str:
    """What the other seats learn when the legal `action` is played: sealed choices, amounts
    and a chest's response to its amount are not told. ValueError if it is not legal now."""
    action = require_legal(legal_mask, NUM_ACTIONS, state, action)
    step = int(state[L.STEP])
    if step == L.CHOOSE_CONTRACT:
        return "chooses a Contract face down"
    if step == L.CHEST_AMOUNT:
        return "puts an amount into the chest"
    if step == L.BID_AMOUNT:
        return "makes a sealed bid"
    if step == L.INVASION:
        return "chooses what to lose to the Invasion"
    if step == L.CHEST_RESPONSE:
        return ("accepts the chest and gives the indicated Building" if action == L.A_ACCEPT
                else "matches the chest, then takes one of the offerer's Buildings")
    return _describe(state, action)


def render_text(state: np.ndarray, viewer: int = PUBLIC) -> str:
    """The table as text for `viewer` (a seat, or PUBLIC: what every seat sees); a finished
    game shows every seat's Gold and Knights, which break ties."""
    n = int(state[L.NUM_PLAYERS])
    viewer = check_viewer(viewer, n)
    step = int(state[L.STEP])
    over = step == L.OVER
    actor = int(state[L.ACTOR])
    ring = [int(t) for t in range(NUM_TYPES) if state[L.STACK_TOP + t] < STACK_SIZE
            or state[L.SLOT + t] >= 0]
    if over:
        lines = [f"Dragon's Interest, {n} players, after round {int(state[L.ROUND])}. "
                 + FINISHED_HEADER]
    else:
        who = "you" if actor == viewer else f"player {actor}"
        mountain = MOUNTAIN_RING[MOUNTAIN_SIDES[n]]
        lines = [
            f"Round {int(state[L.ROUND])}, step {L.STEP_NAMES[step]}, {who} to act, "
            f"Start Player {int(state[L.START])}, the Dragon passes "
            f"{TYPE_NAMES[mountain[int(state[L.DRAGON]) % len(mountain)]]} next"
            + (" (no interest this round)" if state[L.NO_INTEREST] else ""),
        ]
    chest = [int(state[L.CHEST_X]) if c == int(state[L.CHEST_CURRENCY]) else 0
             for c in range(2)]
    lines += [
        "Face up: " + "; ".join(
            f"{TYPE_NAMES[t]}: {describe_tile(int(state[L.SLOT + t]))} "
            f"[{STACK_SIZE - int(state[L.STACK_TOP + t])} face down]" for t in ring
        ),
        "Public totals (a shut chest included): " + ", ".join(
            amount_text(int(total_holdings(state, c)) + chest[c], c) for c in range(2)
        ),
        "Buildings: owned/interest due on the Contracts tucked under them. A Contract's value "
        "sets the pick order and is the interest due when the Dragon passes that type; the "
        "Jester is worth 17 if a 13 or 14 is revealed, else void",
    ]
    lines += turn_lines(state, viewer)
    for seat in range(n):
        built = " ".join(
            f"{TYPE_NAMES[t]} {int(state[L.BLD + seat * NUM_TYPES + t])}"
            f"/{int(state[L.TUCK + seat * NUM_TYPES + t])}"
            for t in ring
        )
        hand = [describe_contract(c).replace("Contract ", "") for c in range(len(CONTRACTS))
                if (int(state[L.HAND + seat]) >> c) & 1]
        lines.append(
            f"{seat_title('Player', seat, viewer)}: {money_text(state, seat, viewer, over)}; "
            f"{plural(int(points(state, seat)), 'point')}"
            + (" BANKRUPT" if state[L.BANKRUPT + seat] else "")
            + contract_text(state, seat)
        )
        lines.append(f"    {built}; Contracts in hand: {listing(hand)}")
        if not over and state[L.PENDING + seat] >= 0:
            lines.append("    your choice: " + pending_text(state, seat) if seat == viewer
                         else "    has made its choice")
    if not over and viewer == actor and step in (L.CHEST_AMOUNT, L.BID_AMOUNT):
        lines.append(f"You are entering {int(state[L.ENTRY_LEN])} digits: "
                     f"{int(state[L.ENTRY_REG])} so far, {int(state[L.ENTRY_LEFT])} to go "
                     "(at most "
                     f"{amount_text(state[L.ENTRY_CAP], _entry_currency(state))})")
    if over:
        lines.append("Final count (points, then Knights, then Gold break ties): " + "; ".join(
            f"player {s} {plural(int(points(state, s)), 'point')}, "
            f"{amount_text(state[L.HOLD + s * 2 + 1], 1)}, {amount_text(state[L.HOLD + s * 2], 0)}"
            for s in range(n)))
    return "\n".join(lines)
