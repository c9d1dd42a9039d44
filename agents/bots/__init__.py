"""The bots by name: `random`, `heuristic`, `ismcts` (with a budget), and how to build them.

Names: "random", "heuristic", "ismcts" (1000 iterations), "ismcts:5000" (iterations),
"ismcts:0.5s" (seconds per decision), "ppo:<path>" (a model saved by `tabletop train`),
"baseline" (the learned policy shipped for the game, `agents.baseline`), "baseline:<policy.npz>"
(one written by `tabletop train --recipe baseline`), "rllib:<checkpoint>" (saved by
`tabletop train --backend rllib`; needs the `rllib` extra), "az" (PUCT search over sampled worlds
guided by the network shipped for the game, `agents.bots.az`; 200 iterations), "az:<iterations>",
"az:<seconds>s", and either with a network of one's own: "az:<budget>:<network.npz>" (one written
by `tabletop train --recipe az`, or any baseline policy file).
"""

from __future__ import annotations

import math
from pathlib import Path

import numpy as np

from agents.bots.base import Bot, RandomBot, SeatView
from agents.bots.ismcts import run_search
from agents.bots.policies import heuristic_policy
from agents.bots.search import SearchBot
from tabletop_core.rng import rng_seed

BOT_NAMES = ("random", "heuristic", "ismcts", "ppo", "baseline", "rllib", "az")
ISMCTS_DEFAULT_ITERATIONS = 1000
AZ_DEFAULT_ITERATIONS = 200  # agents.bots.az


class HeuristicBot(Bot):
    """The game's rule-based player (`agents.bots.heuristics.<game>.choose`), run on a state sampled
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


# Search settings per game (keywords of agents.bots.ismcts.run_search), measured with
# benchmarks/bots.py. Dragon's Interest: in a tree of every seat's moves, the opponents' nodes
# answer the bot's secret Contract and bids as if they saw them, and the search lost to
# `heuristic` (33% of wins where 50% is parity); its tree holds only the bot's own decisions,
# guided by the heuristic (progressive bias), the others playing the heuristic throughout.
ISMCTS_SETTINGS = {
    "aquilon": {"epsilon": 0.1},
    "dragon": {"epsilon": 0.1, "own_moves_only": True, "bias": 1.0},
    "simurgh": {"epsilon": 0.1},
}


class ISMCTSBot(SearchBot):
    """Information-set MCTS with an iteration or time budget per decision; its playouts follow
    the game's heuristic, with a random action 10% of the time (settings per game in
    ISMCTS_SETTINGS; `settings` overrides them)."""

    kind = "ismcts"

    def __init__(self, seed: int = 0, iterations: int | None = ISMCTS_DEFAULT_ITERATIONS,
                 seconds: float | None = None, settings: dict | None = None):
        super().__init__(seed, iterations, seconds, settings)

    def search(self, view: SeatView, root: np.ndarray, seed: int) -> tuple[int, int]:
        settings = {**ISMCTS_SETTINGS[view.game.name], **self.settings}
        action, _, done = run_search(
            view.game, root, view.seat, view.num_players, view.action_mask,
            seed=seed, iterations=self.iterations, seconds=self.seconds,
            rollout_policy=heuristic_policy(view.game), **settings,
        )
        return action, done


BOT_FORMS = ("random, heuristic, ismcts, ismcts:<iterations> (a whole number >= 1), "
             "ismcts:<seconds>s (a number > 0), ppo:<path to a model .zip>, baseline, "
             "baseline:<policy .npz>, rllib:<checkpoint folder>, az, az:<iterations>, "
             "az:<seconds>s or az:<budget>:<network .npz>")


def parse_bot(spec: str) -> tuple[str, int | float | str | None]:
    """(name, budget) of a bot spec: ("ismcts", 2000), ("ismcts", 0.5) for "ismcts:0.5s",
    ("ppo", path), ("random", None)...; ValueError naming the legal forms otherwise. A ppo
    model must exist at the path given (nothing is appended to it)."""
    if not isinstance(spec, str):
        raise ValueError(f"a bot is named by a string, got {spec!r}; use {BOT_FORMS}")
    name, colon, budget = spec.partition(":")
    if name in ("random", "heuristic") and not colon:
        return name, None
    if name in ("ismcts", "az") and not colon:
        return name, ISMCTS_DEFAULT_ITERATIONS if name == "ismcts" else AZ_DEFAULT_ITERATIONS
    if name == "az" and ":" in budget:
        budget, _, source = budget.partition(":")
        if not Path(source).is_file():
            raise ValueError(f"az network not found: {source} (give the path of a network "
                             "written by `tabletop train --recipe az`, e.g. "
                             "az:200:runs/az-aquilon/network.npz)")
    if name in ("ismcts", "az"):
        try:
            if budget.endswith("s"):
                seconds = float(budget[:-1])
                if math.isfinite(seconds) and seconds > 0:
                    return name, seconds
            elif budget.isdigit() and int(budget) >= 1:
                return name, int(budget)
        except ValueError:
            pass
        raise ValueError(f"bad {name} budget in {spec!r}: use {name}:<iterations> (a whole "
                         f"number >= 1, e.g. {name}:2000) or {name}:<seconds>s (a number > 0, "
                         f"e.g. {name}:0.5s)")
    if name == "ppo" and budget:
        if not Path(budget).is_file():
            raise ValueError(f"ppo model not found: {budget} (give the path of a model saved "
                             "by `tabletop train`, e.g. ppo:runs/train-aquilon/model.zip)")
        return name, budget
    if name == "baseline" and not colon:
        return name, None
    if name == "baseline" and budget:
        if not Path(budget).is_file():
            raise ValueError(f"baseline policy not found: {budget} (give the path of a policy "
                             "written by `tabletop train --recipe baseline`, e.g. "
                             "baseline:runs/baseline-aquilon/baseline.npz)")
        return name, budget
    if name == "rllib" and budget:
        if not Path(budget).is_dir():
            raise ValueError(f"rllib checkpoint not found: {budget} (give the folder of a "
                             "checkpoint saved by `tabletop train --backend rllib`)")
        return name, budget
    raise ValueError(f"unknown bot {spec!r}: use {BOT_FORMS}")


def az_network_source(spec: str) -> str | None:
    """The network file of an `az:<budget>:<network.npz>` spec (None: the shipped one)."""
    parts = spec.split(":", 2)
    return parts[2] if len(parts) == 3 else None


def make_bot(spec: str, seed: int = 0) -> Bot:
    """Build a bot from its name (see the module docstring and `parse_bot`)."""
    name, budget = parse_bot(spec)
    if name == "random":
        return RandomBot(seed)
    if name == "heuristic":
        return HeuristicBot(seed)
    if name == "ppo":
        from agents.bots.ppo import PPOBot

        return PPOBot(budget)
    if name == "baseline":
        from agents.baseline.bot import BaselineBot

        return BaselineBot(budget)
    if name == "rllib":
        from agents.rllib.bot import RLlibBot

        return RLlibBot(budget)
    if name == "az":
        from agents.bots.az import AZBot

        source = az_network_source(spec)
        if isinstance(budget, float):
            return AZBot(seed, iterations=None, seconds=budget, source=source)
        return AZBot(seed, iterations=budget, source=source)
    if isinstance(budget, float):
        return ISMCTSBot(seed, iterations=None, seconds=budget)
    return ISMCTSBot(seed, iterations=budget)


def check_bots_fit(specs: list[str], game: str, num_players: int) -> None:
    """ValueError if a bot cannot play `game` at `num_players` players (a learned policy
    trained for another game or player count, or none shipped for the game)."""
    from agents.games import load_game

    spec = load_game(game).SPEC
    for bot in specs:
        name, source = parse_bot(bot)
        if name == "baseline":
            from agents.baseline.bot import load_policy

            load_policy(source, spec, num_players)
        if name == "az":
            from agents.bots.az import load_network

            load_network(az_network_source(bot), spec, num_players)
