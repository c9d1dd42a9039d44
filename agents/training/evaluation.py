"""Evaluating a trained bot during training, and the learning curve; shared by every backend."""

from __future__ import annotations

import csv
import sys
from pathlib import Path

import numpy as np

from agents.play.tournament import run_tournament, truncation_note, wilson_interval


def evaluate_bot(game: str, num_players: int, bot: str, opponent: str, games: int,
                 seed: int = 10_000, one_seat: bool = False,
                 workers: int = 1, max_moves: int | None = -1) -> tuple[float, float, float]:
    """Share of games won by `bot`'s seats (and its 95% interval) against `opponent`, seats
    rotated. The two fill the table alternately, so equal players would score 50%; with
    `one_seat`, `bot` plays one seat against `opponent` in all the others (parity
    1 / num_players). A game cut at `max_moves` (default: the game's play limit) is a draw."""
    table = [bot] + [opponent] * (num_players - 1) if one_seat else [bot, opponent]
    _, records = run_tournament(game, num_players, table, games, seed=seed,
                                workers=workers, progress=False, max_moves=max_moves)
    note = truncation_note(records)
    if note:
        print(f"evaluation of {bot} against {opponent}: {note}", file=sys.stderr)
    won = 0.0
    for r in records:
        best = max(r.rewards)
        winners = [s for s, x in enumerate(r.rewards) if x == best]
        won += sum(r.bots[s] == bot for s in winners) / len(winners)
    low, high = wilson_interval(won, len(records))
    return won / len(records), low, high


def write_curve(out: Path, curve: list[dict], title: str | None = None,
                parity: float = 0.5, labels: dict[str, str] | None = None,
                xlabel: str = "learner decisions") -> None:
    """Write the evaluations as out/learning_curve.csv and out/learning_curve.png: one line
    per opponent named in the rows (`<opponent>_win`, `_low`, `_high`), over the rows that
    have it (against `steps`), and a dashed line at the win rate of equal players (`parity`).
    `labels`: the legend's text per opponent (default "vs <opponent>")."""
    fields = list(dict.fromkeys(key for row in curve for key in row))
    with open(out / "learning_curve.csv", "w", newline="") as f:
        writer = csv.DictWriter(f, fieldnames=fields)
        writer.writeheader()
        writer.writerows(curve)
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    colours = ("#4a7fb0", "#b0574a", "#5a9a5a", "#8a6ab0")
    opponents = [key[:-4] for key in fields if key.endswith("_win")]
    fig, ax = plt.subplots(figsize=(6, 3.6))
    for bot, colour in zip(opponents, colours, strict=False):
        rows = [row for row in curve if f"{bot}_win" in row]
        steps = np.array([row["steps"] for row in rows])
        ax.plot(steps, [row[f"{bot}_win"] for row in rows], marker="o", color=colour,
                label=(labels or {}).get(bot, f"vs {bot}"))
        ax.fill_between(steps, [row[f"{bot}_low"] for row in rows],
                        [row[f"{bot}_high"] for row in rows], color=colour, alpha=0.2)
    ax.axhline(parity, color="#888888", linestyle="--", linewidth=1, label="parity")
    ax.set_ylim(0, 1)
    if title:
        ax.set_title(title, fontsize=10)
    ax.set_xlabel(xlabel)
    ax.set_ylabel("win rate (95% CI)")
    ax.legend()
    fig.tight_layout()
    fig.savefig(out / "learning_curve.png", dpi=110)
    plt.close(fig)
