"""Golden playthroughs: seeded games written out decision by decision (the seat, the action and
its words, a digest of every seat's observation, every seat's Gold, Knights and points) and the
final scores, compared on every run. Regenerate after an intended rule change with

    GOLDEN_UPDATE=1 python3 -m pytest tests/dragon/test_golden.py

and review the diff like any other change.
"""

from pathlib import Path

import pytest

import dragon_env
from dragon_env.engine import layout as L
from dragon_env.engine.scoring import points

from ..common import compare_with_golden, view_digests
from ..golden_runner import default_choice
from ..golden_runner import playthrough as run_playthrough

GOLDEN_DIR = Path(__file__).parent / "golden"
GAMES = [(3, 101), (4, 202), (5, 303)]


def playthrough(num_players: int, seed: int) -> str:
    """The text record of one game under a fixed, RNG-free policy."""
    env = dragon_env.raw_env(num_players=num_players)
    env.reset(seed=seed)
    state = env.engine_state
    header = [
        f"# Dragon's Interest, {num_players} players, seed {seed}",
        "# policy: at decision k, the ((k * 7919 + 13) mod #legal)-th legal action, except",
        "# Contracts: the lowest but one in hand (so that games last)",
    ]

    def choose(env, k, legal):
        if state[L.STEP] == L.CHOOSE_CONTRACT and len(legal) > 2:
            return sorted(legal, key=lambda a: a if a else 99)[1]
        return default_choice(env, k, legal)

    def record(env, k, seat, action, words):
        digests = view_digests(env)
        table = " ".join(
            f"{int(state[L.HOLD + 2 * s])}/{int(state[L.HOLD + 2 * s + 1])}/"
            f"{int(points(env.clone_state(), s))}" for s in range(num_players)
        )
        return [f"{k:4d} round {int(state[L.ROUND])} player {seat} action {action:2d} {words}",
                f"     views {digests} | gold/knights/points {table}"]

    return run_playthrough(env, header, record, choose)


@pytest.mark.parametrize("num_players, seed", GAMES)
def test_playthrough_matches_golden_file(num_players, seed):
    compare_with_golden(GOLDEN_DIR / f"dragon_{num_players}p_seed{seed}.txt",
                        playthrough(num_players, seed))


def test_playthrough_is_stable_within_a_run():
    assert playthrough(4, 7) == playthrough(4, 7)
    assert playthrough(4, 1) != playthrough(4, 2)
