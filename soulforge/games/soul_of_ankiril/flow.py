"""The rules of a Soul of Ankiril turn: Leader placement at setup, then the Strategy and
Combat phase (rulebook, "Turn Structure").

One rule per action kind holds, side by side, its legal actions, its refusal (naming the
rulebook section), its effect and its click path. The play step lists through the fast
one-pass listing of ``listing.py`` (proven equal to the rules' own listing by
``tests/soul_of_ankiril/test_flow.py``). The start and end of a turn are in ``sequence.py``.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from soulforge.core.action import Action
from soulforge.core.errors import IllegalAction
from soulforge.core.flow import ClickPath, Flow, Rule, Step
from soulforge.games.soul_of_ankiril import consequences, listing
from soulforge.games.soul_of_ankiril.actions import (
    Activate,
    Attack,
    Cast,
    DrawCard,
    EndTurn,
    Move,
    PlaceLeader,
    Recharge,
    Resummon,
    Summon,
)
from soulforge.games.soul_of_ankiril.cards import Ctx, run_refs, settle
from soulforge.games.soul_of_ankiril.combat import attack
from soulforge.games.soul_of_ankiril.consequences import HAND_LIMIT
from soulforge.games.soul_of_ankiril.model import EMPTY, OVER, PLAY, SETUP, Creature
from soulforge.games.soul_of_ankiril.sequence import (
    CELL_FIELDS,
    ability_refs,
    channelers,
    end_turn,
    start_turn,
)
from soulforge.games.soul_of_ankiril.setup import place_leader

if TYPE_CHECKING:
    from soulforge.games.soul_of_ankiril.state import AnkirilState as St

PLAY_SECTION = "Strategy and Combat"


def _refused(section: str, text: str) -> IllegalAction:
    return IllegalAction(text, rule=section)


def _energy(st: St, cost: int, what: str) -> IllegalAction | None:
    have = st.energy[st.player]
    return _refused("Energy", f"{what} costs {cost} Energy, you have {have}") if have < cost else None


def _not_allowed(action: Action) -> IllegalAction:
    return _refused(PLAY_SECTION, f"{action} is not allowed now")


def _cell(cell: int) -> ClickPath:
    return (f"cell:{cell}",)


# -- setup --------------------------------------------------------------------------------------
class PlaceLeaderRule(Rule["St", PlaceLeader]):
    """Setup: each player places their Leader on a Leader deployment terrain of their side."""

    action = PlaceLeader
    section = "Setup"

    def legal(self, st: St) -> list[PlaceLeader]:
        return [PlaceLeader(c) for c in st.board.deployment_cells[st.player] if st.occ[c] == EMPTY]

    def refusal(self, st: St, action: PlaceLeader) -> IllegalAction:
        return _refused(self.section, "the Leader goes on an empty Leader deployment terrain of your side")

    def apply(self, st: St, action: PlaceLeader) -> None:
        place_leader(st, action)

    def path(self, action: PlaceLeader) -> ClickPath:
        return _cell(action.cell)


# -- Energy actions -------------------------------------------------------------------------------
class EndTurnRule(Rule["St", EndTurn]):
    action = EndTurn
    section = PLAY_SECTION

    def legal(self, st: St) -> list[EndTurn]:
        return [listing.END]

    def apply(self, st: St, action: EndTurn) -> None:
        end_turn(st)


class DrawRule(Rule["St", DrawCard]):
    """Draw a Card: 1 Energy, up to six cards in hand."""

    action = DrawCard
    section = "Draw a Card"

    def legal(self, st: St) -> list[DrawCard]:
        p = st.player
        ok = st.energy[p] >= 1 and len(st.hands[p]) < HAND_LIMIT and bool(st.decks[p])
        return [listing.DRAW] if ok else []

    def refusal(self, st: St, action: DrawCard) -> IllegalAction:
        if len(st.hands[st.player]) >= HAND_LIMIT:
            return _refused(self.section, "you already hold six cards")
        if not st.decks[st.player]:
            return _refused("End of the Game", "your deck has run out: no more cards to draw")
        return _energy(st, 1, "drawing") or _not_allowed(action)

    def apply(self, st: St, action: DrawCard) -> None:
        st.energy[st.player] -= 1
        consequences.draw(st, st.player, 1)


class RechargeRule(Rule["St", Recharge]):
    """A defeated Leader's arrow moves down one step for 1 Energy."""

    action = Recharge
    section = "Recharge or Resummon the Leader"

    def legal(self, st: St) -> list[Recharge]:
        p = st.player
        return [listing.RECHARGE] if st.energy[p] >= 1 and st.arrow[p] > 0 else []

    def refusal(self, st: St, action: Recharge) -> IllegalAction:
        if st.arrow[st.player] <= 0:
            return _refused(self.section, "only a defeated Leader whose arrow is above 0 can be recharged")
        return _energy(st, 1, "recharging") or _not_allowed(action)

    def apply(self, st: St, action: Recharge) -> None:
        st.energy[st.player] -= 1
        st.arrow[st.player] -= 1


class SummonRule(Rule["St", Summon]):
    """Summon Allies: 1 Energy, on an empty terrain next to an allied Emanation or the Leader."""

    action = Summon
    section = "Summon Allies"

    def legal(self, st: St) -> list[Action]:
        p = st.player
        if st.energy[p] < 1 or not st.hands[p]:
            return []
        allies = listing.hand_split(st, p)[0]
        return listing.summons(st, p, allies) if allies else []

    def refusal(self, st: St, action: Summon) -> IllegalAction:
        if action.card not in st.hands[st.player] or st.cards[action.card].type != "ally":
            return _refused(self.section, f"{action.card} is not an Ally card in your hand")
        return _energy(st, 1, "summoning") or _refused(
            self.section,
            "Allies are summoned on an empty terrain adjacent to an allied Emanation or your Leader")

    def apply(self, st: St, action: Summon) -> None:
        p = st.player
        st.energy[p] -= 1
        st.hands[p].remove(action.card)
        card = st.cards[action.card]
        c = consequences.place(st, card, p, action.cell, active="Sprint" in card.keywords)
        st.mark_revealed()
        if card.summon:
            run_refs(st, card.summon, Ctx(p, c, EMPTY, ()))

    def path(self, action: Summon) -> ClickPath:
        return (f"hand:{action.card}", f"cell:{action.cell}")


class CastRule(Rule["St", Cast]):
    """Cast a Spell: 1 Energy, through an allied Channeler of its element."""

    action = Cast
    section = "Cast a Spell"

    def legal(self, st: St) -> list[Action]:
        p = st.player
        if st.energy[p] < 1 or not st.hands[p]:
            return []
        spells = listing.hand_split(st, p)[1]
        return listing.casts(st, p, spells) if spells else []

    def refusal(self, st: St, action: Cast) -> IllegalAction:
        if action.card not in st.hands[st.player] or st.cards[action.card].type != "spell":
            return _refused(self.section, f"{action.card} is not a Spell card in your hand")
        element = st.cards[action.card].element
        if not channelers(st, st.player, element):
            return _refused(self.section,
                            f"a {element} Spell needs an allied {element} Channeler on the battlefield")
        return _energy(st, 1, "casting") or _refused(
            self.section, "no such Channeler or target (Mimicry shields at Range > 1)")

    def apply(self, st: St, action: Cast) -> None:
        p = st.player
        card = st.cards[action.card]
        st.energy[p] -= 1
        st.hands[p].remove(action.card)
        st.discard[p].append(action.card)
        st.mark_revealed()
        src = consequences.creature_at(st, action.via) if action.via >= 0 else None
        sources: tuple[Creature, ...] = (src,) if src is not None else channelers(st, p, card.element)
        run_refs(st, card.effects, Ctx(p, src, action.target, (), sources))
        settle(st)

    def path(self, action: Cast) -> ClickPath:
        via = () if action.via < 0 else (f"cell:{action.via}",)
        target = () if action.target < 0 else (f"cell:{action.target}",)
        return (f"hand:{action.card}", *via, *target)


class ResummonRule(Rule["St", Resummon]):
    """A defeated Leader returns for the Energy its arrow shows."""

    action = Resummon
    section = "Recharge or Resummon the Leader"

    def legal(self, st: St) -> list[Resummon]:
        p = st.player
        if not 0 <= st.arrow[p] <= st.energy[p]:
            return []
        return [listing.resummon(c) for c in st.board.deployment_cells[p] if st.occ[c] == EMPTY]

    def refusal(self, st: St, action: Resummon) -> IllegalAction:
        if st.arrow[st.player] < 0:
            return _refused(self.section, "your Leader is not defeated")
        return _energy(st, st.arrow[st.player], "resummoning") or _refused(
            self.section, "the Leader returns on an empty Leader deployment terrain of your side")

    def apply(self, st: St, action: Resummon) -> None:
        p = st.player
        st.energy[p] -= st.arrow[p]
        st.arrow[p] = -1
        leader = next(st.cards[n] for n in st.decklists[p] if st.cards[n].type == "leader")
        placed = consequences.place(st, leader, p, action.cell, active="Sprint" in leader.keywords)
        st.leader_uid[p] = placed.uid

    def path(self, action: Resummon) -> ClickPath:
        return ("leader", f"cell:{action.cell}")


# -- Creatures take action --------------------------------------------------------------------------
def own_active(st: St) -> list[Creature]:
    """The current player's Active Creatures, in board order."""
    p = st.player
    return [c for c in st.units.values() if c.owner == p and c.active]


def creature_refusal(st: St, cell: int, moving: bool) -> IllegalAction | None:
    """Why the Creature on ``cell`` may not move (or act) now; None if it may."""
    c = _own_creature(st, cell)
    rule = "Make Creatures Take Action"
    if c is None:
        return _refused(rule, f"there is no allied Creature on cell {cell}")
    if not c.active:
        return _refused("Creatures' Status", f"{c.card.name} is Inactive (synchronization fatigue or done)")
    if moving and c.moved:
        return _refused("Movement", f"{c.card.name} has already moved this turn")
    if moving and c.challenged_by >= 0:
        return _refused("Challenged",
                        f"{c.card.name} is Challenged: it cannot move before attacking its Challenger")
    if not moving and c.acted:
        return _refused("Combat/Ability", f"{c.card.name} has already attacked or used its Ability this turn")
    return None


def _own_creature(st: St, cell: int) -> Creature | None:
    if not 0 <= cell < st.board.size or st.occ[cell] < 0:
        return None
    c = st.units[st.occ[cell]]
    return c if c.owner == st.player else None


class MoveRule(Rule["St", Move]):
    """Movement: to an empty adjacent terrain (Overfly: up to two), once a turn, not Challenged."""

    action = Move
    section = "Movement"

    def legal(self, st: St) -> list[Action]:
        steps, flights, _ = listing.step_tables(st.board)
        out: list[Action] = []
        for c in own_active(st):
            if c.moved or c.challenged_by >= 0:
                continue
            reach = flights[c.cell] if "Overfly" in c.card.keywords else steps[c.cell]
            out += [move for d, move in reach if st.occ[d] == EMPTY]
        return out

    def refusal(self, st: St, action: Move) -> IllegalAction:
        return creature_refusal(st, action.src, True) or _refused(
            self.section, "a Creature moves to an empty adjacent terrain (Overfly: up to two)")

    def apply(self, st: St, action: Move) -> None:
        c = st.units[st.occ[action.src]]
        consequences.relocate(st, c, action.dst)
        c.moved = True
        c.active = not c.acted

    def path(self, action: Move) -> ClickPath:
        return (f"cell:{action.src}", f"cell:{action.dst}")


def may_strike(st: St, c: Creature, cell: int) -> bool:
    """Direct Attack: an adjacent enemy Creature or Emanation; a Guardian never attacks an
    Emanation; a Challenged Creature only its Challenger."""
    if c.challenged_by >= 0:
        return st.units[c.challenged_by].cell == cell
    occupant = st.occ[cell]
    if occupant >= 0:
        return st.units[occupant].owner != c.owner
    return occupant <= -2 and (-2 - occupant) // 3 != c.owner and not c.has("Guardian")


class AttackRule(Rule["St", Attack]):
    action = Attack
    section = "Direct Attack"

    def legal(self, st: St) -> list[Action]:
        _, _, strikes = listing.step_tables(st.board)
        return [attack for c in own_active(st) if not c.acted
                for d, attack in strikes[c.cell] if may_strike(st, c, d)]

    def refusal(self, st: St, action: Attack) -> IllegalAction:
        found = creature_refusal(st, action.src, False)
        if found:
            return found
        c = st.units[st.occ[action.src]]
        if c.challenged_by >= 0:
            return _refused("Challenged", f"{c.card.name} must attack its Challenger")
        if st.occ[action.dst] <= -2 and c.has("Guardian"):
            return _refused("Guardian", f"{c.card.name} is a Guardian and cannot attack Emanations")
        return _refused(self.section,
                        "a Creature attacks an opponent's Creature or Emanation on an adjacent terrain")

    def apply(self, st: St, action: Attack) -> None:
        attack(st, st.units[st.occ[action.src]], action.dst)

    def path(self, action: Attack) -> ClickPath:
        return (f"cell:{action.src}", f"cell:{action.dst}")


class ActivateRule(Rule["St", Activate]):
    """Active Ability: once a turn instead of an attack; Intuition's both for 1 Energy."""

    action = Activate
    section = "Active Ability"

    def legal(self, st: St) -> list[Action]:
        energy = st.energy[st.player]
        return [a for c in own_active(st) if not c.acted and c.challenged_by < 0 and c.card.active
                for a in listing.abilities(st, c, energy)]

    def refusal(self, st: St, action: Activate) -> IllegalAction:
        found = creature_refusal(st, action.src, False)
        if found:
            return found
        c = st.units[st.occ[action.src]]
        if not c.card.active:
            return _refused(self.section, f"{c.card.name} has no Active Ability")
        if c.challenged_by >= 0:
            return _refused("Challenged",
                            f"{c.card.name} cannot activate Abilities before attacking its Challenger")
        if action.mode == 2:
            return (_energy(st, 1, "Intuition (both Abilities)")
                    or _refused("Intuition", "no valid target for both"))
        return _refused(self.section, "not a valid mode or target for this Ability")

    def apply(self, st: St, action: Activate) -> None:
        p = st.player
        c = st.units[st.occ[action.src]]
        if action.mode == 2:
            st.energy[p] -= 1
        c.acted = True
        c.active = not c.moved
        run_refs(st, ability_refs(c, action.mode), Ctx(p, c, action.target, (), (c,)))
        settle(st)

    def path(self, action: Activate) -> ClickPath:
        target = () if action.target < 0 else (f"cell:{action.target}",)
        return (f"cell:{action.src}", f"ability:{action.mode}", *target)


# -- the flow ---------------------------------------------------------------------------------------
def out_of_step(st: St, action: Action) -> IllegalAction:
    """Setup before play: the Leaders are placed first, and only then."""
    if st.stage == SETUP:
        return _refused("Setup", "place your Leader on a Leader deployment terrain first")
    return _refused("Setup", "the Leader is placed only during setup")


PLAY_RULES: tuple[Rule[St, Any], ...] = (
    EndTurnRule(), DrawRule(), RechargeRule(), SummonRule(), CastRule(), ResummonRule(),
    MoveRule(), AttackRule(), ActivateRule(),
)
FLOW: Flow[St] = Flow(
    [
        Step(SETUP, (PlaceLeaderRule(),), section="Setup"),
        Step(PLAY, PLAY_RULES, section=PLAY_SECTION, fast_legal=listing.play_listing),
        Step(OVER, (), section="End of the Game"),
    ],
    step_of="stage",
    out_of_step=out_of_step,
)


def why_illegal(st: St, action: Action) -> IllegalAction:
    """A cell outside the battlefield first (a board-less action could name one), then the
    flow's refusal."""
    for name in CELL_FIELDS:
        cell = getattr(action, name, -1)
        if not -1 <= cell < st.board.size:
            return _refused("action format", f"{name} {cell} is not a cell of the battlefield")
    return FLOW.why_illegal(st, action)


_APPLY: dict[type[Action], Callable[[St, Any], None]] = {rule.action: rule.apply for rule in FLOW.rules}


def apply(st: St, action: Action) -> None:
    """Log the action, carry it out by its rule, remember it for the views; the play begins
    (phase 1 of the first turn) once both Leaders are placed."""
    p, stage = st.player, st.stage
    text = f"seat {p}: {st.describe(action)}"  # pieces by name, terrains as the board names them
    st.add_log(text)
    _APPLY[type(action)](st, action)
    st.last, st.last_text = action, text
    if stage == SETUP and st.stage == PLAY:
        start_turn(st)
