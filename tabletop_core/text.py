"""What every game's text module shares: the viewer convention and small formatting pieces.

Every text is written for a viewer (tabletop_core.spec): a seat 0..P-1, or `PUBLIC` (-1), the
spectator who sees only what every seat sees. A text contains nothing its viewer may not know.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable

import numpy as np

PUBLIC = -1  # the spectator: only what every seat sees

FINISHED_HEADER = "Game over: the final count, every holding shown."


def check_viewer(viewer: object, num_players: int) -> int:
    """`viewer` as an int if it is PUBLIC or a seat of the game, else ValueError."""
    if isinstance(viewer, bool) or not isinstance(viewer, int | np.integer):
        raise ValueError(f"viewer must be a seat 0..{num_players - 1} or -1 (public), "
                         f"got {viewer!r}")
    if not PUBLIC <= viewer < num_players:
        raise ValueError(f"viewer must be a seat 0..{num_players - 1} or -1 (public), "
                         f"got {viewer}")
    return int(viewer)


def require_legal(legal_mask: Callable, num_actions: int, state: np.ndarray,
                  action: object) -> int:
    """`action` as an int if it is legal for the seat to act in `state`, else ValueError
    (one line naming the problem). Descriptions exist only for legal actions: an id that is
    not legal now may refer to hidden things (a deck's top cards, unrevealed positions)."""
    if isinstance(action, bool) or not isinstance(action, int | np.integer):
        raise ValueError(f"action must be an integer id, got {action!r}")
    mask = np.zeros(num_actions, np.uint8)
    legal_mask(state, mask)
    if not mask.any():
        raise ValueError("no action is legal: the game is over")
    if not 0 <= action < num_actions or not mask[int(action)]:
        raise ValueError(f"action {action} is not legal now; legal: "
                         f"{compact_ranges(np.flatnonzero(mask))}")
    return int(action)


def compact_ranges(ids: Iterable[int]) -> str:
    """Sorted integers as ranges, e.g. [0, 1, 2, 5] -> '0-2, 5'."""
    parts: list[str] = []
    run: list[int] = []
    for i in sorted(int(x) for x in ids):
        if run and i == run[-1] + 1:
            run.append(i)
            continue
        if run:
            parts.append(f"{run[0]}-{run[-1]}" if len(run) > 1 else str(run[0]))
        run = [i]
    if run:
        parts.append(f"{run[0]}-{run[-1]}" if len(run) > 1 else str(run[0]))
    return ", ".join(parts)


def plural(count: int, word: str, words: str | None = None) -> str:
    """'1 card', '2 cards' (or the given plural)."""
    return f"{count} {word if count == 1 else (words or word + 's')}"


def a_or_an(word: str) -> str:
    """`word` with its indefinite article by its first letter: 'a Castle', 'an Arena'."""
    return f"{'an' if word[:1].lower() in 'aeiou' else 'a'} {word}"


def listing(items: Iterable[str], empty: str = "-") -> str:
    """Items joined by ', ', or `empty` when there are none."""
    items = list(items)
    return ", ".join(items) if items else empty


def seat_title(word: str, seat: int, viewer: int) -> str:
    """'Player 2', or 'Player 2 (you)' in that seat's own view."""
    return f"{word} {seat}{' (you)' if seat == viewer else ''}"
