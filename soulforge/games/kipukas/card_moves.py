"""Day actions that cards give (each citing its card): Pyrostegia's and Unburdened Central's
sacrifice, the Otter's gift, the Avian Keeper's Den, digging tunnels."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from soulforge.core import Action, IllegalAction
from soulforge.core.flow import ClickPath, Rule
from soulforge.games.kipukas import cards, cycle, fight
from soulforge.games.kipukas.actions import (
    Dig,
    Donate,
    Imprison,
    Sacrifice,
)
from soulforge.games.kipukas.day import owes_contention, own_souls
from soulforge.games.kipukas.encoding import (
    PUBLIC,
)
from soulforge.games.kipukas.movement import can_move, enemies_at

if TYPE_CHECKING:
    from soulforge.games.kipukas.state import KipukasState as S


_SACRIFICERS = frozenset(
    c for c, entry in cards.ABILITIES.items() if entry.sacrifice or entry.sacrifice_genes
)
_DONORS = frozenset(c for c, entry in cards.ABILITIES.items() if entry.donates)
_DENS = frozenset(c for c, entry in cards.ABILITIES.items() if entry.den)
"""The few cards that give these actions, read once from their abilities: the listings skip
every other soul with one set lookup."""


def _can_sacrifice(s: S, piece: int) -> bool:
    entry = cards.ability(s.card[piece])
    return entry.sacrifice or (bool(entry.sacrifice_genes) and cards.lodged(s, piece))


def sacrifices(s: S, souls: list[int]) -> list[Action]:
    """The sacrifices open when no contention is owed (``SacrificeRule``); ``souls``: ``own_souls``."""
    card = s.card
    return [
        Sacrifice(p)
        for p in souls
        if card[p] in _SACRIFICERS and s.known[p] & PUBLIC and _can_sacrifice(s, p)
    ]


class SacrificeRule(Rule["S", Sacrifice]):
    """Pyrostegia Dragon: 'May sacrifice itself to waste all souls in the space.'"""

    action = Sacrifice
    section = "day"

    def legal(self, s: S) -> Sequence[Action]:
        return [] if owes_contention(s) else sacrifices(s, own_souls(s))

    def refusal(self, s: S, action: Sacrifice) -> IllegalAction:
        return IllegalAction(
            f"soul #{action.piece} is not a revealed soul of yours that can sacrifice itself",
            rule=self.section,
        )

    def apply(self, s: S, action: Sacrifice) -> None:
        stand, genes = s.stand[action.piece], cards.ability(s.card[action.piece]).sacrifice_genes
        s.add_log(f"{s.piece_name(action.piece)} sacrifices itself")
        if genes:  # Unburdened Central: the opponents' souls of those genes in the capital
            doomed = [
                p
                for p in s.pieces_in(s.territory[action.piece])
                if s.card_of(p).soul and s.owner[p] != s.active and cards.gene(s, p) in genes
            ]
            cards.waste(s, action.piece)
        else:
            doomed = s.souls_at(stand)
        for p in doomed:
            cards.waste(s, p)
        s.add_log(f"{len(doomed)} soul{'' if len(doomed) == 1 else 's'} wasted by the sacrifice")
        cycle.end_action(s, s.active)

    def path(self, action: Sacrifice) -> ClickPath:
        return (f"piece:{action.piece}", "sacrifice")


def donations(s: S, souls: list[int]) -> list[Action]:
    """The Otter's gifts open when no contention is owed (``DonateRule``); ``souls``: ``own_souls``."""
    donors = [
        p for p in souls if s.card[p] in _DONORS and s.known[p] & PUBLIC and fight.available_means(s, p)
    ]
    return [
        Donate(p, q)
        for p in donors
        for q in s.souls_at(s.stand[p])
        if q != p and s.owner[q] == s.active and any(s.injuries[q])
    ]


class DonateRule(Rule["S", Donate]):
    """Frost Tipped Arctic Otter: 'Can donate 2 keal means at the cost of 1 keal means to itself'
    (read: a day action toward an injured soul of yours on its stand)."""

    action = Donate
    section = "day"

    def legal(self, s: S) -> Sequence[Action]:
        return [] if owes_contention(s) else donations(s, own_souls(s))

    def refusal(self, s: S, action: Donate) -> IllegalAction:
        return IllegalAction(
            "the Otter donates to an injured soul of yours on its stand, while it has a KEAL means to give",
            rule=self.section,
        )

    def apply(self, s: S, action: Donate) -> None:
        cards.injure_any(s, action.piece)
        healed = sum(cards.heal(s, action.target) for _ in range(2))
        s.add_log(f"{s.piece_name(action.piece)} donates: {s.piece_name(action.target)} heals {healed}")
        cycle.end_action(s, s.active)

    def path(self, action: Donate) -> ClickPath:
        return (f"piece:{action.piece}", f"piece:{action.target}")


def _dens(s: S) -> list[int]:
    """The revealed Avian Keeper's Dens in territories the seat holds."""
    return [
        p
        for p in s.live()
        if s.card[p] in _DENS and s.known[p] & PUBLIC and s.holder[s.territory[p] - 1] == s.active
    ]


def _one_from_down(s: S, piece: int) -> bool:
    return len(fight.available_means(s, piece)) == 1 and not cards.ability(s.card[piece]).constantly_downed


def imprisonments(s: S, souls: list[int]) -> list[Action]:
    """The den's imprisonments open when no contention is owed (``ImprisonRule``)."""
    dens = {s.territory[p] for p in _dens(s)}
    if not dens:
        return []
    out: list[Action] = []
    for p in souls:
        if cards.gene(s, p) != "Avian" or not fight.can_attack(s, p):
            continue
        near = any((s.territory[p], d) in s.board.touching for d in dens)
        out += [
            Imprison(p, q)
            for q in enemies_at(s, s.stand[p], s.active)
            if near and cards.gene(s, q) != "Avian" and _one_from_down(s, q)
        ]
    return out


class ImprisonRule(Rule["S", Imprison]):
    """Avian Keeper's Den: 'Acts as a prison for non-avian creatures. In order to imprison a soul,
    they must have only 1 injury before defeat and be in a territory touching the territory this
    feature is within. In order to take the prisoner, you must engage the enemy soul in a keal
    means bout with a card whose archetypal gene is avian. The card will be kept in prison until
    the territory is captured by the opposing player.'"""

    action = Imprison
    section = "prison"

    def legal(self, s: S) -> Sequence[Action]:
        return [] if owes_contention(s) else imprisonments(s, own_souls(s))

    def refusal(self, s: S, action: Imprison) -> IllegalAction:
        return IllegalAction(
            "an avian soul of yours, on the stand of a non-avian enemy one injury from "
            "downed, in a territory touching your revealed den",
            rule=self.section,
        )

    def apply(self, s: S, action: Imprison) -> None:
        den = next(p for p in _dens(s) if (s.territory[action.piece], s.territory[p]) in s.board.touching)
        s.mover = s.active
        if fight.single_bout(s, action.piece, action.target):
            cycle.place(s, action.target, s.board.camp_of(s.territory[den]))
            s.prisoner[action.target] = True
            s.moved()
            s.add_log(f"{s.piece_name(action.target)} is taken to the Avian Keeper's Den, a prisoner")
        else:
            s.spent_cycle[action.piece] = s.cycle
            s.add_log(f"{s.piece_name(action.target)} escapes the den's keepers")
        cycle.end_action(s, s.active)

    def path(self, action: Imprison) -> ClickPath:
        return (f"piece:{action.piece}", f"piece:{action.target}")


DIG_DAYS = 3
"""Illia and Dorsay 'Can take 3 turns to make a tunnel': the time any underground dweller takes
(#habitat_effects gives the ability, no time)."""


def digs(s: S, souls: list[int]) -> list[Action]:
    """The digging open when no contention is owed (``DigRule``); ``souls``: ``own_souls``."""
    diggers = [
        p
        for p in souls
        if s.card_of(p).habitat == "Underground"
        and s.known[p] & PUBLIC
        and s.steps_used[p] == 0
        and can_move(s, p)
        and s.board.geography[s.territory[p] - 1] != "Water"
    ]
    return [
        Dig(p, t)
        for p in diggers
        for t in s.board.territories
        if t != s.territory[p] and s.board.geography[t - 1] != "Water" and not _tunnel(s, s.territory[p], t)
    ]


class DigRule(Rule["S", Dig]):
    """#habitat_effects, underground: 'Undergroud dwellers can make underground tunnels'; a
    revealed dweller that has not moved today digs toward another territory (not water) from its
    territory; the third day's digging opens a tunnel between the two camp stands, one that
    underground dwellers travel."""

    action = Dig
    section = "habitat_effects"

    def legal(self, s: S) -> Sequence[Action]:
        return [] if owes_contention(s) else digs(s, own_souls(s))

    def refusal(self, s: S, action: Dig) -> IllegalAction:
        return IllegalAction(
            "a revealed underground dweller of yours that has not moved today digs, toward "
            "another territory not of water with no tunnel yet",
            rule=self.section,
        )

    def apply(self, s: S, action: Dig) -> None:
        piece = action.piece
        key = f"dig:{s.territory[piece]}:{action.territory}"
        days = s.timers[piece].get(key, 0) + 1
        s.timers[piece][key] = days
        s.steps_used[piece] = 99  # digging is its day's movement
        if days < DIG_DAYS:
            s.add_log(
                f"{s.piece_name(piece)} digs toward territory {action.territory} (day {days} of {DIG_DAYS})"
            )
        else:
            a, b = s.board.camp_of(s.territory[piece]), s.board.camp_of(action.territory)
            s.tunnels.append((a, b))
            s.add_log(
                f"{s.piece_name(piece)} opens a tunnel between territories {s.territory[piece]} and "
                f"{action.territory}"
            )
        cycle.end_action(s, s.active)

    def path(self, action: Dig) -> ClickPath:
        return (f"piece:{action.piece}", f"territory:{action.territory}")


def _tunnel(s: S, one: int, other: int) -> bool:
    ends = {s.board.camp_of(one), s.board.camp_of(other)}
    return any({a, b} == ends for a, b in s.tunnels)
