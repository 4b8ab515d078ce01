"""``SOULFORGE_PURE=1``: import every Soulforge module from its ``.py`` source, even where a
compiled ``.so`` lies beside it (``make native``, docs/native.md).

One tree then runs both ways, with the same sources: the golden tests and the benchmarks
compare compiled and pure without a second checkout. This module is never compiled.
"""

from __future__ import annotations

import importlib.abc
import importlib.machinery
import sys
from collections.abc import Sequence
from types import ModuleType


class SourceFirst(importlib.abc.MetaPathFinder):
    """Finds ``soulforge.*`` modules among ``.py`` files only (the compiled ones are skipped)."""

    def find_spec(self, fullname: str, path: Sequence[str] | None,
                  target: ModuleType | None = None) -> importlib.machinery.ModuleSpec | None:
        if not fullname.startswith("soulforge.") or path is None:
            return None
        sources = (importlib.machinery.SourceFileLoader, importlib.machinery.SOURCE_SUFFIXES)
        for entry in path:
            spec = importlib.machinery.FileFinder(entry, sources).find_spec(fullname)
            if spec is not None:
                return spec
        return None


def prefer_sources() -> None:
    """Put :class:`SourceFirst` ahead of the standard finders (once)."""
    if not any(isinstance(finder, SourceFirst) for finder in sys.meta_path):
        sys.meta_path.insert(0, SourceFirst())
