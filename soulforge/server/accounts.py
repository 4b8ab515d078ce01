"""Accounts (issue 34): optional. A person may register a display name and a password, sign
in on any device and find their seats there; play needs no account.

Security, in one place:

- passwords are hashed with argon2id (``argon2-cffi``), never stored, logged or returned;
- a sign-in for an unknown name verifies the password against a dummy hash, so it answers
  the same words after the same work as a wrong password (no enumeration by message or time);
- failed sign-ins are counted per name and per address: past :data:`SIGN_IN_FAILURES` in
  :data:`SIGN_IN_WINDOW` seconds the next attempt is refused (429, ``Retry-After``) unread;
- a session is 256 random bits in an HttpOnly, SameSite=Lax cookie (Secure over TLS), stored
  only as its SHA-256; every sign-in makes a new one (no fixation), sign-out deletes it, sign
  out everywhere deletes all the account's sessions; a disabled account's sessions are refused;
- each session has a CSRF token (a readable cookie the page sends back as ``X-CSRF-Token``):
  ``app.CsrfGuard`` refuses a state-changing request carrying the session cookie without it.

An account's seats are recorded as (table, seat, account) in ``sf_account_seats``, with no
token: the session is the credential for them (``TableService.seats_of`` grants a signed-in,
non-disabled account its recorded seats), so another device of the account acts for them once
signed in, and reading the database gives no seat secret (migration 0006 dropped the plain
tokens kept before).
"""

from __future__ import annotations

import asyncio
import dataclasses
import hmac
import secrets
import time
import unicodedata
from collections.abc import Sequence
from typing import Any

import argon2
from sqlalchemy import (
    Boolean,
    Column,
    Float,
    ForeignKey,
    Integer,
    String,
    Table,
    delete,
    func,
    insert,
    select,
    update,
)
from sqlalchemy.exc import IntegrityError

from soulforge.server.people import RateLimit, clean_name
from soulforge.server.storage import Storage, hash_token, metadata, tables_t
from soulforge.server.tables import TableError

users_t = Table(
    "sf_users", metadata,
    Column("id", Integer, primary_key=True, autoincrement=True),
    Column("name", String(32), nullable=False),
    Column("name_key", String(128), nullable=False, unique=True),
    Column("password_hash", String(255), nullable=False),
    Column("disabled", Boolean, nullable=False, default=False),
    Column("created", Float, nullable=False),
)
sessions_t = Table(
    "sf_sessions", metadata,
    Column("id_hash", String(64), primary_key=True),
    Column("user_id", Integer, ForeignKey("sf_users.id"), nullable=False),
    Column("csrf", String(64), nullable=False),
    Column("created", Float, nullable=False),
    Column("expires", Float, nullable=False),
)
account_seats_t = Table(
    "sf_account_seats", metadata,
    Column("table_id", String(32), ForeignKey("sf_tables.id"), primary_key=True),
    Column("seat", Integer, primary_key=True),
    Column("user_id", Integer, ForeignKey("sf_users.id"), nullable=False),
    Column("at", Float, nullable=False),
)
ratings_t = Table(
    "sf_ratings", metadata,
    Column("user_id", Integer, ForeignKey("sf_users.id"), primary_key=True),
    Column("game", String(64), primary_key=True),
    Column("mu", Float, nullable=False),
    Column("sigma", Float, nullable=False),
    Column("games", Integer, nullable=False),
)
history_t = Table(
    "sf_rating_history", metadata,
    Column("user_id", Integer, ForeignKey("sf_users.id"), primary_key=True),
    Column("table_id", String(32), ForeignKey("sf_tables.id"), primary_key=True),
    Column("game", String(64), nullable=False),
    Column("mu", Float, nullable=False),
    Column("sigma", Float, nullable=False),
    Column("rank", Integer, nullable=False),
    Column("at", Float, nullable=False),
)

SESSION_COOKIE, CSRF_COOKIE, CSRF_HEADER = "sf_session", "sf_csrf", "X-CSRF-Token"
SESSION_DAYS = 30
"""A session lasts this many days from its sign-in, then the person signs in again."""
NAME_MIN, NAME_MAX = 3, 32
PASSWORD_MIN, PASSWORD_MAX = 8, 256
"""A password's length in characters (a longer one is refused before it is hashed)."""
SIGN_IN_FAILURES, SIGN_IN_WINDOW = 10, 60.0
"""Failed sign-ins allowed per name and per address in any window of seconds: the next waits."""
REGISTRATIONS, REGISTRATION_WINDOW = 10, 3600.0
"""Accounts one address may register per window of seconds."""
HASHING_AT_ONCE = 2
"""Password hashes computed at the same time at most (each takes 64 MiB): more wait their turn."""
MAX_ACCOUNT_SEATS = 500
"""The newest seats of an account listed and handed to a new device."""

HASHER = argon2.PasswordHasher()
"""argon2id with the library's defaults (RFC 9106 low-memory: t=3, 64 MiB, p=4)."""
DUMMY_HASH = ("$argon2id$v=19$m=65536,t=3,p=4$KLmqWXg2Z4x7JoAqGoHEkg$"
              "+KaBOTCugJqqTio89GFu4m+jgxmWVTpyRTKruchrczs")
"""The hash of a random password nobody kept, made with :data:`HASHER`'s parameters: what an
unknown name's password is verified against (a start-up does not spend a hash on it)."""
WRONG = "wrong name or password"
"""The one answer to an unknown name and to a wrong password."""


def name_key(name: str) -> str:
    """The form under which names are unique: ``Ada``, ``ada`` and ``ADA`` in full-width
    letters are one name.

    >>> name_key("\uff21da ")
    'ada'
    """
    return unicodedata.normalize("NFKC", name).casefold().strip()


@dataclasses.dataclass(frozen=True)
class Account:
    """A signed-in person (never their password or its hash)."""

    id: int
    name: str
    disabled: bool = False

    def public(self) -> dict[str, Any]:
        return {"id": self.id, "name": self.name}


@dataclasses.dataclass(frozen=True)
class Session:
    """A session as the cookies carry it: its secret id and its CSRF token."""

    id: str
    csrf: str
    account: Account


class Accounts:
    """Accounts, sessions and the seats they hold, on the server's :class:`Storage`."""

    def __init__(self, storage: Storage, hasher: argon2.PasswordHasher | None = None) -> None:
        self.storage = storage
        self.hasher = hasher or HASHER
        self.dummy_hash = DUMMY_HASH if not self.hasher.check_needs_rehash(DUMMY_HASH) else (
            self.hasher.hash(secrets.token_urlsafe(16)))
        """Verified against when the name is unknown: the same work as a wrong password (a hash
        of this hasher's own parameters)."""
        self.failures_by_name = RateLimit(SIGN_IN_FAILURES, SIGN_IN_WINDOW)
        self.failures_by_address = RateLimit(SIGN_IN_FAILURES, SIGN_IN_WINDOW)
        self.registrations = RateLimit(REGISTRATIONS, REGISTRATION_WINDOW)
        self._hashing = asyncio.Semaphore(HASHING_AT_ONCE)
        self.disabled_ids: frozenset[int] = frozenset()
        """The disabled accounts (their seats cannot act), as last read (``read_disabled``)."""

    # -- passwords ---------------------------------------------------------------
    async def _hash(self, password: str) -> str:
        async with self._hashing:
            return await asyncio.to_thread(self.hasher.hash, password)

    async def _verify(self, stored: str, password: str) -> bool:
        async with self._hashing:
            return await asyncio.to_thread(self._matches, stored, password)

    def _matches(self, stored: str, password: str) -> bool:
        try:
            return bool(self.hasher.verify(stored, password))
        except (argon2.exceptions.VerificationError, argon2.exceptions.InvalidHashError):
            return False

    @staticmethod
    def check_name(name: str) -> str:
        """A display name fit for an account (plain text, 3 to 32 characters, no ``/``: it is
        the address of the player's page), or 422."""
        cleaned = clean_name(name) or ""
        if len(cleaned) < NAME_MIN or len(name.strip()) > NAME_MAX:
            raise TableError(422, f"a name has {NAME_MIN} to {NAME_MAX} characters")
        if "/" in cleaned:
            raise TableError(422, "a name may not hold '/'")
        return cleaned

    @staticmethod
    def check_password(password: str) -> None:
        if not PASSWORD_MIN <= len(password) <= PASSWORD_MAX:
            raise TableError(422, f"a password has {PASSWORD_MIN} to {PASSWORD_MAX} characters")

    # -- registering and signing in ------------------------------------------------
    async def register(self, name: str, password: str, address: str | None) -> Session:
        """A new account, signed in: 409 if the name is taken (names are public: the lobby
        shows them), 429 past the address's allowance."""
        cleaned = self.check_name(name)
        self.check_password(password)
        wait = self.registrations.wait(address)
        if wait > 0:
            raise _too_many("new accounts from this address", REGISTRATIONS, REGISTRATION_WINDOW, wait)
        self.registrations.record(address)
        digest = await self._hash(password)
        try:
            user_id = await self.storage.write(self._insert_user, cleaned, digest)
        except IntegrityError:
            raise TableError(409, f"the name {cleaned!r} is taken") from None
        return await self.storage.write(self._new_session, Account(user_id, cleaned))

    async def sign_in(self, name: str, password: str, address: str | None) -> Session:
        """A new session for the name's account (401 :data:`WRONG` for an unknown name and a
        wrong password alike, after the same hashing work; 403 disabled; 429 too many)."""
        key = name_key(name)[:NAME_MAX * 4]
        wait = max(self.failures_by_name.wait(key), self.failures_by_address.wait(address))
        if wait > 0:
            raise _too_many("failed sign-ins for this name or address", SIGN_IN_FAILURES,
                            SIGN_IN_WINDOW, wait)
        if len(password) > PASSWORD_MAX:  # never hashed: bounded work whatever is sent
            password = ""
        row = await self.storage.read(self._user_by_key, key)
        ok = await self._verify(row["password_hash"] if row else self.dummy_hash, password)
        if row is None or not ok:
            self.failures_by_name.record(key)
            self.failures_by_address.record(address)
            raise TableError(401, WRONG)
        account = Account(row["id"], row["name"], bool(row["disabled"]))
        if account.disabled:
            raise TableError(403, "this account is disabled")
        if self.hasher.check_needs_rehash(row["password_hash"]):
            await self.storage.write(self._set_password_hash, account.id, await self._hash(password))
        return await self.storage.write(self._new_session, account)

    async def session(self, session_id: str | None) -> Session | None:
        """The live session of a cookie (None: none, unknown or expired)."""
        if not session_id or len(session_id) > 128:
            return None
        return await self.storage.read(self._session, session_id)

    async def sign_out(self, session_id: str) -> None:
        await self.storage.write(self._delete_sessions, sessions_t.c.id_hash == hash_token(session_id))

    async def sign_out_everywhere(self, account: Account) -> None:
        await self.storage.write(self._delete_sessions, sessions_t.c.user_id == account.id)

    # -- seats ------------------------------------------------------------------
    async def attach(self, account: Account, table_id: str, seat: int) -> None:
        """The seat (its token checked by the caller) now follows ``account``: 403 if it is
        another account's. Only the link is stored, never the seat's token."""
        owner = await self.storage.write(self._attach, account.id, table_id, seat)
        if owner != account.id:
            raise TableError(403, f"seat {seat} of table {table_id} belongs to another account")

    async def detach(self, table_id: str, seat: int) -> None:
        """The seat follows no account any more."""
        await self.storage.write(self._detach, table_id, seat)

    async def seats(self, account: Account) -> list[dict[str, Any]]:
        """The account's seats, newest first (no token: the session acts for them)."""
        return await self.storage.read(self._seats, account.id)

    async def owners(self, table_ids: Sequence[str]) -> dict[str, dict[int, dict[str, Any]]]:
        """Each table's seats held by an account: ``{table: {seat: {"account", "user_id"}}}``."""
        return await self.storage.read(self._owners, list(table_ids))

    # -- operator ------------------------------------------------------------------
    def list_users(self) -> list[dict[str, Any]]:
        """Every account (no hash), oldest first, with its live sessions: ``soulforge users list``."""
        now = time.time()
        with self.storage.engine.connect() as conn:
            live = (select(func.count()).select_from(sessions_t)
                    .where(sessions_t.c.user_id == users_t.c.id, sessions_t.c.expires > now)
                    .scalar_subquery())
            rows = conn.execute(select(users_t.c.id, users_t.c.name, users_t.c.disabled, users_t.c.created,
                                       live.label("sessions")).order_by(users_t.c.id)).mappings().all()
        return [dict(r) | {"disabled": bool(r["disabled"])} for r in rows]

    def set_disabled(self, name: str, disabled: bool) -> bool:
        """Disable (its sessions end) or enable an account; False if there is none."""
        with self.storage._writing() as conn:
            user = conn.execute(select(users_t.c.id).where(users_t.c.name_key == name_key(name))).scalar()
            if user is None:
                return False
            conn.execute(update(users_t).where(users_t.c.id == user).values(disabled=disabled))
            if disabled:
                conn.execute(delete(sessions_t).where(sessions_t.c.user_id == user))
        self.disabled_ids = self.disabled_ids | {user} if disabled else self.disabled_ids - {user}
        return True

    def read_disabled(self) -> frozenset[int]:
        """The disabled accounts, read anew (another process, ``soulforge users``, may disable)."""
        with self.storage.engine.connect() as conn:
            found = frozenset(int(r[0]) for r in conn.execute(select(users_t.c.id).where(users_t.c.disabled)))
        self.disabled_ids = found
        return found

    def reset_password(self, name: str, password: str) -> bool:
        """A new password for an account, every session of it ended; False if there is none."""
        self.check_password(password)
        digest = self.hasher.hash(password)
        with self.storage._writing() as conn:
            user = conn.execute(select(users_t.c.id).where(users_t.c.name_key == name_key(name))).scalar()
            if user is None:
                return False
            conn.execute(update(users_t).where(users_t.c.id == user).values(password_hash=digest))
            conn.execute(delete(sessions_t).where(sessions_t.c.user_id == user))
        return True

    # -- the database (on the storage's threads) ---------------------------------------
    def _insert_user(self, name: str, digest: str) -> int:
        with self.storage._writing() as conn:
            result = conn.execute(insert(users_t).values(
                name=name, name_key=name_key(name), password_hash=digest, disabled=False,
                created=time.time()))
            key = result.inserted_primary_key
            assert key is not None
            return int(key[0])

    def _set_password_hash(self, user_id: int, digest: str) -> None:
        with self.storage._writing() as conn:
            conn.execute(update(users_t).where(users_t.c.id == user_id).values(password_hash=digest))

    def _user_by_key(self, key: str) -> dict[str, Any] | None:
        with self.storage.engine.connect() as conn:
            row = conn.execute(select(users_t).where(users_t.c.name_key == key)).mappings().first()
        return dict(row) if row else None

    def _new_session(self, account: Account) -> Session:
        session_id, csrf, now = secrets.token_urlsafe(32), secrets.token_urlsafe(32), time.time()
        with self.storage._writing() as conn:
            conn.execute(delete(sessions_t).where(sessions_t.c.user_id == account.id,
                                                  sessions_t.c.expires <= now))
            conn.execute(insert(sessions_t).values(
                id_hash=hash_token(session_id), user_id=account.id, csrf=csrf, created=now,
                expires=now + SESSION_DAYS * 86400))
        return Session(session_id, csrf, account)

    def _session(self, session_id: str) -> Session | None:
        query = (select(sessions_t.c.csrf, sessions_t.c.expires, users_t.c.id, users_t.c.name,
                        users_t.c.disabled)
                 .join(users_t, users_t.c.id == sessions_t.c.user_id)
                 .where(sessions_t.c.id_hash == hash_token(session_id)))
        with self.storage.engine.connect() as conn:
            row = conn.execute(query).mappings().first()
        if row is None or row["expires"] <= time.time():
            return None
        return Session(session_id, row["csrf"], Account(row["id"], row["name"], bool(row["disabled"])))

    def _delete_sessions(self, where: Any) -> None:
        with self.storage._writing() as conn:
            conn.execute(delete(sessions_t).where(where))

    def _attach(self, user_id: int, table_id: str, seat: int) -> int:
        """Link the seat to the user (if it is nobody's); returns the seat's owner."""
        with self.storage._writing() as conn:
            where = (account_seats_t.c.table_id == table_id, account_seats_t.c.seat == seat)
            owner = conn.execute(select(account_seats_t.c.user_id).where(*where)).scalar()
            if owner is None:
                conn.execute(insert(account_seats_t).values(table_id=table_id, seat=seat, user_id=user_id,
                                                            at=time.time()))
                return user_id
            return int(owner)

    def _detach(self, table_id: str, seat: int) -> None:
        with self.storage._writing() as conn:
            conn.execute(delete(account_seats_t).where(account_seats_t.c.table_id == table_id,
                                                       account_seats_t.c.seat == seat))

    def _seats(self, user_id: int) -> list[dict[str, Any]]:
        query = (select(account_seats_t.c.table_id, account_seats_t.c.seat,
                        tables_t.c.game, tables_t.c.status, tables_t.c.rated, tables_t.c.created)
                 .join(tables_t, tables_t.c.id == account_seats_t.c.table_id)
                 .where(account_seats_t.c.user_id == user_id)
                 .order_by(tables_t.c.created.desc()).limit(MAX_ACCOUNT_SEATS))
        with self.storage.engine.connect() as conn:
            rows = conn.execute(query).mappings().all()
        return [{"table": r["table_id"], "seat": r["seat"], "game": r["game"],
                 "status": r["status"], "rated": bool(r["rated"]), "created": r["created"]} for r in rows]

    def _owners(self, table_ids: list[str]) -> dict[str, dict[int, dict[str, Any]]]:
        if not table_ids:
            return {}
        seats = account_seats_t.c
        query = (select(seats.table_id, seats.seat, users_t.c.id, users_t.c.name)
                 .join(users_t, users_t.c.id == account_seats_t.c.user_id)
                 .where(account_seats_t.c.table_id.in_(table_ids)))
        with self.storage.engine.connect() as conn:
            rows = conn.execute(query).mappings().all()
        out: dict[str, dict[int, dict[str, Any]]] = {}
        for r in rows:
            out.setdefault(r["table_id"], {})[r["seat"]] = {"account": r["name"], "user_id": r["id"]}
        return out


def csrf_ok(session: Session, sent: str | None) -> bool:
    """The request carries the session's CSRF token (compared in constant time)."""
    return bool(sent) and hmac.compare_digest(session.csrf.encode(), (sent or "").encode())


def _too_many(what: str, burst: int, window: float, wait: float) -> TableError:
    seconds = max(1, int(wait + 0.999))
    span = f"{window:g} s" if window < 120 else f"{window / 60:g} minutes"
    return TableError(429, f"too many {what}: at most {burst} in {span}; try again in {seconds} s",
                      retry_after=seconds)
