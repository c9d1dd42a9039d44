"""What the three games share: in-state RNG, rewards, the AEC shell, the batch shell."""

import os

# numba's OpenMP threads spin for a long time by default before sleeping; when other processes
# keep the cores busy (a learner, tournament workers) that spinning made the batch kernels 20x
# slower (benchmarks/throughput.py). A shorter spin costs ~5% on an idle machine. Set before the
# OpenMP runtime loads; a value of the user's own wins.
os.environ.setdefault("GOMP_SPINCOUNT", "10000")

# ruff: noqa: E402
from tabletop_core.aec import TurnBasedEnv, wrap
from tabletop_core.batch import BatchEnvBase, BatchOutput
from tabletop_core.spec import GameSpec

__all__ = ["BatchEnvBase", "BatchOutput", "GameSpec", "TurnBasedEnv", "wrap"]
