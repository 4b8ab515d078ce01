"""Kipukas' actions in words for the seat deciding (``KipukasState.describe``).

An action's ``__str__`` (``actions.py``) knows only its fields: it names a card of the hand by
its slot ("give card 1 of your hand to seat 1") and a soul by its piece number ("soul #12"),
while the board draws the hand as named cards and a seen soul by its name (issue 30, item 9).
Here those words are replaced with the names the board shows the deciding seat: the hand's
cards and the card set aside are its own (it sees them); a piece is named when that seat knows
its card (``KipukasState.knows``), else it keeps its number, which the board draws on a
face-down card. The phrases replaced are those of ``actions.py``; a label that has none stays
``str(action)``.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from soulforge.core import Action
from soulforge.games.kipukas.data import CARDS

if TYPE_CHECKING:
    from soulforge.games.kipukas.state import KipukasState

HAND_CARD = re.compile(r"\bcard (\d+) of your hand")
"""A card of the deciding seat's hand by its 1-based index (``actions.py``)."""
PIECE = re.compile(r"\b(?:the )?(soul|colony) #(\d+)")
"""A piece on the map by its number ("the colony #9" too: named, it takes no article)."""
ASIDE = "the card set aside"


def describe(s: KipukasState, action: Action) -> str:
    """``action`` in the words of the deciding seat's board: its cards and the souls it knows
    by name.

    Hand indices and piece numbers outside the position are left as they are (a label asked
    of an action that is not legal here still reads)."""
    words = str(action)
    seat = s.current_player
    if seat is None:
        return words
    hand = s.hand[seat]

    def hand_card(match: re.Match[str]) -> str:
        index = int(match[1]) - 1
        return f"your {CARDS[hand[index]].name}" if 0 <= index < len(hand) and hand[index] else match[0]

    def piece(match: re.Match[str]) -> str:
        number = int(match[2])
        if not 0 <= number < len(s.card) or not s.knows(seat, number):
            return match[0]
        name = CARDS[s.card[number]].name
        if number in s.rogues:
            return f"the rogue {name}"
        owner = s.owner[number]
        return f"your {name}" if owner == seat else f"seat {owner}'s {name}"

    words = HAND_CARD.sub(hand_card, words)
    if ASIDE in words and s.aside[seat]:
        words = words.replace(ASIDE, f"your {CARDS[s.aside[seat]].name} (set aside)")
    return PIECE.sub(piece, words)
