"""The words of Soulshards' most frequent log lines, made when the log is read.

A playout or a search never reads the log, so the rules log these lines with
``State.log_later(render, *args)``: each function below is a ``render``, a function of
immutable values taken when the line is logged (seats, card names, counts, a unit's
:data:`Named` place), so the text is the one the rule would have written then. Rarer lines
are written at once (``add_log``).
"""

from __future__ import annotations

from soulforge.core.text import seat_name

Named = tuple[int, str, bool]
"""A unit as a line names it: its owner, its card's name, whether it is on the Battlefield."""


def unit_name(unit: Named) -> str:
    """``seat 1's Ashen Warden (Keep)``: a unit and the zone it was in when logged."""
    owner, name, battlefield = unit
    return f"{seat_name(owner)}'s {name} ({'Battlefield' if battlefield else 'Keep'})"


def _on(target: Named | None) -> str:
    """`` on <unit>`` when a card was aimed at a unit, else nothing."""
    return f" on {unit_name(target)}" if target is not None else ""


def turn_starts(turn: int, seat: int) -> str:
    """A new turn's heading line."""
    return f"turn {turn}: {seat_name(seat)}"


def moves(owner: int, name: str, to_battlefield: bool) -> str:
    """A unit moves between the Keep and the Battlefield."""
    return f"{seat_name(owner)}'s {name} moves to the {'Battlefield' if to_battlefield else 'Keep'}"


def draws(seat: int, amount: int) -> str:
    """The public half of a draw: how many cards."""
    return f"{seat_name(seat)} draws {amount}" if amount != 1 else f"{seat_name(seat)} draws 1 card"


def you_draw(names: tuple[str, ...]) -> str:
    """The drawer's half of a draw: which cards."""
    return f"you draw {', '.join(names)}"


def plays(seat: int, card: str, target: Named | None) -> str:
    """A card played from the hand."""
    return f"{seat_name(seat)} plays {card}{_on(target)}"


def uses_effect(seat: int, name: str, target: Named | None) -> str:
    """A unit's effect used."""
    return f"{seat_name(seat)} uses the effect of {name}{_on(target)}"


def casts(seat: int, name: str, card: str, target: Named | None) -> str:
    """A unit casts a spell from its owner's Home."""
    return f"{seat_name(seat)}'s {name} casts {card} from Home{_on(target)}"


def prepared(owner: int, name: str, edge: int) -> str:
    """A unit Prepares and its owner's Edge after it."""
    return f"{seat_name(owner)}'s {name} is Prepared: 1 Edge ({edge})"


def attached(card: str, host: Named) -> str:
    """A spell Attached to a unit."""
    return f"{card} is Attached to {unit_name(host)}"


def discarded(owner: int, name: str) -> str:
    """A unit leaves play for its owner's Home."""
    return f"{seat_name(owner)}'s {name} is discarded"


def stockpiles(seat: int, card: str, attr: str) -> str:
    """A card put in the Stockpile for an attribute."""
    return f"{seat_name(seat)} stockpiles {card} for {attr.title()}"


def reveals(seat: int, name: str, source: str, trait: int) -> str:
    """A concealed Support card revealed."""
    return f"{seat_name(seat)} reveals {name} from the {source} for Support (Trait {trait})"


def swaps(seat: int) -> str:
    """The public half of a Reserves swap."""
    return f"{seat_name(seat)} swaps a card with the Reserves"


def you_swap(out: str, into: str) -> str:
    """The swapper's half of a Reserves swap."""
    return f"you swap {out} out for {into}"


def gains_edge(seat: int, amount: int) -> str:
    """An effect's Edge."""
    return f"{seat_name(seat)} gains {amount} Edge"


def gains_attr(seat: int, amount: int, attr: str) -> str:
    """An effect's attribute points."""
    return f"{seat_name(seat)} gains {amount} {attr.title()}"


def gains_stat(unit: Named, amount: int, stat: str) -> str:
    """A unit's stat raised until the end of the turn."""
    return f"{unit_name(unit)} gains +{amount} {stat.title()} this turn"


def spends_edge(seat: int, what: str, delta: int) -> str:
    """Edge spent on a check's DL or a fight's damage."""
    return f"{seat_name(seat)} spends 1 Edge: {what} {delta:+d}"


def chooses_stockpile(seat: int, name: str) -> str:
    """A Support card chosen (concealed) from the Stockpile."""
    return f"{seat_name(seat)} chooses {name} from the Stockpile for Support"


def attacks_with(seat: int, names: tuple[str, ...]) -> str:
    """The attackers declared."""
    return f"{seat_name(seat)} attacks with {', '.join(names)}"


def loses_resolve(seat: int, amount: int, why: str, left: int) -> str:
    """Resolve lost, why, and what is left (never below 0)."""
    return f"{seat_name(seat)} loses {amount} Resolve ({why}), {left} left"
