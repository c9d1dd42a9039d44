"""Expert iteration's apprentice, the run that lifted Simurgh's policy alone above `baseline`
(docs/results/2026-12-az-network-alone.md): `baseline`'s policy plays every seat and round 0's
search labels each of its decisions (the az recipe's `--played-by policy` from its default
start: `az` with `baseline`'s prior and heuristic playouts), then the recipe's own round-0
training and distillation over all the samples, and the network's policy alone against
`baseline`, one seat against the others (games cut at the recipe's own move limit, as in
`az_goal.py`).

    python3 benchmarks/apprentice.py --game simurgh --groups 27 --games 10 --seed 11 \\
        --max-moves 1000 --distill-epochs 10 --out runs/apprentice-simurgh \\
        [--eval-games 2000] [--eval-seeds 777 778 779] [--workers 2]

The games are played in `--groups` groups of `--games`, group k dealt from the seeds of round k
of the recipe with the same `--games` and `--seed`; each group's samples are saved as it ends,
so a run started again with the same options goes on after its last group (a game that stalls
holds up only its own group). Beside the groups, `groups.json` records what made them (game,
players, games a group, seed, the search's settings, the searching network's digest): a run
started in a folder whose groups another game, seed or setting made, or whose saved groups
cannot be read, is refused in one line before any game is played. Writes `network.npz` (its
policy alone: `baseline:<file>`) and `apprentice.json` (the command, the recipe, the samples,
wall times and the evaluation).
"""

from __future__ import annotations

import argparse
import hashlib
import json
import os
import sys
import time
import zipfile
import zlib
from dataclasses import asdict
from pathlib import Path

from agents.az.recipe import (
    AZRecipe,
    distill,
    new_optimizer,
    round_seeds,
    start_network,
    train_round,
)
from agents.az.selfplay import Samples
from agents.bots.baseline import shipped_policy_path
from agents.games import installed_games, load_game
from agents.play.evaluate import evaluate_bot
from agents.play.tournament import wilson_interval

RECORD = "groups.json"
# What a damaged .npz raises on reading (numpy and zipfile do not wrap it in one type).
UNREADABLE = (OSError, ValueError, EOFError, KeyError, zipfile.BadZipFile, zlib.error)


def groups_record(recipe: AZRecipe, searcher: Path) -> dict:
    """What makes a group's samples: the game and table, games a group, the seed, the
    search's settings and the searching network (its file's SHA-256)."""
    return json.loads(json.dumps({
        "game": recipe.game, "num_players": recipe.num_players, "games": recipe.games,
        "seed": recipe.seed, **asdict(recipe.settings),
        "searcher_sha256": hashlib.sha256(searcher.read_bytes()).hexdigest()}))


def prepare_out(out: Path, record: dict) -> None:
    """Make `out` the folder of this run's groups, or refuse it (ValueError, one line): a file
    or a folder that cannot be written, groups of another run (its `groups.json` differs) or
    groups without that record."""
    if out.exists() and not out.is_dir():
        raise ValueError(f"--out {out} is a file, not a folder")
    try:
        out.mkdir(parents=True, exist_ok=True)
    except OSError as error:
        raise ValueError(f"cannot make the folder --out {out}: "
                         f"{error.strerror or error}") from None
    saved = out / RECORD
    if saved.exists():
        try:
            before = json.loads(saved.read_text())
        except (OSError, ValueError) as error:
            raise ValueError(f"cannot read {saved}: {error}; use another --out") from None
        if not isinstance(before, dict):
            raise ValueError(f"{saved} is not a record of an apprentice's groups; use another "
                             "--out")
        changed = sorted(k for k in set(before) | set(record) if before.get(k) != record.get(k))
        if changed:
            raise ValueError(f"{out} holds the groups of another run (differs in "
                             f"{', '.join(changed)}); use another --out")
        return
    if any(out.glob("group_*.npz")):
        raise ValueError(f"{out} holds groups but no {RECORD} saying what made them; use "
                         "another --out")
    try:
        saved.write_text(json.dumps(record, indent=2))
    except OSError as error:
        raise ValueError(f"cannot write to --out {out}: {error.strerror or error}") from None


def check_group(path: Path, spec, num_players: int) -> None:
    """ValueError (one line) unless `path` holds samples this game and table could make."""
    try:
        samples = Samples.load(path)
    except UNREADABLE as error:
        raise ValueError(f"cannot read the saved group {path} ({type(error).__name__}: "
                         f"{error}); delete it to play it again") from None
    widths = {"observations": spec.obs_size, "masks": spec.num_actions,
              "visits": spec.num_actions, "q_values": spec.num_actions,
              "prior_logits": spec.num_actions, "values": spec.max_players}
    for name, width in widths.items():
        array = getattr(samples, name)
        if array.ndim != 2 or array.shape != (len(samples), width) or \
                (samples.players != num_players).any():
            raise ValueError(f"the saved group {path} is not of {spec.name} with "
                             f"{num_players} players ({name} {list(array.shape)}); delete it "
                             "to play it again")


def run(game: str, groups: int, games: int, seed: int, out: Path, iterations: int = 200,
        max_moves: int | None = None, distill_epochs: int = 10, eval_games: int = 2000,
        eval_seeds: tuple[int, ...] = (777, 778, 779), workers: int | None = None,
        command: str = "") -> dict:
    """Play (or resume) the groups, train, evaluate; the record written to apprentice.json."""
    import torch

    from agents.az.workers import generate_games
    from agents.bots.az import load_network

    overrides = {"max_moves": max_moves} if max_moves is not None else {}
    recipe = AZRecipe.for_game(game, played_by="policy", rounds=1, games=games, seed=seed,
                               iterations=iterations, distill_epochs=distill_epochs,
                               table_mix=(), out=str(out), **overrides)
    spec = load_game(game).SPEC
    searcher_path = shipped_policy_path(game)
    searcher = load_network(str(searcher_path), spec, recipe.num_players)
    prepare_out(out, groups_record(recipe, searcher_path))
    for k in range(groups):
        if (out / f"group_{k}.npz").exists():
            check_group(out / f"group_{k}.npz", spec, recipe.num_players)
    started = time.perf_counter()
    for k in range(groups):
        path = out / f"group_{k}.npz"
        if not path.is_file():
            samples, _ = generate_games(game, recipe.num_players, searcher,
                                        round_seeds(recipe, k), recipe.settings, workers)
            samples.save(path)
    self_play = time.perf_counter() - started
    data = Samples.join([Samples.load(out / f"group_{k}.npz") for k in range(groups)])
    started = time.perf_counter()
    threads = torch.get_num_threads()
    torch.set_num_threads(1)  # the same numbers whatever the machine's cores
    try:
        torch.manual_seed(recipe.seed)
        net, _ = start_network(recipe, spec)  # baseline's policy, a new value head
        train_round(net, new_optimizer(net, recipe), data, recipe, 0)
        student, losses = distill(net, data, recipe) if distill_epochs else (net, None)
        policy_loss = losses[recipe.num_players]["policy_loss"] if losses else None
    finally:
        torch.set_num_threads(threads)
    network = student.export(out / "network.npz", spec)
    training = time.perf_counter() - started
    results, won = [], 0.0
    for eval_seed in eval_seeds:
        rate, low, high = evaluate_bot(game, recipe.num_players, f"baseline:{network}",
                                       "baseline", eval_games, seed=eval_seed, one_seat=True,
                                       workers=workers or os.cpu_count() or 1,
                                       max_moves=recipe.max_moves)
        results.append({"seed": eval_seed, "win": rate, "low": low, "high": high})
        won += rate * eval_games
    low, high = wilson_interval(won, eval_games * len(eval_seeds))
    record = {"command": command, "recipe": asdict(recipe), "groups": groups,
              "samples": len(data), "policy_loss": policy_loss,
              "wall_time_s": {"self-play (this start)": self_play, "training": training},
              "network_vs_baseline": results,
              "network_vs_baseline_all": {"games": eval_games * len(eval_seeds),
                                          "win": won / (eval_games * len(eval_seeds)),
                                          "low": low, "high": high}}
    (out / "apprentice.json").write_text(json.dumps(record, indent=2))
    return record


def main() -> None:
    """Run the apprentice from the command line and print its evaluation."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", required=True, choices=installed_games())
    parser.add_argument("--groups", type=int, default=27)
    parser.add_argument("--games", type=int, default=10, help="games a group")
    parser.add_argument("--seed", type=int, default=11)
    parser.add_argument("--iterations", type=int, default=200)
    parser.add_argument("--max-moves", type=int, default=None,
                        help="cut a game at this many moves (default: the az recipe's)")
    parser.add_argument("--distill-epochs", type=int, default=10)
    parser.add_argument("--eval-games", type=int, default=2000, help="games an evaluation seed")
    parser.add_argument("--eval-seeds", type=int, nargs="+", default=[777, 778, 779])
    parser.add_argument("--workers", type=int, default=None)
    parser.add_argument("--out", required=True)
    args = parser.parse_args()
    if min(args.groups, args.games, args.eval_games) < 1 or args.distill_epochs < 0:
        parser.error("--groups, --games and --eval-games must be at least 1, "
                     "--distill-epochs at least 0")
    try:
        record = run(args.game, args.groups, args.games, args.seed, Path(args.out),
                     args.iterations, args.max_moves, args.distill_epochs, args.eval_games,
                     tuple(args.eval_seeds), args.workers,
                     command=" ".join(["python3 benchmarks/apprentice.py", *sys.argv[1:]]))
    except (ValueError, OSError) as error:
        # A bad option, folder or saved group: one line, no traceback.
        sys.stderr.write(f"apprentice.py: error: {' '.join(str(error).split())}\n")
        raise SystemExit(2) from None
    print(f"{record['samples']:,} samples of {args.groups} groups; network alone against "
          "baseline:")
    for row in [*record["network_vs_baseline"], record["network_vs_baseline_all"]]:
        print(f"  {row.get('seed', 'all')}: {row['win']:.1%} ({row['low']:.1%}-"
              f"{row['high']:.1%})")


if __name__ == "__main__":
    main()
