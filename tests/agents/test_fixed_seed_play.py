"""The bots play the same moves for the same seeds and budgets in iterations: digests of the
moves of fixed-seed games recorded from a reference run (before the agents' floors and
profiles were built, commit 5c3e376; the same digests then and after). A change that moves a
decision of `az`, `ismcts`, `heuristic` or `baseline` fails here and must say why. Recorded
again for the games of `az` and `baseline` on 2026-12-06: the networks of every table size
replaced the shipped ones, and `baseline` became the network's own policy."""

from __future__ import annotations

import hashlib
import json

import pytest

from agents.play.tournament import run_tournament

REFERENCE = {
    ("aquilon", 2, ("az:30", "ismcts:50")): ["990e409b07311325", "8099dc1379fa4de1"],
    ("aquilon", 2, ("heuristic", "baseline")): ["f7d3814758af1562", "a84b077fec003180"],
    ("aquilon", 3, ("heuristic", "random", "ismcts:30")): ["2a1b0fdcaad53cd6",
                                                           "5364b30d55b91cb4"],
    ("dragon", 3, ("az:20", "ismcts:30", "baseline")): ["41ecdb285d1e41ee",
                                                        "c61cd439ef2b8dc2"],
}


@pytest.mark.parametrize("game, players, bots", list(REFERENCE))
def test_fixed_seed_games_play_the_reference_moves(game, players, bots):
    _, records = run_tournament(game, players, list(bots), 2, seed=5, workers=1,
                                progress=False)
    digests = [hashlib.sha256(json.dumps(r.actions).encode()).hexdigest()[:16]
               for r in records]
    assert digests == REFERENCE[game, players, bots]
