"""Bot strength and search speed: in each game, at two player counts, `heuristic` against
`random` and `ismcts` against `heuristic`, and ISMCTS iterations per second. With
`--openspiel`, instead: the library's numba ISMCTS against OpenSpiel's Python ISMCTS (random
rollouts) on the OpenSpiel versions of the games, at equal iterations per decision and then at
equal time per decision (the numba bot gets the mean time OpenSpiel's took in the first match).

The two bots fill the table alternately (2 players: one each; 4 players: two each) with seats
rotated game by game; the figure is the share of games the first bot's side wins (a shared win
counts fractionally), so equal bots would score 50%, with its 95% Wilson interval.

    python3 benchmarks/bots.py [--games 60] [--ismcts ismcts:200] [--game aquilon] [--players 4]
    python3 benchmarks/bots.py --openspiel [--games 6] [--iterations 8] [--game aquilon]
"""

from __future__ import annotations

import argparse
import time

import numpy as np

from agents.bots import make_bot
from agents.bots.base import seat_view
from agents.games import installed_games, load_game
from agents.play.tournament import run_tournament, wilson_interval
from agents.profiles import game_profile


def player_counts(game: str) -> tuple[int, ...]:
    """The table sizes this benchmark plays (the profile's "player_counts"; default: the
    game's smallest and its table of play)."""
    spec = load_game(game).SPEC
    default = tuple(sorted({spec.min_players, game_profile(game).play_players}))
    return tuple(game_profile(game).benchmark("player_counts", default))



def ismcts_speed(game: str, num_players: int, iterations: int = 400, decisions: int = 12):
    """Iterations per second of ISMCTS (heuristic playouts) over the first decisions of a game."""
    env = load_game(game).raw_env(num_players=num_players)
    env.reset(seed=0)
    bot = make_bot(f"ismcts:{iterations}", seed=0)
    bot.act(seat_view(env, env.possible_agents.index(env.agent_selection)))  # warm up
    start = time.perf_counter()
    bot.iterations_run = 0
    for _ in range(decisions):
        seat = env.possible_agents.index(env.agent_selection)
        env.step(bot.act(seat_view(env, seat)))
    return bot.iterations_run / (time.perf_counter() - start)


def side_share(bots: list[str], rewards: list[float], side: str) -> float:
    """The share of one game's win that went to seats played by `side`."""
    best = max(rewards)
    winners = [b for b, r in zip(bots, rewards, strict=True) if r == best]
    return sum(b == side for b in winners) / len(winners)


def openspiel_match(game: str, num_players: int, games: int, iterations: int,
                    seconds: float | None = None) -> dict:
    """Games of the numba ISMCTS (`ismcts:<iterations>` or `ismcts:<seconds>s`) against
    OpenSpiel's ISMCTS (`iterations` simulations, random rollouts), sides alternating by seat
    and rotated game by game; the numba side's win share, both speeds and OpenSpiel's mean
    time per searched decision."""
    import pyspiel
    from open_spiel.python.algorithms import mcts

    from agents.bots.base import SeatView
    from tabletop_core import openspiel

    os_game = pyspiel.load_game(f"python_{game}", {"players": num_players})
    spec = os_game.definition.spec
    budget = f"{seconds:g}s" if seconds is not None else str(iterations)
    ours = make_bot(f"ismcts:{budget}", seed=1)
    theirs = openspiel.ISMCTSBot(
        os_game, mcts.RandomRolloutEvaluator(1, np.random.RandomState(2)), 2.0, iterations,
        random_state=np.random.RandomState(3))
    warm = openspiel.dealt_state(os_game, 0)
    ours.act(SeatView(spec, num_players, warm.current_player(),
                      np.array(warm.observation_tensor(), np.float32),
                      np.array(warm.legal_actions_mask(), np.int8), warm.engine_state()))
    ours.iterations_run = 0  # the first search loads the compiled kernels
    won = 0.0
    times = {"ours": 0.0, "theirs": 0.0}
    searched = 0
    for g in range(games):
        sides = ["ours" if (seat + g) % 2 == 0 else "theirs" for seat in range(num_players)]
        state = openspiel.dealt_state(os_game, 5000 + g)
        while not state.is_terminal():
            seat = state.current_player()
            legal = state.legal_actions()
            start = time.perf_counter()
            if sides[seat] == "ours":
                mask = np.zeros(spec.num_actions, np.int8)
                mask[legal] = 1
                view = SeatView(spec, num_players, seat, np.array(state.observation_tensor(seat),
                                np.float32), mask, state.engine_state())
                action = ours.act(view)
            else:
                action = theirs.step(state)
                searched += len(legal) > 1
            times[sides[seat]] += time.perf_counter() - start
            state.apply_action(int(action))
        won += side_share(sides, state.returns(), "ours")
    return {"won": won, "ours_speed": ours.iterations_run / max(times["ours"], 1e-9),
            "theirs_speed": searched * iterations / max(times["theirs"], 1e-9),
            "theirs_seconds": times["theirs"] / max(searched, 1)}


def openspiel_table(games: list[str], players: list[int] | None, num_games: int,
                    iterations: int) -> None:
    """Print the numba-vs-OpenSpiel ISMCTS table."""
    print("| game | players | budget per decision | games | numba ISMCTS win share (95% CI) "
          "| numba it/s | OpenSpiel it/s |")
    print("|---|---:|---|---:|---:|---:|---:|")
    for game in games:
        for n in player_counts(game)[:1] if not players else players:
            equal = openspiel_match(game, n, num_games, iterations)
            timed = openspiel_match(game, n, num_games, iterations,
                                    seconds=equal["theirs_seconds"])
            for label, r in ((f"{iterations} iterations each", equal),
                             (f"{equal['theirs_seconds']:.2f} s each", timed)):
                low, high = wilson_interval(r["won"], num_games)
                print(f"| {game} | {n} | {label} | {num_games} | {r['won'] / num_games:.0%} "
                      f"({low:.0%}-{high:.0%}) | {r['ours_speed']:,.0f} | "
                      f"{r['theirs_speed']:,.0f} |", flush=True)


def main() -> None:
    """Run the matches and print one table."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=60, help="games per match")
    parser.add_argument("--ismcts", default="ismcts:200", help="the ISMCTS bot and budget")
    parser.add_argument("--game", action="append", help="only these games (repeatable)")
    parser.add_argument("--players", type=int, action="append",
                        help="only these player counts (repeatable)")
    parser.add_argument("--openspiel", action="store_true",
                        help="numba ISMCTS against OpenSpiel's ISMCTS instead")
    parser.add_argument("--iterations", type=int, default=8,
                        help="with --openspiel: OpenSpiel's simulations per decision")
    args = parser.parse_args()
    games = args.game or installed_games()
    if args.openspiel:
        openspiel_table(games, args.players, args.games if args.games != 60 else 6,
                        args.iterations)
        return
    print("| game | players | match | games | win rate of the first (95% CI) | ISMCTS it/s |")
    print("|---|---:|---|---:|---:|---:|")
    for game in games:
        for players in player_counts(game):
            if args.players and players not in args.players:
                continue
            speed = ismcts_speed(game, players)
            for first, second in (("heuristic", "random"), (args.ismcts, "heuristic")):
                _, records = run_tournament(game, players, [first, second], args.games,
                                            seed=1000, progress=False)
                won = sum(side_share(r.bots, r.rewards, first) for r in records)
                low, high = wilson_interval(won, len(records))
                print(f"| {game} | {players} | {first} vs {second} | {args.games} | "
                      f"{won / len(records):.1%} ({low:.1%}-{high:.1%}) | "
                      f"{np.round(speed):,.0f} |", flush=True)


if __name__ == "__main__":
    main()
