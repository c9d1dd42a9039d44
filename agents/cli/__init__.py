"""Command-line entry point: `tabletop <command>` or `python -m agents <command>`.

Commands: `demo` (train an agent, then rate it against the bots), `train <recipe>` (ppo,
rllib, baseline, az), `tournament` (bots against each other: win rates, ratings, a plot),
`evaluate` (one agent, yours included, against each opponent), `human` (take a seat against
bots in the terminal or a browser), `replay` (show a saved game), `exploit` (an approximate
best response to a bot: how much can it be beaten by). Every command that makes a
game takes `--game`, `--players` and `--option name=value`; the games and their options come
from the registry.
"""

from __future__ import annotations

import json
import sys

from agents.cli import exploit, play, train
from agents.cli.arguments import Parser, fail


def _parser() -> tuple[Parser, dict]:
    parser = Parser(
        prog="tabletop",
        description="Bots, tournaments, training and human play for the registered games.",
        epilog="Example: tabletop tournament --game aquilon --bots heuristic,random --games 50",
    )
    sub = parser.add_subparsers(dest="command", required=True)
    play.add_commands(sub)
    exploit.add_commands(sub)
    recipes = train.add_commands(sub)
    return parser, recipes


def _refuse_unknown(args, extras: list[str], recipes: dict) -> None:
    """One line for options the command does not take, naming what it takes."""
    flag = next((e for e in extras if e.startswith("-")), extras[0])
    if getattr(args, "command", None) == "train":
        takes = sorted({o for a in recipes[args.recipe]._actions for o in a.option_strings})
        owners = [r for r, p in recipes.items()
                  if any(flag.split("=")[0] in a.option_strings for a in p._actions)]
        whose = f" ({flag} belongs to {', '.join(owners)})" if owners else ""
        fail(f"{flag} is not an option of `tabletop train {args.recipe}`{whose}; its options: "
             f"{' '.join(takes)}")
    fail(f"unrecognized arguments: {' '.join(extras)}")


def main(argv: list[str] | None = None) -> None:
    """Parse the command line and run the chosen command."""
    parser, recipes = _parser()
    args, extras = parser.parse_known_args(argv)
    if extras:
        _refuse_unknown(args, extras, recipes)
    # The command as typed (recorded beside a recipe's results).
    args.command_line = "tabletop " + " ".join(sys.argv[1:] if argv is None else argv)
    try:
        args.run(args)
    except (ValueError, OSError, json.JSONDecodeError) as error:
        # A user's mistake (a bad option value, file, log or model): one line, no traceback.
        fail(str(error) or type(error).__name__)
