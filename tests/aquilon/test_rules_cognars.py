"""Rule scenarios: recruiting Cognars (rulebook p. 9), their columns and powers (pp. 14-16),
the Mercenaries (p. 16) and the Pariah tokens of the Order of the Wanderers (p. 7)."""

import pytest

from aquilon_env import data as D
from aquilon_env.engine import layout as L

from .scenario import (
    COGNAR,
    GOLD,
    MERCENARIES,
    A,
    F,
    S,
    T,
    W,
    actor,
    army,
    bid_all,
    do,
    dwarf,
    dwarves,
    fresh,
    give_cognar,
    give_dwarf,
    legal,
    phase,
    pick,
    ranks,
    set_ranks,
    set_taverns,
    take_cognars,
    talions,
    treasury,
)

SHIELDS = dwarves(S)
FORGE_CARD = dwarf(F, 2, rune=1)  # 1 rank, 2 Points, rune 1, no Malt
ONE_RANK_SHIELD = dwarf(S, ranks=1, malt=0)
TWO_RANK_SHIELD = dwarf(S, ranks=2)
NON_MERCENARIES = [L.A_RECRUIT + c for c in range(17)]
# Seat 0 bids 5 on the first tavern and plays first there; seats 1, 2, ... follow in order.
BIDS = [(5, 4, 3), (4, 3, 2), (3, 2, 4), (2, 4, 3), (0, 2, 3)]


def recruit_action(name):
    return L.A_RECRUIT + COGNAR[name]


def lord_takes(card, column_ranks, n=3):
    """Seat 0, first to play in the first tavern, with these ranks, takes `card`."""
    state = fresh(n)
    set_ranks(state, 0, column_ranks)
    others = [SHIELDS[k] for k in range(n - 1)]
    rest = SHIELDS[n - 1:]
    set_taverns(state, [card, *others], rest[:n], rest[n:2 * n])
    bid_all(state, *BIDS[:n])
    assert actor(state) == 0
    pick(state, card)
    return state


def col(state, field, seat, column):
    return int(state[field + seat * D.NUM_ORDERS + column])


# -- recruitment -------------------------------------------------------------------------
def test_a_completed_line_lets_the_active_lord_recruit():
    """Recruiting a Cognar (p. 9): a line of one rank of each Order lets the active Lord choose
    an available Cognar at once (here no Mercenary: none could complete a new line)."""
    state = lord_takes(FORGE_CARD, (1, 1, 1, 0, 1))
    assert phase(state) == L.RECRUIT and actor(state) == 0
    assert legal(state) == NON_MERCENARIES
    do(state, recruit_action("Fey"))
    assert state[L.COGNAR_OWNER + COGNAR["Fey"]] == 0
    assert state[L.LINES + 0] == 1
    assert phase(state) == L.PICK and actor(state) == 1


def test_no_line_no_recruit():
    """Recruiting a Cognar (p. 9): without a new complete line the turn passes on."""
    state = lord_takes(FORGE_CARD, (1, 1, 0, 0, 1))
    assert phase(state) == L.PICK and actor(state) == 1
    assert state[L.LINES + 0] == 0


def test_volgrir_completes_two_lines_at_once():
    """Recruiting a Cognar (p. 9), example: a Shield card completes a line, Serge recruits
    Volgrir (2 ranks, p. 14) who completes 2 lines at once: 2 more Cognars, one after the other."""
    state = lord_takes(ONE_RANK_SHIELD, (0, 3, 3, 3, 3))
    do(state, recruit_action("Volgrir"))
    assert ranks(state, 0) == [3, 3, 3, 3, 3] and state[L.PENDING] == 2
    assert phase(state) == L.RECRUIT and actor(state) == 0
    do(state, recruit_action("Fey"))
    assert phase(state) == L.RECRUIT and actor(state) == 0
    do(state, recruit_action("Sriza"))
    assert state[L.LINES + 0] == 3
    assert phase(state) == L.PICK and actor(state) == 1


def test_a_cognar_completing_a_line_recruits_another():
    """Recruiting a Cognar (p. 9): if placing a Cognar completes a new line, recruit another at
    once (Fey, placed in the Temple column)."""
    state = lord_takes(TWO_RANK_SHIELD, (0, 1, 2, 2, 2))
    assert ranks(state, 0) == [2, 1, 2, 2, 2]
    do(state, recruit_action("Fey"))
    assert ranks(state, 0) == [2, 2, 2, 2, 2]
    assert phase(state) == L.RECRUIT and actor(state) == 0
    do(state, recruit_action("Torun"))
    assert phase(state) == L.PICK and actor(state) == 1


# (name, column, ranks, Points, Occult, unique runes, tokens to remove) from pp. 14-15
COLOURED = [
    ("Volgrir", S, 2, 0, 0, 0, 0),
    ("Abokar", S, 1, 0, 0, 0, 0),
    ("Svara", S, 1, 0, 0, 0, 0),
    ("Ararun", T, 2, 2, 1, 0, 0),
    ("Sriza", T, 1, 0, 2, 0, 0),
    ("Fey", T, 1, 5, 0, 0, 0),
    ("Derdhr", A, 1, 13, 0, 0, 0),
    ("Kardum", A, 2, 5, 0, 0, 0),
    ("Oosram", W, 1, 15, 0, 0, 2),
    ("Droh", W, 2, 10, 0, 0, 1),
    ("Ulrog", F, 1, 0, 0, 2, 0),
    ("Tala", F, 2, 6, 0, 1, 0),
    ("Torun", F, 1, 12, 0, 1, 0),
]


@pytest.mark.parametrize("name, column, n_ranks, points, occult, runes, tokens", COLOURED)
def test_coloured_cognar_joins_its_column(name, column, n_ranks, points, occult, runes, tokens):
    """Cognars with a Coloured rank (pp. 14-15) go to the column of their Order with their
    ranks, Points and symbols."""
    state = lord_takes(FORGE_CARD, (1, 1, 1, 0, 1))
    before = [col(state, L.COL_POINTS, 0, c) for c in range(5)]
    do(state, recruit_action(name))
    expected_ranks = [1, 1, 1, 1, 1]
    expected_ranks[column] += n_ranks
    assert ranks(state, 0) == expected_ranks
    expected_points = list(before)
    expected_points[column] += points
    assert [col(state, L.COL_POINTS, 0, c) for c in range(5)] == expected_points
    assert state[L.OCCULT + 0] == 1 + occult
    assert state[L.UNIQUE_RUNES + 0] == runes
    assert state[L.TOKENS_LEFT + 0] == tokens
    assert state[L.COGNAR_OWNER + COGNAR[name]] == 0


# (name, Points, Malt, unique runes) from p. 15
WHITE = [("Gurdan", 22, 1, 0), ("Borogam", 14, 3, 0), ("Jorun", 0, 0, 1)]


@pytest.mark.parametrize("name, points, malt, runes", WHITE)
def test_white_cognar_goes_to_the_command_zone(name, points, malt, runes):
    """Cognars with a White rank (p. 15) are placed in the Command zone: no rank in the army,
    their Malt and runes count for the fortress-state."""
    state = lord_takes(FORGE_CARD, (1, 1, 1, 0, 1))
    do(state, recruit_action(name))
    assert ranks(state, 0) == [1, 1, 1, 1, 1]
    assert state[L.MALT + 0] == malt
    assert state[L.UNIQUE_RUNES + 0] == runes
    assert state[L.COGNAR_COLUMN + COGNAR[name]] == -1
    assert phase(state) == L.PICK and actor(state) == 1


# Ga'at by column (p. 15): (extra ranks beyond his own, Points)
GAAT = [(S, 1, 0), (T, 0, 2), (W, 0, 9), (F, 0, 4), (A, 0, 6)]


@pytest.mark.parametrize("column, extra, points", GAAT)
def test_oberon_brings_gaat_to_a_chosen_column(column, extra, points):
    """Oberon (p. 15): in the Command zone, then his Ally Ga'at (1 Multicoloured rank) goes to the
    column of your choice: 1 more rank in the Shield, else 2 / 9 / 4 / 6 Points in the Temple /
    Wanderers / Forge / Talion."""
    state = lord_takes(FORGE_CARD, (1, 1, 1, 0, 1))
    before = [col(state, L.COL_POINTS, 0, c) for c in range(5)]
    do(state, recruit_action("Oberon"))
    assert phase(state) == L.PLACE and actor(state) == 0
    assert legal(state) == [L.A_PLACE + c for c in range(5)]
    do(state, L.A_PLACE + column)
    expected = [1, 1, 1, 1, 1]
    expected[column] += 1 + extra
    assert ranks(state, 0) == expected
    before[column] += points
    assert [col(state, L.COL_POINTS, 0, c) for c in range(5)] == before
    gaat = D.GAAT
    assert state[L.COGNAR_OWNER + gaat] == 0 and state[L.COGNAR_COLUMN + gaat] == column
    assert phase(state) == L.PICK and actor(state) == 1


def test_gaat_completing_a_line_recruits_another():
    """Recruiting a Cognar (p. 9): the Ally, placed in the column of your choice, may complete a
    new line, and so recruit another Cognar."""
    state = lord_takes(FORGE_CARD, (2, 2, 2, 0, 2))
    do(state, recruit_action("Oberon"))
    do(state, L.A_PLACE + F)
    assert ranks(state, 0) == [2, 2, 2, 2, 2]
    assert phase(state) == L.RECRUIT and actor(state) == 0


# -- Mercenaries ---------------------------------------------------------------------------
def test_lone_mercenary_refused_without_a_line_to_complete():
    """Cognars with a Black rank (p. 16): a Mercenary may be recruited only if placing it
    completes a new line; with every column at the same count no single rank does."""
    state = lord_takes(FORGE_CARD, (1, 1, 1, 0, 1))
    assert ranks(state, 0) == [1, 1, 1, 1, 1]
    assert not any(recruit_action(m) in legal(state) for m in MERCENARIES)


def test_mercenaries_come_in_pairs():
    """Black rank (p. 16), the example: a Forge card completes a line; Tadgar, placed in the Forge
    column, completes a new line, which lets Serge recruit Lygdr, placed in the Temple column.
    Once a lone Mercenary is in, the next recruit must be a Mercenary."""
    state = lord_takes(FORGE_CARD, (2, 2, 2, 0, 2))
    assert all(recruit_action(m) in legal(state) for m in MERCENARIES)
    do(state, recruit_action("Tadgar"))
    assert ranks(state, 0) == [2, 2, 2, 2, 2]
    assert state[L.COGNAR_COLUMN + COGNAR["Tadgar"]] == F
    assert col(state, L.COL_FLAT, 0, F) == 24
    assert phase(state) == L.RECRUIT
    assert legal(state) == [recruit_action(m) for m in ("Akab", "Lygdr", "Dawn", "Wal")]
    do(state, recruit_action("Lygdr"))
    assert phase(state) == L.PLACE and legal(state) == [L.A_PLACE + c for c in range(5)]
    do(state, L.A_PLACE + T)
    assert ranks(state, 0) == [2, 3, 2, 2, 2]
    assert col(state, L.COL_FLAT, 0, T) == 21 and col(state, L.COL_POINTS, 0, T) == 0
    assert phase(state) == L.PICK and actor(state) == 1


def test_last_mercenary_cannot_be_recruited():
    """Black rank (p. 16), clarification: if only one Mercenary card remains, it cannot be
    recruited."""
    state = fresh(3)
    take_cognars(state, ["Tadgar", "Akab", "Lygdr", "Dawn"], seat=1)
    set_ranks(state, 0, (2, 2, 2, 0, 2))
    set_taverns(state, [FORGE_CARD, *SHIELDS[:2]], SHIELDS[2:5], SHIELDS[5:8])
    bid_all(state, *BIDS[:3])
    pick(state, FORGE_CARD)
    assert phase(state) == L.RECRUIT
    assert recruit_action("Wal") not in legal(state)
    assert legal(state) == NON_MERCENARIES


def test_last_mercenary_cannot_be_the_third_of_a_run():
    """Black rank (p. 16), clarification, read literally (Q20): the last Mercenary left cannot be
    recruited, not even as the third of a run. With three on the holder, Tadgar starts a run,
    Akab pairs it and completes a further line; Lygdr, the only one left, is refused."""
    state = lord_takes(FORGE_CARD, (3, 3, 3, 0, 3))
    take_cognars(state, ["Dawn", "Wal"], seat=1)
    do(state, recruit_action("Tadgar"))
    assert legal(state) == [recruit_action("Akab"), recruit_action("Lygdr")]  # the pair: allowed
    do(state, recruit_action("Akab"))
    do(state, L.A_PLACE + F)  # 3 3 3 3 3: a third line
    assert phase(state) == L.RECRUIT
    assert legal(state) == NON_MERCENARIES


def test_run_of_three_mercenaries():
    """Black rank (p. 16): 'If you manage to recruit 3, or even 4 in a row, well played!' The
    second Mercenary completes another line: a third may follow (or any other Cognar)."""
    state = lord_takes(FORGE_CARD, (3, 3, 3, 0, 3))
    do(state, recruit_action("Tadgar"))  # Forge: 3 3 3 2 3, a second line
    do(state, recruit_action("Akab"))
    do(state, L.A_PLACE + F)  # 3 3 3 3 3, a third line
    assert phase(state) == L.RECRUIT
    options = legal(state)
    assert all(recruit_action(m) in options for m in ("Lygdr", "Dawn", "Wal"))
    assert all(a in options for a in NON_MERCENARIES)
    do(state, recruit_action("Wal"))
    do(state, L.A_PLACE + S)
    assert ranks(state, 0) == [4, 3, 3, 3, 3]
    assert col(state, L.COL_FLAT, 0, F) == 24 + 23 and col(state, L.COL_FLAT, 0, S) == 22
    assert phase(state) == L.PICK and actor(state) == 1


# -- Svara -------------------------------------------------------------------------------
def svara_scenario(era2_top, n=3):
    state = lord_takes(FORGE_CARD, (1, 1, 1, 0, 1), n=n)
    pos = int(state[L.DECK2_POS])
    deck = [int(c) for c in state[L.DECK2 + pos:L.DECK2 + state[L.DECK2_LEN]]]
    for c in era2_top:
        deck.remove(c)
    deck = list(era2_top) + deck
    state[L.DECK2 + pos:L.DECK2 + pos + len(deck)] = deck
    return state, deck


def test_svara_looks_at_five_era2_cards_and_keeps_one():
    """Svara (p. 14): look at the first 5 cards of the Era 2 deck, choose one and place it in your
    army; the 4 others are shuffled back into the Era 2 deck."""
    top = [dwarf(T, 4, era=2, malt=0), dwarf(W, 13), dwarf(F, 5, rune=1), dwarf(S, ranks=2),
           dwarf(T, 3, era=2)]
    state, deck = svara_scenario(top)
    do(state, recruit_action("Svara"))
    assert phase(state) == L.SVARA and actor(state) == 0
    assert legal(state) == [L.A_SVARA + k for k in range(5)]
    do(state, L.A_SVARA + 3)  # the 2-rank Shield card
    assert army(state, 0) == [FORGE_CARD, top[3]]
    assert ranks(state, 0) == [1 + 1 + 2, 1, 1, 1, 1]
    pos = int(state[L.DECK2_POS])
    rest = [int(c) for c in state[L.DECK2 + pos:L.DECK2 + state[L.DECK2_LEN]]]
    assert sorted(rest) == sorted(c for c in deck if c != top[3])
    assert len(rest) == 37 - 1
    assert phase(state) == L.PICK and actor(state) == 1


def test_svara_talion_card_upgrades_the_tavern_talion():
    """Svara (p. 14), clarification: a Talion card taken with Svara's power upgrades the talion of
    the tavern being resolved (here the 5 bid on the first tavern becomes a 6)."""
    top = [dwarf(A, 9), dwarf(T, 4, era=2, malt=0), dwarf(W, 13), dwarf(F, 5, rune=1),
           dwarf(T, 3, era=2)]
    state, _ = svara_scenario(top)
    do(state, recruit_action("Svara"))
    do(state, L.A_SVARA + 0)
    assert talions(state, 0)[0] == 6 and int(state[L.TAL_KIND + 0]) == GOLD
    assert treasury(state, 6) == 1
    assert col(state, L.COL_POINTS, 0, A) == 9


def test_svara_in_the_last_turn_of_era2_takes_the_last_card_blind():
    """Svara (p. 14), special case: in the last game turn of Era 2, take the last remaining card
    of the Era 2 deck, face down (no choice)."""
    state = fresh(3)
    state[L.ERA] = 2
    state[L.TURN] = state[L.TURNS] - 1
    state[L.DECK2_POS] = state[L.DECK2_LEN] - 1
    last = int(state[L.DECK2 + state[L.DECK2_POS]])
    set_ranks(state, 0, (1, 1, 1, 0, 1))
    set_taverns(state, [FORGE_CARD, *SHIELDS[:2]], SHIELDS[2:5], SHIELDS[5:8])
    bid_all(state, *BIDS[:3])
    pick(state, FORGE_CARD)
    do(state, recruit_action("Svara"))
    assert army(state, 0) == [FORGE_CARD, last]
    assert state[L.DECK2_POS] == state[L.DECK2_LEN]
    assert phase(state) == L.PICK and actor(state) == 1


# -- Pariah tokens -------------------------------------------------------------------------
def test_repeated_wanderers_value_gets_a_pariah_token():
    """Order of the Wanderers (p. 7): a card of a value already in the Wanderers column gets a
    Pariah token; it hides the Points only, the rank and the Malt symbol still count."""
    six, six_malt = dwarf(W, 6, malt=0), dwarf(W, 6, malt=1)
    state = fresh(3)
    give_dwarf(state, 0, six)
    set_taverns(state, [six_malt, *SHIELDS[:2]], SHIELDS[2:5], SHIELDS[5:8])
    bid_all(state, *BIDS[:3])
    pick(state, six_malt)
    assert [int(c) for c in state[L.WAND_COVERED:L.WAND_COVERED + 2]] == [0, 1]
    assert state[L.WAND_VISIBLE + 0] == 6
    assert ranks(state, 0)[W] == 2 and state[L.MALT + 0] == 1
    assert state[L.PARIAH_FREE] == 11


@pytest.mark.parametrize("cognar, column, value", [("Droh", W, 10), ("Oosram", W, 15),
                                                   ("Ga'at", W, 9)])
def test_a_cognar_in_the_wanderers_column_counts_for_the_pariah_rule(cognar, column, value):
    """Order of the Wanderers (p. 7), literally (Q5): "a card of the same value in the Wanderers
    column" includes Cognars placed there: after Droh (10 Points), a Wanderers 10 gets a token.
    (Values above 13 match no Dwarf card; Ga'at is worth 9 there.)"""
    state = fresh(3)
    give_cognar(state, 0, cognar, column)
    assert (int(state[L.WAND_VALUES_SEEN + 0]) >> value) & 1
    if value <= 13:
        give_dwarf(state, 0, dwarf(W, value))
        assert int(state[L.WAND_COVERED + 0]) == 1 and state[L.WAND_VISIBLE + 0] == 0
        assert state[L.PARIAH_FREE] == D.PARIAH_TOKENS - 1


def test_a_black_rank_cognar_elsewhere_does_not_count_for_the_pariah_rule():
    """Only the Wanderers column counts (p. 7): Ga'at in the Temple leaves a Wanderers 9 alone."""
    state = fresh(3)
    give_cognar(state, 0, "Ga'at", T)
    give_dwarf(state, 0, dwarf(W, 9))
    assert int(state[L.WAND_COVERED + 0]) == 0 and state[L.WAND_VISIBLE + 0] == 9


def test_pariah_tokens_are_limited_to_twelve():
    """Components (p. 2): 12 Pariah tokens. Each covered card takes one from the supply; when the
    supply is empty a repeated value stays visible (the engine's reading, the rulebook is
    silent)."""
    state = fresh(2)
    state[L.PARIAH_FREE] = 1
    give_dwarf(state, 0, dwarf(W, 9, nth=0), dwarf(W, 9, nth=1))
    assert state[L.PARIAH_FREE] == 0 and state[L.WAND_VISIBLE + 0] == 9
    give_dwarf(state, 0, dwarf(W, 8, nth=0), dwarf(W, 8, nth=1))
    assert [int(c) for c in state[L.WAND_COVERED:L.WAND_COVERED + 4]] == [0, 1, 0, 0]
    assert state[L.WAND_VISIBLE + 0] == 9 + 8 + 8


def test_svara_talion_card_with_the_zero_upgrades_the_purse():
    """Svara (p. 14) and Talion upgrade (p. 7): the tavern being resolved was won with the 0, so
    the Talion card taken with Svara upgrades a purse talion (4 -> 5), then the exchange
    (p. 11): 5 + 5 = 10 replaces the bronze 5, the Lord's turn ends."""
    state = fresh(2)
    set_ranks(state, 0, (1, 1, 1, 0, 1))
    set_taverns(state, [SHIELDS[0], FORGE_CARD, SHIELDS[1]], SHIELDS[2:5], SHIELDS[5:8])
    pos = int(state[L.DECK2_POS])
    deck = [int(c) for c in state[L.DECK2 + pos:L.DECK2 + state[L.DECK2_LEN]]]
    talion_card = dwarf(A, 9)
    deck.remove(talion_card)
    state[L.DECK2 + pos:L.DECK2 + pos + len(deck) + 1] = [talion_card, *deck]
    bid_all(state, (0, 2, 3), (5, 2, 3))
    pick(state, SHIELDS[0])
    pick(state, FORGE_CARD)
    do(state, recruit_action("Svara"))
    do(state, L.A_SVARA + 0)
    assert phase(state) == L.PURSE_UPGRADE and actor(state) == 0
    do(state, L.A_PURSE + 0)
    assert talions(state, 0) == [0, 2, 3, 5, 10]
    assert [int(k) for k in state[L.TAL_KIND + 3:L.TAL_KIND + 5]] == [GOLD, GOLD]
    assert state[L.TAVERN] == 1
