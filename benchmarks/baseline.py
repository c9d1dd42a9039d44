"""The shipped `baseline` bots against `heuristic` and `ismcts:200` (the table of
docs/results/2026-12-baseline-bots.md).

In each game, at the player count its policy was trained for, `baseline` plays one seat and
the opponent all the others, seats rotated game by game; the figure is the share of games
`baseline` wins (a shared win counts fractionally) with its 95% Wilson interval, against the
parity of equal players (1 / players). With `--reference`, `heuristic` against `ismcts:200`
in the same seating too, the search bot's margin over the heuristic.

    python3 benchmarks/baseline.py [--game aquilon] [--games 200] [--search-games 40]
        [--reference] [--workers 2] [--json results.json]
"""

from __future__ import annotations

import argparse
import json
import time

from agents.baseline.recipe import BaselineRecipe
from agents.bots.baseline import shipped_policy_path
from agents.games import GAME_NAMES
from agents.play.evaluate import evaluate_bot
from agents.profiles import game_profile

SEARCH = "ismcts:200"
# Games against the search bot, unless the game's profile says (its "search_games": a game
# against ismcts:200 takes about 5 s of one idle core in Aquilon and Dragon's Interest, 45 s
# in Simurgh).
SEARCH_GAMES = 40
SHIPPED = [g for g in GAME_NAMES if shipped_policy_path(g) is not None]


def match(game: str, bot: str, opponent: str, games: int, workers: int) -> dict:
    """One row: `bot` in one seat against `opponent` in the others."""
    players = BaselineRecipe.for_game(game).num_players
    start = time.perf_counter()
    rate, low, high = evaluate_bot(game, players, bot, opponent, games, seed=50_000,
                                   one_seat=True, workers=workers)
    return {"game": game, "players": players, "bot": bot, "opponent": opponent,
            "games": games, "win": rate, "low": low, "high": high, "parity": 1 / players,
            "seconds": round(time.perf_counter() - start, 1)}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", choices=SHIPPED, action="append")
    parser.add_argument("--games", type=int, default=200, help="games against heuristic")
    parser.add_argument("--search-games", type=int, default=None,
                        help=f"games against {SEARCH} (default: the profile's, or "
                             f"{SEARCH_GAMES})")
    parser.add_argument("--reference", action="store_true",
                        help=f"also heuristic vs {SEARCH} in the same seating")
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--json", default=None, help="also write the rows as JSON")
    args = parser.parse_args()
    rows = []
    print("| game | players | match | games | win share of the first (95% CI) | parity |")
    print("|---|---:|---|---:|---:|---:|")
    for game in args.game or SHIPPED:
        search_games = args.search_games or \
            game_profile(game).benchmark("search_games", SEARCH_GAMES)
        matches = [("baseline", "heuristic", args.games), ("baseline", SEARCH, search_games)]
        if args.reference:
            matches.append(("heuristic", SEARCH, search_games))
        for bot, opponent, games in matches:
            row = match(game, bot, opponent, games, args.workers)
            rows.append(row)
            print(f"| {game} | {row['players']} | {bot} vs {opponent} | {games} | "
                  f"{row['win']:.1%} ({row['low']:.1%}-{row['high']:.1%}) | "
                  f"{row['parity']:.0%} |", flush=True)
    if args.json:
        with open(args.json, "w") as f:
            json.dump(rows, f, indent=2)


if __name__ == "__main__":
    main()
