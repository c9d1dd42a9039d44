"""Texts (issue 51): an Invasion choice names 'an Arena' and 'an Adventurer's Guild' with
their article, and an amount of one Knight reads '1 Knight' (Gold has no plural)."""

import re

from dragon_env import text as T
from dragon_env.engine import layout as L

from .scenario import (
    ARENA,
    CASTLE,
    GUILD,
    TK,
    actor,
    at_phase2,
    calm_stacks,
    do,
    legal,
    run_to,
    set_buildings,
    set_holdings,
    set_stack,
    step,
    tile,
)


def invasion(num_players=4):
    """Phase 3 turns up an Invasion: seat 0, asked first, owns an Arena, an Adventurer's Guild
    (4 players or more) and a Castle, 1 Knight and 1 Gold (it must give a Building, C10)."""
    state = at_phase2(num_players)
    calm_stacks(state)
    top = int(state[L.STACK_TOP + CASTLE])
    tiles = [int(k) for k in state[L.STACKS + CASTLE * 10 + top:L.STACKS + CASTLE * 10 + 10]]
    inv = tile(CASTLE, kind=TK.INVASION)
    tiles.remove(inv)
    set_stack(state, CASTLE, [inv, *tiles])
    set_buildings(state, 0, {ARENA: 1, GUILD: 1, CASTLE: 1})
    for seat in range(num_players):
        set_holdings(state, seat, gold=1, knights=1 if seat == 0 else 5)
    run_to(state, L.AUTO_PHASE3)
    assert step(state) == L.INVASION
    return state


def test_an_invasion_names_its_buildings_with_their_article():
    state = invasion()
    assert actor(state) == 0
    assert legal(state) == [L.A_INVADE_BUILDING + t for t in (CASTLE, ARENA, GUILD)]
    told = {t: T.action_to_string(state, L.A_INVADE_BUILDING + t) for t in (CASTLE, ARENA, GUILD)}
    assert told == {CASTLE: "Invasion: discard a Castle", ARENA: "Invasion: discard an Arena",
                    GUILD: "Invasion: discard an Adventurer's Guild"}
    do(state, L.A_INVADE_BUILDING + ARENA)
    assert step(state) == L.INVASION and actor(state) == 1  # the others still choose
    assert "    your choice: to discard an Arena" in T.render_text(state, 0).splitlines()


def test_one_knight_is_one_knight():
    state = invasion()
    mine = T.render_text(state, 0)
    assert "Player 0 (you): 1 Gold, 1 Knight;" in mine, mine
    assert not re.search(r"\b1 Knights", mine), mine
    from dragon_env.facts import amount_text  # the amounts' one wording

    assert amount_text(1, 1) == "1 Knight" and amount_text(2, 1) == "2 Knights"
    assert amount_text(1, 0) == "1 Gold" and amount_text(0, 1) == "0 Knights"
