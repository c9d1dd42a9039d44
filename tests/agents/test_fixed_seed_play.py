"""The bots play the same moves for the same seeds and budgets in iterations: digests of the
moves of fixed-seed games recorded from a reference run (before the agents' floors and
profiles were built, commit 5c3e376; the same digests then and after). A change that moves a
decision of `az`, `ismcts`, `heuristic` or `baseline` fails here and must say why."""

from __future__ import annotations

import hashlib
import json

import pytest

from agents.play.tournament import run_tournament

REFERENCE = {
    ("aquilon", 2, ("az:30", "ismcts:50")): ["195b4ad4ba04f68e", "740cc63d8435631a"],
    ("aquilon", 2, ("heuristic", "baseline")): ["127fce865de87fb9", "9098eb6886cefd86"],
    ("aquilon", 3, ("heuristic", "random", "ismcts:30")): ["2a1b0fdcaad53cd6",
                                                           "5364b30d55b91cb4"],
    ("dragon", 3, ("az:20", "ismcts:30", "baseline")): ["0a7c09ae8231ebb0",
                                                        "f576f8617a2b6fab"],
}


@pytest.mark.parametrize("game, players, bots", list(REFERENCE))
def test_fixed_seed_games_play_the_reference_moves(game, players, bots):
    _, records = run_tournament(game, players, list(bots), 2, seed=5, workers=1,
                                progress=False)
    digests = [hashlib.sha256(json.dumps(r.actions).encode()).hexdigest()[:16]
               for r in records]
    assert digests == REFERENCE[game, players, bots]
