"""Aquilon score calibration: how much each term of the score sheet is worth in real games.

Plays heuristic self-play (and random play) games for every player count in one numba batch
(`prange`), the heuristic deciding on a state determinized from its own seat as a bot would,
and prints, per player count: the mean score and its 5-95% range, the winner's mean, the mean
of every term of the rulebook's score sheet (p. 13) over all seats, and each term's mean share
of the winner's score. docs/rules/aquilon.md ("Score calibration") keeps the table.

    python3 benchmarks/scores.py [--games 300] [--random-games 1000] [--markdown]
"""

from __future__ import annotations

import argparse
import time

import numpy as np
from numba import njit, prange

from agents.bots.heuristics.aquilon import choose
from aquilon_env.data import MAX_LORDS, MIN_LORDS
from aquilon_env.engine import (
    NUM_ACTIONS,
    STATE_SIZE,
    current_player,
    determinize,
    init,
    legal_mask,
    play,
)
from aquilon_env.engine.scoring import NUM_TERMS, TERM_NAMES, bravery_term, final_scores
from tabletop_core.rng import RNG_WORDS, derive_seed, rng_below, rng_next, rng_seed

HEURISTIC, RANDOM = 0, 1


@njit(cache=False, parallel=True)
def play_games(num_players, base_seed, games, policy, terms, winners):
    """Play `games` games with `policy` (HEURISTIC or RANDOM) at every seat; write each seat's
    final terms into terms[game, seat, :] and the winners into winners[game, seat] (1 for a
    winner, shared wins included)."""
    config = np.array([num_players], np.int32)
    for g in prange(games):
        state = np.zeros(STATE_SIZE, np.int32)
        init(state, config, derive_seed(base_seed, g, 0))
        rng = np.zeros(RNG_WORDS, np.int32)
        rng_seed(rng, 0, derive_seed(base_seed, g, 1))
        mask = np.zeros(NUM_ACTIONS, np.uint8)
        while True:
            seat = current_player(state)
            if seat < 0:
                break
            legal_mask(state, mask)
            if policy == RANDOM:
                legal = np.flatnonzero(mask)
                action = legal[rng_below(rng, 0, legal.shape[0])]
            else:
                sample = state.copy()
                determinize(sample, seat, rng_next(rng, 0))
                action = choose(sample, seat, mask, rng)
            play(state, action)
        scores = np.zeros(num_players, np.float64)
        keys = np.zeros(num_players, np.int64)
        final_scores(state, scores, keys)
        best = keys.max()
        for seat in range(num_players):
            winners[g, seat] = keys[seat] == best
            for term in range(NUM_TERMS):
                terms[g, seat, term] = bravery_term(state, seat, term)


def measure(num_players: int, games: int, policy: int, seed: int = 0) -> dict:
    """Statistics of `games` games at `num_players` Lords under `policy`."""
    terms = np.zeros((games, num_players, NUM_TERMS), np.int64)
    winners = np.zeros((games, num_players), np.bool_)
    play_games(num_players, seed + 1000 * num_players + policy, games, policy, terms, winners)
    totals = terms.sum(axis=2)
    won = np.argwhere(winners)  # (game, seat) of every winner
    win_terms = terms[won[:, 0], won[:, 1]].astype(np.float64)
    win_totals = win_terms.sum(axis=1)
    shares = win_terms / np.maximum(win_totals, 1)[:, None]
    return {
        "players": num_players,
        "games": games,
        "mean": totals.mean(),
        "p5": np.percentile(totals, 5),
        "p95": np.percentile(totals, 95),
        "winner": win_totals.mean(),
        "terms": terms.reshape(-1, NUM_TERMS).mean(axis=0),
        "shares": shares.mean(axis=0),
    }


def table(rows: list[tuple[str, dict]]) -> str:
    """A markdown table of the measurements: scores, term means and the winner's shares."""
    head = ("| play | Lords | games | mean | p5-p95 | winner's mean | "
            + " | ".join(TERM_NAMES) + " |")
    lines = [head, "|" + "---|" * (6 + NUM_TERMS)]
    for play_name, r in rows:
        cells = [f"{m:.0f} ({100 * s:.0f}%)" for m, s in zip(r["terms"], r["shares"],
                                                            strict=True)]
        lines.append(f"| {play_name} | {r['players']} | {r['games']} | {r['mean']:.0f} | "
                     f"{r['p5']:.0f}-{r['p95']:.0f} | {r['winner']:.0f} | "
                     + " | ".join(cells) + " |")
    return "\n".join(lines)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--games", type=int, default=300, help="heuristic games per count")
    parser.add_argument("--random-games", type=int, default=1000,
                        help="random games per count (0: none)")
    parser.add_argument("--players", type=int, nargs="*",
                        default=list(range(MIN_LORDS, MAX_LORDS + 1)))
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args()
    start = time.perf_counter()
    rows = []
    for n in args.players:
        if args.random_games:
            rows.append(("random", measure(n, args.random_games, RANDOM, args.seed)))
        rows.append(("heuristic", measure(n, args.games, HEURISTIC, args.seed)))
    print(table(rows))
    print("\nEach term: mean over all seats (its mean share of the winner's score). "
          f"{time.perf_counter() - start:.0f} s with compilation.")


if __name__ == "__main__":
    main()
