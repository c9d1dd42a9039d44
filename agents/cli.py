"""Command-line entry point: `tabletop <command>` or `python -m agents <command>`.

Commands: `demo` (train an agent, then rate it against the baselines), `train` (self-play
MaskablePPO, or RLlib PPO with `--backend rllib`), `tournament` (bots against each other, with win
rates, ratings, a plot), `human` (take a seat against bots in the terminal), `replay` (show a
saved game).
"""

from __future__ import annotations

import argparse
import json
import math
import os
import sys
from pathlib import Path

from agents.az.selfplay import PLAYED_BY
from agents.az.targets import POLICY_TARGETS
from agents.bots import BOT_FORMS, BOT_NAMES, check_bots_fit, parse_bot
from agents.games import GAME_NAMES, installed_games, load_game
from agents.play.human import HumanTable, play_human, stdin_reader
from agents.play.records import GameRecord, check_writable, game_seed, replay
from agents.play.tournament import format_table, plot, run_tournament, truncation_note, write_json

BOT_HELP = (
    f"comma-separated bots, one per seat, repeated to fill the table ({', '.join(BOT_NAMES)}; "
    "ismcts and az take a budget: ismcts:2000 iterations or ismcts:0.5s per decision; "
    "baseline is "
    "the learned policy shipped for the game, baseline:<policy.npz> one of yours)"
)
EVAL_GAMES_DEFAULT = 40
PPO_EVAL_EVERY = 10  # updates (RLlib: iterations) between a PPO run's evaluations
# The least --max-moves of a training run: every seat must get to decide before the cut
# (Simurgh's setup alone takes 30 moves at 5 players before the last seat's first decision);
# with less, SB3's self-play loops for ever and RLlib's env fails inside Ray.
MIN_TRAIN_MOVES = 50


class _Parser(argparse.ArgumentParser):
    """argparse with its errors on one line: `tabletop: error: ...`, exit status 2."""

    def error(self, message: str) -> None:
        fail(message)


def fail(message: str) -> None:
    """Print `tabletop: error: <message>` (one line) to stderr and exit with status 2."""
    first = " ".join(str(message).split())
    sys.stderr.write(f"tabletop: error: {first}\n")
    sys.exit(2)


def _count(low: int):
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


def _port(text: str) -> int:
    """An argparse type: a TCP port, 0 (a free one) to 65535."""
    value = _count(0)(text)
    if value > 65535:
        raise argparse.ArgumentTypeError(f"must be a port from 0 to 65535, got {value}")
    return value


def _file_name(text: str) -> str:
    """An argparse type: a file name that is not empty."""
    if not text.strip():
        raise argparse.ArgumentTypeError("needs a file name, got an empty one")
    return text


def _share(text: str) -> float:
    """An argparse type: a number in [0, 1]."""
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a number") from None
    if not (math.isfinite(value) and 0 <= value <= 1):
        raise argparse.ArgumentTypeError(f"must be between 0 and 1, got {text}")
    return value


def _players(game: str, players: int | None, default: str = "default_players") -> int:
    """The player count for `game` (when None, its spec's `default`: "default_players" or
    "train_players"), checked against its range."""
    spec = load_game(game).SPEC
    players = getattr(spec, default) if players is None else players
    spec.check_num_players(players)
    return players


def _bots(text: str) -> list[str]:
    """Comma-separated bot specs, each checked (see agents.bots.parse_bot)."""
    bots = [b.strip() for b in text.split(",")]
    if not all(bots):
        raise ValueError(f"empty bot name in {text!r}; use {BOT_FORMS}")
    for bot in bots:
        parse_bot(bot)
    return bots


def _tournament(args: argparse.Namespace) -> None:
    games = installed_games() if args.game == "all" else [args.game]
    bots = _bots(args.bots)
    tables = [(game, _players(game, args.players)) for game in games]
    for game, players in tables:
        check_bots_fit(bots, game, players)
    out = Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    for game, players in tables:
        results, records = run_tournament(
            game, players, bots, args.games, seed=args.seed, workers=args.workers,
            progress=not args.quiet,
        )
        title = f"{game}, {players} players, {args.games} games, seed {args.seed}"
        print(f"\n{title}\n")
        print(format_table(results))
        note = truncation_note(records)
        if note:
            print(f"\n{note}")
        # The results are written before the plot is drawn, so a plotting problem loses none.
        if args.json:
            path = out / f"tournament-{game}-{players}p.json"
            write_json(str(path), game, players, results)
            print(f"json: {path}")
        if args.save_logs:
            logs = out / f"logs-{game}-{players}p"
            logs.mkdir(exist_ok=True)
            for g, record in enumerate(records):
                record.save(logs / f"game-{g}.json")
            print(f"game logs: {logs}/")
        picture = out / f"tournament-{game}-{players}p.png"
        plot(str(picture), title, results)
        print(f"plot: {picture}")


def _train(args: argparse.Namespace) -> None:
    az_only = ("rounds", "games", "iterations", "workers", "start", "distill_epochs",
               "policy_target", "value_mix", "played_by")
    az_flags = [f"--{f.replace('_', '-')}" for f in az_only if getattr(args, f) is not None]
    az_flags += ["--from-scratch"] * args.from_scratch
    if az_flags and args.recipe != "az":
        raise ValueError(f"{', '.join(az_flags)}: only with --recipe az")
    if args.recipe:
        _train_recipe(args)
        return
    players = _players(args.game, args.players, "train_players")
    args.steps = 200_000 if args.steps is None else args.steps
    if args.backend == "rllib":
        _train_rllib(args, players)
        return
    opponents = _opponents(args.opponents, args.game, players)
    for bot in opponents:
        if parse_bot(bot)[0] not in ("random", "heuristic", "baseline"):
            raise ValueError("training opponents are random, heuristic and baseline[:<policy"
                             f".npz>], got {bot!r}")
    out = args.out or f"runs/train-{args.game}"
    from agents.training.train import TrainConfig, train

    config = TrainConfig(
        game=args.game, num_players=players, steps=args.steps, seed=args.seed,
        num_envs=args.envs, bots=opponents,
        snapshot_share=args.snapshot_share, snapshot_every=args.snapshot_every,
        eval_every=args.eval_every or PPO_EVAL_EVERY, eval_games=args.eval_games,
        max_moves=args.max_moves,
        out=out,
    )
    if config.total_steps != config.steps:
        print(f"training {config.total_steps:,} steps ({config.steps:,} rounded up to whole "
              f"rollouts of {config.num_envs * config.n_steps:,})")
    path = train(config, progress=not args.quiet)
    print(f"\nmodel: {path}  (use it as the bot ppo:{path})")
    print(f"learning curve: {Path(out) / 'learning_curve.png'}; "
          f"TensorBoard: tensorboard --logdir {Path(out) / 'tensorboard'}")


def _opponents(text: str, game: str, players: int) -> tuple[str, ...]:
    """The bots of --opponents (both backends): at least one, each fitting the table."""
    opponents = tuple(b.strip() for b in text.split(",") if b.strip())
    if not opponents:
        raise ValueError(f"--opponents names no bot ({text!r}): training needs at least one, "
                         "e.g. random,heuristic")
    check_bots_fit(list(opponents), game, players)
    return opponents


def _recipe_overrides(args: argparse.Namespace, names: tuple[str, ...], **fixed) -> dict:
    """A recipe's fields given on the command line: `fixed`, the options `names` that were
    given, --players and a --eval-games other than the default."""
    overrides = dict(fixed)
    for name in names:
        if getattr(args, name) is not None:
            overrides[name] = getattr(args, name)
    if args.players is not None:
        overrides["num_players"] = args.players
    if args.eval_games != EVAL_GAMES_DEFAULT:
        overrides["eval_games"] = args.eval_games
    return overrides


def _train_recipe(args: argparse.Namespace) -> None:
    if args.recipe == "az":
        _train_az(args)
        return
    if args.backend != "sb3":
        raise ValueError("--recipe baseline trains with the sb3 backend only")
    from agents.baseline.recipe import RECIPES, recipe_for, run_recipe

    overrides = _recipe_overrides(args, ("steps", "demonstrations", "final_games"),
                                  seed=args.seed, num_envs=args.envs)
    if "steps" in overrides:
        overrides["chunk"] = min(RECIPES[args.game].chunk, overrides["steps"])
    recipe = recipe_for(args.game, **overrides)
    out = args.out or f"runs/baseline-{args.game}"
    path = run_recipe(recipe, out, command=args.command, progress=not args.quiet)
    print(f"\npolicy: {path}  (use it as the bot baseline:{path})")
    print(f"learning curve: {Path(out) / 'learning_curve.png'}; record: "
          f"{Path(out) / 'baseline.json'}")


def _train_az(args: argparse.Namespace) -> None:
    if args.backend != "sb3":
        raise ValueError("--recipe az runs its own loop (no --backend); --address spreads its "
                         "self-play over a Ray cluster")
    for flag in ("steps", "demonstrations", "final_games"):
        if getattr(args, flag) is not None:
            raise ValueError(f"--{flag.replace('_', '-')} belongs to --recipe baseline; "
                             "--recipe az counts in --rounds and --games")
    from agents.az.recipe import az_recipe_for, run_az_recipe

    overrides = _recipe_overrides(args, ("rounds", "games", "iterations", "start", "eval_every",
                                         "distill_epochs", "policy_target", "value_mix",
                                         "played_by", "max_moves"),
                                  seed=args.seed,
                                  from_scratch=args.from_scratch)
    recipe = az_recipe_for(args.game, **overrides)
    out = args.out or f"runs/az-{args.game}"
    path = run_az_recipe(recipe, out, command=args.command, workers=args.workers,
                         address=args.address)
    print(f"\nnetwork: {path}  (use it as the bot az:{recipe.iterations}:{path}; its policy "
          f"alone as baseline:{path})")
    print(f"learning curve: {Path(out) / 'learning_curve.png'}; record: "
          f"{Path(out) / 'az.json'}")


def _train_rllib(args: argparse.Namespace, players: int) -> None:
    opponents = _opponents(args.opponents, args.game, players)
    try:
        from agents.rllib.train import RLlibTrainConfig, train_rllib
    except ImportError as error:
        raise ValueError(f"tabletop train --backend rllib needs Ray RLlib ({error}): "
                         "pip install 'tabletop-rl[rllib]'") from None
    out = args.out or f"runs/train-rllib-{args.game}"
    config = RLlibTrainConfig(
        game=args.game, num_players=players, steps=args.steps, seed=args.seed,
        num_env_runners=args.num_env_runners, envs_per_runner=args.envs_per_runner,
        bots=opponents,
        snapshot_share=args.snapshot_share, snapshot_every=args.snapshot_every,
        eval_every=args.eval_every or PPO_EVAL_EVERY, eval_games=args.eval_games,
        max_moves=args.max_moves,
        opponents_in_env=args.rllib_opponents == "env", address=args.address, out=out,
    )
    path = train_rllib(config, progress=not args.quiet)
    print(f"\ncheckpoint: {path}  (use it as the bot rllib:{path})")
    print(f"learning curve: {Path(out) / 'learning_curve.png'}; "
          f"per-iteration counts: {Path(out) / 'metrics.jsonl'}")


def _demo(args: argparse.Namespace) -> None:
    from agents.training.train import TrainConfig, train

    players = load_game(args.game).SPEC.train_players
    out = Path(args.out)
    config = TrainConfig(game=args.game, num_players=players, steps=args.steps, seed=args.seed,
                         out=str(out / f"train-{args.game}"))
    print(f"1/2 self-play training on {args.game} ({players} players, "
          f"{config.total_steps:,} steps)")
    model = train(config, progress=not args.quiet)
    print(f"model: {model}\n\n2/2 tournament: the trained agent against the baseline bots")
    bots = [f"ppo:{model}", "heuristic", "random"]
    try:
        check_bots_fit(["baseline"], args.game, players)
        bots.insert(1, "baseline")  # the learned policy shipped with the library, if it fits
    except ValueError:
        pass
    results, _ = run_tournament(args.game, players, bots, args.games, seed=args.seed,
                                progress=not args.quiet)
    title = f"{args.game}, {players} players, {args.games} games"
    print(f"\n{title}\n\n{format_table(results)}")
    picture = out / f"demo-{args.game}.png"
    plot(str(picture), title, results)
    print(f"\nplots: {picture}, {out / f'train-{args.game}' / 'learning_curve.png'}")


def _human(args: argparse.Namespace) -> None:
    players = _players(args.game, args.players)
    if args.save:
        check_writable(args.save)  # before any bot plays: a game is not lost at its end
    seed = game_seed(args.seed, 0)
    if not 0 <= args.seat < players:
        raise ValueError(f"--seat must be a seat in 0..{players - 1}, got {args.seat}")
    check_bots_fit(_bots(args.bots), args.game, players)
    if args.web:
        from agents.play.web import serve_human

        options = {k: v for k, v in (("mode", args.mode), ("length", args.length)) if v}
        table = HumanTable(args.game, players, args.seat, _bots(args.bots), seed=seed,
                           options=options)
        serve_human(table, port=args.port, save=args.save)
        return
    record = play_human(
        args.game, players, args.seat, _bots(args.bots), seed=seed, read=stdin_reader
    )
    if args.save:
        record.save(args.save)
        print(f"game saved to {args.save}")


def _replay(args: argparse.Namespace) -> None:
    record = GameRecord.load(args.log)
    if args.html is not None:
        from agents.play.replay_html import replay_html

        text = replay_html(record, viewer=args.seat)  # refuses a bad log, writing nothing
        Path(args.html).write_text(text, encoding="utf-8")
        print(f"replay viewer: {args.html} (open it in a browser; it needs no network)")
        return
    if args.step:
        def show(line: str) -> None:
            print(line)
            input("")
    else:
        show = print
    replay(record, show=show, viewer=args.seat)


def main(argv: list[str] | None = None) -> None:
    """Parse the command line and run the chosen command."""
    parser = _Parser(
        prog="tabletop",
        description="Bots, tournaments and human play for Dwarves of Aquilon, Dragon's "
        "Interest and Simurgh.",
        epilog="Example: tabletop tournament --game aquilon --bots heuristic,random --games 50",
    )
    sub = parser.add_subparsers(dest="command", required=True)

    t = sub.add_parser("tournament", help="play N games between bots and rate them")
    t.add_argument("--game", choices=[*GAME_NAMES, "all"], default="all",
                   help="which game (default: every installed game)")
    t.add_argument("--players", type=_count(1), default=None,
                   help="players per game (default: 3 Aquilon, 4 Dragon's Interest, 3 Simurgh)")
    t.add_argument("--bots", default="heuristic,random", help=BOT_HELP)
    t.add_argument("--games", type=_count(1), default=40,
                   help="games per game type (default 40)")
    t.add_argument("--seed", type=_count(0), default=0,
                   help="master seed: game g is dealt from a hash of (seed, g)")
    t.add_argument("--workers", type=_count(1), default=os.cpu_count(),
                   help="processes to play in (default: all cores)")
    t.add_argument("--out", default="runs", help="folder for the plot and files (default runs)")
    t.add_argument("--json", action="store_true", help="also write the results as JSON")
    t.add_argument("--save-logs", action="store_true",
                   help="also save every game as a replayable log")
    t.add_argument("--quiet", action="store_true", help="no progress bar")
    t.set_defaults(run=_tournament)

    tr = sub.add_parser("train", help="self-play training with MaskablePPO (or RLlib PPO)")
    tr.add_argument("--backend", choices=("sb3", "rllib"), default="sb3",
                    help="sb3: sb3-contrib MaskablePPO on the batch engine (default); rllib: "
                         "Ray RLlib PPO on env runners, on one machine or a Ray cluster")
    tr.add_argument("--game", choices=GAME_NAMES, default="aquilon")
    tr.add_argument("--players", type=_count(1), default=None,
                    help="players (default 2; 3 for Dragon's Interest)")
    tr.add_argument("--recipe", choices=("baseline", "az"), default=None,
                    help="baseline: the recipe of the shipped `baseline` bots (imitation of "
                         "the heuristic, then PPO against it and past selves; resumable: run "
                         "it again with the same --out); --steps, --players, --seed, --envs, "
                         "--eval-games, --demonstrations and --final-games override it. az: "
                         "expert iteration (self-play games of the az search train a "
                         "policy-value network; resumable); --rounds, --games, --iterations, "
                         "--players, --seed, --eval-games, --eval-every, --distill-epochs, "
                         "--policy-target, --value-mix, --played-by, --max-moves, "
                         "--from-scratch, --start, --workers and --address set it")
    tr.add_argument("--steps", type=_count(1), default=None,
                    help="learner decisions to train on (default 200k; recipe: its own)")
    tr.add_argument("--demonstrations", type=_count(1), default=None,
                    help="recipe: decisions of the heuristic to imitate")
    tr.add_argument("--final-games", type=_count(1), default=None,
                    help="recipe: games of the final evaluation against the heuristic")
    tr.add_argument("--rounds", type=_count(1), default=None,
                    help="az: rounds of self-play and training (default per game)")
    tr.add_argument("--games", type=_count(1), default=None,
                    help="az: self-play games per round (default per game)")
    tr.add_argument("--iterations", type=_count(1), default=None,
                    help="az: search iterations per self-play decision (default 200)")
    tr.add_argument("--distill-epochs", type=_count(0), default=None,
                    help="az: passes of the final policy over every round's samples "
                         "(default 30; 0: none)")
    tr.add_argument("--policy-target", choices=tuple(POLICY_TARGETS), default=None,
                    help="az: what the policy learns from each searched decision: visits (the "
                         "root's visit shares) or completed_q (the prior raised by the "
                         "search's values, as Gumbel MuZero); default per game")
    tr.add_argument("--value-mix", type=_share, default=None,
                    help="az: share of the root's searched reward in the value head's target, "
                         "the rest the game's outcome (0 to 1; default per game)")
    tr.add_argument("--played-by", choices=PLAYED_BY, default=None,
                    help="az: who plays the self-play moves: search (the searched visits, "
                         "with root noise) or policy (the network alone; the search only "
                         "labels each decision, as Expert Iteration's apprentice); default "
                         "per game")
    tr.add_argument("--from-scratch", action="store_true",
                    help="az: start from a new network instead of the shipped baseline")
    tr.add_argument("--start", default=None, metavar="NETWORK",
                    help="az: start from this network file (its policy and value head, e.g. "
                         "agents/az/weights/<game>.npz) instead of the shipped baseline")
    tr.add_argument("--workers", type=_count(1), default=None,
                    help="az: self-play processes (default: all cores), or with --address "
                         "the Ray tasks at once (default: the cluster's CPUs)")
    tr.add_argument("--seed", type=_count(0), default=0)
    tr.add_argument("--envs", type=_count(1), default=64, help="games played in parallel")
    tr.add_argument("--opponents", default="random,heuristic",
                    help="bots in the opponent pool (comma-separated): random, heuristic, "
                         "baseline, baseline:<policy.npz>")
    tr.add_argument("--snapshot-share", type=_share, default=0.5,
                    help="chance that a game's opponents are a snapshot of the learner")
    tr.add_argument("--snapshot-every", type=_count(1), default=5,
                    help="PPO updates (RLlib: iterations) between snapshots added to the pool")
    tr.add_argument("--eval-every", type=_count(1), default=None,
                    help="PPO updates (RLlib: iterations) between evaluations against random "
                         f"and heuristic (default {PPO_EVAL_EVERY}); az: rounds between "
                         "evaluations (default 1; the last round is always evaluated)")
    tr.add_argument("--eval-games", type=_count(1), default=EVAL_GAMES_DEFAULT,
                    help="games per evaluation and bot")
    tr.add_argument("--max-moves", type=_count(MIN_TRAIN_MOVES), default=None,
                    help="truncate training games longer than this many moves of all seats "
                         f"(at least {MIN_TRAIN_MOVES}; default: no limit; a safety net "
                         "against stalling agents; --recipe az: its self-play and evaluation "
                         "games, default the recipe's)")
    tr.add_argument("--num-env-runners", type=_count(1), default=1,
                    help="rllib: env runner processes (Ray actors) sampling games")
    tr.add_argument("--envs-per-runner", type=_count(1), default=8,
                    help="rllib: games each env runner plays at once")
    tr.add_argument("--rllib-opponents", choices=("env", "modules"), default="env",
                    help="rllib: env: the opponents play inside the env and only the learner's "
                         "decisions pass through RLlib (default, faster); modules: every seat "
                         "passes through RLlib, the opponents being frozen RLlib modules")
    tr.add_argument("--address", default=None,
                    help="rllib, az: join a running Ray cluster (e.g. auto, or "
                         "HEAD_IP:6379); default: rllib starts a local Ray, az plays on this "
                         "machine's cores without Ray")
    tr.add_argument("--out", default=None,
                    help="output folder (default runs/train-<game>, runs/train-rllib-<game>)")
    tr.add_argument("--quiet", action="store_true", help="no progress bar")
    tr.set_defaults(run=_train)

    d = sub.add_parser("demo", help="train an agent by self-play, then rate it against the "
                       "baseline bots (the README's main job)")
    d.add_argument("--game", choices=GAME_NAMES, default="aquilon")
    d.add_argument("--steps", type=_count(1), default=100_000,
                   help="training steps (default 100k)")
    d.add_argument("--games", type=_count(1), default=60, help="tournament games (default 60)")
    d.add_argument("--seed", type=_count(0), default=0)
    d.add_argument("--out", default="runs", help="output folder (default runs)")
    d.add_argument("--quiet", action="store_true", help="no progress bars")
    d.set_defaults(run=_demo)

    h = sub.add_parser("human", help="take a seat against bots in the terminal")
    h.add_argument("--game", choices=GAME_NAMES, default="aquilon")
    h.add_argument("--players", type=_count(1), default=None)
    h.add_argument("--seat", type=_count(0), default=0, help="your seat (0 plays first)")
    h.add_argument("--bots", default="heuristic", help=BOT_HELP)
    h.add_argument("--seed", type=_count(0), default=0,
                   help="master seed: the game is dealt from a hash of it")
    h.add_argument("--save", type=_file_name, help="save the game's log to this file")
    h.add_argument("--web", action="store_true",
                   help="play in a browser: serve the table on 127.0.0.1 and print its URL")
    h.add_argument("--port", type=_port, default=0,
                   help="port for --web (default: a free one)")
    h.add_argument("--mode", choices=("spearman", "dragonlord"), default=None,
                   help="Simurgh's mode, for --web")
    h.add_argument("--length", choices=("short", "medium", "long"), default=None,
                   help="Simurgh's game length, for --web")
    h.set_defaults(run=_human)

    r = sub.add_parser("replay", help="replay a saved game as text")
    r.add_argument("log", help="a game log written by --save or --save-logs")
    r.add_argument("--step", action="store_true", help="wait for Enter after each decision")
    r.add_argument("--html", metavar="FILE", type=_file_name,
                   help="write a self-contained HTML replay viewer of the game to FILE (its "
                        "boards follow --seat; by default each as the seat to act saw it)")
    r.add_argument("--seat", type=int, default=None,
                   help="show the game as this seat saw it (-1: as a spectator saw it; "
                        "default: every seat's own choices, hidden ones included)")
    r.set_defaults(run=_replay)

    args = parser.parse_args(argv)
    # The command as typed (recorded beside a recipe's results).
    args.command = "tabletop " + " ".join(sys.argv[1:] if argv is None else argv)
    try:
        args.run(args)
    except (ValueError, OSError, json.JSONDecodeError) as error:
        # A user's mistake (a bad option value, file, log or model): one line, no traceback.
        fail(str(error) or type(error).__name__)
