"""The ladder of a game at one table size: the anchors measured once and held, then every other
bot matched against the ratings on the ladder until its own is known (agents.play.ladder); the
results merged into a results file, from which the tables are written.

    python3 benchmarks/ladder.py --game aquilon [--players 3] [--bots baseline,ismcts:1000,...]
                                 [--anchors random,heuristic,ismcts:200] [--sigma 1.0]
                                 [--min-pair-games 20] [--max-games 2000] [--seconds 0.1]
                                 [--workers 2] [--max-moves 500] [--seed 0]
                                 [--results docs/results/ladder.json] [--note TEXT] [--fresh]
    python3 benchmarks/ladder.py --tables [--results docs/results/ladder.json]

`--players` defaults to the game's training count. Bots (default): baseline, ismcts:1000, and
ISMCTS and az at the same time per decision (`ismcts:<seconds>s`, `az:<seconds>s`); those of
the defaults that cannot play the table size are left out, saying so. A bot already on the
ladder of that game and size is kept as it is (`--fresh` measures the ladder again from its
anchors). Each measurement is merged into `--results` as soon as it ends, so a run stopped
midway resumes from its last bot. A game longer than `--max-moves` (default: the az recipe's
self-play limit, 500, 1,000 and 2,000 moves) is cut and counts as a draw: in Simurgh, whose
rules let players who never lay or clear a tile play forever, a search bot would otherwise
search every move of a stalled game up to the play limit. `--workers` beyond the table size
play more rotations of each table between two choices of opponents.

`--tables` writes the README's ladder section from the results file; the documentation's
tables (docs/results/ladder.md) are built from it with the site (docs/ladder_tables.py).
"""

from __future__ import annotations

import argparse
import math
import os
import sys
from pathlib import Path

from agents.az.recipe import AZRecipe
from agents.bots import misfit
from agents.cli.arguments import bot_list
from agents.games import installed_games, load_game
from agents.play.ladder import (
    ANCHORS,
    Ladder,
    Settings,
    load_ladders,
    measure_anchors,
    measure_bot,
    save_ladder,
)
from agents.play.ladder_markdown import ladder_section, ladder_summary

ROOT = Path(__file__).resolve().parent.parent
RESULTS = ROOT / "docs" / "results" / "ladder.json"
README = ROOT / "README.md"
SUMMARY_START = ("<!-- ladder-summary: written by `python3 benchmarks/ladder.py --tables` from "
                 "docs/results/ladder.json -->")
SUMMARY_END = "<!-- /ladder-summary -->"


def default_bots(seconds: float) -> list[str]:
    """The bots measured when none are named: baseline, ismcts:1000, and ISMCTS and az at
    `seconds` a decision."""
    return ["baseline", "ismcts:1000", f"ismcts:{seconds:g}s", f"az:{seconds:g}s"]


def with_summary(readme: str, summary: str) -> str:
    """The README's text with `summary` between its ladder markers; ValueError if it has not
    both, in order."""
    start, end = readme.find(SUMMARY_START), readme.find(SUMMARY_END)
    if start < 0 or end < start:
        raise ValueError(f"the README has no ladder section ({SUMMARY_START} ... "
                         f"{SUMMARY_END})")
    return readme[:start + len(SUMMARY_START)] + "\n" + summary + "\n" + readme[end:]


def parse(argv: list[str] | None = None) -> argparse.Namespace:
    """The options, every one checked before any game is played (parser.error, one line)."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", choices=installed_games())
    parser.add_argument("--players", type=int, default=None,
                        help="the table size (default: the game's training count)")
    parser.add_argument("--bots", default=None, help="comma-separated bot specs to measure")
    parser.add_argument("--anchors", default=",".join(ANCHORS),
                        help="comma-separated bot specs measured first and then held")
    parser.add_argument("--sigma", type=float, default=1.0,
                        help="measure a bot until its sigma is at most this (mu starts at 25)")
    parser.add_argument("--min-pair-games", type=int, default=20,
                        help="and until it has met every bot on the ladder this many times")
    parser.add_argument("--max-games", type=int, default=2000,
                        help="but stop a bot's measurement after this many games")
    parser.add_argument("--seconds", type=float, default=0.1,
                        help="time per decision of the default ismcts:<seconds>s and "
                             "az:<seconds>s")
    parser.add_argument("--workers", type=int, default=os.cpu_count())
    parser.add_argument("--max-moves", type=int, default=None,
                        help="cut a game at this many moves, as a draw (default: the az "
                             "recipe's self-play limit)")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--results", default=str(RESULTS),
                        help="the results file the ladder is merged into")
    parser.add_argument("--note", default="", help="a word on this run, kept with its results")
    parser.add_argument("--fresh", action="store_true",
                        help="measure the ladder of this game and size again from its anchors")
    parser.add_argument("--tables", action="store_true",
                        help="write the README's ladder section from the results file, only")
    args = parser.parse_args(argv)
    if not Path(args.results).parent.is_dir():
        parser.error(f"--results {args.results}: there is no folder "
                     f"{Path(args.results).parent}")
    try:
        args.ladders = load_ladders(args.results)
    except ValueError as error:
        parser.error(str(error))
    if args.tables:
        return args
    if args.game is None:
        parser.error("--game is needed to measure a ladder (or --tables to write the tables)")
    spec = load_game(args.game).SPEC
    args.players = spec.train_players if args.players is None else args.players
    if not spec.min_players <= args.players <= spec.max_players:
        parser.error(f"--players {args.players}: {args.game} is played by {spec.min_players} "
                     f"to {spec.max_players} players")
    if not (math.isfinite(args.sigma) and args.sigma > 0):
        parser.error(f"--sigma must be a number above 0, got {args.sigma}")
    for flag, value, least in (("--min-pair-games", args.min_pair_games, 1),
                               ("--max-games", args.max_games, 1),
                               ("--workers", args.workers, 1)):
        if value < least:
            parser.error(f"{flag} must be at least {least}, got {value}")
    if not (math.isfinite(args.seconds) and args.seconds > 0):
        parser.error(f"--seconds must be a number above 0, got {args.seconds}")
    if args.max_moves is not None and args.max_moves < 10:
        parser.error(f"--max-moves must be at least 10, got {args.max_moves}")
    args.max_moves = args.max_moves or AZRecipe.for_game(args.game).max_moves
    try:
        args.anchors = bot_list(args.anchors)
        named = args.bots is not None
        args.bots = bot_list(args.bots) if named else default_bots(args.seconds)
    except ValueError as error:
        parser.error(str(error))
    for flag, bots in (("--anchors", args.anchors), ("--bots", args.bots if named else [])):
        for bot in bots:
            if problem := misfit(bot, args.game, args.players):
                parser.error(f"{flag} {bot}: {problem}")
    if len(set(args.anchors)) < 2 or len(set(args.anchors)) < len(args.anchors):
        parser.error(f"--anchors needs two bots or more, each named once, got "
                     f"{','.join(args.anchors)}")
    if len(set(args.bots)) < len(args.bots):
        parser.error(f"--bots names a bot twice: {','.join(args.bots)}")
    stored = args.ladders.get((args.game, args.players))
    if stored and not args.fresh and stored.anchors != args.anchors:
        parser.error(f"the {args.game} ladder at {args.players} players in {args.results} has "
                     f"the anchors {','.join(stored.anchors)}: name those, or --fresh to "
                     "measure it again")
    if not named:
        args.bots = fitting(args.bots, args.game, args.players)
    return args


def fitting(bots: list[str], game: str, players: int) -> list[str]:
    """The bots that can play `game` at `players` seats; a line on stderr for each left out."""
    kept = []
    for bot in bots:
        if problem := misfit(bot, game, players):
            print(f"{bot} left out: {problem}", file=sys.stderr)
        else:
            kept.append(bot)
    return kept


def main(argv: list[str] | None = None) -> None:
    """Measure the ladder asked and merge it into the results file, or write the README's
    tables."""
    args = parse(argv)
    if args.tables:
        README.write_text(with_summary(README.read_text(), ladder_summary(args.ladders)))
        print(f"wrote the ladder section of {README} from {args.results}")
        return
    settings = Settings(args.sigma, args.min_pair_games, args.max_games, args.max_moves,
                        args.seed, args.workers, args.note)
    ladder = None if args.fresh else args.ladders.get((args.game, args.players))
    if ladder is None:
        ladder = Ladder(args.game, args.players, args.anchors)
        measure_anchors(ladder, settings)
        save_ladder(args.results, ladder)
        for anchor in ladder.anchors:
            report(ladder, anchor)
    for bot in args.bots:
        if bot in ladder.ratings:
            print(f"{bot}: on the ladder already, kept")
            continue
        measure_bot(ladder, bot, settings)
        save_ladder(args.results, ladder)
        report(ladder, bot)
    print()
    print(ladder_section(ladder))


def report(ladder: Ladder, bot: str) -> None:
    """A line on a bot just measured."""
    rating = ladder.ratings[bot]
    stop = "" if rating.met else " (stopped at --max-games before the stop rule)"
    print(f"{bot}: {rating.mu:.1f} ± {rating.sigma:.1f} after {rating.measured_games:,} games "
          f"in {rating.run['seconds']:,.0f} s{stop}", flush=True)


if __name__ == "__main__":
    main()
