"""The ladder of one game at one table size: anchors measured once and then held, every other
bot matched against the ratings already there until its own is known, as MicroRTS-Py's league
does; and the results file that keeps the ladders of every (game, table size).

The anchors (`ANCHORS`: random, heuristic, ismcts:200) are measured first, in a round robin
among themselves that moves all their ratings (`measure_anchors`). Each other bot is then
measured alone against the bots already on the ladder (`measure_bot`): its table is itself and
the opponents `Ladder.opponents` picks, played once from every seat, and only its own rating
moves, until its sigma is at most the target and it has met every bot on the ladder
`min_pair_games` times, or it has played `max_games` games. Once measured, a rating is held
like the anchors': adding a bot changes no rating on the ladder, so ladders merge and resume.

A game's result is its finishing order (the rank rewards: places by score and the game's
tie-breaks, tied seats sharing a place), not only its winner: OpenSkill's Plackett-Luce model
rates a game of any number of seats from the order. A game cut at its move limit is a draw
among all its seats. The model has no drift term (tau 0): the bots do not change between
games, and OpenSkill's default (tau 25/300, added to every sigma before each game) would hold
a two-seat sigma above about 1.4 however many games were played.
"""

from __future__ import annotations

import datetime
import json
import os
import time
from collections.abc import Collection, Iterable
from dataclasses import asdict, dataclass, field
from itertools import combinations
from pathlib import Path

from openskill.models import PlackettLuce

from agents.play.records import GameRecord, game_seed, write_atomically
from agents.play.tournament import run_tournament

ANCHORS = ("random", "heuristic", "ismcts:200")
MODEL = PlackettLuce(tau=0.0)
ABOUT = ("benchmarks/ladder.py's results: one ladder per (game, players), anchors held fixed "
         "once measured (agents.play.ladder)")


@dataclass(frozen=True)
class Settings:
    """How bots are measured: the stop rule (the target sigma, the games against each other
    bot, at most `max_games` games) and how the games are played (`max_moves` None: the
    game's play limit; `note`: a word on the run, kept with its results)."""

    sigma: float = 1.0
    min_pair_games: int = 20
    max_games: int = 2000
    max_moves: int | None = None
    seed: int = 0
    workers: int = 1
    note: str = ""

    def run(self, start: float) -> dict:
        """What a measurement that began at `start` (time.perf_counter) records of its run."""
        return {"date": datetime.date.today().isoformat(), "sigma": self.sigma,
                "min_pair_games": self.min_pair_games, "max_games": self.max_games,
                "max_moves": self.max_moves, "seed": self.seed, "workers": self.workers,
                "cpus": os.cpu_count(), "seconds": round(time.perf_counter() - start, 1),
                "note": self.note}


@dataclass
class Rating:
    """A bot on a ladder: its rating, the games that moved it, whether the stop rule was met
    before `max_games`, its seats in every game it sat in (their places summed, 1 = first,
    tied seats sharing; first places, shared ones split) and the run that measured it."""

    mu: float = MODEL.mu
    sigma: float = MODEL.sigma
    anchor: bool = False
    measured_games: int = 0
    met: bool = False
    seats: int = 0
    places: float = 0.0
    wins: float = 0.0
    run: dict = field(default_factory=dict)


def places(rewards: list[float]) -> list[float]:
    """Each seat's place by its reward (1 = first); tied seats share the mean of the places
    they span."""
    return [1 + sum(x > r for x in rewards) + (sum(x == r for x in rewards) - 1) / 2
            for r in rewards]


@dataclass
class Ladder:
    """The ladder of `game` at `players` seats: each bot's `Rating`, and for each pair of bots
    (a, b), a < b, the games both sat in and a's share of them finishing ahead of b (ties
    half)."""

    game: str
    players: int
    anchors: list[str]
    ratings: dict[str, Rating] = field(default_factory=dict)
    pairs: dict[tuple[str, str], tuple[int, float]] = field(default_factory=dict)
    games: int = 0
    cut: int = 0

    def pair(self, a: str, b: str) -> tuple[int, float]:
        """(games both sat in, a's share of them finishing ahead of b)."""
        games, ahead = self.pairs.get((min(a, b), max(a, b)), (0, 0.0))
        return games, ahead if a < b else games - ahead

    def settled(self, bot: str, others: Iterable[str], settings: Settings) -> bool:
        """Whether `bot` meets the stop rule: sigma at most the target, and at least
        `min_pair_games` games with each of `others`."""
        return self.ratings[bot].sigma <= settings.sigma and all(
            self.pair(bot, other)[0] >= settings.min_pair_games for other in others
            if other != bot)

    def record(self, game: GameRecord, free: Collection[str]) -> None:
        """Count a game: the ratings of the bots in `free` moved by its finishing order (a bot
        in several seats by the mean of their moves), every other rating held; each seat's
        place; every pair's order."""
        teams = MODEL.rate([[MODEL.rating(mu=self.ratings[bot].mu,
                                          sigma=self.ratings[bot].sigma)]
                            for bot in game.bots], ranks=[-r for r in game.rewards])
        for bot in set(free).intersection(game.bots):
            mine = [team[0] for team, b in zip(teams, game.bots, strict=True) if b == bot]
            rating = self.ratings[bot]
            rating.mu = sum(r.mu for r in mine) / len(mine)
            rating.sigma = sum(r.sigma for r in mine) / len(mine)
            rating.measured_games += 1
        place = places(game.rewards)
        first = min(place)
        for seat, bot in enumerate(game.bots):
            rating = self.ratings[bot]
            rating.seats += 1
            rating.places += place[seat]
            rating.wins += (place[seat] == first) / place.count(first)
        for a, b in combinations(sorted(set(game.bots)), 2):
            mine = [place[s] for s, bot in enumerate(game.bots) if bot == a]
            theirs = [place[s] for s, bot in enumerate(game.bots) if bot == b]
            share = sum((p < q) + (p == q) / 2 for p in mine for q in theirs) / (
                len(mine) * len(theirs))
            games, ahead = self.pairs.get((a, b), (0, 0.0))
            self.pairs[(a, b)] = (games + 1, ahead + share)
        self.games += 1
        self.cut += game.truncated

    def opponents(self, bot: str, pool: list[str], min_pair_games: int) -> list[str]:
        """The other seats of `bot`'s next table, from `pool`: first the bots it has met
        fewest times while it has met any fewer than `min_pair_games` times, then the closest
        (OpenSkill's draw probability of the pair, highest first); each bot once while the
        pool lasts, then again from the first."""
        me = MODEL.rating(mu=self.ratings[bot].mu, sigma=self.ratings[bot].sigma)

        def order(other: str) -> tuple:
            met = self.pair(bot, other)[0]
            them = MODEL.rating(mu=self.ratings[other].mu, sigma=self.ratings[other].sigma)
            return (met >= min_pair_games, min(met, min_pair_games),
                    -MODEL.predict_draw([[me], [them]]), other)

        ranked = sorted(pool, key=order)
        return [ranked[k % len(ranked)] for k in range(self.players - 1)]

    def play(self, table: list[str], settings: Settings) -> list[GameRecord]:
        """`table` played once from every seat (seats rotated as `run_tournament` rotates
        them), again as many times as it takes to give every worker a game; dealt from the
        seed and the number of games the ladder holds."""
        rotations = -(-settings.workers // len(table))
        limit = -1 if settings.max_moves is None else settings.max_moves
        _, records = run_tournament(self.game, self.players, table, len(table) * rotations,
                                    seed=game_seed(settings.seed, self.games),
                                    workers=settings.workers, progress=False, max_moves=limit)
        return records

    def to_dict(self) -> dict:
        """The ladder as the results file keeps it."""
        return {"game": self.game, "players": self.players, "anchors": self.anchors,
                "games": self.games, "cut": self.cut,
                "bots": {bot: asdict(rating) for bot, rating in self.ratings.items()},
                "pairs": [{"bots": list(pair), "games": games, "ahead": ahead}
                          for pair, (games, ahead) in sorted(self.pairs.items())]}

    @classmethod
    def from_dict(cls, data: dict) -> Ladder:
        """A ladder from its form in the results file."""
        return cls(str(data["game"]), int(data["players"]), [str(a) for a in data["anchors"]],
                   {str(bot): Rating(**rating) for bot, rating in data["bots"].items()},
                   {(p["bots"][0], p["bots"][1]): (int(p["games"]), float(p["ahead"]))
                    for p in data["pairs"]}, int(data["games"]), int(data["cut"]))


def measure_anchors(ladder: Ladder, settings: Settings) -> None:
    """Measure the ladder's anchors in a round robin among themselves, every anchor's rating
    moving: each table of them (each set of `players` anchors; with fewer anchors than seats,
    all of them, seated in turn) played from every seat, round after round, while one of its
    anchors misses the stop rule among the anchors and has played fewer than `max_games`."""
    start = time.perf_counter()
    anchors = ladder.anchors
    for anchor in anchors:
        ladder.ratings[anchor] = Rating(anchor=True)
    tables = ([list(t) for t in combinations(anchors, ladder.players)]
              if len(anchors) >= ladder.players else [list(anchors)])

    def playing(anchor: str) -> bool:
        return (not ladder.settled(anchor, anchors, settings)
                and ladder.ratings[anchor].measured_games < settings.max_games)

    while live := [table for table in tables if any(playing(a) for a in table)]:
        for table in live:
            for record in ladder.play(table, settings):
                ladder.record(record, free=table)
    run = settings.run(start)
    for anchor in anchors:
        ladder.ratings[anchor].met = ladder.settled(anchor, anchors, settings)
        ladder.ratings[anchor].run = run


def measure_bot(ladder: Ladder, bot: str, settings: Settings) -> Rating:
    """Measure `bot` against the bots on the ladder, their ratings held: tables of it and
    the opponents `Ladder.opponents` picks, each played from every seat, only its rating
    moving, until it meets the stop rule or has played `max_games` games."""
    if bot in ladder.ratings:
        raise ValueError(f"{bot} is on the {ladder.game} ladder at {ladder.players} players "
                         "already")
    if not ladder.ratings:
        raise ValueError("measure the anchors first: a bot is measured against them")
    start = time.perf_counter()
    pool = list(ladder.ratings)
    rating = ladder.ratings[bot] = Rating()
    while (not ladder.settled(bot, pool, settings)
           and rating.measured_games < settings.max_games):
        table = [bot, *ladder.opponents(bot, pool, settings.min_pair_games)]
        for record in ladder.play(table, settings):
            ladder.record(record, free=[bot])
    rating.met = ladder.settled(bot, pool, settings)
    rating.run = settings.run(start)
    return rating


def load_ladders(path: str | Path) -> dict[tuple[str, int], Ladder]:
    """The ladders of a results file by (game, players): none if there is no such file;
    ValueError (one line) for a file that is not one."""
    path = Path(path)
    if not path.exists():
        return {}
    try:
        ladders = [Ladder.from_dict(data) for data in json.loads(path.read_text())["ladders"]]
    except KeyError as error:
        raise ValueError(f"{path} is not a ladder results file: no {error}") from None
    except (OSError, ValueError, TypeError, AttributeError, IndexError) as error:
        raise ValueError(f"{path} is not a ladder results file: {error}") from None
    return {(ladder.game, ladder.players): ladder for ladder in ladders}


def save_ladder(path: str | Path, ladder: Ladder) -> None:
    """Merge `ladder` into a results file (written atomically): the ladders of other games and
    table sizes in it, as it is on disk now, are kept."""
    ladders = load_ladders(path)
    ladders[(ladder.game, ladder.players)] = ladder
    data = {"about": ABOUT, "ladders": [ladders[key].to_dict() for key in sorted(ladders)]}
    write_atomically(path, json.dumps(data, indent=1) + "\n")
