"""An independent pure-Python model of Dragon's Interest, written from docs/rules/dragon.md.

`Ledger` replays a game from its deal (the dealt stacks and the Start Player, read once from the
engine's initial state) as a generator of decisions: it predicts who decides and which actions
are legal, and keeps its own account of every Gold and Knight, Building, tucked Contract and
tile. `reference_score` recomputes the final scores; `check_invariants` checks any engine state.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from dragon_env import data as D
from dragon_env.engine import layout as L

TK = D.TileKind
RING = {n: [int(t) for t in D.MOUNTAIN_RING[D.MOUNTAIN_SIDES[n]]] for n in (3, 4, 5)}
TILES = [tile for t in D.BuildingType for tile in D.STACKS[t]]
SIMULTANEOUS = (L.CHOOSE_CONTRACT, L.BID_AMOUNT, L.INVASION)


def tile_of(k: int) -> D.Tile:
    return TILES[k]


def value17(card: int) -> int:
    return D.JESTER_VALUE if D.CONTRACTS[card].is_jester else D.CONTRACTS[card].value


@dataclass
class Decision:
    seat: int
    legal: set[int]


class Ledger:
    """The game as the rules spec tells it; `play()` is a generator of Decisions."""

    def __init__(self, state: np.ndarray):
        n = self.n = int(state[L.NUM_PLAYERS])
        self.start = int(state[L.START])
        self.ring = RING[n]
        self.stacks = {}
        self.slots = {}
        for t in self.ring:
            order = [int(k) for k in state[L.STACKS + t * 10:L.STACKS + t * 10 + 10]]
            self.slots[t] = order[0]
            self.stacks[t] = order[1:]
        gold, knights = D.STARTING_RESOURCES[n]
        self.hold = [[gold, knights] for _ in range(n)]
        self.blds = [[0] * 6 for _ in range(n)]
        self.tuck = [[0] * 6 for _ in range(n)]
        self.hand = [set(range(12)) for _ in range(n)]
        self.bankrupt = [False] * n
        self.dragon = 0
        self.round = 1
        self.picks = 0
        self.destroyed = 0
        self.discarded = 0
        self.over = False

    # -- helpers ---------------------------------------------------------------------------
    def total(self, currency: int) -> int:
        return sum(h[currency] for h in self.hold)

    def owned(self, seat: int) -> list[int]:
        return [t for t in range(6) if self.blds[seat][t] > 0]

    def face_up(self, kind: TK) -> list[int]:
        return [t for t, k in self.slots.items() if k is not None and tile_of(k).kind == kind]

    def amount(self, seat: int, currency: int, length: int):
        """M4: `length` digits, each legal iff some completion stays within the holdings."""
        cap = self.hold[seat][currency]
        value = 0
        for i in range(length):
            scale = 10 ** (length - 1 - i)
            legal = {L.A_DIGIT + d for d in range(10) if (value * 10 + d) * scale <= cap}
            action = yield Decision(seat, legal)
            value = value * 10 + action - L.A_DIGIT
        return value

    # -- the game --------------------------------------------------------------------------
    def play(self):
        while True:
            generous = yield from self.phase1()
            if not generous:
                yield from self.phase2()
            no_interest = yield from self.phase3()
            self.phase4(no_interest)
            if (any(self.bankrupt) or any(sum(b) >= 10 for b in self.blds)
                    or not any(self.stacks.values())):
                for seat in range(self.n):
                    if self.bankrupt[seat]:
                        self.destroyed += sum(self.blds[seat])
                        self.blds[seat] = [0] * 6
                self.over = True
                return
            self.start = (self.start + 1) % self.n
            self.round += 1

    def phase1(self):
        n, start = self.n, self.start
        chosen = {}
        for k in range(n):
            seat = (start + k) % n
            action = yield Decision(seat, {L.A_CONTRACT + c for c in self.hand[seat]})
            chosen[seat] = action - L.A_CONTRACT
        trigger = any(D.CONTRACTS[c].value in D.JESTER_TRIGGERS for c in chosen.values())
        worth = {}
        for seat, c in chosen.items():
            if D.CONTRACTS[c].is_jester:
                if trigger:
                    worth[seat] = D.JESTER_VALUE
            else:
                worth[seat] = D.CONTRACTS[c].value
        order = sorted(worth, key=lambda s: (-worth[s], (s - start) % n))
        for seat in order:
            self.hand[seat].discard(chosen[seat])
        built = {}
        for seat in order:
            up = self.face_up(TK.BUILDING)
            if not up:
                self.hand[seat].add(chosen[seat])
                continue
            action = yield Decision(seat, {L.A_PICK + t for t in up})
            t = action - L.A_PICK
            gold = tile_of(self.slots[t]).gold
            self.slots[t] = None
            self.picks += 1
            self.hold[seat][0] += gold
            self.blds[seat][t] += 1
            self.tuck[seat][t] += worth[seat]
            built[seat] = gold
        if self.face_up(TK.GENEROUS_DRAGON):
            for seat, gold in built.items():
                self.hold[seat][0] += gold
            return True
        return False

    def phase2(self):
        n = self.n
        for k in range(n):
            seat = (self.start + k) % n
            legal = {L.A_PASS}
            for t in self.owned(seat):
                b = D.BUILDINGS[t]
                if b.action == D.ActionKind.TREASURE_CHEST or (
                        self.hold[seat][b.stake_currency] + self.blds[seat][t] >= b.stake_amount):
                    legal.add(L.A_ACTIVATE + t)
            action = yield Decision(seat, legal)
            if action == L.A_PASS:
                continue
            t = action - L.A_ACTIVATE
            b = D.BUILDINGS[t]
            for s in range(n):
                if b.income_scope == D.IncomeScope.EVERY_PLAYER or s == seat:
                    self.hold[s][b.income_currency] += self.blds[s][t]
            if b.action == D.ActionKind.TREASURE_CHEST:
                yield from self.chest(seat, b.chest_currency)
            else:
                yield from self.auction(seat, b)

    def chest(self, seat, cur):
        n = self.n
        offsets = [o for o in range(1, n) if self.owned((seat + o) % n)]
        if not offsets:
            return
        action = yield Decision(seat, {L.A_CHEST_TARGET + o - 1 for o in offsets})
        target = (seat + action - L.A_CHEST_TARGET + 1) % n
        action = yield Decision(seat, {L.A_CHEST_BUILDING + t for t in self.owned(target)})
        indicated = action - L.A_CHEST_BUILDING
        x = yield from self.amount(seat, cur, len(str(self.total(cur))))
        self.hold[seat][cur] -= x
        legal = {L.A_ACCEPT} | ({L.A_MATCH} if self.hold[target][cur] >= x else set())
        action = yield Decision(target, legal)
        if action == L.A_ACCEPT:
            self.hold[target][cur] += x
            self.blds[target][indicated] -= 1
            self.blds[seat][indicated] += 1
            return
        self.hold[target][cur] -= x
        self.hold[seat][cur] += 2 * x
        action = yield Decision(target, {L.A_TAKE + t for t in self.owned(seat)})
        taken = action - L.A_TAKE
        self.blds[seat][taken] -= 1
        self.blds[target][taken] += 1

    def auction(self, seat, b):
        n = self.n
        stake_cur, bid_cur, stake = b.stake_currency, b.bid_currency, b.stake_amount
        self.hold[seat][stake_cur] -= stake
        length = len(str(self.total(bid_cur)))
        bids = {}
        for k in range(n):
            bidder = (seat + k) % n
            bids[bidder] = yield from self.amount(bidder, bid_cur, length)
        high = max(bids.values())
        if high == 0:
            self.hold[seat][stake_cur] += stake
            return
        tied = [s for s in bids if bids[s] == high]
        winner = tied[0]
        if len(tied) > 1:
            action = yield Decision(seat, {L.A_TIEBREAK + (s - seat) % n for s in tied})
            winner = (seat + action - L.A_TIEBREAK) % n
        self.hold[winner][bid_cur] -= high
        if winner == seat:
            self.hold[seat][stake_cur] += 2 * stake
        else:
            self.hold[winner][stake_cur] += stake
            self.hold[seat][bid_cur] += high

    def phase3(self):
        n = self.n
        no_interest = bool(self.face_up(TK.GENEROUS_DRAGON))
        for t in self.slots:
            if self.slots[t] is not None:
                self.discarded += 1
                self.slots[t] = None
        invasions = 0
        for t in self.ring:
            if self.stacks[t]:
                self.slots[t] = self.stacks[t].pop(0)
                invasions += tile_of(self.slots[t]).kind == TK.INVASION
        for _ in range(invasions):
            choices = {}
            for k in range(n):
                seat = (self.start + k) % n
                legal = {L.A_INVADE_BUILDING + t for t in self.owned(seat)}
                if self.hold[seat][1] >= 2 or not self.owned(seat):
                    legal.add(L.A_INVADE_KNIGHTS)
                choices[seat] = yield Decision(seat, legal)
            for seat, action in choices.items():
                if action == L.A_INVADE_KNIGHTS:
                    self.hold[seat][1] -= min(2, self.hold[seat][1])
                else:
                    self.blds[seat][action - L.A_INVADE_BUILDING] -= 1
                    self.destroyed += 1
        return no_interest

    def phase4(self, no_interest):
        if no_interest:
            return
        steps = 1 + len(self.face_up(TK.CALENDAR))
        due = [0] * self.n
        for _ in range(steps):
            t = self.ring[self.dragon]
            for seat in range(self.n):
                due[seat] += self.tuck[seat][t]
            self.dragon = (self.dragon + 1) % len(self.ring)
        for seat in range(self.n):
            if self.hold[seat][0] >= due[seat]:
                self.hold[seat][0] -= due[seat]
            else:
                self.hold[seat][0] = 0
                self.bankrupt[seat] = True

    # -- comparison with the engine --------------------------------------------------------
    def assert_matches(self, state: np.ndarray) -> None:
        n = self.n
        assert int(state[L.START]) == self.start and int(state[L.ROUND]) == self.round
        assert int(state[L.DRAGON]) == self.dragon
        for seat in range(n):
            assert [int(x) for x in state[L.HOLD + 2 * seat:L.HOLD + 2 * seat + 2]] == \
                self.hold[seat], f"holdings of seat {seat}"
            assert list(state[L.BLD + 6 * seat:L.BLD + 6 * seat + 6]) == self.blds[seat]
            assert list(state[L.TUCK + 6 * seat:L.TUCK + 6 * seat + 6]) == self.tuck[seat]
            bits = int(state[L.HAND + seat])
            assert {c for c in range(12) if bits >> c & 1} == self.hand[seat]
            assert bool(state[L.BANKRUPT + seat]) == self.bankrupt[seat]
        for t in self.ring:
            slot = int(state[L.SLOT + t])
            assert (None if slot < 0 else slot) == self.slots[t]
            assert 10 - int(state[L.STACK_TOP + t]) == len(self.stacks[t])
        # Tiles are conserved: each is face down, face up, built, destroyed or discarded.
        in_play = 10 * len(self.ring)
        face_up = sum(k is not None for k in self.slots.values())
        face_down = sum(len(s) for s in self.stacks.values())
        assert face_down + face_up + self.picks + self.discarded == in_play
        assert sum(map(sum, self.blds)) + self.destroyed == self.picks


def reference_score(blds: list[list[int]], bankrupt: list[bool]) -> list[int]:
    """D54-D55 from the Building counts."""
    n = len(blds)
    counts = [[0] * 6 if bankrupt[s] else blds[s] for s in range(n)]
    scores = []
    for s in range(n):
        if bankrupt[s]:
            scores.append(0)
            continue
        points = 0
        for t in range(6):
            if counts[s][t] > 0:
                points += 1
                if all(counts[s][t] > counts[o][t] for o in range(n) if o != s):
                    points += 1
        scores.append(points)
    return scores


def check_invariants(state: np.ndarray) -> None:
    """What every engine state satisfies, read from the state alone."""
    n = int(state[L.NUM_PLAYERS])
    assert n in (3, 4, 5)
    step = int(state[L.STEP])
    assert step < L.NUM_DECISIONS or step == L.OVER
    assert (int(state[L.ACTOR]) == -1) == (step == L.OVER)
    ring = RING[n]
    hold = state[L.HOLD:L.HOLD + 2 * n]
    assert hold.min() >= 0 and hold.max() < 2**11  # M13
    assert state[L.BLD:L.BLD + 6 * n].min() >= 0
    blds = [list(state[L.BLD + 6 * s:L.BLD + 6 * s + 6]) for s in range(n)]
    bankrupt = [bool(state[L.BANKRUPT + s]) for s in range(n)]
    assert list(state[L.POINTS:L.POINTS + n]) == reference_score(blds, bankrupt)
    for t in range(6):
        top = int(state[L.STACK_TOP + t])
        if t not in ring:
            assert top == 10 and state[L.SLOT + t] == -1
            continue
        stack = [int(k) for k in state[L.STACKS + t * 10:L.STACKS + t * 10 + 10]]
        assert sorted(stack) == list(range(t * 10, t * 10 + 10))
        slot = int(state[L.SLOT + t])
        assert slot == -1 or slot == stack[top - 1]
        rest = [tile_of(k) for k in stack[top:]]
        assert state[L.REM_BUILDINGS + t] == sum(x.kind == TK.BUILDING for x in rest)
        assert state[L.REM_GOLD + t] == sum(x.gold for x in rest)
        assert state[L.REM_CALENDARS + t] == sum(x.kind == TK.CALENDAR for x in rest)
        assert state[L.REM_INVASIONS + t] == sum(x.kind == TK.INVASION for x in rest)
        revealed_buildings = sum(tile_of(k).kind == TK.BUILDING for k in stack[:top])
        owned = sum(int(state[L.BLD + 6 * s + t]) for s in range(n))
        assert owned <= revealed_buildings
    # Tucked interest equals the Contracts that left the hand (a Jester counts 17), except the
    # revealed cards still waiting for their pick.
    waiting = set()
    if step == L.PICK_TILE:
        waiting = {int(s) for s in state[L.ORDER + state[L.TURN]:L.ORDER + state[L.ORDER_LEN]]}
    for seat in range(n):
        bits = int(state[L.HAND + seat])
        out = [c for c in range(12) if not bits >> c & 1]
        if seat in waiting:
            out.remove(int(state[L.REVEALED + seat]))
        assert sum(value17(c) for c in out) == state[L.TUCK + 6 * seat:L.TUCK + 6 * seat + 6].sum()
        pending = int(state[L.PENDING + seat])
        assert pending == -1 or step in SIMULTANEOUS
        assert state[L.UNSEEN + (seat * L.P + seat) * 2] == 0
        assert state[L.UNSEEN + (seat * L.P + seat) * 2 + 1] == 0
        assert state[L.UNSEEN_CHESTS + seat * L.P + seat] == 0
    if step in (L.CHEST_AMOUNT, L.BID_AMOUNT):
        left = int(state[L.ENTRY_LEFT])
        assert 0 < left <= state[L.ENTRY_LEN]
        assert int(state[L.ENTRY_REG]) * 10**left <= state[L.ENTRY_CAP]
    check_knowledge(state)


def check_knowledge(state: np.ndarray) -> None:
    """M15: each viewer's knowledge of each holding is true of the state: floors are at most the
    holding, a group's tallies sum to its total (less a shut chest the viewer did not see),
    and a seat alone in its group is known exactly."""
    n = int(state[L.NUM_PLAYERS])
    shut = int(state[L.STEP]) == L.CHEST_RESPONSE
    for viewer in range(n):
        for c in range(2):
            def k(seat, viewer=viewer, c=c):
                return (viewer * L.P + seat) * 2 + c

            groups = {}
            for seat in range(n):
                assert 0 <= state[L.SLACK + k(seat)] <= state[L.HOLD + 2 * seat + c]
                groups.setdefault(int(state[L.GROUP + k(seat)]), []).append(seat)
            assert groups[viewer] == [viewer]
            for label, seats in groups.items():
                assert label == min(seats)
                unseen = sum(int(state[L.UNSEEN + k(s)]) for s in seats)
                parties = {int(state[L.ACT_SEAT]), int(state[L.CHEST_TARGET_SEAT])}
                if (shut and c == state[L.CHEST_CURRENCY] and viewer not in parties
                        and parties <= set(seats)):
                    assert unseen == -state[L.CHEST_X]
                else:
                    assert unseen == 0
                if len(seats) == 1:
                    assert state[L.UNSEEN + k(seats[0])] == 0
                    assert state[L.SLACK + k(seats[0])] == 0
