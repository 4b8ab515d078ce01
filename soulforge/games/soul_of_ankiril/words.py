"""The words of Soul of Ankiril's most frequent log lines, made when the log is read.

A playout or a search never reads the log, so the rules log these lines with
``State.log_later(render, *args)``: each function below is a ``render``, a function of
immutable values taken when the line is logged (seats, card names, cells, the board's
tuples of terrain names), so the text is the one the rule would have written then. Rarer
lines are written at once (``add_log``). ``labels.py`` takes an action's values (what stands
on its cells before it happens) and these functions put them in words, for the log and the
buttons alike.
"""

from __future__ import annotations

from typing import Any

from soulforge.core.text import count, seat_name


def said(seat: int, line: tuple[Any, ...]) -> str:
    """A move's log line: the seat, then the action in words (``line``: a words function
    below, or ``str`` for an action named by its fields alone, then its arguments)."""
    return f"{seat_name(seat)}: {line[0](*line[1:])}"


def on(terrains: tuple[str, ...], names: tuple[str, ...], cell: int, piece: str | None) -> str:
    """What stands on ``cell`` (``piece``: a Creature's name, None for none), with the
    terrain's coordinates: "Damsha (C4)", "seat 1's Emanation (G2)", or "D5" alone."""
    if not 0 <= cell < len(terrains):
        return f"cell {cell}"
    return terrains[cell] if piece is None else f"{piece} ({names[cell]})"


def place_leader(names: tuple[str, ...], cell: int) -> str:
    return f"place the Leader at {names[cell]}"


def summon(names: tuple[str, ...], card: str, cell: int) -> str:
    return f"summon {card} at {names[cell]}"


def resummon(names: tuple[str, ...], cell: int) -> str:
    return f"resummon the Leader at {names[cell]}"


def cast(terrains: tuple[str, ...], names: tuple[str, ...], card: str,
         via: int, via_piece: str | None, target: int, target_piece: str | None) -> str:
    channel = "" if via < 0 else f" through {on(terrains, names, via, via_piece)}"
    aim = "" if target < 0 else f" on {on(terrains, names, target, target_piece)}"
    return f"cast {card}{channel}{aim}"


def move(terrains: tuple[str, ...], names: tuple[str, ...], src: int, piece: str | None,
         dst: int) -> str:
    return f"move {on(terrains, names, src, piece)} to {names[dst]}"


def attack(terrains: tuple[str, ...], names: tuple[str, ...], src: int, piece: str | None,
           dst: int, dst_piece: str | None) -> str:
    return f"{on(terrains, names, src, piece)} attacks {on(terrains, names, dst, dst_piece)}"


def activate(terrains: tuple[str, ...], names: tuple[str, ...], mode: int, src: int,
             piece: str | None, target: int, target_piece: str | None) -> str:
    which = ("Ability", "second Ability", "both Abilities")[mode]
    aim = "" if target < 0 else f" on {on(terrains, names, target, target_piece)}"
    return f"{which} of {on(terrains, names, src, piece)}{aim}"


def turn_begins(turn: int, seat: int) -> str:
    return f"turn {turn}: {seat_name(seat)}"


def defeated(name: str, seat: int) -> str:
    return f"{name} of {seat_name(seat)} is defeated"


def draws_seen(seat: int, cards: tuple[str, ...]) -> str:
    """The drawing seat's own line: the cards by name."""
    return f"{seat_name(seat)} draws {count(len(cards), 'card')}: {', '.join(cards)}"


def draws(seat: int, drawn: int) -> str:
    """The other seat's line: how many cards, not which."""
    return f"{seat_name(seat)} draws {count(drawn, 'card')}"


def anomaly_damage(name: str) -> str:
    return f"{name} takes 1 damage on the Anomaly terrain"
