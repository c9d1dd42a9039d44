"""`TabletopState`, a state of one of the games: OpenSpiel's state API over the record
(tabletop_core.openspiel.record) that holds everything."""

from __future__ import annotations

from typing import Any

import numpy as np
import pyspiel

from tabletop_core.openspiel.definition import (
    _PICKLED_MODULE,
    CHANCE,
    DEAL_NODES,
    DEAL_OUTCOMES,
    TERMINAL,
    _digest,
)
from tabletop_core.openspiel.record import _Record


class TabletopState(pyspiel.State):
    """A state of one of the games (see the package docstring)."""

    __module__ = _PICKLED_MODULE  # the name `pickle.dumps(state)` gives the class

    def __init__(self, game: pyspiel.Game):
        super().__init__(game)
        self._record = _Record(game.definition)

    def __setattr__(self, name: str, value: Any) -> None:
        # OpenSpiel's clone and deserialization set the attributes one by one.
        if name != "_record" or not isinstance(value, _Record):
            raise ValueError(f"a state holds one record; refusing attribute {name!r}")
        if value.definition != self.get_game().definition:
            raise ValueError("bad serialized state: a state of another game")
        super().__setattr__(name, value)

    # -- OpenSpiel API ------------------------------------------------------------------
    def current_player(self) -> int:
        return self._record.current_player()

    def _legal_actions(self, player: int) -> list[int]:
        record = self._record
        if record.state is None:
            return list(range(DEAL_OUTCOMES))
        return np.flatnonzero(record.legal_mask()).tolist()

    def legal_actions(self, *player: int) -> list[int]:
        """OpenSpiel's `legal_actions`, without its three calls back into Python for a seat
        that is not to act."""
        mover = self._record.current_player()
        seat = player[0] if player else mover
        if mover >= 0 and type(seat) is int and seat >= 0:
            return self._legal_actions(seat) if seat == mover else []
        return pyspiel.State.legal_actions(self, *player)

    def information_state_tensor(self, *player: int) -> list[float]:
        """OpenSpiel's `information_state_tensor`, without the new state its C++ side builds
        at every call to size the tensor."""
        return self._tensor(True, player)

    def observation_tensor(self, *player: int) -> list[float]:
        """OpenSpiel's `observation_tensor` (see `information_state_tensor`)."""
        return self._tensor(False, player)

    def _tensor(self, recall: bool, player: tuple[int, ...]) -> list[float]:
        record = self._record
        seat = player[0] if player else record.current_player()
        if type(seat) is not int or not 0 <= seat < record.definition.num_players:
            # OpenSpiel's checks and errors
            method = (pyspiel.State.information_state_tensor if recall
                      else pyspiel.State.observation_tensor)
            return method(self, *player)
        tensor = record.information_state_tensor(seat) if recall else record.observation(seat)
        return record.lists.values((recall, seat), tensor)

    def chance_outcomes(self) -> list[tuple[int, float]]:
        return self.get_game().chance_outcomes

    def _apply_action(self, action: int) -> None:
        record = self._record
        d = record.definition
        player = record.current_player()
        if player == TERMINAL:
            raise ValueError(f"{d.short_name}: the game is over; no action {action!r}")
        valid = isinstance(action, int | np.integer) and not isinstance(action, bool)
        if player == CHANCE:
            if not (valid and 0 <= action < DEAL_OUTCOMES):
                raise ValueError(f"{d.short_name}: a chance outcome must be in "
                                 f"0..{DEAL_OUTCOMES - 1}, got {action!r}")
            record.draw(int(action))
            return
        if not (valid and 0 <= action < d.spec.num_actions and record.legal_mask()[action]):
            legal = ", ".join(f"{a} ({d.spec.action_to_string(record.state, a)})"
                              for a in np.flatnonzero(record.legal_mask()))
            raise ValueError(f"{d.short_name}: illegal action {action!r} for player {player}; "
                             f"legal: {legal}")
        record.play(int(action))

    def _action_to_string(self, player: int, action: int) -> str:
        record = self._record
        spec = record.definition.spec
        if player == CHANCE:
            event = "deal" if record.state is None else "chance"
            return f"{event} byte {len(record.chance) + 1} of {DEAL_NODES}: {action}"
        mover = record.current_player()
        if player == mover and 0 <= action < spec.num_actions:
            return record.action_text(action)
        # Another seat may not know the mover's options (a hidden hand, the cards Svara looks
        # at), nor which ids are legal: it reads only the number. What a played action shows
        # it is in its information state.
        return f"P{mover}: action {action}" if mover >= 0 else f"action {action}"

    def is_terminal(self) -> bool:
        return self._record.current_player() == TERMINAL

    def returns(self) -> list[float]:
        return self._record.returns()

    def rewards(self) -> list[float]:
        return self._record.returns()

    def is_truncated(self) -> bool:
        """Whether the game was cut by the move limit (terminal, zero returns)."""
        return self._record.truncated

    def engine_state(self) -> np.ndarray | None:
        """A copy of the engine's state array (None before the deal): the referee's view."""
        state = self._record.state
        return None if state is None else state.copy()

    def resample_from_infostate(self, player: int, sampler) -> TabletopState:
        """A state drawn from `player`'s information; `sampler()` gives uniforms in [0, 1)."""
        record = self._record
        n = record.definition.num_players
        if not isinstance(player, int | np.integer) or not 0 <= player < n:
            raise ValueError(f"player must be a seat in 0..{n - 1}, got {player!r}")
        state = self.get_game().new_initial_state()
        if record.state is not None:
            seed = int(sampler() * (1 << 53))
            state._record = record.resampled(int(player), seed)
        if state.is_chance_node():  # the deal, or a kept pending action: redraw its outcomes
            for _ in record.chance:
                state.apply_action(int(sampler() * DEAL_OUTCOMES))
        return state

    def __str__(self) -> str:
        record = self._record
        if record.state is None:
            return f"chance node: the deal, {len(record.chance)} of {DEAL_NODES} bytes drawn"
        digest = _digest(record.state.tobytes() + bytes([record.truncated]))
        limit = " (cut by the move limit)" if record.truncated else ""
        text = (f"{record.definition.spec.render_text(record.state)}\n"
                f"move {record.moves}{limit}, full state {digest}")
        if record.pending is not None:
            text += (f"\nchance node: action {record.pending} pending, {len(record.chance)} of "
                     f"{DEAL_NODES} bytes drawn")
        return text
