"""The play styles' base (#playstyleoptions): the ``Style`` class (Domination), its registry and the
helpers the styles share. The styles are the package's other modules, one per style or family.

Each style is data (its name, title, the rulebook's words, the options it reads) and a few
small hooks the engine calls at fixed points; the rules never test a style's name, they ask
the game's style:

- ``deck(s, cards)``: a seat's deck list at setup (a style's agreed card and soul limits);
- ``prepare(s)``: after setup (a style's secret or public marks: the hill...);
- ``starting_territories(s)`` and ``capital_allowed(s, territory)``: the opening's claims;
- ``may_take_capital(s, seat, territory)``: a claim on a capital (#movement);
- ``claimed(s, seat)``: after a seat claimed a territory (Domination's conquest, #win);
- ``defeated(s, piece, killer)``: a soul is defeated (wasted), credited to ``killer`` (-1: none);
- ``after_action(s)``: an action is over (a removal decided during it takes effect);
- ``cycle_ended(s)``: a diel cycle is over, before the next is rolled;
- ``judge(s, why)``: the game ends by the peace bound or the kept peace: who wins;
- ``view(s, viewer)``: the style's public marks (none for Domination: its views are unchanged);
- ``goal(s, seat, viewer)``: what the AI adds to a position's worth for the style's goal.

Domination is the default and today's game: its hooks are the engine's standing rules, so
its games (and the golden records) are unchanged. The per-seat tallies (``s.lost``,
``s.kills``) are kept for every style.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from fractions import Fraction
from typing import TYPE_CHECKING, ClassVar

from soulforge.core import JsonDict, Seat
from soulforge.core.registry import Registry
from soulforge.core.text import count
from soulforge.games.kipukas import cycle

if TYPE_CHECKING:
    from soulforge.games.kipukas.game import Kipukas
    from soulforge.games.kipukas.state import KipukasState as S

DEFAULT = "domination"


class Style:
    """A play style: Domination's rules; a style overrides the hooks it changes."""

    name: ClassVar[str] = DEFAULT
    title: ClassVar[str] = "Domination"
    words: ClassVar[str] = "Winner controls all territory in the kipuka."
    reads: ClassVar[tuple[str, ...]] = ()
    """The options of :data:`OPTIONS` the style reads (the others leave it alone)."""
    territory_worth: ClassVar[float] = 1.0
    """What a territory held is worth to the AI, against Domination's (``heuristic.py``)."""

    # -- setup ------------------------------------------------------------------------------
    def said(self, shown: JsonDict) -> str:
        """The style's public state (its view's ``style``) in words, for the board and the
        terminal."""
        return self.title

    def deck(self, s: S, cards: list[str]) -> list[str]:
        return cards

    def prepare(self, s: S) -> None:
        """After setup's shuffles and roll-off, before the first decision."""

    def starting_territories(self, s: S) -> int:
        return s.tables.play.starting_territories

    def capital_allowed(self, s: S, territory: int) -> bool:
        return True

    # -- play ---------------------------------------------------------------------------------
    def may_take_capital(self, s: S, seat: int, territory: int) -> bool:
        return True

    def claimed(self, s: S, seat: int) -> None:
        """#win: the seat holds every territory that can be held (a wasteland cannot be)."""
        if all(s.holder[t - 1] == seat or s.wasteland[t - 1] for t in s.board.holdable):
            cycle.finish(s, seat, f"Seat {seat} wins: it holds every base camp and capital of the kipuka.")

    def wasted(self, s: S, piece: int) -> None:
        """A card is wasted: a soul's defeat is counted (``tally``), then ``defeated`` told."""
        if s.card_of(piece).soul:
            self.defeated(s, piece, tally(s, piece))

    def defeated(self, s: S, piece: int, killer: int) -> None:
        """A soul was defeated (the tallies are already counted), by ``killer`` (-1: no seat)."""

    def after_action(self, s: S) -> None:
        """An action is over."""

    def cycle_ended(self, s: S) -> None:
        """A diel cycle is over (``s.cycle`` is the one that ended; 0 before the first)."""

    def judge(self, s: S, why: str) -> None:
        """#discarding_runout, "Keep the peace": more territories wins; equal is a tie."""
        held = [sum(1 for h in s.holder if h == seat) for seat in range(s.num_players)]
        decide(s, held, why, "territories", "the peace")

    # -- what seats see and aim for -------------------------------------------------------------
    def view(self, s: S, viewer: Seat | None) -> JsonDict:
        return {}

    def goal(self, s: S, seat: int, viewer: int) -> float:
        return 0.0

    def resample(self, s: S, player: int, rng: random.Random) -> None:
        """Determinization (``hidden.py``): draw again what the style hides from ``player``."""

    def refusal(self, game: Kipukas, players: int) -> str | None:
        """Why the style cannot be played by ``players`` at ``game``'s table (None: it can):
        a map takes at most its number of players."""
        if players > game.board.players:
            return f"players: the {game.board.name} map takes at most {game.board.players}, got {players}"
        return None

    def face_down(self, s: S, seat: int, card: str) -> bool:
        """The card may be played only unrevealed (Captive)."""
        return False

    def entered(self, s: S, piece: int, territory: int) -> None:
        """A soul steps into a territory (``cards.trap_roll``, before the traps there)."""

    def revealed(self, s: S, piece: int) -> None:
        """A piece on the map is turned face up (``cycle.reveal``)."""

    def keeps(self, s: S, seat: int, card: str) -> bool:
        """The card must stay in the seat's hand until played (The hunt): it may not go to the
        bottom of the deck nor be set aside."""
        return False

    def setting(self, s: S, name: str) -> int:
        """An option of the style's (its default when the table left it)."""
        return int(s.game.setting(name))


STYLES: Registry[Style] = Registry("Kipukas play styles")
"""The play styles by option value (``style``)."""


def register(style: Style) -> Style:
    STYLES.add(style.name, style)
    return style


def decide(s: S, scores: Sequence[int | Fraction], why: str, what: str, won: str) -> None:
    """The game ends: the one best score wins; equal best is a tie."""
    best = max(scores)
    leaders = [seat for seat, n in enumerate(scores) if n == best and not s.out[seat]]
    score = winner_first([str(n) for n in scores], leaders[0] if len(leaders) == 1 else None)
    if len(leaders) == 1:
        cycle.finish(s, leaders[0], f"Seat {leaders[0]} wins {won} ({why}): {score} {what}.")
    else:
        cycle.finish(s, None, f"A tie under {won} ({why}): {score} {what}.")


def winner_first(values: list[str], winner: int | None) -> str:
    """Seats' scores, the winner's first (``core.text.winner_first``, for any score's words)."""
    start = 0 if winner is None else winner
    order = [(start + k) % len(values) for k in range(len(values))]
    words = " to ".join(values[seat] for seat in order)
    if len(values) > 2:
        words += f" (seats {', '.join(str(seat) for seat in order)})"
    return words


def held(s: S, seat: int) -> int:
    """Territories the seat holds."""
    return sum(1 for h in s.holder if h == seat)


def after_cycles(s: S, style: Style) -> None:
    """A style decided after a fixed number of diel cycles (``style_cycles``): judge then."""
    cycles = style.setting(s, "style_cycles")
    if s.cycle >= cycles:
        style.judge(s, f"{count(cycles, 'diel cycle')} played")


def tally(s: S, piece: int) -> int:
    """A soul card is defeated (wasted, #discarding_runout): its seat has lost it, and the seat
    fighting it (a fight's other side) has defeated it. Returns the seat credited (-1: none).

    Reading (#playstyleoptions, "defeat the most soul cards"): a defeat is credited to the seat
    whose soul it fought when it was wasted; a soul wasted by a storm, a trap, a rogue or its own
    card counts as lost to its seat, defeated by no one. A rogue is no seat's loss."""
    seat = -1 if piece in s.rogues else s.owner[piece]
    if 0 <= seat < s.num_players:
        s.lost[seat] += 1
    killer = -1
    if s.attacker >= 0 and piece in (s.attacker, s.defender):
        foe = s.defender if piece == s.attacker else s.attacker
        if foe >= 0 and foe not in s.rogues and s.owner[foe] != seat:
            killer = s.owner[foe]
    if 0 <= killer < s.num_players:
        s.kills[killer] += 1
        return killer
    return -1


def remove_seat(s: S, seat: int, why: str) -> None:
    """The seat leaves the game (The cost is too great): its pieces leave the kipuka, its
    territories are free, it acts no more; the last seat standing wins."""
    from soulforge.games.kipukas.cards import take_off

    s.out[seat], s.done[seat] = True, True
    for p in list(s.live()):
        if s.owner[p] == seat and s.on_map[p]:
            take_off(s, p)
    for t in s.board.territories:
        if s.holder[t - 1] == seat:
            s.holder[t - 1] = -1
    s.capital[seat] = []
    s.holds_changed()
    s.add_log(f"{s.seat_name(seat)} is removed from the game: {why}")
    standing = [x for x in range(s.num_players) if not s.out[x]]
    if len(standing) == 1:
        cycle.finish(s, standing[0], f"Seat {standing[0]} wins: the last seat standing ({why}).")
    elif not standing:
        cycle.finish(s, None, f"No seat is left standing ({why}).")


register(Style())  # Domination, the default: the engine's standing rules
