"""Evaluating a trained bot during training, and the learning curve; shared by every backend."""

from __future__ import annotations

import csv
from pathlib import Path

import numpy as np

from agents.tournament import run_tournament, wilson_interval


def evaluate_bot(game: str, num_players: int, bot: str, opponent: str, games: int,
                 seed: int = 10_000) -> tuple[float, float, float]:
    """Share of games won by `bot`'s seats (and its 95% interval) against `opponent`; the two
    fill the table alternately with seats rotated, so equal players would score 50%."""
    _, records = run_tournament(game, num_players, [bot, opponent], games, seed=seed,
                                workers=1, progress=False)
    won = 0.0
    for r in records:
        best = max(r.rewards)
        winners = [s for s, x in enumerate(r.rewards) if x == best]
        won += sum(r.bots[s] == bot for s in winners) / len(winners)
    low, high = wilson_interval(won, len(records))
    return won / len(records), low, high


def write_curve(out: Path, curve: list[dict]) -> None:
    """Write the evaluations as out/learning_curve.csv and out/learning_curve.png."""
    with open(out / "learning_curve.csv", "w", newline="") as f:
        writer = csv.DictWriter(f, fieldnames=list(curve[0]))
        writer.writeheader()
        writer.writerows(curve)
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    steps = np.array([row["steps"] for row in curve])
    fig, ax = plt.subplots(figsize=(6, 3.6))
    for bot, colour in (("random", "#4a7fb0"), ("heuristic", "#b0574a")):
        rate = np.array([row[f"{bot}_win"] for row in curve])
        ax.plot(steps, rate, marker="o", color=colour, label=f"vs {bot}")
        ax.fill_between(steps, [row[f"{bot}_low"] for row in curve],
                        [row[f"{bot}_high"] for row in curve], color=colour, alpha=0.2)
    ax.set_ylim(0, 1)
    ax.set_xlabel("learner decisions")
    ax.set_ylabel("win rate (95% CI)")
    ax.legend()
    fig.tight_layout()
    fig.savefig(out / "learning_curve.png", dpi=110)
    plt.close(fig)
