"""Rule scenarios: the final Bravery Value term by term (rulebook pp. 7, 13-16), the score-sheet
example of p. 13, the winner and its tie-break (p. 13)."""

import numpy as np
import pytest

from aquilon_env import data as D
from aquilon_env import raw_env
from aquilon_env.data import shield_track
from aquilon_env.engine import final_scores
from aquilon_env.engine import layout as L
from aquilon_env.engine.army import distinct_runes

from .scenario import (
    COGNAR,
    A,
    F,
    S,
    T,
    W,
    dwarf,
    dwarves,
    end_game,
    fresh,
    give_cognar,
    give_dwarf,
    give_elite,
    score,
    set_ranks,
    set_talions,
    settle_decks,
)

BASE = 14  # a Lord's five starting talions: 0 + 2 + 3 + 4 + 5


def col(state, field, seat, column):
    return int(state[field + seat * D.NUM_ORDERS + column])


@pytest.mark.parametrize("n_ranks", [0, 1, 2, 5, 9])
def test_shield_bravery_value_follows_the_track(n_ranks):
    """Order of the Shield (p. 7): the value of the individual board's track for the number of
    ranks owned (the project's track: aquilon_env.data.shield_track; 5 ranks are 40, p. 13)."""
    state = fresh(2)
    set_ranks(state, 0, (n_ranks, 0, 0, 0, 0))
    assert score(state, 0) == BASE + shield_track(n_ranks)
    assert shield_track(5) == 40


def test_shield_track_counts_ranks_not_cards():
    """Order of the Shield (p. 7): a 2-rank card counts twice; a Black-rank Mercenary adds its
    rank to the track and its Points after; Ga'at adds 2 ranks (p. 15)."""
    state = fresh(2)
    give_dwarf(state, 0, dwarf(S, ranks=2, malt=0), dwarf(S, ranks=1, malt=0))
    give_cognar(state, 0, "Tadgar", column=S)
    give_cognar(state, 0, "Ga'at", column=S)
    assert col(state, L.COL_RANKS, 0, S) == 6
    assert score(state, 0) == BASE + shield_track(6) + 24


def test_temple_points_times_occult_then_black_rank_points():
    """Order of the Temple (p. 7): the Points times the Occult symbols of the fortress-state
    (the board's 1, cards, Cognars); a Black-rank Cognar's Points are added after."""
    state = fresh(2)
    give_dwarf(state, 0, dwarf(T, 4, occult=1, era=1), dwarf(T, 2, malt=1))
    give_cognar(state, 0, "Sriza")  # 2 Occult symbols
    give_cognar(state, 0, "Akab", column=T)
    occult = 1 + 1 + 2
    assert state[L.OCCULT + 0] == occult
    assert score(state, 0) == BASE + 6 * occult + 23 + 1  # 1 Malt


def test_temple_occult_of_ararun_and_aral():
    """Ararun (p. 14): 2 ranks, 2 Points, 1 Occult symbol; Aral (p. 12) adds 1 Occult symbol
    from the Command zone."""
    state = fresh(2)
    give_dwarf(state, 0, dwarf(T, 4, era=2, malt=0))
    give_cognar(state, 0, "Ararun")
    give_elite(state, 0, "Aral")
    assert score(state, 0) == BASE + (4 + 2) * 3


def test_wanderers_visible_points_and_cognars():
    """Order of the Wanderers (p. 7): the sum of the visible Points (a Pariah token hides a
    repeated value), plus Oosram's 15 and Droh's 10 (p. 15)."""
    state = fresh(2)
    give_dwarf(state, 0, dwarf(W, 6, malt=0), dwarf(W, 6, malt=1), dwarf(W, 7))
    give_cognar(state, 0, "Oosram")
    give_cognar(state, 0, "Droh")
    assert col(state, L.COL_RANKS, 0, W) == 3 + 1 + 2
    assert score(state, 0) == BASE + (6 + 7) + 15 + 10 + 1  # the covered card's Malt counts


def test_forge_points_plus_different_runes_squared():
    """Order of the Forge (p. 7): Points plus the number of different runes squared, runes of the
    army and the Command zone: cards' runes (a kind counted once), Ulrog 2, Tala 1, Torun 1,
    Jorun 1, Redwin 1."""
    state = fresh(2)
    give_dwarf(state, 0, dwarf(F, 2, rune=1), dwarf(F, 4, rune=1), dwarf(F, 3, rune=2))
    assert score(state, 0) == BASE + 9 + 2**2
    give_cognar(state, 0, "Ulrog")
    give_cognar(state, 0, "Tala")
    give_cognar(state, 0, "Torun")
    give_elite(state, 0, "Redwin")
    assert distinct_runes(state, 0) == 2 + 2 + 1 + 1 + 1
    assert score(state, 0) == BASE + 9 + 6 + 12 + 7**2


def test_talion_points():
    """Order of the Talion (p. 7): the sum of the Points, with Derdhr's 13 and Kardum's 5."""
    state = fresh(2)
    give_dwarf(state, 0, dwarf(A, 9), dwarf(A, 7, ranks=2))
    give_cognar(state, 0, "Derdhr")
    give_cognar(state, 0, "Kardum")
    assert score(state, 0) == BASE + 9 + 7 + 13 + 5


@pytest.mark.parametrize("column, points", [(T, 2 * 1), (W, 9), (F, 4), (A, 6)])
def test_gaat_points_count_in_their_column(column, points):
    """Ga'at (p. 15): 2 / 9 / 4 / 6 Points in the Temple / Wanderers / Forge / Talion column
    (in the Temple, multiplied by the Occult symbols like the other Temple Points)."""
    state = fresh(2)
    give_cognar(state, 0, "Ga'at", column=column)
    assert score(state, 0) == BASE + points


def test_black_rank_points_are_never_multiplied():
    """Black rank (p. 16) and Temple warning (p. 7): each Mercenary's Points, wherever placed."""
    state = fresh(2)
    give_dwarf(state, 0, dwarf(T, 3, era=1, malt=0))
    give_cognar(state, 0, "Sriza")
    for name, column in (("Tadgar", T), ("Akab", W), ("Lygdr", F), ("Dawn", A), ("Wal", T)):
        give_cognar(state, 0, name, column=column)
    assert score(state, 0) == BASE + 3 * 3 + 24 + 23 + 21 + 20 + 22 + shield_track(0)


def test_command_zone_white_cognars():
    """Cognars with a White rank (p. 15) in the Command zone: Gurdan 22 and 1 Malt, Borogam 14
    and 3 Malt, Oberon 15, Jorun 3 per different rune (his own unique rune included). With
    Gurdan AND Borogam each Malt is worth 1 more: (1 + 3) x 2."""
    state = fresh(2)
    give_cognar(state, 0, "Oberon")
    assert score(state, 0) == BASE + 15
    give_cognar(state, 0, "Gurdan")
    assert score(state, 0) == BASE + 15 + 22 + 1
    give_cognar(state, 0, "Borogam")
    assert score(state, 0) == BASE + 15 + 22 + 14 + (1 + 3) * 2
    give_dwarf(state, 0, dwarf(F, 2, rune=1))
    give_cognar(state, 0, "Jorun")
    runes = 2
    assert score(state, 0) == BASE + 15 + 22 + 14 + 8 + 2 + runes**2 + 3 * runes


def test_abokar_and_tiss_per_shield_rank_and_brum():
    """Abokar (p. 14): 1 point per Shield rank; Tiss (p. 12): 2 points per Shield rank;
    Brum (p. 12): 13 points."""
    state = fresh(2)
    give_dwarf(state, 0, dwarf(S, ranks=2, malt=0), dwarf(S, ranks=1, malt=0))
    give_cognar(state, 0, "Abokar")
    give_elite(state, 0, "Tiss")
    give_elite(state, 0, "Brum")
    shield = 4
    assert score(state, 0) == BASE + shield_track(shield) + shield + 2 * shield + 13


@pytest.mark.parametrize(
    "liquor, pair, per_malt",
    [(False, False, 1), (True, False, 2), (False, True, 2), (True, True, 3)],
)
def test_malt_value(liquor, pair, per_malt):
    """End of the game (p. 13): 1 point per Malt symbol of the fortress-state, 1 more with the
    Liquor Certification, 1 more again with Gurdan AND Borogam in the Command zone (p. 15)."""
    state = fresh(2)
    give_dwarf(state, 0, dwarf(S, ranks=1, malt=1, nth=0), dwarf(S, ranks=1, malt=1, nth=1))
    cognar_points, malt = 0, 2
    if pair:
        give_cognar(state, 0, "Gurdan")
        give_cognar(state, 0, "Borogam")
        cognar_points, malt = 22 + 14, 2 + 1 + 3
    if liquor:
        state[L.LIQUOR_OWNER] = 0
    assert score(state, 0) == BASE + shield_track(2) + cognar_points + malt * per_malt


def test_only_gurdan_gives_no_malt_bonus():
    """Gurdan and Borogam association (p. 15): both are needed for the extra point per Malt."""
    state = fresh(2)
    give_cognar(state, 0, "Gurdan")
    give_cognar(state, 1, "Borogam")
    assert score(state, 0) == BASE + 22 + 1
    assert score(state, 1) == BASE + 14 + 3


def test_talions_total_value():
    """End of the game (p. 13): the total value of your talions (22, 16, 25, 0, 7: 70)."""
    state = fresh(2)
    set_talions(state, 0, [22, 16, 25, 0, 7])
    assert score(state, 0) == 70


def test_score_sheet_example_293():
    """Example of a count (p. 13), Serge's score sheet: Shield 40, Temple 6 x 2 + 23 = 35,
    Wanderers 30, Forge 4 x 3 + 3 squared = 21, Talion 52, Tiss and Oberon 2 x 5 + 15 = 25,
    Liquor Certification 2 x 10 = 20, talions 22 + 16 + 25 + 0 + 7 = 70: 293.

    Built from the data: Shield 3 one-rank cards with Malt plus Ga'at (2 ranks there); Temple
    4 (Occult) + 2, Akab; Wanderers 8 + 9 + 13; Forge three 4s with runes 1, 6, 5; Talion
    9 + 8 + 8 + 7 + 6 + 5 + 5 + 4; 10 Malt symbols in all.
    """
    state = fresh(2)
    seat = 0
    give_dwarf(state, seat, *dwarves(S, ranks=1, malt=1, era=1, five_lords=False)[:3])
    give_cognar(state, seat, "Ga'at", column=S)
    give_cognar(state, seat, "Oberon")
    give_elite(state, seat, "Tiss")
    give_dwarf(state, seat, dwarf(T, 4, occult=1, era=1), dwarf(T, 2, malt=1))
    give_cognar(state, seat, "Akab", column=T)
    give_dwarf(state, seat, dwarf(W, 8, five_lords=False), dwarf(W, 9, malt=1), dwarf(W, 13))
    give_dwarf(state, seat, dwarf(F, 4, rune=1), dwarf(F, 4, rune=6), dwarf(F, 4, rune=5))
    talion_cards = [dwarf(A, 9), dwarf(A, 8, nth=0), dwarf(A, 8, nth=1), dwarf(A, 7, malt=1),
                    dwarf(A, 6, malt=1, era=2), dwarf(A, 5, malt=1), dwarf(A, 5, malt=0),
                    dwarf(A, 4, malt=1)]
    give_dwarf(state, seat, *talion_cards)
    state[L.LIQUOR_OWNER] = seat
    set_talions(state, seat, [22, 16, 25, 0, 7], sort=False)

    shield_ranks = col(state, L.COL_RANKS, seat, S)
    runes = distinct_runes(state, seat)
    terms = {
        "Shield": shield_track(shield_ranks),
        "Temple": col(state, L.COL_POINTS, seat, T) * int(state[L.OCCULT + seat])
        + col(state, L.COL_FLAT, seat, T),
        "Wanderers": int(state[L.WAND_VISIBLE + seat]) + col(state, L.COL_POINTS, seat, W),
        "Forge": col(state, L.COL_POINTS, seat, F) + runes * runes,
        "Talion": col(state, L.COL_POINTS, seat, A),
        "Command zone": D.TISS_POINTS_PER_RANK * shield_ranks + D.COGNARS[COGNAR["Oberon"]].points,
        "Liquor": 2 * int(state[L.MALT + seat]),
        "Talions": sum(int(v) for v in state[L.TAL_VAL:L.TAL_VAL + 5]),
    }
    assert terms == {"Shield": 40, "Temple": 35, "Wanderers": 30, "Forge": 21, "Talion": 52,
                     "Command zone": 25, "Liquor": 20, "Talions": 70}
    assert (col(state, L.COL_POINTS, seat, T), int(state[L.OCCULT + seat])) == (6, 2)
    assert (col(state, L.COL_POINTS, seat, F), runes) == (12, 3)
    assert score(state, seat) == 293


def finished(num_players, setup, reward_mode="rank"):
    """An AEC env whose game is over in the state built by `setup(state)` from a finished game
    with empty armies."""
    env = raw_env(num_players=num_players, reward_mode=reward_mode)
    env.reset(seed=0)
    state = env.clone_state()
    end_game(state)
    setup(state)
    settle_decks(state)
    env.restore_state(state)
    return env


def test_highest_bravery_value_wins():
    """End of the game (p. 13): the highest final Bravery Value wins."""
    env = finished(3, lambda s: give_dwarf(s, 2, dwarf(S, ranks=1, malt=0)))
    assert env.final_scores().tolist() == [14, 14, 18]
    assert env.rewards["lord_2"] == 1.0
    assert env.rewards["lord_0"] == env.rewards["lord_1"] == -0.5
    assert all(env.terminations.values())


def test_tie_broken_by_elite_cognars():
    """End of the game (p. 13): between tied Lords, the one with the most Elite Cognars wins
    (Ordo and Aral change no score here)."""

    def setup(state):
        give_dwarf(state, 0, dwarf(S, ranks=1, malt=0, nth=0))
        give_dwarf(state, 1, dwarf(S, ranks=1, malt=0, nth=1))
        give_elite(state, 1, "Ordo")
        give_elite(state, 1, "Aral")

    env = finished(3, setup)
    assert env.final_scores().tolist() == [18, 18, 14]
    assert [env.rewards[a] for a in env.possible_agents] == [0.0, 1.0, -1.0]
    assert [int(e) for e in env.clone_state()[L.ELITE_OWNER:L.ELITE_OWNER + 5]].count(1) == 2
    scores = np.zeros(3, np.float64)
    keys = np.zeros(3, np.int64)
    state = env.clone_state()
    final_scores(state, scores, keys)
    assert keys[1] > keys[0] > keys[2]


def test_shared_victory():
    """End of the game (p. 13): tied on Bravery and on Elite Cognars, the victory is shared: the
    tied Lords share the rank rewards of the places they span (tabletop_core/rewards.py)."""

    def setup(state):
        give_dwarf(state, 0, dwarf(S, ranks=1, malt=0, nth=0))
        give_dwarf(state, 1, dwarf(S, ranks=1, malt=0, nth=1))
        give_elite(state, 0, "Ordo")
        give_elite(state, 1, "Aral")

    env = finished(3, setup)
    assert env.final_scores().tolist() == [18, 18, 14]
    assert [env.rewards[a] for a in env.possible_agents] == [0.5, 0.5, -1.0]
    margin = finished(3, setup, reward_mode="margin")
    assert [margin.rewards[a] for a in margin.possible_agents] == [2.0, 2.0, -4.0]
