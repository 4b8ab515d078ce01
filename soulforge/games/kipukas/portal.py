"""Hidden Portal of Lower Dreadmont Cave (sabotage, Founder's Deck): the cave journey.

The card: "Ante up a strong soul which has 2 or more keal means. Mark all but one of its keal
means as damaged if not already (or you may use any already downed soul if you are brave). It
begins it journey to the cave. Step 1: Roll to determine where cave is located (territory at
random). Step 2: Without healing, it must make it to the territory in a slot without contention
(either basecamp or movement spots). The soul is now in the cave and cannot be followed, and
has no effect on contention in the area. Step 3: Roll, with the soul's normal attack roll,
against your opponent with a D20 and win. Wait a turn. Step 4: Roll, with the soul's normal
attack roll, against your opponent with all their dice and win. Perform these steps within 3
diel cycles from the turn the card was played." Success: "Choose up to 12 territories to lay
waste and heal the anted soul." Failure: the anted soul "is wasted".

Readings (NOTES.md): the ante is the night's sabotage (``Ante(slot, piece)``); the means left
undamaged is the one with most tolerance left (the first on ties). The cave is a D of the
map's territory count (#random_territory). The soul enters the cave at the end of any action
that leaves it on a stand of the cave's territory with no enemy it sees there; it is then held
out of play (as a prisoner: it neither acts nor counts in contention) and throws step 3 at
once; step 4 is thrown at the start of the next diel cycle ("Wait a turn"), which must be at
most 3 cycles after the night played. "Win" is a throw above the other (ties lose). "All their
dice" is a D20 and two D6 (the dice every player has). Healing is checked, not prevented: fewer
injuries than at the ante fail the journey. Success heals the soul (back on its stand) and
opens the LAY_WASTE step at that cycle's start: the player lays waste to territories one at a
time (any not yet waste, up to 12) or stops; then the cycle goes on (``cycle.resume``). The
ante and the LAY_WASTE step's rules are in ``rules/portal.py``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import soulforge.core.draws as draws
import soulforge.games.kipukas.cards as cards  # mypyc: cards may be mid-import here
from soulforge.games.kipukas.combat import roll
from soulforge.games.kipukas.encoding import LAY_WASTE
from soulforge.games.kipukas.movement import enemies_at, is_downed

if TYPE_CHECKING:
    from soulforge.games.kipukas.state import KipukasState as S

WINDOW = 3
"""Diel cycles after the night played within which the steps are done (card text)."""
MEANS = 2
"""KEAL means the anted soul has at least, unless it is downed (card text)."""
LAID_WASTE = 12
"""Territories laid waste at most on success (card text)."""
OPPONENT_DICE = (20, 6, 6)
"""Step 4's "all their dice": a D20 and two D6 (authored: the dice every player has)."""

# An entry of ``KipukasState.portal``: [seat, piece, cave, played cycle, stage, injuries at the
# ante, step 4's cycle]; stage 0 travelling, 1 in the cave.
SEAT, PIECE, CAVE, PLAYED, STAGE, HURT, STEP4 = range(7)


def anteable(s: S, seat: int) -> list[int]:
    """The seat's souls that may be anted: on the map, free, with 2+ KEAL means or downed."""
    journeying = {entry[PIECE] for entry in s.portal}
    return [
        p
        for p in s.live()
        if s.owner[p] == seat
        and s.card_of(p).soul
        and not s.prisoner[p]
        and p not in journeying
        and (len(s.card_of(p).keal_means) >= MEANS or is_downed(s, p))
    ]


def in_cave(s: S, piece: int) -> bool:
    return any(entry[PIECE] == piece and entry[STAGE] == 1 for entry in s.portal)


def after_action(s: S) -> None:
    """Step 2: a travelling soul on an uncontended stand of the cave's territory enters it."""
    for entry in list(s.portal):
        piece = entry[PIECE]
        if entry[STAGE] or not _still_fit(s, entry):
            continue
        stand = s.stand[piece]
        if s.territory[piece] == entry[CAVE] and not enemies_at(s, stand, s.owner[piece]):
            _enter(s, entry)


def on_cycle_start(s: S) -> None:
    """The window, the healing check, and step 4 a turn after step 3."""
    for entry in list(s.portal):
        if not _still_fit(s, entry):
            continue
        late = s.cycle > entry[PLAYED] + WINDOW
        if entry[STAGE] == 0 and late:
            _fail(s, entry, "it did not reach the cave in time")
        elif entry[STAGE] == 1 and s.cycle >= entry[STEP4]:
            if late:
                _fail(s, entry, "the steps were not done in time")
            else:
                _step4(s, entry)


def _still_fit(s: S, entry: list[int]) -> bool:
    """The soul is still the seat's and unhealed; else the journey fails (False)."""
    piece = entry[PIECE]
    if not s.on_map[piece] or s.owner[piece] != entry[SEAT]:
        s.portal.remove(entry)
        s.add_log("the portal's anted soul is gone: the journey fails")
        return False
    hurt = sum(s.injuries[piece])
    if hurt < entry[HURT]:
        _fail(s, entry, "it was healed on the way")
        return False
    entry[HURT] = hurt  # new injuries count too: any healing after them fails the journey
    return True


def _attack(s: S, piece: int) -> int:
    dice = cards.attack_dice(s.card_of(piece))
    return roll(dice, s.rng) if dice is not None else 0


def _enter(s: S, entry: list[int]) -> None:
    """Step 2 done; step 3: the soul's attack throw against a D20."""
    piece = entry[PIECE]
    s.prisoner[piece] = True  # out of play: it neither acts nor counts in contention
    s.moved()
    entry[STAGE], entry[STEP4] = 1, s.cycle + 1
    mine, theirs = _attack(s, piece), draws.randint(s.rng, 1, 20)
    s.add_log(f"{s.piece_name(piece)} enters the cave; step 3: its {mine} against a D20 of {theirs}")
    if mine <= theirs:
        _fail(s, entry, "step 3 is lost")


def _step4(s: S, entry: list[int]) -> None:
    piece = entry[PIECE]
    mine = _attack(s, piece)
    theirs = sum(draws.randint(s.rng, 1, faces) for faces in OPPONENT_DICE)
    s.add_log(f"step 4 in the cave: {s.piece_name(piece)}'s {mine} against all their dice, {theirs}")
    if mine <= theirs:
        _fail(s, entry, "step 4 is lost")
        return
    _succeed(s, entry)


def _fail(s: S, entry: list[int], why: str) -> None:
    piece = entry[PIECE]
    s.portal.remove(entry)
    s.prisoner[piece] = False
    s.moved()
    s.add_log(f"the cave journey fails ({why}): {s.piece_name(piece)} is wasted")
    cards.waste(s, piece)


def _succeed(s: S, entry: list[int]) -> None:
    """The soul is healed; its player chooses up to 12 territories (the LAY_WASTE step, opened
    at this cycle's start before the turn goes on: ``cycle.resume``)."""
    seat, piece = entry[SEAT], entry[PIECE]
    s.portal.remove(entry)
    s.prisoner[piece] = False
    s.injuries[piece] = [0] * len(s.injuries[piece])
    s.moved()
    s.add_log(f"{s.piece_name(piece)} overcomes the cave's torments and is healed")
    s.laying = [seat, LAID_WASTE, piece]
    s.active, s.phase = seat, LAY_WASTE


