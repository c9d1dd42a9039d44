"""Information-set Monte Carlo tree search (single-observer ISMCTS, Cowling et al. 2012): the
search core (`agents.search`) with the `uct` selection rule.

Every iteration samples a full state from the searching seat's information with the engine's
`determinize`, descends one tree shared by all samples (UCB over the actions available in that
sample, with availability counts), adds one node, plays the game out with the rollout policy
and backs up rank rewards. The rollout policy (the game's heuristic) also guides the tree:
its choice is expanded first and gets a progressive bias, `bias / (visits + 1)`, in the UCB
score (Chaslot et al. 2008), so a small budget refines the heuristic rather than replacing it
with noisy averages. A playout may stop after `playout_limit` moves, where the position is
scored as if the game ended there.
"""

from __future__ import annotations

import numpy as np

from agents.bots.base import SeatView
from agents.bots.policies import RANDOM_POLICY, heuristic_policy
from agents.bots.search import SearchBot
from agents.profiles import game_profile
from agents.search import SearchTree, run_searches
from tabletop_core.signatures import EngineFunction
from tabletop_core.spec import GameSpec

ISMCTS_DEFAULT_ITERATIONS = 1000
ISMCTS_MAX_NODES = 200_000


def run_search(
    game: GameSpec,
    state: np.ndarray,
    seat: int,
    num_players: int,
    legal: np.ndarray,
    seed: int,
    iterations: int | None = 1000,
    seconds: float | None = None,
    exploration: float = 0.7,
    rollout_policy: EngineFunction | None = None,
    epsilon: float = 0.1,
    bias: float = 0.0,
    playout_limit: int = -1,
    own_moves_only: bool = False,
    cycles: np.ndarray | None = None,
) -> tuple[int, SearchTree, int]:
    """Search from `state` (only ever determinized from `seat`'s view) for an iteration or time
    budget; return (most visited legal root action, tree, iterations run).

    Playouts follow `rollout_policy` (default: uniformly random), with a uniformly random
    action instead with probability `epsilon`, for at most `playout_limit` moves (-1: to the
    end). With `bias` > 0 the rollout policy's choice at each tree node is expanded first and
    favoured by `bias / (visits + 1)`. With `own_moves_only` the tree holds only `seat`'s
    decisions and the other seats play the rollout policy throughout: no opponent node can
    react to a choice of `seat`'s that it could not see (a secret bid), at the price of
    modelling the others by that policy. `cycles`: as `agents.search.run_searches` (a profile).
    """
    if rollout_policy is None:
        rollout_policy, epsilon, bias = RANDOM_POLICY, 1.0, 0.0
    result = run_searches(
        game, state[None], [seat], [num_players], np.asarray(legal)[None], [seed], rule="uct",
        iterations=iterations, seconds=seconds, rollout_policy=rollout_policy,
        exploration=exploration, epsilon=epsilon, bias=bias, playout_limit=playout_limit,
        own_moves_only=own_moves_only, max_nodes=ISMCTS_MAX_NODES, cycles=cycles)
    return result.actions[0], result.forest.row(0), result.done


class ISMCTSBot(SearchBot):
    """Information-set MCTS with an iteration or time budget per decision, with the settings
    of the game's profile (`agents.profiles`; `settings` overrides them): its playouts follow
    the game's heuristic (uniformly random in a game without one)."""

    kind = "ismcts"

    def __init__(self, seed: int = 0, iterations: int | None = ISMCTS_DEFAULT_ITERATIONS,
                 seconds: float | None = None, settings: dict | None = None):
        super().__init__(seed, iterations, seconds, settings)

    def search(self, view: SeatView, root: np.ndarray, seed: int) -> tuple[int, int]:
        profile = game_profile(view.game.name)
        rollout = heuristic_policy(view.game) if profile.heuristic else None
        action, _, done = run_search(
            view.game, root, view.seat, view.num_players, view.action_mask,
            seed=seed, iterations=self.iterations, seconds=self.seconds,
            rollout_policy=rollout, **{**profile.ismcts, **self.settings},
        )
        return action, done
