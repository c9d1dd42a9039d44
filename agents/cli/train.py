"""`tabletop train <recipe>`: one subcommand per recipe (ppo, rllib, baseline, az), each built
from its config class (`agents.training.config.RecipeConfig` and the recipe's own): the
options every recipe shares (game, table size, game options, seed, output folder; a run in
its folder resumes when started again), then the recipe's own, each setting one field."""

from __future__ import annotations

import argparse
import os
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from agents.bots import check_bots_fit, parse_bot
from agents.cli.arguments import add_game_arguments, count, game_options, seed, share

EVAL_GAMES_HELP = "games per evaluation and opponent"
# The least --max-moves of a PPO run: every seat must get to decide before the cut (Simurgh's
# setup alone takes 30 moves at 5 players before the last seat's first decision); with less,
# SB3's self-play loops for ever and RLlib's env fails inside Ray.
MIN_TRAIN_MOVES = 50


@dataclass(frozen=True)
class Flag:
    """One recipe option: its flag, the config field it sets and argparse's keywords."""

    flag: str
    field: str
    keywords: dict

    def add(self, parser: argparse.ArgumentParser) -> None:
        parser.add_argument(self.flag, dest=self.field, default=None, **self.keywords)


def _opponents(text: str) -> tuple[str, ...]:
    """An argparse type: --opponents, comma-separated bots of the opponent pool."""
    bots = tuple(b.strip() for b in text.split(",") if b.strip())
    if not bots:
        raise argparse.ArgumentTypeError(f"--opponents names no bot ({text!r}): training needs "
                                         "at least one, e.g. random,heuristic")
    for bot in bots:
        try:
            name, _ = parse_bot(bot)
        except ValueError as error:
            raise argparse.ArgumentTypeError(str(error)) from None
        if name not in ("random", "heuristic", "baseline"):
            raise argparse.ArgumentTypeError(
                "training opponents are random, heuristic and baseline[:<policy.npz>], got "
                f"{bot!r}")
    return bots


def _opponents_in_env(text: str) -> bool:
    """An argparse type: --rllib-opponents, env (True) or modules (False)."""
    if text not in ("env", "modules"):
        raise argparse.ArgumentTypeError(f"invalid choice {text!r} (choose from env, modules)")
    return text == "env"


def _hidden(text: str) -> tuple[int, ...]:
    """An argparse type: layer sizes, e.g. 256,256."""
    try:
        sizes = tuple(int(t) for t in text.split(","))
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not sizes like 256,256") from None
    if not sizes or min(sizes) < 1:
        raise argparse.ArgumentTypeError(f"layer sizes must be at least 1, got {text!r}")
    return sizes


def _table_mix(text: str) -> tuple[tuple[int, float], ...]:
    """An argparse type: --table-mix, table sizes and their shares, e.g. 2:0.4,3:0.6."""
    try:
        pairs = tuple((int(n), float(s)) for n, s in (p.split(":") for p in text.split(",")))
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not sizes and shares like "
                                         "2:0.4,3:0.6") from None
    return pairs


def _ppo_flags(eval_every: str) -> list[Flag]:
    """The options of the two PPO recipes (SB3 and RLlib)."""
    return [
        Flag("--steps", "steps", {"type": count(1),
                                  "help": "learner decisions to train on (default 200k)"}),
        Flag("--opponents", "bots", {"type": _opponents,
                                     "help": "bots of the opponent pool, comma-separated: "
                                             "random, heuristic, baseline, baseline:<policy"
                                             ".npz> (default: random and the heuristic)"}),
        Flag("--snapshot-share", "snapshot_share", {
            "type": share, "help": "chance that a game's opponents are a snapshot of the "
                                   "learner (default 0.5)"}),
        Flag("--snapshot-every", "snapshot_every", {
            "type": count(1), "help": f"{eval_every} between snapshots added to the pool "
                                      "(default 5)"}),
        Flag("--eval-every", "eval_every", {
            "type": count(1), "help": f"{eval_every} between evaluations against random and "
                                      "the heuristic (default 10)"}),
        Flag("--eval-games", "eval_games", {"type": count(1), "help": EVAL_GAMES_HELP}),
        Flag("--max-moves", "max_moves", {
            "type": count(MIN_TRAIN_MOVES),
            "help": f"truncate games longer than this many moves of all seats (at least "
                    f"{MIN_TRAIN_MOVES}; default: no limit; a safety net against stalling "
                    "agents)"}),
    ]


def _run_ppo(config, args: argparse.Namespace) -> None:
    from agents.ppo.recipe import train

    if config.total_steps != config.steps:
        print(f"training {config.total_steps:,} steps ({config.steps:,} rounded up to whole "
              f"rollouts of {config.num_envs * config.n_steps:,})")
    path = train(config, progress=not args.quiet)
    print(f"\nmodel: {path}  (use it as the bot ppo:{path})")
    print(f"learning curve: {Path(config.out) / 'learning_curve.png'}; "
          f"TensorBoard: tensorboard --logdir {Path(config.out) / 'tensorboard'}")


def _run_rllib(config, args: argparse.Namespace) -> None:
    from agents.rllib.train import train_rllib

    path = train_rllib(config, progress=not args.quiet)
    print(f"\ncheckpoint: {path}  (use it as the bot rllib:{path})")
    print(f"learning curve: {Path(config.out) / 'learning_curve.png'}; "
          f"per-iteration counts: {Path(config.out) / 'metrics.jsonl'}")


def _run_baseline(config, args: argparse.Namespace) -> None:
    from agents.baseline.recipe import run_recipe

    path = run_recipe(config, command=args.command_line, progress=not args.quiet)
    print(f"\npolicy: {path}  (use it as the bot baseline:{path})")
    print(f"learning curve: {Path(config.out) / 'learning_curve.png'}; record: "
          f"{Path(config.out) / 'baseline.json'}")


def _run_az(config, args: argparse.Namespace) -> None:
    from agents.az.recipe import run_az_recipe

    path = run_az_recipe(config, command=args.command_line, workers=args.workers,
                         address=args.address)
    print(f"\nnetwork: {path}  (use it as the bot az:{config.iterations}:{path}; its policy "
          f"alone as baseline:{path})")
    print(f"learning curve: {Path(config.out) / 'learning_curve.png'}; record: "
          f"{Path(config.out) / 'az.json'}")


def _config_class(recipe: str):
    if recipe == "ppo":
        from agents.ppo.recipe import PPOConfig

        return PPOConfig
    if recipe == "rllib":
        try:
            from agents.rllib.train import RLlibConfig
        except ImportError as error:
            raise ValueError(f"tabletop train rllib needs Ray RLlib ({error}): "
                             "pip install 'tabletop-rl[rllib]'") from None
        return RLlibConfig
    if recipe == "baseline":
        from agents.baseline.recipe import BaselineRecipe

        return BaselineRecipe
    from agents.az.recipe import AZRecipe

    return AZRecipe


def _recipes() -> dict[str, tuple[str, list[Flag], Any]]:
    """{recipe: (help, its own options, how to run it)}."""
    from agents.az.selfplay import PLAYED_BY
    from agents.az.targets import POLICY_TARGETS

    ppo = _ppo_flags("PPO updates")
    return {
        "ppo": ("self-play MaskablePPO (sb3-contrib) on the batch engine", [
            *ppo, Flag("--envs", "num_envs", {"type": count(1),
                                              "help": "games played at once (default 64)"}),
            Flag("--start", "start", {
                "metavar": "MODEL", "help": "start from this saved model (a .zip of this "
                                            "recipe) instead of a new one"}),
        ], _run_ppo),
        "rllib": ("Ray RLlib PPO on env runners, on one machine or a Ray cluster "
                  "(resumable in its --out)", [
            *_ppo_flags("iterations"),
            Flag("--num-env-runners", "num_env_runners", {
                "type": count(1), "help": "env runner processes (Ray actors) sampling games "
                                          "(default 1)"}),
            Flag("--envs-per-runner", "envs_per_runner", {
                "type": count(1), "help": "games each env runner plays at once (default 8)"}),
            Flag("--rllib-opponents", "opponents_in_env", {
                "type": _opponents_in_env, "metavar": "{env,modules}",
                "help": "env: the opponents play inside the env and only the learner's "
                        "decisions pass through RLlib (default, faster); modules: every seat "
                        "passes through RLlib, the opponents being frozen RLlib modules"}),
            Flag("--hidden", "hidden", {"type": _hidden, "help": "the learner's hidden layers "
                                                               "(default 256,256)"}),
            Flag("--address", "address", {"help": "join a running Ray cluster (e.g. auto, or "
                                                  "HEAD_IP:6379); default: a local Ray"}),
        ], _run_rllib),
        "baseline": ("imitation of the heuristic, then PPO against it and past selves "
                     "(resumable; the policy the az networks started from)", [
            Flag("--steps", "steps", {"type": count(1),
                                      "help": "PPO learner decisions (default per game)"}),
            Flag("--demonstrations", "demonstrations", {
                "type": count(1), "help": "decisions of the heuristic to imitate"}),
            Flag("--final-games", "final_games", {
                "type": count(1), "help": "games of the final evaluation against the "
                                          "heuristic"}),
            Flag("--eval-games", "eval_games", {"type": count(1), "help": EVAL_GAMES_HELP}),
            Flag("--envs", "num_envs", {"type": count(1),
                                        "help": "games played at once (default 64)"}),
        ], _run_baseline),
        "az": ("expert iteration: self-play games of the az search train a policy-value "
               "network (resumable; on this machine's cores or a Ray cluster)", [
            Flag("--rounds", "rounds", {"type": count(1), "help": "rounds of self-play and "
                                                                  "training (default per game)"}),
            Flag("--games", "games", {"type": count(1),
                                      "help": "self-play games per round (default per game)"}),
            Flag("--iterations", "iterations", {
                "type": count(1), "help": "search iterations per self-play decision "
                                          "(default 200)"}),
            Flag("--distill-epochs", "distill_epochs", {
                "type": count(0), "help": "passes of the final policy over every round's "
                                          "samples (default 30; 0: none)"}),
            Flag("--policy-target", "policy_target", {
                "choices": tuple(POLICY_TARGETS),
                "help": "what the policy learns from each searched decision: visits (the "
                        "root's visit shares) or completed_q (the prior raised by the "
                        "search's values, as Gumbel MuZero); default per game"}),
            Flag("--value-mix", "value_mix", {
                "type": share, "help": "share of the root's searched reward in the value "
                                       "head's target, the rest the game's outcome (0 to 1; "
                                       "default per game)"}),
            Flag("--table-mix", "table_mix", {
                "type": _table_mix, "metavar": "N:SHARE,...",
                "help": "the table sizes the network is trained for and each one's share of "
                        "a round's games, every size from the fewest to the most players "
                        "once, e.g. 2:0.4,3:0.6 (default per game); --players must be one "
                        "of them (its learning curve is learning_curve.png)"}),
            Flag("--played-by", "played_by", {
                "choices": PLAYED_BY,
                "help": "who plays the self-play moves: search (the searched visits, with "
                        "root noise) or policy (the network alone; the search only labels "
                        "each decision); default per game"}),
            Flag("--from-scratch", "from_scratch", {
                "action": "store_const", "const": True,
                "help": "start from a new network instead of the shipped baseline"}),
            Flag("--start", "start", {
                "metavar": "NETWORK",
                "help": "start from this network file (its policy and value head) instead of "
                        "the shipped baseline"}),
            Flag("--eval-every", "eval_every", {
                "type": count(1), "help": "rounds between evaluations (default per game; the "
                                          "last round is always evaluated)"}),
            Flag("--eval-games", "eval_games", {"type": count(1), "help": EVAL_GAMES_HELP}),
            Flag("--max-moves", "max_moves", {
                "type": count(10), "help": "moves of all seats after which a self-play or "
                                           "evaluation game is cut, a draw (default per "
                                           "game)"}),
        ], _run_az),
    }


def train(args: argparse.Namespace) -> None:
    """Build the recipe's config from the options given and run it."""
    cls = _config_class(args.recipe)
    overrides = {flag.field: getattr(args, flag.field) for flag in args.flags}
    players = args.players
    if players is None:
        from agents.profiles import game_profile

        players = game_profile(args.game).train_players
    overrides.update(num_players=players, seed=args.seed, out=args.out,
                     options=game_options(args.game, args.option, players))
    config = cls.for_game(args.game, **overrides)
    if getattr(config, "bots", None):
        check_bots_fit(list(config.bots), config.game, config.num_players)
    args.runner(config, args)


def add_commands(sub) -> dict[str, argparse.ArgumentParser]:
    """`train` and its subcommand per recipe; {recipe: its parser}."""
    train_parser = sub.add_parser("train", help="train an agent: ppo, rllib, baseline or az",
                                  description="Train an agent with one of the recipes; "
                                  "`tabletop train <recipe> --help` lists its options.")
    recipes = train_parser.add_subparsers(dest="recipe", required=True, metavar="RECIPE")
    parsers = {}
    for name, (help_text, flags, runner) in _recipes().items():
        p = recipes.add_parser(name, help=help_text, description=help_text)
        shared = p.add_argument_group("every recipe")
        add_game_arguments(shared, players_help="players (default: the game's table of "
                                                "training)")
        shared.add_argument("--seed", type=seed, default=0)
        shared.add_argument("--out", default="",
                            help=f"the run's folder (default runs/{name}-<game>); a run "
                                 "started again in it resumes"
                                 if name != "rllib" else "the run's folder (default "
                                 "runs/rllib-<game>)")
        shared.add_argument("--quiet", action="store_true", help="no progress bar")
        own = p.add_argument_group(f"{name} only")
        for flag in flags:
            flag.add(own)
        if name in ("az",):
            own.add_argument("--workers", type=count(1), default=None,
                             help="self-play processes (default: all cores), or with "
                                  "--address the Ray tasks at once (default: the cluster's "
                                  f"CPUs; this machine has {os.cpu_count()})")
            own.add_argument("--address", default=None,
                             help="spread self-play over a running Ray cluster (e.g. auto)")
        p.set_defaults(run=train, flags=flags, runner=runner)
        parsers[name] = p
    return parsers
