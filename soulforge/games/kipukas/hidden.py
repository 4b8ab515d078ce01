"""Determinization: resample everything a seat does not know.

What seat p knows of another seat q's cards: q's deck list (a game option), every card of
q turned face up (on the map, in q's discard), the sizes of q's hand and deck and whether
q set a card aside. The rest (q's hand, deck order, the card aside, q's unrevealed cards on
the map or carried by a soul, #traps) is a pool dealt again at random, in a fixed order read
off the view: the trap cards carried face down (each dealt a trap card: only those move),
the unknown pieces by number, then the hand, the card aside, the deck; q's face-down crafted
traps get a trap recipe drawn again. p's own deck order is shuffled (p knows its contents,
not its order); a KEAL means q chose in secret is chosen again.
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING

from soulforge.core import Seat
from soulforge.games.kipukas.crafted import RECIPE, SEAT, SHOWN, is_trap_recipe, movable_trap
from soulforge.games.kipukas.encoding import KEAL, PUBLIC
from soulforge.games.kipukas.fight import available_means

if TYPE_CHECKING:
    from soulforge.games.kipukas.state import KipukasState as S


def resample(s: S, player: Seat, rng: random.Random) -> None:

    s.moved()
    mask = PUBLIC | (1 << player)
    for seat in range(s.num_players):
        if seat == player:
            s.deck[seat] = sorted(s.deck[seat])
            rng.shuffle(s.deck[seat])
            continue
        unknown = [
            p for p in s.live() if s.on_map[p] and s.owner[p] == seat and not s.known[p] & mask
        ]
        # trap cards carried face down (#traps): only a trap card can be moved, so each is dealt
        # a trap card of the pool, before the rest
        moving = sorted(p for p in s.carried if s.owner[p] == seat and not s.known[p] & mask)
        pool = sorted(
            [s.card[p] for p in unknown + moving]
            + s.hand[seat]
            + s.deck[seat]
            + ([s.aside[seat]] if s.aside[seat] else [])
        )
        shown = s.offer[1] if s.offer and s.offer[0] == seat and s.offer[2] == player else -1
        if shown >= 0:  # the card offered in trade is shown to the seat offered it (#rouge)
            pool.remove(s.hand[seat][shown])
        rng.shuffle(pool)
        for p in moving:  # the true cards are in the pool, so a movable trap card is always left
            s.card[p] = pool.pop(next(i for i, c in enumerate(pool) if movable_trap(s, c)))
        for p in unknown:
            s.card[p] = pool.pop()
            s.injuries[p] = [0] * len(s.card_of(p).keal_means)
        s.hand[seat] = [s.hand[seat][i] if i == shown else pool.pop() for i in range(len(s.hand[seat]))]
        if s.aside[seat]:
            s.aside[seat] = pool.pop()
        s.deck[seat] = pool
    s.moved()
    _crafted_traps(s, player, rng)
    s.game.style.resample(s, player, rng)  # what the play style hides (the referee's space)
    if s.phase == KEAL and s.secret and s.owner[s.attacker] != player:

        s.means[0] = rng.choice(available_means(s, s.attacker))


def _crafted_traps(s: S, player: Seat, rng: random.Random) -> None:
    """Another seat's crafted trap that has not sprung is face down: its recipe is drawn again
    among the trap recipes (``crafted.py``; the view shows none)."""

    hidden = [entry for entry in s.snares if entry[SEAT] != player and not entry[SHOWN]]
    if hidden:
        traps = [n for n in range(len(s.game.recipes)) if is_trap_recipe(n)]
        for entry in hidden:
            entry[RECIPE] = rng.choice(traps)
