"""Command-line entry point: `tabletop ...` or `python -m agents ...`."""

from __future__ import annotations

import argparse
import time

import numpy as np

from agents.games import DEFAULT_PLAYERS, GAME_NAMES, installed_games, load_game
from agents.random_bot import RandomBot


def play_games(game: str, num_players: int, games: int, seed: int) -> dict:
    """Play `games` games of random bots; return per-seat wins, mean scores and lengths."""
    module = load_game(game)
    env = module.raw_env(num_players=num_players)
    bots = [RandomBot(seed * 1000 + i) for i in range(num_players)]
    wins = np.zeros(num_players)
    totals = np.zeros(num_players)
    lengths = []
    for g in range(games):
        env.reset(seed=seed + g)
        steps = 0
        while not all(env.terminations.values()):
            seat = env.possible_agents.index(env.agent_selection)
            env.step(bots[seat].act(env.observe(env.agent_selection)))
            steps += 1
        scores = env.final_scores()
        rewards = np.array([env._cumulative_rewards[a] for a in env.possible_agents])
        winners = np.flatnonzero(rewards == rewards.max())
        wins[winners] += 1.0 / len(winners)
        totals += scores
        lengths.append(steps)
    return {"wins": wins, "mean_scores": totals / games, "mean_length": float(np.mean(lengths))}


def _play(args: argparse.Namespace) -> None:
    games = installed_games() if args.game == "all" else [args.game]
    for game in games:
        players = args.players or DEFAULT_PLAYERS[game]
        start = time.perf_counter()
        result = play_games(game, players, args.games, args.seed)
        elapsed = time.perf_counter() - start
        print(f"\n{game}: {args.games} games, {players} random bots, seed {args.seed} "
              f"({elapsed:.1f} s, {result['mean_length']:.0f} decisions per game)")
        print("| seat | wins | win rate | mean score |")
        print("|---|---:|---:|---:|")
        for seat in range(players):
            w = result["wins"][seat]
            print(f"| {seat} | {w:g} | {w / args.games:.1%} | {result['mean_scores'][seat]:.1f} |")


def main(argv: list[str] | None = None) -> None:
    """Parse the command line and run the chosen command."""
    parser = argparse.ArgumentParser(
        prog="tabletop",
        description="Play and benchmark the board games of this library.",
    )
    sub = parser.add_subparsers(dest="command", required=True)
    play = sub.add_parser("play", help="play N games between random bots and summarise them")
    play.add_argument("--game", choices=[*GAME_NAMES, "all"], default="all",
                      help="which game (default: every installed game)")
    play.add_argument("--players", type=int, default=None,
                      help="number of players (default: 3 for Aquilon, 4 for Dragon's "
                           "Interest, 3 for Simurgh)")
    play.add_argument("--games", type=int, default=100, help="games to play (default 100)")
    play.add_argument("--seed", type=int, default=0, help="seed of the first game")
    play.set_defaults(run=_play)
    args = parser.parse_args(argv)
    args.run(args)
