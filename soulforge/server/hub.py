"""The websocket hub: the connections of each table and what each of them is sent.

A connection holds the seats its tokens prove and, opened with a signed-in session, those
recorded for its account (none: a spectator); after every change of a
table each connection gets that table's payload for its own viewer, never another's.
Payloads are whole states, so a slow socket gets the latest one only: its own writer task
sends it, and a table never waits for a socket.
"""

from __future__ import annotations

import asyncio
import dataclasses
import json
from typing import Any

from fastapi import WebSocket

from soulforge.server.tables import LiveTable, TableService


@dataclasses.dataclass(eq=False)
class Connection:
    socket: WebSocket
    held: set[int]
    hashes: frozenset[str] = frozenset()
    """The hashes of the tokens it proved: a seat whose token changes since (moved to another
    browser) is no longer shown to it."""
    svg: bool = True
    account: int | None = None
    """The signed-in account whose session opened it: it sees the seats recorded for that
    account (while the account may act), until that session signs out."""
    session_hash: str | None = None
    """The hash of that session's id (a sign-out on this device ends only its sockets' seats)."""
    latest: str | None = None
    said: list[str] = dataclasses.field(default_factory=list)
    """Chat messages to send, every one (unlike payloads, of which the latest is enough)."""
    wake: asyncio.Event = dataclasses.field(default_factory=asyncio.Event)

    async def write(self) -> None:
        """Send the chat and the latest payload whenever there are some (the connection's task)."""
        while True:
            await self.wake.wait()
            self.wake.clear()
            said, self.said = self.said, []
            for message in said:
                await self.socket.send_text(message)
            text, self.latest = self.latest, None
            if text is not None:
                await self.socket.send_text(text)


class Hub:
    def __init__(self, service: TableService) -> None:
        self.service = service
        self.rooms: dict[str, set[Connection]] = {}
        service.broadcast = self.broadcast
        service.chat_broadcast = self.chat
        service.watched = self.rooms.__contains__  # a watched table stays live

    def join(self, table_id: str, conn: Connection) -> None:
        self.rooms.setdefault(table_id, set()).add(conn)

    def leave(self, table_id: str, conn: Connection) -> None:
        room = self.rooms.get(table_id)
        if room is not None:
            room.discard(conn)
            if not room:
                del self.rooms[table_id]

    def send(self, table: LiveTable, conn: Connection) -> None:
        """The table's payload for the seats the connection still holds: by a token whose seat
        has not moved on, or as its account's (a disabled account's seats are dropped)."""
        seats = table.row.seats
        by_token = {s for s in conn.held if seats[s].claimed and seats[s].token_hash in conn.hashes}
        conn.held = by_token | self.service.account_seats(table, conn.account)
        conn.latest = self.service.payload_json(table, conn.held, conn.svg)
        conn.wake.set()

    def signed_out(self, account: int, session_hash: str | None = None) -> None:
        """An account's session ended (``session_hash``; None: every session, or the account was
        disabled): its open sockets keep only the seats their tokens prove, told at once."""
        for table_id, room in list(self.rooms.items()):
            table = self.service.live.get(table_id)
            for conn in list(room):
                if conn.account == account and session_hash in (None, conn.session_hash):
                    conn.account = conn.session_hash = None
                    if table is not None:
                        self.send(table, conn)

    async def broadcast(self, table: LiveTable) -> None:
        for conn in list(self.rooms.get(table.id, ())):
            self.send(table, conn)

    async def chat(self, table_id: str, message: dict[str, Any]) -> None:
        """A chat message to every connection of the table, players and spectators."""
        text = json.dumps(message, separators=(",", ":"))
        for conn in list(self.rooms.get(table_id, ())):
            conn.said.append(text)
            conn.wake.set()
