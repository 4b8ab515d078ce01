"""The words of Five Realms' most frequent log lines, made when the log is read.

A playout or a search never reads the log, so the rules log these lines with
``State.log_later(render, *args)``: each function below is a ``render``, a function of
immutable values taken when the line is logged (seats, names, counts), so the text is the
one the rule would have written then. Rarer lines are written at once (``add_log``).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from soulforge.core import Seat
from soulforge.core.text import article, count
from soulforge.core.text import seat_name as seat_name
from soulforge.games.five_realms.actions import spot_name

if TYPE_CHECKING:
    from soulforge.games.five_realms.cards import CardType



def places(seat: Seat, banner: str, row: int, col: int) -> str:
    return f"{seat_name(seat)} places {article(banner)} banner at {spot_name(row, col)}"


def collects(seat: Seat, cards: int, banner: str) -> str:
    return f"{seat_name(seat)} collects {count(cards, banner + ' card')}"


def must_recruit(seat: Seat) -> str:
    return f"{seat_name(seat)} must recruit (these banners cannot influence now)"


def recruits_and_looks(seat: Seat, cards: int) -> str:
    return f"{seat_name(seat)} recruits and looks at {count(cards, 'card')}"


def names_seen(types: Sequence[CardType], kinds: tuple[int, ...]) -> str:
    """The characters a seat looks at (``types``: the game's card types, never changed)."""
    return "you look at: " + ", ".join(types[kind].name for kind in kinds)


def influences(seat: Seat, cards: int, banner: str) -> str:
    return f"{seat_name(seat)} influences with {count(cards, banner + ' card')}"


def recruits(seat: Seat, character: str, discarded: int) -> str:
    return f"{seat_name(seat)} recruits {character} and discards {count(discarded, 'card')}"


def declines(seat: Seat, discarded: int) -> str:
    return f"{seat_name(seat)} recruits nobody and discards {count(discarded, 'card')}"


def earns(character: str, seat: Seat, castles: int) -> str:
    return f"{character}: {seat_name(seat)} earns {count(castles, 'castle')}"
