"""Rule scenarios: end-of-turn limits and spending vassals (S24, S26, C12, C26, C32, C37)."""

from simurgh_env.engine import layout as L

from .scenario import (
    RIDER,
    SPEARMAN,
    R,
    actor,
    city,
    do,
    give_tile,
    hand,
    lay_tile,
    legal,
    phase,
    place,
    quiet,
    resources,
    set_resources,
    set_vassals,
    slots,
    space,
    stack,
    stand,
    vassals,
)


def test_hand_limit_counts_the_power_tile_which_is_never_discarded():
    """S24, C12: down to 5 tiles, power tile included; each discard on top or under the stack;
    a hidden tile's discard is known to its owner only, its family is seen (C25, C26)."""
    state = quiet(2)
    for number in (30, 1, 2, 13, 14, 37):
        give_tile(state, 0, number)
    give_tile(state, 0, 15, known_to_all=True)
    do(state, city("Armory"), L.A_END_TURN)
    assert phase(state) == "discard" and actor(state) == 0
    options = set(legal(state))
    assert L.A_DISCARD_TOP + 30 - 1 not in options and L.A_DISCARD_BOTTOM + 30 - 1 not in options
    assert len(options) == 2 * 6
    do(state, L.A_DISCARD_TOP + 1 - 1)
    assert stack(state)[0] == 1 and state[L.TKNOWN + 0] == 1 and state[L.TFAM_SEEN + 0] == 1
    assert phase(state) == "discard"
    do(state, L.A_DISCARD_BOTTOM + 15 - 1)
    assert stack(state)[-1] == 15 and state[L.TKNOWN + 14] == L.ALL_SEATS
    assert phase(state) == "free" and actor(state) == 1
    assert len(hand(state, 0)) == 5 and 30 in hand(state, 0)


def test_a_discard_refills_empty_slots():
    """C37: with an empty stack the slots stay empty; a discard fills them at once."""
    state = quiet(2)
    for k in range(4):
        state[L.TLOC + int(state[L.SLOTS + k])] = L.LOC_BOX
        state[L.SLOTS + k] = -1
    for t in stack(state):
        state[L.TLOC + t - 1] = L.LOC_BOX
    state[L.STACK_N] = 0
    for number in (1, 2, 3, 4, 5, 6):
        give_tile(state, 0, number)
    do(state, city("Armory"), L.A_END_TURN, L.A_DISCARD_BOTTOM + 2)
    assert slots(state) == [3, 0, 0, 0] and state[L.STACK_N] == 0
    assert state[L.TKNOWN + 2] == L.ALL_SEATS


def test_resource_limit_spearman_15_dragonlord_12():
    """S24: return resources of the player's choice down to 15 (12 in Dragonlord mode); with a
    single kind held nothing is asked (C40)."""
    state = quiet(2)
    set_resources(state, 0, vegetable=10, wood=7)
    do(state, city("Armory"), L.A_END_TURN)
    assert phase(state) == "resource_limit"
    assert set(legal(state)) == {L.A_RESOURCE + R.VEGETABLE, L.A_RESOURCE + R.WOOD,
                                 L.A_RESOURCE + R.WEAPON}
    do(state, L.A_RESOURCE + R.WOOD, L.A_RESOURCE + R.WOOD, L.A_RESOURCE + R.WOOD)
    assert resources(state, 0) == [10, 0, 4, 0, 0, 1] and actor(state) == 1
    set_resources(state, 1, stone=20)
    do(state, city("Library"), L.A_END_TURN)
    assert phase(state) == "resource_limit"  # wisdom and stone
    do(state, L.A_RESOURCE + R.WISDOM, L.A_RESOURCE + R.WISDOM)
    assert resources(state, 1) == [0, 0, 0, 15, 0, 0]
    state = quiet(2, mode="dragonlord")
    set_resources(state, 0, meat=14)
    do(state, city("Dragon Spires", RIDER), L.A_END_TURN)
    assert phase(state) == "resource_limit"
    do(state, L.A_RESOURCE + R.MEAT, L.A_RESOURCE + R.MEAT, L.A_RESOURCE + R.MEAT)
    assert sum(resources(state, 0)) == 12 and actor(state) == 1


def test_spending_never_takes_a_vassal_from_the_space_just_used():
    """S26, C32: a second vassal of the player on the same multi space is not on "another"
    space; one on another space is spent when no unplaced one is left."""
    state = quiet(2)
    lay_tile(state, 1, 19)  # multi: spend 1 spearman -> 6 wisdom
    set_vassals(state, 0, 2, 0)
    stand(state, 0, space(1, 0), SPEARMAN)
    assert place(space(1, 0), SPEARMAN) not in legal(state)
    set_vassals_more(state)
    stand(state, 0, city_space("Main Market"), SPEARMAN)
    do(state, place(space(1, 0), SPEARMAN))
    assert resources(state, 0)[R.WISDOM] == 6
    assert vassals(state, 0, SPEARMAN) == (2, 0)
    assert state[L.SPACE_TOTAL + city_space("Main Market")] == 0


def set_vassals_more(state):
    state[L.OWNED] += 1
    state[L.UNPLACED] += 1


def city_space(name):
    return (city(name) - L.A_PLACE) // 2
