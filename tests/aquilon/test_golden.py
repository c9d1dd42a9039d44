"""Golden playthroughs: seeded games written out decision by decision (the action in words,
a digest of every seat's observation, every Lord's Bravery Value) and the final scores,
compared on every run. Regenerate after an intended rule change with

    GOLDEN_UPDATE=1 python3 -m pytest tests/aquilon/test_golden.py

and review the diff like any other change.
"""

from pathlib import Path

import numpy as np
import pytest

import aquilon_env
from aquilon_env.engine.scoring import bravery_value

from ..common import compare_with_golden, view_digests
from ..golden_runner import playthrough as run_playthrough

GOLDEN_DIR = Path(__file__).parent / "golden"
GAMES = [(2, 101), (3, 202), (4, 303), (5, 404)]


def playthrough(num_players: int, seed: int) -> str:
    """The text record of one game under a fixed, RNG-free policy."""
    env = aquilon_env.raw_env(num_players=num_players)
    env.reset(seed=seed)
    header = [
        f"# Dwarves of Aquilon, {num_players} Lords, seed {seed}",
        "# policy: at decision k, the ((k * 7919 + 13) mod #legal)-th legal action",
    ]

    def record(env, k, seat, action, words):
        digests = view_digests(env)
        bravery = " ".join(
            str(int(bravery_value(env.clone_state(), s))) for s in range(num_players)
        )
        return [f"{k:4d} lord {seat} action {action:3d} {words}",
                f"     views {digests} | bravery {bravery}"]

    return run_playthrough(env, header, record)


@pytest.mark.parametrize("num_players, seed", GAMES)
def test_playthrough_matches_golden_file(num_players, seed):
    compare_with_golden(GOLDEN_DIR / f"aquilon_{num_players}p_seed{seed}.txt",
                        playthrough(num_players, seed))


def test_playthrough_is_stable_within_a_run():
    assert playthrough(3, 7) == playthrough(3, 7)
    assert np.any([playthrough(2, 1) != playthrough(2, 2)])
