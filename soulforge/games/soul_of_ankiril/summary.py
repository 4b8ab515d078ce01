"""Soul of Ankiril's summary of a finished game (``Game.result_summary``).

Allies and Spells leave the hand only when played (Summon, Cast): what left the deck was
drawn (the opening hand apart), and what left the hand was played.
"""

from __future__ import annotations

import json
from collections import Counter
from typing import TYPE_CHECKING, Any

from soulforge.core.errors import OptionError
from soulforge.core.summary import deck_name, seat_summary, taken
from soulforge.games.soul_of_ankiril.state import AnkirilState

if TYPE_CHECKING:
    from soulforge.games.soul_of_ankiril.game import SoulOfAnkiril

PLAYABLE = ("ally", "spell")


def summarize(state: AnkirilState, start: AnkirilState) -> dict[str, Any]:
    """Per seat: the deck, its Allies and Spells, the opening hand, drawn and played; the
    Emanations left to each seat and why the game ended."""
    seats = []
    for p in range(2):
        pile = [n for n in state.decklists[p] if state.cards[n].type in PLAYABLE]
        seen = taken(pile, state.decks[p])
        seats.append(seat_summary(
            deck_name(str(state.game.options[f"deck{p}"])),
            pile,
            start.hands[p],
            taken(seen, start.hands[p]),
            taken(seen, state.hands[p]),
        ))
    alive = [sum(1 for hp in state.ema_hp[3 * p:3 * p + 3] if hp > 0) for p in range(2)]
    return {
        "seats": seats,
        "end": {"emanations_left": alive, "reason": state.end_reason, "turns": state.turn},
    }


def deck_text(name: str, cards: Counter[str]) -> str:
    """A deck list in the deck option's TOML form.

    >>> print(deck_text("water", Counter({"Shekun": 2})))
    name = "water"
    [cards]
    "Shekun" = 2
    """
    lines = [f"name = {json.dumps(name)}", "[cards]"]
    lines += [f"{json.dumps(card)} = {count}" for card, count in cards.items()]
    return "\n".join(lines)


def replaced_decks(game: SoulOfAnkiril, card: str, replacement: str) -> dict[str, str]:
    """The deck options that hold ``card``, as deck lists with ``replacement`` instead."""
    for name in (card, replacement):
        if name not in game.cards:
            raise OptionError(f"{name!r} is not a card of {game.id}")
    changed = {}
    for seat, deck in enumerate(game.decks):
        counts = Counter(deck)
        if card in counts:
            counts[replacement] += counts.pop(card)
            option = str(game.options[f"deck{seat}"])
            changed[f"deck{seat}"] = deck_text(f"{deck_name(option)} with {replacement} for {card}", counts)
    if not changed:
        raise OptionError(f"no deck of this game holds {card!r}")
    return changed
