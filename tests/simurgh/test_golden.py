"""Golden playthroughs: seeded games written out decision by decision (the action in words, a
digest of every seat's observation, every seat's score as it would be counted) and the final
scores, compared on every run. Regenerate after an intended rule change with

    GOLDEN_UPDATE=1 python3 -m pytest tests/simurgh/test_golden.py

and review the diff like any other change.
"""

from pathlib import Path

import pytest

import simurgh_env
from simurgh_env.engine.scoring import final_score

from ..common import compare_with_golden, view_digests
from ..golden_runner import playthrough as run_playthrough

GOLDEN_DIR = Path(__file__).parent / "golden"
GAMES = [(2, "spearman", "short", 101), (3, "dragonlord", "medium", 202),
         (4, "spearman", "long", 303), (5, "dragonlord", "short", 404)]


def playthrough(num_players: int, mode: str, length: str, seed: int) -> str:
    """The text record of one game under a fixed, RNG-free policy."""
    env = simurgh_env.raw_env(num_players=num_players, mode=mode, length=length)
    env.reset(seed=seed)
    header = [
        f"# Simurgh, {num_players} players, {mode} mode, {length} game, seed {seed}",
        "# policy: at decision k, the ((k * 7919 + 13) mod #legal)-th legal action",
    ]

    def record(env, k, seat, action, words):
        state = env.clone_state()
        scores = " ".join(str(int(final_score(state, s))) for s in range(num_players))
        return [f"{k:4d} player {seat} action {action:3d} {words}",
                f"     views {view_digests(env)} | scores {scores}"]

    return run_playthrough(env, header, record)


@pytest.mark.parametrize("num_players, mode, length, seed", GAMES)
def test_playthrough_matches_golden_file(num_players, mode, length, seed):
    name = f"simurgh_{num_players}p_{mode}_{length}_seed{seed}.txt"
    compare_with_golden(GOLDEN_DIR / name, playthrough(num_players, mode, length, seed))


def test_playthrough_is_stable_within_a_run():
    assert playthrough(3, "spearman", "short", 7) == playthrough(3, "spearman", "short", 7)
    assert playthrough(2, "spearman", "short", 1) != playthrough(2, "spearman", "short", 2)
