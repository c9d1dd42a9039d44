"""A person at the table: a seat against bots, seeing only that seat's view.

`HumanTable` holds one such game (used by the terminal and by the web page of agents.play.web);
`play_human` runs it in the terminal.
"""

from __future__ import annotations

import sys
from collections.abc import Callable

import numpy as np

from agents.bots import make_bot
from agents.bots.base import seat_view
from agents.games import load_game
from agents.play.records import GameRecord, bot_seed, game_over
from tabletop_core.spec import GameSpec


class HumanTable:
    """One game with a person in `seat` and bots (cycled over the other seats). The game's
    play limit (GameSpec.play_max_moves) cuts a game that goes on for ever, and the final
    line says so."""

    def __init__(self, game: str, num_players: int, seat: int, bots: list[str], seed: int = 0,
                 options: dict | None = None):
        module = load_game(game)
        self.game = game
        self.options = dict(options or {})
        self.limit = module.SPEC.play_max_moves
        self.env = module.raw_env(num_players=num_players, max_moves=self.limit, **self.options)
        if not 0 <= seat < num_players:
            raise ValueError(f"seat must be in 0..{num_players - 1}, got {seat}")
        self.seat = seat
        self.seed = seed
        self.env.reset(seed=seed)
        others = [s for s in range(num_players) if s != seat]
        self.players = {s: make_bot(bots[i % len(bots)], seed=bot_seed(seed, s))
                        for i, s in enumerate(others)}
        self.names = [("you" if s == seat else self.players[s].name) for s in range(num_players)]
        self.actions: list[int] = []

    @property
    def over(self) -> bool:
        """Whether the game has ended (or was cut at the move limit)."""
        return game_over(self.env)

    @property
    def actor(self) -> int:
        """The seat to act."""
        return self.env.possible_agents.index(self.env.agent_selection)

    def introduction(self) -> str:
        """Who sits where."""
        return (f"{self.game}: you are seat {self.seat} ({self.env.possible_agents[self.seat]}); "
                + ", ".join(f"seat {s}: {p.name}" for s, p in self.players.items()))

    def legal(self) -> list[tuple[int, str]]:
        """The person's legal actions with their descriptions (empty when not their turn)."""
        if self.over or self.actor != self.seat:
            return []
        return [(a, self.env.action_to_string(a)) for a in self.env.legal_actions()]

    def play_person(self, action: int) -> str:
        """Play the person's action (ValueError unless it is theirs and legal); return its
        description."""
        if self.over or self.actor != self.seat:
            raise ValueError("it is not your turn")
        if action not in self.env.legal_actions():
            raise ValueError(f"action {action} is not legal now")
        line = move_text(self.env, self.seat, action, self.seat, "you")
        self._step(action)
        return line

    def play_bots(self) -> list[str]:
        """Let the bots play until the person must act or the game ends; return what the
        person sees of their moves (never their hidden choices)."""
        lines = []
        while not self.over and self.actor != self.seat:
            actor = self.actor
            action = self.players[actor].act(seat_view(self.env, actor))
            lines.append(move_text(self.env, actor, action, self.seat, self.names[actor]))
            self._step(action)
        return lines

    def view_text(self) -> str:
        """The table as text, as the person's seat sees it, with its legal actions numbered
        when it is to act (once the game is over, the final count)."""
        if self.legal():
            return seat_screen(self.env.game, self.env.clone_state(), self.seat)
        return self.env.game.render_text(self.env.clone_state(), self.seat)

    def view_svg(self) -> str:
        """The table drawn as the person's seat sees it."""
        return self.env.render_svg(self.seat)

    def final_line(self) -> str:
        """The final scores."""
        scores = self.env.final_scores()
        cut = (f"The game was cut at the move limit of {self.limit} moves: no result. "
               if self.truncated else "")
        return cut + "Game over. " + ", ".join(
            f"seat {s} ({self.names[s]}): {scores[s]:g}" for s in range(self.env.num_players))

    def record(self) -> GameRecord:
        """The game's replayable record; a game not over yet gives an `unfinished` record of
        the moves so far (no scores)."""
        env = self.env
        if not self.over:
            return GameRecord(self.game, env.num_players, self.seed, self.names,
                              list(self.actions), [], [], self.options, self.limit,
                              unfinished=True)
        rewards = [float(env._cumulative_rewards[a]) for a in env.possible_agents]
        return GameRecord(self.game, env.num_players, self.seed, self.names, list(self.actions),
                          [float(x) for x in env.final_scores()], rewards, self.options,
                          self.limit, self.truncated)

    @property
    def truncated(self) -> bool:
        """Whether the move limit cut the game."""
        return all(self.env.truncations.values())

    def _step(self, action: int) -> None:
        self.env.step(int(action))
        self.actions.append(int(action))


def play_human(
    game: str,
    num_players: int,
    seat: int,
    bots: list[str],
    seed: int = 0,
    read: Callable[[str], str] = input,
    write: Callable[[str], None] = print,
    options: dict | None = None,
) -> GameRecord:
    """Play one game (with the game's `options`) with a person in `seat` (reading numbers
    with `read`) against bots (cycled over the other seats); return its record. If `read`
    raises EOFError (the person's input ended), the game stops there and the record is
    `unfinished`: the moves so far."""
    table = HumanTable(game, num_players, seat, bots, seed, options=options)
    write(table.introduction())
    while not table.over:
        for line in table.play_bots():
            write(line)
        if table.over:
            break
        write("\n" + table.view_text())
        try:
            choice = _ask(table.legal(), read, write)
        except EOFError:
            return table.record()
        write(table.play_person(choice))
    write("\n" + table.view_text())
    write("\n" + table.final_line())
    return table.record()


def seat_screen(game: GameSpec, state: np.ndarray, seat: int) -> str:
    """What the person in `seat` sees before deciding: the table from that seat, then its legal
    actions numbered from 0 (the numbers it types)."""
    mask = np.zeros(game.num_actions, np.uint8)
    game.legal_mask(state, mask)
    lines = [game.render_text(state, seat)]
    lines += [f"  [{i}] {game.action_to_string(state, int(a))}"
              for i, a in enumerate(np.flatnonzero(mask))]
    return "\n".join(lines)


def move_text(env, actor: int, action: int, seat: int, name: str) -> str:
    """One move as the person in `seat` learns it: its own in full, another seat's as every
    other seat sees it (sealed choices only named). Call it before the move is played."""
    if actor == seat:
        return f"you: {env.action_to_string(action)}"
    return f"seat {actor} ({name}): {env.game.public_action_to_string(env.clone_state(), action)}"


def _ask(legal: list[tuple[int, str]], read, write) -> int:
    while True:
        answer = read(f"your choice (0-{len(legal) - 1}): ").strip()
        if answer.isdigit() and int(answer) < len(legal):
            return legal[int(answer)][0]
        write(f"please type a number from 0 to {len(legal) - 1}")


def stdin_reader(prompt: str) -> str:
    """Read a line from standard input; EOFError at end of input (`play_human` then stops the
    game where it is)."""
    print(prompt, end="", flush=True)
    line = sys.stdin.readline()
    if not line:
        print()
        raise EOFError("end of input")
    return line
