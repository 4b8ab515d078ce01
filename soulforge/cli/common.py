"""What every command shares: consoles, clean errors, game options, agents."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import Any, NoReturn

import typer
from rich.console import Console
from rich.text import Text

from soulforge.core import Game, Option
from soulforge.games import game_class

USAGE = 2
"""Exit code of a bad command line (bad option, unknown game or agent)."""
FAILURE = 1
"""Exit code of a command that could not do its work."""
INTERRUPTED = 130
"""Exit code after Ctrl-C."""


def console() -> Console:
    """The standard-output console (built per command, so tests can capture it)."""
    return Console(highlight=False, soft_wrap=True)


def error_console() -> Console:
    """The standard-error console."""
    return Console(stderr=True, highlight=False, soft_wrap=True)


def fail(message: str, code: int = FAILURE) -> NoReturn:
    """Print ``error: message`` on one line to stderr and leave with ``code``."""
    error_console().print(Text.assemble(("error: ", "bold red"), message))
    raise typer.Exit(code)


def path_exists(path: Path) -> bool:
    """``path.exists()``, but False for a name the system refuses (too long, say), where
    ``Path.exists`` raises (it only swallows "no such file" errors).

    >>> path_exists(Path("x" * 5000))
    False
    """
    try:
        return path.exists()
    except OSError:
        return False


def path_is_dir(path: Path) -> bool:
    """``path.is_dir()``, False for a name the system refuses (see :func:`path_exists`)."""
    try:
        return path.is_dir()
    except OSError:
        return False


def output_file(path: Path, option: str) -> Path:
    """``path`` if a file can be written there; exit 2 with one line otherwise.

    Checked before any work, so a long game or simulation never ends unable to save.
    """
    try:  # a name the system refuses (ENAMETOOLONG, say) raises here, not only on writing
        is_dir, parent_exists = path.is_dir(), path.parent.exists()
    except OSError as err:
        fail(f"{option} {path}: cannot be a file name: {err.strerror or err}", USAGE)
    if is_dir:
        fail(f"{option} {path}: is a directory; give a file name", USAGE)
    if not parent_exists:
        fail(f"{option} {path}: the folder {path.parent} does not exist", USAGE)
    return path


def output_folder(path: Path, option: str) -> Path:
    """``path``, a folder made if need be; exit 2 with one line if it cannot be one (a file
    is there, or the folder cannot be made). Checked before any work."""
    try:
        if path.exists() and not path.is_dir():
            fail(f"{option} {path}: is a file; give a folder", USAGE)
        path.mkdir(parents=True, exist_ok=True)
    except OSError as err:
        fail(f"{option} {path}: cannot make the folder: {err.strerror or err}", USAGE)
    return path


def read_text(path: Path, what: str) -> str:
    """A text file's content; exit 2 with one line if it cannot be read as text."""
    try:
        return path.read_text(encoding="utf-8")
    except IsADirectoryError:
        fail(f"{path}: is a directory, not {what}", USAGE)
    except OSError as err:
        fail(f"{path}: cannot read: {err.strerror or err}", USAGE)
    except UnicodeDecodeError:
        fail(f"{path}: not a text file, so not {what}", USAGE)


def parse_options(pairs: Sequence[str] | None) -> dict[str, str]:
    """``["copies=1", "x=y"]`` -> ``{"copies": "1", "x": "y"}`` (the game converts values).

    >>> parse_options(["copies=1", "mode = fast"])
    {'copies': '1', 'mode': 'fast'}
    """
    options: dict[str, str] = {}
    for pair in pairs or ():
        name, sep, value = pair.partition("=")
        if not sep or not name.strip():
            raise ValueError(f"--option {pair!r} must look like name=value")
        options[name.strip()] = value.strip()
    return options


def load_game(game_id: str, pairs: Sequence[str] | None = None) -> Game:
    """The game with its ``--option`` values validated; a clean error (exit 2) otherwise."""
    try:
        options: dict[str, Any] = parse_options(pairs)
        cls = game_class(game_id)
    except ValueError as err:
        fail(str(err), USAGE)
    except (ImportError, AttributeError) as err:
        fail(f"the game {game_id!r} cannot be loaded: {err}")
    try:
        return cls(**read_deck_files(cls.option_specs, options))
    except ValueError as err:
        fail(str(err), USAGE)


def read_deck_files(specs: Sequence[Option], options: dict[str, Any]) -> dict[str, Any]:
    """``options`` with each deck option that names a file (``deck0=my_deck.toml``) replaced
    by the file's text: a terminal convenience; the game itself only takes deck texts (and a
    table stores them, so its record replays without the file)."""
    decks = {spec.name for spec in specs if spec.deck}
    out = dict(options)
    for name, value in options.items():
        if name in decks and isinstance(value, str) and Path(value).suffix and path_exists(Path(value)):
            out[name] = read_text(Path(value), "a deck list")
    return out


def expand_multi_value(
    args: Sequence[str], names: frozenset[str], stop: frozenset[str] = frozenset()
) -> list[str]:
    """Let an option take several values: ``--agents a b`` -> ``--agents a --agents b``.

    Values run until the next token starting with ``-`` or found in ``stop`` (game ids,
    so ``--agents a b GAME`` works too).

    >>> expand_multi_value(["g", "--agents", "a", "b", "-n", "3"], frozenset({"--agents"}))
    ['g', '--agents', 'a', '--agents', 'b', '-n', '3']
    >>> expand_multi_value(["--agents=a", "b", "g"], frozenset({"--agents"}), frozenset({"g"}))
    ['--agents=a', '--agents', 'b', 'g']
    """
    out: list[str] = []
    current: str | None = None
    expecting = False
    for arg in args:
        flag = arg.partition("=")[0]
        if arg in names or (flag in names and arg.startswith("--")):
            current, expecting = flag, arg in names
            out.append(arg)
        elif expecting:
            out.append(arg)
            expecting = False
        elif current is not None and not arg.startswith("-") and arg not in stop:
            out.extend([current, arg])
        else:
            current = None
            out.append(arg)
    return out
