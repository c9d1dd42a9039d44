"""Ray for every job that spreads work over it (RLlib training, expert iteration's self-play):
joining a running cluster or starting a local one, usage stats and the dashboard off. Ray is
imported only when called (the `rllib` extra brings it)."""

from __future__ import annotations

import os


def init_ray(address: str | None = None, num_cpus: int | None = None) -> None:
    """Join the Ray cluster at `address` ("auto": the one this machine belongs to), or start a
    local Ray with `num_cpus`; usage stats and the dashboard off. Nothing if Ray is running."""
    os.environ.setdefault("RAY_USAGE_STATS_ENABLED", "0")
    import ray

    if ray.is_initialized():
        return
    if address is None:
        ray.init(num_cpus=num_cpus, include_dashboard=False, log_to_driver=False)
    else:
        ray.init(address=address, log_to_driver=False)


def import_ray(job: str):
    """The `ray` module, or a ValueError (one line) saying how to install it for `job`."""
    try:
        import ray
    except ImportError as error:
        raise ValueError(f"{job} needs Ray ({error}): pip install 'tabletop-rl[rllib]'") from None
    return ray
