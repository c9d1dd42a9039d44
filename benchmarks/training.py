"""Training throughput and what a fixed CPU budget buys.

1. Environment steps per second inside MaskablePPO's loop: the batched `SelfPlayVecEnv`
   (64 games) next to the same loop over the plain single-env wrapper (`SingleAgentEnv` in a
   DummyVecEnv), both against random opponents.
2. For each game, a self-play training run with a fixed step budget, then the trained agent's
   win rate (95% CI) against `random` and against `heuristic` at 2 players (3 for Dragon's
   Interest).

    python3 benchmarks/training.py [--steps 200000] [--throughput-steps 8192] [--game aquilon]
                                   [--only throughput|budget]
    python3 benchmarks/training.py --backend rllib [--game aquilon] [--iterations 9]
                                   (RLlib next to SB3 and the generic wrapper:
                                   benchmarks/rllib_training.py)
"""

from __future__ import annotations

import argparse
import sys
import time

import torch
from sb3_loop import loop_steps_per_second
from stable_baselines3.common.vec_env import DummyVecEnv

from agents.games import installed_games
from agents.ppo.recipe import PPOConfig, evaluate_model, train
from agents.profiles import game_profile
from agents.training.selfplay import OpponentPool, SelfPlayVecEnv
from agents.training.single_env import SingleAgentEnv


def main() -> None:
    """Print the throughput table and the budget table (or, with --backend rllib, the RLlib
    comparison of benchmarks/rllib_training.py)."""
    if "--backend" in sys.argv:
        at = sys.argv.index("--backend")
        backend = sys.argv[at + 1] if at + 1 < len(sys.argv) else ""
        if backend == "rllib":
            from rllib_training import main as rllib_main

            rllib_main(sys.argv[1:at] + sys.argv[at + 2:])
            return
        if backend != "sb3":
            raise SystemExit("--backend must be sb3 or rllib")
        del sys.argv[at:at + 2]
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--steps", type=int, default=200_000, help="training budget per game")
    parser.add_argument("--throughput-steps", type=int, default=8192)
    parser.add_argument("--eval-games", type=int, default=100)
    parser.add_argument("--game", action="append", help="only these games (repeatable)")
    parser.add_argument("--only", choices=("throughput", "budget"), help="run one part only")
    args = parser.parse_args()
    torch.set_num_threads(1)
    games = args.game or installed_games()
    if args.only != "budget":
        print_throughput(games, args.throughput_steps)
    if args.only != "throughput":
        print_budget(games, args.steps, args.eval_games)


def print_throughput(games: list[str], steps: int) -> None:
    """Learner steps per second in MaskablePPO's loop, batched and single-env, per game."""
    print("| game | interface | learner steps/s in MaskablePPO |")
    print("|---|---|---:|")
    for game in games:
        players = game_profile(game).train_players
        batched = SelfPlayVecEnv(game, 64, players, OpponentPool(bots=("random",)), seed=0)
        single = DummyVecEnv([lambda g=game, p=players: SingleAgentEnv(g, p, "random")])
        for name, env, n in (("SelfPlayVecEnv, 64 games", batched, 64),
                             ("single-env wrapper", single, 2048)):
            sps = loop_steps_per_second(env, steps, n)
            print(f"| {game} ({players}p) | {name} | {sps:,.0f} |", flush=True)


def print_budget(games: list[str], steps: int, eval_games: int) -> None:
    """Per game: a self-play run of `steps`, then the model's win rates against the bots."""
    print("\n| game | players | budget (steps) | wall time | vs random | vs heuristic |")
    print("|---|---:|---:|---:|---:|---:|")
    for game in games:
        players = game_profile(game).train_players
        config = PPOConfig.for_game(game, num_players=players, steps=steps,
                                    eval_every=10**9, eval_games=10,
                                    out=f"runs/bench-train-{game}")
        start = time.perf_counter()
        path = train(config, progress=False)
        wall = time.perf_counter() - start
        cells = []
        for bot in ("random", "heuristic"):
            rate, low, high = evaluate_model(config, str(path), bot, eval_games)
            cells.append(f"{rate:.1%} ({low:.1%}-{high:.1%})")
        print(f"| {game} | {players} | {steps:,} | {wall / 60:.1f} min | "
              f"{cells[0]} | {cells[1]} |", flush=True)


if __name__ == "__main__":
    main()
