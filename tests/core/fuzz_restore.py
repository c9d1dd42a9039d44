"""Restore thousands of corrupted snapshots of one game; run as a subprocess by
test_saved_states.py, so that a crash (a segfault) is seen as a failed exit, not a dead test run.

    python3 -m tests.core.fuzz_restore <game> <mutations> <seed>

States come from random games of every player count (and Simurgh mode and length). Each
mutation corrupts one snapshot (a slot set to a value in or out of its range, a slot moved by
one, two slots swapped, a whole field overwritten); `restore_state` must refuse it with a
ValueError or accept it, and an accepted state is played on for a few random moves, each of
which must lead to a state that validates again (except a counter the mutation set at the top
of its generous range, which play may push past it). Prints one summary line; exits 1 on any
failure.
"""

from __future__ import annotations

import sys

import numpy as np

from tabletop_core.games import game_module
from tests.core.game_tables import tables
from tests.core.state_checks import validated_random_games


def variants(module) -> list[dict]:
    """Player counts (and Simurgh's modes and lengths) as raw_env keywords."""
    return [{"num_players": n, **options} for n, options in tables(module.SPEC.name)]


def mutate(state: np.ndarray, rows: np.ndarray, rng: np.random.Generator) -> None:
    """Corrupt `state` in place in one of several ways."""
    size = state.shape[0]
    kind = rng.integers(6)
    if kind == 0:  # one slot, any value a careless writer might leave
        state[rng.integers(size)] = rng.choice([-(2**31), -1000, -2, -1, 0, 1, 2, 5, 50, 1000,
                                                2**31 - 1])
    elif kind == 1:  # one slot moved by one (within int32: NumPy 2 refuses to wrap)
        i = rng.integers(size)
        state[i] = np.clip(int(state[i]) + int(rng.choice([-1, 1])), -(2**31), 2**31 - 1)
    elif kind == 2:  # two slots swapped
        i, j = rng.integers(size, size=2)
        state[i], state[j] = state[j], state[i]
    elif kind == 3:  # two slots of the same field swapped (cards, seats)
        offset, count = rows[rng.integers(len(rows))][:2]
        i, j = offset + rng.integers(count, size=2)
        state[i], state[j] = state[j], state[i]
    elif kind == 4:  # a slot of a field set just outside or inside its range
        offset, count, lo, hi = rows[rng.integers(len(rows))][:4]
        value = rng.choice([lo - 1, lo, hi, hi + 1, hi + 5])
        state[offset + rng.integers(count)] = np.clip(value, -(2**31), 2**31 - 1)
    else:  # a whole field overwritten
        offset, count = rows[rng.integers(len(rows))][:2]
        state[offset:offset + count] = rng.choice([-1, 0, 1, 3])


def drifted(state: np.ndarray, rows: np.ndarray, code: int) -> bool:
    """Whether `code` is a counter set at the top of its (generous) range by the mutation and
    pushed past it by play: a value no game reaches, not a broken structure."""
    if code > len(rows):
        return False
    offset, count, lo, hi, plus_players = rows[code - 1][:5]
    values = state[offset:offset + count]
    return not plus_players and bool((values > hi).any()) and not (values < lo).any()


def main(game: str, mutations: int, seed: int) -> int:
    module = game_module(game)
    spec = module.SPEC
    engine_validate = module.engine.validate
    rows = engine_validate.FIELD_TABLE
    rng = np.random.default_rng(seed)
    pools = []
    for kw in variants(module):
        env = module.raw_env(**kw)
        _, _, samples = validated_random_games(spec, env.config, seed, 30, samples=40)
        pools.append((env, samples[samples.any(axis=1)]))
    accepted = refused = moves = 0
    failures: list[str] = []
    per_pool = -(-mutations // len(pools))
    for env, samples in pools:
        for _ in range(per_pool):
            state = samples[rng.integers(len(samples))].copy()
            for _ in range(rng.integers(1, 3)):
                mutate(state, rows, rng)
            try:
                env.restore_state(state)
            except ValueError:
                refused += 1
                continue
            accepted += 1
            for _ in range(5):
                legal = env.legal_actions()
                if not legal:
                    break
                env.step(int(rng.choice(legal)))
                moves += 1
                code = spec.validate_state(env.clone_state())
                if code and not drifted(env.clone_state(), rows, code):
                    failures.append(f"an accepted state led to an invalid one: "
                                    f"{spec.state_fields[code]}")
                if code:
                    break
    print(f"{game}: {refused} refused, {accepted} accepted and played on ({moves} moves), "
          f"{len(failures)} failures")
    for failure in sorted(set(failures)):
        print(f"  {failure} (x{failures.count(failure)})")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1], int(sys.argv[2]), int(sys.argv[3])))
