"""A trained MaskablePPO model as a bot: `ppo:<path to model.zip>`."""

from __future__ import annotations

from functools import lru_cache

import numpy as np

from agents.bots.base import Bot, SeatView


@lru_cache(maxsize=8)
def load_model(path: str):
    """Load a saved MaskablePPO model on the CPU (once per process)."""
    import torch
    from sb3_contrib import MaskablePPO

    torch.set_num_threads(1)
    return MaskablePPO.load(path, device="cpu")


class PPOBot(Bot):
    """Plays the model's most probable legal action from its seat's observation."""

    def __init__(self, path: str, deterministic: bool = True):
        self.path = path
        self.name = f"ppo:{path}"
        self.deterministic = deterministic
        load_model(path)

    def act(self, view: SeatView) -> int:
        model = load_model(self.path)
        action, _ = model.predict(view.observation, deterministic=self.deterministic,
                                  action_masks=view.action_mask.astype(bool))
        action = int(np.asarray(action).item())
        if not view.action_mask[action]:
            raise RuntimeError(f"{self.name} chose an illegal action {action}")
        return action
