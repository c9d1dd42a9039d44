"""Keeping numba's on-disk cache honest, and saying when it is being filled.

Numba invalidates a cached function only when its own source file changes, not when a function
it calls or a constant it reads from another module (a state offset, a data table) changes. A
game's engine therefore calls `refresh_numba_cache` before compiling anything: when the sources
of the given packages differ from those the cache was built from, their cache files are deleted.

Compiling a game's numba code takes a minute or more, once: later processes load the machine
code from the cache in about a second. So that a first run does not look hung, the first real
compile (a cache miss, not a load) of a cached function of a watched package prints one line on
stderr naming the game and how long its first compile takes (`announce_compiles`; each game's
engine watches its own package), once per process per game. It listens to numba's
"numba:compile" event, which numba raises only when it compiles: a warm cache prints nothing.
`TABLETOP_COMPILE_NOTICE=0` in the environment silences it (the test suite does, as its
commands' stderr is compared line by line).
"""

from __future__ import annotations

import hashlib
import os
import sys
from pathlib import Path

STAMP_NAME = "numba_sources.sha1"


def _sources_digest(packages: tuple[Path, ...]) -> str:
    digest = hashlib.sha1()
    for package in packages:
        for path in sorted(package.rglob("*.py")):
            digest.update(str(path.relative_to(package.parent)).encode())
            digest.update(path.read_bytes())
    return digest.hexdigest()


def refresh_numba_cache(*packages: str | Path, depends_on: tuple[str | Path, ...] = ()) -> None:
    """Delete the numba cache files under `packages` if any source of `packages` or of the
    `depends_on` folders (code they compile in, but whose cache is not theirs) changed."""
    if os.environ.get("NUMBA_CACHE_DIR"):
        return  # a custom cache location is the user's to manage
    dirs = tuple(Path(p).resolve() for p in packages)
    stamp = dirs[0] / "__pycache__" / STAMP_NAME
    current = _sources_digest(dirs + tuple(Path(p).resolve() for p in depends_on))
    try:
        if stamp.read_text() == current:
            return
    except OSError:
        pass
    for package in dirs:
        for pattern in ("*.nbi", "*.nbc"):
            for cached in package.rglob(f"__pycache__/{pattern}"):
                cached.unlink(missing_ok=True)
    try:
        stamp.parent.mkdir(exist_ok=True)
        stamp.write_text(current)
    except OSError:
        pass  # read-only install: numba will not cache there either


def refresh_game_cache(engine_init_file: str, game: str | None = None,
                       compile_time: str | None = None) -> None:
    """Call from a game's `engine/__init__.py` (with `__file__`) before importing its modules:
    refreshes the cache of that game's package together with `tabletop_core`'s, and with
    `game` (its registered name) has the first compile of its package announced
    (`announce_compiles`, `compile_time`: how long it takes, e.g. "about 1 minute")."""
    package = Path(engine_init_file).parent.parent
    refresh_numba_cache(package, Path(__file__).parent)
    if game is not None:
        announce_compiles(package.name, game, compile_time)


# -- compile notices --------------------------------------------------------------------------
_WATCHED: dict[str, tuple[str, str | None]] = {}  # module or package -> (game, compile time)
_ANNOUNCED: set[str] = set()  # the games announced in this process
_listening = False


def compile_notice(game: str, compile_time: str | None) -> str:
    """The line printed when `game`'s numba code starts compiling."""
    expected = f" (about {compile_time.removeprefix('about ')} on 2 cores, longer under load)" \
        if compile_time else ""
    return (f"{game}: compiling its numba code on first use{expected}; later runs load it "
            "from numba's cache")


def announce_compiles(package: str, game: str, compile_time: str | None = None) -> None:
    """Print `compile_notice(game, compile_time)` on stderr when numba first compiles a cached
    function of `package` (a module or package name, e.g. "aquilon_env") in this process:
    once per process per game, and never when the cache holds the code (numba loads it then,
    without compiling). Installs one listener of numba's "numba:compile" event."""
    global _listening
    # a package watched without a time (a bot's) takes the time its game's engine gave
    known = next((t for g, t in _WATCHED.values() if g == game and t), None)
    _WATCHED[package] = (game, compile_time or known)
    if not _listening:
        from numba.core import event

        event.register("numba:compile", _listener())
        _listening = True


def _watched_game(module: str) -> tuple[str, str | None] | None:
    for package, watched in _WATCHED.items():
        if module == package or module.startswith(package + "."):
            return watched
    return None


def _announce(dispatcher) -> None:
    from numba.core.caching import NullCache

    if isinstance(getattr(dispatcher, "_cache", None), NullCache):
        return  # not cached on disk: compiled in every process, nothing to announce
    module = getattr(getattr(dispatcher, "py_func", None), "__module__", None) or ""
    watched = _watched_game(module)
    if watched is None or watched[0] in _ANNOUNCED:
        return
    _ANNOUNCED.add(watched[0])
    if os.environ.get("TABLETOP_COMPILE_NOTICE", "1") != "0":
        print(compile_notice(*watched), file=sys.stderr, flush=True)


def _listener():
    """A listener of numba's compile events that announces (numba imported only now)."""
    from numba.core.event import Listener

    class CompileListener(Listener):
        def on_start(self, event) -> None:
            try:
                _announce(event.data["dispatcher"])
            except Exception:  # a notice must never break a compile
                pass

        def on_end(self, event) -> None:
            pass

    return CompileListener()


def game_package_dirs() -> tuple[Path, ...]:
    """The folders of the installed game packages (found without importing them; the games
    are those of the registry, tabletop_core.games)."""
    from tabletop_core.games import game_package_dirs as registered_dirs

    return registered_dirs()
