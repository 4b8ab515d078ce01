"""Fixtures shared by every test directory: what is costly to make and safe to copy."""

from __future__ import annotations

import functools
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest
import typer.testing

# typer's CliRunner builds the app's click command again on every ``invoke``: it reads every
# command's signature and annotations (``soulforge``'s 20-odd commands), which was 70% of the
# CLI fuzz (test_no_command_of_any_words_ends_in_a_traceback: 2,076 of 2,874 samples). Built
# once per app, as the console script does once per process (``soulforge.cli.main``). The
# commands read the game registry when they run, not when they are built, so a game a test
# registers is still seen.
typer.testing._get_command = functools.cache(typer.testing._get_command)  # type: ignore[attr-defined]


FASTAPI_CALLABLE_CACHES = ("_is_gen_callable_cached", "_is_async_gen_callable_cached",
                           "_is_coroutine_callable_cached")
"""FastAPI's caches of what kind of callable each endpoint and dependency is
(``fastapi.dependencies.models``, 4,096 entries each). They hold the callables themselves, and
an app's endpoints are closures over the app: so they kept the last 40-odd test apps alive,
each with its routes, pydantic fields and database engine. A test worker grew to 3 million
objects, and the collector's full passes over them cost 50 CPU-s of a ``make test`` worker,
up to 2.6 s each. A server process makes one app, so production has nothing to free."""


@pytest.fixture(autouse=True)
def _forget_apps() -> Iterator[None]:
    """After each test (its servers stopped: autouse fixtures are torn down last), FastAPI's
    caches let go of the test's app (:data:`FASTAPI_CALLABLE_CACHES`)."""
    yield
    models = sys.modules.get("fastapi.dependencies.models")
    for name in FASTAPI_CALLABLE_CACHES:
        cache_clear = getattr(getattr(models, name, None), "cache_clear", None)
        if cache_clear is not None:
            cache_clear()


@pytest.fixture(scope="session")
def migrated_sqlite_file(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """An SQLite file at the newest schema, made once per test process: a test's database is a
    copy of it (a file copy, where running the migrations again took 0.2-0.3 s a test)."""
    from tests.server.support import migrated_sqlite

    return migrated_sqlite(tmp_path_factory.mktemp("template") / "migrated.db")


WRITE_WAIT_IN_TESTS = 30.0
"""Seconds a server write may wait for the database in the tests (2 s in production). On a
loaded machine (a busy ``make test``: load 10-12 on 2 cores) a write was once not started
within 2 s and answered 503, failing a test about something else
(test_a_value_of_the_wrong_type_is_quarantined). The tests of the 503 itself ask for
:func:`production_write_wait`."""
_PRODUCTION_WRITE_WAIT: dict[str, float] = {}
"""``storage``'s own bounds, read before the first test changes them."""


def _set_write_wait(monkeypatch: pytest.MonkeyPatch, seconds: float | None) -> None:
    """Both bounds on a write's wait to ``seconds``, or (None) to the production values."""
    from soulforge.server import storage

    for name in ("WRITE_WAIT", "BUSY_TIMEOUT"):
        production = _PRODUCTION_WRITE_WAIT.setdefault(name, getattr(storage, name))
        monkeypatch.setattr(storage, name, production if seconds is None else seconds)


@pytest.fixture(autouse=True)
def _patient_writes(monkeypatch: pytest.MonkeyPatch) -> None:
    _set_write_wait(monkeypatch, WRITE_WAIT_IN_TESTS)


@pytest.fixture
def production_write_wait(monkeypatch: pytest.MonkeyPatch) -> None:
    """The production bound on a write's wait, for the tests of the 503 it answers past it."""
    _set_write_wait(monkeypatch, None)


LONG_MARKS = ("slow", "browser")
"""Marks of the tests that take seconds to minutes each, the longest kind first: seeded agent
matches and the golden replays of every seed (``slow``: one Soul of Ankiril match is the
longest test of the suite), then whole games in Chromium (``browser``)."""


def _rank(item: pytest.Item) -> int:
    """The place of ``item``'s kind in the run: the index of its first mark of
    :data:`LONG_MARKS`, the short tests last."""
    return next((i for i, mark in enumerate(LONG_MARKS) if item.get_closest_marker(mark)), len(LONG_MARKS))


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """Long tests first, each kind in its collected order (the sort is stable): two xdist
    workers share out the long tests while plenty is left to balance with, and end on short
    ones together, instead of one worker starting a minutes-long match near the end. The
    sharing needs ``--dist worksteal`` (``make test``): xdist's default ``load`` hands each
    worker a first chunk of a quarter of its share, consecutive, so every long test went to
    one worker (16 min 47 s, the last ~6 minutes on one core)."""
    items.sort(key=_rank)
