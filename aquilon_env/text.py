"""Words for actions and a text picture of the table, each written for a viewer.

A viewer is a Lord 0..n-1 or `PUBLIC` (-1, what every Lord sees; tabletop_core.text). A Lord
sees its own talion positions and bid, and Svara's cards while it looks at them; everyone sees
the talion values of every Lord (sorted), the positions revealed so far, the taverns, armies,
Cognars and Elites. During the bids nobody else learns who has already bid.
"""

from __future__ import annotations

import numpy as np

from aquilon_env.data import (
    COGNARS,
    ELITES,
    GAAT,
    NUM_ORDERS,
    ORDER_NAMES,
    TAVERN_NAMES,
    Kind,
    Order,
    Power,
)
from aquilon_env.engine import NUM_ACTIONS, legal_mask
from aquilon_env.engine import layout as L
from aquilon_env.engine.army import distinct_runes
from aquilon_env.engine.scoring import bravery_value, elite_count
from aquilon_env.engine.talions import BID_TRIPLES
from aquilon_env.facts import (
    TALION_LEGEND,
    describe_card,
    header_lines,
    pending_lines,
    sorted_talions,
    talion_text,
)
from tabletop_core.text import (
    PUBLIC,
    check_viewer,
    listing,
    plural,
    require_legal,
    seat_title,
)

POSITION_NAMES = (*TAVERN_NAMES, "purse", "purse")
KIND_NAMES = {Kind.COLOURED: "coloured", Kind.WHITE: "white", Kind.BLACK: "black",
              Kind.ALLY: "ally"}
POWER_TEXT = {
    Power.SHIELD_POINT_PER_RANK: "+1 point per Shield rank at the end",
    Power.DERDHR_UPGRADE: "+5 to one of your talions",
    Power.KARDUM_EXCHANGE: "your 0 becomes the 3 - Exchange",
    Power.RUNE_POINTS: "3 points per different rune at the end",
    Power.OBERON_ALLY: "brings the Ally Ga'at",
}
ELITE_TEXT = (
    "2 points per Shield rank at the end",
    "1 Occult symbol",
    "13 points, removes 1 Pariah token at the end",
    "1 unique rune",
    "at once sums your two lowest talions (not the 0) into one",
)


def svara_text(state: np.ndarray) -> str:
    """What Svara's power does if she is recruited now, as the engine does it
    (resolution.svara_prepare): the top 5 Era 2 cards to choose from (fewer if the deck has
    fewer), or in the last turn of Era 2 the last card, taken face down."""
    remaining = int(state[L.DECK2_LEN] - state[L.DECK2_POS])
    last_turn = int(state[L.ERA]) == 2 and int(state[L.TURN]) == int(state[L.TURNS]) - 1
    count = min(1 if last_turn else 5, remaining)
    if count == 0:
        return "the Era 2 deck is empty: no card to take"
    if last_turn:
        which = "last" if remaining == 1 else "top"
        return f"last turn of Era 2: take the {which} Era 2 card face down"
    if count == 1:
        return "take the last Era 2 card"
    return f"look at the top {count} Era 2 cards and take one"


def describe_cognar(cognar: int, state: np.ndarray | None = None) -> str:
    """A Cognar with where it goes and what it brings, e.g. 'Fey (Temple, 1 rank, 5 Points)';
    Svara's power as it acts in `state` (without a state, as it acts before the last turn of
    Era 2 with a full deck)."""
    c = COGNARS[cognar]
    if c.kind == Kind.COLOURED:
        where = ORDER_NAMES[c.order]
    elif c.kind == Kind.WHITE:
        where = "Command zone"
    else:
        where = f"{KIND_NAMES[c.kind]} rank, any column"
    parts = [where]
    if c.ranks and c.kind == Kind.COLOURED:
        parts.append(plural(c.ranks, "rank"))
    if c.points:
        parts.append(f"{c.points} {'points' if c.kind == Kind.WHITE else 'Points'}")
    if c.occult:
        parts.append(plural(c.occult, "Occult symbol"))
    if c.unique_runes:
        parts.append(plural(c.unique_runes, "unique rune"))
    if c.malt:
        parts.append(f"{c.malt} Malt")
    if c.power == Power.REMOVE_TOKENS:
        parts.append(f"removes {plural(c.power_amount, 'Pariah token')} at the end")
    elif c.power == Power.SVARA_LOOK:
        parts.append("look at the top 5 Era 2 cards and take one" if state is None
                     else svara_text(state))
    elif c.power in POWER_TEXT:
        parts.append(POWER_TEXT[c.power])
    if cognar == GAAT:
        parts.append("Shield +1 rank, Temple 2, Wanderers 9, Forge 4, Talion 6 Points")
    return f"{c.name} ({', '.join(parts)})"


def _describe(state: np.ndarray, action: int) -> str:
    seat = int(state[L.ACTOR])
    tavern = int(state[L.TAVERN])
    if action < L.A_PICK:
        i, j, k = BID_TRIPLES[action - L.A_BID]
        rest = [h for h in range(5) if h not in (i, j, k)]
        bids = ", ".join(
            f"{TAVERN_NAMES[t]} <- {talion_text(state, seat, h)}" for t, h in enumerate((i, j, k))
        )
        purse = " and ".join(talion_text(state, seat, h) for h in rest)
        return f"bid {bids}; purse {purse}"
    if action < L.A_RECRUIT:
        verb = "take" if action < L.A_DISCARD else "discard"
        slot = (action - L.A_PICK) % L.MAX_TAVERN_CARDS
        card = int(state[L.TAVERN_CARDS + tavern * L.MAX_TAVERN_CARDS + slot])
        return f"{verb} {describe_card(card)} from {TAVERN_NAMES[tavern]} (slot {slot})"
    if action < L.A_PLACE:
        return f"recruit {describe_cognar(action - L.A_RECRUIT, state)}"
    if action < L.A_DERDHR:
        placing = int(state[L.PLACING])
        name = COGNARS[placing].name if placing >= 0 else COGNARS[GAAT].name
        return f"place {name} in the {ORDER_NAMES[action - L.A_PLACE]} column"
    if action < L.A_SVARA:
        pos = action - L.A_DERDHR
        return (f"Derdhr: upgrade the {talion_text(state, seat, pos)} talion "
                f"({POSITION_NAMES[pos]}) by +5")
    if action < L.A_PURSE:
        card = int(state[L.DECK2 + state[L.DECK2_POS] + action - L.A_SVARA])
        return f"Svara: take {describe_card(card)}"
    if action < L.A_TOKEN:
        pos = L.PURSE + action - L.A_PURSE
        return f"upgrade the purse talion {talion_text(state, seat, pos)} by +1"
    k = action - L.A_TOKEN
    value = int(state[L.WAND_VALUE + seat * L.MAX_WANDERERS + k])
    return f"remove the Pariah token from Wanderers card {k} (value {value})"


def action_to_string(state: np.ndarray, action: int) -> str:
    """Describe a legal `action` for the Lord to act, as that Lord sees it (its own talion
    positions, Svara's cards); ValueError if `action` is not legal now."""
    return _describe(state, require_legal(legal_mask, NUM_ACTIONS, state, action))


def public_action_to_string(state: np.ndarray, action: int) -> str:
    """What the other Lords learn when the legal `action` is played: a bid is only known to
    have been made, an upgrade of a talion whose place they have not seen names no talion;
    everything else is played openly. ValueError if it is not legal now."""
    action = require_legal(legal_mask, NUM_ACTIONS, state, action)
    if action < L.A_PICK:
        return "places a bid"
    seat = int(state[L.ACTOR])
    if L.A_DERDHR <= action < L.A_SVARA:
        pos = action - L.A_DERDHR
        if not state[L.TAL_KNOWN + seat * L.TALIONS + pos]:
            return "Derdhr: upgrades one of its unrevealed talions by +5 (its place is revealed)"
    if L.A_PURSE <= action < L.A_TOKEN:
        if not state[L.TAL_KNOWN + seat * L.TALIONS + L.PURSE + action - L.A_PURSE]:
            return "upgrades one of its purse talions by +1 (the purse is revealed)"
    return _describe(state, action)


def _columns(state: np.ndarray, seat: int) -> str:
    parts = []
    base = seat * NUM_ORDERS
    for c in range(NUM_ORDERS):
        ranks = int(state[L.COL_RANKS + base + c])
        points = int(state[L.COL_POINTS + base + c])
        flat = int(state[L.COL_FLAT + base + c])
        text = f"{ORDER_NAMES[c]} {ranks}r"
        if c == Order.WANDERERS:
            points += int(state[L.WAND_VISIBLE + seat])
        if c != Order.SHIELD or points:
            text += f" {points}P"
        if flat:
            text += f" +{flat}P black"
        if c == Order.WANDERERS and state[L.WAND_COVERED_COUNT + seat]:
            text += f", {plural(int(state[L.WAND_COVERED_COUNT + seat]), 'Pariah token')}"
        parts.append(text)
    return " | ".join(parts)


def _lord(state: np.ndarray, seat: int, viewer: int, over: bool) -> list[str]:
    phase = int(state[L.PHASE])
    own = seat == viewer or over
    base = seat * L.TALIONS
    talions = " ".join(sorted_talions(state, seat))
    if phase == L.BID and not (seat == viewer and state[L.BID_DONE + seat]):
        places = "in hand"
    else:
        shown = [
            f"{POSITION_NAMES[p].split()[0]}="
            f"{talion_text(state, seat, p) if own or state[L.TAL_KNOWN + base + p] else '?'}"
            for p in range(L.TALIONS)
        ]
        places = " ".join(shown)
    if phase == L.BID and seat == viewer:
        places += "; your bid is made" if state[L.BID_DONE + seat] else "; your bid is due"
    command = [describe_cognar(i).split(" (")[0] for i, c in enumerate(COGNARS)
               if state[L.COGNAR_OWNER + i] == seat and c.kind == Kind.WHITE]
    command += [e.name for i, e in enumerate(ELITES) if state[L.ELITE_OWNER + i] == seat]
    if state[L.LIQUOR_OWNER] == seat:
        command.append("Liquor Certification")
    army_cognars = [c.name for i, c in enumerate(COGNARS)
                    if state[L.COGNAR_OWNER + i] == seat and c.kind != Kind.WHITE]
    lines = [
        f"{seat_title('Lord', seat, viewer)}: Bravery Value {int(bravery_value(state, seat))}, "
        f"gem {int(state[L.GEMS + seat])}, Elite Cognars {int(elite_count(state, seat))}",
        f"    talions {talions} [{places}]",
        f"    {_columns(state, seat)}",
        f"    Malt {int(state[L.MALT + seat])}, Occult {int(state[L.OCCULT + seat])}, "
        f"different runes {int(distinct_runes(state, seat))}, "
        f"lines {int(state[L.LINES + seat])}",
    ]
    if army_cognars or command:
        lines.append(f"    Cognars in the army: {listing(army_cognars)}; "
                     f"Command zone: {listing(command)}")
    if state[L.TOKENS_LEFT + seat] and not over:
        lines.append(f"    removes {plural(int(state[L.TOKENS_LEFT + seat]), 'Pariah token')}"
                     " at the end")
    return lines


def _supply(state: np.ndarray) -> list[str]:
    groups = {Kind.COLOURED: "in their Order's column", Kind.WHITE: "Command zone",
              Kind.BLACK: "Mercenaries, recruited in pairs"}
    available = [
        f"  {where}: " + listing((describe_cognar(i, state) for i, c in enumerate(COGNARS)
                                  if c.kind == kind and state[L.COGNAR_OWNER + i] < 0), "none")
        for kind, where in groups.items()
    ]
    elites = []
    for h in range(len(ELITES)):
        e = int(state[L.ELITE_HOLDER + h])
        owner = int(state[L.ELITE_OWNER + e])
        held = "unclaimed" if owner < 0 else f"Lord {owner}"
        elites.append(f"{h + 1}. {ELITES[e].name} ({ORDER_NAMES[ELITES[e].order]} majority: "
                      f"{ELITE_TEXT[e]}) {held}")
    liquor = int(state[L.LIQUOR_OWNER])
    elites.append(f"{len(ELITES) + 1}. Liquor Certification (Malt majority: +1 per Malt) "
                  + ("unclaimed" if liquor < 0 else f"Lord {liquor}"))
    return [
        "Cognars available (one per completed line of ranks):", *available,
        "Elite Cognars, in holder order (evaluated at the end of Era 1): " + "; ".join(elites),
    ]


def render_text(state: np.ndarray, viewer: int = PUBLIC) -> str:
    """The table as text for `viewer` (a Lord, or PUBLIC: what every Lord sees); a finished
    game shows every Lord's talions and the final count."""
    n = int(state[L.NUM_PLAYERS])
    viewer = check_viewer(viewer, n)
    phase = int(state[L.PHASE])
    over = phase == L.OVER
    lines = header_lines(state, viewer)
    lines.append(
        f"Decks: Era 1 {plural(int(state[L.DECK1_LEN] - state[L.DECK1_POS]), 'card')}, "
        f"Era 2 {plural(int(state[L.DECK2_LEN] - state[L.DECK2_POS]), 'card')}; "
        f"Pariah tokens left {int(state[L.PARIAH_FREE])}; Treasury: " + listing(
            f"{v}x{int(state[L.TREASURY + v])}" for v in range(5, 26) if state[L.TREASURY + v]
        )
    )
    if not over:
        for t in range(3):
            cards = [describe_card(int(c))
                     for c in state[L.TAVERN_CARDS + t * 5:L.TAVERN_CARDS + t * 5 + 5] if c >= 0]
            marker = " (being resolved)" if phase != L.BID and t == int(state[L.TAVERN]) else ""
            lines.append(f"{TAVERN_NAMES[t]}{marker}: " + ("; ".join(cards) or "-"))
        lines += pending_lines(state, viewer)
    lines += _supply(state)
    lines.append(TALION_LEGEND + "; columns: ranks r, Points P (Temple Points x Occult, "
                 "Forge + runes squared)")
    for seat in range(n):
        lines += _lord(state, seat, viewer, over)
    if over:
        lines.append("Final Bravery Values (ties: most Elite Cognars): " + ", ".join(
            f"Lord {s} {int(bravery_value(state, s))} ({int(elite_count(state, s))} Elite)"
            for s in range(n)))
    return "\n".join(lines)
