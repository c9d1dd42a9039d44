"""AgileRL's multi-agent vectoriser over each game's parallel view, checked against the plain
parallel env (AgileRL pins PettingZoo < 1.27, so it runs in a venv of its own):

    python3 -m venv --system-site-packages /tmp/agilerl
    /tmp/agilerl/bin/pip install "pettingzoo==1.26.1" agilerl
    PYTHONPATH=. /tmp/agilerl/bin/python benchmarks/agilerl_vec_env.py

`AsyncPettingZooVecEnv` (what `agilerl.utils.utils.make_multi_agent_vect_envs` returns; that
module also imports `peft`, which AgileRL 2.58 does not install) steps `num_envs` games in
worker processes. Each sub-env i, reset with seed + i, must play the same game as a plain
`parallel_env` reset with that seed under the same actions: observations, masks and rewards are
compared step by step until the first game ends, then the vector env keeps stepping (its workers
deal new games) for the rest of the steps with masked random actions. Prints one line per game
and exits non-zero on any difference.
"""

from __future__ import annotations

import argparse
import sys
import time

import numpy as np

from agents.games import installed_games, load_game
from agents.profiles import game_profile

PLAYERS = 3


def game_options(name: str) -> dict:
    """The options this check plays the game with (its profile's "options")."""
    return dict(game_profile(name).benchmark("options", {}))


def check(name: str, num_envs: int, steps: int, seed: int) -> str:
    from agilerl.vector.pz_async_vec_env import AsyncPettingZooVecEnv

    module = load_game(name)
    options = {"num_players": PLAYERS, **game_options(name)}
    vec = AsyncPettingZooVecEnv([lambda: module.parallel_env(**options)] * num_envs)
    twins = [module.parallel_env(**options) for _ in range(num_envs)]
    obs, _ = vec.reset(seed=seed)
    twin_obs = [twin.reset(seed=seed + i)[0] for i, twin in enumerate(twins)]
    rng = np.random.default_rng(seed)
    compared, finished, start = 0, 0, time.perf_counter()
    for _ in range(steps):
        agents = vec.agents
        for agent in agents:
            assert (obs[agent]["action_mask"].sum(axis=1) >= 1).all(), "an empty mask"
        actions = {
            agent: np.array([rng.choice(np.flatnonzero(m)) for m in obs[agent]["action_mask"]])
            for agent in agents
        }
        if twins:
            for i in range(len(twins)):
                for agent in agents:
                    for key in ("observation", "action_mask"):
                        if not np.array_equal(obs[agent][key][i], twin_obs[i][agent][key]):
                            raise AssertionError(f"{name}: env {i} {agent} {key} differs")
            compared += 1
        obs, rewards, terms, truncs, _ = vec.step(actions)
        ended = np.any([terms[a] | truncs[a] for a in agents], axis=0)
        finished += int(ended.sum())
        if twins:
            for i, twin in enumerate(twins):
                twin_obs[i], twin_rewards, *_ = twin.step({a: int(actions[a][i]) for a in agents})
                for agent in agents:
                    if rewards[agent][i] != twin_rewards[agent]:
                        raise AssertionError(f"{name}: env {i} {agent} reward differs")
            if ended.any():
                twins = []  # from here on the workers deal new games of their own
    vec.close()
    rate = steps * num_envs / (time.perf_counter() - start)
    return (f"{name}: {num_envs} envs x {steps} steps, {compared} steps compared with the plain "
            f"parallel env, {finished} games finished, masks intact ({rate:,.0f} env steps/s)")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--envs", type=int, default=4)
    parser.add_argument("--steps", type=int, default=400)
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args()
    import agilerl  # noqa: F401  (fails early outside the AgileRL venv)
    import pettingzoo

    print(f"PettingZoo {pettingzoo.__version__}, AgileRL {version('agilerl')}")
    for name in installed_games():
        print(check(name, args.envs, args.steps, args.seed), flush=True)
    return 0


def version(package: str) -> str:
    from importlib.metadata import version as installed

    return installed(package)


if __name__ == "__main__":
    sys.exit(main())
