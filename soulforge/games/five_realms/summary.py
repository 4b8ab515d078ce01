"""Five Realms' summary of a finished game (``Game.result_summary``).

The Banner deck is shared: every character can reach either seat. A seat *recruits*
characters (its Council and Titans: ``drawn`` in the summary) and *plays* cards as
influence (its realm columns: ``played``). Castles are split by source: the starting
castles, the Throne Room's, and the net won or lost to characters' effects.
"""

from __future__ import annotations

from typing import Any

from soulforge.core.summary import seat_summary
from soulforge.games.five_realms.state import FiveRealmsState


def _names(state: FiveRealmsState, cards: list[int]) -> list[str]:
    """The character names of card ids."""
    return [state.rules.types[state.card_type[card]].name for card in cards]


def win_type(state: FiveRealmsState) -> str:
    """``titans`` when the winner holds enough different Titans, else ``castles``."""
    winner = state.winner
    if winner is None:
        return "draw"
    titans = {state.card_type[card] for card in state.titans[winner]}
    return "titans" if len(titans) >= state.rules.titans_to_win else "castles"


def summarize(state: FiveRealmsState, start: FiveRealmsState) -> dict[str, Any]:
    """Per seat: characters recruited and cards played as influence; castles by source."""
    everyone = [card.name for card in state.rules.types]
    seats, sources = [], []
    for seat in range(state.num_players):
        recruited = _names(state, state.council[seat] + state.titans[seat])
        influence = _names(state, [card for column in state.columns[seat] for card in column])
        seats.append(seat_summary(None, everyone, (), recruited, influence))
        throne = state.rules.throne_castles if state.throne_used[seat] else 0
        start_castles = start.castles[seat]
        sources.append({"start": start_castles, "throne": throne,
                        "characters": state.castles[seat] - start_castles - throne,
                        "total": state.castles[seat]})
    return {"seats": seats, "end": {"castles": sources, "win_type": win_type(state),
                                    "titans": [len(t) for t in state.titans]}}
