"""What Do You See in the Breach (sabotage, Founder's Deck): the virus in a capital.

The card: "Play the card at night. The virus infects your opponent's capital. You now have 2
days where you can take it before capturing the rest of your opponent's territories."
Success: "You take your opponent's capital within the 3 days time period. This does not end
the game. You now have another capital and your opponent does not. They must take all other
territories before attacking either capital." Failure: "Any souls still in the capital after
the time period become imprisoned. After 10 diel cycles, your opponent chooses up to 2 souls to
take under their control, they release 1 of the remaining souls to you, then your opponent
wastes the rest."

Readings (NOTES.md): the virus is open for ``WINDOW`` diel cycles after the night it is played
(the card's "within the 3 days time period", twice; the criteria's "2 days" are the days of
them a soul can move in, the night played not counted); while it is open the player takes the
infected capital as it would a base camp (#claiming_territories) and its souls do not loiter
there (#prison). Success: the capital becomes the player's (``s.capital`` holds a list per seat)
and the victim holds no capital; the capital rule then asks each taker to hold every territory
but the holder's capitals (#movement). Failure: the player's souls on the capital's camp stand
are imprisoned; ``RELEASE`` cycles later, at that cycle's start (the BREACH_DEAL step, before
the turn goes on), the holder takes up to 2 under its control (``TakeOver``, ``TakeNoMore``),
releases 1 of the rest where it stands (``Release``; a lone one is released by itself), and the
rest are wasted. Souls taken over are revealed and count as the victim's, their
cards going to the first owner's discard when wasted (``KipukasState.tamed``). The
BREACH_DEAL step's rules are in ``rules/breach.py``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from soulforge.games.kipukas.encoding import BREACH_DEAL, INTERLUDES

if TYPE_CHECKING:
    from soulforge.games.kipukas.state import KipukasState as S

WINDOW = 3
"""Diel cycles after the night played during which the infected capital may be taken (card text)."""
RELEASE = 10
"""Diel cycles the failed breach's prisoners wait before the victim deals with them (card text)."""
TAKEN = 2
"""Souls the victim takes under its control (card text: "up to 2")."""
FREED = 1
"""Souls released to the player (card text: "release 1")."""


def playable(s: S, seat: int, territory: int) -> bool:
    """The target is another seat's capital, not already infected."""
    victim = s.capital_of(territory)
    return victim not in (-1, seat) and not any(entry[2] == territory for entry in s.breach)


def play(s: S, seat: int, territory: int) -> None:
    """The virus infects the capital: ``WINDOW`` cycles to take it."""
    deadline = s.cycle + WINDOW
    s.breach.append([seat, s.capital_of(territory), territory, deadline, 0])
    s.add_log(
        f"the virus infects the capital, territory {territory}: {s.seat_name(seat)} may take it "
        f"before the other territories until diel cycle {deadline} ends"
    )


def open_to(s: S, seat: int, territory: int) -> bool:
    """The seat's virus is open in that capital (it may be taken before the rest)."""
    if not s.breach:
        return False  # the common case
    return any(
        entry[0] == seat and entry[2] == territory and entry[4] == 0 and s.cycle <= entry[3]
        for entry in s.breach
    )


def succeed(s: S, seat: int, victim: int, territory: int) -> None:
    """The infected capital is taken: a second capital for the player, none for the victim."""
    s.capital[seat].append(territory)
    if s.capital[victim]:
        rest = ", ".join(map(str, s.capital[victim]))
        s.add_log(f"{s.seat_name(victim)}'s other capitals fall with it: territories {rest} stay base camps")
    s.capital[victim] = []
    s.holds_changed()
    s.breach = [entry for entry in s.breach if entry[2] != territory]
    s.add_log(f"the breach succeeds: territory {territory} is a capital of {s.seat_name(seat)}")


def on_cycle_start(s: S) -> None:
    """The window closes (failure) and, ``RELEASE`` cycles later, the prisoners are dealt with."""
    for entry in list(s.breach):
        seat, _, territory, deadline, release = entry
        if release == 0 and s.cycle > deadline:
            _fail(s, entry)
        elif release and s.cycle >= release and s.phase not in INTERLUDES:
            # (one decision at a time at a cycle's start: the dealing waits while another is open)
            _deal(s, seat, territory)
            s.breach.remove(entry)


def _souls_of(s: S, seat: int, stand: str, *, prisoners: bool) -> list[int]:
    return [
        p
        for p in s.live()
        if s.stand[p] == stand and s.owner[p] == seat and s.card_of(p).soul and s.prisoner[p] == prisoners
    ]


def _fail(s: S, entry: list[int]) -> None:
    seat, _, territory, _, _ = entry
    caught = _souls_of(s, seat, s.board.camp_of(territory), prisoners=False)
    s.add_log(f"the breach fails: the virus leaves territory {territory}")
    for p in caught:
        s.prisoner[p] = True
        s.loiter_since[p] = -1
        s.add_log(f"{s.piece_name(p)} is imprisoned in the capital")
    s.moved()
    if caught:
        entry[4] = s.cycle + RELEASE
    else:
        s.breach.remove(entry)


def _deal(s: S, seat: int, territory: int) -> None:
    """The holder deals with the prisoners: the BREACH_DEAL step opens at this cycle's start."""
    from soulforge.games.kipukas.cycle import reveal

    holder = s.holder[territory - 1]
    prisoners = _souls_of(s, seat, s.board.camp_of(territory), prisoners=True)
    if holder in (-1, seat) or not prisoners:
        return  # freed already (the territory changed hands, #prison)
    for p in prisoners:
        reveal(s, p)  # the holder chooses among them: every seat sees which
    s.dealing = [holder, seat, territory, 0]
    s.active, s.phase = holder, BREACH_DEAL
    s.add_log(f"{s.seat_name(holder)} deals with the prisoners of the failed breach")


def prisoners_dealt(s: S) -> list[int]:
    _, seat, territory, _ = s.dealing
    return _souls_of(s, seat, s.board.camp_of(territory), prisoners=True)


