"""Which test modules run compiled (``make install``'s native build, docs/native.md)."""

from __future__ import annotations

import sysconfig
from types import ModuleType

from soulforge.core.state import State


def compiled(module: ModuleType) -> bool:
    """Whether ``module`` was imported from a native extension (mypyc), not its source: a test
    that patches one of its attributes or subclasses one of its classes then runs only in
    ``make test``'s pure pass (``PURE_AGAIN`` in the Makefile)."""
    return str(module.__file__).endswith(sysconfig.get_config_var("EXT_SUFFIX") or ".so")


def mutables(value: object) -> list[object]:
    """Every list, dict and set inside ``value`` (itself included), outermost first."""
    if isinstance(value, list | tuple):
        found: list[object] = [value] if isinstance(value, list) else []
        for item in value:
            found += mutables(item)
        return found
    if isinstance(value, dict):
        found = [value]
        for item in value.values():
            found += mutables(item)
        return found
    return [value] if isinstance(value, set) else []


def assert_clone_apart(state: State, twin: State, shared: frozenset[str]) -> None:
    """``twin`` (``state.clone()``) holds every field of ``state``, equal, and every mutable one
    (each list, dict and set inside it) its own, but the ``shared`` fields: a native state's
    written-out clone forgets or shares no field (``tests/*/test_state_native.py``)."""
    fields, copied = state.field_values(), twin.field_values()
    assert copied.keys() == fields.keys()  # no field forgotten (compiled: a NULL slot)
    for name, value in fields.items():
        if name in ("_lines", "_log_shared"):
            continue  # the log: shared in chunks (State._shared_log), read below
        if name == "rng":
            assert copied[name] is not value and copied[name].getstate() == value.getstate()
            continue
        assert copied[name] == value, name
        if name not in shared:
            assert not {id(inner) for inner in mutables(value)} & {
                id(inner) for inner in mutables(copied[name])}, name
    assert twin.log(None) == state.log(None)
    assert twin.view(0) == state.view(0) and twin.view(1) == state.view(1)
