"""``soulforge doctor``: the web table's damaged tables, for the operator.

The server quarantines a table whose stored row it cannot read (a text ``seed``, non-JSON
``options``, a missing seat, an unreadable move or chat message...): that table answers 409
"damaged", the others are served, and the server logs one warning per table. This command
lists them all at once, with the field at fault, without starting the server.
"""

from __future__ import annotations

import importlib
from typing import Annotated, Any

import typer
from rich.text import Text

from soulforge.cli.common import console, fail

STORAGE_MODULE = "soulforge.server.storage"
REPLAY_HELP = ("Also replay every unfinished table's record (slower): a rule change can leave one "
               "that no longer replays.")


def doctor(
    db: Annotated[str | None, typer.Option("--db", help="SQLAlchemy URL of the database "
                                           "(default: env SOULFORGE_DB, else ./var/soulforge.db).")] = None,
    replay: Annotated[bool, typer.Option("--replay", help=REPLAY_HELP)] = False,
) -> None:
    """List the web table's damaged tables and why (exit 1 if there is one)."""
    try:
        storage_module: Any = importlib.import_module(STORAGE_MODULE)
    except ModuleNotFoundError:
        fail("the web table is not installed (pip install soulforge[server])")
    try:
        storage = storage_module.open_storage(db)
    except storage_module.StorageError as err:
        fail(str(err))
    try:
        damaged: dict[str, str] = storage.damaged()
        if replay:
            damaged.update(_unplayable(storage, set(damaged)))
    finally:
        storage.close()
    out = console()
    if not damaged:
        out.print("No damaged table.")
        return
    out.print(Text(f"{len(damaged)} damaged table(s): each answers 409, the others are served.",
                   style="bold"))
    for table_id, reason in sorted(damaged.items()):
        out.print(f"{table_id}: {reason}")
    raise typer.Exit(1)


def _unplayable(storage: Any, known: set[str]) -> dict[str, str]:
    """The unfinished tables whose record no longer replays, and why."""
    from soulforge.core import Record
    from soulforge.games import load

    found: dict[str, str] = {}
    for row in storage.tables("playing", None):
        if row.id in known:
            continue
        try:
            actions = [action for _, action in storage.moves(row.id)]
            Record(row.game, row.options, row.seed, row.players, actions).replay(load=load)
        except Exception as err:  # any failure of an old record is the finding itself
            found[row.id] = f"its record no longer replays ({type(err).__name__}: {str(err)[:160]})"
    return found
