"""Tournaments: N seeded games between bots with seats rotated, run on every core; win rates
with 95% confidence intervals, mean scores and OpenSkill ratings, as a table, JSON and a plot.

A seat is played by a bot spec, a `Bot` or a function of the seat's observation and mask
(`agents.bots.as_bot`); named bots and `<module>:<callable>` specs are built in each worker
process, objects are sent to them if they can be pickled, else every game runs here."""

from __future__ import annotations

import json
import math
import os
import pickle
import re
from collections import defaultdict
from concurrent.futures import ProcessPoolExecutor
from dataclasses import asdict, dataclass

import numpy as np
from openskill.models import PlackettLuce

from agents.bots import Seat, bot_name
from agents.play.journal import GameJournal
from agents.play.progress import progress_bar
from agents.play.records import GameRecord, game_seed, play_game

Z95 = 1.959963984540054


def seating(bots: list[Seat], num_players: int, game_index: int) -> list[Seat]:
    """Bots at the table for game g: seat s is played by bots[(g + s) mod len(bots)], so over
    any len(bots) consecutive games every bot plays every seat equally often (with more bots
    than seats, the tables also cycle through the bots)."""
    return [bots[(game_index + seat) % len(bots)] for seat in range(num_players)]


def wilson_interval(successes: float, trials: int) -> tuple[float, float]:
    """95% Wilson score interval for a proportion (shared wins count fractionally), within
    [0, 1] and around the observed rate even where rounding would leave it outside (0 and
    100% win rates give a bound of exactly 0 or 1)."""
    if trials == 0:
        return 0.0, 1.0
    p = successes / trials
    denom = 1 + Z95**2 / trials
    centre = (p + Z95**2 / (2 * trials)) / denom
    half = Z95 * math.sqrt(max(p * (1 - p), 0.0) / trials + Z95**2 / (4 * trials**2)) / denom
    return min(max(0.0, centre - half), p), max(min(1.0, centre + half), p)


def mean_half_width(values) -> float:
    """Half the width of the normal 95% interval of the mean of `values` (nan for fewer than
    two)."""
    values = np.asarray(values, np.float64)
    n = len(values)
    return float(Z95 * values.std(ddof=1) / math.sqrt(n)) if n > 1 else float("nan")


@dataclass
class BotResult:
    """One bot's results over a tournament."""

    bot: str
    seats_played: int
    wins: float
    win_rate: float
    win_low: float
    win_high: float
    mean_score: float
    score_half_width: float
    mean_reward: float
    rating_mu: float
    rating_sigma: float


def _play(args):
    return play_game(*args)


def _journaled(journal: GameJournal, jobs: list[tuple]) -> dict[int, GameRecord]:
    """The journal's games among `jobs` (those beyond them are left out), each checked to be
    the game its index deals (one-line ValueError)."""
    done = {}
    for g, record in journal.records.items():
        if g >= len(jobs):
            continue
        game, num_players, seats, seed, options, _ = jobs[g]
        if (record.game, record.num_players, record.seed, record.bots, record.options) != \
                (game, num_players, seed, [bot_name(b) for b in seats], options):
            raise ValueError(f"{journal.path}: game {g} is not the game this tournament "
                             "deals there (another game, seed, seating or options)")
        done[g] = record
    return done


def _picklable(bots: list[Seat]) -> bool:
    try:
        pickle.dumps(bots)
    except Exception:  # a lambda, a local function, an object holding a lock...
        return False
    return True


def run_tournament(
    game: str,
    num_players: int,
    bots: list[Seat],
    games: int,
    seed: int = 0,
    workers: int | None = None,
    progress: bool = True,
    options: dict | None = None,
    max_moves: int | None = -1,
    journal: GameJournal | None = None,
) -> tuple[list[BotResult], list[GameRecord]]:
    """Play `games` games (game g dealt from `game_seed(seed, g)`: the same `seed` plays the
    same games, but no game's seed follows from another's) and summarise them per bot.
    `max_moves` as in `play_game` (default: the game's play limit). A bot named twice plays
    as one (its results pooled); ValueError if two different bots share a name. With a
    `journal`, its games are not played again and each new game is kept in it as it ends."""
    first: dict[str, Seat] = {}
    for bot in bots:
        same = first.setdefault(bot_name(bot), bot)
        if same is not bot and not (isinstance(bot, str) and bot == same):
            raise ValueError(f"two different bots are named {bot_name(bot)!r}: their results "
                             "could not be told apart (give each a distinct name)")
    jobs = [
        (game, num_players, seating(bots, num_players, g), game_seed(seed, g), options or {},
         max_moves)
        for g in range(games)
    ]
    done = _journaled(journal, jobs) if journal is not None else {}
    todo = [g for g in range(games) if g not in done]
    workers = workers or os.cpu_count() or 1
    if workers > 1 and not _picklable(bots):
        workers = 1
    resumed = f" ({len(done)} more kept in {journal.path})" if done else ""
    bar = progress_bar(len(todo), f"{game} {num_players}p{resumed}", enabled=progress,
                       leave=False, unit="games")
    played = dict(done)

    def keep(g: int, record: GameRecord) -> None:
        played[g] = record
        if journal is not None:
            journal.add(g, record)
        bar.update()

    if workers == 1:
        for g in todo:
            keep(g, _play(jobs[g]))
    else:
        with ProcessPoolExecutor(max_workers=workers) as pool:
            for g, record in zip(todo, pool.map(_play, [jobs[g] for g in todo], chunksize=1),
                                 strict=True):
                keep(g, record)
    bar.close()
    records = [played[g] for g in range(games)]
    return summarise(records), records


def summarise(records: list[GameRecord]) -> list[BotResult]:
    """Win rates, scores, rewards and ratings per bot, from records in game order."""
    model = PlackettLuce()
    ratings = {}
    seats = defaultdict(int)
    wins = defaultdict(float)
    scores = defaultdict(list)
    rewards = defaultdict(list)
    for record in records:
        best = max(record.rewards)
        winners = [s for s, r in enumerate(record.rewards) if r == best]
        for seat, bot in enumerate(record.bots):
            seats[bot] += 1
            scores[bot].append(record.scores[seat])
            rewards[bot].append(record.rewards[seat])
            if seat in winners:
                wins[bot] += 1.0 / len(winners)
            ratings.setdefault(bot, model.rating(name=bot))
        # Higher reward = better place; OpenSkill ranks: lower is better.
        ranks = [-r for r in record.rewards]
        teams = model.rate([[ratings[b]] for b in record.bots], ranks=ranks)
        for bot in set(record.bots):
            mine = [t[0] for t, b in zip(teams, record.bots, strict=True) if b == bot]
            ratings[bot] = model.rating(
                mu=float(np.mean([r.mu for r in mine])),
                sigma=float(np.mean([r.sigma for r in mine])),
                name=bot,
            )
    results = []
    for bot in sorted(seats, key=lambda b: -ratings[b].mu):
        n = seats[bot]
        low, high = wilson_interval(wins[bot], n)
        s = np.array(scores[bot])
        half = mean_half_width(s)
        results.append(BotResult(
            bot, n, wins[bot], wins[bot] / n, low, high, float(s.mean()), float(half),
            float(np.mean(rewards[bot])), float(ratings[bot].mu), float(ratings[bot].sigma),
        ))
    return results


def truncation_note(records: list[GameRecord]) -> str | None:
    """A sentence on the games cut at their move limit (they count as draws), or None."""
    cut = [r for r in records if r.truncated]
    if not cut:
        return None
    return (f"{len(cut)} of {len(records)} games were cut at the move limit of "
            f"{cut[0].max_moves} moves (no result: they count as draws)")


def format_table(results: list[BotResult]) -> str:
    """The results as a Markdown table."""
    lines = [
        "| bot | seats | win rate (95% CI) | mean score (95% CI) | mean reward | rating |",
        "|---|---:|---:|---:|---:|---:|",
    ]
    for r in results:
        lines.append(
            f"| {r.bot} | {r.seats_played} | {r.win_rate:.1%} ({r.win_low:.1%}-{r.win_high:.1%})"
            f" | {r.mean_score:.1f} ± {r.score_half_width:.1f} | {r.mean_reward:+.3f}"
            f" | {r.rating_mu:.1f} ± {r.rating_sigma:.1f} |"
        )
    return "\n".join(lines)


def write_json(path: str, game: str, num_players: int, results: list[BotResult]) -> None:
    """Write the results as JSON."""
    with open(path, "w") as f:
        json.dump({"game": game, "num_players": num_players,
                   "results": [asdict(r) for r in results]}, f, indent=2)


LABEL_WIDTH = 16  # characters per line of a bot's name under the plots


def bot_label(name: str) -> str:
    """A bot's name in lines of at most LABEL_WIDTH characters, broken after ':' or '/' where
    it can be (a long checkpoint path stays readable without crossing its neighbours)."""
    lines, line = [], ""
    for part in re.findall(r"[^:/]*[:/]?", name):
        while len(line + part) > LABEL_WIDTH:
            if line:
                lines.append(line)
                line = ""
            else:
                lines.append(part[:LABEL_WIDTH])
                part = part[LABEL_WIDTH:]
        line += part
    return "\n".join(lines + [line] if line else lines)


def figure(title: str, results: list[BotResult]):
    """The matplotlib figure of `plot`: win rates with their 95% intervals, and ratings with
    their uncertainty, each bot's name under its column, the figure as wide as they need."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    names = [bot_label(r.bot) for r in results]
    x = np.arange(len(results))
    fig, (ax1, ax2) = plt.subplots(1, 2, figsize=(max(9.0, 2.4 * len(results)), 4.2))
    rates = np.array([r.win_rate for r in results])
    err = np.clip(np.array([[r.win_rate - r.win_low for r in results],
                            [r.win_high - r.win_rate for r in results]]), 0.0, None)
    ax1.bar(x, rates, yerr=err, capsize=4, color="#4a7fb0")
    ax1.set_xticks(x, names, fontsize=8)
    ax1.set_ylim(0, 1)
    ax1.set_ylabel("win rate (95% CI)")
    ax2.errorbar(x, [r.rating_mu for r in results], yerr=[r.rating_sigma for r in results],
                 fmt="o", capsize=4, color="#b0574a")
    ax2.set_xticks(x, names, fontsize=8)
    ax2.set_xlim(-0.5, len(results) - 0.5)
    ax2.set_ylabel("OpenSkill rating (mu ± sigma)")
    fig.suptitle(title)
    fig.tight_layout()
    return fig


def plot(path: str, title: str, results: list[BotResult]) -> None:
    """A PNG of `figure`."""
    import matplotlib.pyplot as plt

    fig = figure(title, results)
    fig.savefig(path, dpi=110)
    plt.close(fig)
