"""Per-game summaries for the balance lab: what each seat had, drew and played.

A game's :meth:`~soulforge.core.Game.result_summary` returns a JSON-ready dict::

    {"seats": [{"deck": "water", "cards": [...], "opening": [...], "drawn": [...], "played": [...]}, ...],
     "end": {...}}

- ``deck``: the deck, population or faction the seat played (None where there is none);
- ``cards``: every distinct card or character the seat could have drawn or recruited;
- ``opening``: those in its opening hand; ``drawn``: those drawn or recruited afterwards;
- ``played``: those it played (or placed);
- ``end``: the game's own end facts (Emanations left, win type, castles, ...).

Lists are sorted and hold each name once: statistics ask *whether* a seat drew a card.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from typing import Any

JsonDict = dict[str, Any]


def seat_summary(
    deck: str | None,
    cards: Iterable[str],
    opening: Iterable[str] = (),
    drawn: Iterable[str] = (),
    played: Iterable[str] = (),
) -> JsonDict:
    """One seat's entry of a summary (each list sorted, each name once).

    >>> seat_summary("fire", ["b", "a", "a"], ["a"], [], ["a"])
    {'deck': 'fire', 'cards': ['a', 'b'], 'opening': ['a'], 'drawn': [], 'played': ['a']}
    """
    return {
        "deck": deck,
        "cards": sorted(set(cards)),
        "opening": sorted(set(opening)),
        "drawn": sorted(set(drawn)),
        "played": sorted(set(played)),
    }


def taken(pile: Iterable[str], left: Iterable[str]) -> list[str]:
    """The cards of ``pile`` not in ``left`` (as multisets): what was drawn from a deck.

    >>> taken(["a", "a", "b", "c"], ["a", "c"])
    ['a', 'b']
    """
    return sorted((Counter(pile) - Counter(left)).elements())


def deck_name(option: str) -> str:
    """A deck option as a summary names it: a built-in deck's name, or ``custom`` for a list.

    >>> deck_name("water"), deck_name("[cards]\\nA = 2")
    ('water', 'custom')
    """
    return option if option.isidentifier() else "custom"
