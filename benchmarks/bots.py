"""Bot strength and search speed: in each game, at two player counts, `heuristic` against
`random` and `ismcts` against `heuristic`, and ISMCTS iterations per second.

The two bots fill the table alternately (2 players: one each; 4 players: two each) with seats
rotated game by game; the figure is the share of games the first bot's side wins (a shared win
counts fractionally), so equal bots would score 50%, with its 95% Wilson interval.

    python3 benchmarks/bots.py [--games 60] [--ismcts ismcts:200] [--game aquilon] [--players 4]
"""

from __future__ import annotations

import argparse
import time

import numpy as np

from agents.bot import seat_view
from agents.bots import make_bot
from agents.games import installed_games, load_game
from agents.tournament import run_tournament, wilson_interval

PLAYER_COUNTS = {"aquilon": (2, 4), "dragon": (3, 4), "simurgh": (2, 4)}


def ismcts_speed(game: str, num_players: int, iterations: int = 400, decisions: int = 12):
    """Iterations per second of ISMCTS (heuristic playouts) over the first decisions of a game."""
    env = load_game(game).raw_env(num_players=num_players)
    env.reset(seed=0)
    bot = make_bot(f"ismcts:{iterations}", seed=0)
    bot.act(seat_view(env, env.possible_agents.index(env.agent_selection)))  # warm up
    start = time.perf_counter()
    bot.iterations_run = 0
    for _ in range(decisions):
        seat = env.possible_agents.index(env.agent_selection)
        env.step(bot.act(seat_view(env, seat)))
    return bot.iterations_run / (time.perf_counter() - start)


def side_share(bots: list[str], rewards: list[float], side: str) -> float:
    """The share of one game's win that went to seats played by `side`."""
    best = max(rewards)
    winners = [b for b, r in zip(bots, rewards, strict=True) if r == best]
    return sum(b == side for b in winners) / len(winners)


def main() -> None:
    """Run the matches and print one table."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=60, help="games per match")
    parser.add_argument("--ismcts", default="ismcts:200", help="the ISMCTS bot and budget")
    parser.add_argument("--game", action="append", help="only these games (repeatable)")
    parser.add_argument("--players", type=int, action="append",
                        help="only these player counts (repeatable)")
    args = parser.parse_args()
    games = args.game or installed_games()
    print("| game | players | match | games | win rate of the first (95% CI) | ISMCTS it/s |")
    print("|---|---:|---|---:|---:|---:|")
    for game in games:
        for players in PLAYER_COUNTS[game]:
            if args.players and players not in args.players:
                continue
            speed = ismcts_speed(game, players)
            for first, second in (("heuristic", "random"), (args.ismcts, "heuristic")):
                _, records = run_tournament(game, players, [first, second], args.games,
                                            seed=1000, progress=False)
                won = sum(side_share(r.bots, r.rewards, first) for r in records)
                low, high = wilson_interval(won, len(records))
                print(f"| {game} | {players} | {first} vs {second} | {args.games} | "
                      f"{won / len(records):.1%} ({low:.1%}-{high:.1%}) | "
                      f"{np.round(speed):,.0f} |", flush=True)


if __name__ == "__main__":
    main()
