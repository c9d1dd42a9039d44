"""Twin tests over every text surface, shared by the registered games.

A viewer's texts must be functions of its information only. `determinize(state, viewer, seed)`
makes a twin: a state that differs from `state` only in what `viewer` may not know. For each
sampled state (every phase of random games) and each viewer, the viewer's render text, the
human view (`agents.play.human.seat_screen`) and the descriptions of its legal actions must be
identical in the twin; the public render (viewer -1) must be identical in the twin of every
seat. A public description says what the others learn when the action is played, which may be
revealed by playing it (Svara's card taken, the dragon kept): it must be identical in the twin
whenever the viewer's observation after the action is too (the twin playing on with the same
generator). Finished games are left out: their text may show everything (and says so).
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from types import ModuleType

import numpy as np

from agents.play.human import seat_screen
from tabletop_core.games import game_package
from tabletop_core.spec import GameSpec
from tabletop_core.text import PUBLIC

from .common import random_game
from .core.game_tables import GAMES, spread_tables


@dataclass(frozen=True)
class TextCase:
    """One game configuration the twin tests sample states from."""

    package: str
    num_players: int
    options: tuple[tuple[str, object], ...] = ()

    @property
    def rng_at(self) -> int:
        """Where the state array holds the generator of chance."""
        return self.module().engine.layout.RNG

    @property
    def phase_at(self) -> int:
        """Where the state array holds the kind of decision (phase or step)."""
        layout = self.module().engine.layout
        return layout.STEP if hasattr(layout, "STEP") else layout.PHASE

    def module(self) -> ModuleType:
        import importlib

        return importlib.import_module(self.package)

    def spec(self) -> GameSpec:
        return self.module().SPEC

    def __str__(self) -> str:
        extra = ",".join(f"{v}" for _, v in self.options)
        return f"{self.package.removesuffix('_env')}-{self.num_players}p" + (
            f"-{extra}" if extra else "")


# Every registered game at each table size, Simurgh's modes and Goofspiel's imp_info spread
# over them.
CASES = [TextCase(game_package(name), n, tuple(options.items()))
         for name in GAMES for n, options in spread_tables(name, "mode", "imp_info")]


def sample_states(case: TextCase, games: int, seed: int, per_phase: int = 4,
                  every: int = 2) -> Iterator[np.ndarray]:
    """States met along random games, every `every`-th decision of the first 400 of a game, at
    most `per_phase` of each kind of decision a game (so that rare phases are met as often as
    the game allows); finished games excluded."""
    spec = case.spec()
    config = spec.make_config(case.num_players, **dict(case.options))
    for g in range(games):
        state = np.zeros(spec.state_size, np.int32)
        snapshots = np.zeros((400 // every, spec.state_size), np.int32)
        _, kept, ok = random_game(spec, state, config, seed * 1000 + g, snapshots, every=every)
        assert ok
        seen: dict[int, int] = {}
        for s in snapshots[:kept]:
            phase = int(s[case.phase_at])
            if spec.current_player(s) >= 0 and seen.get(phase, 0) < per_phase:
                seen[phase] = seen.get(phase, 0) + 1
                yield s.copy()


def legal(spec: GameSpec, state: np.ndarray) -> list[int]:
    mask = np.zeros(spec.num_actions, np.uint8)
    spec.legal_mask(state, mask)
    return [int(a) for a in np.flatnonzero(mask)]


def seat_texts(spec: GameSpec, state: np.ndarray, viewer: int) -> dict[str, str]:
    """Every text `viewer` reads in `state`: the table, and if it acts, the human view and the
    descriptions of its legal actions."""
    texts = {"render": spec.render_text(state, viewer)}
    if spec.current_player(state) == viewer:
        texts["human view"] = seat_screen(spec, state, viewer)
        for a in legal(spec, state):
            texts[f"action {a}"] = spec.action_to_string(state, a)
    return texts


def _observe(spec: GameSpec, state: np.ndarray, viewer: int) -> bytes:
    out = np.zeros(spec.obs_size, np.float32)
    spec.observe(state, viewer, out)
    return out.tobytes()


def check_public_descriptions(case: TextCase, state: np.ndarray, twin: np.ndarray,
                              viewer: int, what: str) -> int:
    """Compare what `viewer` reads of each action legal in both states, where playing it leaves
    the viewer's observation the same in both; return how many were compared."""
    spec = case.spec()
    compared = 0
    for a in sorted(set(legal(spec, state)) & set(legal(spec, twin))):
        after, twin_after = state.copy(), twin.copy()
        rng = slice(case.rng_at, case.rng_at + 4)
        twin_after[rng] = after[rng]
        spec.play(after, a)
        spec.play(twin_after, a)
        if _observe(spec, after, viewer) != _observe(spec, twin_after, viewer):
            continue
        got = spec.public_action_to_string(twin, a)
        want = spec.public_action_to_string(state, a)
        assert got == want, f"{what}: public description of {a} differs:\n{want}\n---\n{got}"
        compared += 1
    return compared


def _assert_same(got: dict[str, str], want: dict[str, str], what: str) -> None:
    assert got.keys() == want.keys(), what
    for key in want:
        assert got[key] == want[key], f"{what}: {key} differs:\n{want[key]}\n---\n{got[key]}"


def check_text_twins(case: TextCase, games: int, seed: int) -> dict[str, int]:
    """Run the twin checks over sampled states; return counts that show the test had teeth:
    states checked, kinds of decision met, twins that differ from their state, twins whose
    text differs for some other seat (what one seat may not know, another sees)."""
    spec = case.spec()
    n = case.num_players
    counts = {"states": 0, "changed": 0, "seen_by_others": 0, "public_compared": 0}
    phases = set()
    for i, state in enumerate(sample_states(case, games, seed)):
        counts["states"] += 1
        phases.add(int(state[case.phase_at]))
        actor = spec.current_player(state)
        public = spec.render_text(state, PUBLIC)
        for viewer in range(n):
            twin = state.copy()
            spec.determinize(twin, viewer, 7919 * i + viewer)
            what = f"{case} state {i}, viewer {viewer}"
            _assert_same(seat_texts(spec, twin, viewer), seat_texts(spec, state, viewer), what)
            assert spec.render_text(twin, PUBLIC) == public, f"{what}: public render differs"
            if viewer != actor:
                counts["public_compared"] += check_public_descriptions(case, state, twin,
                                                                       viewer, what)
            changed = not np.array_equal(state, twin)
            counts["changed"] += changed
            if changed and any(spec.render_text(twin, w) != spec.render_text(state, w)
                               for w in range(n) if w != viewer):
                counts["seen_by_others"] += 1
    counts["phases"] = len(phases)
    return counts
