"""A person at the table: a terminal seat against bots, seeing only that seat's view."""

from __future__ import annotations

import sys
from collections.abc import Callable

from agents.bot import seat_view
from agents.bots import make_bot
from agents.games import PLAY_MOVE_LIMITS, load_game
from agents.records import GameRecord, game_over


def play_human(
    game: str,
    num_players: int,
    seat: int,
    bots: list[str],
    seed: int = 0,
    read: Callable[[str], str] = input,
    write: Callable[[str], None] = print,
) -> GameRecord:
    """Play one game with a person in `seat` (reading numbers with `read`) against bots
    (cycled over the other seats); return its record. The game's play limit
    (agents.games.PLAY_MOVE_LIMITS) cuts a game that goes on for ever, and says so."""
    module = load_game(game)
    limit = PLAY_MOVE_LIMITS[game]
    env = module.raw_env(num_players=num_players, max_moves=limit)
    if not 0 <= seat < num_players:
        raise ValueError(f"seat must be in 0..{num_players - 1}, got {seat}")
    env.reset(seed=seed)
    others = [s for s in range(num_players) if s != seat]
    players = {s: make_bot(bots[i % len(bots)], seed=seed * 16 + s) for i, s in enumerate(others)}
    names = [("you" if s == seat else players[s].name) for s in range(num_players)]
    actions = []
    write(f"{game}: you are seat {seat} ({env.possible_agents[seat]}); "
          + ", ".join(f"seat {s}: {players[s].name}" for s in others))
    while not game_over(env):
        actor = env.possible_agents.index(env.agent_selection)
        if actor == seat:
            action = _ask(env, seat, read, write)
            write(f"you: {env.action_to_string(action)}")
        else:
            action = players[actor].act(seat_view(env, actor))
            write(f"seat {actor} ({names[actor]}): "
                  f"{env.game.public_action_to_string(env._state, action)}")
        env.step(action)
        actions.append(int(action))
    scores = env.final_scores()
    rewards = [float(env._cumulative_rewards[a]) for a in env.possible_agents]
    truncated = all(env.truncations.values())
    if truncated:
        write(f"\nThe game was cut at the move limit of {limit} moves: no result.")
    write("\nGame over. " + ", ".join(
        f"seat {s} ({names[s]}): {scores[s]:g}" for s in range(num_players)))
    return GameRecord(game, num_players, seed, names, actions,
                      [float(x) for x in scores], rewards, max_moves=limit, truncated=truncated)


def _ask(env, seat: int, read, write) -> int:
    write("\n" + env.game.render_text(env._state, seat))
    legal = env.legal_actions()
    for i, action in enumerate(legal):
        write(f"  [{i}] {env.action_to_string(action)}")
    while True:
        answer = read(f"your choice (0-{len(legal) - 1}): ").strip()
        if answer.isdigit() and int(answer) < len(legal):
            return legal[int(answer)]
        write(f"please type a number from 0 to {len(legal) - 1}")


def stdin_reader(prompt: str) -> str:
    """Read a line from standard input, ending the game cleanly at end of input."""
    print(prompt, end="", flush=True)
    line = sys.stdin.readline()
    if not line:
        raise SystemExit("\nend of input: game abandoned")
    return line
