"""Rule scenarios: the end of Era 1, the Evaluation of the Orders and the Liquor Certification
(rulebook p. 12), and the end of the game with its token removals (p. 13)."""

from aquilon_env import data as D
from aquilon_env.engine import layout as L
from aquilon_env.engine.resolution import end_turn

from .scenario import (
    COGNAR,
    ELITE,
    GOLD,
    A,
    F,
    S,
    T,
    W,
    actor,
    bid_all,
    do,
    dwarf,
    dwarves,
    fresh,
    give_cognar,
    give_dwarf,
    give_elite,
    legal,
    phase,
    play_first_legal,
    score,
    set_gems,
    set_ranks,
    set_taverns,
    talion_kinds,
    talions,
    treasury,
)

SHIELDS = dwarves(S)


def elite_owner(state, name):
    return int(state[L.ELITE_OWNER + ELITE[name]])


def end_of_era_1(state):
    """Close the last turn of Era 1 (the engine's own end-of-turn step)."""
    state[L.TURN] = state[L.TURNS] - 1
    end_turn(state)
    assert state[L.ERA] == 2 and state[L.TURN] == 0 and phase(state) == L.BID


def test_evaluation_counts_ranks_not_points_nor_cards():
    """Evaluation of the Orders (p. 12): majorities are the number of ranks in each Order, not
    the sum of Points nor the number of cards."""
    state = fresh(3)
    one_rank = dwarves(S, ranks=1, malt=0)
    give_dwarf(state, 0, dwarf(S, ranks=2), one_rank[0])  # Shield: 2 cards, 3 ranks
    give_dwarf(state, 1, *one_rank[1:3])  # Shield: 2 cards, 2 ranks
    give_dwarf(state, 0, dwarf(T, 4, era=2, malt=0), dwarf(T, 3, malt=0, occult=0))  # 7 Points
    give_dwarf(state, 1, dwarf(T, 2, ranks=3), dwarf(T, 2, malt=1))  # 2 cards, 4 ranks, 4 Points
    give_dwarf(state, 2, dwarf(F, 5, ranks=2))  # Forge: 1 card, 2 ranks
    give_dwarf(state, 0, dwarf(F, 4, rune=3, malt=0))  # Forge: 4 Points, 1 rank
    end_of_era_1(state)
    assert elite_owner(state, "Tiss") == 0
    assert elite_owner(state, "Aral") == 1
    assert elite_owner(state, "Redwin") == 2
    assert elite_owner(state, "Brum") == -1 and elite_owner(state, "Ordo") == -1  # no ranks
    assert state[L.LIQUOR_OWNER] == 1  # the only Malt symbol


def test_evaluation_ties_go_to_nobody_whatever_the_gems():
    """Evaluation of the Orders (p. 12): a tie for an Order gives its Elite Cognar to nobody;
    gems do not break ties. Liquor Certification: the most Malt symbols, a tie gives nobody."""
    state = fresh(3)
    set_gems(state, [5, 3, 4])
    give_dwarf(state, 0, dwarf(W, 3, malt=1), dwarf(W, 9, malt=0))
    give_dwarf(state, 1, dwarf(W, 4, malt=1), dwarf(W, 12))
    give_dwarf(state, 2, dwarf(W, 5, five_lords=False))
    give_dwarf(state, 0, dwarf(A, 5, malt=0, five_lords=False))
    give_dwarf(state, 1, dwarf(A, 6, malt=0, era=1))
    end_of_era_1(state)
    assert [elite_owner(state, e.name) for e in D.ELITES] == [-1] * 5
    assert state[L.LIQUOR_OWNER] == -1
    assert state[L.TOKENS_LEFT + 0] == 0


def test_elite_cognars_and_their_effects():
    """Evaluation of the Orders (p. 12): Tiss (Shield), Redwin (Forge, 1 unique rune), Aral
    (Temple, 1 Occult symbol), Brum (Wanderers, 13 Points and a token removal), Ordo (Talion,
    an immediate exchange of the 2 lowest talions but the 0, the lowest discarded: 2 + 3 = 5),
    all to the Command zone."""
    state = fresh(2)
    give_dwarf(state, 0, dwarf(S, ranks=1, malt=0), dwarf(T, 3, era=1, malt=0), dwarf(W, 6, malt=0))
    give_dwarf(state, 0, dwarf(F, 3, rune=2), dwarf(A, 4, malt=0, five_lords=False))
    before = score(state, 0)
    end_of_era_1(state)
    assert [elite_owner(state, e.name) for e in D.ELITES] == [0] * 5
    assert state[L.OCCULT + 0] == 2
    assert state[L.UNIQUE_RUNES + 0] == 1
    assert state[L.TOKENS_LEFT + 0] == 1
    # Hand taken back (sorted) for Era 2: the bronze 2 is gone, a gold 5 came.
    assert talions(state, 0) == [0, 3, 4, 5, 5]
    assert talion_kinds(state, 0)[3:] == [0, GOLD]
    assert treasury(state, 5) == 1
    # Tiss: 2 x 1 Shield rank; Aral: Temple 3 x 2 instead of 3 x 1; Redwin: 2 runes, 4 - 1;
    # Brum: 13; Ordo: talions 17 instead of 14.
    assert score(state, 0) == before + 2 + 3 + 3 + 13 + 3


def test_liquor_certification_counts_the_command_zone():
    """Liquor Certification (p. 12): the most Malt symbols in the fortress-state, army and
    Command zone (Borogam's 3 Malt), awarded after the Elite Cognars."""
    state = fresh(3)
    give_dwarf(state, 0, dwarf(S, ranks=1, malt=1, nth=0), dwarf(S, ranks=1, malt=1, nth=1))
    give_cognar(state, 1, "Borogam")
    give_dwarf(state, 2, dwarf(T, 3, malt=1))
    end_of_era_1(state)
    assert state[L.LIQUOR_OWNER] == 1


def test_evaluation_comes_at_the_end_of_the_last_turn_of_era_1():
    """End of Era 1 (p. 12): at the end of the turn in which the Era 1 deck is exhausted, the
    Evaluation, then Era 2 starts with its own deck."""
    state = fresh(2)
    state[L.TURN] = state[L.TURNS] - 1
    set_ranks(state, 0, (9, 0, 0, 0, 0))
    bid_all(state, (5, 4, 3), (4, 3, 2))
    play_first_legal(state, until=lambda s: s[L.ERA] == 2)
    assert elite_owner(state, "Tiss") == 0
    assert phase(state) == L.BID and state[L.TURN] == 0
    assert state[L.DECK2_POS] == 9 and state[L.TAVERN_CARDS] == state[L.DECK2]


def last_turn_of_the_game(n=2):
    state = fresh(n)
    state[L.ERA] = 2
    state[L.TURN] = state[L.TURNS] - 1
    set_taverns(state, SHIELDS[:3], SHIELDS[3:6], SHIELDS[6:9])
    return state


def test_end_of_game_token_removals_seat_by_seat():
    """End of the game (pp. 12, 15): before the final count, Brum removes 1 Pariah token, Oosram 2
    and Droh 1, from the owner's Wanderers cards; each removal is the owner's choice, Lord after
    Lord. The uncovered Points count again."""
    state = last_turn_of_the_game()
    fours, nines, eights = dwarves(W, 4), dwarves(W, 9), dwarves(W, 8)
    give_dwarf(state, 0, nines[0], nines[1], eights[0], eights[1], fours[0], fours[1])
    give_dwarf(state, 1, dwarf(W, 6, nth=0), dwarf(W, 6, nth=1))
    give_elite(state, 0, "Brum")
    give_cognar(state, 0, "Oosram")
    give_cognar(state, 1, "Droh")
    assert state[L.WAND_VISIBLE + 0] == 9 + 8 + 4 and state[L.WAND_VISIBLE + 1] == 6
    bid_all(state, (5, 4, 3), (4, 3, 2))
    play_first_legal(state, until=lambda s: s[L.PHASE] == L.TOKENS)
    assert actor(state) == 0
    assert legal(state) == [L.A_TOKEN + k for k in (1, 3, 5)]
    do(state, L.A_TOKEN + 3)
    assert actor(state) == 0 and legal(state) == [L.A_TOKEN + 1, L.A_TOKEN + 5]
    do(state, L.A_TOKEN + 1, L.A_TOKEN + 5)
    assert actor(state) == 1 and legal(state) == [L.A_TOKEN + 1]
    do(state, L.A_TOKEN + 1)
    assert phase(state) == L.OVER and actor(state) == -1
    assert state[L.WAND_VISIBLE + 0] == 2 * (9 + 8 + 4) and state[L.WAND_VISIBLE + 1] == 12
    assert state[L.WAND_COVERED_COUNT + 0] == 0 and state[L.PARIAH_FREE] == 12


def test_token_removals_stop_when_no_token_is_left():
    """Oosram (p. 15) lets you remove 2 tokens; with a single covered card there is one removal
    only; a Lord without tokens to remove has no decision."""
    state = last_turn_of_the_game()
    give_dwarf(state, 0, dwarf(W, 9, nth=0), dwarf(W, 9, nth=1))
    give_cognar(state, 0, "Oosram")
    give_cognar(state, 1, "Droh")  # nothing covered
    bid_all(state, (5, 4, 3), (4, 3, 2))
    play_first_legal(state, until=lambda s: s[L.PHASE] == L.TOKENS)
    assert actor(state) == 0 and legal(state) == [L.A_TOKEN + 1]
    do(state, L.A_TOKEN + 1)
    assert phase(state) == L.OVER


def test_game_ends_without_decision_when_nobody_removes_tokens():
    """End of Era 2 (p. 13): at the end of the turn in which 0 or 1 Era 2 card remains, the
    final count; no token removal to decide, the game is over."""
    state = last_turn_of_the_game()
    give_dwarf(state, 0, dwarf(W, 9, nth=0), dwarf(W, 9, nth=1))  # covered, but no power
    bid_all(state, (5, 4, 3), (4, 3, 2))
    play_first_legal(state, until=lambda s: s[L.PHASE] == L.OVER)
    assert actor(state) == -1 and legal(state) == []
    assert state[L.COGNAR_OWNER + COGNAR["Droh"]] == -1
