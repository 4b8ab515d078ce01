"""Ratings of rated tables (issue 34): OpenSkill's Weng-Lin Plackett-Luce model, one rating per
account and game, updated once when a rated table ends.

A rated table is people only (two seats or more, no AI), each seat an account's, and its seed
secret (``tables.TableService.create`` refuses anything else). Places come from the table's
returns: the higher a seat's return, the better its place, equal returns share a place. A
claimed time-out ends the game with the late seat at -1 and the others above: a loss.
The number shown is the rating's *ordinal*, ``mu - 3 sigma`` (0 for a newcomer: 25 - 3 x 8.33).
"""

from __future__ import annotations

import time
from collections.abc import Sequence
from typing import Any

from openskill.models import PlackettLuce
from sqlalchemy import insert, select, update

from soulforge.server.accounts import history_t, ratings_t, users_t
from soulforge.server.storage import Storage

MODEL = PlackettLuce()
"""The library's model with its defaults (mu 25, sigma 25/3)."""
MAX_HISTORY = 1000
"""Rated games of one account and game kept in its page's plot (the newest)."""


def places(returns: Sequence[float]) -> list[int]:
    """Each seat's place (1 = best) from its return; equal returns share a place.

    >>> places([1.0, -1.0]), places([0.0, 0.0]), places([-1.0, 0.5, 0.5])
    ([1, 2], [1, 1], [3, 1, 1])
    """
    return [1 + sum(other > mine for other in returns) for mine in returns]


def rate(prior: Sequence[tuple[float, float] | None], returns: Sequence[float]) -> list[tuple[float, float]]:
    """Each seat's new ``(mu, sigma)`` from its prior one (None: a newcomer) and the returns.

    >>> [round(mu, 3) for mu, _ in rate([None, None], [1.0, -1.0])]
    [27.635, 22.365]
    """
    teams = [[MODEL.rating() if p is None else MODEL.rating(mu=p[0], sigma=p[1])] for p in prior]
    rated = MODEL.rate(teams, ranks=[float(p) for p in places(returns)])
    return [(float(team[0].mu), float(team[0].sigma)) for team in rated]


def shown(mu: float, sigma: float) -> float:
    """The number shown beside a name: the ordinal, rounded to one decimal.

    >>> shown(25.0, 25 / 3)
    0.0
    """
    return round(mu - 3 * sigma, 1)


class Ratings:
    """Ratings and their history on the server's :class:`Storage`."""

    def __init__(self, storage: Storage) -> None:
        self.storage = storage

    async def settle(self, table_id: str, game: str, owners: dict[int, int], returns: Sequence[float],
                     ) -> bool:
        """Rate a finished rated table: ``owners`` maps each seat to its account. Once only (a
        second call finds its history and changes nothing); False when not every seat has an
        account or one account holds two seats (nothing is rated)."""
        seats = range(len(returns))
        users = [owners.get(s) for s in seats]
        if len(returns) < 2 or None in users or len(set(users)) != len(returns):
            return False
        return await self.storage.write(self._settle, table_id, game, [u for u in users if u is not None],
                                        list(returns))

    def _settle(self, table_id: str, game: str, users: list[int], returns: list[float]) -> bool:
        with self.storage._writing() as conn:
            done = conn.execute(select(history_t.c.user_id).where(history_t.c.table_id == table_id)).first()
            if done is not None:
                return False
            mine = (ratings_t.c.game == game, ratings_t.c.user_id.in_(users))
            rows = conn.execute(select(ratings_t).where(*mine)).mappings().all()
            known = {r["user_id"]: (float(r["mu"]), float(r["sigma"]), int(r["games"])) for r in rows}
            new = rate([known[u][:2] if u in known else None for u in users], returns)
            now = time.time()
            for user, (mu, sigma), place in zip(users, new, places(returns), strict=True):
                if user in known:
                    which = (ratings_t.c.user_id == user, ratings_t.c.game == game)
                    conn.execute(update(ratings_t).where(*which).values(mu=mu, sigma=sigma,
                                                                         games=known[user][2] + 1))
                else:
                    conn.execute(insert(ratings_t).values(user_id=user, game=game, mu=mu, sigma=sigma,
                                                          games=1))
                conn.execute(insert(history_t).values(user_id=user, table_id=table_id, game=game, mu=mu,
                                                      sigma=sigma, rank=place, at=now))
        return True

    async def of(self, user_ids: Sequence[int], game: str) -> dict[int, dict[str, Any]]:
        """The accounts' ratings for ``game`` (absent: never rated)."""
        return await self.storage.read(self._of, list(user_ids), game)

    def _of(self, user_ids: list[int], game: str) -> dict[int, dict[str, Any]]:
        if not user_ids:
            return {}
        with self.storage.engine.connect() as conn:
            which = (ratings_t.c.game == game, ratings_t.c.user_id.in_(user_ids))
            rows = conn.execute(select(ratings_t).where(*which)).mappings().all()
        return {r["user_id"]: public(r) for r in rows}

    async def player(self, user_id: int) -> dict[str, Any]:
        """An account's ratings by game and each game's history, oldest first."""
        return await self.storage.read(self._player, user_id)

    def _player(self, user_id: int) -> dict[str, Any]:
        with self.storage.engine.connect() as conn:
            rows = conn.execute(select(ratings_t).where(ratings_t.c.user_id == user_id)
                                .order_by(ratings_t.c.game)).mappings().all()
            history = conn.execute(select(history_t).where(history_t.c.user_id == user_id)
                                   .order_by(history_t.c.at.desc()).limit(MAX_HISTORY * 8)).mappings().all()
        by_game: dict[str, list[dict[str, Any]]] = {}
        for h in reversed(history):
            by_game.setdefault(h["game"], []).append(
                {"table": h["table_id"], "rating": shown(h["mu"], h["sigma"]), "mu": h["mu"],
                 "sigma": h["sigma"], "place": h["rank"], "at": h["at"]})
        return {"ratings": {r["game"]: public(r) for r in rows},
                "history": {game: items[-MAX_HISTORY:] for game, items in by_game.items()}}

    def user_id(self, name_key: str) -> tuple[int, str] | None:
        """The account of a name key: (id, display name)."""
        with self.storage.engine.connect() as conn:
            row = conn.execute(select(users_t.c.id, users_t.c.name)
                               .where(users_t.c.name_key == name_key)).first()
        return (int(row[0]), str(row[1])) if row else None


def public(row: Any) -> dict[str, Any]:
    """A stored rating as shown: the number, and the model's own mu and sigma."""
    return {"rating": shown(row["mu"], row["sigma"]), "mu": row["mu"], "sigma": row["sigma"],
            "games": row["games"]}
