"""The commands that play: `tournament`, `evaluate`, `human`, `replay` and `demo`."""

from __future__ import annotations

import argparse
import json
import os
import sys
from dataclasses import asdict, replace
from pathlib import Path

from agents.bots import check_bots_fit
from agents.cli.arguments import (
    BOT_HELP,
    add_game_arguments,
    bot_list,
    count,
    file_name,
    game_options,
    players_for,
    port,
    seed,
)
from agents.games import GAME_NAMES, installed_games
from agents.play.evaluate import evaluate, format_matches, plot_matches
from agents.play.human import HumanTable, play_human, stdin_reader
from agents.play.records import GameRecord, check_writable, game_seed, replay
from agents.play.tournament import format_table, plot, run_tournament, truncation_note, write_json
from agents.profiles import game_profile
from agents.training.config import reference_opponents


def _tables(args: argparse.Namespace) -> list[tuple[str, int, dict]]:
    """(game, players, options) of each game a command plays, all checked first."""
    games = installed_games() if args.game == "all" else [args.game]
    if args.option and len(games) > 1:
        raise ValueError("--option needs one --game (the games take different options)")
    tables = []
    for game in games:
        players = players_for(game, args.players, game_profile(game).play_players)
        tables.append((game, players, game_options(game, args.option, players)))
    return tables


def tournament(args: argparse.Namespace) -> None:
    bots = bot_list(args.bots)
    tables, skipped = [], []
    for table in _tables(args):
        try:
            check_bots_fit(bots, table[0], table[1])
        except ValueError as unfit:
            if args.game != "all":
                raise
            skipped.append(f"{table[0]} ({unfit})")
            continue
        tables.append(table)
    if not tables:
        raise ValueError("no game seats these bots: " + "; ".join(skipped))
    for game in skipped:
        print(f"skipped {game}")
    out = Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    for game, players, options in tables:
        results, records = run_tournament(
            game, players, bots, args.games, seed=args.seed, workers=args.workers,
            progress=not args.quiet, options=options,
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


def evaluate_command(args: argparse.Namespace) -> None:
    agent = bot_list(args.agent)
    if len(agent) != 1:
        raise ValueError(f"--agent names one bot, got {len(agent)}")
    opponents = bot_list(args.opponents) if args.opponents else None
    [(game, players, options)] = _tables(args)
    results = evaluate(agent[0], game, opponents, players, args.games, seed=args.seed,
                       one_seat=not args.alternate, workers=args.workers, options=options,
                       progress=not args.quiet)
    print(f"\n{agent[0]} in {game}, {players} players, {args.games} games per opponent, seed "
          f"{args.seed}\n\n{format_matches(results)}")
    for result in results:
        if result.truncation_note:
            print(f"\nagainst {result.opponent}: {result.truncation_note}")
    if args.json:
        out = Path(args.out)
        out.mkdir(parents=True, exist_ok=True)
        path = out / f"evaluate-{game}-{players}p.json"
        path.write_text(json.dumps([asdict(r) for r in results], indent=2))
        print(f"json: {path}")


CURVE_POINTS = 12  # evaluations of the demo's learning curve after step 0 (at least)
CURVE_GAMES = 20  # games per opponent of each of its evaluations (at most)


def demo_config(game: str, steps: int, games: int, seed: int, out: Path):
    """The PPO run of `demo`: the recipe's config, with short evaluations (`CURVE_GAMES` games
    against each bot, at most `games`) often enough to draw at least `CURVE_POINTS` points
    after step 0 (a budget too small for that many rollouts gets shorter rollouts)."""
    from agents.ppo.recipe import PPOConfig

    config = PPOConfig.for_game(game, steps=steps, seed=seed, out=str(out / f"demo-{game}"))
    n_steps = min(config.n_steps, max(1, steps // (config.num_envs * CURVE_POINTS)))
    rollout = config.num_envs * n_steps
    config = replace(config, n_steps=n_steps, batch_size=min(config.batch_size, rollout),
                     eval_games=min(CURVE_GAMES, games))
    return replace(config, eval_every=max(1, config.total_steps // rollout // CURVE_POINTS))


def demo(args: argparse.Namespace) -> None:
    from agents.ppo.recipe import train

    out = Path(args.out)
    config = demo_config(args.game, args.steps, args.games, args.seed, out)
    players = config.num_players
    rollouts = config.total_steps // (config.num_envs * config.n_steps)
    points = 1 + rollouts // config.eval_every + (rollouts % config.eval_every > 0)
    print(f"1/2 self-play training on {args.game} ({players} players, {config.total_steps:,} "
          f"steps); its learning curve: {points} evaluations from step 0, "
          f"{config.eval_games} games against each of "
          f"{', '.join(reference_opponents(args.game))}", flush=True)
    model = train(config, progress=not args.quiet)
    bot = f"ppo:{model}"
    opponents = ["random"]
    for extra in ("heuristic", "baseline"):  # where the game has them at this table
        try:
            check_bots_fit([extra], args.game, players)
            opponents.append(extra)
        except ValueError:
            pass
    print(f"model: {model}\n\n2/2 the trained agent head to head against each bot: "
          f"{args.games} games each, the agent in one seat and the bot in "
          f"{'the other' if players == 2 else f'the other {players - 1}'}, seats rotated",
          flush=True)
    results = evaluate(bot, args.game, opponents, players, args.games, seed=args.seed,
                       progress=not args.quiet)
    title = f"{args.game}, {players} players, {args.games} games per bot: the trained agent"
    print(f"\n{title}\n\n{format_matches(results)}\n\nParity is what an equal player "
          "would win; the agent is stronger than a bot where its interval lies above parity.")
    picture = out / f"demo-{args.game}" / "head_to_head.png"
    plot_matches(str(picture), title, results)
    print(f"\nplots: {picture} (head to head), {Path(config.out) / 'learning_curve.png'} "
          "(learning curve)")


def human(args: argparse.Namespace) -> None:
    [(game, players, options)] = _tables(args)
    if args.save:
        check_writable(args.save)  # before any bot plays: a game is not lost at its end
    if not 0 <= args.seat < players:
        raise ValueError(f"--seat must be a seat in 0..{players - 1}, got {args.seat}")
    bots = bot_list(args.bots)
    check_bots_fit(bots, game, players)
    seed = game_seed(args.seed, 0)
    if args.web:
        from agents.play.web import serve_human

        table = HumanTable(game, players, args.seat, bots, seed=seed, options=options)
        serve_human(table, port=args.port, save=args.save)
        return
    record = play_human(game, players, args.seat, bots, seed=seed, read=stdin_reader,
                        options=options)
    if args.save:  # an unfinished game too: its moves so far
        record.save(args.save)
        print(f"game saved to {args.save}" + (
            f" (unfinished: `tabletop replay {args.save}` shows it up to where it stopped)"
            if record.unfinished else ""))
    if record.unfinished:
        raise SystemExit(f"end of input: game abandoned after {len(record.actions)} moves")


def replay_command(args: argparse.Namespace) -> None:
    record = GameRecord.load(args.log)
    if args.html is not None:
        from agents.play.replay_html import replay_html

        text = replay_html(record, viewer=args.seat)  # refuses a bad log, writing nothing
        Path(args.html).write_text(text, encoding="utf-8")
        print(f"replay viewer: {args.html} (open it in a browser; it needs no network)")
        return
    if args.step:
        def show(line: str) -> None:
            print(line, flush=True)
            if sys.stdin.readline() == "":  # end of input: stop here, without a traceback
                raise EOFError

    else:
        show = print
    try:
        replay(record, show=show, viewer=args.seat)
    except EOFError:
        print("end of input: replay stopped")


def add_commands(sub) -> None:
    """The play commands' parsers."""
    t = sub.add_parser("tournament", help="play N games between bots and rate them")
    add_game_arguments(t, any_game=True, game_default="all")
    t.add_argument("--bots", default="heuristic,random", help=BOT_HELP)
    t.add_argument("--games", type=count(1), default=40, help="games per game type (default 40)")
    t.add_argument("--seed", type=seed, default=0,
                   help="master seed: game g is dealt from a hash of (seed, g)")
    t.add_argument("--workers", type=count(1), default=os.cpu_count(),
                   help="processes to play in (default: all cores)")
    t.add_argument("--out", default="runs", help="folder for the plot and files (default runs)")
    t.add_argument("--json", action="store_true", help="also write the results as JSON")
    t.add_argument("--save-logs", action="store_true",
                   help="also save every game as a replayable log")
    t.add_argument("--quiet", action="store_true", help="no progress bar")
    t.set_defaults(run=tournament)

    e = sub.add_parser("evaluate", help="measure one agent against each opponent (win share "
                       "with 95%% interval, parity, ratings)")
    add_game_arguments(e)
    e.add_argument("--agent", required=True,
                   help="the bot to measure: a bot name or your own <module>:<callable>")
    e.add_argument("--opponents", default=None,
                   help="comma-separated opponents (default: random and the game's heuristic)")
    e.add_argument("--games", type=count(1), default=100,
                   help="games per opponent (default 100)")
    e.add_argument("--alternate", action="store_true",
                   help="agent and opponent fill the table alternately (parity 1/2); default: "
                        "the agent in one seat, the opponent in all others (parity 1/players)")
    e.add_argument("--seed", type=seed, default=0, help="master seed of the games")
    e.add_argument("--workers", type=count(1), default=os.cpu_count(),
                   help="processes to play in (default: all cores)")
    e.add_argument("--out", default="runs", help="folder of --json (default runs)")
    e.add_argument("--json", action="store_true", help="also write the results as JSON")
    e.add_argument("--quiet", action="store_true", help="no progress bar")
    e.set_defaults(run=evaluate_command)

    d = sub.add_parser("demo", help="train an agent by self-play (with its learning curve), "
                       "then measure it head to head against each bot (the README's main "
                       "job)")
    d.add_argument("--game", choices=GAME_NAMES, default=GAME_NAMES[0],
                   help=f"which game (default {GAME_NAMES[0]})")
    d.add_argument("--steps", type=count(1), default=100_000,
                   help="training steps (default 100k)")
    d.add_argument("--games", type=count(1), default=60,
                   help="games against each bot at the end (default 60); the learning curve's "
                        f"evaluations play {CURVE_GAMES} (at most these)")
    d.add_argument("--seed", type=seed, default=0)
    d.add_argument("--out", default="runs",
                   help="output folder (default runs): the run in <out>/demo-<game>/")
    d.add_argument("--quiet", action="store_true", help="no progress bars")
    d.set_defaults(run=demo)

    h = sub.add_parser("human", help="take a seat against bots in the terminal or a browser")
    add_game_arguments(h)
    h.add_argument("--seat", type=count(0), default=0, help="your seat (0 plays first)")
    h.add_argument("--bots", default="heuristic", help=BOT_HELP)
    h.add_argument("--seed", type=seed, default=0,
                   help="master seed: the game is dealt from a hash of it")
    h.add_argument("--save", type=file_name, help="save the game's log to this file")
    h.add_argument("--web", action="store_true",
                   help="play in a browser: serve the table on 127.0.0.1 and print its URL")
    h.add_argument("--port", type=port, default=0, help="port for --web (default: a free one)")
    h.set_defaults(run=human)

    r = sub.add_parser("replay", help="replay a saved game as text (its game, table size and "
                       "options are the log's)")
    r.add_argument("log", help="a game log written by --save or --save-logs")
    r.add_argument("--step", action="store_true", help="wait for Enter after each decision")
    r.add_argument("--html", metavar="FILE", type=file_name,
                   help="write a self-contained HTML replay viewer of the game to FILE (its "
                        "boards follow --seat; by default each as the seat to act saw it)")
    r.add_argument("--seat", type=int, default=None,
                   help="show the game as this seat saw it (-1: as a spectator saw it; "
                        "default: every seat's own choices, hidden ones included)")
    r.set_defaults(run=replay_command)
