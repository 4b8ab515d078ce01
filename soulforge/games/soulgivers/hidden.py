"""Determinization: ``resample(state, player, rng)`` deals again what ``player`` cannot see
(see ``view.py`` for what is hidden), from what it can: the result depends only on
``view(player)`` and ``rng`` (the pools are sorted before shuffling)."""

from __future__ import annotations

import random
from typing import TYPE_CHECKING

from soulforge.games.soulgivers.encoding import OTHER, REFILL, Team

if TYPE_CHECKING:
    from soulforge.games.soulgivers.state import SoulgiversState


def resample(s: SoulgiversState, player: int, rng: random.Random) -> None:
    """Deal again what ``player`` cannot see, from what it can (sorted pools: deterministic)."""
    hider = OTHER[player]
    s.seen_by = player  # the last action, if secret, stays known only to ``player``'s own
    keep = [s.keep_card] if s.phase == REFILL and s.player == hider else []
    if not (keep or s.picks[hider] or s.pair[hider]):
        _resample_hand(s, hider, rng)  # the deck is a set: nothing else to deal
        return
    pool = sorted(s.deck[hider] + s.picks[hider] + s.pair[hider] + keep)
    rng.shuffle(pool)
    n_picks, n_pair = len(s.picks[hider]), len(s.pair[hider])
    s.picks[hider] = sorted(pool[:n_picks])
    s.pair[hider] = sorted(pool[n_picks:n_picks + n_pair])
    rest = pool[n_picks + n_pair:]
    if keep:
        s.keep_card = rest.pop()
    s.deck[hider] = sorted(rest)
    _resample_hand(s, hider, rng)


def _resample_hand(s: SoulgiversState, hider: Team, rng: random.Random) -> None:
    """The other seat's Anomaly hand, dealt again from it and the deck (the pile is unordered)."""
    if not s.hand[hider]:
        return
    cards = sorted(s.pile + s.hand[hider])
    rng.shuffle(cards)
    n_hand = len(s.hand[hider])
    s.hand[hider] = sorted(cards[:n_hand])
    s.pile = sorted(cards[n_hand:])
