"""Words for bids and a text picture of the table, each written for a viewer.

A viewer is a seat 0..n-1 or `PUBLIC` (-1, what every seat sees; tabletop_core.text). Everyone
sees the prizes, the points, who has sealed a bid this turn and who took each prize; a seat
sees its own hand and bids. Without imp_info the bids of past turns, and so every hand, are
public; with imp_info they stay hidden until the game is over, when the final count shows
every hand and bid (as every game's texts do; OpenSpiel's observations never show them).
"""

from __future__ import annotations

import numpy as np

from goofspiel_env.engine import NUM_ACTIONS, legal_mask
from goofspiel_env.engine import layout as L
from tabletop_core.text import (
    FINISHED_HEADER,
    PUBLIC,
    check_viewer,
    listing,
    require_legal,
    seat_title,
)


def card_name(card: int) -> str:
    """A card by its value ('7' for card id 6)."""
    return str(card + 1)


def action_to_string(state: np.ndarray, action: int) -> str:
    """Describe a legal bid for the seat to act; ValueError if `action` is not legal now."""
    action = require_legal(legal_mask, NUM_ACTIONS, state, action)
    return f"bid {card_name(action)} for the prize {card_name(int(state[L.PRIZE]))}"


def public_action_to_string(state: np.ndarray, action: int) -> str:
    """What the other seats learn of a legal bid: only that it is sealed."""
    require_legal(legal_mask, NUM_ACTIONS, state, action)
    return "seals a bid"


def _bids_seen(state: np.ndarray, viewer: int, seat: int) -> bool:
    return seat == viewer or not state[L.IMP_INFO] or state[L.ACTOR] < 0


def render_text(state: np.ndarray, viewer: int = PUBLIC) -> str:
    """The table as text for `viewer` (a seat, or PUBLIC: what every seat sees)."""
    n = int(state[L.NUM_PLAYERS])
    viewer = check_viewer(viewer, n)
    turn = int(state[L.TURN])
    actor = int(state[L.ACTOR])
    cards = int(state[L.NUM_CARDS])
    if actor < 0:
        lines = [f"Goofspiel, {n} players, {cards} cards, after {turn} turns. "
                 + FINISHED_HEADER]
    else:
        who = "you" if actor == viewer else f"player {actor}"
        lines = [f"Goofspiel, {n} players, {cards} cards: turn {turn + 1} of "
                 f"{int(state[L.NUM_TURNS])}, prize {card_name(int(state[L.PRIZE]))} up for "
                 f"bid, {who} to bid."]
    dealt = {int(state[L.PRIZES + t]) for t in range(turn)}
    lines.append("Prizes left: " + listing(card_name(c) for c in range(cards) if c not in dealt))
    for seat in range(n):
        parts = [f"{seat_title('Player', seat, viewer)}: {int(state[L.POINTS + seat])} points"]
        if _bids_seen(state, viewer, seat):
            hand = [card_name(c) for c in range(cards) if state[L.HANDS + seat * L.C + c]]
            parts.append("hand " + listing(hand))
        pending = int(state[L.PENDING + seat])
        if pending >= 0:
            parts.append(f"has bid {card_name(pending)}" if seat == viewer else "has bid")
        lines.append(", ".join(parts))
    for t in range(turn):
        winner = int(state[L.WINNERS + t])
        bids = ", ".join(
            f"{seat}: {card_name(int(state[L.BIDS + t * L.P + seat]))}"
            if _bids_seen(state, viewer, seat) else f"{seat}: ?" for seat in range(n))
        taken = "discarded (tied)" if winner < 0 else f"to player {winner}"
        lines.append(f"Turn {t + 1}: prize {card_name(int(state[L.PRIZES + t]))} {taken}; "
                     f"bids {bids}")
    return "\n".join(lines)
