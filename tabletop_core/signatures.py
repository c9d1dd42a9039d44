"""Explicit numba signatures of the engine contract (see spec.py).

Each game compiles its entry points with these signatures, which makes them first-class
function values of fixed types: shared kernels (search, bot policies, test drivers) take them
as arguments and are still cached on disk, compiled once for every game. The batch kernels,
where every nanosecond counts, are specialised per game instead (tabletop_core.batch).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from numba import types

if TYPE_CHECKING:
    from tabletop_core.spec import GameSpec

STATE = types.int32[::1]
CONFIG = types.int32[::1]

INIT = types.void(STATE, CONFIG, types.int64)
PLAY = types.void(STATE, types.int64)
CURRENT_PLAYER = types.int64(STATE)
LEGAL_MASK = types.void(STATE, types.uint8[::1])
OBSERVE = types.void(STATE, types.int64, types.float32[::1])
FINAL_SCORES = types.void(STATE, types.float64[::1], types.int64[::1])
DETERMINIZE = types.void(STATE, types.int64, types.int64)
VALIDATE = types.int64(STATE)
# A bot's policy: (state, seat to act, legal mask, generator words) -> action.
POLICY = types.int64(STATE, types.int64, types.uint8[::1], types.int32[::1])

InitFn = types.FunctionType(INIT)
PlayFn = types.FunctionType(PLAY)
CurrentPlayerFn = types.FunctionType(CURRENT_PLAYER)
LegalMaskFn = types.FunctionType(LEGAL_MASK)
ObserveFn = types.FunctionType(OBSERVE)
FinalScoresFn = types.FunctionType(FINAL_SCORES)
DeterminizeFn = types.FunctionType(DETERMINIZE)
ValidateFn = types.FunctionType(VALIDATE)
PolicyFn = types.FunctionType(POLICY)


class EngineFunction(types.WrapperAddressProtocol):
    """A compiled engine entry point as a first-class function value.

    Passing a numba dispatcher to a kernel makes numba look its machine code up on every call
    (about 60 µs each); this wrapper looks it up once.
    """

    def __init__(self, dispatcher, signature):
        compiled = dispatcher.get_compile_result(signature)
        self.dispatcher = dispatcher  # keeps the machine code alive
        self._signature = signature
        self._address = compiled.library.get_pointer_to_function(
            compiled.fndesc.llvm_cfunc_wrapper_name
        )

    def __wrapper_address__(self) -> int:
        return self._address

    def signature(self):
        return self._signature

    def __call__(self, *args):
        return self.dispatcher(*args)


SIGNATURES = {
    "init": INIT,
    "play": PLAY,
    "current_player": CURRENT_PLAYER,
    "legal_mask": LEGAL_MASK,
    "observe": OBSERVE,
    "final_scores": FINAL_SCORES,
    "determinize": DETERMINIZE,
    "validate_state": VALIDATE,
}
_FUNCTIONS: dict[str, dict[str, EngineFunction]] = {}


def engine_functions(game: GameSpec) -> dict[str, EngineFunction]:
    """The game's engine entry points as first-class function values (built once per game)."""
    if game.name not in _FUNCTIONS:
        _FUNCTIONS[game.name] = {
            name: EngineFunction(getattr(game, name), sig) for name, sig in SIGNATURES.items()
        }
    return _FUNCTIONS[game.name]
