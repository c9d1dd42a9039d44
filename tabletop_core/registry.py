"""Registration of the games in PettingZoo's registry (`pettingzoo.make("aec", id)`), where the
installed PettingZoo has one (1.27 and later); with an older PettingZoo the games work the same
and are built with `<game>_env.env()` / `parallel_env()`."""

from __future__ import annotations

import pettingzoo

NAMESPACE = "tabletop"


def register_game(env_id: str, entry_point: str, parallel_entry_point: str | None = None) -> None:
    """Register `entry_point` ("module:function") under `env_id` in the AEC registry, and
    `parallel_entry_point` in the Parallel one, once per process; nothing without registries."""
    register = getattr(pettingzoo, "register", None)
    for kind, entry in (("aec", entry_point), ("parallel", parallel_entry_point)):
        registry = getattr(pettingzoo, f"{kind}_registry", None)
        if register is not None and registry is not None and entry is not None:
            if env_id not in registry:
                register(kind, env_id, entry_point=entry)
