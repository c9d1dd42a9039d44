"""The learning curve of a training run (its evaluations: `agents.play.evaluate`); shared by
every recipe."""

from __future__ import annotations

import csv
from pathlib import Path

import numpy as np


def write_curve(out: Path, curve: list[dict], title: str | None = None,
                parity: float = 0.5, labels: dict[str, str] | None = None,
                xlabel: str = "learner decisions",
                x_range: tuple[float, float] | None = None,
                stem: str = "learning_curve") -> None:
    """Write the evaluations as out/<stem>.csv and out/<stem>.png: one line
    per opponent named in the rows (`<opponent>_win`, `_low`, `_high`), over the rows that
    have it (against `steps`), with its intervals as error bars, and a dashed line at the win
    rate of equal players (`parity`). `labels`: the legend's text per opponent (default
    "vs <opponent>"); `x_range`: the x axis's limits (default: the steps')."""
    fields = list(dict.fromkeys(key for row in curve for key in row))
    with open(out / f"{stem}.csv", "w", newline="") as f:
        writer = csv.DictWriter(f, fieldnames=fields)
        writer.writeheader()
        writer.writerows(curve)
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt
    from matplotlib.ticker import MaxNLocator

    colours = ("#4a7fb0", "#b0574a", "#5a9a5a", "#8a6ab0")
    opponents = [key[:-4] for key in fields if key.endswith("_win")]
    every_step = [row["steps"] for row in curve]
    low_x, high_x = x_range or (min(every_step), max(every_step))
    dodge = 0.012 * ((high_x - low_x) or 1)  # side by side, so that the bars stay apart
    fig, ax = plt.subplots(figsize=(7.5, 3.6))
    for i, (bot, colour) in enumerate(zip(opponents, colours, strict=False)):
        rows = [row for row in curve if f"{bot}_win" in row]
        steps = np.array([row["steps"] for row in rows]) + (i - (len(opponents) - 1) / 2) * dodge
        win = np.array([row[f"{bot}_win"] for row in rows])
        spread = [win - [row[f"{bot}_low"] for row in rows],
                  [row[f"{bot}_high"] for row in rows] - win]
        ax.errorbar(steps, win, yerr=spread, marker="o", color=colour, capsize=3,
                    label=(labels or {}).get(bot, f"vs {bot}"))
    ax.axhline(parity, color="#888888", linestyle="--", linewidth=1, label="parity")
    ax.set_ylim(0, 1)
    ax.xaxis.set_major_locator(MaxNLocator(integer=True))
    if x_range:
        ax.set_xlim(*x_range)
    if title:
        ax.set_title(title, fontsize=10)
    ax.set_xlabel(xlabel)
    ax.set_ylabel("win rate (95% CI)")
    ax.legend(loc="center left", bbox_to_anchor=(1.01, 0.5), fontsize=8)
    fig.tight_layout()
    fig.savefig(out / f"{stem}.png", dpi=110)
    plt.close(fig)
