"""The bots by name: `random`, `heuristic`, `ismcts` (with a budget), and how to build them.

Names: "random", "heuristic", "ismcts" (1000 iterations), "ismcts:5000" (iterations),
"ismcts:0.5s" (seconds per decision), "ppo:<path>" (a model saved by `tabletop train`),
"rllib:<checkpoint>" (saved by `tabletop train --backend rllib`; needs the `rllib` extra).
"""

from __future__ import annotations

import numpy as np

from agents.bot import Bot, RandomBot, SeatView
from agents.ismcts import run_search
from agents.policies import heuristic_policy
from tabletop_core.rng import rng_seed

BOT_NAMES = ("random", "heuristic", "ismcts", "ppo", "rllib")


class HeuristicBot(Bot):
    """The game's rule-based player (`agents.heuristics.<game>.choose`), run on a state sampled
    from the seat's information."""

    name = "heuristic"

    def __init__(self, seed: int = 0):
        self.seed = seed
        self.rng = np.zeros(4, np.int32)
        rng_seed(self.rng, 0, seed)

    def act(self, view: SeatView) -> int:
        state = view.sample_state(self.seed)
        mask = view.action_mask.astype(np.uint8)
        return int(heuristic_policy(view.game).dispatcher(state, view.seat, mask, self.rng))


# Search settings per game (keywords of agents.ismcts.run_search), measured with
# benchmarks/bots.py. Dragon's Interest: in a tree of every seat's moves, the opponents' nodes
# answer the bot's secret Contract and bids as if they saw them, and the search lost to
# `heuristic` (33% of wins where 50% is parity); its tree holds only the bot's own decisions,
# guided by the heuristic (progressive bias), the others playing the heuristic throughout.
ISMCTS_SETTINGS = {
    "aquilon": {"epsilon": 0.1},
    "dragon": {"epsilon": 0.1, "own_moves_only": True, "bias": 1.0},
    "simurgh": {"epsilon": 0.1},
}


class ISMCTSBot(Bot):
    """Information-set MCTS with an iteration or time budget per decision; its playouts follow
    the game's heuristic, with a random action 10% of the time (settings per game in
    ISMCTS_SETTINGS; `settings` overrides them)."""

    def __init__(self, seed: int = 0, iterations: int | None = 1000, seconds: float | None = None,
                 settings: dict | None = None):
        self.rng = np.random.default_rng(seed)
        self.iterations = iterations
        self.seconds = seconds
        self.settings = settings or {}
        budget = f"{seconds:g}s" if seconds is not None else str(iterations)
        self.name = f"ismcts:{budget}"
        self.iterations_run = 0

    def act(self, view: SeatView) -> int:
        legal = view.legal_actions()
        if len(legal) == 1:
            return int(legal[0])
        root = view.sample_state(int(self.rng.integers(2**62)))
        settings = {**ISMCTS_SETTINGS[view.game.name], **self.settings}
        action, _, done = run_search(
            view.game, root, view.seat, view.num_players, view.action_mask,
            seed=int(self.rng.integers(2**62)), iterations=self.iterations, seconds=self.seconds,
            rollout_policy=heuristic_policy(view.game), **settings,
        )
        self.iterations_run += done
        return action


def make_bot(spec: str, seed: int = 0) -> Bot:
    """Build a bot from its name (see the module docstring)."""
    name, _, budget = spec.partition(":")
    if name == "random" and not budget:
        return RandomBot(seed)
    if name == "heuristic" and not budget:
        return HeuristicBot(seed)
    if name == "ppo" and budget:
        from agents.ppo_bot import PPOBot

        return PPOBot(budget)
    if name == "rllib" and budget:
        from agents.rllib.bot import RLlibBot

        return RLlibBot(budget)
    if name == "ismcts":
        if not budget:
            return ISMCTSBot(seed)
        try:
            if budget.endswith("s"):
                return ISMCTSBot(seed, iterations=None, seconds=float(budget[:-1]))
            return ISMCTSBot(seed, iterations=int(budget))
        except ValueError:
            pass
    raise ValueError(
        f"unknown bot {spec!r}: use random, heuristic, ismcts, ismcts:<iterations>, "
        "ismcts:<seconds>s, ppo:<model path> or rllib:<checkpoint>"
    )
