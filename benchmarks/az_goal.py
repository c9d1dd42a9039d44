"""The matches of expert iteration's goal (issue 21) for one game: `az` against `ismcts` at the
same time per decision, against `ismcts:200` and against `baseline`, and the network alone
against `baseline`; at the game's training player count, the first bot in one seat against the
second in all others, seats rotated (parity 1 / players). Prints a Markdown table.

    python3 benchmarks/az_goal.py --game aquilon [--seconds 0.05] [--games 200]
                                  [--network agents/az/weights/aquilon.npz] [--workers 2]
                                  [--max-moves 500] [--only baseline network-alone]

`--games` defaults to the goal's counts: 200 in Aquilon and Dragon's Interest, 60 in Simurgh.
`--max-moves` defaults to the game's self-play limit in the az recipe (500, 1,000 and 2,000
moves): a game cut there, which in Simurgh is one that stalls with neither side laying or
clearing a tile, counts as a draw.
"""

from __future__ import annotations

import argparse
import os
import time

from agents.az.recipe import AZRecipe
from agents.bots.az import default_network_path
from agents.games import installed_games, load_game
from agents.play.evaluate import evaluate_bot
from agents.profiles import game_profile

GOAL_GAMES = 200  # games per match, unless the game's profile says ("goal_games")


MATCHES = ("same-time", "ismcts-200", "baseline", "network-alone")


def goal_matches(network: str, seconds: float) -> dict[str, tuple[str, str]]:
    """(bot, opponent) of each match of the goal, by its name in MATCHES."""
    az = f"az:{seconds:g}s:{network}"
    pairs = [(az, f"ismcts:{seconds:g}s"), (az, "ismcts:200"), (az, "baseline"),
             (f"baseline:{network}", "baseline")]
    return dict(zip(MATCHES, pairs, strict=True))


def main() -> None:
    """Play the goal's matches of one game and print their table."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", required=True, choices=installed_games())
    parser.add_argument("--seconds", type=float, default=0.05,
                        help="time per decision of az and of the ismcts it meets")
    parser.add_argument("--games", type=int, default=None)
    parser.add_argument("--network", default=None,
                        help="the az network (default: the one az plays by default)")
    parser.add_argument("--seed", type=int, default=20_000)
    parser.add_argument("--workers", type=int, default=os.cpu_count())
    parser.add_argument("--max-moves", type=int, default=None,
                        help="cut a game at this many moves, as a draw (default: the az "
                             "recipe's self-play limit)")
    parser.add_argument("--only", nargs="+", choices=MATCHES, default=list(MATCHES),
                        help="play only these of the goal's matches")
    args = parser.parse_args()
    if args.seconds <= 0 or (args.games is not None and args.games < 1):
        parser.error("--seconds must be above 0 and --games at least 1")
    if args.max_moves is not None and args.max_moves < 10:
        parser.error("--max-moves must be at least 10")
    players = load_game(args.game).SPEC.train_players
    games = args.games or game_profile(args.game).benchmark("goal_games", GOAL_GAMES)
    network = args.network or str(default_network_path(args.game))
    max_moves = args.max_moves or AZRecipe.for_game(args.game).max_moves
    print(f"{args.game}, {players} players, {games} games a match, one seat against the "
          f"opponent in all others (parity {1 / players:.0%}), games cut at {max_moves} moves "
          f"as draws; network {network}\n")
    print("| bot | opponent | win share (95% CI) | minutes |")
    print("|---|---|---:|---:|")
    matches = goal_matches(network, args.seconds)
    for bot, opponent in (matches[name] for name in args.only):
        start = time.perf_counter()
        rate, low, high = evaluate_bot(args.game, players, bot, opponent, games,
                                       seed=args.seed, one_seat=True, workers=args.workers,
                                       max_moves=max_moves)
        minutes = (time.perf_counter() - start) / 60
        print(f"| {bot} | {opponent} | {rate:.1%} ({low:.1%}-{high:.1%}) | {minutes:.1f} |",
              flush=True)


if __name__ == "__main__":
    main()
