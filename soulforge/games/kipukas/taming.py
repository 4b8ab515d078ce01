"""Taming rogue species (#taming, #tameability, #affinity "Tameability interaction").

"Either player can attempt to tame a rouge soul and bring it under their control ... Taming
will occur at the begining of the day before contention is resolved. It is first avaliable to
the player with initiative. The player who attempts taming must have a fully controlled soul
**already** in the same territory as the rouge soul."

The TAMING step opens each day after the rogues have moved (#rouge: "before either player's
turn") and before any day action, when some seat may tame: the seats decide in turn from the
initiative holder, each taming rogues one at a time until it lets them be. A seat's control
over a rogue is its affinity (+1 when its declared affinity is the card's archetypal gene,
#affinity); items add nothing (no Founder's Deck card raises control). Loyalty and the
affinity level are kept between games (``affinity.py``): a table with the ``progress`` option
adds each seat's record to its control. The rogue is tamed when that control stacks
equally with its tameability (NOTES.md, Readings). A tamed rogue is the seat's fully
controlled soul; its rogue move was its day's movement; wasted, it goes to the discard of the
seat that played it.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import soulforge.games.kipukas.cards as cards  # mypyc: cards may be mid-import here
from soulforge.games.kipukas.encoding import TAMING

if TYPE_CHECKING:
    from soulforge.games.kipukas.state import KipukasState as S

SECTION = "taming"


def control_over(s: S, seat: int, gene: str | None, card_id: str | None = None) -> int:
    """The seat's control over the card ``card_id`` of archetypal ``gene``: its affinity bonus
    (+1 when its declared affinity is the gene, #affinity); with the table's ``progress``
    option, the seat's record adds, as ``affinity.control`` counts it, its affinity level for
    the gene and the card's loyalty (the record as it stood before this game: this game's
    declaration is the +1); items add 0."""
    held = 1 if s.affinity[seat] == gene else 0
    records = s.game.progress
    record = records[seat] if seat < len(records) else None
    if record is not None:
        held += record.affinity.get(gene or "", 0) + (record.loyalty.get(card_id, 0) if card_id else 0)
    return held


def control(s: S, seat: int, piece: int) -> int:
    """The seat's control over the soul ``piece`` (its gene as it is now, ``cards.gene``)."""
    return control_over(s, seat, cards.gene(s, piece), s.card[piece])


def tames(held: int, tameability: int | None) -> bool:
    """The one statement of the threshold: a control of ``held`` tames a species of
    ``tameability`` when it stacks equally with it (equal is enough, NOTES.md, Readings);
    a species with no tameability is untameable."""
    return tameability is not None and held >= tameability


def why_not(s: S, seat: int, piece: int) -> str:
    """Why ``seat`` cannot tame ``piece`` now ("" when it can)."""
    if piece not in s.rogues or not s.on_map[piece] or s.prisoner[piece]:
        return f"#{piece} is not a rogue on the kipuka"
    card = s.card_of(piece)
    if card.tameability is None:
        return f"{card.name} has no tameability: no bonus tames it"
    held = control(s, seat, piece)
    if not tames(held, card.tameability):
        return (
            f"{card.name} has tameability {card.tameability} and your control is {held} "
            "(affinity +1 for its archetypal gene; no item raises control)"
        )
    territory = s.territory[piece]
    if not any(
        s.owner[p] == seat and s.on_map[p] and not s.prisoner[p] and s.card_of(p).soul
        for p in s.pieces_in(territory)
    ):
        return f"no soul of yours is already in territory {territory}, where the rogue is"
    return ""


def tameable(s: S, seat: int) -> list[int]:
    return [p for p in s.rogues if not why_not(s, seat, p)]


def begin(s: S) -> bool:
    """The day's start: the seats that may tame decide, from the initiative holder (True: the
    TAMING step is open; else the day's actions begin at once)."""
    order = [(s.initiative + k) % s.num_players for k in range(s.num_players)]
    s.tamers = [seat for seat in order if not s.done[seat] and tameable(s, seat)]
    if not s.tamers:
        return False
    s.phase, s.active = TAMING, s.tamers[0]
    return True


