"""Pure Python beside compiled modules: ``SOULFORGE_PURE=1``, and stale native builds.

``make install`` compiles chosen modules with mypyc (``tools/build_native.py``,
docs/native.md): a ``.so`` beside each ``.py``, which Python imports instead.

- ``SOULFORGE_PURE=1`` imports every Soulforge module from its ``.py`` source even so: one
  tree runs both ways, with the same sources (the golden tests and the benchmarks compare
  compiled and pure without a second checkout).
- A compiled module must never run code older than its source. The build writes
  :data:`MANIFEST`, every source's fingerprint; at import, when a source no longer matches
  it (edited, checked out), the whole package runs pure, with a warning naming the file,
  until ``make install`` builds again.

This module is never compiled, and reads the manifest with the standard library only.
"""

from __future__ import annotations

import hashlib
import importlib.abc
import importlib.machinery
import json
import sys
import warnings
from collections.abc import Sequence
from pathlib import Path
from types import ModuleType

MANIFEST = "soulforge/_native.json"
"""The native build's manifest, relative to the repository root (written by the build)."""
ROOT = Path(__file__).resolve().parent.parent
"""The directory holding the ``soulforge`` package."""


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


def native_sources(root: Path) -> list[str]:
    """The sources a native build depends on, relative to ``root``: the compiled modules and
    every module they were type-checked against (the core, the games and the agents, all of
    them)."""
    package = root / "soulforge"
    found = [*package.glob("core/*.py"), *package.glob("games/**/*.py"), *package.glob("agents/*.py")]
    return sorted(str(path.relative_to(root)) for path in found)


def fingerprint(path: Path) -> list[int | str]:
    """``[size, mtime_ns, sha256]`` of a source file."""
    stat = path.stat()
    return [stat.st_size, stat.st_mtime_ns, hashlib.sha256(path.read_bytes()).hexdigest()]


def stale_sources(root: Path) -> list[str] | None:
    """The sources that changed since the native build in ``root`` (``[]``: none); None when
    there is no native build. Compiled files without a manifest count as stale.

    Size and time equal to the manifest's: unchanged (no file is read); otherwise the
    content's hash decides (a checkout that rewrote an equal file is not a change)."""
    try:
        recorded: dict[str, list[int | str]] = json.loads(
            (root / MANIFEST).read_text(encoding="utf-8"))["sources"]
    except (OSError, ValueError, KeyError, TypeError):
        suffixes = tuple(importlib.machinery.EXTENSION_SUFFIXES)
        package = root / "soulforge"
        built = any(p.name.endswith(suffixes) for folder in (package / "core", *package.glob("games/*"))
                    if folder.is_dir() for p in folder.iterdir())
        return [f"{MANIFEST} (missing or unreadable)"] if built else None
    stale = sorted(set(native_sources(root)) - set(recorded))  # a module added since
    for name, (size, mtime, digest) in recorded.items():
        path = root / name
        try:
            stat = path.stat()
        except OSError:
            stale.append(name)  # removed: its compiled module would still import
            continue
        if (stat.st_size, stat.st_mtime_ns) != (size, mtime) and \
                hashlib.sha256(path.read_bytes()).hexdigest() != digest:
            stale.append(name)
    return stale


def fall_back_if_stale(root: Path = ROOT) -> list[str]:
    """Run pure (:func:`prefer_sources`) when the native build is older than a source, with
    a ``RuntimeWarning`` naming it; returns the stale sources."""
    stale = stale_sources(root) or []
    if stale:
        shown = ", ".join(stale[:3]) + (f" and {len(stale) - 3} more" if len(stale) > 3 else "")
        warnings.warn(f"Soulforge's compiled modules are older than {shown}: running pure Python "
                      "(`make install` builds them again, docs/native.md)", RuntimeWarning, stacklevel=3)
        prefer_sources()
    return stale
