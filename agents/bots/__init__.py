"""The bots by name, and how to build them: the registry every tool reads.

Names: "random", "heuristic" (the game's rule-based player, where its profile has one),
"ismcts" (1000 iterations), "ismcts:5000" (iterations), "ismcts:0.5s" (seconds per decision),
"ppo:<path>" (a model saved by `tabletop train ppo`), "baseline" (the learned policy shipped
for the game), "baseline:<policy.npz>" (one written by `tabletop train baseline`),
"rllib:<checkpoint>" (saved by `tabletop train rllib`; needs the `rllib` extra), "az" (PUCT
search over sampled worlds guided by the network shipped for the game, `agents.bots.az`; 200
iterations), "az:<iterations>", "az:<seconds>s", and either with a network of one's own:
"az:<budget>:<network.npz>" (one written by `tabletop train az`, or any baseline policy file).

A user's own agent is named "<module>:<attribute>": a `Bot` subclass (built with no
arguments), a `Bot`, or a function `(observation, action_mask) -> action` that sees only its
seat's observation and mask. In Python, a seat can also be given as such an object directly
(`as_bot`).
"""

from __future__ import annotations

import importlib
import math
from collections.abc import Callable
from pathlib import Path
from typing import Any

from agents.bots.base import Bot, CallableBot, RandomBot
from agents.bots.ismcts import ISMCTS_DEFAULT_ITERATIONS, ISMCTSBot
from agents.bots.policies import HeuristicBot, heuristic_reference

BOT_NAMES = ("random", "heuristic", "ismcts", "ppo", "baseline", "rllib", "az")
AZ_DEFAULT_ITERATIONS = 200  # agents.bots.az
BOT_FORMS = ("random, heuristic, ismcts, ismcts:<iterations> (a whole number >= 1), "
             "ismcts:<seconds>s (a number > 0), ppo:<path to a model .zip>, baseline, "
             "baseline:<policy .npz>, rllib:<checkpoint folder>, az, az:<iterations>, "
             "az:<seconds>s, az:<budget>:<network .npz>, or <module>:<callable> (your own: "
             "a Bot subclass, a Bot, or a function (observation, action_mask) -> action)")
Seat = str | Bot | Callable[..., Any]  # what may play a seat: a name, a bot, a policy


def _user_object(spec: str) -> Any:
    """The object named by "<module>:<attribute>"; ValueError (one line) if there is none or
    it cannot play."""
    module_name, _, attribute = spec.partition(":")
    try:
        module = importlib.import_module(module_name)
    except ImportError as error:
        raise ValueError(f"unknown bot {spec!r}: cannot import {module_name} ({error}); use "
                         f"{BOT_FORMS}") from None
    target = module
    for part in attribute.split("."):
        if not hasattr(target, part):
            raise ValueError(f"bot {spec!r}: {module_name} has no {attribute!r}")
        target = getattr(target, part)
    if not (isinstance(target, Bot) or callable(target)):
        raise ValueError(f"bot {spec!r} is a {type(target).__name__}, not a Bot subclass, a "
                         "Bot or a function (observation, action_mask) -> action")
    return target


def _is_user_spec(name: str, colon: str, rest: str) -> bool:
    return bool(colon) and name not in BOT_NAMES and all(
        part.isidentifier() for part in (*name.split("."), *rest.split(".")))


def parse_bot(spec: str) -> tuple[str, int | float | str | None]:
    """(name, budget) of a bot spec: ("ismcts", 2000), ("ismcts", 0.5) for "ismcts:0.5s",
    ("ppo", path), ("random", None), ("callable", "<module>:<attribute>")...; ValueError
    naming the legal forms otherwise. A file or folder named must exist, a callable must
    import."""
    if not isinstance(spec, str):
        raise ValueError(f"a bot is named by a string, got {spec!r}; use {BOT_FORMS}")
    name, colon, budget = spec.partition(":")
    if name in ("random", "heuristic") and not colon:
        return name, None
    if name in ("ismcts", "az") and not colon:
        return name, ISMCTS_DEFAULT_ITERATIONS if name == "ismcts" else AZ_DEFAULT_ITERATIONS
    if name == "az" and ":" in budget:
        budget, _, source = budget.partition(":")
        if not Path(source).is_file():
            raise ValueError(f"az network not found: {source} (give the path of a network "
                             "written by `tabletop train az`, e.g. "
                             "az:200:runs/az-aquilon/network.npz)")
    if name in ("ismcts", "az"):
        try:
            if budget.endswith("s"):
                seconds = float(budget[:-1])
                if math.isfinite(seconds) and seconds > 0:
                    return name, seconds
            elif budget.isdigit() and int(budget) >= 1:
                return name, int(budget)
        except ValueError:
            pass
        raise ValueError(f"bad {name} budget in {spec!r}: use {name}:<iterations> (a whole "
                         f"number >= 1, e.g. {name}:2000) or {name}:<seconds>s (a number > 0, "
                         f"e.g. {name}:0.5s)")
    if name == "ppo" and budget:
        if not Path(budget).is_file():
            raise ValueError(f"ppo model not found: {budget} (give the path of a model saved "
                             "by `tabletop train ppo`, e.g. ppo:runs/ppo-aquilon/model.zip)")
        return name, budget
    if name == "baseline" and not colon:
        return name, None
    if name == "baseline" and budget:
        if not Path(budget).is_file():
            raise ValueError(f"baseline policy not found: {budget} (give the path of a policy "
                             "written by `tabletop train baseline`, e.g. "
                             "baseline:runs/baseline-aquilon/baseline.npz)")
        return name, budget
    if name == "rllib" and budget:
        if not Path(budget).is_dir():
            raise ValueError(f"rllib checkpoint not found: {budget} (give the folder of a "
                             "checkpoint saved by `tabletop train rllib`)")
        return name, budget
    if _is_user_spec(name, colon, budget):
        _user_object(spec)
        return "callable", spec
    raise ValueError(f"unknown bot {spec!r}: use {BOT_FORMS}")


def az_network_source(spec: str) -> str | None:
    """The network file of an `az:<budget>:<network.npz>` spec (None: the shipped one)."""
    parts = spec.split(":", 2)
    return parts[2] if len(parts) == 3 else None


def make_bot(spec: str, seed: int = 0) -> Bot:
    """Build a bot from its name (see the module docstring and `parse_bot`)."""
    name, budget = parse_bot(spec)
    if name == "random":
        return RandomBot(seed)
    if name == "heuristic":
        return HeuristicBot(seed)
    if name == "ppo":
        from agents.bots.ppo import PPOBot

        return PPOBot(budget)
    if name == "baseline":
        from agents.bots.baseline import BaselineBot

        return BaselineBot(budget)
    if name == "rllib":
        from agents.bots.rllib import RLlibBot

        return RLlibBot(budget)
    if name == "callable":
        return as_bot(_user_object(spec), name=spec)
    seconds = budget if isinstance(budget, float) else None
    iterations = None if seconds is not None else budget
    if name == "az":
        from agents.bots.az import AZBot

        return AZBot(seed, iterations=iterations, seconds=seconds,
                     source=az_network_source(spec))
    return ISMCTSBot(seed, iterations=iterations, seconds=seconds)


def bot_name(seat: Seat) -> str:
    """How a seat's player is named in results and logs: its spec; else its `name` attribute
    (a `Bot`'s), a function's or class's qualified name, an object's class's."""
    if isinstance(seat, str):
        return seat
    name = getattr(seat, "name", None)
    if isinstance(name, str) and name:
        return name
    return getattr(seat, "__qualname__", None) or type(seat).__qualname__


def as_bot(seat: Seat, seed: int = 0, name: str | None = None) -> Bot:
    """The bot that plays a seat: a spec built by `make_bot` (seeded), a `Bot` itself, a `Bot`
    subclass built with no arguments, or a function `(observation, action_mask) -> action`
    wrapped in a `CallableBot`; ValueError for anything else."""
    if isinstance(seat, str):
        return make_bot(seat, seed)
    if isinstance(seat, Bot):
        return seat
    if isinstance(seat, type) and issubclass(seat, Bot):
        return seat()
    if callable(seat):
        return CallableBot(seat, name or bot_name(seat))
    raise ValueError(f"a seat is played by a bot name, a Bot or a function (observation, "
                     f"action_mask) -> action, got {type(seat).__name__}")


def misfit(bot: Seat, game: str, players: int) -> str | None:
    """Why `bot` cannot play `game` at `players` seats (`check_bots_fit`), or None if it can."""
    try:
        check_bots_fit([bot], game, players)
    except ValueError as error:
        return str(error)
    return None


def check_bots_fit(seats: list[Seat], game: str, num_players: int) -> None:
    """ValueError if a bot cannot play `game` at `num_players` players (a learned policy
    trained for another game or player count, none shipped for the game, or no heuristic)."""
    from agents.games import load_game

    spec = load_game(game).SPEC
    for bot in seats:
        if not isinstance(bot, str):
            as_bot(bot)  # refuses what cannot play
            continue
        name, source = parse_bot(bot)
        if name == "heuristic":
            heuristic_reference(game)  # refuses a game without one
        if name == "baseline":
            from agents.bots.baseline import load_policy

            load_policy(source, spec, num_players)
        if name == "az":
            from agents.bots.az import load_network

            load_network(az_network_source(bot), spec, num_players)
