"""Search speed: iterations per second of `az` (PUCT guided by the shipped baseline network,
its forward pass inside the numba kernel, heuristic playouts at the leaves) beside `ismcts`
(heuristic playouts), at the same budget over the same decisions of one game per game, at the
player count the baseline was trained for. Prints a markdown table.

    python3 benchmarks/search_speed.py [--iterations 200] [--decisions 12] [--game aquilon]
"""

from __future__ import annotations

import argparse
import time

import numpy as np

from agents.bots import make_bot
from agents.bots.base import seat_view
from agents.games import installed_games, load_game
from agents.profiles import game_profile


def speed(spec: str, game: str, num_players: int, decisions: int) -> float:
    """Iterations per second of bot `spec` over the first `decisions` decisions with a choice
    of a game where every seat is played by it (after one warm-up decision)."""
    env = load_game(game).raw_env(num_players=num_players)
    env.reset(seed=0)
    bot = make_bot(spec, seed=0)
    bot.act(seat_view(env, env.possible_agents.index(env.agent_selection)))  # warm up
    bot.iterations_run = 0
    elapsed = 0.0
    searched = 0
    while searched < decisions and not all(env.terminations.values()):
        seat = env.possible_agents.index(env.agent_selection)
        start = time.perf_counter()
        action = bot.act(seat_view(env, seat))
        elapsed += time.perf_counter() - start
        searched += len(env.legal_actions()) > 1
        env.step(action)
    return bot.iterations_run / max(elapsed, 1e-9)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--iterations", type=int, default=200)
    parser.add_argument("--decisions", type=int, default=12)
    parser.add_argument("--game", action="append", help="only these games (repeatable)")
    args = parser.parse_args()
    print("| game | players | budget | az it/s | ismcts it/s | az / ismcts |")
    print("|---|---:|---:|---:|---:|---:|")
    for game in args.game or installed_games():
        n = game_profile(game).train_players
        az = speed(f"az:{args.iterations}", game, n, args.decisions)
        ismcts = speed(f"ismcts:{args.iterations}", game, n, args.decisions)
        print(f"| {game} | {n} | {args.iterations} | {np.round(az):,.0f} | "
              f"{np.round(ismcts):,.0f} | {az / ismcts:.2f} |", flush=True)


if __name__ == "__main__":
    main()
