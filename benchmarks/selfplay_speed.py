"""Self-play speed: searched decisions per second of the az recipe's self-play games (its
search: 200 iterations, the game's profile settings, the shipped network) in one process.
Prints a markdown table.

    python3 benchmarks/selfplay_speed.py [--games 8] [--max-moves 300] [--game aquilon]

The games are cut at `--max-moves` moves (a cut game counts as a draw, as the recipe counts
it), so that a round of every game fits a few minutes; only the rate is measured.
"""

from __future__ import annotations

import argparse
import time

from agents.az.selfplay import SelfPlaySettings
from agents.az.workers import generate_games
from agents.bots.az import load_network
from agents.games import installed_games, load_game


def decisions_per_second(game: str, games: int, max_moves: int, iterations: int) -> tuple:
    """(players, decisions, decisions per second) of `games` self-play games in one process,
    after one warm-up game."""
    spec = load_game(game).SPEC
    players = spec.train_players
    network = load_network(None, spec, players)
    settings = SelfPlaySettings(iterations=iterations, max_moves=max_moves)
    generate_games(game, players, network, [999], settings, workers=1)  # warm up
    start = time.perf_counter()
    samples, _ = generate_games(game, players, network, list(range(games)), settings,
                                workers=1)
    return players, len(samples.observations), len(samples.observations) / (
        time.perf_counter() - start)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=8)
    parser.add_argument("--max-moves", type=int, default=300)
    parser.add_argument("--iterations", type=int, default=200)
    parser.add_argument("--game", action="append", help="only these games (repeatable)")
    args = parser.parse_args()
    print("| game | players | games | decisions | decisions/s |")
    print("|---|---:|---:|---:|---:|")
    for game in args.game or installed_games():
        players, decisions, rate = decisions_per_second(game, args.games, args.max_moves,
                                                        args.iterations)
        print(f"| {game} | {players} | {args.games} | {decisions} | {rate:.1f} |", flush=True)


if __name__ == "__main__":
    main()
