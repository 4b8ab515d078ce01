"""Determinization: what a seat cannot know of the other's cards, resampled."""

from __future__ import annotations

import random
from typing import TYPE_CHECKING

from soulforge.core.log import Seat
from soulforge.games.soul_of_ankiril.model import replaced

if TYPE_CHECKING:
    from soulforge.games.soul_of_ankiril.state import AnkirilState


def resample(st: AnkirilState, player: Seat, rng: random.Random) -> None:
    """Shuffle the unknown part of ``player``'s deck; redeal the opponent's hand and deck.

    Deck lists are public, so the opponent's unseen cards (hand plus unknown deck) are a
    known multiset (``view["players"][q]["unseen"]``); only their split and order are hidden.
    """
    mine = st.decks[player]
    known = st.known_top[player]
    unknown = sorted(mine[: len(mine) - known])
    rng.shuffle(unknown)
    decks = replaced(st.decks, player, (*unknown, *mine[len(mine) - known:]))
    other = 1 - player
    deck, hand = decks[other], st.hands[other]
    known = st.known_top[other]
    pool = sorted(hand + deck[: len(deck) - known])
    rng.shuffle(pool)
    st.hands = replaced(st.hands, other, tuple(pool[: len(hand)]))
    st.decks = replaced(decks, other, (*pool[len(hand):], *deck[len(deck) - known:]))
