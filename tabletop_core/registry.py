"""Registration of the games in PettingZoo's registry (`pettingzoo.make("aec", id)`)."""

from __future__ import annotations

import pettingzoo

NAMESPACE = "tabletop"


def register_game(env_id: str, entry_point: str) -> None:
    """Register `entry_point` ("module:function") under `env_id`, once per process."""
    if env_id not in pettingzoo.aec_registry:
        pettingzoo.register("aec", env_id, entry_point=entry_point)
