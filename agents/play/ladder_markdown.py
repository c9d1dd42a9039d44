"""The ladder's tables in Markdown, from the ladders of a results file (agents.play.ladder): a
section per (game, table size) for the documentation, and for the README one table per game,
a column per table size."""

from __future__ import annotations

import json

from agents.games import load_game
from agents.play.ladder import Ladder
from agents.play.tournament import wilson_interval

UNMET = "†"  # marks a rating whose bot stopped at its most games before meeting the stop rule


def ranked(ladder: Ladder) -> list[str]:
    """The ladder's bots by rating, highest first."""
    return sorted(ladder.ratings, key=lambda bot: (-ladder.ratings[bot].mu, bot))


def rating_text(ladder: Ladder, bot: str) -> str:
    """A bot's rating as the tables write it: mu ± sigma, marked if the stop rule was not
    met."""
    rating = ladder.ratings[bot]
    return f"{rating.mu:.1f} ± {rating.sigma:.1f}" + ("" if rating.met else f" {UNMET}")


def ladder_table(ladder: Ladder) -> str:
    """A row per bot, by rating: its rating, the games that measured it, its mean place, and
    its share of the games it sat in with each column's bot in which it finished ahead (ties
    half), with the 95% interval and the number of those games."""
    order = ranked(ladder)
    lines = ["| bot | rating (mu ± sigma) | games measured | mean place | "
             + " | ".join(f"vs {bot}" for bot in order) + " |",
             "|---|---:|---:|---:|" + "---:|" * len(order)]
    for bot in order:
        rating = ladder.ratings[bot]
        cells = []
        for other in order:
            games, ahead = ladder.pair(bot, other)
            if other == bot or not games:
                cells.append("")
                continue
            low, high = wilson_interval(ahead, games)
            cells.append(f"{ahead / games:.0%} ({low:.0%}-{high:.0%}) of {games:,}")
        name = f"{bot} (anchor)" if rating.anchor else bot
        place = f"{rating.places / rating.seats:.2f}" if rating.seats else ""
        lines.append(f"| {name} | {rating_text(ladder, bot)} | {rating.measured_games:,} | "
                     f"{place} | " + " | ".join(cells) + " |")
    return "\n".join(lines)


def runs(ladder: Ladder) -> list[str]:
    """A sentence per run that measured bots of the ladder: its date, stop rule, move limit,
    seed and workers, the time each measurement took, and its note."""
    groups: dict[str, list[str]] = {}
    for bot in ranked(ladder):
        run = {k: v for k, v in ladder.ratings[bot].run.items() if k != "seconds"}
        groups.setdefault(json.dumps(run, sort_keys=True), []).append(bot)
    sentences = []
    for key, bots in groups.items():
        run = json.loads(key)
        anchors = [bot for bot in bots if ladder.ratings[bot].anchor]
        times = ([f"the anchors in {ladder.ratings[anchors[0]].run['seconds']:,.0f} s"]
                 if anchors else [])
        times += [f"{bot} in {ladder.ratings[bot].run['seconds']:,.0f} s" for bot in bots
                  if bot not in anchors]
        limit = ("the game's play limit" if run["max_moves"] is None
                 else f"{run['max_moves']:,} moves")
        workers = f"{run['workers']} worker{'' if run['workers'] == 1 else 's'}"
        sentences.append(
            f"Measured {run['date']}: to sigma {run['sigma']:g} with at least "
            f"{run['min_pair_games']} games a pair, at most {run['max_games']:,} games a "
            f"bot, games cut at {limit} as draws; seed {run['seed']}, {workers} on "
            f"{run['cpus']} cores: {', '.join(times)}." + (f" {run['note']}" if run["note"]
                                                           else ""))
    return sentences


def ladder_section(ladder: Ladder) -> str:
    """A ladder's section of the documentation: its heading, its games, its table and the
    runs that measured it."""
    title = load_game(ladder.game).SPEC.title
    lines = [f"### {title}, {ladder.players} players", "",
             f"{ladder.games:,} games, {ladder.cut:,} of them cut at the move limit; anchors "
             f"{', '.join(ladder.anchors)}; a mean place of {(ladder.players + 1) / 2:g} is "
             "parity.", "", ladder_table(ladder), ""]
    lines += [sentence + "\n" for sentence in runs(ladder)]
    if not all(rating.met for rating in ladder.ratings.values()):
        lines.append(f"{UNMET} stopped at its most games before meeting the stop rule.\n")
    return "\n".join(lines).rstrip("\n")


def ladder_sections(ladders: dict[tuple[str, int], Ladder]) -> str:
    """Every ladder's section, by game and table size."""
    if not ladders:
        return "No ladder has been measured yet."
    return "\n\n".join(ladder_section(ladders[key]) for key in sorted(ladders))


def ladder_summary(ladders: dict[tuple[str, int], Ladder]) -> str:
    """For the README: a table per game, a row per bot and its rating at each table size
    measured (each size a ladder of its own), then the dates and notes of the runs."""
    if not ladders:
        return "No ladder has been measured yet."
    blocks = []
    for game in sorted({game for game, _ in ladders}):
        sizes = sorted(players for g, players in ladders if g == game)
        at = [ladders[(game, players)] for players in sizes]
        bots = sorted({bot for ladder in at for bot in ladder.ratings}, key=lambda bot: next(
            (-ladder.ratings[bot].mu, bot) for ladder in at if bot in ladder.ratings))
        lines = [f"{load_game(game).SPEC.title}:", "",
                 "| bot | " + " | ".join(f"{players} players" for players in sizes) + " |",
                 "|---|" + "---:|" * len(sizes)]
        for bot in bots:
            cells = [rating_text(ladder, bot) if bot in ladder.ratings else ""
                     for ladder in at]
            lines.append(f"| {bot} | " + " | ".join(cells) + " |")
        runs = [rating.run for ladder in at for rating in ladder.ratings.values()]
        dates = sorted({run["date"] for run in runs})
        notes = sorted({run["note"] for run in runs if run["note"]})
        lines += ["", " ".join([f"Measured {', '.join(dates)}.", *notes])]
        blocks.append("\n".join(lines))
    if any(not rating.met for ladder in ladders.values() for rating in ladder.ratings.values()):
        blocks.append(f"{UNMET} stopped at its most games before meeting the stop rule.")
    return "\n\n".join(blocks)
