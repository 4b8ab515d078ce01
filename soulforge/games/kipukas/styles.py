"""The play styles of Kipukas (#playstyleoptions), a table option (``style``).

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

import dataclasses
import random
from collections.abc import Sequence
from fractions import Fraction
from typing import TYPE_CHECKING, ClassVar

from soulforge.core import JsonDict, Seat
from soulforge.core.options import Option
from soulforge.core.registry import Registry
from soulforge.core.text import count
from soulforge.games.kipukas import cycle
from soulforge.games.kipukas.cards import ability
from soulforge.games.kipukas.cards import waste as cards_waste
from soulforge.games.kipukas.data import ARCHETYPES, CARDS
from soulforge.games.kipukas.encoding import OVER

if TYPE_CHECKING:
    from soulforge.games.kipukas.board import KipukaMap
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
        return s.game.play.starting_territories

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
    s.add_log(f"{s.seat_name(seat)} is removed from the game: {why}")
    standing = [x for x in range(s.num_players) if not s.out[x]]
    if len(standing) == 1:
        cycle.finish(s, standing[0], f"Seat {standing[0]} wins: the last seat standing ({why}).")
    elif not standing:
        cycle.finish(s, None, f"No seat is left standing ({why}).")


# -- the styles ---------------------------------------------------------------------------------
register(Style())


class BodyCount(Style):
    """Highest body count: claims do not matter, capitals cannot be taken, the game ends when a
    player runs out of cards, the most souls defeated wins; the agreed soul and card limits."""

    name = "body_count"
    title = "Highest body count"
    words = (
        "Territory claims do not matter. Capitals cannot be taken. The game ends when either "
        "player runs out of cards. The victor is the player that managed to defeat the most soul cards."
    )
    reads = ("card_limit", "soul_limit")
    territory_worth = 0.25  # claims do not matter: a held territory only shelters from storms

    def said(self, shown: JsonDict) -> str:
        return f"{self.title}: souls defeated " + " to ".join(str(n) for n in shown["kills"])

    def deck(self, s: S, cards: list[str]) -> list[str]:
        """The deck list cut to the agreed limits: souls past ``soul_limit`` left out, then the
        list cut to ``card_limit`` cards (0: no limit), in the list's own order."""
        souls, cards_at_most = self.setting(s, "soul_limit"), self.setting(s, "card_limit")
        kept: list[str] = []
        taken = 0
        for card in cards:
            if CARDS[card].soul:
                if souls and taken >= souls:
                    continue
                taken += 1
            kept.append(card)
        return kept[:cards_at_most] if cards_at_most else kept

    def may_take_capital(self, s: S, seat: int, territory: int) -> bool:
        return False

    def claimed(self, s: S, seat: int) -> None:
        """Claims do not matter: holding every territory wins nothing."""

    def cycle_ended(self, s: S) -> None:
        """'The game ends when either player runs out of cards' (read: no card left in its deck,
        hand or set aside), checked as each diel cycle ends."""
        if s.cycle < 1:
            return
        empty = [seat for seat in range(s.num_players)
                 if not (s.deck[seat] or s.hand[seat] or s.aside[seat]) and not s.out[seat]]
        if empty:
            names = " and ".join(s.seat_name(seat) for seat in empty)
            self.judge(s, f"{names} ran out of cards")

    def judge(self, s: S, why: str) -> None:
        decide(s, s.kills, why, "souls defeated", "the body count")

    def view(self, s: S, viewer: Seat | None) -> JsonDict:
        return {"style": {"name": self.name, "kills": list(s.kills), "lost": list(s.lost)}}

    def goal(self, s: S, seat: int, viewer: int) -> float:
        """Each soul defeated is worth more than any territory; each lost counts against."""
        return 4.0 * s.kills[seat] - 1.0 * s.lost[seat]


register(BodyCount())


class CostTooGreat(Style):
    """The cost is too great: Domination, and a seat whose defeated souls reach the limit is
    removed from the game."""

    name = "cost_too_great"
    title = "The cost is too great"
    words = (
        "This uses standard Domination rules, but in addition it imposes a soul defeat limit "
        "that if hit removes the player from the game."
    )
    reads = ("defeat_limit",)

    def said(self, shown: JsonDict) -> str:
        lost = " to ".join(str(n) for n in shown["lost"])
        return f"{self.title}: souls lost {lost}, the limit is {shown['limit']}"

    def after_action(self, s: S) -> None:
        """The limit is hit during an action (a fight, a storm): the seat is removed once the
        action is over, so no fight is cut short halfway."""
        limit = self.setting(s, "defeat_limit")
        for seat in range(s.num_players):
            if not s.out[seat] and s.lost[seat] >= limit and s.phase != OVER:
                remove_seat(s, seat, f"{count(s.lost[seat], 'soul')} defeated, the limit is {limit}")

    def cycle_ended(self, s: S) -> None:
        self.after_action(s)

    def view(self, s: S, viewer: Seat | None) -> JsonDict:
        return {"style": {"name": self.name, "lost": list(s.lost), "limit": self.setting(s, "defeat_limit"),
                          "out": list(s.out)}}

    def goal(self, s: S, seat: int, viewer: int) -> float:
        """Souls lost bring the seat nearer its removal: each costs more as the limit nears."""
        limit = self.setting(s, "defeat_limit")
        return -3.0 * s.lost[seat] / max(1, limit - s.lost[seat]) if s.lost[seat] < limit else -50.0


register(CostTooGreat())


def hill_neighbours(board: KipukaMap, hill: int) -> list[int]:
    """The territories 'adjacent' to the hill (King of the hill): holdable territories a path
    that is no underground tunnel joins to the hill's stands."""
    near = set()
    for a, b, tunnel in board.paths:
        one, two = board.stands[a].territory, board.stands[b].territory
        if not tunnel and hill in (one, two) and one != two:
            near.add(two if one == hill else one)
    return sorted(t for t in near if t in board.holdable)


def hills(board: KipukaMap, players: int) -> list[int]:
    """The territories that may be the hill: holdable, with a territory adjacent for each
    player's capital."""
    return [t for t in board.holdable if len(hill_neighbours(board, t)) >= players]


class KingOfTheHill(Style):
    """King of the hill: a random territory must be claimed and held for ``hill_cycles`` diel
    cycles; players start with only a capital, in territories adjacent to the hill."""

    name = "king_of_the_hill"
    title = "King of the hill"
    words = (
        "A territory is selected either randomly or by a ref that must be claimed and held for a "
        "certain number of diel cycles to meet the victory condition. Players start with only a "
        "capital in adjacent territories."
    )
    reads = ("hill_cycles",)

    def said(self, shown: JsonDict) -> str:
        holder = shown["holder"]
        held = f"seat {holder} has held it {shown['held']} of {shown['needed']}" if holder is not None else (
            f"hold it {shown['needed']} diel cycles to win")
        return f"{self.title}: the hill is territory {shown['hill']}; {held}"

    def refusal(self, game: Kipukas, players: int) -> str | None:
        if hills(game.board, players):
            return super().refusal(game, players)
        name = game.board.name
        return f"style: no territory of the {name} map has {players} adjacent ones for the capitals"

    def prepare(self, s: S) -> None:
        """The engine picks the hill at random among those with room for every capital (public:
        the players must know what to claim)."""
        choices = hills(s.board, s.num_players)
        hill = choices[s.rng.randrange(len(choices))]
        s.mark = [hill, -1, 0]
        cycles = count(self.setting(s, "hill_cycles"), "diel cycle")
        s.add_log(f"the hill is territory {hill}: hold it {cycles} to win")

    def starting_territories(self, s: S) -> int:
        return 1

    def capital_allowed(self, s: S, territory: int) -> bool:
        return territory in hill_neighbours(s.board, s.mark[0])

    def claimed(self, s: S, seat: int) -> None:
        """Holding every territory wins nothing by itself: the hill decides."""

    def cycle_ended(self, s: S) -> None:
        """Each diel cycle the hill's holder holds it counts; a new holder starts again."""
        if s.cycle < 1:
            return
        hill, holder, held = s.mark
        now = s.holder[hill - 1]
        held = held + 1 if now >= 0 and now == holder else (1 if now >= 0 else 0)
        s.mark = [hill, now, held]
        needed = self.setting(s, "hill_cycles")
        if now >= 0 and held >= needed:
            cycle.finish(s, now, f"Seat {now} wins: it held the hill, territory {hill}, "
                                 f"for {count(held, 'diel cycle')}.")

    def judge(self, s: S, why: str) -> None:
        """The peace bound: the seat on the hill wins (none: a tie)."""
        hill, _, held = s.mark
        scores = [held if seat == s.holder[hill - 1] else 0 for seat in range(s.num_players)]
        decide(s, scores, why, "diel cycles on the hill", "the hill")

    def view(self, s: S, viewer: Seat | None) -> JsonDict:
        hill, holder, held = s.mark
        return {"style": {"name": self.name, "hill": hill, "holder": holder if holder >= 0 else None,
                          "held": held, "needed": self.setting(s, "hill_cycles")}}

    def goal(self, s: S, seat: int, viewer: int) -> float:
        """The hill held (more for each cycle held), and the seat's souls near it."""
        hill, _, held = s.mark
        value = (6.0 + 3.0 * held) if s.holder[hill - 1] == seat else 0.0
        camp = s.board.camp_of(hill)
        for p in s.live():
            if s.owner[p] == seat and s.on_map[p] and s.card_of(p).soul and not s.prisoner[p]:
                value += 1.0 / (1 + s.board.spans[s.stand[p]][camp])
        return value


register(KingOfTheHill())


class EndsJustifyMeans(Style):
    """The ends must justify the means: after ``style_cycles`` diel cycles, the most territory
    gained to souls lost wins."""

    name = "ends_justify_means"
    title = "The ends must justify the means"
    words = ("The player with the most territory gained to souls lost after a fixed number of "
             "diel cycles wins.")
    reads = ("style_cycles",)

    def said(self, shown: JsonDict) -> str:
        ratios = " to ".join(shown["ratio"])
        cycles = shown["cycles"]
        return f"{self.title}: territory gained per soul lost {ratios}; judged after {cycles} diel cycles"

    def claimed(self, s: S, seat: int) -> None:
        """Holding every territory ends nothing: the cycles decide."""

    def cycle_ended(self, s: S) -> None:
        """The territories each seat held as the first cycle began (its setup claims) are
        its start; the count is judged once ``style_cycles`` cycles are over."""
        if s.cycle == 0:
            s.mark = [held(s, seat) for seat in range(s.num_players)]
            return
        after_cycles(s, self)

    def ratio(self, s: S, seat: int) -> Fraction:
        """Territory gained (held now less held at the start: it may be negative) to souls lost;
        read: a seat that lost none counts as having lost one (a ratio to none is no number)."""
        start = s.mark[seat] if s.mark else held(s, seat)
        return Fraction(held(s, seat) - start, max(1, s.lost[seat]))

    def judge(self, s: S, why: str) -> None:
        decide(s, [self.ratio(s, seat) for seat in range(s.num_players)], why,
               "territory gained per soul lost", "the ends")

    def view(self, s: S, viewer: Seat | None) -> JsonDict:
        return {"style": {"name": self.name, "start": list(s.mark), "lost": list(s.lost),
                          "ratio": [str(self.ratio(s, seat)) for seat in range(s.num_players)],
                          "cycles": self.setting(s, "style_cycles")}}

    def goal(self, s: S, seat: int, viewer: int) -> float:
        return 4.0 * float(self.ratio(s, seat))


register(EndsJustifyMeans())


class CoastalWar(Style):
    """Coastal war: after ``style_cycles`` diel cycles, the most coastline held wins (the map's
    ``coastline``, authored)."""

    name = "coastal_war"
    title = "Coastal war"
    words = "The player to control the most coastline after a fixed number of diel cycles is the victor."
    reads = ("style_cycles",)

    def said(self, shown: JsonDict) -> str:
        held = " to ".join(str(n) for n in shown["held"])
        return f"{self.title}: coastline held {held}; judged after {shown['cycles']} diel cycles"

    def refusal(self, game: Kipukas, players: int) -> str | None:
        if any(game.board.coastline):
            return super().refusal(game, players)
        return f"style: the {game.board.name} map has no coastline"

    def claimed(self, s: S, seat: int) -> None:
        """Holding every territory ends nothing: the cycles decide."""

    def coast(self, s: S, seat: int) -> int:
        """The coastline of the territories the seat holds."""
        return sum(n for t, n in enumerate(s.board.coastline, 1) if s.holder[t - 1] == seat)

    def cycle_ended(self, s: S) -> None:
        after_cycles(s, self)

    def judge(self, s: S, why: str) -> None:
        decide(s, [self.coast(s, seat) for seat in range(s.num_players)], why, "coastline", "the coast")

    def view(self, s: S, viewer: Seat | None) -> JsonDict:
        return {"style": {"name": self.name, "coastline": list(s.board.coastline),
                          "held": [self.coast(s, seat) for seat in range(s.num_players)],
                          "cycles": self.setting(s, "style_cycles")}}

    def goal(self, s: S, seat: int, viewer: int) -> float:
        """Coast held, and the seat's souls near the coast it does not hold."""
        value = 3.0 * self.coast(s, seat)
        coast = enumerate(s.board.coastline, 1)
        shores = [s.board.camp_of(t) for t, n in coast if n and s.holder[t - 1] != seat]
        if shores:
            for p in s.live():
                if s.owner[p] == seat and s.on_map[p] and s.card_of(p).soul and not s.prisoner[p]:
                    value += 0.5 / (1 + min(s.board.spans[s.stand[p]][shore] for shore in shores))
        return value


register(CoastalWar())


class TheHunt(Style):
    """The hunt: after ``style_cycles`` diel cycles, territories held plus 3 for the seat that
    defeated most souls of the huntable type; each deck holds ``hunt_count`` of them, and they
    must be played, never put away."""

    name = "the_hunt"
    title = "The hunt"
    words = (
        "After a fixed number of diel cycles, the player with the most territories plus the hunt "
        "bonus (player with most souls with a certain type defeated receives a +3 bonus) wins. Both "
        "players must have an agreed number of those types in their decks. The huntable cards must "
        "be played and cannot be discarded. Additionally, an overall deck size must be agreed upon."
    )
    reads = ("style_cycles", "hunt_type", "hunt_count", "card_limit")
    BONUS: ClassVar[int] = 3

    def said(self, shown: JsonDict) -> str:
        hunted = " to ".join(str(n) for n in shown["hunted"])
        return (f"{self.title}: {shown['type']} souls defeated {hunted}; "
                f"judged after {shown['cycles']} diel cycles")

    def hunted(self, s: S, card: str) -> bool:
        """A soul of the huntable type (its archetypal gene, option ``hunt_type``)."""
        found = CARDS[card]
        return found.soul and found.archetypal_gene == s.game.setting("hunt_type")

    def refusal(self, game: Kipukas, players: int) -> str | None:
        kind, wanted = str(game.setting("hunt_type")), int(game.setting("hunt_count"))
        for seat, deck in enumerate(game.decks[:players]):
            have = sum(1 for card in deck.cards if CARDS[card].soul and CARDS[card].archetypal_gene == kind)
            if have < wanted:
                return f"style: seat {seat}'s deck holds {have} {kind} souls, the hunt wants {wanted}"
        return super().refusal(game, players)

    def deck(self, s: S, cards: list[str]) -> list[str]:
        """Exactly ``hunt_count`` huntable souls (the list's first), then the other cards in
        the list's order up to ``card_limit`` in all (0: the deck as built)."""
        wanted, limit = self.setting(s, "hunt_count"), self.setting(s, "card_limit")
        prey = [card for card in cards if self.hunted(s, card)][:wanted]
        rest = [card for card in cards if not self.hunted(s, card)]
        if limit:
            rest = rest[: max(0, limit - len(prey))]
        return prey + rest

    def keeps(self, s: S, seat: int, card: str) -> bool:
        return self.hunted(s, card)

    def claimed(self, s: S, seat: int) -> None:
        """Holding every territory ends nothing: the cycles decide."""

    def prepare(self, s: S) -> None:
        s.mark = [0] * s.num_players  # huntable souls each seat defeated

    def defeated(self, s: S, piece: int, killer: int) -> None:
        if killer >= 0 and self.hunted(s, s.card[piece]):
            s.mark[killer] += 1

    def cycle_ended(self, s: S) -> None:
        after_cycles(s, self)

    def bonus(self, s: S) -> list[int]:
        """+3 to the one seat with most huntable souls defeated (read: none when tied, or none
        was defeated: the bonus goes to 'the player with most')."""
        best = max(s.mark)
        leaders = [seat for seat, n in enumerate(s.mark) if n == best]
        return [self.BONUS if best > 0 and leaders == [seat] else 0 for seat in range(s.num_players)]

    def judge(self, s: S, why: str) -> None:
        bonus = self.bonus(s)
        scores = [held(s, seat) + bonus[seat] for seat in range(s.num_players)]
        decide(s, scores, why, "territories and hunt bonus", "the hunt")

    def view(self, s: S, viewer: Seat | None) -> JsonDict:
        return {"style": {"name": self.name, "type": s.game.setting("hunt_type"), "hunted": list(s.mark),
                          "bonus": self.bonus(s), "cycles": self.setting(s, "style_cycles")}}

    def goal(self, s: S, seat: int, viewer: int) -> float:
        return 2.0 * self.bonus(s)[seat] + 1.0 * s.mark[seat]


register(TheHunt())


def most_players(territories: int) -> int:
    """Mass conflict: '8 territories = 2 player max, 9-11 territories = 3 player max, 12
    territories = 4 players max'."""
    return 2 if territories <= 8 else 3 if territories <= 11 else 4


class MassConflict(Style):
    """Mass conflict: Domination with 3 or 4 players; on a map too small for them (by the
    rulebook's territory counts) each starts with 1 capital and 1 base camp."""

    name = "mass_conflict"
    title = "Mass conflict"
    words = (
        "Domination with up to 4 players on a standard kipuka. (8 territories = 2 player max, 9-11 "
        "territories = 3 player max, 12 territories = 4 players max or starting territories are "
        "limited to 1 capital and 1 base camp)"
    )

    def refusal(self, game: Kipukas, players: int) -> str | None:
        if players < 3:
            return f"players: Mass conflict is for 3 or 4 players, got {players}"
        if 2 * players > len(game.board.holdable):
            return (f"players: the {game.board.name} map's {len(game.board.holdable)} territories "
                    f"cannot start {players} players with a capital and a base camp each")
        return None

    def starting_territories(self, s: S) -> int:
        """The standard 3 where the map is big enough for the players, else 1 capital and 1
        base camp (read: the rulebook's 'or' is the way to seat more players than the count; a
        map is also too small when its holdable territories do not give everyone the standard
        start: the grand map's 12 count 2 transit ones)."""
        standard = s.game.play.starting_territories
        if (s.num_players <= most_players(len(s.board.geography))
                and standard * s.num_players <= len(s.board.holdable)):
            return standard
        return 2

    def view(self, s: S, viewer: Seat | None) -> JsonDict:
        return {"style": {"name": self.name, "starting_territories": self.starting_territories(s)}}


register(MassConflict())


class BandTogether(Style):
    """Band together: two seats against the engine's autonomous party (a horde of rogues from
    the third deck); once the party is gone, the seat holding most territories wins; if the
    party clears every claim, both lose."""

    name = "band_together"
    title = "Band together"
    words = (
        "Players must work together to defeat a third party (i.e., ref, celebrity player, "
        "autonomous party, etc.), The player with the largest number of spaces held wins. If the "
        "third party dominates the kipuka then both players lose."
    )
    reads = ("party_souls",)
    # s.mark: the party's pieces

    def said(self, shown: JsonDict) -> str:
        return f"{self.title}: the autonomous party has {len(shown['party'])} souls at large"

    def refusal(self, game: Kipukas, players: int) -> str | None:
        if players != 2:
            return f"players: Band together is two players against the party, got {players}"
        souls = [card for card in game.decks[2].cards if CARDS[card].soul]
        if len(souls) < int(game.setting("party_souls")):
            return f"style: the party's deck (deck2) holds {len(souls)} souls"
        return super().refusal(game, players)

    def claimed(self, s: S, seat: int) -> None:
        """Holding every territory ends nothing while the party is at large."""
        self.after_action(s)

    def cycle_ended(self, s: S) -> None:
        """As the setup ends the party enters: ``party_souls`` souls of the third deck (its
        list's first), rogues, revealed, one on each free territory's camp (then on the others'
        movement stands, round); then each cycle's end is checked like an action's."""
        if s.cycle == 0 and not s.mark:
            from soulforge.games.kipukas.rogue import make_rogue
            from soulforge.games.kipukas.setup import new_piece

            souls = [card for card in s.game.decks[2].cards if CARDS[card].soul]
            souls = souls[: self.setting(s, "party_souls")]
            free = [s.board.camp_of(t) for t in s.board.holdable if s.holder[t - 1] < 0]
            free = free or sorted(st for st in s.board.stands if s.board.stands[st].kind == "movement")
            for n, card in enumerate(souls):
                piece = new_piece(s, 0, card, free[n % len(free)], revealed=True)
                s.mark.append(piece)
                make_rogue(s, piece)
            s.add_log(f"the autonomous party enters the kipuka with {count(len(souls), 'soul')}")
            return
        self.after_action(s)

    def at_large(self, s: S) -> list[int]:
        """The party's souls still its own (a tamed one has left it)."""
        return [p for p in s.mark if s.on_map[p] and p in s.rogues and p not in s.tamed]

    def defeated(self, s: S, piece: int, killer: int) -> None:
        """A party soul's card leaves the game (it is no seat's to draw again)."""
        if piece in s.mark:
            s.discard[0].remove(s.card[piece])

    def after_action(self, s: S) -> None:
        if not s.mark or s.phase == OVER:
            return
        if not any(h >= 0 for h in s.holder):
            s.dual_defeat = True
            cycle.finish(s, None, "Both players lose: the autonomous party cleared every claim.")
        elif not self.at_large(s):
            self.judge(s, "the autonomous party is defeated")

    def judge(self, s: S, why: str) -> None:
        """Spaces held decide once the party is gone; at the peace bound with the party at
        large, it was not defeated: both lose."""
        if self.at_large(s):
            s.dual_defeat = True
            cycle.finish(s, None, f"Both players lose ({why}): the autonomous party is still at large.")
            return
        decide(s, [held(s, seat) for seat in range(s.num_players)], why, "territories", "the band")

    def view(self, s: S, viewer: Seat | None) -> JsonDict:
        return {"style": {"name": self.name, "party": self.at_large(s)}}

    def goal(self, s: S, seat: int, viewer: int) -> float:
        """The party's souls the seat defeated (the shared goal cancels between the seats: each
        is valued for its own part)."""
        return 3.0 * s.kills[seat]


register(BandTogether())


class Captive(Style):
    """Captive: each seat's soul (the first of its deck list the other's lacks) is shuffled into
    the other's deck, played unrevealed once drawn; revealed, it is its giver's again, and the
    first to lead its soul to its capital wins."""

    name = "captive"
    title = "Captive"
    words = (
        "Each player gives the other a soul card, which they shuffle into their deck. Once drawn, "
        "the player must play the card unrevealed. The first player to reveal and lead their soul "
        "back to their capital wins"
    )
    # s.mark: per seat, its soul's piece once revealed and its own again (-1 before)

    def said(self, shown: JsonDict) -> str:
        freed = [f"seat {seat}'s soul is #{p}" for seat, p in enumerate(shown["freed"]) if p is not None]
        return f"{self.title}: " + ("; ".join(freed) if freed else "no captive soul revealed yet")

    def refusal(self, game: Kipukas, players: int) -> str | None:
        if players != 2:
            return f"players: Captive is for two players, got {players}"
        for seat in range(2):
            if self.captive_of([list(deck.cards) for deck in game.decks[:2]], seat) is None:
                return f"style: seat {seat}'s deck has no soul the other deck lacks, to give"
        return super().refusal(game, players)

    @staticmethod
    def captive_of(decklists: list[list[str]], giver: int) -> str | None:
        """The soul ``giver`` gives: the first of its deck list the other's list lacks (read: the
        engine gives for the players; a card the holder has no copy of stays one of a kind)."""
        other = set(decklists[1 - giver])
        return next((card for card in decklists[giver] if CARDS[card].soul and card not in other), None)

    def prepare(self, s: S) -> None:
        """Each gives the other its soul, shuffled into the other's deck (before any card is
        drawn or set aside)."""
        s.mark = [-1, -1]
        for giver in range(2):
            card = str(self.captive_of(s.decklists, giver))
            s.deck[giver].remove(card)
            holder = s.deck[1 - giver]
            holder.insert(s.rng.randrange(len(holder) + 1), card)
        s.add_log("each player gives the other a soul card, shuffled into the other's deck")

    def given_to(self, s: S, seat: int, card: str) -> bool:
        """``card`` is the soul the other seat gave ``seat``."""
        return 0 <= seat < 2 and card == self.captive_of(s.decklists, 1 - seat)

    def face_down(self, s: S, seat: int, card: str) -> bool:
        return self.given_to(s, seat, card)

    def keeps(self, s: S, seat: int, card: str) -> bool:
        """'Once drawn, the player must play the card': it may not be put away or set aside."""
        return self.given_to(s, seat, card)

    def revealed(self, s: S, piece: int) -> None:
        """Revealed, the captive is its giver's soul again (the giver leads it home)."""
        holder = s.owner[piece]
        if 0 <= holder < 2 and s.mark[1 - holder] < 0 and self.given_to(s, holder, s.card[piece]):
            giver = 1 - holder
            s.owner[piece], s.mark[giver] = giver, piece
            s.moved()
            name = s.seat_name(giver)
            s.add_log(f"{s.card_of(piece).name} is {name}'s captive soul: it follows {name} again")

    def claimed(self, s: S, seat: int) -> None:
        """Holding every territory ends nothing: the captive decides."""

    def after_action(self, s: S) -> None:
        for seat, piece in enumerate(s.mark):
            if piece >= 0 and s.on_map[piece] and s.owner[piece] == seat and s.phase != OVER:
                homes = {s.board.camp_of(t) for t in s.capital[seat]}
                if s.stand[piece] in homes:
                    cycle.finish(s, seat, f"Seat {seat} wins: it led its soul {s.card_of(piece).name} "
                                          "back to its capital.")

    def cycle_ended(self, s: S) -> None:
        self.after_action(s)

    def view(self, s: S, viewer: Seat | None) -> JsonDict:
        """The souls freed (public); a captive still hidden shows nowhere."""
        return {"style": {"name": self.name, "freed": [p if p >= 0 else None for p in s.mark]}}

    def goal(self, s: S, seat: int, viewer: int) -> float:
        """The seat's soul freed, and nearer its capital."""
        piece = s.mark[seat]
        if piece < 0 or not s.on_map[piece] or not s.capital[seat]:
            return 0.0
        home = s.board.camp_of(s.capital[seat][0])
        return 6.0 + 6.0 / (1 + s.board.spans[s.stand[piece]][home])


register(Captive())


def capitals_adjacent(s: S, territory: int) -> bool:
    """'Players start with only a capital in adjacent territories' (the referee's styles: no
    hill): the first capital where every other seat can be adjacent to it, the others on a
    territory adjacent to a capital placed."""
    placed = [t for seat in range(s.num_players) for t in s.capital[seat]]
    near = hill_neighbours(s.board, territory)
    if not placed:
        return len(near) >= s.num_players - 1
    return any(t in near for t in placed)


SPACE, PRIZE, SURVIVOR, SEARCHED = 0, 1, 2, 3
"""Indices of a referee style's ``s.mark``: the secret territory (0 until drawn), the prize
card's number in the style's pool, the survivor's piece (Off to the rescue) or the seat that
found the space (Cradle robber; -1: none yet), then per territory 1 once it is publicly known
not to hold the secret."""
FOUND = SURVIVOR


class Referee(Style):
    """The competition styles: the engine, as the referee, secretly marks a territory with a
    card as the setup ends; capitals only, in adjacent territories. No view or log shows the
    space until the game is over; determinization draws it again among the unsearched."""

    prize: ClassVar[str] = "item"
    """The card type the referee marks the space with."""

    def said(self, shown: JsonDict) -> str:
        if shown["secret"] is not None:
            return f"{self.title}: the referee's space is territory {shown['secret']}"
        searched = ", ".join(str(n) for n in shown["searched"]) or "none"
        return f"{self.title}: the referee's space is secret; searched: {searched}"

    def starting_territories(self, s: S) -> int:
        return 1

    def capital_allowed(self, s: S, territory: int) -> bool:
        return capitals_adjacent(s, territory)

    def prepare(self, s: S) -> None:
        s.mark = [0, 0, -1] + [0] * len(s.board.geography)

    def pool(self, s: S) -> list[str]:
        """The cards the prize is drawn from."""
        return sorted(c for c, card in s.game.cards.items() if card.card_type == self.prize)

    def prize_card(self, s: S) -> str:
        return self.pool(s)[s.mark[PRIZE]]

    def cycle_ended(self, s: S) -> None:
        """The referee marks the space as the setup ends (read: among the territories no one
        holds, so no capital sits on it), secretly: the log says only that it is marked."""
        if s.cycle == 0 and not s.mark[SPACE]:
            free = [t for t in s.board.holdable if s.holder[t - 1] < 0]
            s.mark[SPACE] = free[s.rng.randrange(len(free))]
            s.mark[PRIZE] = s.rng.randrange(len(self.pool(s)))
            self.search(s)
            s.add_log(f"the referee secretly marks a territory with a {self.prize.replace('_', ' ')} card")
        else:
            self.after_action(s)

    def search(self, s: S) -> None:
        """Every territory a seat holds is publicly known not to be the secret one (the game
        would have ended or shown it)."""
        for t in s.board.holdable:
            if s.holder[t - 1] >= 0:
                s.mark[SEARCHED + t - 1] = 1

    def unsearched(self, s: S) -> list[int]:
        """The territories that may still be the secret one (public knowledge)."""
        return [t for t in s.board.holdable if not s.mark[SEARCHED + t - 1]]

    def found(self, s: S, seat: int) -> bool:
        """The seat holds the secret territory now."""
        space = s.mark[SPACE]
        return bool(space) and s.holder[space - 1] == seat

    def claimed(self, s: S, seat: int) -> None:
        self.search(s)

    def judge(self, s: S, why: str) -> None:
        """No one met the goal: a tie (read: only the referee's goal wins)."""
        where = f"territory {s.mark[SPACE]}"
        cycle.finish(s, None, f"A tie ({why}): no one met the referee's goal; the secret space was {where}.")

    def view(self, s: S, viewer: Seat | None) -> JsonDict:
        """The territories searched; the secret space only once the game is over."""
        over = s.phase == OVER
        searched = [t for t in s.board.holdable if s.mark[SEARCHED + t - 1]]
        return {"style": {"name": self.name, "searched": searched,
                          "secret": s.mark[SPACE] if over else None,
                          "prize": self.prize_card(s) if over and s.mark[SPACE] else None}}

    def goal(self, s: S, seat: int, viewer: int) -> float:
        """The seat's souls near the territories not searched yet (never the secret itself)."""
        camps = [s.board.camp_of(t) for t in self.unsearched(s)]
        value = 0.0
        if camps:
            for p in s.live():
                if s.owner[p] == seat and s.on_map[p] and s.card_of(p).soul and not s.prisoner[p]:
                    value += 1.0 / (1 + min(s.board.spans[s.stand[p]][camp] for camp in camps))
        return value

    def resample(self, s: S, player: int, rng: random.Random) -> None:
        """The referee's space (and its card) drawn again among what the seat cannot rule out."""
        if s.mark[SPACE] and s.phase != OVER:
            left = self.unsearched(s)
            s.mark[SPACE] = left[rng.randrange(len(left))]
            s.mark[PRIZE] = rng.randrange(len(self.pool(s)))


class FindTheTreasure(Referee):
    """Find the treasure: the first seat to claim the referee's space wins (and its item card)."""

    name = "find_the_treasure"
    title = "Find the treasure"
    words = (
        "A ref secretly marks a space on the board with an item card, the first player to claim "
        "that space wins the match and receives the item card. Players start with only a capital "
        "in adjacent territories."
    )

    def claimed(self, s: S, seat: int) -> None:
        if self.found(s, seat):
            item = CARDS[self.prize_card(s)].name
            cycle.finish(s, seat, f"Seat {seat} wins: it claims territory {s.mark[SPACE]}, the referee's "
                                  f"secret space, and receives the item card {item}.")
        self.search(s)


register(FindTheTreasure())


class OffToTheRescue(Referee):
    """Off to the rescue: the referee's space holds a soul; the first seat to claim it gets the
    survivor (a soul of its own, revealed, on the space's camp) and wins by ushering it back to
    its capital."""

    name = "off_to_the_rescue"
    title = "Off to the rescue"
    words = (
        "A ref secretly marks a space on the board with a soul card, the first player to claim that "
        "space and usher the survivor back to their capital wins the match and receives the soul's card."
    )

    def pool(self, s: S) -> list[str]:
        return sorted(c for c, card in s.game.cards.items() if card.soul)

    def claimed(self, s: S, seat: int) -> None:
        """The first claim of the space frees the survivor: it follows the claimant."""
        if s.mark[SURVIVOR] < 0 and self.found(s, seat):
            from soulforge.games.kipukas.setup import new_piece

            space = s.mark[SPACE]
            piece = new_piece(s, seat, self.prize_card(s), s.board.camp_of(space), revealed=True)
            s.played_cycle[piece] = s.cycle - 1  # it may move at once (no summoning sickness)
            s.mark[SURVIVOR] = piece
            s.add_log(f"{s.seat_name(seat)} claims the referee's secret space, territory {space}: "
                      f"the survivor {CARDS[self.prize_card(s)].name} follows it")
        self.search(s)

    def after_action(self, s: S) -> None:
        piece = s.mark[SURVIVOR]
        if piece >= 0 and s.on_map[piece] and s.phase != OVER:
            seat = s.owner[piece]
            if 0 <= seat < s.num_players and s.stand[piece] in {s.board.camp_of(t) for t in s.capital[seat]}:
                cycle.finish(s, seat, f"Seat {seat} wins: it ushered the survivor {s.card_of(piece).name} "
                                      "back to its capital.")

    def view(self, s: S, viewer: Seat | None) -> JsonDict:
        shown = super().view(s, viewer)
        shown["style"]["survivor"] = s.mark[SURVIVOR] if s.mark[SURVIVOR] >= 0 else None
        return shown

    def goal(self, s: S, seat: int, viewer: int) -> float:
        piece = s.mark[SURVIVOR]
        if piece >= 0 and s.on_map[piece] and s.owner[piece] == seat and s.capital[seat]:
            home = s.board.camp_of(s.capital[seat][0])
            return 6.0 + 6.0 / (1 + s.board.spans[s.stand[piece]][home])
        return super().goal(s, seat, viewer)

    def resample(self, s: S, player: int, rng: random.Random) -> None:
        if s.mark[SURVIVOR] < 0:
            super().resample(s, player, rng)


register(OffToTheRescue())


class TrapSpringer(Referee):
    """Trap springer: the referee's space holds a trap card; a seat's soul entering it rolls the
    referee's D20 against the trap's numbers, in secret; the first to set it off wins."""

    name = "trap_springer"
    title = "Trap springer"
    words = (
        "A ref secretly marks a space on the board with a trap card, the first player to set off the "
        "trap in that space wins the match and receives the trap card. Players start with only a "
        "capital in adjacent territories."
    )
    prize = "trap"

    def pool(self, s: S) -> list[str]:
        """The trap cards with numbers to spring on (#traps)."""
        traps = [c for c, card in s.game.cards.items() if card.card_type == "trap"]
        return sorted(c for c in traps if ability(c).trap_on)

    def claimed(self, s: S, seat: int) -> None:
        """A claim proves nothing here (a trap may lie quiet): no territory is searched."""

    def search(self, s: S) -> None:
        """Nothing rules a territory out: the referee's rolls are secret."""

    def entered(self, s: S, piece: int, territory: int) -> None:
        """A seat's soul enters the secret space: the referee rolls the D20 in secret; on the
        trap's numbers it springs and the soul's seat wins (no log before: nothing leaks)."""
        seat = s.owner[piece]
        if territory != s.mark[SPACE] or not 0 <= seat < s.num_players or s.phase == OVER:
            return
        roll = s.rng.randint(1, 20)
        if roll in ability(self.prize_card(s)).trap_on:
            name = CARDS[self.prize_card(s)].name
            cycle.finish(s, seat, f"Seat {seat} wins: {s.piece_name(piece)} sets off the referee's trap "
                                  f"{name} in territory {territory} (a D20 of {roll}) and receives it.")


register(TrapSpringer())


class Explorer(Referee):
    """Explorer: the referee's space holds a terrain feature; the first claim of the space puts
    the feature in play for the claimant, who wins by defeating an opponent's soul there while
    it holds the space and the feature stands."""

    name = "explorer"
    title = "Explorer"
    words = (
        "A ref secretly marks a space on the board with a terrain feature, the first player to claim "
        "that space and successfully use the card against their opponent wins the match and receives "
        "the terrain feature card. Players start with only a capital in adjacent territories."
    )
    prize = "terrain_feature"

    def pool(self, s: S) -> list[str]:
        """The terrain features that act while in play (read: the Meteor Shower, whose effect is
        its play, 'Play this terrain feature immediately revealed', is left out of the bag)."""
        features = [c for c, card in s.game.cards.items() if card.card_type == "terrain_feature"]
        return sorted(c for c in features if not ability(c).must_reveal)

    def claimed(self, s: S, seat: int) -> None:
        """The first claim of the space uncovers the feature: it is the claimant's, revealed, on
        the space (replacing a feature there)."""
        if s.mark[FOUND] < 0 and self.found(s, seat):
            from soulforge.games.kipukas.setup import new_piece

            space = s.mark[SPACE]
            for p in s.pieces_in(space):
                if s.card_of(p).card_type == "terrain_feature":
                    cycle.reveal(s, p)
                    cards_waste(s, p)
            piece = new_piece(s, seat, self.prize_card(s), s.board.camp_of(space), revealed=True)
            s.mark[FOUND] = piece
            s.add_log(f"{s.seat_name(seat)} claims the referee's secret space, territory {space}: "
                      f"the terrain feature {CARDS[self.prize_card(s)].name} is its")
        self.search(s)

    def defeated(self, s: S, piece: int, killer: int) -> None:
        """'Successfully use the card against their opponent' (read): the feature's holder defeats
        an opponent's soul in the feature's territory while it holds the territory and the
        feature is in play."""
        feature = s.mark[FOUND]
        if feature < 0 or not s.on_map[feature] or s.phase == OVER:
            return
        seat, space = s.owner[feature], s.mark[SPACE]
        if killer == seat and s.territory[piece] == space and s.holder[space - 1] == seat:
            cycle.finish(s, seat, f"Seat {seat} wins: it defeats {s.card_of(piece).name} on its terrain "
                                  f"feature {s.card_of(feature).name}, territory {space}, and receives it.")

    def view(self, s: S, viewer: Seat | None) -> JsonDict:
        shown = super().view(s, viewer)
        feature = s.mark[FOUND]
        if feature >= 0:
            shown["style"]["secret"], shown["style"]["feature"] = s.mark[SPACE], feature
        return shown

    def goal(self, s: S, seat: int, viewer: int) -> float:
        feature = s.mark[FOUND]
        if feature >= 0 and s.on_map[feature]:
            space = s.mark[SPACE]
            value = 4.0 if s.holder[space - 1] == seat else 0.0
            camp = s.board.camp_of(space)
            for p in s.live():
                if s.owner[p] == seat and s.on_map[p] and s.card_of(p).soul and not s.prisoner[p]:
                    value += 1.0 / (1 + s.board.spans[s.stand[p]][camp])
            return value
        return super().goal(s, seat, viewer)

    def resample(self, s: S, player: int, rng: random.Random) -> None:
        if s.mark[FOUND] < 0:
            super().resample(s, player, rng)


register(Explorer())


class CradleRobber(Referee):
    """Cradle robber: the referee's space holds an incubation card; once a seat claims the space
    it is found (public), and the first seat holding every territory around it wins."""

    name = "cradle_robber"
    title = "Cradle robber"
    words = (
        "A ref secretly marks a space on the board with an incubation card drawn from a bag, with "
        "scarcity proportional to the incubation cards in circulation. The first person to find and "
        "take the surrounding sections (thereby protecting the card) wins the match and receives the "
        "incubation card. Players start with only a capital in adjacent territories."
    )
    prize = "non_playable"

    def pool(self, s: S) -> list[str]:
        """The incubation cards of the card data (#incubation_cards): the binder's Incubation
        Egg, which no Founder's Deck holds; one of each in the bag (read: equal scarcity)."""
        return sorted(c for c, card in s.game.cards.items()
                      if card.card_type == "non_playable" and "incubation" in c)

    def refusal(self, game: Kipukas, players: int) -> str | None:
        if not any(card.card_type == "non_playable" and "incubation" in c for c, card in game.cards.items()):
            return "style: the card data holds no incubation card"
        return super().refusal(game, players)

    def surrounding(self, s: S) -> list[int]:
        """The territories around the space ('adjacent' as King of the hill's)."""
        return hill_neighbours(s.board, s.mark[SPACE])

    def claimed(self, s: S, seat: int) -> None:
        """The first claim of the space finds it (the referee shows it to all); then the first
        seat holding every territory around it wins."""
        if s.mark[FOUND] < 0 and self.found(s, seat):
            s.mark[FOUND] = seat
            s.add_log(f"{s.seat_name(seat)} finds the referee's space, territory {s.mark[SPACE]}: "
                      f"an incubation card ({CARDS[self.prize_card(s)].name}) lies there")
        self.search(s)
        self.after_action(s)

    def after_action(self, s: S) -> None:
        if s.mark[FOUND] < 0 or s.phase == OVER:
            return
        around = self.surrounding(s)
        for seat in range(s.num_players):
            if around and all(s.holder[t - 1] == seat for t in around):
                cycle.finish(s, seat, f"Seat {seat} wins: it holds every territory around the referee's "
                                      f"space, territory {s.mark[SPACE]}, and receives "
                                      f"{CARDS[self.prize_card(s)].name}.")
                return

    def view(self, s: S, viewer: Seat | None) -> JsonDict:
        shown = super().view(s, viewer)
        if s.mark[FOUND] >= 0:
            shown["style"]["secret"], shown["style"]["prize"] = s.mark[SPACE], self.prize_card(s)
            shown["style"]["surrounding"] = self.surrounding(s)
        return shown

    def goal(self, s: S, seat: int, viewer: int) -> float:
        if s.mark[FOUND] >= 0:
            return 3.0 * sum(1 for t in self.surrounding(s) if s.holder[t - 1] == seat)
        return super().goal(s, seat, viewer)

    def resample(self, s: S, player: int, rng: random.Random) -> None:
        if s.mark[FOUND] < 0:
            super().resample(s, player, rng)


register(CradleRobber())


OPTIONS: tuple[Option, ...] = (
    Option(
        "style",
        str,
        DEFAULT,
        "the play style (#playstyleoptions): " + "; ".join(f"'{n}' {st.title}" for n, st in STYLES.items()),
        choices=tuple(STYLES),
        label="Play style",
    ),
    Option("card_limit", int, 0, "Highest body count: the agreed total card limit of each deck "
           "(0: the deck as built)", minimum=0, maximum=60, label="Card limit (body count)"),
    Option("soul_limit", int, 0, "Highest body count: the agreed number of soul cards in each deck "
           "(0: the deck as built)", minimum=0, maximum=60, label="Soul limit (body count)"),
    Option("defeat_limit", int, 5, "The cost is too great: a seat with this many souls defeated is "
           "removed (authored default: the rulebook names no number)", minimum=1, maximum=60,
           label="Soul defeat limit"),
    Option("hill_cycles", int, 3, "King of the hill: diel cycles the hill must be held "
           "(authored default: 'a certain number')", minimum=1, maximum=100, label="Hill held (diel cycles)"),
    Option("style_cycles", int, 12, "The ends must justify the means, Coastal war, The hunt: the "
           "game is judged after this many diel cycles (authored default: 'a fixed number')",
           minimum=1, maximum=200, label="Diel cycles (fixed-length styles)"),
    Option("hunt_type", str, "Avian", "The hunt: the huntable type (a soul's archetypal gene; "
           "authored default: both starter decks hold Avian souls)", choices=ARCHETYPES,
           label="Huntable type"),
    Option("party_souls", int, 3, "Band together: the autonomous party's souls, the first of deck2 "
           "(authored default)", minimum=1, maximum=30, label="Party souls"),
    Option("hunt_count", int, 2, "The hunt: the agreed number of huntable souls in each deck",
           minimum=1, maximum=30, label="Huntable souls per deck"),
)
OPTIONS = tuple(dataclasses.replace(option, quiet=True) for option in OPTIONS)
"""The style options (``Kipukas.option_specs``), quiet: left out of a game's ``options`` while
at their default, so a Domination game's views and records stay as they were before them."""

