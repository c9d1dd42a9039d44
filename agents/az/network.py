"""The policy-value network of expert iteration (torch), and its `.npz` for `az`.

Two MLPs on the seat's observation, as `agents.bots.az` reads them: the policy (tanh hidden
layers, then one logit per action: the layers of a baseline policy) and the value head (tanh
hidden layers, then one number per seat of the game's largest table: the k-th the predicted
reward of seat (actor + k) % num_players, on the scale of the search's rewards; at a smaller
table the values past it are not read, nor trained). The network serves the table sizes
`players` (fewest, most): the observation carries the table's size. The exported file is a
baseline policy file (`weight_<k>`, `bias_<k>`, `env_id`, `players`: `baseline:<file>` plays
the policy alone) with the value head beside it (`value_weight_<k>`, `value_bias_<k>`).
"""

from __future__ import annotations

from pathlib import Path

import numpy as np
import torch
from torch import nn

from agents.search import AZNetwork
from tabletop_core.spec import GameSpec


def _mlp(sizes: list[int]) -> nn.Sequential:
    layers: list[nn.Module] = []
    for k in range(len(sizes) - 1):
        layers.append(nn.Linear(sizes[k], sizes[k + 1]))
        if k < len(sizes) - 2:
            layers.append(nn.Tanh())
    return nn.Sequential(*layers)


class PolicyValueNet(nn.Module):
    """Policy logits and per-seat values of a batch of observations."""

    def __init__(self, obs_size: int, num_actions: int, players: tuple[int, int],
                 value_width: int, policy_hidden: tuple[int, ...] = (256, 256),
                 value_hidden: tuple[int, ...] = (256, 256)):
        super().__init__()
        self.players = players
        self.policy = _mlp([obs_size, *policy_hidden, num_actions])
        self.value = _mlp([obs_size, *value_hidden, value_width])
        # A new value head predicts 0 (an even game) until trained.
        nn.init.zeros_(self.value[-1].weight)
        nn.init.zeros_(self.value[-1].bias)

    def forward(self, observations: torch.Tensor) -> tuple[torch.Tensor, torch.Tensor]:
        return self.policy(observations), self.value(observations)

    @classmethod
    def for_game(cls, game: GameSpec, players: tuple[int, int],
                 policy_hidden: tuple[int, ...] = (256, 256),
                 value_hidden: tuple[int, ...] = (256, 256)) -> PolicyValueNet:
        """A new network for `game` at the table sizes `players`, its value head as wide as
        the game's largest table."""
        return cls(game.obs_size, game.num_actions, players, game.max_players, policy_hidden,
                   value_hidden)

    @classmethod
    def from_network(cls, network: AZNetwork, game: GameSpec, players: tuple[int, int],
                     value_hidden: tuple[int, ...] = (256, 256)) -> PolicyValueNet:
        """A network for the table sizes `players` with `network`'s layers: its policy (e.g.
        the shipped baseline's) and its value head, or a new one of `value_hidden` if it has
        none. A value head narrower than the game's largest table (a network of one table
        size) gets the missing seats' outputs, new (predicting 0)."""
        pairs = network.layer_pairs()
        policy, value = pairs[:network.policy_layers], pairs[network.policy_layers:]
        width = max(game.max_players, network.value_width)
        if value:
            value_hidden = tuple(w.shape[0] for w, _ in value[:-1])
            w, b = value[-1]
            value[-1] = (np.zeros((width, w.shape[1]), np.float32), np.zeros(width, np.float32))
            value[-1][0][:w.shape[0]] = w
            value[-1][1][:w.shape[0]] = b
        net = cls(policy[0][0].shape[1], policy[-1][0].shape[0], players, width,
                  tuple(w.shape[0] for w, _ in policy[:-1]), value_hidden)
        parts = [(net.policy, policy)] + ([(net.value, value)] if value else [])
        with torch.no_grad():
            for mlp, layers in parts:
                linears = [m for m in mlp if isinstance(m, nn.Linear)]
                for layer, (w, b) in zip(linears, layers, strict=True):
                    layer.weight.copy_(torch.from_numpy(w))
                    layer.bias.copy_(torch.from_numpy(b))
        return net

    def arrays(self, with_value: bool = True) -> dict[str, np.ndarray]:
        """The layers as the arrays of the exported file (without `env_id`/`num_players`)."""
        out = {}
        parts = [("", self.policy)] + ([("value_", self.value)] if with_value else [])
        for prefix, mlp in parts:
            linears = [m for m in mlp if isinstance(m, nn.Linear)]
            for k, layer in enumerate(linears):
                out[f"{prefix}weight_{k}"] = layer.weight.detach().cpu().numpy().copy()
                out[f"{prefix}bias_{k}"] = layer.bias.detach().cpu().numpy().copy()
        return out

    def export(self, path: str | Path, game: GameSpec, with_value: bool = True) -> Path:
        """Write the network for `az` (and its policy for `baseline:`); the value head is
        left out with `with_value=False` (the search then plays its leaves out)."""
        path = Path(path)
        np.savez_compressed(path, env_id=np.array(game.env_id),
                            players=np.array(self.players), **self.arrays(with_value))
        return path


def masked_log_softmax(logits: torch.Tensor, masks: torch.Tensor) -> torch.Tensor:
    """Log-probabilities over the legal actions (illegal ones at a large negative number)."""
    return torch.log_softmax(logits.masked_fill(~masks, -1e9), dim=-1)
