"""What the three games share: in-state RNG, rewards, the AEC shell, the batch shell."""

from tabletop_core.aec import TurnBasedEnv, wrap
from tabletop_core.batch import BatchEnvBase, BatchOutput
from tabletop_core.spec import GameSpec

__all__ = ["BatchEnvBase", "BatchOutput", "GameSpec", "TurnBasedEnv", "wrap"]
