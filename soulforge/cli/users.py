"""``soulforge users``: the web table's accounts, for the operator (issue 34).

There is no e-mail in this build: a person who forgot their password asks the operator, who
sets a new one with ``reset-password`` (every session of the account ends) and tells them.
"""

from __future__ import annotations

import getpass
import importlib
import time
from typing import Annotated, Any

import typer

from soulforge.cli.common import console, fail

users_app = typer.Typer(help="List, disable, enable and reset the web table's accounts.",
                        no_args_is_help=True)
DB_HELP = "SQLAlchemy URL of the database (default: env SOULFORGE_DB, else ./var/soulforge.db)."
Db = Annotated[str | None, typer.Option("--db", help=DB_HELP)]
Name = Annotated[str, typer.Argument(help="the account's display name (any case)")]


def _accounts(db: str | None) -> Any:
    """The accounts of the database at ``db`` (exit 1 with one line if it cannot be used)."""
    storage_module: Any = importlib.import_module("soulforge.server.storage")
    accounts_module: Any = importlib.import_module("soulforge.server.accounts")
    try:
        storage = storage_module.open_storage(db)
    except storage_module.StorageError as err:
        fail(str(err))
    return accounts_module.Accounts(storage)


@users_app.command("list")
def list_users(db: Db = None) -> None:
    """Every account: id, name, disabled or not, live sessions, when it was made."""
    accounts = _accounts(db)
    try:
        rows = accounts.list_users()
    finally:
        accounts.storage.close()
    out = console()
    if not rows:
        out.print("No account.")
        return
    for row in rows:
        made = time.strftime("%Y-%m-%d", time.gmtime(row["created"]))
        state = "disabled" if row["disabled"] else "active"
        out.print(f"{row['id']}\t{row['name']}\t{state}\t{row['sessions']} session(s)\tsince {made}",
                  markup=False, highlight=False)


def _set_disabled(name: str, db: str | None, disabled: bool) -> None:
    accounts = _accounts(db)
    try:
        found = accounts.set_disabled(name, disabled)
    finally:
        accounts.storage.close()
    if not found:
        fail(f"no account named {name!r}")
    console().print(f"{name}: {'disabled (its sessions ended)' if disabled else 'enabled'}",
                    markup=False, highlight=False)


@users_app.command("disable")
def disable(name: Name, db: Db = None) -> None:
    """Disable an account: it cannot sign in or act, its sessions end now."""
    _set_disabled(name, db, True)


@users_app.command("enable")
def enable(name: Name, db: Db = None) -> None:
    """Enable a disabled account again."""
    _set_disabled(name, db, False)


@users_app.command("reset-password")
def reset_password(
    name: Name, db: Db = None,
    password_stdin: Annotated[bool, typer.Option("--password-stdin", help="read the new password from "
                                                 "standard input (one line) instead of asking")] = False,
) -> None:
    """Set a new password (asked twice, never echoed nor shown); every session of the account ends."""
    if password_stdin:
        try:
            password = input().rstrip("\n")
        except EOFError:
            fail("no password on standard input", 2)
    else:
        password = getpass.getpass("New password: ")
        if getpass.getpass("Again: ") != password:
            fail("the two passwords differ", 2)
    accounts = _accounts(db)
    try:
        accounts.check_password(password)
        found = accounts.reset_password(name, password)
    except Exception as err:  # a TableError from the password's length: one line
        if type(err).__name__ != "TableError":
            raise
        fail(str(err), 2)
    finally:
        accounts.storage.close()
    if not found:
        fail(f"no account named {name!r}")
    console().print(f"{name}: new password set, every session ended", markup=False, highlight=False)
