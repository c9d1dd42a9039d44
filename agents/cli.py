"""Command-line entry point: `tabletop <command>` or `python -m agents <command>`.

Commands: `demo` (train an agent, then rate it against the baselines), `train` (self-play
MaskablePPO, or RLlib PPO with `--backend rllib`), `tournament` (bots against each other, with win
rates, ratings, a plot), `human` (take a seat against bots in the terminal), `replay` (show a
saved game).
"""

from __future__ import annotations

import argparse
import os
from pathlib import Path

from agents.bots import BOT_NAMES
from agents.games import DEFAULT_PLAYERS, DEFAULT_TRAIN_PLAYERS, GAME_NAMES, installed_games
from agents.human import HumanTable, play_human, stdin_reader
from agents.records import GameRecord, replay
from agents.tournament import format_table, plot, run_tournament, write_json

BOT_HELP = (
    f"comma-separated bots, one per seat, repeated to fill the table ({', '.join(BOT_NAMES)}; "
    "ismcts takes a budget: ismcts:2000 iterations or ismcts:0.5s per decision)"
)


def _tournament(args: argparse.Namespace) -> None:
    games = installed_games() if args.game == "all" else [args.game]
    bots = args.bots.split(",")
    out = Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    for game in games:
        players = args.players or DEFAULT_PLAYERS[game]
        results, records = run_tournament(
            game, players, bots, args.games, seed=args.seed, workers=args.workers,
            progress=not args.quiet,
        )
        title = f"{game}, {players} players, {args.games} games, seed {args.seed}"
        print(f"\n{title}\n")
        print(format_table(results))
        picture = out / f"tournament-{game}-{players}p.png"
        plot(str(picture), title, results)
        print(f"\nplot: {picture}")
        if args.json:
            path = out / f"tournament-{game}-{players}p.json"
            write_json(str(path), game, players, results)
            print(f"json: {path}")
        if args.save_logs:
            logs = out / f"logs-{game}-{players}p"
            logs.mkdir(exist_ok=True)
            for record in records:
                record.save(logs / f"game-{record.seed}.json")
            print(f"game logs: {logs}/")


def _train(args: argparse.Namespace) -> None:
    players = args.players or DEFAULT_TRAIN_PLAYERS[args.game]
    if args.backend == "rllib":
        _train_rllib(args, players)
        return
    from agents.train import TrainConfig, train

    out = args.out or f"runs/train-{args.game}"
    config = TrainConfig(
        game=args.game, num_players=players, steps=args.steps, seed=args.seed,
        num_envs=args.envs, bots=tuple(b for b in args.opponents.split(",") if b),
        snapshot_share=args.snapshot_share, snapshot_every=args.snapshot_every,
        eval_every=args.eval_every, eval_games=args.eval_games, max_moves=args.max_moves,
        out=out,
    )
    path = train(config, progress=not args.quiet)
    print(f"\nmodel: {path}  (use it as the bot ppo:{path})")
    print(f"learning curve: {Path(out) / 'learning_curve.png'}; "
          f"TensorBoard: tensorboard --logdir {Path(out) / 'tensorboard'}")


def _train_rllib(args: argparse.Namespace, players: int) -> None:
    try:
        from agents.rllib.train import RLlibTrainConfig, train_rllib
    except ImportError as error:
        raise SystemExit(f"tabletop train --backend rllib needs Ray RLlib ({error}): "
                         "pip install 'tabletop-rl[rllib]'") from None
    out = args.out or f"runs/train-rllib-{args.game}"
    config = RLlibTrainConfig(
        game=args.game, num_players=players, steps=args.steps, seed=args.seed,
        num_env_runners=args.num_env_runners, envs_per_runner=args.envs_per_runner,
        bots=tuple(b for b in args.opponents.split(",") if b),
        snapshot_share=args.snapshot_share, snapshot_every=args.snapshot_every,
        eval_every=args.eval_every, eval_games=args.eval_games, max_moves=args.max_moves,
        address=args.address, out=out,
    )
    path = train_rllib(config, progress=not args.quiet)
    print(f"\ncheckpoint: {path}  (use it as the bot rllib:{path})")
    print(f"learning curve: {Path(out) / 'learning_curve.png'}; "
          f"per-iteration counts: {Path(out) / 'metrics.jsonl'}")


def _demo(args: argparse.Namespace) -> None:
    from agents.train import TrainConfig, train

    players = DEFAULT_TRAIN_PLAYERS[args.game]
    out = Path(args.out)
    print(f"1/2 self-play training on {args.game} ({players} players, {args.steps:,} steps)")
    model = train(TrainConfig(game=args.game, num_players=players, steps=args.steps,
                              seed=args.seed, out=str(out / f"train-{args.game}")),
                  progress=not args.quiet)
    print(f"model: {model}\n\n2/2 tournament: the trained agent against the baseline bots")
    bots = [f"ppo:{model}", "heuristic", "random"]
    results, _ = run_tournament(args.game, players, bots, args.games, seed=args.seed,
                                progress=not args.quiet)
    title = f"{args.game}, {players} players, {args.games} games"
    print(f"\n{title}\n\n{format_table(results)}")
    picture = out / f"demo-{args.game}.png"
    plot(str(picture), title, results)
    print(f"\nplots: {picture}, {out / f'train-{args.game}' / 'learning_curve.png'}")


def _human(args: argparse.Namespace) -> None:
    players = args.players or DEFAULT_PLAYERS[args.game]
    if args.web:
        from agents.web import serve_human

        options = {k: v for k, v in (("mode", args.mode), ("length", args.length)) if v}
        table = HumanTable(args.game, players, args.seat, args.bots.split(","), seed=args.seed,
                           options=options)
        serve_human(table, port=args.port, save=args.save)
        return
    record = play_human(
        args.game, players, args.seat, args.bots.split(","), seed=args.seed, read=stdin_reader
    )
    if args.save:
        record.save(args.save)
        print(f"game saved to {args.save}")


def _replay(args: argparse.Namespace) -> None:
    record = GameRecord.load(args.log)
    if args.html:
        from agents.replay_html import replay_html

        Path(args.html).write_text(replay_html(record, viewer=args.seat), encoding="utf-8")
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
    parser = argparse.ArgumentParser(
        prog="tabletop",
        description="Bots, tournaments and human play for Dwarves of Aquilon, Dragon's "
        "Interest and Simurgh.",
        epilog="Example: tabletop tournament --game aquilon --bots heuristic,random --games 50",
    )
    sub = parser.add_subparsers(dest="command", required=True)

    t = sub.add_parser("tournament", help="play N games between bots and rate them")
    t.add_argument("--game", choices=[*GAME_NAMES, "all"], default="all",
                   help="which game (default: every installed game)")
    t.add_argument("--players", type=int, default=None,
                   help="players per game (default: 3 Aquilon, 4 Dragon's Interest, 3 Simurgh)")
    t.add_argument("--bots", default="heuristic,random", help=BOT_HELP)
    t.add_argument("--games", type=int, default=40, help="games per game type (default 40)")
    t.add_argument("--seed", type=int, default=0, help="game g is dealt from seed + g")
    t.add_argument("--workers", type=int, default=os.cpu_count(),
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
    tr.add_argument("--players", type=int, default=None,
                    help="players (default 2; 3 for Dragon's Interest)")
    tr.add_argument("--steps", type=int, default=200_000, help="learner decisions to train on")
    tr.add_argument("--seed", type=int, default=0)
    tr.add_argument("--envs", type=int, default=64, help="games played in parallel")
    tr.add_argument("--opponents", default="random,heuristic",
                    help="baseline bots in the opponent pool (comma-separated)")
    tr.add_argument("--snapshot-share", type=float, default=0.5,
                    help="chance that a game's opponents are a snapshot of the learner")
    tr.add_argument("--snapshot-every", type=int, default=5,
                    help="PPO updates (RLlib: iterations) between snapshots added to the pool")
    tr.add_argument("--eval-every", type=int, default=10,
                    help="PPO updates (RLlib: iterations) between evaluations against random "
                         "and heuristic")
    tr.add_argument("--eval-games", type=int, default=40, help="games per evaluation and bot")
    tr.add_argument("--max-moves", type=int, default=None,
                    help="truncate training games longer than this many moves of all seats "
                         "(default: no limit; a safety net against stalling agents)")
    tr.add_argument("--num-env-runners", type=int, default=1,
                    help="rllib: env runner processes (Ray actors) sampling games")
    tr.add_argument("--envs-per-runner", type=int, default=8,
                    help="rllib: games each env runner plays at once")
    tr.add_argument("--address", default=None,
                    help="rllib: join a running Ray cluster (e.g. auto, or HEAD_IP:6379); "
                         "default: start a local Ray")
    tr.add_argument("--out", default=None,
                    help="output folder (default runs/train-<game>, runs/train-rllib-<game>)")
    tr.add_argument("--quiet", action="store_true", help="no progress bar")
    tr.set_defaults(run=_train)

    d = sub.add_parser("demo", help="train an agent by self-play, then rate it against the "
                       "baseline bots (the README's main job)")
    d.add_argument("--game", choices=GAME_NAMES, default="aquilon")
    d.add_argument("--steps", type=int, default=100_000, help="training steps (default 100k)")
    d.add_argument("--games", type=int, default=60, help="tournament games (default 60)")
    d.add_argument("--seed", type=int, default=0)
    d.add_argument("--out", default="runs", help="output folder (default runs)")
    d.add_argument("--quiet", action="store_true", help="no progress bars")
    d.set_defaults(run=_demo)

    h = sub.add_parser("human", help="take a seat against bots in the terminal")
    h.add_argument("--game", choices=GAME_NAMES, default="aquilon")
    h.add_argument("--players", type=int, default=None)
    h.add_argument("--seat", type=int, default=0, help="your seat (0 plays first)")
    h.add_argument("--bots", default="heuristic", help=BOT_HELP)
    h.add_argument("--seed", type=int, default=0)
    h.add_argument("--save", help="save the game's log to this file")
    h.add_argument("--web", action="store_true",
                   help="play in a browser: serve the table on 127.0.0.1 and print its URL")
    h.add_argument("--port", type=int, default=0, help="port for --web (default: a free one)")
    h.add_argument("--mode", choices=("spearman", "dragonlord"), default=None,
                   help="Simurgh's mode, for --web")
    h.add_argument("--length", choices=("short", "medium", "long"), default=None,
                   help="Simurgh's game length, for --web")
    h.set_defaults(run=_human)

    r = sub.add_parser("replay", help="replay a saved game as text")
    r.add_argument("log", help="a game log written by --save or --save-logs")
    r.add_argument("--step", action="store_true", help="wait for Enter after each decision")
    r.add_argument("--html", metavar="FILE",
                   help="write a self-contained HTML replay viewer of the game to FILE (its "
                        "boards follow --seat; by default each as the seat to act saw it)")
    r.add_argument("--seat", type=int, default=None,
                   help="show the game as this seat saw it (-1: as a spectator saw it; "
                        "default: every seat's own choices, hidden ones included)")
    r.set_defaults(run=_replay)

    args = parser.parse_args(argv)
    args.run(args)
