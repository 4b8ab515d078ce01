"""The rules of a fight (#ADRH, #retreat): the target and the KEAL means, pressing, the Final
Blow, stopping, then the attacked side's answer (counterattack, retreat, reinforce, hold) and
the retreat's challenge. The fight's mechanics (bouts, injuries, the Final Blow's rolls) are
in ``fight.py``."""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING, Final

import soulforge.core.draws as draws
from soulforge.core.flow import Check, CheckedRule, ClickPath
from soulforge.core.interned import interning
from soulforge.games.kipukas import cards, combat, cycle
from soulforge.games.kipukas.actions import (
    Attack,
    Challenge,
    FinalBlow,
    Hold,
    Keal,
    KeepRoll,
    LetGo,
    Press,
    Reinforce,
    Reroll,
    Retreat,
    RetreatGroup,
    Stop,
    Target,
    stand_label,
)
from soulforge.games.kipukas.encoding import CHALLENGE, PRESS, RESPOND, TARGET
from soulforge.games.kipukas.movement import enemies_at, is_downed
from soulforge.games.kipukas.rogue import is_rogue
from soulforge.games.kipukas.rules.button import ButtonRule

if TYPE_CHECKING:
    from soulforge.games.kipukas.state import KipukasState as S

from soulforge.games.kipukas.crafted import choose_means
from soulforge.games.kipukas.fight import (
    ask_means,
    available_means,
    begin,
    bout,
    can_attack,
    decide_reroll,
    end_fight,
    engage,
    mine_at,
    say,
    strike_final_blow,
    targets,
)
from soulforge.games.kipukas.movement import Ground, can_move, ground, reach

_ATTACK: Final = interning(Attack)
_RETREAT: Final = interning(Retreat)
"""The listings' constructors, one object per distinct fields (``core.interned``)."""


# -- the rules -----------------------------------------------------------------------------
class TargetRule(CheckedRule["S", Target]):
    """#contention: attack one or all (one at a time) of the enemies on the stand."""

    action = Target
    section = "contention"
    checks = (
        Check(
            "an enemy to attack",
            lambda s, a: a.piece in targets(s, s.attacker),
            "soul #{action.piece} is not an enemy you may attack on this stand "
            "(revealed souls first, then unrevealed ones)",
        ),
    )

    def legal(self, s: S) -> list[Target]:
        return [Target(p) for p in targets(s, s.attacker)]

    def candidates(self, s: S) -> Iterable[Target]:
        """Every piece (``legal`` lists the attacker's targets, the ones the check lets through)."""
        return (Target(p) for p in range(len(s.card)))

    def apply(self, s: S, action: Target) -> None:
        engage(s, action.piece)

    def path(self, action: Target) -> ClickPath:
        return (f"piece:{action.piece}",)


def _choosing(s: S) -> int:
    """The soul whose KEAL means is chosen now: the attacker's first, then the defender's."""
    return s.attacker if s.means[0] < 0 else s.defender


class KealRule(CheckedRule["S", Keal]):
    """#ce_setup: each side chooses a KEAL means; the choices are shown together."""

    action = Keal
    section = "ce_setup"
    checks = (
        Check(
            "an uninjured means of the soul",
            lambda s, a: a.means in available_means(s, _choosing(s)),
            lambda s, a: f"KEAL means {a.means + 1} is injured or not this soul's",
            "keal_means_DHT",
        ),
    )

    def legal(self, s: S) -> list[Keal]:
        return [Keal(i) for i in available_means(s, _choosing(s))]

    def candidates(self, s: S) -> Iterable[Keal]:
        """Every KEAL means of the choosing soul (``legal`` lists the available ones)."""
        return (Keal(i) for i in range(len(s.card_of(_choosing(s)).keal_means)))

    def apply(self, s: S, action: Keal) -> None:
        if s.shooting:  # a ranged attack: only the defender chooses (``crafted.py``)

            choose_means(s, action.means)
            return
        side = 0 if s.means[0] < 0 else 1
        s.means[side] = action.means
        piece = s.attacker if side == 0 else s.defender
        name = s.card_of(piece).keal_means[action.means].name
        if side == 0 and s.means[1] < 0:
            s.secret = True
            s.add_log(f"{s.seat_name(s.owner[piece])} chooses a KEAL means in secret")
            s.add_log(f"you chose {name}", visible_to=s.owner[piece])
            ask_means(s)
            return
        chosen = [
            s.card_of(p).keal_means[m].name for p, m in zip((s.attacker, s.defender), s.means, strict=True)
        ]
        s.mark_revealed()
        s.secret = False
        s.keal_memory[f"{s.attacker}>{s.defender}"] = s.means[0]
        s.keal_memory[f"{s.defender}>{s.attacker}"] = s.means[1]
        say(s, f"revealed together: {chosen[0]} attacks {chosen[1]}")
        bout(s)

    def path(self, action: Keal) -> ClickPath:
        return (f"means:{action.means}",)


def _defender_stands(s: S) -> bool:
    """The defender has a KEAL means left and is not downed (or acts downed: #keal_means_DHT)."""
    if s.defender < 0 or not available_means(s, s.defender):
        return False
    return not is_downed(s, s.defender) or cards.ability(s.card[s.defender]).acts_downed


class PressRule(ButtonRule[Press]):
    """#keal_means_DHT: after a won bout the attacker may press on."""

    action = Press
    button = Press()
    section = "keal_means_DHT"
    checks = (
        Check("the defender stands", lambda s, a: _defender_stands(s),
              "the defender is downed: only the Final Blow remains", "final_blow"),
        Check("the attacker has a means", lambda s, a: bool(available_means(s, s.attacker)),
              "the attacker's KEAL means are all injured: it cannot press on"),
    )

    def apply(self, s: S, action: Press) -> None:
        if s.means[1] < 0:
            ask_means(s)
        else:
            bout(s)


class FinalBlowRule(ButtonRule[FinalBlow]):
    """#final_blow: the downed soul may be engaged in a final attack."""

    action = FinalBlow
    button = FinalBlow()
    section = "final_blow"
    checks = (
        Check("the defender downed", lambda s, a: is_downed(s, s.defender),
              "the defender still has KEAL means: it is not downed"),
    )

    def apply(self, s: S, action: FinalBlow) -> None:
        cycle.reveal(s, s.defender)
        strike_final_blow(s)


class RerollRule(ButtonRule[Reroll]):
    """#attack, #defense: the dice are the card's; a card with the option to re-roll (Tira
    Marvelous Myriad: "D6-D6 (Option to Re-roll)") lets its owner, having seen the throw, throw
    once more: the second throw counts."""

    action = Reroll
    button = Reroll()
    section = "attack"

    def apply(self, s: S, action: Reroll) -> None:
        decide_reroll(s, again=True)


class KeepRollRule(ButtonRule[KeepRoll]):
    """#attack, #defense: the owner keeps the throw of its soul with the option to re-roll."""

    action = KeepRoll
    button = KeepRoll()
    section = "attack"

    def apply(self, s: S, action: KeepRoll) -> None:
        decide_reroll(s, again=False)


class StopRule(ButtonRule[Stop]):
    """#contention: the attacker may stop (but moving in, it must attack once)."""

    action = Stop
    button = Stop()
    section = "contention"
    checks = (
        Check("may stop", lambda s, a: s.phase == PRESS or s.may_stop,
              "moving onto an enemy's stand, you must attack", "movement"),
    )

    def apply(self, s: S, action: Stop) -> None:
        # A stopped attack waits for the following day (#contention: 'on the following day,
        # you have the option to continue the fight'): the soul attacks no more this cycle.
        s.spent_cycle[s.attacker] = s.cycle
        s.add_log(f"{s.seat_name(s.active)} stops the attack")
        if s.phase == TARGET:
            s.defender = -1
            cycle.finish_exchange(s)
        else:
            end_fight(s)


def _fight_stands(s: S) -> list[str]:
    """Where the seat may attack or retreat from: the fight's stand when answering an attack,
    else the stands of contention (``cycle.contention_stands``)."""
    return [s.fight_stand] if s.phase == RESPOND else cycle.contention_stands(s, s.active)


def _fighting(s: S, piece: int) -> bool:
    """``piece`` is a soul of the acting seat on a stand where it may attack or retreat from."""
    stands = _fight_stands(s)
    return 0 <= piece < len(s.card) and any(piece in mine_at(s, s.active, stand) for stand in stands)


FROM_A_FIGHT: Check[S, Attack | Retreat] = Check(
    "from a fight",
    lambda s, a: _fighting(s, a.piece),
    "soul #{action.piece} is not a soul of yours on a stand where you fight",
)
"""A single attack or retreat is made by a soul of the seat on a stand of contention (the
fight's stand when answering an attack)."""


def attacks(s: S, stands: list[str]) -> list[Attack]:
    """The attacks of the seat acting from ``stands`` (``CounterRule``)."""
    seat = s.active
    return [
        _ATTACK(p, t)
        for stand in stands
        for p in mine_at(s, seat, stand)
        if can_attack(s, p)
        for t in targets(s, p)
    ]


def retreats(s: S, stands: list[str]) -> list[Retreat]:
    """The single retreats of the seat acting from ``stands`` (``RetreatRule``)."""
    seat = s.active
    return [
        _RETREAT(p, to)
        for stand in stands
        for p in mine_at(s, seat, stand)
        for to in cycle.retreat_stands(s, p)
    ]


def group_retreats(s: S, stands: list[str]) -> list[RetreatGroup]:
    """The group retreats of the seat acting from ``stands`` (``RetreatGroupRule``)."""
    seat = s.active
    return [
        RetreatGroup(origin, to) for origin in stands for to in cycle.group_retreat_stands(s, seat, origin)
    ]


class CounterRule(CheckedRule["S", Attack]):
    """#ADRH: attack an enemy soul on a stand you share (a counterattack, or carried-over
    contention at the start of your day actions)."""

    action = Attack
    section = "ADRH"
    checks = (
        FROM_A_FIGHT,
        Check(
            "able to attack",
            lambda s, a: can_attack(s, a.piece),
            "soul #{action.piece} cannot attack this cycle",
            "combat_lifecycle",
        ),
        Check(
            "a target there",
            lambda s, a: a.target in targets(s, a.piece),
            "soul #{action.target} is not an enemy that soul #{action.piece} may attack on its stand",
        ),
    )

    def legal(self, s: S) -> list[Attack]:
        return attacks(s, _fight_stands(s))

    def candidates(self, s: S) -> Iterable[Attack]:
        """Every attack between two pieces (``legal`` lists the ones the checks let through faster)."""
        return (Attack(p, t) for p in range(len(s.card)) for t in range(len(s.card)))

    def apply(self, s: S, action: Attack) -> None:
        cycle.clear_due(s, s.active, s.stand[action.piece])
        if s.phase != RESPOND:
            s.mover = s.active
        begin(s, action.piece, may_stop=False)
        engage(s, action.target)

    def path(self, action: Attack) -> ClickPath:
        return (f"piece:{action.piece}", f"piece:{action.target}")


class RetreatRule(CheckedRule["S", Retreat]):
    """#retreat: to a stand within the soul's range, in territory you hold, free of enemies."""

    action = Retreat
    section = "retreat"
    checks = (
        FROM_A_FIGHT,
        Check(
            "to a retreat stand",
            lambda s, a: a.stand in cycle.retreat_stands(s, a.piece),
            "soul #{action.piece} cannot retreat there: the stand must be in your territory, free of "
            "enemies, or another conflict of yours, within its range (downed souls need an escort), "
            "once a day",
        ),
    )

    def legal(self, s: S) -> list[Retreat]:
        return retreats(s, _fight_stands(s))

    def candidates(self, s: S) -> Iterable[Retreat]:
        """Every retreat of a piece to a stand (``legal`` lists the ones the checks let through faster)."""
        return (Retreat(p, stand) for p in range(len(s.card)) for stand in s.board.stands)

    def apply(self, s: S, action: Retreat) -> None:
        cycle.clear_due(s, s.active, s.stand[action.piece])
        s.retreat_piece, s.retreat_to, s.retreat_from = action.piece, action.stand, s.phase
        if s.phase != RESPOND:
            s.mover = s.active
        chaser = next((p for p in enemies_at(s, s.stand[action.piece], s.active)), -1)
        s.add_log(f"{s.piece_name(action.piece)} tries to retreat")
        if chaser < 0:
            cycle.escape(s, succeeded=True)
            return
        if is_rogue(s, chaser):  # a rogue always challenges
            ChallengeRule().apply(s, Challenge())
            return
        s.active, s.phase = s.owner[chaser], CHALLENGE

    def path(self, action: Retreat) -> ClickPath:
        return (f"piece:{action.piece}", f"stand:{action.stand}")


class RetreatGroupRule(CheckedRule["S", RetreatGroup]):
    """#retreat: 'Players may retreat souls individually or as a group', one roll for the group."""

    action = RetreatGroup
    section = "retreat"
    checks = (
        Check(
            "from a fight",
            lambda s, a: a.origin in _fight_stands(s),
            "a group retreats from a stand where you fight: {action.origin} is not one",
        ),
        Check(
            "to a retreat stand",
            lambda s, a: a.stand in cycle.group_retreat_stands(s, s.active, a.origin),
            "a group retreats within its slowest soul's range, to your territory free of enemies "
            "(or another conflict of yours) with room for all",
        ),
    )

    def legal(self, s: S) -> list[RetreatGroup]:
        return group_retreats(s, _fight_stands(s))

    def candidates(self, s: S) -> Iterable[RetreatGroup]:
        """Every group retreat between two stands (``legal`` lists the ones the checks let through faster)."""
        stands = s.board.stands
        return (RetreatGroup(origin, stand) for origin in stands for stand in stands)

    def apply(self, s: S, action: RetreatGroup) -> None:
        group = cycle.retreat_group_of(s, s.active, action.origin)
        cycle.clear_due(s, s.active, action.origin)
        s.retreat_piece, s.retreat_group = group[0], group[1:]
        s.retreat_to, s.retreat_from = action.stand, s.phase
        if s.phase != RESPOND:
            s.mover = s.active
        s.add_log(f"{s.seat_name(s.active)}'s souls on {stand_label(action.origin)} try to retreat together")
        chaser = next((p for p in enemies_at(s, action.origin, s.active)), -1)
        if chaser < 0:
            cycle.escape(s, succeeded=True)
        elif is_rogue(s, chaser):
            ChallengeRule().apply(s, Challenge())
        else:
            s.active, s.phase = s.owner[chaser], CHALLENGE

    def path(self, action: RetreatGroup) -> ClickPath:
        return (f"stand:{action.origin}", f"stand:{action.stand}")


def reinforcements(s: S, seat: int) -> list[int]:
    """The seat's souls that may join the fight: in uncontended territory, the fight's stand
    within their range (#retreat: 'moving souls from nearby uncontended territory'); the
    predicates of ``ReinforceRule``'s checks, the ground seen once."""
    seen = ground(s, seat)
    contended = _contended(s, seen)
    return [
        p
        for p in s.live()
        if _away_from_fight(s, seat, p) and s.territory[p] not in contended and _fight_in_reach(s, p, seen)
    ]


def _contended(s: S, seen: Ground) -> set[int]:
    """The territories where the seat whose ``ground`` is ``seen`` meets enemies."""
    return {s.board.stands[stand].territory for stand in seen.enemy_stands}


def _away_from_fight(s: S, seat: int, piece: int) -> bool:
    """A piece of ``seat`` on the map, off the fight's stand (``s.live()`` holds the pieces on it)."""
    return s.owner[piece] == seat and s.stand[piece] != s.fight_stand


def _fight_in_reach(s: S, piece: int, seen: Ground | None = None) -> bool:
    """The soul may move, and the fight's stand is within its range."""
    return can_move(s, piece) and s.fight_stand in reach(s, piece, seen)


class ReinforceRule(CheckedRule["S", Reinforce]):
    """#retreat: reinforcing takes the timing of a retreat (after an attack fails or stops,
    before the counterattack) and needs no roll to enter."""

    action = Reinforce
    section = "retreat"
    checks = (
        Check(
            "yours, away from the fight",
            lambda s, a: a.piece in s.live() and _away_from_fight(s, s.active, a.piece),
            "soul #{action.piece} cannot reinforce: it must be a soul of yours on the map, off the "
            "fight's stand",
        ),
        Check(
            "in uncontended territory",
            lambda s, a: s.territory[a.piece] not in _contended(s, ground(s, s.active)),
            "soul #{action.piece} cannot reinforce: it must be in uncontended territory",
        ),
        Check(
            "the fight within range",
            lambda s, a: _fight_in_reach(s, a.piece),
            "soul #{action.piece} cannot reinforce: the fight's stand must be within its range",
        ),
    )

    def legal(self, s: S) -> list[Reinforce]:
        return [Reinforce(p) for p in reinforcements(s, s.active)]

    def candidates(self, s: S) -> Iterable[Reinforce]:
        """Every piece (``legal`` lists the ones the checks let through, the ground seen once)."""
        return (Reinforce(p) for p in range(len(s.card)))

    def apply(self, s: S, action: Reinforce) -> None:

        way = reach(s, action.piece)[s.fight_stand]
        cycle.reveal(s, action.piece)
        s.steps_used[action.piece] += len(way)
        cycle.place(s, action.piece, s.fight_stand)
        s.add_log(
            f"{s.piece_name(action.piece)} reinforces the fight on territory {s.territory[action.piece]}"
        )

    def path(self, action: Reinforce) -> ClickPath:
        return (f"piece:{action.piece}", "reinforce")


class HoldRule(ButtonRule[Hold]):
    """#contention: the attacked side neither counterattacks nor retreats; the contention
    carries over to the next day."""

    action = Hold
    button = Hold()
    section = "contention"

    def apply(self, s: S, action: Hold) -> None:
        s.add_log(f"{s.seat_name(s.active)} holds")
        cycle.finish_exchange(s)


class ChallengeRule(ButtonRule[Challenge]):
    """#retreat: the escapee must win 2 D6 against a D20."""

    action = Challenge
    button = Challenge()
    section = "retreat"

    def apply(self, s: S, action: Challenge) -> None:
        escape = combat.roll(combat.Dice(("D6", "D6"), 0), s.rng) + cards.escape_bonus(s, s.retreat_piece)
        chase = draws.randint(s.rng, 1, 20)
        s.add_log(f"the retreat is challenged: 2 D6 give {escape} against a D20 of {chase}")
        cycle.escape(s, succeeded=escape > chase)


class LetGoRule(ButtonRule[LetGo]):
    action = LetGo
    button = LetGo()
    section = "retreat"

    def apply(self, s: S, action: LetGo) -> None:
        s.add_log(f"{s.seat_name(s.active)} lets the soul go")
        cycle.escape(s, succeeded=True)
