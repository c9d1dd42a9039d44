"""Opponents that play inside `TabletopMultiAgentEnv`, so that only the learner's seat passes
through RLlib's loop (the env's `opponents` option; see `tabletop_core.rllib`).

`PoolOpponents` is the opponent pool of the self-play path played in the env, as
`agents.training.selfplay.SelfPlayVecEnv` plays it for SB3: for each game, from that game's
seed (given by the env, so the same seed replays the same game), one opponent is drawn with
`agents.training.opponent_pool.OpponentPool`'s semantics and plays all the other seats, and
the learner's seat is drawn uniformly. The opponent is a bot of `agents.bots`, made anew for
the game and seeded from it (it decides from a `SeatView` of its seat: its observation, mask
and a state drawn from its information only), or a snapshot of the learner: a numpy copy of
its policy network (`snapshot_policy`) that samples from its masked distribution.
`agents.rllib.league.LeagueCallback` adds the snapshots to every env.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from agents.bots import make_bot
from agents.bots.base import Bot, SeatView
from agents.bots.mlp import MaskedMLP
from agents.games import load_game
from agents.training.opponent_pool import OpponentPool

# The one bot that needs only the mask; the others play from a state sampled from their view.
RANDOM = "random"
_ACTOR = "encoder.actor_encoder.net.mlp."
_HEAD = "pi.net.mlp."


def needs_seat_states(bots: tuple[str, ...]) -> bool:
    """Whether any of `bots` decides from a sampled state (all but `random`)."""
    return any(bot != RANDOM for bot in bots)


def snapshot_policy(weights: dict, env_id: str, num_players: int) -> MaskedMLP:
    """The policy network of a `MaskedPPOTorchRLModule`'s weights (its `get_state()`: a tanh
    actor encoder, unshared with the value function, and a linear action head) as arrays."""
    def layers(prefix: str) -> list[tuple[np.ndarray, np.ndarray]]:
        indices = sorted({int(k[len(prefix):].split(".")[0]) for k in weights
                          if k.startswith(prefix)})
        return [(_array(weights[f"{prefix}{i}.weight"]), _array(weights[f"{prefix}{i}.bias"]))
                for i in indices]

    actor, head = layers(_ACTOR), layers(_HEAD)
    if not actor or len(head) != 1:
        raise ValueError("only modules with an unshared tanh actor encoder and a linear action "
                         "head (vf_share_layers=False, no head_fcnet_hiddens) can be snapshots")
    pairs = actor + head
    return MaskedMLP([w for w, _ in pairs], [b for _, b in pairs], env_id,
                     (num_players, num_players))


def _array(value) -> np.ndarray:
    value = value.detach().cpu().numpy() if hasattr(value, "detach") else value
    return np.array(value, np.float32)


@dataclass(frozen=True)
class PoolOpponents:
    """env_config `opponents`: the opponent pool (bots, and snapshots once added) in the env."""

    game: str
    num_players: int
    bots: tuple[str, ...] = ("random", "heuristic")
    snapshot_share: float = 0.5
    max_snapshots: int = 10

    def __post_init__(self):
        for bot in self.bots:
            make_bot(bot)  # an unknown name fails here, with the list of names
        OpponentPool(bots=tuple(self.bots), snapshot_share=self.snapshot_share)

    def __call__(self) -> PoolPlayers:
        return PoolPlayers(self)


class PoolPlayers:
    """The opponents of one env (see the module doc)."""

    def __init__(self, config: PoolOpponents):
        self.game = load_game(config.game).SPEC
        self.num_players = config.num_players
        # Every draw comes from the seed of a game (new_game), none from a seed of the pool.
        self.pool = OpponentPool(bots=tuple(config.bots), snapshot_share=config.snapshot_share,
                                 max_snapshots=config.max_snapshots)
        self.needs_seat_states = needs_seat_states(tuple(config.bots))
        self.playing = ""
        self.rng = self.pool.rng
        self._opponent: Bot | MaskedMLP | None = None

    def add_snapshot(self, name: str, policy: MaskedMLP) -> None:
        """A new snapshot of the learner joins the pool (the oldest leaves beyond the limit)."""
        policy.check_game(self.game, self.num_players)
        self.pool.add_snapshot((name, policy))

    def new_game(self, seed: int) -> int:
        """Draw the opponent of the game with this seed; return the learner's seat."""
        self.rng = self.pool.rng = np.random.default_rng(seed)
        drawn = self.pool.sample()
        if isinstance(drawn, int):
            self.playing, self._opponent = self.pool.snapshots[drawn]
        else:
            self.playing = drawn
            self._opponent = make_bot(drawn, seed=int(self.rng.integers(2**31)))
        return int(self.rng.integers(self.num_players))

    def act(self, seat: int, observation: np.ndarray, mask: np.ndarray,
            seat_state: np.ndarray | None) -> int:
        """The current opponent's action for `seat`."""
        if isinstance(self._opponent, MaskedMLP):
            return int(self._opponent.act(observation[None], mask[None], self.rng)[0])
        view = SeatView(self.game, self.num_players, seat, observation, mask, seat_state)
        return self._opponent.act(view)
