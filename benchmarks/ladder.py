"""The ladder: a round robin of every shipped bot of a game, pairwise win shares with their 95%
intervals and OpenSkill ratings over all the games, one Markdown table per game.

    python3 benchmarks/ladder.py [--game aquilon] [--games 40] [--seconds 0.1]
                                 [--bots random,heuristic,...] [--workers 2] [--json out.json]
                                 [--max-moves 2000]

Bots (default): random, heuristic, baseline, ismcts:200, ismcts:1000, and ISMCTS and az at
the same fixed time per decision (`ismcts:<seconds>s`, `az:<seconds>s`: the network shipped
for `az`). Every pair plays `--games`
games at the game's training player count: with two players the bots take a seat each, seats
rotated; with more, the row's bot plays one seat against the column's in all others, seats
rotated, so a cell is the row's share of the wins (parity 1 / players) and the two orders of a
pair are two matches. The ratings (PlackettLuce, mu and sigma) are computed over every game of
the game's round robin in the order played. A game longer than `--max-moves` (default: the az
recipe's self-play limit, 500, 1,000 and 2,000 moves, as in `benchmarks/az_goal.py`) is cut
and counts as a draw: half a win to each side in a cell, a tie in the ratings; in Simurgh,
whose rules let players who never lay or clear a tile play forever, a search bot would
otherwise search every move of a stalled game up to the 30,000-move play limit.
"""

from __future__ import annotations

import argparse
import json
import os
import time
from itertools import combinations, permutations

from agents.az.recipe import AZRecipe
from agents.games import installed_games, load_game
from agents.play.tournament import run_tournament, summarise, wilson_interval

DEFAULT_BOTS = ("random", "heuristic", "baseline", "ismcts:200", "ismcts:1000")


def share(records, bot: str) -> float:
    """The share of the records' wins that went to `bot`'s seats (shared wins split)."""
    won = 0.0
    for r in records:
        best = max(r.rewards)
        winners = [s for s, x in enumerate(r.rewards) if x == best]
        won += sum(r.bots[s] == bot for s in winners) / len(winners)
    return won


def ladder(game: str, bots: list[str], games: int, seed: int = 0,
           workers: int | None = None, max_moves: int | None = None) -> dict:
    """Play the round robin of `bots` in `game`, games cut as draws at `max_moves` (default:
    the az recipe's self-play limit); the cells, the ratings, the games cut and the time
    taken."""
    players = load_game(game).SPEC.train_players
    max_moves = max_moves or AZRecipe.for_game(game).max_moves
    pairs = combinations(bots, 2) if players == 2 else permutations(bots, 2)
    cells, every = {}, []
    start = time.perf_counter()
    for k, (row, column) in enumerate(pairs):
        table = [row, column] if players == 2 else [row] + [column] * (players - 1)
        _, records = run_tournament(game, players, table, games, seed=seed + 1000 * k,
                                    workers=workers, progress=False, max_moves=max_moves)
        every += records
        won = share(records, row)
        cells[(row, column)] = (won / games, *wilson_interval(won, games))
        if players == 2:
            lost = games - won
            cells[(column, row)] = (lost / games, *wilson_interval(lost, games))
    ratings = [(r.bot, r.rating_mu, r.rating_sigma) for r in summarise(every)]
    return {"game": game, "players": players, "games_per_pair": games, "cells": cells,
            "ratings": ratings, "max_moves": max_moves,
            "cut": sum(r.truncated for r in every), "seconds": time.perf_counter() - start}


def markdown(result: dict) -> str:
    """The game's table: one row per bot (by rating), its win share against each column."""
    order = [bot for bot, _, _ in result["ratings"]]
    parity = 1 / result["players"]
    lines = [f"{result['game']}, {result['players']} players, {result['games_per_pair']} games "
             f"per pair (parity {parity:.0%}); {result['cut']} game"
             f"{'' if result['cut'] == 1 else 's'} cut at "
             f"{result['max_moves']:,} moves as draws:", "",
             "| bot | rating (mu ± sigma) | " + " | ".join(f"vs {b}" for b in order) + " |",
             "|---|---:|" + "---:|" * len(order)]
    for bot, mu, sigma in result["ratings"]:
        cells = []
        for other in order:
            if other == bot:
                cells.append("")
            else:
                rate, low, high = result["cells"][(bot, other)]
                cells.append(f"{rate:.0%} ({low:.0%}-{high:.0%})")
        lines.append(f"| {bot} | {mu:.1f} ± {sigma:.1f} | " + " | ".join(cells) + " |")
    return "\n".join(lines)


def main() -> None:
    """Run the ladder of each game asked and print its table."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", default="all", choices=("all", *installed_games()))
    parser.add_argument("--games", type=int, default=40, help="games per pair of bots")
    parser.add_argument("--seconds", type=float, default=0.1,
                        help="time per decision of the ismcts:<seconds>s and az:<seconds>s bots")
    parser.add_argument("--bots", default=None,
                        help="comma-separated bot specs instead of the default ladder")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--workers", type=int, default=os.cpu_count())
    parser.add_argument("--max-moves", type=int, default=None,
                        help="cut a game at this many moves, as a draw (default: the az "
                             "recipe's self-play limit)")
    parser.add_argument("--json", help="also write the results to this file")
    args = parser.parse_args()
    if args.games < 1 or args.seconds <= 0:
        parser.error("--games must be at least 1 and --seconds above 0")
    if args.max_moves is not None and args.max_moves < 10:
        parser.error("--max-moves must be at least 10")
    bots = (args.bots.split(",") if args.bots
            else [*DEFAULT_BOTS, f"ismcts:{args.seconds:g}s", f"az:{args.seconds:g}s"])
    games = installed_games() if args.game == "all" else [args.game]
    results = []
    for game in games:
        result = ladder(game, bots, args.games, args.seed, args.workers, args.max_moves)
        print(markdown(result))
        print(f"\n({result['seconds']:.0f} s on {os.cpu_count()} cores, {args.workers} "
              "workers)\n")
        results.append(result)
    if args.json:
        with open(args.json, "w") as f:
            json.dump([{**r, "cells": [[a, b, *v] for (a, b), v in r["cells"].items()]}
                       for r in results], f, indent=2)


if __name__ == "__main__":
    main()
