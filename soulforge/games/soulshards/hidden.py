"""Determinization: what a seat cannot see, resampled from what it can.

Deck lists (Arsenal plus Reserves) are public; a seat knows its own cards but not their order
in the Arsenal (bar the bottom cards Overrun placed there, known to both), nor its own concealed
Support card taken from the top of the Arsenal. Of the opponent it knows the unseen multiset
(hand, Arsenal, Reserves, a concealed Support card from hand or Arsenal) and the sizes only.
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING

from soulforge.core.log import Seat

if TYPE_CHECKING:
    from soulforge.games.soulshards.state import ShardsState


def resample(s: ShardsState, player: Seat, rng: random.Random) -> None:
    _own(s, player, rng)
    _theirs(s, 1 - player, rng)


def _own(s: ShardsState, p: int, rng: random.Random) -> None:
    known = s.known_bottom[p]
    pile = s.arsenal[p]
    concealed = s.concealed[p]
    secret = concealed is not None and concealed[0] == "Arsenal"
    unknown = sorted(pile[known:] + ([concealed[1]] if secret and concealed else []))
    rng.shuffle(unknown)
    if secret and concealed:
        s.concealed[p] = ("Arsenal", unknown.pop())
    s.arsenal[p] = pile[:known] + unknown


def _theirs(s: ShardsState, q: int, rng: random.Random) -> None:
    known = s.known_bottom[q]
    pile, hand, reserves = s.arsenal[q], s.hand[q], s.reserves[q]
    concealed = s.concealed[q]
    secret = concealed is not None and concealed[0] in ("hand", "Arsenal")
    unknown = sorted(pile[known:] + hand + reserves + ([concealed[1]] if secret and concealed else []))
    rng.shuffle(unknown)
    if secret and concealed:
        s.concealed[q] = (concealed[0], unknown.pop())
    s.hand[q] = unknown[: len(hand)]
    s.reserves[q] = unknown[len(hand) : len(hand) + len(reserves)]
    s.arsenal[q] = pile[:known] + unknown[len(hand) + len(reserves) :]
