"""Build Simurgh rule scenarios directly in the engine's state array.

The helpers write the layout offsets (simurgh_env/engine/layout.py) and call the engine's own
bookkeeping functions, so that a test can set up exactly the position a rule talks about and
then drive the engine with `do`, which refuses an action the engine does not offer. Tiles,
dragons and objectives are named by their printed numbers (#01-48, #49-72, #73-84).
"""

from __future__ import annotations

import numpy as np

from simurgh_env import data as D
from simurgh_env import engine as E
from simurgh_env.engine import layout as L
from simurgh_env.engine.dragons import dstack_push, receive_dragon
from simurgh_env.engine.monument import place_objective
from simurgh_env.engine.scoring import final_score
from simurgh_env.engine.scouts import settle_slots, take_from_slot
from simurgh_env.engine.tiles import leave_hand, place_public, stack_push_top, to_hand
from simurgh_env.engine.vassals import occ_at, put_vassal
from simurgh_env.env import make_config
from tests.scenario_base import EngineDoors

R = D.Resource
CITY = {c.name: c.index - 1 for c in D.CITY_SPACES}
SPEARMAN, RIDER = L.SPEARMAN, L.RIDER

DOORS = EngineDoors(E, L)
legal, do, actor, observe = DOORS.legal, DOORS.do, DOORS.actor, DOORS.observe


# -- the game ------------------------------------------------------------------------------
def fresh(num_players: int = 3, mode: str = "spearman", length: str = "short",
          seed: int = 0, ties: str = "share") -> np.ndarray:
    """A newly set up game: seat 0's first turn (Spearman) or the first draft (Dragonlord)."""
    return DOORS.new_state(make_config(num_players, mode, length, ties), seed)


def phase(state: np.ndarray) -> str:
    return L.PHASE_NAMES[int(state[L.PHASE])]


def score(state: np.ndarray, seat: int) -> int:
    """A seat's final score as the engine counts it now."""
    return int(final_score(state, seat))


# -- actions by name -----------------------------------------------------------------------
def space(area: int, i: int = 0) -> int:
    """Board space of the i-th space (0-based) of the tile on Wilds area `area` (1-6)."""
    return L.WILDS_SPACE + (area - 1) * L.SPACES_PER_AREA + i


def place(board_space: int, kind: int = SPEARMAN) -> int:
    return L.A_PLACE + 2 * board_space + kind


def city(name: str, kind: int = SPEARMAN) -> int:
    """The action placing a vassal on a City space."""
    return place(CITY[name], kind)


def retrieve(board_space: int, kind: int = SPEARMAN) -> int:
    return L.A_RETRIEVE + 2 * board_space + kind


def play_tile(number: int) -> int:
    return L.A_PLAY_TILE + number - 1


def area(a: int) -> int:
    return L.A_AREA + a - 1


def move(a: int) -> int:
    return L.A_MOVE + a - 1


def ability(number: int, slot: int) -> int:
    """Use ability `slot` (1-3, left to right) of dragon tile #number."""
    return L.A_ABILITY + (number - 49) * 3 + slot - 1


def option(k: int) -> int:
    return L.A_OPTION + k


def resource(kind: R) -> int:
    return L.A_RESOURCE + int(kind)


def mix(first: int) -> int:
    return L.A_MIX + first


# -- holdings ------------------------------------------------------------------------------
def resources(state: np.ndarray, seat: int) -> list[int]:
    return [int(x) for x in state[L.RES + seat * 6:L.RES + seat * 6 + 6]]


def set_resources(state: np.ndarray, seat: int, vegetable=0, meat=0, wood=0, stone=0,
                  wisdom=0, weapon=0) -> None:
    state[L.RES + seat * 6:L.RES + seat * 6 + 6] = [vegetable, meat, wood, stone, wisdom, weapon]


def pp(state: np.ndarray, seat: int) -> int:
    return int(state[L.PP + seat])


def set_vassals(state: np.ndarray, seat: int, spearmen: int, riders: int) -> None:
    """The seat owns this many vassals, all unplaced (none may be on the board)."""
    for kind, count in ((SPEARMAN, spearmen), (RIDER, riders)):
        assert all(state[occ_at(seat, s, kind)] == 0 for s in range(L.N_SPACES))
        state[L.OWNED + seat * 2 + kind] = count
        state[L.UNPLACED + seat * 2 + kind] = count


def vassals(state: np.ndarray, seat: int, kind: int) -> tuple[int, int]:
    """(owned, unplaced) vassals of a kind."""
    return int(state[L.OWNED + seat * 2 + kind]), int(state[L.UNPLACED + seat * 2 + kind])


def stand(state: np.ndarray, seat: int, board_space: int, kind: int = SPEARMAN) -> None:
    """Put one of the seat's unplaced vassals on a space (no effect resolved)."""
    assert state[L.UNPLACED + seat * 2 + kind] > 0
    put_vassal(state, seat, board_space, kind)


def on_space(state: np.ndarray, seat: int, board_space: int, kind: int) -> int:
    return int(state[occ_at(seat, board_space, kind)])


# -- tiles ---------------------------------------------------------------------------------
def _take_out(state: np.ndarray, tile: int) -> None:
    loc = int(state[L.TLOC + tile])
    if loc == L.LOC_STACK:
        n = int(state[L.STACK_N])
        pos = int(state[L.TIDX + tile])
        for i in range(pos, n - 1):
            moved = int(state[L.STACK + i + 1])
            state[L.STACK + i] = moved
            state[L.TIDX + moved] = i
        state[L.STACK_N] = n - 1
    elif loc == L.LOC_HAND:
        leave_hand(state, tile)
    elif loc == L.LOC_WILDS:
        state[L.AREA_TILE + int(state[L.TIDX + tile])] = L.AREA_EMPTY
    elif loc == L.LOC_SLOT:
        take_from_slot(state, 0, int(state[L.TIDX + tile]))
        settle_slots(state)  # the others slide, slot 4 refills (as after a turn)
        leave_hand(state, tile)


def give_tile(state: np.ndarray, seat: int, number: int, known_to_all: bool = False) -> None:
    """Put action tile #number into a seat's hand, from wherever it is."""
    tile = number - 1
    _take_out(state, tile)
    to_hand(state, tile, seat, L.ALL_SEATS if known_to_all else 1 << seat)


def hand(state: np.ndarray, seat: int) -> list[int]:
    """Numbers of the tiles in a seat's hand."""
    return [t + 1 for t in range(48)
            if state[L.TLOC + t] == L.LOC_HAND and state[L.TIDX + t] == seat]


def empty_hand(state: np.ndarray, seat: int) -> None:
    """Send a seat's hand tiles to the box."""
    for number in hand(state, seat):
        box_tile(state, number)


def box_tile(state: np.ndarray, number: int) -> None:
    tile = number - 1
    _take_out(state, tile)
    state[L.TLOC + tile] = L.LOC_BOX
    state[L.TIDX + tile] = -1


def lay_tile(state: np.ndarray, a: int, number: int) -> None:
    """Lay action tile #number face up on Wilds area `a` (1-6), without effects."""
    tile = number - 1
    _take_out(state, tile)
    place_public(state, tile, L.LOC_WILDS, a - 1)
    state[L.AREA_TILE + a - 1] = tile


def area_tile(state: np.ndarray, a: int) -> int:
    """Number of the tile on area `a`, or 0 if empty, -1 if covered."""
    tile = int(state[L.AREA_TILE + a - 1])
    return tile + 1 if tile >= 0 else (0 if tile == L.AREA_EMPTY else -1)


def stack(state: np.ndarray) -> list[int]:
    """Numbers of the action stack's tiles, top first."""
    n = int(state[L.STACK_N])
    return [int(t) + 1 for t in state[L.STACK:L.STACK + n][::-1]]


def slots(state: np.ndarray) -> list[int]:
    return [int(t) + 1 if t >= 0 else 0 for t in state[L.SLOTS:L.SLOTS + 4]]


def chronicle(state: np.ndarray) -> list[int]:
    """Numbers of the Chronicle's tiles in the order they arrived."""
    tiles = [t for t in range(48) if state[L.TLOC + t] == L.LOC_CHRONICLE]
    return [t + 1 for t in sorted(tiles, key=lambda t: int(state[L.TIDX + t]))]


def put_on_stack(state: np.ndarray, number: int, known: int = 0) -> None:
    """Put action tile #number on top of the action stack."""
    tile = number - 1
    _take_out(state, tile)
    stack_push_top(state, tile, known)


# -- dragons and objectives ---------------------------------------------------------------
def give_dragon(state: np.ndarray, seat: int, number: int, markers: int = 3) -> None:
    """Dragon tile #number enters a seat's play area with `markers` markers (S53)."""
    dragon = number - 49
    loc = int(state[L.DLOC + dragon])
    if loc == L.D_STACK:
        n = int(state[L.DSTACK_N])
        pos = int(state[L.DIDX + dragon])
        for i in range(pos, n - 1):
            moved = int(state[L.DSTACK + i + 1])
            state[L.DSTACK + i] = moved
            state[L.DIDX + moved] = i
        state[L.DSTACK_N] = n - 1
    receive_dragon(state, seat, dragon, markers)


def remove_dragons(state: np.ndarray, seat: int) -> None:
    """Put all of a seat's dragons back under the dragon stack, markers off."""
    for dragon in dragons(state, seat):
        state[L.DSLOT + (dragon - 49) * 3:L.DSLOT + (dragon - 49) * 3 + 3] = 0
        dstack_push(state, dragon - 49, False, 0)


def dragons(state: np.ndarray, seat: int) -> list[int]:
    return [d + 49 for d in range(24)
            if state[L.DLOC + d] == L.D_OWNED and state[L.DIDX + d] == seat]


def slots_of(state: np.ndarray, number: int) -> list[int]:
    """Marker slot states of dragon tile #number: 0 empty, 1 marker, 2 closed."""
    d = number - 49
    return [int(x) for x in state[L.DSLOT + d * 3:L.DSLOT + d * 3 + 3]]


def set_slots(state: np.ndarray, number: int, pattern: list[int]) -> None:
    d = number - 49
    state[L.DSLOT + d * 3:L.DSLOT + d * 3 + 3] = pattern


def dragon_on_top(state: np.ndarray, number: int) -> None:
    """Move dragon tile #number (in the stack) to the top of the dragon stack."""
    dragon = number - 49
    n = int(state[L.DSTACK_N])
    order = [int(x) for x in state[L.DSTACK:L.DSTACK + n] if x != dragon] + [dragon]
    state[L.DSTACK:L.DSTACK + n] = order
    for i, d in enumerate(order):
        state[L.DIDX + d] = i


def objective_on_top(state: np.ndarray, number: int) -> None:
    """Move objective #number (in its stack) to the top of the objective stack."""
    tile = number - 73
    n = int(state[L.OSTACK_N])
    order = [int(x) for x in state[L.OSTACK:L.OSTACK + n] if x != tile] + [tile]
    state[L.OSTACK:L.OSTACK + n] = order
    for i, o in enumerate(order):
        state[L.OIDX + o] = i


def put_objective(state: np.ndarray, monument_space: int, number: int) -> None:
    """Lay objective #number on a Monument space (1-5), taken from its stack."""
    tile = number - 73
    n = int(state[L.OSTACK_N])
    order = [int(x) for x in state[L.OSTACK:L.OSTACK + n] if x != tile]
    state[L.OSTACK:L.OSTACK + n - 1] = order
    for i, o in enumerate(order):
        state[L.OIDX + o] = i
    state[L.OSTACK_N] = n - 1
    place_objective(state, tile, monument_space - 1)


def monument(state: np.ndarray) -> list[int]:
    return [int(t) + 73 if t >= 0 else 0 for t in state[L.MONUMENT:L.MONUMENT + 5]]


def drawn_dragons(state: np.ndarray) -> list[int]:
    return [int(d) + 49 for d in state[L.DDRAW:L.DDRAW + state[L.DDRAW_N]]]


def drawn_objectives(state: np.ndarray) -> list[int]:
    return [int(o) + 73 for o in state[L.ODRAW:L.ODRAW + state[L.ODRAW_N]]]


# -- common positions ----------------------------------------------------------------------
def quiet(num_players: int = 3, seed: int = 0, mode: str = "spearman",
          length: str = "short", ties: str = "share") -> np.ndarray:
    """A Spearman (or, set up through its drafts, Dragonlord) game at seat 0's first turn with
    every hand empty, no resources and no dragons: the test adds what it needs."""
    state = fresh(num_players, mode, length, seed, ties)
    while phase(state) in ("power_draft", "action_draft", "dragon_pick"):
        do(state, legal(state)[0])
    for seat in range(num_players):
        empty_hand(state, seat)
        set_resources(state, seat)
        remove_dragons(state, seat)
    return state


def end_turn(state: np.ndarray) -> None:
    """End the actor's turn, answering the limits with the first legal choices."""
    do(state, L.A_END_TURN)
    while phase(state) in ("discard", "resource_limit"):
        do(state, legal(state)[0])


def pass_turn(state: np.ndarray) -> None:
    """A neutral turn for the actor: a vassal to the Main Market (a vegetable), or if it has
    none to place, retrieving one; then the end of the turn."""
    options = legal(state)
    market = [city("Main Market", kind) for kind in (SPEARMAN, RIDER)]
    placed = [a for a in market if a in options]
    if placed:
        do(state, placed[0], option(0))
    else:
        do(state, next(a for a in options if L.A_RETRIEVE <= a < L.A_PLAY_TILE), L.A_PASS)
    end_turn(state)
