"""Test session setup.

Numba's on-disk cache does not record whether a function was compiled with bounds checking,
so a `NUMBA_BOUNDSCHECK=1` run would silently reuse unchecked machine code. Such a run gets a
fresh cache directory of its own (this must happen before numba is imported). The tests' own
numba cache is dropped whenever the code it compiles in changes. The line a first compile
prints on stderr (tabletop_core.cache) is silenced here and in the commands the tests run,
whose stderr they compare line by line (the tests of that line turn it back on).
"""

import os
import tempfile
from pathlib import Path

os.environ.setdefault("TABLETOP_COMPILE_NOTICE", "0")
if os.environ.get("NUMBA_BOUNDSCHECK") == "1" and not os.environ.get("NUMBA_CACHE_DIR"):
    os.environ["NUMBA_CACHE_DIR"] = tempfile.mkdtemp(prefix="numba-boundscheck-")

from tabletop_core.cache import game_package_dirs, refresh_numba_cache  # noqa: E402

# Test kernels compile engine and agent code into the tests' own cache.
_ROOT = Path(__file__).parent.parent
refresh_numba_cache(
    Path(__file__).parent,
    depends_on=(_ROOT / "tabletop_core", _ROOT / "agents", *game_package_dirs()),
)
