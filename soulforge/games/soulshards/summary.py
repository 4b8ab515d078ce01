"""Soulshards' summary of a finished game (``Game.result_summary``).

``start`` is the game as ``new_game`` made it: seat 0 still has to choose its Reserves
swaps, and no hand is dealt yet. The state keeps its moves (``history``), so the summary
replays them on a copy of ``start``; the game is deterministic given its seed, so the
replay is the game itself, and every list below is exact unless noted.

- ``deck``: ``deck_name`` of the seat's deck option (``custom`` for a deck list);
- ``cards``: the 40 cards the seat played with, *after* its Reserves swaps (the deck list
  and the Reserves, less the Reserves left at the end: Reserves never change after setup).
  The 12 Reserves left out are listed apart under ``reserves``;
- ``opening``: the hand both seats hold once setup is done (Reserves swaps and mulligans
  decided: the first player is drawn), i.e. the hand each seat kept;
- ``drawn``: the cards that entered the hand after that (the only way in is a draw: the
  Draw phase and draw effects). Read move by move as the hand's growth, the card a move
  plays from the hand counted out first; a card of the same name leaving the hand some
  other way in the very move that draws it (a draw during a Support fight, say) is missed;
- ``played``: the cards the seat played, read from its moves: ``Play`` (a Character or Gear
  put into its Keep, a Spell cast from the hand) and ``Cast`` (a Spell cast from Home by a
  Keep Character). A Spell cast from Home may have reached Home without being drawn (from
  the top of the Arsenal by Support or Sabotage), so only ``played`` less such Spells is
  a subset of ``opening`` and ``drawn``.

The end facts: ``winner`` (None for a draw at the turn limit), ``resolve`` left per seat
(floored at 0), ``reason``, ``turns`` played, ``cities`` per seat, ``mulligans`` per seat.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

from soulforge.core.summary import deck_name, seat_summary, taken
from soulforge.games.soulshards.actions import Cast, Mulligan, Play
from soulforge.games.soulshards.state import ShardsState


def summarize(state: ShardsState, start: ShardsState) -> dict[str, Any]:
    """Per seat: deck, its 40 cards (Reserves apart), opening hand, drawn, played; the end facts."""
    replay = start.clone()
    opening: list[list[str]] | None = None
    drawn: list[list[str]] = [[], []]
    played: list[set[str]] = [set(), set()]
    mulligans = [0, 0]
    for action in state.history[start.move_number:]:
        if opening is None and replay.starter >= 0:
            opening = [list(hand) for hand in replay.hand]
        seat = replay.current_player
        assert seat is not None
        before = [Counter(hand) for hand in replay.hand]
        if isinstance(action, Play | Cast):
            played[seat].add(action.card)
            if isinstance(action, Play):
                before[seat][action.card] -= 1
        elif isinstance(action, Mulligan):
            mulligans[seat] += 1
        replay.apply(action, seat)
        if opening is not None:
            for p in range(2):
                drawn[p] += (Counter(replay.hand[p]) - before[p]).elements()
    if opening is None:  # the game ended in setup (never with the rules as they are)
        opening = [list(hand) for hand in replay.hand]
    seats = []
    for p in range(2):
        deck = state.game.decks[p]
        cards = taken(deck.cards + deck.reserves, state.reserves[p])
        entry = seat_summary(deck_name(str(state.game.options[f"deck{p}"])), cards,
                             opening[p], drawn[p], played[p])
        entry["reserves"] = sorted(set(state.reserves[p]))
        seats.append(entry)
    return {
        "seats": seats,
        "end": {
            "winner": state.winner,
            "resolve": [max(r, 0) for r in state.resolve],
            "reason": state.end_reason,
            "turns": state.turn,
            "cities": [city.name for city in state.cities],
            "mulligans": mulligans,
        },
    }
