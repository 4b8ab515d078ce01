"""The words of Soulgivers' most frequent log lines, made when the log is read.

A playout or a search never reads the log, so the rules log these lines with
``State.log_later(render, *args)``: each function below is a ``render``, a function of
immutable values taken when the line is logged (seats, pieces, card numbers, frozen
actions), so the text is the one the rule would have written then. Rarer lines are written
at once (``add_log``).
"""

from __future__ import annotations

from soulforge.core import Action
from soulforge.core.text import seat_name
from soulforge.games.soulgivers.data import SHORT_NAMES
from soulforge.games.soulgivers.encoding import Kind, Piece, Team, kind_of, team_of


def label(piece: Piece) -> str:
    """E.g. "seat 0's Runner"."""
    return f"seat {team_of(piece)}'s {SHORT_NAMES[kind_of(piece)]}"


def activates(seat: Team, kind: Kind) -> str:
    return f"{seat_name(seat)} activates the {SHORT_NAMES[kind]}"


def turn_begins(turn: int, seat: Team) -> str:
    return f"turn {turn}: {seat_name(seat)}"


def draws_soulgivers(seat: Team) -> str:
    return f"{seat_name(seat)} draws Soulgiver cards"


def soulgivers_drawn(kinds: tuple[Kind, ...]) -> str:
    return "you draw " + " and ".join(f"the {SHORT_NAMES[k]}" for k in kinds)


def draws_anomaly(seat: Team) -> str:
    return f"{seat_name(seat)} draws an Anomaly"


def anomaly_drawn(card: str) -> str:
    from soulforge.games.soulgivers.cards import CARDS  # (cards imports the rules that log here)

    return f"you draw {CARDS[card].name}"


def never_entered(piece: Piece) -> str:
    return f"{label(piece)} never entered the board"


def destroyed(piece: Piece) -> str:
    return f"{label(piece)} is destroyed"


def places(seat: Team, kind: Kind, portal: int) -> str:
    return f"{seat_name(seat)} places the {SHORT_NAMES[kind]} on portal {portal}"


def plays_anomaly(seat: Team, card: str, target: int) -> str:
    from soulforge.games.soulgivers.cards import CARDS  # (cards imports the rules that log here)

    return f"{seat_name(seat)} plays {CARDS[card].name}{CARDS[card].on_target(target)}"


def uses_ability(piece: Piece, action: Action) -> str:
    """``action``: the frozen ``UseAbility``, whose words depend on its fields alone."""
    return f"{label(piece)}: {action}"
