"""Doctests of compiled modules (``make install``, docs/native.md).

Compiled, ``soulforge/core/errors.py`` is imported from ``errors.cpython-*.so``: pytest's
doctest collector refuses the module (its ``__file__`` is not the collected path), and the
compiled functions carry no doctests anyway. So while the package runs compiled, the
doctests of compiled modules are left to ``make test``'s pure pass (``SOULFORGE_PURE=1``,
which collects them from the sources); pure (no build, a stale one, ``SOULFORGE_PURE=1``)
every doctest is collected here as before.

Once the tests are collected, every object alive then (the imported modules of Ray, pyarrow,
Playwright, SQLAlchemy and the games, the test modules' tables) is frozen out of the garbage
collector's reach: a full collection no longer walks them. Measured on the Soul of Ankiril and
Soulshards golden tests (one process): 304 full collections cost 22.3 s, 379 cost 7.3 s frozen.
"""

from __future__ import annotations

import gc
import importlib.machinery
import sys
from pathlib import Path

from soulforge._pure import SourceFirst


def pytest_collection_finish() -> None:
    """What is alive after collection lives to the end of the run: freeze it (``gc.freeze``,
    as a server does before it forks its workers), so full collections skip it."""
    gc.collect()
    gc.freeze()


def pytest_ignore_collect(collection_path: Path) -> bool | None:
    if collection_path.suffix != ".py" or any(isinstance(f, SourceFirst) for f in sys.meta_path):
        return None
    stem = collection_path.with_suffix("")
    compiled = any(Path(f"{stem}{suffix}").exists() for suffix in importlib.machinery.EXTENSION_SUFFIXES)
    return True if compiled else None
