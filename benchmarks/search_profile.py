"""Where the time goes: the share of each part of an `az` and an `ismcts` iteration (at the
profile's settings, the budget of the az recipe) and of a batch step, per game. Prints
markdown tables; `docs/performance.md` keeps them.

    python3 benchmarks/search_profile.py [--iterations 200] [--decisions 20] [--game aquilon]

Search: every seat of one game (dealt from seed 0, at the table size the shipped networks were
trained for) searches with the bot; the search kernel reads the processor's cycle counter
around each part of each iteration (`agents.search.profile`): `determinize`, `play`,
`legal_mask`, `observe` in the tree, the network, the rollout policy's choices in the tree
(`policy`), playouts (and, within them, the rollout policy, play and legal_mask: the
`playout_*` columns), backup, and "selection", the rest (the descent's own arithmetic).
Batch step: the engine calls of `BatchEnv.step` (play, current_player, legal_mask, observe)
timed one by one over states of random games.
"""

from __future__ import annotations

import argparse
import json

import numpy as np
from numba import njit

from agents.bots.az import default_network_path, load_network, run_az
from agents.bots.base import seat_view
from agents.bots.ismcts import run_search
from agents.bots.policies import heuristic_policy
from agents.games import installed_games, load_game
from agents.play.records import game_over
from agents.profiles import game_profile
from agents.search.core import engine_tuple
from agents.search.profile import PARTS, TOTAL, cycle_count, shares

STEP_PARTS = ("play", "current_player", "legal_mask", "observe")


def search_profile(game_name: str, kind: str, iterations: int, decisions: int) -> dict:
    """The cycles of each part over the first `decisions` searched decisions of a game."""
    module = load_game(game_name)
    game = module.SPEC
    profile = game_profile(game_name)
    players = profile.train_players
    env = module.raw_env(num_players=players)
    env.reset(seed=0)
    rng = np.random.default_rng(0)
    cycles = np.zeros(PARTS + 1, np.int64)
    network = load_network(None, game, players) if kind == "az" else None
    searched = 0
    while searched < decisions and not game_over(env):
        seat = env.possible_agents.index(env.agent_selection)
        view = seat_view(env, seat)
        if len(view.legal_actions()) == 1:
            env.step(int(view.legal_actions()[0]))
            continue
        root = view.sample_state(int(rng.integers(2**62)))
        seed = int(rng.integers(2**62))
        if kind == "az":
            action, _, _ = run_az(game, network, root, seat, players, view.action_mask, seed,
                                  iterations=iterations, cycles=cycles, **profile.az)
        else:
            rollout = heuristic_policy(game) if profile.heuristic else None
            action, _, _ = run_search(game, root, seat, players, view.action_mask, seed,
                                      iterations=iterations, rollout_policy=rollout,
                                      cycles=cycles, **profile.ismcts)
        searched += 1
        env.step(action)
    return {"players": players, "decisions": searched, "iterations": searched * iterations,
            "shares": shares(cycles),
            "cycles_per_iteration": cycles[TOTAL] / (searched * iterations)}


@njit(cache=True)
def _time_steps(states, actions, engine, obs, mask, cycles):
    for i in range(states.shape[0]):
        state = states[i].copy()
        start = cycle_count()
        engine.play(state, actions[i])
        middle = cycle_count()
        player = engine.current_player(state)
        after = cycle_count()
        cycles[0] += middle - start
        cycles[1] += after - middle
        if player >= 0:
            start = cycle_count()
            engine.legal_mask(state, mask)
            middle = cycle_count()
            engine.observe(state, player, obs)
            cycles[2] += middle - start
            cycles[3] += cycle_count() - middle


def step_profile(game_name: str, steps: int) -> dict:
    """The cycles of each engine call of a batch step over `steps` states of random games."""
    module = load_game(game_name)
    game = module.SPEC
    players = game_profile(game_name).benchmark("throughput_players",
                                                game_profile(game_name).play_players)
    env = module.raw_env(num_players=players)
    rng = np.random.default_rng(0)
    states, actions = [], []
    episode = 0
    while len(states) < steps:
        env.reset(seed=episode)
        episode += 1
        while not game_over(env) and len(states) < steps:
            legal = env.legal_actions()
            action = int(rng.choice(legal))
            states.append(env.clone_state())
            actions.append(action)
            env.step(action)
    cycles = np.zeros(len(STEP_PARTS), np.int64)
    engine = engine_tuple(game)
    args = (np.array(states, np.int32), np.array(actions, np.int64), engine,
            np.zeros(game.obs_size, np.float32), np.zeros(game.num_actions, np.uint8))
    _time_steps(*args, np.zeros(len(STEP_PARTS), np.int64))  # warm the caches
    _time_steps(*args, cycles)
    total = cycles.sum()
    return {"players": players, "steps": steps,
            "shares": {name: cycles[k] / total for k, name in enumerate(STEP_PARTS)},
            "cycles_per_step": total / steps}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--iterations", type=int, default=200)
    parser.add_argument("--decisions", type=int, default=20)
    parser.add_argument("--steps", type=int, default=20_000)
    parser.add_argument("--game", action="append", help="only these games (repeatable)")
    parser.add_argument("--json", help="also write the results to this file")
    args = parser.parse_args()
    games = args.game or installed_games()
    results: dict = {}
    parts = ("selection", "determinize", "play", "legal_mask", "observe", "network", "policy",
             "playout", "playout_policy", "playout_play", "playout_legal_mask", "backup")
    print("| game | search | " + " | ".join(parts) + " | cycles / iteration |")
    print("|---|---|" + "---:|" * (len(parts) + 1))
    for game in games:
        for kind in ("az", "ismcts"):
            if kind == "az" and default_network_path(game) is None:
                continue
            found = search_profile(game, kind, args.iterations, args.decisions)
            results[f"{game}/{kind}"] = found
            print(f"| {game} ({found['players']}p) | {kind}:{args.iterations} | "
                  + " | ".join(f"{100 * found['shares'][p]:.1f}%" for p in parts)
                  + f" | {found['cycles_per_iteration']:,.0f} |", flush=True)
    print("\n| game | " + " | ".join(STEP_PARTS) + " | cycles / step |")
    print("|---|" + "---:|" * (len(STEP_PARTS) + 1))
    for game in games:
        found = step_profile(game, args.steps)
        results[f"{game}/step"] = found
        print(f"| {game} ({found['players']}p) | "
              + " | ".join(f"{100 * found['shares'][p]:.1f}%" for p in STEP_PARTS)
              + f" | {found['cycles_per_step']:,.0f} |", flush=True)
    if args.json:
        with open(args.json, "w") as handle:
            json.dump(results, handle, indent=1, default=float)


if __name__ == "__main__":
    main()
