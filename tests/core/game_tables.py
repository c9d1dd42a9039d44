"""The tables the suites written once run on, read from the registry (tabletop_core.games):
every registered game, each of its player counts, and the combinations of the option values a
game lists in OPTION_CHOICES (its other options, and every option of a game not listed there,
at the defaults of its `GameSpec.options`); for the suites that play one table of each game,
the options under which it has every kind of decision (FULL_OPTIONS)."""

from __future__ import annotations

import itertools
from typing import Any

import pytest

from tabletop_core.games import game_names, game_spec

GAMES = game_names()

# The values of a game's options that the suites vary (a spec holds only the defaults).
OPTION_CHOICES: dict[str, dict[str, tuple[Any, ...]]] = {
    # True first: at 2 players the suites sampling every other decision meet no sealed bid,
    # so the spread tables give the hidden bids to the even counts
    "goofspiel": {"imp_info": (True, False)},
    "simurgh": {"mode": ("spearman", "dragonlord"), "length": ("short", "medium", "long")},
}

# The options under which a game has every kind of decision and of hidden information it knows
# (Simurgh's sealed dragon pick exists only in Dragonlord mode; Goofspiel's hands are hidden
# only with imp_info), for the suites that play one table of each game.
FULL_OPTIONS: dict[str, dict[str, Any]] = {"simurgh": {"mode": "dragonlord"},
                                           "goofspiel": {"imp_info": True}}


def full_options(name: str) -> dict[str, Any]:
    """The options of game `name` under which it has every kind of decision ({}: defaults)."""
    options = dict(FULL_OPTIONS.get(name, {}))
    unknown = set(options) - {k for k, _ in game_spec(name).options}
    assert not unknown, f"{name} has no option {sorted(unknown)}"
    return options


def player_counts(name: str) -> range:
    """Every table size of game `name`."""
    spec = game_spec(name)
    return range(spec.min_players, spec.max_players + 1)


def _choices(name: str, only: tuple[str, ...]) -> dict[str, tuple[Any, ...]]:
    """The varied options of game `name` (those of `only`, if named) and their values."""
    choices = OPTION_CHOICES.get(name, {})
    unknown = set(choices) - {k for k, _ in game_spec(name).options}
    assert not unknown, f"{name} has no option {sorted(unknown)}"
    return {k: v for k, v in choices.items() if not only or k in only}


def option_combinations(name: str, *only: str) -> list[dict[str, Any]]:
    """Every combination of the varied option values of game `name` (of the options `only`,
    if named), as `make_config`/`raw_env` keywords; [{}] for a game whose options are all left
    at their defaults."""
    choices = _choices(name, only)
    return [dict(zip(choices, values, strict=True))
            for values in itertools.product(*choices.values())]


def tables(name: str, *only: str, counts=None) -> list[tuple[int, dict[str, Any]]]:
    """(player count, options) of game `name`: every count (or those of `counts`) with every
    combination of option_combinations(name, *only), count first."""
    counts = player_counts(name) if counts is None else counts
    return [(n, options) for n in counts for options in option_combinations(name, *only)]


def spread_tables(name: str, *only: str) -> list[tuple[int, dict[str, Any]]]:
    """(player count, options) of game `name`: each count once, the k-th with the k-th value
    of each varied option (of those `only`, if named; cycling), so that every count and every
    value of an option are met (if it has no more values than the game has counts)."""
    choices = _choices(name, only)
    return [(n, {k: v[i % len(v)] for k, v in choices.items()})
            for i, n in enumerate(player_counts(name))]


def table_id(name: str, num_players: int, options: dict[str, Any]) -> str:
    """A test id, e.g. "simurgh-3p-dragonlord-short"."""
    return "-".join([name, f"{num_players}p", *(str(v) for v in options.values())])


def game_tables(*only: str, spread: bool = False) -> list:
    """pytest params (game, num_players, options) of every registered game's tables: those of
    `tables`, or with `spread` those of `spread_tables`."""
    return [pytest.param(name, n, options, id=table_id(name, n, options))
            for name in GAMES
            for n, options in (spread_tables if spread else tables)(name, *only)]
