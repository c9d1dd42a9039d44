"""A policy trained with RLlib as a bot: `rllib:<checkpoint>` (an algorithm checkpoint written by
`tabletop train rllib`, or the folder of one saved RLModule). Ray is imported only when a bot
is built; the module ids below are those the RLlib recipe (`agents.rllib`) writes."""

from __future__ import annotations

from functools import lru_cache
from pathlib import Path

import numpy as np

from agents.bots.base import Bot, SeatView

LEARNER = "learner"  # the module id of the learner among opponent modules
DEFAULT_MODULE = "default_policy"  # ray.rllib.core.DEFAULT_MODULE_ID, without importing Ray


def module_path(checkpoint: str) -> Path:
    """The learner module's folder inside an algorithm checkpoint ("learner" among opponent
    modules, or RLlib's single module) or `checkpoint` itself."""
    path = Path(checkpoint)
    for module in (LEARNER, DEFAULT_MODULE):
        inside = path / "learner_group" / "learner" / "rl_module" / module
        if inside.is_dir():
            return inside
    if path.is_dir():
        return path
    raise ValueError(f"no RLlib checkpoint at {checkpoint!r}")


def load_module(checkpoint: str):
    """Load the trained module on the CPU (once per process and version of its files: a
    resumed run saves its final checkpoint again in the same folder)."""
    folder = module_path(checkpoint)
    return _load_module(str(folder), max(p.stat().st_mtime_ns for p in folder.rglob("*")))


@lru_cache(maxsize=8)
def _load_module(folder: str, stamp: int):
    import torch
    from ray.rllib.core.rl_module.rl_module import RLModule

    torch.set_num_threads(1)
    module = RLModule.from_checkpoint(folder)
    module.eval()
    return module


class RLlibBot(Bot):
    """Plays the module's most probable legal action from its seat's observation."""

    def __init__(self, checkpoint: str):
        self.checkpoint = checkpoint
        self.name = f"rllib:{checkpoint}"
        load_module(checkpoint)

    def act(self, view: SeatView) -> int:
        import torch
        from ray.rllib.core.columns import Columns

        module = load_module(self.checkpoint)
        obs = {"observations": torch.as_tensor(view.observation[None], dtype=torch.float32),
               "action_mask": torch.as_tensor(view.action_mask[None], dtype=torch.float32)}
        with torch.no_grad():
            out = module.forward_inference({Columns.OBS: obs})
        logits = out[Columns.ACTION_DIST_INPUTS][0].numpy()
        action = int(np.argmax(logits))
        if not view.action_mask[action]:
            raise RuntimeError(f"{self.name} chose an illegal action {action}")
        return action
