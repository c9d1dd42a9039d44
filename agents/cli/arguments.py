"""What the commands share: one-line errors, argument types, game options and bot lists."""

from __future__ import annotations

import argparse
import math
import sys
from typing import Any

from agents.bots import BOT_FORMS, BOT_NAMES, parse_bot
from agents.games import GAME_NAMES, load_game

BOT_HELP = (
    f"comma-separated bots, one per seat, repeated to fill the table ({', '.join(BOT_NAMES)}, "
    "or your own as <module>:<callable>; ismcts and az take a budget: ismcts:2000 iterations "
    "or ismcts:0.5s per decision; baseline is the learned policy shipped for the game, "
    "baseline:<policy.npz> one of yours)"
)


OPTIONS_HELP = "GAME_OPTIONS"  # stands for the games' options in a help text until shown


class HelpFormatter(argparse.HelpFormatter):
    """Writes the games' options (`game_option_table`) into a help text only when the help is
    shown: reading them imports every game, whose first import compiles its engine."""

    def _expand_help(self, action: argparse.Action) -> str:
        text = super()._expand_help(action)
        if OPTIONS_HELP in text:
            text = text.replace(OPTIONS_HELP, "; ".join(
                f"{name}: {', '.join(f'{k} (default {v!r})' for k, v in opts)}"
                for name, opts in game_option_table().items() if opts))
        return text


class Parser(argparse.ArgumentParser):
    """argparse with its errors on one line: `tabletop: error: ...`, exit status 2 (its
    subcommands' parsers too)."""

    def __init__(self, *args, **kwargs):
        kwargs.setdefault("formatter_class", HelpFormatter)
        super().__init__(*args, **kwargs)

    def error(self, message: str) -> None:
        fail(message)


def fail(message: str) -> None:
    """Print `tabletop: error: <message>` (one line) to stderr and exit with status 2."""
    first = " ".join(str(message).split())
    sys.stderr.write(f"tabletop: error: {first}\n")
    sys.exit(2)


def count(low: int):
    """An argparse type: an integer >= low."""
    def parse(text: str) -> int:
        try:
            value = int(text)
        except ValueError:
            raise argparse.ArgumentTypeError(f"{text!r} is not a whole number") from None
        if value < low:
            raise argparse.ArgumentTypeError(f"must be at least {low}, got {value}")
        return value
    return parse


def seed(text: str) -> int:
    """An argparse type: a seed, a whole number from 0 to 2**63 - 1."""
    value = count(0)(text)
    if value >= 2**63:
        raise argparse.ArgumentTypeError(f"must be below 2**63, got {value}")
    return value


def port(text: str) -> int:
    """An argparse type: a TCP port, 0 (a free one) to 65535."""
    value = count(0)(text)
    if value > 65535:
        raise argparse.ArgumentTypeError(f"must be a port from 0 to 65535, got {value}")
    return value


def file_name(text: str) -> str:
    """An argparse type: a file name that is not empty."""
    if not text.strip():
        raise argparse.ArgumentTypeError("needs a file name, got an empty one")
    return text


def share(text: str) -> float:
    """An argparse type: a number in [0, 1]."""
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a number") from None
    if not (math.isfinite(value) and 0 <= value <= 1):
        raise argparse.ArgumentTypeError(f"must be between 0 and 1, got {text}")
    return value


def option_pair(text: str) -> tuple[str, str]:
    """An argparse type: `name=value` of `--option`."""
    name, equals, value = text.partition("=")
    if not equals or not name.strip():
        raise argparse.ArgumentTypeError(f"{text!r} is not name=value (e.g. mode=dragonlord)")
    return name.strip(), value.strip()


def add_game_arguments(parser: argparse.ArgumentParser, *, any_game: bool = False,
                       players_help: str = "players per game (default: the game's table)",
                       game_default: str | None = None) -> None:
    """--game (the registered games; with `any_game`, also "all"), --players and --option."""
    choices = [*GAME_NAMES, "all"] if any_game else list(GAME_NAMES)
    parser.add_argument("--game", choices=choices, required=game_default is None,
                        default=game_default,
                        help="which game" + (" (default: all, every installed game that "
                                             "can seat the bots named)"
                                             if game_default == "all" else ""))
    parser.add_argument("--players", type=count(1), default=None, help=players_help)
    parser.add_argument("--option", type=option_pair, action="append", default=[],
                        metavar="NAME=VALUE",
                        help=f"a game option, repeatable ({OPTIONS_HELP})")


def game_option_table() -> dict[str, tuple[tuple[str, Any], ...]]:
    """{game: its options with their defaults} of every registered game."""
    return {name: load_game(name).SPEC.options for name in GAME_NAMES}


def _typed(text: str, default: Any) -> Any:
    """`text` read as the type of `default` (an option's default, or for a None default its
    OpenSpiel stand-in); "none" is None."""
    if text.lower() == "none":
        return None
    if isinstance(default, bool):
        if text.lower() not in ("true", "false"):
            raise ValueError(f"{text!r} is not true or false")
        return text.lower() == "true"
    if isinstance(default, int | float):
        try:
            return type(default)(text)
        except ValueError:
            kind = "a whole number" if isinstance(default, int) else "a number"
            raise ValueError(f"{text!r} is not {kind}") from None
    return text


def game_options(game: str, pairs: list[tuple[str, str]], num_players: int) -> dict[str, Any]:
    """The options of `--option name=value` pairs for `game`, each checked against its
    `GameSpec` (ValueError in one line for an unknown name, a repeated one or a bad value)."""
    spec = load_game(game).SPEC
    known = dict(spec.options)
    examples = {**known, **{k: v for k, v in spec.option_stand_ins if known.get(k) is None}}
    options: dict[str, Any] = {}
    for name, text in pairs:
        if name not in known:
            takes = ", ".join(known) or "none"
            raise ValueError(f"--option {name}: {game} has no option {name!r} (its options: "
                             f"{takes})")
        if name in options:
            raise ValueError(f"--option {name} is given twice")
        try:
            options[name] = _typed(text, examples[name])
        except ValueError as error:
            raise ValueError(f"--option {name}: {error}") from None
    try:
        spec.make_config(num_players, **options)
    except (ValueError, TypeError) as error:
        raise ValueError(f"--option: {error}") from None
    return options


def players_for(game: str, players: int | None, default: int) -> int:
    """`players`, else `default`, checked against the game's range."""
    players = default if players is None else players
    load_game(game).SPEC.check_num_players(players)
    return players


def bot_list(text: str) -> list[str]:
    """Comma-separated bot specs, each checked (see agents.bots.parse_bot)."""
    bots = [b.strip() for b in text.split(",")]
    if not all(bots):
        raise ValueError(f"empty bot name in {text!r}; use {BOT_FORMS}")
    for bot in bots:
        parse_bot(bot)
    return bots
