"""Where a search spends its time: a cycle counter the kernel reads around each part of an
iteration when asked to (`benchmarks/search_profile.py` prints the shares).

The counter is the processor's time-stamp counter (LLVM's `readcyclecounter`), a few dozen
cycles a read; the kernel reads it only when it is given a `cycles` array of length PARTS + 1,
so an unprofiled search pays one untaken branch per part.
"""

from __future__ import annotations

from llvmlite import ir
from numba import njit, types
from numba.core import cgutils
from numba.extending import intrinsic

# The parts of an iteration, in the order of the `cycles` array; its last slot holds the whole
# iteration, of which "selection" (the descent's own arithmetic) is what no other part took.
# "playout" is the whole of the playouts; the three "playout_*" parts are the shares of it spent
# in the rollout policy, `play` and `legal_mask` (not counted again in the rest).
PART_NAMES = ("determinize", "play", "legal_mask", "observe", "network", "policy", "playout",
              "backup", "playout_policy", "playout_play", "playout_legal_mask")
(DETERMINIZE, PLAY, LEGAL_MASK, OBSERVE, NETWORK, POLICY, PLAYOUT, BACKUP, PLAYOUT_POLICY,
 PLAYOUT_PLAY, PLAYOUT_LEGAL_MASK) = range(len(PART_NAMES))
PARTS = len(PART_NAMES)
TOTAL = PARTS


@intrinsic
def cycle_count(typingctx):
    """The processor's cycle counter (int64)."""

    def codegen(context, builder, signature, args):
        function = cgutils.get_or_insert_function(
            builder.module, ir.FunctionType(ir.IntType(64), []), "llvm.readcyclecounter")
        return builder.call(function, [])

    return types.int64(), codegen


def shares(cycles) -> dict[str, float]:
    """Each part's share of the iterations' cycles, "selection" being the rest."""
    total = float(cycles[TOTAL])
    out = {name: float(cycles[k]) / total for k, name in enumerate(PART_NAMES)}
    out["selection"] = 1.0 - sum(v for k, v in out.items() if not k.startswith("playout_"))
    return out


@njit(cache=True)
def clock(profiling):
    """The cycle counter when profiling (else 0)."""
    return cycle_count() if profiling else 0


@njit(cache=True)
def add_cycles(cycles, part, start, profiling):
    """Add the cycles since `start` to `part` when profiling."""
    if profiling:
        cycles[part] += cycle_count() - start
