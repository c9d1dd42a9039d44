"""A trained policy as plain arrays: exported from an SB3 masked policy, played with numpy.

The file (`.npz`) holds the policy network's layers (`weight_<k>`, `bias_<k>`: tanh hidden
layers, then the action layer) and what it was trained for (`env_id`, and `players`: the
fewest and most players it serves; a file from before, with `num_players` instead, serves that
one count), so it loads without torch or SB3 and refuses a game, version or table size it was
not trained for. The value
network and the optimizer state are not kept: a few hundred KB to 2 MB per game.
"""

from __future__ import annotations

from pathlib import Path

import numpy as np

from tabletop_core.spec import GameSpec


def players_text(players: tuple[int, int]) -> str:
    """"2 players" or "2-5 players"."""
    low, high = players
    return f"{low} players" if low == high else f"{low}-{high} players"


def read_players(data) -> tuple[int, int]:
    """The table sizes a network file serves: its `players` (fewest, most), or the one
    `num_players` of a file written before networks served several; ValueError if neither
    fits."""
    if "players" in data.files:
        players = data["players"]
        if players.shape != (2,) or not 2 <= players[0] <= players[1]:
            raise ValueError(f"players must be [fewest, most], got {players.tolist()}")
        return int(players[0]), int(players[1])
    count = int(data["num_players"])
    return count, count


class MaskedMLP:
    """The policy's most probable legal action (or a sample) from observations and masks."""

    def __init__(self, weights: list[np.ndarray], biases: list[np.ndarray], env_id: str,
                 players: tuple[int, int]):
        self.weights = weights
        self.biases = biases
        self.env_id = env_id
        self.players = (int(players[0]), int(players[1]))

    @property
    def obs_size(self) -> int:
        return self.weights[0].shape[1]

    @property
    def table_sizes(self) -> range:
        """Every table size the policy serves."""
        return range(self.players[0], self.players[1] + 1)

    @property
    def num_actions(self) -> int:
        return self.weights[-1].shape[0]

    def logits(self, observations: np.ndarray, masks: np.ndarray) -> np.ndarray:
        """Masked logits [N, A] (illegal actions at -inf) of observations [N, D]."""
        x = np.asarray(observations, np.float32)
        for k, (w, b) in enumerate(zip(self.weights, self.biases, strict=True)):
            x = x @ w.T + b
            if k < len(self.weights) - 1:
                np.tanh(x, out=x)
        return np.where(np.asarray(masks, bool), x, -np.inf)

    def act(self, observations: np.ndarray, masks: np.ndarray,
            rng: np.random.Generator | None = None) -> np.ndarray:
        """One action per row: the most probable legal action, or a sample when `rng` is
        given."""
        logits = self.logits(observations, masks)
        if rng is None:
            return logits.argmax(-1)
        probs = np.exp(logits - logits.max(-1, keepdims=True))
        probs /= probs.sum(-1, keepdims=True)
        draws = rng.random((len(probs), 1))
        return np.minimum((probs.cumsum(-1) < draws).sum(-1), probs.shape[1] - 1)

    def check_game(self, game: GameSpec, num_players: int | None) -> None:
        """ValueError unless this policy was trained for `game` at `num_players` players
        (None: at any)."""
        if self.env_id != game.env_id or self.obs_size != game.obs_size or \
                self.num_actions != game.num_actions:
            raise ValueError(f"this policy was trained for {self.env_id} "
                             f"({self.obs_size} observation features, {self.num_actions} "
                             f"actions), not {game.env_id}")
        low, high = self.players
        if num_players is not None and not low <= num_players <= high:
            raise ValueError(f"this policy was trained for {players_text(self.players)} of "
                             f"{self.env_id}, not {num_players}")

    def save(self, path: str | Path) -> None:
        """Write the policy to an .npz file."""
        arrays = {f"weight_{k}": w for k, w in enumerate(self.weights)}
        arrays.update({f"bias_{k}": b for k, b in enumerate(self.biases)})
        np.savez_compressed(path, env_id=np.array(self.env_id),
                            players=np.array(self.players), **arrays)

    @classmethod
    def load(cls, path: str | Path) -> MaskedMLP:
        """Read a policy written by `save`; ValueError if the file is not one."""
        try:
            with np.load(path, allow_pickle=False) as data:
                layers = sum(key.startswith("weight_") for key in data.files)
                weights = [data[f"weight_{k}"].astype(np.float32) for k in range(layers)]
                biases = [data[f"bias_{k}"].astype(np.float32) for k in range(layers)]
                env_id = str(data["env_id"])
                players = read_players(data)
        except (OSError, KeyError, ValueError) as error:
            raise ValueError(f"{path} is not a policy file of this library ({error})") from None
        pairs = zip(weights, biases, strict=True)
        shapes_fit = layers >= 1 and all(
            w.ndim == 2 and b.shape == (w.shape[0],) for w, b in pairs) and all(
            weights[k + 1].shape[1] == weights[k].shape[0] for k in range(layers - 1))
        if not shapes_fit:
            raise ValueError(f"{path}: the layers of the policy do not fit together")
        return cls(weights, biases, env_id, players)

    @classmethod
    def from_sb3(cls, policy, game: GameSpec, num_players: int) -> MaskedMLP:
        """The policy network of an sb3-contrib `MaskableActorCriticPolicy` (an MLP with tanh
        activations and its own, unshared layers)."""
        import torch

        layers = [m for m in policy.mlp_extractor.policy_net if isinstance(m, torch.nn.Linear)]
        activations = [m for m in policy.mlp_extractor.policy_net
                       if not isinstance(m, torch.nn.Linear)]
        if not all(isinstance(m, torch.nn.Tanh) for m in activations):
            raise ValueError("only tanh MLP policies can be exported")
        layers.append(policy.action_net)
        return cls([m.weight.detach().cpu().numpy().copy() for m in layers],
                   [m.bias.detach().cpu().numpy().copy() for m in layers],
                   game.env_id, (num_players, num_players))
