"""Rogue species (#rouge): a soul under its own influence, every player's enemy.

A rogue's ``owner`` becomes ``num_players`` (no seat), so every seat's checks of "mine" leave
it out and every seat sees it as an enemy; ``KipukasState.rogues`` keeps the seat that
played it (its discard, and "Movement is the responsibility of the person whom originally
played the rogue"). Each day, before any player acts, a rogue moves its range along paths
picked by a D6 and attacks every soul in the territory it enters until it loses once. Its
choices in a fight (KEAL means, pressing, the Final Blow) are made by rule, not by a seat.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Final

import soulforge.core.draws as draws
import soulforge.games.kipukas.cards as cards  # mypyc: cards may be mid-import here
from soulforge.games.kipukas import words
from soulforge.games.kipukas.items import immobile
from soulforge.games.kipukas.movement import exits as movement_exits

if TYPE_CHECKING:
    from soulforge.games.kipukas.state import KipukasState as S

PUBLIC: Final = 1 << 8


def is_rogue(s: S, piece: int) -> bool:
    return s.owner[piece] >= s.num_players


def make_rogue(s: S, piece: int) -> None:
    """The soul goes rogue, revealed ('Rouges must be revealed')."""
    s.rogues[piece] = s.owner[piece]
    s.owner[piece] = s.num_players
    s.known[piece] |= PUBLIC
    s.revealed[piece] = True
    s.mark_revealed()
    s.moved()
    s.add_log(f"{s.card_of(piece).name} goes rogue on territory {s.territory[piece]}")


def keeper(s: S, piece: int) -> int:
    """The seat whose discard and deck the card belongs to."""
    return s.rogues.get(piece, s.tamed.get(piece, s.owner[piece]))


def rogue_day(s: S) -> None:
    """Before either player's turn each day: every rogue moves and attacks (#rouge)."""
    if not s.rogues:
        return  # no soul ever went rogue (the common case): none on the map to walk for
    for piece in [p for p in s.live() if is_rogue(s, p) and not s.prisoner[p]]:
        steps = cards.movement(s.card_of(piece))
        for _ in range(steps):
            if not s.on_map[piece] or not _step(s, piece):
                break


def _step(s: S, piece: int) -> bool:
    """One path, numbered 1-6 around its stand and picked by a D6 (re-counted around when the
    stand has fewer paths); then the activation roll and the attacks. False: it stops."""
    if immobile(s, piece):
        return False  # snared by a crafted trap: no one rescues a rogue
    card = s.card_of(piece)
    water = s.board.water
    swims = card.habitat in ("Water", "Heavens")
    exits = [
        there
        for there, tunnel in movement_exits(s, s.stand[piece], card.habitat == "Underground")
        if (not tunnel or card.habitat == "Underground") and (there not in water or swims)
    ]
    if not exits:
        return False
    roll = draws.randint(s.rng, 1, 6)
    there = exits[(roll - 1) % len(exits)]
    before = s.territory[piece]
    cycle.place(s, piece, there)
    s.log_later(words.rogue_moves, card.name, roll, s.territory[piece])
    if s.territory[piece] != before:
        cards.trap_roll(s, piece, s.territory[piece])
        if s.on_map[piece] and not s.prisoner[piece]:
            return rampage(s, piece)
    return True


def rampage(s: S, piece: int) -> bool:
    """It attacks every soul in the territory, one at a time, until it loses once; a territory
    it empties loses its claim token. False once it has lost (it stops for the day)."""
    territory = s.territory[piece]
    for target in [
        p for p in s.pieces_in(territory) if s.card_of(p).soul and p != piece and not s.prisoner[p]
    ]:
        if s.on_map[target] and not fight.auto_attack(s, piece, target):
            return False
    held = s.holder[territory - 1]
    souls = [p for p in s.pieces_in(territory) if s.card_of(p).soul and not is_rogue(s, p)]
    if held >= 0 and not souls:
        s.holder[territory - 1] = -1
        s.holds_changed()
        s.add_log(
            f"the rogue {s.card_of(piece).name} clears territory {territory}: its claim token is removed"
        )
        if territory in s.capital[held]:
            s.capital[held].remove(territory)
            if held not in s.holder:
                cycle.defeated_by_rogue(s, held, piece)
    return True


# Bound once here (they import this module): compiled, a function-level import costs an import
# lookup on every call.
import soulforge.games.kipukas.cycle as cycle  # noqa: E402
import soulforge.games.kipukas.fight as fight  # noqa: E402
