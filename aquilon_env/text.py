"""Words for actions and a text picture of the table."""

from __future__ import annotations

import numpy as np

from aquilon_env.data import (
    COGNARS,
    DWARVES,
    ELITES,
    GAAT,
    ORDER_NAMES,
    TAVERN_NAMES,
    Kind,
)
from aquilon_env.engine import layout as L
from aquilon_env.engine.scoring import bravery_value
from aquilon_env.engine.talions import BID_TRIPLES

POSITION_NAMES = (*TAVERN_NAMES, "purse", "purse")
KIND_NAMES = {Kind.COLOURED: "coloured", Kind.WHITE: "white", Kind.BLACK: "black",
              Kind.ALLY: "ally"}


def describe_card(card: int) -> str:
    """One Dwarf card in a few words, e.g. 'Temple 4 (1 rank, malt, occult)'."""
    d = DWARVES[card]
    extras = [f"{d.ranks} rank" + ("s" if d.ranks > 1 else "")]
    if d.malt:
        extras.append("malt")
    if d.occult:
        extras.append("occult")
    if d.rune:
        extras.append(f"rune {d.rune}")
    return f"{ORDER_NAMES[d.order]} {d.points} ({', '.join(extras)})"


def _talion(state: np.ndarray, seat: int, pos: int) -> str:
    i = seat * L.TALIONS + pos
    value = int(state[L.TAL_VAL + i])
    kind = int(state[L.TAL_KIND + i])
    return f"{value}" + {0: "b", 1: "g", 2: "x"}[kind]


def action_to_string(state: np.ndarray, action: int) -> str:
    """Describe `action` for the Lord to act in `state`."""
    seat = int(state[L.ACTOR])
    tavern = int(state[L.TAVERN])
    if L.A_BID <= action < L.A_PICK:
        i, j, k = BID_TRIPLES[action - L.A_BID]
        rest = [h for h in range(5) if h not in (i, j, k)]
        if seat < 0:
            return f"bid hand talions {i}, {j}, {k}"
        bids = ", ".join(
            f"{TAVERN_NAMES[t]} <- {_talion(state, seat, h)}" for t, h in enumerate((i, j, k))
        )
        purse = " and ".join(_talion(state, seat, h) for h in rest)
        return f"bid {bids}; purse {purse}"
    if L.A_PICK <= action < L.A_RECRUIT:
        verb = "take" if action < L.A_DISCARD else "discard"
        slot = (action - L.A_PICK) % L.MAX_TAVERN_CARDS
        card = int(state[L.TAVERN_CARDS + tavern * L.MAX_TAVERN_CARDS + slot])
        what = describe_card(card) if card >= 0 else "an empty slot"
        return f"{verb} {what} from {TAVERN_NAMES[tavern]} (slot {slot})"
    if L.A_RECRUIT <= action < L.A_PLACE:
        c = COGNARS[action - L.A_RECRUIT]
        return f"recruit {c.name} ({KIND_NAMES[c.kind]} rank)"
    if L.A_PLACE <= action < L.A_DERDHR:
        placing = int(state[L.PLACING])
        name = COGNARS[placing].name if placing >= 0 else COGNARS[GAAT].name
        return f"place {name} in the {ORDER_NAMES[action - L.A_PLACE]} column"
    if L.A_DERDHR <= action < L.A_SVARA:
        pos = action - L.A_DERDHR
        where = POSITION_NAMES[pos]
        return f"Derdhr: upgrade the {_talion(state, seat, pos)} talion ({where}) by +5"
    if L.A_SVARA <= action < L.A_PURSE:
        k = action - L.A_SVARA
        card = int(state[L.DECK2 + state[L.DECK2_POS] + k])
        return f"Svara: take {describe_card(card)}"
    if L.A_PURSE <= action < L.A_TOKEN:
        pos = L.PURSE + action - L.A_PURSE
        return f"upgrade the purse talion {_talion(state, seat, pos)} by +1"
    if L.A_TOKEN <= action < L.NUM_ACTIONS:
        k = action - L.A_TOKEN
        value = int(state[L.WAND_VALUE + seat * L.MAX_WANDERERS + k]) if seat >= 0 else 0
        return f"remove the Pariah token from Wanderers card {k} (value {value})"
    raise ValueError(f"action must be in 0..{L.NUM_ACTIONS - 1}, got {action}")


def public_action_to_string(state: np.ndarray, action: int) -> str:
    """What the other Lords see of `action`: a bid is only known to have been made."""
    if L.A_BID <= action < L.A_PICK:
        return "places a bid"
    return action_to_string(state, action)


def render_text(state: np.ndarray, viewer: int | None = None) -> str:
    """The table as text: public information, plus the viewer's own if a seat is given."""
    n = int(state[L.NUM_PLAYERS])
    phase = L.PHASE_NAMES[int(state[L.PHASE])]
    lines = [
        f"Era {int(state[L.ERA])}, turn {int(state[L.TURN]) + 1}/{int(state[L.TURNS])}, "
        f"phase {phase}, Lord to act: {int(state[L.ACTOR])}",
        f"Decks: Era 1 {int(state[L.DECK1_LEN] - state[L.DECK1_POS])} cards, "
        f"Era 2 {int(state[L.DECK2_LEN] - state[L.DECK2_POS])} cards; "
        f"Pariah tokens left {int(state[L.PARIAH_FREE])}",
        "Treasury: " + " ".join(
            f"{v}x{int(state[L.TREASURY + v])}" for v in range(5, 26) if state[L.TREASURY + v]
        ),
    ]
    for t in range(3):
        cards = [
            describe_card(int(c))
            for c in state[L.TAVERN_CARDS + t * 5:L.TAVERN_CARDS + t * 5 + 5]
            if c >= 0
        ]
        marker = " <" if phase != "bid" and t == int(state[L.TAVERN]) else ""
        lines.append(f"{TAVERN_NAMES[t]}{marker}: " + ("; ".join(cards) or "-"))
    for seat in range(n):
        talions = []
        for pos in range(L.TALIONS):
            known = state[L.TAL_KNOWN + seat * L.TALIONS + pos] or seat == viewer
            talions.append(
                f"{POSITION_NAMES[pos][:8]}={_talion(state, seat, pos) if known else '?'}"
            )
        values = sorted(int(v) for v in state[L.TAL_VAL + seat * 5:L.TAL_VAL + seat * 5 + 5])
        cols = " ".join(
            f"{ORDER_NAMES[c][:4]}:{int(state[L.COL_RANKS + seat * 5 + c])}r" for c in range(5)
        )
        cognars = [c.name for i, c in enumerate(COGNARS) if state[L.COGNAR_OWNER + i] == seat]
        elites = [e.name for i, e in enumerate(ELITES) if state[L.ELITE_OWNER + i] == seat]
        if state[L.LIQUOR_OWNER] == seat:
            elites.append("Liquor Certification")
        lines.append(
            f"Lord {seat}{' (you)' if seat == viewer else ''}: gem {int(state[L.GEMS + seat])}, "
            f"talions {values} [{' '.join(talions)}], {cols}, malt {int(state[L.MALT + seat])}, "
            f"Bravery {int(bravery_value(state, seat))}"
        )
        if cognars or elites:
            lines.append(f"    Cognars: {', '.join(cognars + elites)}")
    if viewer is not None and phase == "svara" and int(state[L.ACTOR]) == viewer:
        looked = [
            describe_card(int(state[L.DECK2 + state[L.DECK2_POS] + k]))
            for k in range(int(state[L.SVARA_COUNT]))
        ]
        lines.append("Svara shows you: " + "; ".join(looked))
    return "\n".join(lines)
