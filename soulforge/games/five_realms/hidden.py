"""Determinization: resample every character a seat does not know.

What seat p knows: every banner in play (square, columns, discard, the deck's top card,
collected cards), the multiset of the whole deck, and the characters it has seen. So the
unknown cards are resampled from the pool of card types p has not seen, each keeping its
known banner; the cards under the deck's top get the rest in a random order. Slots are
visited in a fixed order read off the view (square cells, pending cards, columns,
discard, deck), and the pool is a sorted list, so the result depends only on
``view(p)`` and the rng.
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING

from soulforge.core import Seat
from soulforge.games.five_realms.encoding import PUBLIC

if TYPE_CHECKING:
    from soulforge.games.five_realms.state import FiveRealmsState as S


def _slots(s: S) -> list[int]:
    """Every card whose banner the seat sees, in the view's order (not the deck's rest)."""
    order = [c for c in s.square if c >= 0]
    order += s.collected + s.imperial
    for seat_columns in s.columns:
        for column in seat_columns:
            order += column
    order += s.discard
    if s.deck:
        order.append(s.deck[-1])
    return order


def resample(s: S, player: Seat, rng: random.Random) -> None:
    """Rewrite ``card_type`` of the cards ``player`` does not know (see the module doc)."""
    rules, card_type, known = s.rules, s.card_type, s.known
    mask = PUBLIC | (1 << player)
    remaining = [rules.copies] * len(rules.types)
    for card, kind in enumerate(card_type):
        if known[card] & mask:
            remaining[kind] -= 1
    banner_of = [t.banner for t in rules.types]
    pool: list[list[int]] = [[] for _ in rules.banners]
    for kind, count in enumerate(remaining):
        pool[banner_of[kind]].extend([kind] * count)
    draw = rng.random  # int(random() * n): uniform enough, and much cheaper than randrange
    for card in _slots(s):
        if not known[card] & mask:
            same_banner = pool[banner_of[card_type[card]]]
            card_type[card] = same_banner.pop(int(draw() * len(same_banner)))
    rest = [kind for banner_pool in pool for kind in banner_pool]
    for i in range(len(rest) - 1, 0, -1):  # Fisher-Yates
        j = int(draw() * (i + 1))
        rest[i], rest[j] = rest[j], rest[i]
    under_top = s.deck[:-1]
    if len(rest) != len(under_top):  # pragma: no cover - counts are consistent by construction
        raise RuntimeError("determinization: card counts do not match the deck")
    for card, kind in zip(under_top, rest, strict=True):
        card_type[card] = kind
