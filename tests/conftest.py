"""Test session setup.

Numba's on-disk cache does not record whether a function was compiled with bounds checking,
so a `NUMBA_BOUNDSCHECK=1` run would silently reuse unchecked machine code. Such a run gets a
fresh cache directory of its own (this must happen before numba is imported).
"""

import os
import tempfile

if os.environ.get("NUMBA_BOUNDSCHECK") == "1" and not os.environ.get("NUMBA_CACHE_DIR"):
    os.environ["NUMBA_CACHE_DIR"] = tempfile.mkdtemp(prefix="numba-boundscheck-")
