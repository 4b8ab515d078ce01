"""What accounts add to the tables (issue 34): who holds a seat, their rating beside their name,
the rating of a rated table's end, and a player's page (games, ratings, opponents, win rates)."""

from __future__ import annotations

import asyncio
from collections.abc import Iterable, Sequence
from typing import Any

from sqlalchemy import select

from soulforge.server.accounts import Accounts, Session, account_seats_t, name_key, users_t
from soulforge.server.ratings import Ratings, places
from soulforge.server.storage import TableRow
from soulforge.server.tables import LiveTable, TableError, TableService

MAX_PLAYER_GAMES = 500
"""The newest games of a player that their page shows and counts."""
DISABLED_REFRESH = 5.0
"""Seconds between two readings of the disabled accounts: a seat of an account the operator
disabled stops acting within this time (at once when disabled by this process)."""


class Community:
    """Accounts and ratings joined to the table service."""

    def __init__(self, service: TableService, accounts: Accounts, ratings: Ratings) -> None:
        self.service, self.accounts, self.ratings = service, accounts, ratings
        service.accounts_of = self.accounts_of
        service.on_over = self.rate
        service.seat_guard = self.guard
        service.account_ok = self.account_ok
        service.seat_moved = self.let_go

    def guard(self, table: LiveTable, held: set[int]) -> None:
        """A seat held by a disabled account cannot act, nor see its seat's view (403)."""
        if any(table.owners.get(seat) in self.accounts.disabled_ids for seat in held):
            raise TableError(403, "this seat's account is disabled")

    def account_ok(self, account: int) -> bool:
        """A signed-in account acts for its seats unless the operator disabled it."""
        return account not in self.accounts.disabled_ids

    async def watch_disabled(self) -> None:
        """Read the disabled accounts every :data:`DISABLED_REFRESH` seconds (the operator's
        command runs in another process)."""
        while True:
            await self.service.storage.read(self.accounts.read_disabled)
            await asyncio.sleep(DISABLED_REFRESH)

    async def accounts_of(self, table: LiveTable) -> dict[int, dict[str, Any]]:
        """The table's seats held by accounts, each with the account's rating for the game
        (and ``table.owners`` set: each such seat's account id)."""
        owners = (await self.accounts.owners([table.id])).get(table.id, {})
        table.owners = {seat: o["user_id"] for seat, o in owners.items()}
        return (await self.seat_accounts([table.row]))[table.id]

    async def seat_accounts(self, rows: Sequence[TableRow]) -> dict[str, dict[int, dict[str, Any]]]:
        """For each table, its seats held by accounts: ``{seat: {"account", "rating"}}``."""
        owners = await self.accounts.owners([row.id for row in rows])
        out: dict[str, dict[int, dict[str, Any]]] = {}
        games: dict[str, set[int]] = {}
        for row in rows:
            seated = owners.get(row.id, {}).values()
            games.setdefault(row.game, set()).update(o["user_id"] for o in seated)
        ratings = {game: await self.ratings.of(sorted(users), game) for game, users in games.items() if users}
        for row in rows:
            known = ratings.get(row.game, {})
            out[row.id] = {seat: {"account": o["account"],
                                  "rating": known.get(o["user_id"], {}).get("rating")}
                           for seat, o in owners.get(row.id, {}).items()}
        return out

    async def rate(self, table: LiveTable) -> None:
        """A table ended: if it is rated, rate every seat once (then the room sees the ratings)."""
        row = table.row
        owners = (await self.accounts.owners([row.id])).get(row.id, {})
        users = {seat: o["user_id"] for seat, o in owners.items()}
        if row.game == "kipukas":  # a table played with the affinity records grows them
            from soulforge.server import progress  # it imports the routes, which import this
            await progress.grow_seated(self.service.storage, table, users)
        if not row.rated or not row.returns:
            return
        if await self.ratings.settle(row.id, row.game, users, row.returns):
            await self.service.accounts_changed(table)

    # -- sitting down ------------------------------------------------------------------
    async def may_sit(self, session: Session | None, table_id: str) -> None:
        """Refuse a seat at a rated table to a person who is not signed in (401) or whose
        account already holds a seat there (409): a rated game is between accounts."""
        table = await self.service.get(table_id)
        if not table.row.rated:
            return
        if session is None:
            raise TableError(401, "a rated table is for signed-in players: sign in first")
        owners = (await self.accounts.owners([table.id])).get(table.id, {})
        if any(o["user_id"] == session.account.id for o in owners.values()):
            raise TableError(409, "your account already holds a seat at this rated table")

    async def keep(self, session: Session | None, table_id: str, seats: Iterable[int]) -> None:
        """The seats just taken follow the signed-in account, if any (its session then acts
        for them on any device; their tokens are not kept)."""
        seats = list(seats)
        if session is None or not seats:
            return
        table = await self.service.get(table_id)
        for seat in seats:
            await self.accounts.attach(session.account, table_id, seat)
            await self.service.name_if_unnamed(table, seat, session.account.name)
        await self.service.accounts_changed(table)

    async def attach(self, session: Session, table_id: str, seat: int, token: str) -> None:
        """A seat taken in this browser without an account now follows the account: the token
        must hold that seat (403), and the seat must be nobody else's (403)."""
        table = await self.service.get(table_id)
        if seat not in await self.service.seats_of(table, [token]):
            raise TableError(403, f"this token does not hold seat {seat}")
        if table.row.rated:
            owners = (await self.accounts.owners([table.id])).get(table.id, {})
            if any(o["user_id"] == session.account.id and s != seat for s, o in owners.items()):
                raise TableError(409, "your account already holds a seat at this rated table")
        await self.accounts.attach(session.account, table_id, seat)
        await self.service.accounts_changed(table)

    async def let_go(self, table: LiveTable, seat: int) -> None:
        """The seat's player moved it to another browser: its account no longer holds it (its
        sessions stop acting for it, as the old token did)."""
        if seat in table.owners:
            await self.accounts.detach(table.id, seat)
            await self.service.accounts_changed(table)

    # -- a player's page ---------------------------------------------------------------
    async def player(self, name: str) -> dict[str, Any]:
        """A player's games, ratings with their history, opponents and win rates (404: no such
        account). Public: no token, no secret."""
        found = await self.service.storage.read(self.ratings.user_id, name_key(name))
        if found is None:
            raise TableError(404, f"no player {name!r}")
        user_id, shown_name = found
        games = await self.service.storage.read(self._games, user_id)
        rated = await self.ratings.player(user_id)
        for game in games:
            playing = game["status"] == "playing"
            game["to_move"] = self.to_move(game["table"], game["clock"]) if playing else None
        turn = [g for g in games if g["to_move"] is not None and g["to_move"] == g["seat"]]
        return {"name": shown_name, **rated, **summary(games), "your_turn": turn}

    def _games(self, user_id: int) -> list[dict[str, Any]]:
        """The account's newest games, each with its table row and the other accounts seated."""
        storage = self.service.storage
        with storage.engine.connect() as conn:
            mine = conn.execute(select(account_seats_t.c.table_id, account_seats_t.c.seat)
                                .where(account_seats_t.c.user_id == user_id)).all()
            ids = [str(r[0]) for r in mine]
            others = conn.execute(select(account_seats_t.c.table_id, account_seats_t.c.seat, users_t.c.name)
                                  .join(users_t, users_t.c.id == account_seats_t.c.user_id)
                                  .where(account_seats_t.c.table_id.in_(ids),
                                         account_seats_t.c.user_id != user_id)).all()
        rows = {row.id: row for row in storage.listing(None, None, ids=ids)[0]} if ids else {}
        by_table: dict[str, dict[Any, str]] = {}
        for table_id, seat, other in others:
            by_table.setdefault(str(table_id), {})[seat] = str(other)
        out: list[dict[str, Any]] = []
        for table_id, seat in mine:
            row = rows.get(str(table_id))
            if row is None:
                continue
            out.append({"table": row.id, "game": row.game, "seat": seat, "status": row.status,
                        "rated": row.rated, "returns": row.returns, "created": row.created,
                        "opponents": by_table.get(row.id, {}), "clock": row.clock})
        out.sort(key=lambda g: -g["created"])
        return out[:MAX_PLAYER_GAMES]

    def to_move(self, table_id: str, clock: dict[str, Any] | None) -> int | None:
        """The seat to move at a table still playing: the live state's if it is in memory, else
        its clock's running seat (a turn-based table is never replayed just to say whose turn)."""
        live = self.service.live.get(table_id)
        if live is not None:
            return live.to_move
        running = (clock or {}).get("running")
        return running if isinstance(running, int) else None

    async def turns(self, user_id: int) -> list[dict[str, Any]]:
        """The account's games where its seat is to move, oldest turn first."""
        games = await self.service.storage.read(self._games, user_id)
        return [g for g in games
                if g["status"] == "playing" and self.to_move(g["table"], g["clock"]) == g["seat"]]


def summary(games: list[dict[str, Any]]) -> dict[str, Any]:
    """Games split in progress and finished, opponents met, win rates by game and by seat.

    A game is won when the seat's place is first and not everyone shares it (a draw).

    >>> s = summary([{"game": "g", "seat": 0, "status": "over", "returns": [1.0, -1.0],
    ...               "opponents": {1: "Bo"}, "table": "t", "created": 0.0}])
    >>> s["win_rates"], s["opponents"]
    ({'g': {'0': {'played': 1, 'won': 1, 'rate': 1.0}}}, [{'name': 'Bo', 'games': 1, 'won': 1}])
    """
    playing = [g for g in games if g["status"] == "playing"]
    finished = [g for g in games if g["status"] == "over" and g["returns"]]
    rates: dict[str, dict[str, dict[str, Any]]] = {}
    met: dict[str, dict[str, int]] = {}
    for g in finished:
        place = places(g["returns"])
        won = place[g["seat"]] == 1 and len(set(place)) > 1
        cell = rates.setdefault(g["game"], {}).setdefault(str(g["seat"]), {"played": 0, "won": 0})
        cell["played"] += 1
        cell["won"] += won
        for name in g["opponents"].values():
            count = met.setdefault(name, {"games": 0, "won": 0})
            count["games"] += 1
            count["won"] += won
    for by_seat in rates.values():
        for cell in by_seat.values():
            cell["rate"] = round(cell["won"] / cell["played"], 3)
    often = sorted(met.items(), key=lambda kv: -kv[1]["games"])
    opponents = [{"name": name, **count} for name, count in often]
    return {"playing": playing, "finished": finished, "win_rates": rates, "opponents": opponents}
