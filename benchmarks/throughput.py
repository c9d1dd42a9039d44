"""Steps per second under random legal play: the library's games through the wrapped AEC
`env()`, the Parallel view `parallel_env()` and `BatchEnv`, side by side with PettingZoo
classic `connect_four_v3` and `texas_holdem_v4` in the same run, plus numba compile times
(cold and cached).

    python3 benchmarks/throughput.py [--seconds 3] [--json results.json]

Ratios are against connect_four_v3's wrapped AEC env measured in the same run. The parallel
view's rate counts engine moves (one AEC step each; a joint sealed step plays several), with
every seat's observation and mask built at each step as the Parallel API requires and an action
drawn for each seat in `deciding_agents` (the others leave their no-op out, as the view's docs
allow); a second table gives it per game as a multiple of the AEC env's rate.
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile
import time

import numpy as np

from agents.games import installed_games, load_game
from agents.profiles import game_profile

GAMES = {  # each game at its profile's "throughput_players" (default: its table of play)
    name: {"num_players": game_profile(name).benchmark("throughput_players",
                                                       game_profile(name).play_players)}
    for name in installed_games()
}
BATCH_SIZES = (1024, 4096)


def random_legal(mask: np.ndarray, rng: np.random.Generator) -> int:
    """A uniformly random legal action of `mask`: the one sampler of every loop below."""
    legal = mask.nonzero()[0]
    return int(legal[int(rng.random() * len(legal))])


def aec_steps_per_second(make_env, seconds: float, seed: int = 0) -> float:
    """Random legal actions through an AEC env for about `seconds`; resets between games."""
    rng = np.random.default_rng(seed)
    env = make_env()
    steps = 0
    games = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        env.reset(seed=seed + games)
        games += 1
        for agent in env.agent_iter():
            obs, _, term, trunc, _ = env.last()
            if term or trunc:
                env.step(None)
                continue
            env.step(random_legal(obs["action_mask"], rng))
            steps += 1
            del agent
    return steps / (time.perf_counter() - start)


def parallel_moves_per_second(make_env, seconds: float, seed: int = 0) -> float:
    """Random legal actions through a parallel env for about `seconds`: engine moves per
    second (resets between games). The seats in `deciding_agents` draw from their masks; the
    others leave their no-op out of the actions dict, as the Parallel view's docs allow."""
    rng = np.random.default_rng(seed)
    env = make_env()
    moves = 0
    games = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        obs, _ = env.reset(seed=seed + games)
        games += 1
        while env.agents:
            actions = {agent: random_legal(obs[agent]["action_mask"], rng)
                       for agent in env.deciding_agents}
            before = env.moves
            obs, *_ = env.step(actions)
            moves += env.moves - before
    return moves / (time.perf_counter() - start)


def batch_steps_per_second(game: str, num_envs: int, seconds: float) -> float:
    """Random legal actions through a game's BatchEnv (sampling included)."""
    module = load_game(game)
    batch = module.BatchEnv(num_envs=num_envs, seed=0, **GAMES[game])
    batch.reset()
    for _ in range(5):
        batch.step(batch.sample_random_actions())
    calls = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        batch.step(batch.sample_random_actions())
        calls += 1
    return calls * num_envs / (time.perf_counter() - start)


_COMPILE_SNIPPET = """
import time, numpy as np
t0 = time.perf_counter()
from tabletop_core.games import game_module
m = game_module({game!r})
env = m.raw_env(**{kwargs!r}); env.reset(seed=0)
rng = np.random.default_rng(0)
while env.legal_actions():
    env.step(int(rng.choice(env.legal_actions())))
b = m.BatchEnv(num_envs=2, seed=0, **{kwargs!r}); b.reset(); b.step(b.sample_random_actions())
print(time.perf_counter() - t0)
"""


def compile_seconds(game: str) -> tuple[float, float]:
    """(cold, cached) seconds to import, play one random game and one batch step in a fresh
    process."""
    code = _COMPILE_SNIPPET.format(game=game, kwargs=GAMES[game])
    with tempfile.TemporaryDirectory() as cache_dir:
        env = {**os.environ, "NUMBA_CACHE_DIR": cache_dir}
        times = []
        for _ in range(2):
            out = subprocess.run(
                [sys.executable, "-c", code], env=env, capture_output=True, text=True, check=True
            )
            times.append(float(out.stdout.strip().splitlines()[-1]))
    return times[0], times[1]


def main() -> None:
    """Run every measurement and print the table (optionally also as JSON)."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=3.0, help="time per measurement")
    parser.add_argument("--json", help="also write the results to this file")
    parser.add_argument("--no-compile", action="store_true", help="skip compile timings")
    args = parser.parse_args()

    from pettingzoo.classic import connect_four_v3, texas_holdem_v4

    rows = []
    baseline = aec_steps_per_second(connect_four_v3.env, args.seconds)
    rows.append(("connect_four_v3", "AEC env()", baseline))
    rows.append(
        ("texas_holdem_v4", "AEC env()", aec_steps_per_second(texas_holdem_v4.env, args.seconds))
    )
    games = list(GAMES)
    parallel_ratios = {}
    for game in games:
        module = load_game(game)
        batch_steps_per_second(game, 8, 0.1)  # compile or load from cache first
        aec = aec_steps_per_second(lambda m=module, g=game: m.env(**GAMES[g]), args.seconds)
        rows.append((f"{game} ({GAMES[game]['num_players']}p)", "AEC env()", aec))
        make_parallel = lambda m=module, g=game: m.parallel_env(**GAMES[g])  # noqa: E731
        parallel_moves_per_second(make_parallel, 0.1)  # the joint kernels, compiled or loaded
        par = parallel_moves_per_second(make_parallel, args.seconds)
        rows.append((f"{game} ({GAMES[game]['num_players']}p)", "parallel_env()", par))
        parallel_ratios[game] = par / aec
        for n in BATCH_SIZES:
            sps = batch_steps_per_second(game, n, args.seconds)
            rows.append((f"{game} ({GAMES[game]['num_players']}p)", f"BatchEnv N={n}", sps))

    print(f"\nRandom legal play, {os.cpu_count()} cores, {args.seconds:g} s per row\n")
    print("| environment | interface | steps/s | x connect_four AEC |")
    print("|---|---|---:|---:|")
    for name, interface, sps in rows:
        print(f"| {name} | {interface} | {sps:,.0f} | {sps / baseline:,.1f} |")
    print("\n| game | parallel_env() engine moves/s, x AEC env() |")
    print("|---|---:|")
    for game, ratio in parallel_ratios.items():
        print(f"| {game} ({GAMES[game]['num_players']}p) | {ratio:.2f} |")
    compile_rows = []
    if not args.no_compile:
        print("\n| game | first run, cold numba cache (s) | later runs, cached (s) |")
        print("|---|---:|---:|")
        for game in games:
            cold, warm = compile_seconds(game)
            compile_rows.append((game, cold, warm))
            print(f"| {game} | {cold:.1f} | {warm:.1f} |")
    if args.json:
        with open(args.json, "w") as f:
            json.dump(
                {
                    "throughput": [
                        {"environment": n, "interface": i, "steps_per_second": s}
                        for n, i, s in rows
                    ],
                    "parallel_over_aec": parallel_ratios,
                    "compile": [
                        {"game": g, "cold_seconds": c, "cached_seconds": w}
                        for g, c, w in compile_rows
                    ],
                },
                f,
                indent=2,
            )


if __name__ == "__main__":
    main()
