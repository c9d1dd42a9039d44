"""Steps per second through OpenSpiel's `rl_environment.Environment` under random legal play:
OpenSpiel's own `python_tic_tac_toe` and the library's three games in the same run.

    python3 benchmarks/openspiel_rl.py [--seconds 3] [--json results.json]

A step is one `env.step` (one seat's action, the chance nodes after it sampled by the
environment's default sampler, every seat's information-state tensor and legal actions built,
as rl_environment does); the resets between games are counted in the time, not as steps.
Ratios are against python_tic_tac_toe measured in the same run; the games take turns in
short slices (ROUNDS per game), so a change of load weighs on them alike.
"""

from __future__ import annotations

import argparse
import json
import os
import time

import numpy as np

from agents.games import installed_games
from agents.profiles import game_profile

ROUNDS = 10  # slices per game


class Runner:
    """Random legal actions through rl_environment, in slices (the games take turns, so that
    a change of load on the machine weighs on every game alike)."""

    def __init__(self, game, seed: int = 0):
        from open_spiel.python import rl_environment

        self.env = rl_environment.Environment(game)
        self.env.seed(seed)
        self.rng = np.random.default_rng(seed)
        self.time_step = self.env.reset()
        self.steps = 0
        self.seconds = 0.0

    def run(self, seconds: float) -> None:
        """Step for about `seconds` more (resets between games are timed, not counted)."""
        env, rng, time_step = self.env, self.rng, self.time_step
        start = time.perf_counter()
        while time.perf_counter() - start < seconds:
            if time_step.last():
                time_step = env.reset()
                continue
            legal = time_step.observations["legal_actions"][time_step.current_player()]
            time_step = env.step([legal[int(rng.random() * len(legal))]])
            self.steps += 1
        self.seconds += time.perf_counter() - start
        self.time_step = time_step


def main() -> None:
    """Measure every game and print the table (optionally also as JSON)."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=3.0, help="time per game")
    parser.add_argument("--json", help="also write the results to this file")
    args = parser.parse_args()

    import pyspiel
    from open_spiel.python.games import tic_tac_toe  # noqa: F401  (registers the game)

    import tabletop_core.openspiel  # noqa: F401  (registers the games)

    games = {"python_tic_tac_toe": pyspiel.load_game("python_tic_tac_toe")}
    for game in installed_games():  # each at its profile's "throughput_players"
        profile = game_profile(game)
        players = profile.benchmark("throughput_players", profile.play_players)
        games[f"python_{game}"] = pyspiel.load_game(f"python_{game}", {"players": players})
    runners = {name: Runner(game) for name, game in games.items()}
    for runner in runners.values():
        runner.run(0.2)  # compile or load the engines first
        runner.steps, runner.seconds = 0, 0.0
    for _ in range(ROUNDS):
        for runner in runners.values():
            runner.run(args.seconds / ROUNDS)
    rows = [(name, games[name].num_players(), r.steps / r.seconds) for name, r in runners.items()]
    baseline = rows[0][2]

    print(f"\nOpenSpiel rl_environment, random legal play, {os.cpu_count()} cores, "
          f"{args.seconds:g} s per game\n")
    print("| game | players | steps/s | x python_tic_tac_toe |")
    print("|---|---:|---:|---:|")
    for name, players, sps in rows:
        print(f"| {name} | {players} | {sps:,.0f} | {sps / baseline:.2f} |")
    if args.json:
        with open(args.json, "w") as f:
            json.dump({"rl_environment": [
                {"game": n, "players": p, "steps_per_second": s, "ratio": s / baseline}
                for n, p, s in rows]}, f, indent=2)


if __name__ == "__main__":
    main()
