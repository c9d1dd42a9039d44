"""RLlib training throughput: learner decisions per second inside RLlib's PPO loop (sampling
and updates) with `TabletopMultiAgentEnv` (its opponents inside the env, the training default;
and every seat through RLlib, the opponents as modules), next to RLlib's generic
`PettingZooEnv` wrapper over the same game's AEC env and to the SB3 `SelfPlayVecEnv` (64 games)
in MaskablePPO, all against random opponents, for 1 and 2 env runners; then where RLlib's time
goes (its own timers, and each env alone outside RLlib's loop).

    python3 benchmarks/training.py --backend rllib [--game aquilon] [--iterations 9]

Ray runs in a network namespace with only loopback up: the script re-executes itself under
`unshare -n` (as root) unless it already runs in one.
"""

from __future__ import annotations

import os
import socket
import subprocess
import sys
import time
from pathlib import Path

RUNNER_COUNTS = (1, 2)
BATCH = 2000  # env steps per PPO iteration
MODES = {"env": "TabletopSingleAgentEnv, opponents in the env",
         "modules": "TabletopMultiAgentEnv, opponents as modules",
         "generic": "RLlib PettingZooEnv(env())"}


def loopback_only() -> bool:
    """Whether this process's network namespace has no interface but loopback."""
    return {name for _, name in socket.if_nameindex()} <= {"lo"}


def reexec_in_loopback_namespace() -> None:
    """Run this script again inside `unshare -n` with only loopback up, and exit with it."""
    if os.environ.get("TABLETOP_LOOPBACK_NAMESPACE"):
        raise SystemExit("still not in a loopback-only network namespace: giving up")
    command = " ".join(f'"{a}"' for a in [sys.executable, *sys.argv])
    env = {**os.environ, "RAY_USAGE_STATS_ENABLED": "0", "TABLETOP_LOOPBACK_NAMESPACE": "1"}
    code = subprocess.call(["unshare", "-n", "sh", "-c", f"ip link set lo up && exec {command}"],
                           env=env)
    raise SystemExit(code)


def _pettingzoo_env(config):
    from ray.rllib.env.wrappers.pettingzoo_env import PettingZooEnv

    from agents.games import load_game

    return PettingZooEnv(load_game(config["game"]).env(num_players=config["num_players"]))


def build_algo(game: str, players: int, runners: int, mode: str):
    """An RLlib PPO algorithm of `mode` (one of MODES) against random opponents."""
    from ray.rllib.core.rl_module.multi_rl_module import MultiRLModuleSpec
    from ray.rllib.core.rl_module.rl_module import RLModuleSpec
    from ray.tune.registry import register_env

    from agents.rllib.league import LEARNER
    from agents.rllib.modules import MaskedPPOTorchRLModule, MaskedRandomRLModule
    from agents.rllib.train import RLlibConfig, learner_module, ppo_config

    config = RLlibConfig(game=game, num_players=players, num_env_runners=runners,
                         envs_per_runner=8, train_batch_size=BATCH, minibatch_size=500,
                         num_epochs=1, bots=("random",), snapshot_share=0.0,
                         opponents_in_env=mode == "env")
    ppo = ppo_config(config)
    if mode == "generic":
        register_env("pettingzoo_generic", _pettingzoo_env)
        network = {"fcnet_hiddens": list(config.hidden), "fcnet_activation": "tanh",
                   "features_key": "observation"}
        ppo.environment("pettingzoo_generic", env_config={"game": game, "num_players": players},
                        disable_env_checking=True)
        ppo.rl_module(rl_module_spec=MultiRLModuleSpec(rl_module_specs={
            LEARNER: RLModuleSpec(module_class=MaskedPPOTorchRLModule, model_config=network),
            "random": RLModuleSpec(module_class=MaskedRandomRLModule)}))
    return ppo.build_algo(), learner_module(config)


def sampled_decisions(episodes, learner: str) -> tuple[int, int]:
    """(the learner module's steps, all agents' steps) in sampled episodes (single- or
    multi-agent)."""
    mine = every = 0
    for episode in episodes:
        parts = getattr(episode, "agent_episodes", None)
        for part in parts.values() if parts is not None else [episode]:
            every += len(part)
            mine += len(part) if part.module_id in (learner, None) else 0
    return mine, every


def rllib_rates(game: str, players: int, runners: int, iterations: int) -> dict:
    """{mode: (learner decisions/s in PPO's loop, decisions/s of the seats that pass through
    RLlib, learner decisions/s of sampling alone, last timers)}: the medians over `iterations`
    rounds of each mode, after one warm-up iteration, the modes taking turns round by round (so
    that a change in the machine's load falls on all of them). A round is one PPO iteration
    (sampling and update), then one sampling alone of as many agent steps (RLlib's own
    `synchronous_parallel_sample`, as PPO calls it)."""
    import statistics

    from ray.rllib.execution.rollout_ops import synchronous_parallel_sample
    from ray.rllib.utils.metrics import ENV_RUNNER_RESULTS, NUM_MODULE_STEPS_SAMPLED_LIFETIME

    from agents.rllib.train import train_step

    def counts(result, learner):
        steps = result[ENV_RUNNER_RESULTS][NUM_MODULE_STEPS_SAMPLED_LIFETIME]
        return steps.get(learner, 0), sum(steps.values())

    algos = {mode: build_algo(game, players, runners, mode) for mode in MODES}
    try:
        last = {mode: counts(train_step(algo), learner) for mode, (algo, learner) in algos.items()}
        rates = {mode: [] for mode in MODES}
        timers = {mode: {} for mode in MODES}
        for _ in range(iterations):
            for mode, (algo, learner) in algos.items():
                start = time.perf_counter()
                result = train_step(algo)
                wall = time.perf_counter() - start
                now = counts(result, learner)
                start = time.perf_counter()
                episodes = synchronous_parallel_sample(
                    worker_set=algo.env_runner_group, max_agent_steps=BATCH,
                    sample_timeout_s=900.0, _uses_new_env_runners=True)
                seconds = time.perf_counter() - start
                mine, every = sampled_decisions(episodes, learner)
                rates[mode].append(((now[0] - last[mode][0]) / wall,
                                    (now[1] - last[mode][1]) / wall, mine / seconds))
                # The runners count these steps too, in the next iteration's result.
                last[mode] = (now[0] + mine, now[1] + every)
                for name in ("env_step_timer", "rlmodule_inference_timer"):
                    value = result[ENV_RUNNER_RESULTS].get(name)
                    if isinstance(value, float):
                        timers[mode]["runner/" + name] = value
                timers[mode]["learner_update_timer"] = result["timers"]["learner_update_timer"]
        return {mode: (*(statistics.median(r[k] for r in rates[mode]) for k in range(3)),
                       timers[mode]) for mode in MODES}
    finally:
        for algo, _ in algos.values():
            algo.stop()


def sb3_rate(game: str, players: int, steps: int) -> float:
    """Learner decisions/s of MaskablePPO on SelfPlayVecEnv (64 games, random opponents)."""
    from sb3_loop import loop_steps_per_second

    from agents.training.opponent_pool import OpponentPool
    from agents.training.selfplay import SelfPlayVecEnv

    env = SelfPlayVecEnv(game, 64, players, OpponentPool(bots=("random",)), seed=0)
    return loop_steps_per_second(env, steps, 64)


def bare_rate(env, steps: int, seed: int = 0) -> float:
    """Decisions/s of an RLlib env alone (multi-agent or `TabletopSingleAgentEnv`), random
    legal actions, no RLlib loop."""
    import numpy as np

    from tabletop_core.rllib import TabletopSingleAgentEnv

    single = isinstance(env, TabletopSingleAgentEnv)
    rng = np.random.default_rng(seed)
    obs, _ = env.reset(seed=seed)
    decisions = 0
    start = time.perf_counter()
    while decisions < steps:
        views = {"learner": obs} if single else obs
        actions = {a: int(rng.choice(np.flatnonzero(o["action_mask"]))) for a, o in views.items()}
        decisions += len(actions)
        if single:
            obs, _, terminated, truncated, _ = env.step(actions["learner"])
        else:
            obs, _, terminateds, truncateds, _ = env.step(actions)
            terminated, truncated = terminateds["__all__"], truncateds["__all__"]
        if terminated or truncated:
            obs, _ = env.reset(seed=int(rng.integers(2**31)))
    return decisions / (time.perf_counter() - start)


def print_bare(games: list[str], steps: int) -> None:
    """The envs alone, outside RLlib's loop: what the env itself costs per decision."""
    from agents.profiles import game_profile
    from agents.rllib.opponents import PoolOpponents
    from tabletop_core.rllib import TabletopMultiAgentEnv, TabletopSingleAgentEnv

    print("\n| game | env alone (no RLlib loop) | decisions/s given to the env's caller |")
    print("|---|---|---:|")
    for game in games:
        players = game_profile(game).train_players
        config = {"game": game, "num_players": players}
        in_env = {**config, "opponents": PoolOpponents(game, players, ("random",), 0.0)}
        for name, env in ((MODES["env"], TabletopSingleAgentEnv(in_env)),
                          ("TabletopMultiAgentEnv, every seat", TabletopMultiAgentEnv(config)),
                          (MODES["generic"], _pettingzoo_env(config))):
            bare_rate(env, 200)  # warm up
            print(f"| {game} | {name} | {bare_rate(env, steps):,.0f} |", flush=True)


def run(games: list[str], iterations: int, sb3_steps: int) -> None:
    """Print the throughput table and the timers of each RLlib setting."""
    import torch

    from agents.cluster import init_ray
    from agents.profiles import game_profile

    torch.set_num_threads(1)
    # Every interface's algorithm stays up while the others take their turns: Ray's CPU count
    # only schedules them (one logical CPU per env runner), the machine's cores are shared.
    init_ray(num_cpus=len(MODES) * max(RUNNER_COUNTS))
    print("| game | interface | env runners | learner decisions/s | vs generic | decisions/s "
          "through RLlib | sampling alone: learner decisions/s | vs generic |")
    print("|---|---|---:|---:|---:|---:|---:|---:|")
    details = []
    for game in games:
        players = game_profile(game).train_players
        print(f"| {game} ({players}p) | SB3 SelfPlayVecEnv, 64 games (MaskablePPO) | - | "
              f"{sb3_rate(game, players, sb3_steps):,.0f} | | | | |", flush=True)
        for runners in RUNNER_COUNTS:
            rates = rllib_rates(game, players, runners, iterations)
            generic, generic_sampling = rates["generic"][0], rates["generic"][2]
            for mode, name in MODES.items():
                learner, total, sampling, timers = rates[mode]
                print(f"| {game} ({players}p) | {name} | {runners} | {learner:,.0f} | "
                      f"{learner / generic:.2f}x | {total:,.0f} | {sampling:,.0f} | "
                      f"{sampling / generic_sampling:.2f}x |", flush=True)
                details.append((game, name, runners, timers))
    print("\nRLlib timers (seconds, last iteration; runner/* are per vector-env call):")
    for game, name, runners, timers in details:
        shown = ", ".join(f"{k} {v:.4g}" for k, v in sorted(timers.items()))
        print(f"- {game}, {name}, {runners} runner(s): {shown}")


def main(argv: list[str]) -> None:
    """Parse the options (see the module doc) and run, in a loopback-only namespace."""
    import argparse

    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", action="append", help="only these games (repeatable)")
    parser.add_argument("--iterations", type=int, default=9,
                        help="timed PPO iterations of each interface")
    parser.add_argument("--sb3-steps", type=int, default=8192)
    parser.add_argument("--bare-steps", type=int, default=20_000,
                        help="decisions for the envs alone")
    parser.add_argument("--bare-only", action="store_true",
                        help="only the envs alone (no Ray started)")
    args = parser.parse_args(argv)
    if args.bare_only:
        print_bare(args.game or ["aquilon"], args.bare_steps)
        return
    if not loopback_only():
        reexec_in_loopback_namespace()
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
    run(args.game or ["aquilon"], args.iterations, args.sb3_steps)
    print_bare(args.game or ["aquilon"], args.bare_steps)
