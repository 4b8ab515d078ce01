"""Kipukas' summary of a finished game (``Game.result_summary``).

``start`` is the game as ``new_game`` made it: the seats still choose their affinity,
capital, base camps and the card set aside, and no hand is dealt yet. The state keeps its
moves (``history``), so the summary replays them on a copy of ``start`` until the setup
phases are over (the move that ends them deals the hands and begins the first day); the
game is deterministic given its seed, so the replay is the game itself.

- ``opening``: each seat's hand when the first day begins;
- ``drawn``: the cards that left its deck after that (those of the opening hand and the
  card set aside apart);
- ``played``: the cards that became pieces on the map (every piece remembers its card and
  owner, also after it left the map).

The end facts: how the game ended, the territories each seat holds, the cycles played.
"""

from __future__ import annotations

from typing import Any

from soulforge.core.summary import deck_name, seat_summary, taken
from soulforge.games.kipukas.encoding import AFFINITY, ASIDE, CAMP, CAPITAL
from soulforge.games.kipukas.state import KipukasState

SETUP_PHASES = frozenset((AFFINITY, CAPITAL, CAMP, ASIDE))
"""The seats' setup decisions (#game_setup): the hands are dealt when the last is taken."""


def summarize(state: KipukasState, start: KipukasState) -> dict[str, Any]:
    """Per seat: deck, cards drawn (the opening hand apart) and played; territories held."""
    dealt = opening_deal(state, start)
    seats = []
    for seat in range(state.num_players):
        decklist = state.decklists[seat]
        in_deck = set(decklist)
        opening = list(dealt.hand[seat])
        aside = [dealt.aside[seat]] if dealt.aside[seat] else []
        drawn = taken(taken(decklist, state.deck[seat]), opening + aside)
        played = [card for card, owner in zip(state.card, state.owner, strict=True)
                  if owner == seat and card in in_deck]
        seats.append(seat_summary(deck_name(str(state.game.options[f"deck{seat}"])), decklist,
                                  opening, drawn, played))
    held = [sum(1 for holder in state.holder if holder == seat) for seat in range(state.num_players)]
    return {"seats": seats, "end": {"win_type": win_type(state.finished_by), "territories": held,
                                    "capitals": [list(c) for c in state.capital],
                                    "cycles": state.cycle}}


def opening_deal(state: KipukasState, start: KipukasState) -> KipukasState:
    """The game as the first day begins: ``start`` replayed through ``state``'s setup moves.

    The replay stops at the first position past the setup phases (a handful of moves), or at
    ``state`` itself should the game have ended in setup.
    """
    replay = start.clone()
    for action in state.history[start.move_number:]:
        if replay.phase not in SETUP_PHASES:
            break
        replay.apply(action, replay.current_player)
    return replay


def win_type(words: str) -> str:
    """How the game ended: ``conquest`` (every base camp and capital), ``peace`` or ``tie``.

    >>> win_type("Seat 1 wins the peace (cycle 9): 4 territories."), win_type("A tie under the peace")
    ('peace', 'tie')
    """
    if "tie" in words.lower():
        return "tie"
    return "peace" if "peace" in words else "conquest"
