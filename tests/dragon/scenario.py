"""Build Dragon's Interest rule scenarios directly in the engine's state array.

The helpers write the layout offsets (dragon_env/engine/layout.py) and call the engine's own
phase functions, so that a test can set up exactly the position a rule talks about and then
drive the engine with `do`, which refuses an action the engine does not offer.
"""

from __future__ import annotations

import numpy as np

from dragon_env import data as D
from dragon_env import engine as E
from dragon_env.engine import layout as L
from dragon_env.engine.flow import advance
from dragon_env.engine.scoring import update_points
from tests.scenario_base import EngineDoors

CASTLE, HARBOR, TEMPLE, CITY_HALL, ARENA, GUILD = range(6)
GOLD, KNIGHTS = 0, 1
TK = D.TileKind

DOORS = EngineDoors(E, L)
legal, do, actor, observe = DOORS.legal, DOORS.do, DOORS.actor, DOORS.observe


# -- the game ------------------------------------------------------------------------------
def fresh(num_players: int = 4, seed: int = 0, start: int = 0) -> np.ndarray:
    """A newly dealt game (D1-D10) with a fixed Start Player, asking for Contracts."""
    return DOORS.new_state(np.array([num_players, start], np.int32), seed)


def step(state: np.ndarray) -> int:
    return int(state[L.STEP])


def run_to(state: np.ndarray, auto_step: int) -> None:
    """Hand over to an automatic step (layout.AUTO_*) and run until the next decision."""
    state[L.STEP] = auto_step
    advance(state)


# -- holdings, Buildings, Contracts ------------------------------------------------------------
def gold(state: np.ndarray, seat: int) -> int:
    return int(state[L.HOLD + seat * 2 + GOLD])


def knights(state: np.ndarray, seat: int) -> int:
    return int(state[L.HOLD + seat * 2 + KNIGHTS])


def set_holdings(state: np.ndarray, seat: int, gold: int | None = None,
                 knights: int | None = None) -> None:
    if gold is not None:
        state[L.HOLD + seat * 2 + GOLD] = gold
    if knights is not None:
        state[L.HOLD + seat * 2 + KNIGHTS] = knights


def buildings(state: np.ndarray, seat: int) -> list[int]:
    return [int(x) for x in state[L.BLD + seat * 6:L.BLD + seat * 6 + 6]]


def set_buildings(state: np.ndarray, seat: int, counts: dict[int, int] | list[int]) -> None:
    if isinstance(counts, dict):
        counts = [counts.get(t, 0) for t in range(6)]
    state[L.BLD + seat * 6:L.BLD + seat * 6 + 6] = counts
    update_points(state)


def tucked(state: np.ndarray, seat: int) -> list[int]:
    return [int(x) for x in state[L.TUCK + seat * 6:L.TUCK + seat * 6 + 6]]


def set_tucked(state: np.ndarray, seat: int, values: dict[int, int]) -> None:
    for t in range(6):
        state[L.TUCK + seat * 6 + t] = values.get(t, 0)


def card(value: int | str) -> int:
    """Contract id of a printed value ('J' for the Jester)."""
    if value == "J":
        return 0
    return next(i for i, c in enumerate(D.CONTRACTS) if c.value == value and not c.is_jester)


def hand(state: np.ndarray, seat: int) -> set[int]:
    """The Contract values in a seat's hand ('J' for the Jester)."""
    bits = int(state[L.HAND + seat])
    return {"J" if c == 0 else D.CONTRACTS[c].value for c in range(12) if (bits >> c) & 1}


def play_contracts(state: np.ndarray, by_seat: dict[int, int | str]) -> None:
    """Every seat plays its Contract, in the asking order (M7)."""
    n = int(state[L.NUM_PLAYERS])
    for _ in range(n):
        seat = actor(state)
        do(state, L.A_CONTRACT + card(by_seat[seat]))


def enter_amount(state: np.ndarray, value: int) -> None:
    """Enter an amount with the entry's fixed number of digits (M4)."""
    digits = str(value).zfill(int(state[L.ENTRY_LEN]))
    assert len(digits) == int(state[L.ENTRY_LEN]), "amount longer than the entry"
    do(state, *(L.A_DIGIT + int(c) for c in digits))


# -- tiles ---------------------------------------------------------------------------------
def tile(t: int, gold: int | None = None, kind: int = TK.BUILDING, nth: int = 0) -> int:
    """Tile id of type t with that kind (and Gold value for a Building)."""
    found = [
        t * 10 + pos for pos, x in enumerate(D.STACKS[D.BuildingType(t)])
        if x.kind == kind and (gold is None or x.gold == gold)
    ]
    assert len(found) > nth, (t, gold, kind)
    return found[nth]


def set_slot(state: np.ndarray, t: int, tile_id: int | None) -> None:
    state[L.SLOT + t] = -1 if tile_id is None else tile_id


def set_stack(state: np.ndarray, t: int, tiles: list[int]) -> None:
    """Make `tiles` (top first) the face-down stack of type t, and the public counts match."""
    top = 10 - len(tiles)
    state[L.STACK_TOP + t] = top
    state[L.STACKS + t * 10 + top:L.STACKS + t * 10 + 10] = tiles
    kinds = [D.STACKS[D.BuildingType(k // 10)][k % 10] for k in tiles]
    state[L.REM_BUILDINGS + t] = sum(x.kind == TK.BUILDING for x in kinds)
    state[L.REM_GOLD + t] = sum(x.gold for x in kinds)
    state[L.REM_CALENDARS + t] = sum(x.kind == TK.CALENDAR for x in kinds)
    state[L.REM_INVASIONS + t] = sum(x.kind == TK.INVASION for x in kinds)


def clear_slots(state: np.ndarray) -> None:
    for t in range(6):
        set_slot(state, t, None)


# -- positions -----------------------------------------------------------------------------
def at_phase2(num_players: int = 4, start: int = 0, seed: int = 0) -> np.ndarray:
    """A round-2 game whose Phase 2 begins once the caller has set holdings and Buildings
    (call `begin(state)`): no face-up tiles, every seat at 0 Gold and 0 Knights."""
    state = fresh(num_players, seed, start)
    state[L.ROUND] = 2
    clear_slots(state)
    for seat in range(num_players):
        set_holdings(state, seat, 0, 0)
    return state


def begin(state: np.ndarray) -> None:
    """Start Phase 2 from the Start Player (D22)."""
    run_to(state, L.AUTO_PHASE2)


def calm_stacks(state: np.ndarray) -> None:
    """Reorder every face-down stack so that its Events come last (same tiles)."""
    for t in range(6):
        top = int(state[L.STACK_TOP + t])
        tiles = [int(k) for k in state[L.STACKS + t * 10 + top:L.STACKS + t * 10 + 10]]
        kinds = {k: D.STACKS[D.BuildingType(k // 10)][k % 10].kind for k in tiles}
        tiles.sort(key=lambda k: kinds[k] != TK.BUILDING)
        if tiles:
            set_stack(state, t, tiles)
