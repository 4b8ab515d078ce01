"""The card pieces: what a character's abilities do, and the requirements they test.

A character is one row of ``cards.toml``, declared through :class:`soulforge.core.cards.CardBook`
(``data.card_book``): each trigger (``TRIGGERS``) is one of its named uses, the row listing
its effect pieces (``at_game_end = [["earn", 3]]``) and the requirements that must hold for
them to fire (``at_game_end_if = ["more_lines"]``). Pieces are registered below by name in the
``EFFECTS`` and ``REQUIREMENTS`` registries; no code names a character. A piece is called
with the state and a :class:`Use` (who uses which card, and for an influence which banner
of which realm). When the pieces fire is the turn's business (``resolution.py``).
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING, Any, NamedTuple

from soulforge.core import Seat
from soulforge.core.cards import CardBook, CardDeclaration, Effect, PieceRef, Requirement, UseDeclaration
from soulforge.core.registry import Registry
from soulforge.core.text import count
from soulforge.games.five_realms import words

if TYPE_CHECKING:
    from soulforge.games.five_realms.state import FiveRealmsState as S

ON_RECRUIT, ON_INFLUENCE, ON_LINE, AT_GAME_END = "on_recruit", "on_influence", "on_line", "at_game_end"
TRIGGERS = (ON_RECRUIT, ON_INFLUENCE, ON_LINE, AT_GAME_END)
"""When an ability fires; each names a row's list of effect pieces, ``<trigger>_if`` its
requirements. A card's text lists its abilities in this order."""


def requires_field(trigger: str) -> str:
    """The row's field listing the requirements of the ``trigger`` ability."""
    return f"{trigger}_if"


@dataclasses.dataclass(frozen=True, slots=True)
class CardType:
    """One of the 33 different cards: a banner side and a character side (``data.py``
    builds them from ``cards.toml``)."""

    index: int
    banner: int
    """Index into ``Rules.banners`` (the five realms first, then the two orders)."""
    realm: int | None
    """The realm of a realm character (its banner), None for the orders."""
    role: str
    """The character printed on it: "Queen", "Popess", ..."""
    name: str
    """The character's full name: "Feline Queen" for realm characters, else the role."""
    titan: bool
    tags: frozenset[str]
    abilities: Mapping[str, UseDeclaration]
    """Trigger -> the character's use on it (``declaration.uses``), only for the triggers
    it has effects on; kept on the card for speed."""
    pieces: int
    """How many effect pieces its abilities hold (the heuristic weighs a card by them)."""
    declaration: CardDeclaration
    """The character as ``Rules.book`` declared it from its row."""


class Use(NamedTuple):
    """One use of a card's ability: the seat it serves, the card, and for an influence the
    realm column and the banner number (3rd, 4th...) just reached."""

    seat: Seat
    card: CardType
    realm: int = -1
    number: int = 0


if TYPE_CHECKING:
    Book = CardBook[S, Use]
    """The characters' book: each character's abilities, one named use per trigger."""

EFFECTS: Registry[Effect[S, Use]] = Registry("Five Realms card effects")
REQUIREMENTS: Registry[Requirement[S, Use]] = Registry("Five Realms card requirements")


# -- effects ---------------------------------------------------------------------------
@EFFECTS.register("earn")
def _earn(s: S, use: Use, amount: int) -> None:
    s.castles[use.seat] += amount
    s.log_later(words.earns, use.card.name, use.seat, amount)


@EFFECTS.register("steal")
def _steal(s: S, use: Use, amount: int) -> None:
    steal_castles(s, use.seat, amount, use.card.name)


def steal_castles(s: S, seat: Seat, amount: int, reason: str) -> None:
    """Take up to ``amount`` castles from the opponent (never below zero)."""
    victim = s.opponent(seat)
    taken = min(amount, s.castles[victim])
    s.castles[victim] -= taken
    s.castles[seat] += taken
    s.add_log(f"{reason}: {s.seat_name(seat)} steals {count(taken, 'castle')}")


@EFFECTS.register("earn_per_majority_realm")
def _earn_per_majority(s: S, use: Use, amount: int) -> None:
    seat = use.seat
    mine, theirs = s.heights(seat), s.heights(s.opponent(seat))
    realms = sum(1 for a, b in zip(mine, theirs, strict=True) if a > b)
    s.castles[seat] += amount * realms
    earned = f"{count(amount * realms, 'castle')} ({count(realms, 'realm')})"
    s.add_log(f"{use.card.name}: {s.seat_name(seat)} earns {earned}")


@EFFECTS.register("steal_or_destroy")
def _steal_or_destroy(s: S, use: Use, amount: int) -> None:
    s.tasks.append(("fight", use.card.index, amount))


@EFFECTS.register("witch_pick")
def _witch_pick(s: S, use: Use) -> None:
    s.tasks.append(("witch", use.card.index, 0))


@EFFECTS.register("extra_turn")
def _extra_turn(s: S, use: Use) -> None:
    s.extra_turns += 1
    s.add_log(f"{use.card.name}: {s.seat_name(use.seat)} will play a new turn")


# -- requirements: None when met, else why not --------------------------------------------
def lines(heights: list[int]) -> int:
    """Lines of 5 influences: the height of the shortest realm column."""
    return min(heights)


def _count(s: S, seat: Seat, test: Callable[[CardType], bool]) -> int:
    return sum(1 for c in s.council[seat] if test(s.rules.types[s.card_type[c]]))


def _more(mine: int, theirs: int, what: str) -> str | None:
    return None if mine > theirs else f"you do not have strictly more {what}"


@REQUIREMENTS.register("own_realm")
def _own_realm(s: S, use: Use) -> str | None:
    return None if use.realm == use.card.realm else "not its own realm"


@REQUIREMENTS.register("banner_number")
def _banner_number(s: S, use: Use, numbers: list[int]) -> str | None:
    return None if use.number in numbers else f"not the {_ordinals(tuple(numbers))} banner"


@REQUIREMENTS.register("more_influence_in_own_realm")
def _more_influence(s: S, use: Use) -> str | None:
    realm = use.card.realm
    if realm is None:
        return "it has no realm"
    mine, theirs = s.heights(use.seat)[realm], s.heights(s.opponent(use.seat))[realm]
    return _more(mine, theirs, "influence in its realm")


@REQUIREMENTS.register("more_lines")
def _more_lines(s: S, use: Use) -> str | None:
    return _more(lines(s.heights(use.seat)), lines(s.heights(s.opponent(use.seat))), "lines")


@REQUIREMENTS.register("more_titans")
def _more_titans(s: S, use: Use) -> str | None:
    return _more(len(s.titans[use.seat]), len(s.titans[s.opponent(use.seat)]), "Titans")


@REQUIREMENTS.register("more_imperial_characters")
def _more_imperial(s: S, use: Use) -> str | None:
    imperial = s.rules.wild
    def test(t: CardType) -> bool:
        return imperial[t.banner]
    seat = use.seat
    return _more(_count(s, seat, test), _count(s, s.opponent(seat), test), "Imperial Order characters")


@REQUIREMENTS.register("more_warriors")
def _more_warriors(s: S, use: Use) -> str | None:
    def test(t: CardType) -> bool:
        return "warrior" in t.tags
    seat = use.seat
    return _more(_count(s, seat, test), _count(s, s.opponent(seat), test), "Warriors")


# -- an ability: fires when its requirements are met ----------------------------------------------
def fires(s: S, trigger: str, use: Use) -> bool:
    """Whether ``use.card`` has a ``trigger`` ability whose requirements are met now."""
    card = use.card
    return trigger in card.abilities and s.rules.book.unmet(card.declaration, s, use, trigger) is None


def run(s: S, trigger: str, use: Use) -> None:
    """Carry out the effect pieces of ``use.card``'s ``trigger`` ability, in order."""
    s.rules.book.run(use.card.declaration, s, use, trigger)


def has_effect(ability: UseDeclaration, names: frozenset[str]) -> bool:
    """Whether one of the ability's effect pieces is among ``names``."""
    return any(name in names for name, _ in ability.effects)


def amount(piece: PieceRef) -> int:
    """The castles (or other count) an effect piece names: its argument, 0 without one."""
    args: tuple[Any, ...] = piece[1]
    return int(args[0]) if args else 0


def on_recruit(s: S, seat: Seat, card: CardType) -> None:
    """WHEN RECRUITED abilities of the newly recruited character."""
    use = Use(seat, card)
    if fires(s, ON_RECRUIT, use):
        run(s, ON_RECRUIT, use)


# -- the cards' text, for people (hover on the web table) ----------------------------------------
WHEN = {
    ON_RECRUIT: "When recruited",
    ON_LINE: "Each time you complete a line of 5 influences",
    AT_GAME_END: "At the end of the game",
}
IF = {
    "more_influence_in_own_realm": "if you strictly have more influence in its realm",
    "more_lines": "if you strictly have more lines of influence",
    "more_titans": "if you strictly have more Titans",
    "more_imperial_characters": "if you strictly have more Imperial Order characters",
    "more_warriors": "if you strictly have more Warriors",
}
DO = {
    "earn": "earn {n} castle{s}",
    "steal": "steal {n} castle{s} from the opponent",
    "earn_per_majority_realm": "earn {n} castle{s} per realm where you strictly have more influence",
    "steal_or_destroy": "steal {n} castle{s} or destroy an opposing Character or Titan",
    "witch_pick": "look at the discard pile and take a card to recruit or influence with",
    "extra_turn": "play a new turn",
}


def _ordinals(counts: tuple[int, ...]) -> str:
    words = [f"{n}{'st' if n == 1 else 'nd' if n == 2 else 'rd' if n == 3 else 'th'}" for n in counts]
    return words[0] if len(words) == 1 else ", ".join(words[:-1]) + " and " + words[-1]


def ability_text(trigger: str, ability: UseDeclaration) -> str:
    """One ability in words: when (with its requirements), then what.

    >>> queen = UseDeclaration((("earn", (1,)),), (("own_realm", ()), ("banner_number", ([3, 4, 5],))))
    >>> ability_text("on_influence", queen)
    'When you influence the 3rd, 4th and 5th banner of its realm: earn 1 castle'
    """
    required = dict(ability.requirements)
    if trigger == ON_INFLUENCE:
        where = "its realm" if "own_realm" in required else "any realm"
        when = f"When you influence the {_ordinals(tuple(required['banner_number'][0]))} banner of {where}"
    else:
        when = WHEN[trigger]
    when += "".join(", " + IF[name] for name in required if name in IF)
    what = " and ".join(DO[name].format(n=amount((name, args)), s="" if amount((name, args)) == 1 else "s")
                        for name, args in ability.effects)
    return f"{when}: {what}"


def card_text(card: CardType) -> str:
    """A character's whole card in words: name, Titan or not, every ability."""
    kind = "Titan" if card.titan else "Character"
    effects = "; ".join(ability_text(trigger, card.abilities[trigger])
                        for trigger in TRIGGERS if trigger in card.abilities) or "no effect"
    return f"{card.name} ({kind}). {effects}."
