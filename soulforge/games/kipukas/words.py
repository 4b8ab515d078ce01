"""The words of Kipukas' most frequent log lines, made when the log is read.

A playout or a search never reads the log, so the rules log these lines with
``State.log_later(render, *args)``: each function below but :func:`who` is a ``render``, a
function of immutable values taken when the line is logged (seats, numbers, names), so the
text is the one the rule would have written then. Rarer lines are written at once
(``add_log``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Final

from soulforge.core import Seat
from soulforge.core.text import count
from soulforge.core.text import seat_name as seat_name
from soulforge.games.kipukas.encoding import PUBLIC

if TYPE_CHECKING:
    from soulforge.games.kipukas.state import KipukasState as S

HIDDEN: Final = 0
SHOWN: Final = 1
ROGUE: Final = 2
"""How a piece is named: face down, face up, or a rogue's."""
Who = tuple[int, Seat, str, int]
"""A piece's name in facts taken now: the piece, its owner, its card's name, how it is named."""


def who(s: S, piece: int) -> Who:
    """The facts a piece's public name is made of, taken now (the piece may be revealed,
    captured or wasted before the log is read)."""
    shown = ROGUE if piece in s.rogues else SHOWN if s.known[piece] & PUBLIC else HIDDEN
    return (piece, s.owner[piece], s.card_of(piece).name, shown)



def piece_name(piece: Who) -> str:
    """A piece in public words: its card's name once revealed, else 'an unrevealed card'."""
    number, owner, name, shown = piece
    if shown == ROGUE:
        return f"the rogue {name}"
    if shown == SHOWN:
        return f"{seat_name(owner)}'s {name}"
    return f"{seat_name(owner)}'s unrevealed card #{number}"


def cycle_begins(cycle: int, diel: str, rolled: bool) -> str:
    return f"diel cycle {cycle}: {diel}" + (" is rolled" if rolled else "")


def moves(piece: Who, stand: str) -> str:
    from soulforge.games.kipukas.actions import stand_label  # (actions imports cards, which logs here)

    return f"{piece_name(piece)} moves to {stand_label(stand)}"


def calls_initiative(seat: Seat) -> str:
    return f"{seat_name(seat)} calls initiative"


def ends_actions(seat: Seat) -> str:
    return f"{seat_name(seat)} ends its actions"


def draws(seat: Seat, cards: int) -> str:
    return f"{seat_name(seat)} draws {count(cards, 'card')}"


def plays(seat: Seat, what: str, territory: int) -> str:
    return f"{seat_name(seat)} plays {what} on territory {territory}"


def plays_unrevealed(name: str) -> str:
    return f"you play {name} unrevealed"


def puts_at_bottom(seat: Seat, cards: int) -> str:
    return f"{seat_name(seat)} puts {count(cards, 'card')} at the bottom of the deck"


def rogue_moves(name: str, roll: int, territory: int) -> str:
    return f"the rogue {name} rolls {roll} and moves to territory {territory}"


def revealed(piece: int, name: Who) -> str:
    return f"card #{piece} is revealed: {piece_name(name)}"


def storm_wastes(piece: Who) -> str:
    return f"the storm wastes {piece_name(piece)}"


def storm_injures(piece: Who) -> str:
    return f"the storm injures {piece_name(piece)}"


def volcano_burns(piece: Who) -> str:
    return f"the volcanic ground burns {piece_name(piece)}"


def wasted(piece: Who) -> str:
    return f"{piece_name(piece)} is wasted"
