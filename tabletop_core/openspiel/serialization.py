"""The guard of `TabletopGame.deserialize_state`: `check_serialized` reads a serialized state
with an unpickler that accepts nothing but the record (tabletop_core.openspiel.record)."""

from __future__ import annotations

import base64
import io
import pickle

from tabletop_core.openspiel.definition import Definition
from tabletop_core.openspiel.record import _load_record, _Record, _require


class _RecordUnpickler(pickle.Unpickler):
    """Unpickles a serialized state's attributes and refuses every class but the record's."""

    def find_class(self, module: str, name: str):
        if (module, name) == (_load_record.__module__, _load_record.__name__):
            return _load_record
        raise ValueError(f"bad serialized state: it refers to {module}.{name}")


def check_serialized(text: str, definition: Definition) -> None:
    """Raise ValueError unless `text` is a state serialized by OpenSpiel for this game."""
    if not isinstance(text, str):
        raise ValueError("bad serialized state: not a string")
    pieces = text.split("\n", 2)
    _require(len(pieces) == 3, "expected three lines")
    history, move_number, attributes = pieces
    _require(history.startswith("history="), "no history line")
    for item in filter(None, history[len("history="):].split(",")):
        player, _, action = item.partition(":")
        _require(player.lstrip("-").isdigit() and action.isdigit(), "bad history")
    _require(move_number.startswith("move_number=")
             and move_number[len("move_number="):].isdigit(), "bad move number")
    _require(attributes.startswith("__dict__="), "no attributes")
    try:
        raw = base64.b64decode(attributes[len("__dict__="):], validate=True)
    except ValueError as error:
        raise ValueError(f"bad serialized state: attributes are not base64 ({error})") from None
    try:
        attrs = _RecordUnpickler(io.BytesIO(raw)).load()
    except ValueError as error:
        if str(error).startswith("bad serialized state"):
            raise
        raise ValueError(f"bad serialized state: {error}") from None
    except Exception as error:  # a damaged pickle fails in many ways
        raise ValueError(f"bad serialized state: {type(error).__name__}: {error}") from None
    _require(isinstance(attrs, dict) and set(attrs) == {"_record"}
             and isinstance(attrs["_record"], _Record), "no state record")
    _require(attrs["_record"].definition == definition, "a state of another game")
