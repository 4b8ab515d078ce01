"""Kipukas' summary of a finished game (``Game.result_summary``).

A seat drew the cards that left its deck; it played those that became pieces on the map
(every piece remembers its card and owner, also after it left the map). The end facts:
how the game ended, the territories each seat holds, the cycles played.
"""

from __future__ import annotations

from typing import Any

from soulforge.core.summary import deck_name, seat_summary, taken
from soulforge.games.kipukas.state import KipukasState


def summarize(state: KipukasState, start: KipukasState) -> dict[str, Any]:
    """Per seat: deck, cards drawn (the opening hand apart) and played; territories held."""
    seats = []
    for seat in range(state.num_players):
        decklist = state.decklists[seat]
        in_deck = set(decklist)
        drawn = taken(decklist, state.deck[seat])
        played = [card for card, owner in zip(state.card, state.owner, strict=True)
                  if owner == seat and card in in_deck]
        opening = [card for card in start.hand[seat] if card in in_deck]
        seats.append(seat_summary(deck_name(str(state.game.options[f"deck{seat}"])), decklist,
                                  opening, taken(drawn, opening), played))
    held = [sum(1 for holder in state.holder if holder == seat) for seat in range(state.num_players)]
    return {"seats": seats, "end": {"win_type": win_type(state.finished_by), "territories": held,
                                    "capitals": [list(c) for c in state.capital],
                                    "cycles": state.cycle}}


def win_type(words: str) -> str:
    """How the game ended: ``conquest`` (every base camp and capital), ``peace`` or ``tie``.

    >>> win_type("Seat 1 wins the peace (cycle 9): 4 territories."), win_type("A tie under the peace")
    ('peace', 'tie')
    """
    if "tie" in words.lower():
        return "tie"
    return "peace" if "peace" in words else "conquest"
