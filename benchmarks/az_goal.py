"""The goal matches of a game's az network, at one or more table sizes: `az` against `ismcts`
at the same time per decision, against `ismcts:200` and against `baseline`; the network alone
against `baseline` (unless it is `baseline`'s own file) and against the heuristic; and the
network alone head to head with older networks (`--old`). Each match is one seat of the bot
against the opponent in all others, seats rotated (parity 1 / players). Prints a Markdown
table, one row a match and table size, with whether the goal is met: the lower end of the 95%
interval above parity, or against an older network the interval reaching parity (no weaker).

    python3 benchmarks/az_goal.py --game aquilon [--players 2,3,4,5] [--seconds 0.05]
                                  [--games 200] [--network agents/az/weights/aquilon.npz]
                                  [--old OLD.npz ...] [--old-games 400] [--workers 2]
                                  [--max-moves 500] [--only same-time network-heuristic]

`--players` defaults to the game's training count (`all`: every size the game takes).
`--games` defaults to the goal's counts: 200 in Aquilon and Dragon's Interest, 60 in Simurgh.
`--max-moves` defaults to the game's self-play limit in the az recipe (500, 1,000 and 2,000
moves): a game cut there, which in Simurgh is one that stalls with neither side laying or
clearing a tile, counts as a draw. A bot that cannot play a size (a network trained for other
counts) is refused in one line before any game; an older network meets the network only at
the sizes it was trained for.
"""

from __future__ import annotations

import argparse
import os
import time
from pathlib import Path

from agents.az.recipe import AZRecipe
from agents.bots import check_bots_fit, misfit
from agents.bots.az import default_network_path
from agents.bots.baseline import shipped_policy_path
from agents.games import installed_games, load_game
from agents.play.evaluate import evaluate_bot
from agents.profiles import game_profile

GOAL_GAMES = 200  # games per match, unless the game's profile says ("goal_games")
OLD_GAMES = 400  # games of each head to head with an older network (issue 49)
MATCHES = ("same-time", "ismcts-200", "baseline", "network-alone", "network-heuristic",
           "network-old")


def goal_matches(network: str, seconds: float, old: list[str] = (),
                 baseline: Path | None = None) -> list[tuple[str, str, str]]:
    """(match, bot, opponent) of each goal match; `network-old` once per older network;
    no `network-alone` when the network is the file of `baseline` (it would meet itself)."""
    az, alone = f"az:{seconds:g}s:{network}", f"baseline:{network}"
    itself = baseline is not None and Path(network).resolve() == baseline.resolve()
    return [("same-time", az, f"ismcts:{seconds:g}s"), ("ismcts-200", az, "ismcts:200"),
            ("baseline", az, "baseline"),
            *([] if itself else [("network-alone", alone, "baseline")]),
            ("network-heuristic", alone, "heuristic"),
            *(("network-old", alone, f"baseline:{path}") for path in old)]


def parse(argv: list[str] | None = None) -> argparse.Namespace:
    """The options, checked before any game (parser.error, one line)."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", required=True, choices=installed_games())
    parser.add_argument("--players", default=None,
                        help="table sizes, comma-separated, or all (default: the game's "
                             "training count)")
    parser.add_argument("--seconds", type=float, default=0.05,
                        help="time per decision of az and of the ismcts it meets")
    parser.add_argument("--games", type=int, default=None)
    parser.add_argument("--network", default=None,
                        help="the az network (default: the one az plays by default)")
    parser.add_argument("--old", nargs="+", default=[], metavar="NETWORK",
                        help="older networks the network alone meets head to head")
    parser.add_argument("--old-games", type=int, default=OLD_GAMES)
    parser.add_argument("--seed", type=int, default=20_000)
    parser.add_argument("--workers", type=int, default=os.cpu_count())
    parser.add_argument("--max-moves", type=int, default=None,
                        help="cut a game at this many moves, as a draw (default: the az "
                             "recipe's self-play limit)")
    parser.add_argument("--only", nargs="+", choices=MATCHES, default=None,
                        help="play only these of the goal's matches (default: all; "
                             "network-old only with --old)")
    args = parser.parse_args(argv)
    if args.seconds <= 0 or (args.games is not None and args.games < 1) or args.old_games < 1:
        parser.error("--seconds must be above 0, --games and --old-games at least 1")
    if args.max_moves is not None and args.max_moves < 10:
        parser.error("--max-moves must be at least 10")
    spec = load_game(args.game).SPEC
    sizes = range(spec.min_players, spec.max_players + 1)
    try:
        args.players = list(sizes) if args.players == "all" else \
            [int(n) for n in (args.players or str(spec.train_players)).split(",")]
    except ValueError:
        parser.error(f"--players: table sizes like 2,3 or all, got {args.players}")
    if not set(args.players) <= set(sizes):
        parser.error(f"--players: {args.game} takes {sizes.start} to {sizes.stop - 1} players, "
                     f"got {','.join(map(str, args.players))}")
    if args.only and "network-old" in args.only and not args.old:
        parser.error("--only network-old needs --old")
    args.network = args.network or str(default_network_path(args.game))
    args.matches = [m for m in goal_matches(args.network, args.seconds, args.old,
                                            shipped_policy_path(args.game))
                    if m[0] in (args.only or MATCHES)]
    if not args.matches:
        parser.error("--only network-alone: the network is `baseline`'s own file (give "
                     "another with --network)")
    for players in args.players:
        try:
            for match, bot, opponent in args.matches:
                check_bots_fit([bot] if match == "network-old" else [bot, opponent],
                               args.game, players)
        except ValueError as error:
            parser.error(f"{players} players: {error}")
    return args



def main(argv: list[str] | None = None) -> None:
    """Play the goal's matches of one game at each table size and print their table."""
    args = parse(argv)
    games = args.games or game_profile(args.game).benchmark("goal_games", GOAL_GAMES)
    max_moves = args.max_moves or AZRecipe.for_game(args.game).max_moves
    print(f"{args.game}, {games} games a match ({args.old_games} against an older network), "
          f"one seat against the opponent in all others, games cut at {max_moves} moves as "
          f"draws; network {args.network}\n")
    print("| players | bot | opponent | win share (95% CI) | parity | goal met | minutes |")
    print("|---:|---|---|---:|---:|---|---:|")
    for players in args.players:
        parity = 1 / players
        for match, bot, opponent in args.matches:
            if match == "network-old" and misfit(opponent, args.game, players):
                continue
            start = time.perf_counter()
            n = args.old_games if match == "network-old" else games
            rate, low, high = evaluate_bot(args.game, players, bot, opponent, n,
                                           seed=args.seed, one_seat=True, workers=args.workers,
                                           max_moves=max_moves)
            met = high >= parity if match == "network-old" else low > parity
            minutes = (time.perf_counter() - start) / 60
            print(f"| {players} | {bot} | {opponent} | {rate:.1%} ({low:.1%}-{high:.1%}) | "
                  f"{parity:.0%} | {'yes' if met else 'no'} | {minutes:.1f} |", flush=True)


if __name__ == "__main__":
    main()
