"""Player-facing words: articles and counts, so no log line reads "a Imperial" or "card(s)".

>>> article("Imperial banner")
'an Imperial banner'
>>> article("Dragon")
'a Dragon'
>>> count(1, "card")
'1 card'
>>> count(3, "Elf card")
'3 Elf cards'
>>> count(0, "ally", "allies")
'0 allies'
"""

from __future__ import annotations

VOWELS = frozenset("aeiouAEIOU")


def article(phrase: str) -> str:
    """``phrase`` with "a" or "an" before it, by its first letter."""
    return f"{'an' if phrase[:1] in VOWELS else 'a'} {phrase}"


def seat_name(seat: int) -> str:
    """How a log line names a seat (every game's words, made now or when the log is read).

    >>> seat_name(1)
    'seat 1'
    """
    return f"seat {seat}"


def count(number: int, noun: str, plural: str | None = None) -> str:
    """``number`` and ``noun``, in the plural (``plural``, else ``noun`` + "s") unless one."""
    return f"{number} {noun if number == 1 else plural or noun + 's'}"


def winner_first(values: list[int], winner: int | None) -> str:
    """Seats' scores with the winner's first, then the others in seat order from the winner's
    on (a draw: seat order); past two seats, whose each is says in brackets.

    >>> winner_first([11, 16], 1), winner_first([2, 2], None), winner_first([3, 9, 5], 1)
    ('16 to 11', '2 to 2', '9 to 5 to 3 (seats 1, 2, 0)')
    """
    start = 0 if winner is None else winner
    order = [(start + k) % len(values) for k in range(len(values))]
    words = " to ".join(str(values[seat]) for seat in order)
    if len(values) > 2:
        words += f" (seats {', '.join(str(seat) for seat in order)})"
    return words


def verdict(returns: list[float], seat: int | None, names: list[str] | None = None) -> str:
    """The result in a viewer's words: to a seated player "You won.", "You lost." or "Draw.";
    to anyone else (``seat`` None) who won, by ``names`` (each seat's, "Seat N" by default).

    >>> verdict([1.0, -1.0], 0), verdict([1.0, -1.0], 1), verdict([0.0, 0.0], 1)
    ('You won.', 'You lost.', 'Draw.')
    >>> verdict([-1.0, 1.0], None), verdict([-1.0, -1.0], 0), verdict([0.5, 0.5, -1.0], None, ["A", "B", "C"])
    ('Seat 1 won.', 'You lost.', 'Draw between A and B.')
    """
    best = max(returns)
    top = [s for s, value in enumerate(returns) if value == best]
    everyone_lost = best < 0 and len(top) == len(returns)
    if seat is not None:
        if returns[seat] < best or everyone_lost:
            return "You lost."
        return "You won." if len(top) == 1 else "Draw."
    named = names or [f"Seat {s}" for s in range(len(returns))]
    if everyone_lost:
        return "Everyone lost."
    if len(top) == 1:
        return f"{named[top[0]]} won."
    return f"Draw between {', '.join(named[s] for s in top[:-1])} and {named[top[-1]]}."
