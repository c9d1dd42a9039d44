"""Longest games of random and heuristic play, in moves of all seats together, per game and
player count (and Simurgh mode and length): the figures behind `agents.limits.PLAY_MOVE_LIMIT`.

Random play runs in a BatchEnv (uniform legal actions); heuristic play has every seat played by
the game's heuristic on states sampled from its own information (agents.bots.batch_policies).

    PYTHONPATH=. python3 benchmarks/game_lengths.py --games 2000
"""

from __future__ import annotations

import argparse
import importlib
import itertools

import numpy as np

from agents.bots.batch_policies import BatchPolicy
from agents.bots.policies import heuristic_policy
from agents.games import GAME_NAMES, load_game

CAP = 1_000_000  # moves after which a game counts as endless


def variants(game: str) -> list[dict]:
    """Every player count (and Simurgh's modes and lengths) as BatchEnv keywords."""
    module = load_game(game)
    spec = module.SPEC
    counts = range(spec.min_players, spec.max_players + 1)
    if game != "simurgh":
        return [{"num_players": n} for n in counts]
    options = importlib.import_module("simurgh_env.env")
    return [{"num_players": n, "mode": m, "length": ln}
            for n, m, ln in itertools.product(counts, options.MODES, options.LENGTHS)]


def lengths(game: str, policy: str, games: int, num_envs: int, seed: int, **kw) -> np.ndarray:
    """Lengths of the first `games` games finished in a batch under `policy`."""
    module = load_game(game)
    batch = module.BatchEnv(num_envs=num_envs, seed=seed, max_moves=CAP, **kw)
    out = batch.reset()
    bot = BatchPolicy(module.SPEC, heuristic_policy(module.SPEC), num_envs, seed) \
        if policy == "heuristic" else None
    active = np.ones(num_envs, np.bool_)
    moves = np.zeros(num_envs, np.int64)
    found: list[int] = []
    while len(found) < games:
        if bot is None:
            actions = batch.sample_random_actions()
        else:
            actions = bot.act(batch.states, out.current_player, out.action_mask, active).copy()
        out = batch.step(actions)
        moves += 1
        ended = out.terminated | out.truncated
        if out.truncated.any():
            found.extend([CAP] * int(out.truncated.sum()))
        found.extend(moves[out.terminated].tolist())
        moves[ended] = 0
    return np.array(found[:games])


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=2000, help="games per variant and policy")
    parser.add_argument("--envs", type=int, default=64)
    parser.add_argument("--game", choices=GAME_NAMES, action="append")
    args = parser.parse_args()
    print("| game | variant | policy | games | mean | 99.9th pct | longest |")
    print("|---|---|---|---:|---:|---:|---:|")
    for game in args.game or GAME_NAMES:
        for kw in variants(game):
            for policy in ("random", "heuristic"):
                found = lengths(game, policy, args.games, args.envs, seed=1, **kw)
                label = " ".join(str(v) for v in kw.values())
                print(f"| {game} | {label} | {policy} | {len(found)} | {found.mean():.0f} | "
                      f"{np.percentile(found, 99.9):.0f} | {found.max()} |", flush=True)


if __name__ == "__main__":
    main()
