"""An independent pure-Python reading of an Aquilon state: the final score recomputed from the
cards and Cognars themselves (not from the engine's running totals), and the invariants every
state must satisfy."""

from collections import Counter

import numpy as np

from aquilon_env import data as D
from aquilon_env.engine import layout as L

KARDUM = [c.name for c in D.COGNARS].index("Kardum")


def army_cards(state, seat):
    """The Dwarf card ids in a Lord's army, in recruitment order."""
    n = int(state[L.ARMY_COUNT + seat])
    return [int(c) for c in state[L.ARMY + seat * L.MAX_ARMY:L.ARMY + seat * L.MAX_ARMY + n]]


def reference_score(state, seat):
    """Final Bravery Value of `seat`, rulebook p. 13, from first principles."""
    ranks = [0] * 5
    points = [0] * 5
    flat = [0] * 5
    malt = 0
    occult = D.BOARD_OCCULT
    rune_kinds = set()
    unique_runes = 0
    command = 0
    wanderers = []
    for card in army_cards(state, seat):
        d = D.DWARVES[card]
        ranks[d.order] += d.ranks
        malt += d.malt
        occult += d.occult
        if d.rune:
            rune_kinds.add(d.rune)
        if d.order == D.Order.WANDERERS:
            wanderers.append(d.points)
        else:
            points[d.order] += d.points
    covered = state[L.WAND_COVERED + seat * L.MAX_WANDERERS:][: len(wanderers)]
    visible_wanderers = sum(v for v, c in zip(wanderers, covered, strict=True) if not c)
    owned = [c for c in range(D.NUM_COGNARS) if state[L.COGNAR_OWNER + c] == seat]
    for c in owned:
        cog = D.COGNARS[c]
        malt += cog.malt
        occult += cog.occult
        unique_runes += cog.unique_runes
        column = int(state[L.COGNAR_COLUMN + c])
        if cog.kind in (D.Kind.BLACK, D.Kind.ALLY) and column < 0:
            continue  # recruited, its column still to be chosen
        if cog.kind == D.Kind.COLOURED:
            ranks[cog.order] += cog.ranks
            points[cog.order] += cog.points
        elif cog.kind == D.Kind.BLACK:
            ranks[column] += cog.ranks
            flat[column] += cog.points
        elif cog.kind == D.Kind.ALLY:
            ranks[column] += cog.ranks + D.GAAT_EXTRA_RANKS[column]
            points[column] += D.GAAT_POINTS[column]
        else:
            command += cog.points
    elites = [e for e in range(D.NUM_ELITES) if state[L.ELITE_OWNER + e] == seat]
    if D.ARAL in elites:
        occult += 1
    if D.REDWIN in elites:
        unique_runes += 1
    runes = len(rune_kinds) + unique_runes
    shield = ranks[D.Order.SHIELD]
    total = D.shield_track(shield)
    total += points[D.Order.TEMPLE] * occult
    total += visible_wanderers + points[D.Order.WANDERERS]
    total += points[D.Order.FORGE] + runes * runes
    total += points[D.Order.TALION]
    total += sum(flat)
    total += command
    names = {D.COGNARS[c].name for c in owned}
    if "Jorun" in names:
        total += 3 * runes
    if "Abokar" in names:
        total += shield
    if D.TISS in elites:
        total += 2 * shield
    if D.BRUM in elites:
        total += 13
    malt_value = 1 + (state[L.LIQUOR_OWNER] == seat) + ({"Gurdan", "Borogam"} <= names)
    total += malt * malt_value
    total += int(state[L.TAL_VAL + seat * 5:L.TAL_VAL + seat * 5 + 5].sum())
    return total, ranks


def check_invariants(state):
    """Assert the conservation laws and bookkeeping of a state (any phase)."""
    n = int(state[L.NUM_PLAYERS])
    # Talions: five per Lord, exactly one exchange talion each (the 0 or Kardum's
    # 3 - Exchange, which Derdhr and Ordo leave out, Q17), gold conserved with the Treasury.
    gold_held = Counter()
    exchange3_held = 0
    for seat in range(n):
        kinds = state[L.TAL_KIND + seat * 5:L.TAL_KIND + seat * 5 + 5]
        vals = state[L.TAL_VAL + seat * 5:L.TAL_VAL + seat * 5 + 5]
        exchange = [
            k == L.TALION_EXCHANGE3 or (k == L.TALION_BRONZE and v == 0)
            for k, v in zip(kinds, vals, strict=True)
        ]
        assert sum(exchange) == 1, (seat, vals, kinds)
        for k, v in zip(kinds, vals, strict=True):
            if k == L.TALION_GOLD:
                gold_held[int(v)] += 1
            elif k == L.TALION_BRONZE:
                assert v in D.BRONZE_TALIONS
            else:
                exchange3_held += 1
                assert v == D.EXCHANGE_TALION_VALUE
        bronze = [int(v) for k, v in zip(kinds, vals, strict=True) if k == L.TALION_BRONZE]
        assert len(bronze) == len(set(bronze)), "a bronze talion appears twice"
    for value, count in D.TREASURY.items():
        assert state[L.TREASURY + value] + gold_held[value] == count, value
    # The 3 - Exchange is beside the Treasury until Kardum comes, then held for good.
    kardum_taken = state[L.COGNAR_OWNER + KARDUM] >= 0
    assert state[L.EXCHANGE3_FREE] == (0 if kardum_taken else 1)
    assert exchange3_held == (1 if kardum_taken else 0)
    # Cards: each card is in exactly one place.
    places = []
    for pos_at, len_at, deck in ((L.DECK1_POS, L.DECK1_LEN, L.DECK1),
                                 (L.DECK2_POS, L.DECK2_LEN, L.DECK2)):
        places += [int(c) for c in state[deck + state[pos_at]:deck + state[len_at]]]
    places += [int(c) for c in state[L.TAVERN_CARDS:L.TAVERN_CARDS + 15] if c >= 0]
    for seat in range(n):
        places += army_cards(state, seat)
    assert len(places) == len(set(places)), "a Dwarf card is in two places"
    allowed = {c for c, d in enumerate(D.DWARVES) if n == 5 or not d.five_lords}
    assert set(places) <= allowed
    # Pariah tokens and Wanderers bookkeeping.
    covered = 0
    for seat in range(n):
        cards = army_cards(state, seat)
        values = [D.DWARVES[c].points for c in cards if D.DWARVES[c].order == D.Order.WANDERERS]
        assert int(state[L.WAND_COUNT + seat]) == len(values)
        flags = state[L.WAND_COVERED + seat * L.MAX_WANDERERS:][: len(values)]
        covered += int(flags.sum())
        # Cognars in the Wanderers column count as cards of their value (p. 7, Q5).
        cognar_values = {D.GAAT_POINTS[D.Order.WANDERERS] if c == D.GAAT else D.COGNARS[c].points
                         for c in range(D.NUM_COGNARS)
                         if state[L.COGNAR_OWNER + c] == seat
                         and state[L.COGNAR_COLUMN + c] == D.Order.WANDERERS
                         and D.COGNARS[c].kind != D.Kind.WHITE}
        for k, flag in enumerate(flags):
            if flag:
                assert values[k] in values[:k] or values[k] in cognar_values, \
                    "a Pariah token on a first value"
    assert covered + state[L.PARIAH_FREE] == D.PARIAH_TOKENS
    # Gems: a permutation of the initial set; lines rewarded never exceed lines complete.
    gems = sorted(int(g) for g in state[L.GEMS:L.GEMS + n])
    assert gems == list(D.GEMS_BY_LORDS[n])
    for seat in range(n):
        _, ranks = reference_score(state, seat)
        engine_ranks = state[L.COL_RANKS + seat * 5:L.COL_RANKS + seat * 5 + 5]
        assert ranks == [int(r) for r in engine_ranks], (seat, ranks, engine_ranks)
        assert int(state[L.LINES + seat]) <= min(ranks)
    owners = state[L.COGNAR_OWNER:L.COGNAR_OWNER + D.NUM_COGNARS]
    assert np.all(owners < n)
