"""Keeping numba's on-disk cache honest.

Numba invalidates a cached function only when its own source file changes, not when a function
it calls or a constant it reads from another module (a state offset, a data table) changes. A
game's engine therefore calls `refresh_numba_cache` before compiling anything: when the sources
of the given packages differ from those the cache was built from, their cache files are deleted.
"""

from __future__ import annotations

import hashlib
import os
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


def refresh_game_cache(engine_init_file: str) -> None:
    """Call from a game's `engine/__init__.py` (with `__file__`) before importing its modules:
    refreshes the cache of that game's package together with `tabletop_core`'s."""
    refresh_numba_cache(Path(engine_init_file).parent.parent, Path(__file__).parent)


def game_package_dirs() -> tuple[Path, ...]:
    """The folders of the installed game packages (found without importing them; the games
    are those of the registry, tabletop_core.games)."""
    from tabletop_core.games import game_package_dirs as registered_dirs

    return registered_dirs()
