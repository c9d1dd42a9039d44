"""The facts of an Aquilon table that both its text (text.py) and its drawing (drawing.py)
tell: Dwarf cards in words, talions and their legend, the header line and the decision pending.
Each is written for a viewer where what it tells depends on one (tabletop_core.text).
"""

from __future__ import annotations

import numpy as np

from aquilon_env.data import (
    DWARVES,
    ORDER_NAMES,
    TAVERN_NAMES,
)
from aquilon_env.engine import layout as L
from tabletop_core.text import (
    FINISHED_HEADER,
    plural,
)

TALION_SUFFIX = {L.TALION_BRONZE: "b", L.TALION_GOLD: "g", L.TALION_EXCHANGE3: "x"}
TALION_LEGEND = ("Talions: b bronze, g gold, x the 3 - Exchange; '?' a position not yet "
                 "revealed to you")


def describe_card(card: int) -> str:
    """One Dwarf card in a few words, e.g. 'Temple 4 (1 rank, malt, occult)'."""
    d = DWARVES[card]
    extras = [plural(d.ranks, "rank")]
    if d.malt:
        extras.append("malt")
    if d.occult:
        extras.append("occult")
    if d.rune:
        extras.append(f"rune {d.rune}")
    return f"{ORDER_NAMES[d.order]} {d.points} ({', '.join(extras)})"


def talion_text(state: np.ndarray, seat: int, pos: int) -> str:
    """One talion of `seat` by its position, e.g. '12g' (TALION_SUFFIX: its kind)."""
    i = seat * L.TALIONS + pos
    return f"{int(state[L.TAL_VAL + i])}{TALION_SUFFIX[int(state[L.TAL_KIND + i])]}"


def sorted_talions(state: np.ndarray, seat: int) -> list[str]:
    """The talions `seat` holds, by value (what every Lord sees of them)."""
    base = seat * L.TALIONS
    pairs = sorted((int(state[L.TAL_VAL + base + p]), int(state[L.TAL_KIND + base + p]))
                   for p in range(L.TALIONS))
    return [f"{v}{TALION_SUFFIX[k]}" for v, k in pairs]


def header_lines(state: np.ndarray, viewer: int) -> list[str]:
    """The first line of the table for `viewer`: Era, turn, phase and who acts."""
    n = int(state[L.NUM_PLAYERS])
    phase = int(state[L.PHASE])
    actor = int(state[L.ACTOR])
    if phase == L.OVER:
        return [f"Dwarves of Aquilon, {n} Lords. {FINISHED_HEADER}"]
    turn, turns = int(state[L.TURN]), int(state[L.TURNS])
    if turn >= turns:  # Era 2's last turn is over: the end-of-game Pariah token removals
        who = "you" if actor == viewer else f"Lord {actor}"
        return [f"Era {int(state[L.ERA])}, after its last turn ({turns} of {turns}): the end "
                f"of the game, Pariah tokens are removed; {who} to act"]
    where = f"Era {int(state[L.ERA])}, turn {turn + 1} of {turns}"
    if phase == L.BID:
        if viewer == actor:
            who = "you are asked for your bid"
        else:
            who = "the Lords bid in secret, one at a time"
        return [f"{where}: bids; {who}"]
    return [f"{where}: {TAVERN_NAMES[int(state[L.TAVERN])]} is resolved; phase "
            f"{L.PHASE_NAMES[phase]}, {'you' if actor == viewer else f'Lord {actor}'} to act"]


def pending_lines(state: np.ndarray, viewer: int) -> list[str]:
    """What the Lord to act must still do in this phase, as `viewer` may know it: Cognars to
    recruit, Svara's cards (shown to that Lord only), Pariah tokens to remove."""
    phase = int(state[L.PHASE])
    actor = int(state[L.ACTOR])
    who = "You" if actor == viewer else f"Lord {actor}"
    if phase == L.RECRUIT:
        extra = " (a Mercenary must follow the lone one)" if state[L.MERC_NEED] else ""
        return [f"{who} must recruit {plural(int(state[L.PENDING]), 'Cognar')}{extra}"]
    if phase == L.SVARA:
        count = int(state[L.SVARA_COUNT])
        if actor == viewer:
            looked = [describe_card(int(state[L.DECK2 + state[L.DECK2_POS] + k]))
                      for k in range(count)]
            return ["Svara shows you: " + "; ".join(looked)]
        return [f"{who} looks at the top {plural(count, 'card')} of the Era 2 deck (Svara)"]
    if phase == L.TOKENS:
        return [f"{who} may remove {plural(int(state[L.TOKENS_LEFT + actor]), 'Pariah token')}"]
    return []
