"""Which test modules run compiled (``make install``'s native build, docs/native.md)."""

from __future__ import annotations

import sysconfig
from types import ModuleType


def compiled(module: ModuleType) -> bool:
    """Whether ``module`` was imported from a native extension (mypyc), not its source: a test
    that patches one of its attributes or subclasses one of its classes then runs only in
    ``make test``'s pure pass (``PURE_AGAIN`` in the Makefile)."""
    return str(module.__file__).endswith(sysconfig.get_config_var("EXT_SUFFIX") or ".so")
