"""Rule scenarios: dragons, markers and abilities (S51-S62, C29, C30, C35)."""

import pytest

from simurgh_env import data as D
from simurgh_env.engine import layout as L
from simurgh_env.text import action_to_string

from .scenario import (
    RIDER,
    SPEARMAN,
    R,
    ability,
    city,
    do,
    end_turn,
    give_dragon,
    hand,
    lay_tile,
    legal,
    option,
    pass_turn,
    phase,
    place,
    pp,
    quiet,
    resources,
    set_resources,
    set_slots,
    set_vassals,
    slots,
    slots_of,
    space,
    stack,
    stand,
    vassals,
)


def test_markers_fill_from_the_left_and_one_shot_slots_close():
    """S52-S55: a dragon received with fewer markers than slots has its one-shot slot closed;
    later markers go on the leftmost empty slot and never on a closed one."""
    state = quiet(2)
    give_dragon(state, 0, 53, markers=1)  # type 2: third ability one-shot
    assert slots_of(state, 53) == [1, 0, 2]
    give_dragon(state, 0, 54, markers=3)
    assert slots_of(state, 54) == [1, 1, 1]
    set_resources(state, 0, wood=6)
    do(state, city("Training Arena"))  # 2 markers, #53 the only dragon with room
    assert slots_of(state, 53) == [1, 1, 2]  # the second marker is lost


def test_an_ability_needs_its_marker_and_removes_it():
    """S56: using an ability removes its marker; without one it cannot be used."""
    state = quiet(2)
    give_dragon(state, 0, 49)  # gain 2 vegetables | +2 wisdom | +2 PP
    do(state, ability(49, 1))
    assert resources(state, 0)[R.VEGETABLE] == 2 and slots_of(state, 49) == [0, 1, 1]
    assert ability(49, 1) not in legal(state)
    assert ability(49, 2) not in legal(state) and ability(49, 3) not in legal(state)
    assert phase(state) == "free" and state[L.MAIN_DONE] == 0


def test_immediate_abilities_with_choices_mixes_and_costs():
    """S25 for abilities: a gain option (#57), a mix (#51), a trade (#59), a PP cost (#59)."""
    state = quiet(2)
    give_dragon(state, 0, 57)
    give_dragon(state, 0, 51)
    give_dragon(state, 0, 59)
    set_resources(state, 0, meat=2)
    do(state, ability(57, 1), option(1))  # 1 vegetable or 1 meat: meat
    assert legal(state) == [ability(51, 2), L.A_PASS]  # #51: when gaining meat, +2 meat
    do(state, L.A_PASS)
    assert resources(state, 0)[R.MEAT] == 3
    do(state, ability(51, 3), L.A_MIX + 2)  # 2 wood/stone: 2 wood, no stone
    assert resources(state, 0)[R.WOOD:R.WISDOM] == [2, 0]
    do(state, ability(59, 1))  # 2 meat -> 3 PP
    assert pp(state, 0) == 3 and resources(state, 0)[R.MEAT] == 1
    do(state, ability(59, 2), L.A_MIX + 0)  # 2 PP -> 3 vegetables/meat: 3 meat
    assert pp(state, 0) == 1 and resources(state, 0)[R.MEAT] == 4
    assert ability(59, 3) not in legal(state)  # no stone to pay


def test_abilities_that_spend_and_recruit_vassals():
    """S26 for abilities: unplaced first, else one on the board; never the last vassal; a
    recruit needs a figure in the supply (C29). #67's first two abilities are triggers, never
    free actions (lines 1502, 1504)."""
    state = quiet(2)
    give_dragon(state, 0, 67)  # on spending S: 2 wood/stone | on spending DR: 2 stone | DR -> ...
    set_vassals(state, 0, 0, 1)
    options = legal(state)
    assert ability(67, 3) not in options  # the last vassal
    assert ability(67, 1) not in options and ability(67, 2) not in options
    set_vassals(state, 0, 1, 1)
    do(state, ability(67, 3))  # spend the unplaced dragonrider: 3 weapons + 2 meat
    assert phase(state) == "bonus" and set(legal(state)) == {ability(67, 2), L.A_PASS}
    do(state, L.A_PASS)
    assert resources(state, 0)[R.WEAPON] == 3 and resources(state, 0)[R.MEAT] == 2
    assert vassals(state, 0, RIDER) == (0, 0)
    give_dragon(state, 0, 57)  # 2 meat + 2 wood -> a dragonrider
    set_resources(state, 0, meat=2, wood=2)
    do(state, ability(57, 2))
    assert vassals(state, 0, RIDER) == (1, 1)
    set_vassals(state, 0, 1, 2)
    set_resources(state, 0, meat=2, wood=2)
    set_slots(state, 57, [1, 1, 1])
    assert ability(57, 2) not in legal(state)  # both figures owned


def test_spending_a_placed_vassal_by_ability():
    """S26: with no unplaced vassal of the kind, one standing on the board is spent (the player
    chooses); an emptied tile goes to the Chronicle. (#53's one-shot: spearman + 1 PP -> DR.)"""
    state = quiet(2)
    lay_tile(state, 1, 1)
    lay_tile(state, 2, 2)
    set_vassals(state, 0, 2, 1)
    stand(state, 0, space(1, 0), SPEARMAN)
    stand(state, 0, space(2, 0), SPEARMAN)
    give_dragon(state, 0, 53)
    state[L.PP] = 1
    do(state, ability(53, 3))
    assert phase(state) == "spend"
    assert set(legal(state)) == {L.A_SPEND + space(1, 0), L.A_SPEND + space(2, 0)}
    do(state, L.A_SPEND + space(2, 0))
    assert vassals(state, 0, SPEARMAN) == (1, 0)
    assert state[L.AREA_TILE + 1] == L.AREA_EMPTY and state[L.CHRONICLE_N] == 1


def test_spend_bonuses_trigger_whenever_a_vassal_is_spent():
    """#67-68 (lines 1502, 1504): "Oddając włócznika, otrzymujesz łącznie 2 drewna i/lub
    kamienie" and "Oddając jeźdźca smoków, otrzymujesz 2 kamienie" are triggers (the participle
    form of the bonuses, lines 1473, 1481; exchanges read "Wymieniasz", line 1505): spending a
    spearman for a space's cost offers the first, spending a dragonrider the second, one marker
    each."""
    state = quiet(2)
    lay_tile(state, 1, 19)  # multi: spend 1 spearman -> 6 wisdom
    give_dragon(state, 0, 67)
    set_vassals(state, 0, 2, 1)
    do(state, place(space(1, 0)))
    assert resources(state, 0)[R.WISDOM] == 6 and vassals(state, 0, SPEARMAN) == (1, 0)
    assert phase(state) == "bonus" and set(legal(state)) == {ability(67, 1), L.A_PASS}
    do(state, ability(67, 1))
    assert phase(state) == "mix"  # 2 wood/stone in any mix
    do(state, L.A_MIX + 1)
    assert resources(state, 0)[R.WOOD] + resources(state, 0)[R.STONE] == 2
    assert phase(state) == "free" and slots_of(state, 67) == [0, 1, 1]


def test_spend_bonus_on_a_dragonrider_and_none_without_a_spend():
    state = quiet(2)
    lay_tile(state, 1, 21)  # multi DR: spend 1 dragonrider -> 6 meat
    give_dragon(state, 0, 67)
    set_vassals(state, 0, 1, 2)
    do(state, place(space(1, 0), RIDER))
    assert set(legal(state)) == {ability(67, 2), L.A_PASS}
    do(state, ability(67, 2))
    assert resources(state, 0)[R.MEAT] == 6 and resources(state, 0)[R.STONE] == 2
    end_turn(state)
    pass_turn(state)
    do(state, city("Armory"))  # no vassal spent: no spend bonus
    assert phase(state) == "free"


def test_one_shot_recruit():
    """S55: #53's third ability, once per game: spend a spearman and 1 PP for a dragonrider."""
    state = quiet(2)
    give_dragon(state, 0, 53)
    set_vassals(state, 0, 2, 1)
    state[L.PP] = 1
    do(state, ability(53, 3))
    assert vassals(state, 0, SPEARMAN) == (1, 1) and vassals(state, 0, RIDER) == (2, 2)
    assert slots_of(state, 53) == [1, 1, 2]


def test_extra_marker_ability_removes_another_marker():
    """S60, C35: #57's third ability removes one more marker, chosen, from any own dragon."""
    state = quiet(2)
    give_dragon(state, 0, 57)
    give_dragon(state, 0, 53)
    do(state, ability(57, 3))
    assert phase(state) == "remove_marker"
    assert len(legal(state)) == 5
    do(state, L.A_REMOVE_MARKER + (53 - 49) * 3 + 2)  # #53's one-shot marker
    assert pp(state, 0) == 4
    assert slots_of(state, 57) == [1, 1, 0] and slots_of(state, 53) == [1, 1, 2]


def test_marker_cost_of_a_space():
    """C35: #27's multi DR space removes a marker chosen by the player."""
    state = quiet(2)
    lay_tile(state, 1, 27)
    give_dragon(state, 0, 49)
    give_dragon(state, 0, 51, markers=1)
    do(state, place(space(1, 0), RIDER))
    assert phase(state) == "remove_marker"
    do(state, L.A_REMOVE_MARKER + (51 - 49) * 3)
    assert resources(state, 0)[R.WISDOM] == 3 and slots_of(state, 51) == [0, 0, 0]


def test_gain_bonus_abilities():
    """S57, C30: when gaining wisdom, #49 (and #55) add 2 wisdom, one marker each; a bonus is
    not itself a gain."""
    state = quiet(2)
    give_dragon(state, 0, 49)
    give_dragon(state, 0, 55)
    do(state, city("Library"))
    assert phase(state) == "bonus"
    assert set(legal(state)) == {ability(49, 2), ability(55, 1), L.A_PASS}
    do(state, ability(49, 2))
    assert set(legal(state)) == {ability(55, 1), L.A_PASS}
    do(state, ability(55, 1))
    assert resources(state, 0)[R.WISDOM] == 6 and phase(state) == "free"


def test_power_and_weapon_bonuses_and_declining():
    state = quiet(2)
    give_dragon(state, 0, 49)  # +2 PP
    give_dragon(state, 0, 55)  # +2 PP on moves, +1 weapon
    do(state, city("Main Market"), option(1))
    assert set(legal(state)) == {ability(49, 3), L.A_PASS}
    do(state, L.A_PASS)
    assert pp(state, 0) == 1 and slots_of(state, 49) == [1, 1, 1]
    end_turn(state)
    pass_turn(state)
    do(state, city("Armory", RIDER))
    assert set(legal(state)) == {ability(55, 3), L.A_PASS}
    do(state, ability(55, 3))
    assert resources(state, 0)[R.WEAPON] == 2


def test_vegetable_or_meat_bonus():
    """S57: #71's bonus adds 1 of the kind gained, the player's choice if both were."""
    state = quiet(2)
    give_dragon(state, 0, 71)
    lay_tile(state, 1, 7)  # single: 3 vegetables + 1 meat
    do(state, place(space(1, 2)), ability(71, 1))
    assert phase(state) == "bonus_kind"
    do(state, L.A_RESOURCE + R.MEAT)
    assert resources(state, 0)[:2] == [3, 2]


def test_scouts_abilities_take_tiles_without_slot_costs():
    """S61: #61 for 1 weapon takes any face-up tile (no slot cost, no PP, known to all); #71
    for 1 wisdom takes the top face-down tile (seen by the taker only)."""
    state = quiet(2)
    give_dragon(state, 0, 61)
    give_dragon(state, 0, 71)
    set_resources(state, 0, wisdom=1, weapon=1)
    before = slots(state)
    top = stack(state)[0]
    do(state, ability(61, 3))
    assert phase(state) == "scout"
    assert set(legal(state)) == {L.A_SCOUT + k for k in range(4)}
    # The text says the slot's price is not paid nor its PP gained (L1464-1467, L1526-1529).
    words = action_to_string(state, L.A_SCOUT + 3)
    assert words.endswith("with the dragon's ability: the slot's cost is not paid, nor its PP")
    assert "gain" not in words.split("slot 4")[1]
    do(state, L.A_SCOUT + 3)
    assert hand(state, 0) == [before[3]] and pp(state, 0) == 0
    assert slots(state) == before[:3] + [0]  # refilled after the turn (example 3)
    do(state, ability(71, 2))
    assert sorted(hand(state, 0)) == sorted([before[3], top])
    assert state[L.TKNOWN + top - 1] == 1
    assert resources(state, 0)[R.WISDOM:] == [0, 0]


IMMEDIATE = [(dt.index, slot) for dt in D.DRAGON_TYPES for slot, a in enumerate(dt.abilities)
             if a.kind == D.AbilityKind.IMMEDIATE]
BONUSES = [(dt.index, slot) for dt in D.DRAGON_TYPES for slot, a in enumerate(dt.abilities)
           if a.kind == D.AbilityKind.GAIN_BONUS]


def _totals(bundle):
    return sum(bundle.resources) + sum(m.amount for m in bundle.mixes)


@pytest.mark.parametrize("kind, slot", IMMEDIATE)
def test_every_immediate_ability(kind, slot):
    """S56, table T4: each ability pays one cost option and receives one gain option; its
    marker is removed (closed for a one-shot ability)."""
    ability_def = D.DRAGON_TYPES[kind].abilities[slot]
    number = 49 + 2 * kind
    state = quiet(2)
    give_dragon(state, 0, number)
    give_dragon(state, 0, 50 + 2 * ((kind + 1) % 12))  # a second dragon for marker costs
    set_resources(state, 0, 5, 5, 5, 5, 5, 5)
    state[L.PP] = 10
    set_vassals(state, 0, 2, 1)
    before_res = sum(resources(state, 0))
    before_pp = pp(state, 0)
    before_vassals = [vassals(state, 0, k)[0] for k in (SPEARMAN, RIDER)]
    do(state, ability(number, slot + 1))
    while phase(state) != "free":
        do(state, [a for a in legal(state) if a != L.A_PASS][0] if phase(state) != "bonus"
           else L.A_PASS)
    expected = 2 if ability_def.one_shot else 0
    assert slots_of(state, number)[slot] == expected
    effect = ability_def.effect
    cost = effect.cost[0] if effect.cost else D.Bundle()
    gains = effect.gain
    gained = sum(resources(state, 0)) - before_res + _totals(cost)
    assert gained in {_totals(g) for g in gains} | ({0} if not gains else set())
    assert pp(state, 0) - before_pp in {g.power - cost.power for g in gains} | (
        {-cost.power} if not gains else set())
    after = [vassals(state, 0, k)[0] for k in (SPEARMAN, RIDER)]
    recruit = gains[0] if gains else D.Bundle()
    assert after == [before_vassals[0] - cost.spearmen + recruit.spearmen,
                     before_vassals[1] - cost.dragonriders + recruit.dragonriders]


@pytest.mark.parametrize("kind, slot", BONUSES)
def test_every_gain_bonus(kind, slot):
    """S57: when the player gains the trigger's kind, the bonus adds to it (table T4)."""
    bonus = D.DRAGON_TYPES[kind].abilities[slot]
    number = 49 + 2 * kind
    trigger = bonus.trigger
    space_name, what = {
        D.Trigger.VEGETABLE: ("Main Market", R.VEGETABLE),
        D.Trigger.VEGETABLE_OR_MEAT: ("Main Market", R.VEGETABLE),
        D.Trigger.MEAT: (None, R.MEAT),
        D.Trigger.WISDOM: ("Library", R.WISDOM),
        D.Trigger.WEAPON: ("Armory", R.WEAPON),
        D.Trigger.POWER: ("Main Market", None),
    }[trigger]
    state = quiet(2)
    give_dragon(state, 0, number)
    if space_name is None:
        lay_tile(state, 1, 11)  # multi: 2 meat
        do(state, place(space(1, 0)))
    else:
        do(state, city(space_name))
        if phase(state) == "gain_option":
            do(state, option(1 if what is None else 0))
    assert phase(state) == "bonus"
    before = resources(state, 0)
    before_pp = pp(state, 0)
    do(state, ability(number, slot + 1))
    if what is None:
        assert pp(state, 0) - before_pp == bonus.bonus
    else:
        assert resources(state, 0)[what] - before[what] == bonus.bonus
    assert slots_of(state, number)[slot] == 0
