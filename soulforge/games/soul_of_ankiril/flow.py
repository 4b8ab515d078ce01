"""The rules of a Soul of Ankiril turn: Leader placement at setup, then the Strategy and
Combat phase (rulebook, "Turn Structure").

Every rule is stated once, as named checks (``core.flow.Check``): a rule's legal actions
are its candidates that pass them, its refusal is the first failing check's reason, naming
the rulebook section. The play step lists through ``play_listing``, a one-pass listing of
the same actions for playout speed that calls the same check functions (``hand_has_room``,
``challenger_cell``, ``affords``...; ``tests/soul_of_ankiril/test_flow.py`` proves it equal
to the rules' own listing). The start and end of a turn are in ``sequence.py``; the tables
the listings share (moves, attacks, summons, casts per cell) in ``listing.py``.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from functools import partial
from typing import TYPE_CHECKING, Any, Final

from soulforge.core.action import Action
from soulforge.core.errors import IllegalAction
from soulforge.core.flow import Check, CheckedRule, ClickPath, Flow, Rule, Step, passes
from soulforge.games.soul_of_ankiril import consequences, labels
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
from soulforge.games.soul_of_ankiril.cards import unmet
from soulforge.games.soul_of_ankiril.combat import attack
from soulforge.games.soul_of_ankiril.consequences import HAND_LIMIT
from soulforge.games.soul_of_ankiril.listing import (
    ACTIVATIONS,
    DRAW,
    END,
    RECHARGE,
    TABLES,
    abilities,
    activations_of,
    card_info,
    casts,
    hand_split,
    info_of,
    resummon,
    step_tables,
    summon_cells,
    summons,
)
from soulforge.games.soul_of_ankiril.model import (
    EMPTY,
    OVER,
    PLAY,
    SETUP,
    Creature,
    bumped,
    leader_of,
    replaced,
    without,
)
from soulforge.games.soul_of_ankiril.pieces import Ctx, run_refs, settle
from soulforge.games.soul_of_ankiril.sequence import (
    CELL_FIELDS,
    ability_refs,
    channelers,
    end_turn,
    start_turn,
)
from soulforge.games.soul_of_ankiril.setup import place_leader
from soulforge.games.soul_of_ankiril.words import said

if TYPE_CHECKING:
    from soulforge.games.soul_of_ankiril.state import AnkirilState as St

PLAY_SECTION = "Strategy and Combat"


def _refused(section: str, text: str) -> IllegalAction:
    return IllegalAction(text, rule=section)


def _cell(cell: int) -> ClickPath:
    return (f"cell:{cell}",)


# -- the checks the rules share ------------------------------------------------------------------
def affords(cost: int, st: St, action: object = None) -> bool:
    """Energy: an action costing ``cost`` Energy needs that much left this turn."""
    return st.energy[st.player] >= cost


def pays(what: str, cost: int | Callable[[St, Any], int] = 1) -> Check[St, Any]:
    """The Energy check of an action costing ``cost``: a number, or a function of the state
    and the action (a Leader's resummoning costs what its arrow shows)."""
    test: Callable[[St, Any], bool]
    if isinstance(cost, int):
        test = partial(affords, cost)  # one call a test: the listing asks it on every move
        price: Callable[[St, Any], int] = lambda st, a: cost  # noqa: E731
    else:
        price = cost
        test = lambda st, a: affords(cost(st, a), st)  # noqa: E731

    def reason(st: St, action: Any) -> str:
        return f"{what} costs {price(st, action)} Energy, you have {st.energy[st.player]}"

    return Check("Energy", test, reason, "Energy")


def hand_has_room(st: St, action: object = None) -> bool:
    """Draw a Card: a player draws (for Energy) only while holding fewer than six cards."""
    return len(st.hands[st.player]) < HAND_LIMIT


def deck_left(st: St, action: object = None) -> bool:
    return bool(st.decks[st.player])


def challenger_cell(st: St, c: Creature) -> int:
    """Glossary, "Challenged": the cell of the Challenger that ``c`` may only attack (it
    neither moves nor activates an Ability meanwhile); -1 when ``c`` is not Challenged."""
    by = c.challenged_by
    return st.units[by].cell if by >= 0 else -1


def own_creature(st: St, cell: int) -> Creature | None:
    """The current player's Creature on ``cell`` (None: none there)."""
    if not 0 <= cell < st.board.size or st.occ[cell] < 0:
        return None
    c = st.units[st.occ[cell]]
    return c if c.owner == st.player else None


def _actor(st: St, action: Any) -> Creature:
    """The Creature an action of a Creature names (the ownership check has passed)."""
    return st.units[st.occ[action.src]]


def _name(st: St, action: Any) -> str:
    return _actor(st, action).card.name


OWN: Check[St, Any] = Check(
    "allied Creature", lambda st, a: own_creature(st, a.src) is not None,
    lambda st, a: f"there is no allied Creature on cell {a.src}", "Make Creatures Take Action")
ACTIVE: Check[St, Any] = Check(
    "Active", lambda st, a: _actor(st, a).active,
    lambda st, a: f"{_name(st, a)} is Inactive (synchronization fatigue or done)", "Creatures' Status")
NOT_MOVED: Check[St, Any] = Check(
    "not moved", lambda st, a: not _actor(st, a).moved,
    lambda st, a: f"{_name(st, a)} has already moved this turn", "Movement")
NOT_ACTED: Check[St, Any] = Check(
    "not acted", lambda st, a: not _actor(st, a).acted,
    lambda st, a: f"{_name(st, a)} has already attacked or used its Ability this turn", "Combat/Ability")


def _free(st: St, action: Any) -> bool:
    return challenger_cell(st, _actor(st, action)) < 0


CHALLENGED_STAYS: Check[St, Any] = Check(
    "not Challenged", _free,
    lambda st, a: f"{_name(st, a)} is Challenged: it cannot move before attacking its Challenger",
    "Challenged")
CHALLENGED_NO_ABILITY: Check[St, Any] = Check(
    "not Challenged", _free,
    lambda st, a: f"{_name(st, a)} cannot activate Abilities before attacking its Challenger", "Challenged")


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
        return [END]

    def apply(self, st: St, action: EndTurn) -> None:
        end_turn(st)


DRAW_CHECKS: tuple[Check[St, Any], ...] = (
    Check("hand limit", hand_has_room, "you already hold six cards", "Draw a Card"),
    Check("deck left", deck_left, "your deck has run out: no more cards to draw", "End of the Game"),
    pays("drawing"),
)
DRAW_TESTS = tuple(check.test for check in DRAW_CHECKS)
"""The Draw rule's check functions themselves, in order (the fast listing asks them)."""


class DrawRule(CheckedRule["St", DrawCard]):
    """Draw a Card: 1 Energy, up to six cards in hand."""

    action = DrawCard
    section = "Draw a Card"
    checks = DRAW_CHECKS

    def candidates(self, st: St) -> list[DrawCard]:
        return [DRAW]

    def apply(self, st: St, action: DrawCard) -> None:
        st.energy = bumped(st.energy, st.player, -1)
        consequences.draw(st, st.player, 1)


def leader_arrow_above_zero(st: St, action: object = None) -> bool:
    """A defeated Leader's arrow (above 0) can be recharged."""
    return st.arrow[st.player] > 0


RECHARGE_CHECKS: tuple[Check[St, Any], ...] = (
    Check("arrow above 0", leader_arrow_above_zero,
          "only a defeated Leader whose arrow is above 0 can be recharged",
          "Recharge or Resummon the Leader"),
    pays("recharging"),
)


class RechargeRule(CheckedRule["St", Recharge]):
    """A defeated Leader's arrow moves down one step for 1 Energy."""

    action = Recharge
    section = "Recharge or Resummon the Leader"
    checks = RECHARGE_CHECKS

    def candidates(self, st: St) -> list[Recharge]:
        return [RECHARGE]

    def apply(self, st: St, action: Recharge) -> None:
        st.energy = bumped(st.energy, st.player, -1)
        st.arrow = bumped(st.arrow, st.player, -1)


def _in_hand(kind: str) -> Callable[[St, Any], bool]:
    def test(st: St, action: Any) -> bool:
        return action.card in st.hands[st.player] and st.cards[action.card].type == kind

    return test


def _hand_candidates(st: St, kind: str, found: Callable[[list[str]], Iterable[Action]]) -> list[Action]:
    names = hand_split(st, st.player)[0 if kind == "ally" else 1]
    return list(found(names)) if names else []


class SummonRule(CheckedRule["St", Summon]):
    """Summon Allies: 1 Energy, on an empty terrain next to an allied Emanation or the Leader."""

    action = Summon
    section = "Summon Allies"
    checks = (
        Check("Ally in hand", _in_hand("ally"), "{action.card} is not an Ally card in your hand"),
        pays("summoning"),
        Check("summoning terrain", lambda st, a: a.cell in summon_cells(st, st.player),
              "Allies are summoned on an empty terrain adjacent to an allied Emanation or your Leader"),
    )

    def candidates(self, st: St) -> list[Any]:
        return _hand_candidates(st, "ally", lambda names: (Summon(n, c) for n in names
                                                           for c in range(st.board.size)))

    def apply(self, st: St, action: Summon) -> None:
        p = st.player
        st.energy = bumped(st.energy, p, -1)
        st.hands = replaced(st.hands, p, without(st.hands[p], action.card))
        card = st.cards[action.card]
        c = consequences.place(st, card, p, action.cell, active="Sprint" in card.keywords)
        st.mark_revealed()
        if card.summon:
            run_refs(st, card.summon, Ctx(p, c, EMPTY, ()))

    def path(self, action: Summon) -> ClickPath:
        return (f"hand:{action.card}", f"cell:{action.cell}")


def _element(st: St, action: Cast) -> str | None:
    return st.cards[action.card].element


def _spell_unmet(st: St, a: Cast) -> str:
    """Why the Spell may not be cast now ("": it may)."""
    p, card = st.player, st.cards[a.card]
    return unmet(card, st, Ctx(p, None, EMPTY, (), channelers(st, p, card.element))) or ""


class CastRule(CheckedRule["St", Cast]):
    """Cast a Spell: 1 Energy, through an allied Channeler of its element."""

    action = Cast
    section = "Cast a Spell"
    checks = (
        Check("Spell in hand", _in_hand("spell"), "{action.card} is not a Spell card in your hand"),
        Check("Channeler", lambda st, a: bool(channelers(st, st.player, _element(st, a))),
              lambda st, a: (f"a {_element(st, a)} Spell needs an allied {_element(st, a)} Channeler "
                             "on the battlefield")),
        pays("casting"),
        Check("card requirements", lambda st, a: not _spell_unmet(st, a), _spell_unmet),
        Check("Channeler and target", lambda st, a: a in casts(st, st.player, [a.card]),
              "no such Channeler or target (Mimicry shields at Range > 1)"),
    )

    def candidates(self, st: St) -> list[Any]:
        return _hand_candidates(st, "spell", lambda names: casts(st, st.player, names))

    def apply(self, st: St, action: Cast) -> None:
        p = st.player
        card = st.cards[action.card]
        st.energy = bumped(st.energy, p, -1)
        st.hands = replaced(st.hands, p, without(st.hands[p], action.card))
        st.discard = replaced(st.discard, p, (*st.discard[p], action.card))
        st.mark_revealed()
        src = consequences.creature_at(st, action.via) if action.via >= 0 else None
        sources: tuple[Creature, ...] = (src,) if src is not None else channelers(st, p, card.element)
        run_refs(st, card.effects, Ctx(p, src, action.target, (), sources))
        settle(st)

    def path(self, action: Cast) -> ClickPath:
        via = () if action.via < 0 else (f"cell:{action.via}",)
        target = () if action.target < 0 else (f"cell:{action.target}",)
        return (f"hand:{action.card}", *via, *target)


def leader_defeated(st: St, action: object = None) -> bool:
    """A Leader is defeated while its arrow shows (0 or more)."""
    return st.arrow[st.player] >= 0




class ResummonRule(CheckedRule["St", Resummon]):
    """A defeated Leader returns for the Energy its arrow shows."""

    action = Resummon
    section = "Recharge or Resummon the Leader"
    checks = (
        Check("Leader defeated", leader_defeated, "your Leader is not defeated"),
        pays("resummoning", lambda st, a: st.arrow[st.player]),
        Check("deployment terrain",
              lambda st, a: a.cell in st.board.deployment_cells[st.player] and st.occ[a.cell] == EMPTY,
              "the Leader returns on an empty Leader deployment terrain of your side"),
    )

    def candidates(self, st: St) -> list[Resummon]:
        return [resummon(c) for c in st.board.deployment_cells[st.player]]

    def apply(self, st: St, action: Resummon) -> None:
        p = st.player
        st.energy = bumped(st.energy, p, -st.arrow[p])
        st.arrow = replaced(st.arrow, p, -1)
        leader = leader_of(st.decklists[p], st.cards)
        placed = consequences.place(st, leader, p, action.cell, active="Sprint" in leader.keywords)
        st.leader_uid = replaced(st.leader_uid, p, placed.uid)

    def path(self, action: Resummon) -> ClickPath:
        return ("leader", f"cell:{action.cell}")


# -- Creatures take action --------------------------------------------------------------------------
def own_units(st: St) -> list[Creature]:
    """The current player's Creatures, in board order (the checks say which may act)."""
    p = st.player
    return [c for c in st.units.values() if c.owner == p]


def _reach(st: St, c: Creature) -> tuple[tuple[int, Move], ...]:
    steps, flights, _, _ = step_tables(st.board)
    return flights[c.cell] if "Overfly" in c.card.keywords else steps[c.cell]


class MoveRule(CheckedRule["St", Move]):
    """Movement: to an empty adjacent terrain (Overfly: up to two), once a turn, not Challenged."""

    action = Move
    section = "Movement"
    checks = (OWN, ACTIVE, NOT_MOVED, CHALLENGED_STAYS, Check(
        "empty terrain in reach",
        lambda st, a: st.occ[a.dst] == EMPTY and any(d == a.dst for d, _ in _reach(st, _actor(st, a))),
        "a Creature moves to an empty adjacent terrain (Overfly: up to two)"))

    def candidates(self, st: St) -> list[Move]:
        return [move for c in own_units(st) for _, move in _reach(st, c)]

    def apply(self, st: St, action: Move) -> None:
        c = st.unit(st.occ[action.src])
        consequences.relocate(st, c, action.dst)
        c.moved = True
        c.active = not c.acted

    def path(self, action: Move) -> ClickPath:
        return (f"cell:{action.src}", f"cell:{action.dst}")


def _adjacent(st: St, a: Attack) -> bool:
    return a.dst in st.board.adjacent[a.src]


def _at_challenger(st: St, a: Attack) -> bool:
    cell = challenger_cell(st, _actor(st, a))
    return cell < 0 or (a.dst == cell and _adjacent(st, a))


def _not_guarding(st: St, a: Attack) -> bool:
    """Glossary, "Guardian": a Guardian never attacks an Emanation."""
    return not (st.occ[a.dst] <= -2 and _actor(st, a).has("Guardian"))


def _opponents(st: St, a: Attack) -> bool:
    """An opponent's Creature or active Emanation on an adjacent terrain."""
    occupant, owner = st.occ[a.dst], st.player
    if not _adjacent(st, a) or occupant == EMPTY:
        return False
    return st.units[occupant].owner != owner if occupant >= 0 else (-2 - occupant) // 3 != owner


class AttackRule(CheckedRule["St", Attack]):
    """Direct Attack: an adjacent opponent's Creature or Emanation, once a turn."""

    action = Attack
    section = "Direct Attack"
    checks = (
        OWN, ACTIVE, NOT_ACTED,
        Check("Challenger only", _at_challenger, lambda st, a: f"{_name(st, a)} must attack its Challenger",
              "Challenged"),
        Check("Guardian", _not_guarding,
              lambda st, a: f"{_name(st, a)} is a Guardian and cannot attack Emanations", "Guardian"),
        Check("adjacent opponent", _opponents,
              "a Creature attacks an opponent's Creature or Emanation on an adjacent terrain"),
    )

    def candidates(self, st: St) -> list[Attack]:
        strikes = step_tables(st.board)[2]
        return [attack for c in own_units(st) for _, attack in strikes[c.cell]]

    def apply(self, st: St, action: Attack) -> None:
        attack(st, st.unit(st.occ[action.src]), action.dst)

    def path(self, action: Attack) -> ClickPath:
        return (f"cell:{action.src}", f"cell:{action.dst}")


def _ability_unmet(st: St, a: Activate) -> str:
    """Why the acting Creature's card may not use its Ability now ("": it may)."""
    c = _actor(st, a)
    return unmet(c.card, st, Ctx(st.player, c, EMPTY, (), (c,))) or ""


def _both_paid(st: St, a: Activate) -> bool:
    return a.mode != 2 or affords(1, st)


def _valid(st: St, a: Activate) -> bool:
    return a in abilities(st, _actor(st, a), st.energy[st.player])


class ActivateRule(CheckedRule["St", Activate]):
    """Active Ability: once a turn instead of an attack; Intuition's both for 1 Energy."""

    action = Activate
    section = "Active Ability"
    checks = (
        OWN, ACTIVE, NOT_ACTED,
        Check("has an Active Ability", lambda st, a: bool(_actor(st, a).card.active),
              lambda st, a: f"{_name(st, a)} has no Active Ability"),
        CHALLENGED_NO_ABILITY,
        Check("card requirements", lambda st, a: not _ability_unmet(st, a), _ability_unmet),
        Check("Energy", _both_paid,
              lambda st, a: f"Intuition (both Abilities) costs 1 Energy, you have {st.energy[st.player]}",
              "Energy"),
        Check("target for both", lambda st, a: a.mode != 2 or _valid(st, a), "no valid target for both",
              "Intuition"),
        Check("mode and target", _valid, "not a valid mode or target for this Ability"),
    )

    def candidates(self, st: St) -> list[Any]:
        energy = st.energy[st.player]
        return [a for c in own_units(st) for a in abilities(st, c, energy)]

    def apply(self, st: St, action: Activate) -> None:
        p = st.player
        c = st.unit(st.occ[action.src])
        if action.mode == 2:
            st.energy = bumped(st.energy, p, -1)
        c.acted = True
        c.active = not c.moved
        run_refs(st, ability_refs(c, action.mode), Ctx(p, c, action.target, (), (c,)))
        settle(st)

    def path(self, action: Activate) -> ClickPath:
        target = () if action.target < 0 else (f"cell:{action.target}",)
        return (f"cell:{action.src}", f"ability:{action.mode}", *target)


# -- the play step's fast listing -------------------------------------------------------------------
def play_listing(st: St) -> list[Action]:
    """Every legal action of the Strategy and Combat phase, in the listing order, in one pass
    over the Creatures (moves, attacks and Abilities interleaved): the hottest code of a
    playout. It asks the rules' own checks (``passes``, ``affords``, ``challenger_cell``)."""
    p = st.player
    out: list[Action] = [END]
    for test in DRAW_TESTS:  # passes(DRAW_CHECKS, st, DRAW), without the call
        if not test(st, DRAW):
            break
    else:
        out.append(DRAW)
    defeated = leader_defeated(st)  # both Leader actions need it: one call while the Leader stands
    if defeated and passes(RECHARGE_CHECKS, st, RECHARGE):
        out.append(RECHARGE)
    energy, hand = st.energy[p], st.hands[p]
    if hand and affords(1, st):
        allies, spells = hand_split(st, p)
        if allies:
            out += summons(st, p, allies)
        if spells:
            out += casts(st, p, spells)
    occ = st.occ
    if defeated:  # rare: the rule's own listing
        out += RESUMMON.legal(st)
    board = st.board
    steps, flights, strikes, around = TABLES.get(id(board)) or step_tables(board)
    units = st.units
    # The Creatures' rules (MoveRule, AttackRule, ActivateRule), inlined Creature by Creature.
    for c in units.values():
        if c.owner != p or not c.active:
            continue
        cell = c.cell
        info = info_of(c.card.name) or card_info(c.card)
        target = challenger_cell(st, c)
        if target >= 0:
            if not c.acted:
                out += [attack for d, attack in strikes[cell] if d == target]
            continue
        # Plain loops, not list comprehensions: on a few items, creating the comprehension's
        # function costs more than the loop (Python 3.11).
        guardian = info[1]
        if not c.moved and not c.acted and not info[0]:
            # The common case: steps and attacks look at the same neighbours, in one pass
            # (the attacks still come after all the moves).
            attacks: list[Action] = []
            for d, move, attack in around[cell]:
                o = occ[d]
                if o == EMPTY:
                    out.append(move)
                elif o >= 0:
                    if units[o].owner != p:
                        attacks.append(attack)
                elif not guardian and (-2 - o) // 3 != p:  # an Emanation
                    attacks.append(attack)
            out += attacks
        else:
            if not c.moved:
                for d, move in flights[cell] if info[0] else steps[cell]:
                    if occ[d] == EMPTY:
                        out.append(move)
            if c.acted:
                continue
            for d, attack in strikes[cell]:
                o = occ[d]
                if o >= 0:
                    if units[o].owner != p:
                        out.append(attack)
                elif o <= -2 and not guardian and (-2 - o) // 3 != p:
                    out.append(attack)
        if info[3] and unmet(c.card, st, Ctx(p, c, EMPTY, (), (c,))):
            continue  # the card's requirements (ActivateRule's check)
        cells: list[int] = []
        for mode, targets, args, again in info[2]:
            if mode == 2 and energy < 1:
                continue
            table = (ACTIVATIONS[cell] or activations_of(cell))[mode]
            if targets is None:
                out.append(table[0])
            else:
                if not again:  # else Intuition's both: the targets just found for one Ability
                    cells = targets(st, c, p, args)
                for t in cells:
                    out.append(table[t + 1])
    return out


# -- the flow ---------------------------------------------------------------------------------------
def out_of_step(st: St, action: Action) -> IllegalAction:
    """Setup before play: the Leaders are placed first, and only then."""
    if st.stage == SETUP:
        return _refused("Setup", "place your Leader on a Leader deployment terrain first")
    return _refused("Setup", "the Leader is placed only during setup")


RESUMMON = ResummonRule()
PLAY_RULES: tuple[Rule[St, Any], ...] = (
    EndTurnRule(), DrawRule(), RechargeRule(), SummonRule(), CastRule(), RESUMMON,
    MoveRule(), AttackRule(), ActivateRule(),
)
FLOW: Flow[St] = Flow(
    [
        Step(SETUP, (PlaceLeaderRule(),), section="Setup"),
        Step(PLAY, PLAY_RULES, section=PLAY_SECTION, fast_legal=play_listing),
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


_APPLY: Final[dict[type[Action], Callable[[St, Any], None]]] = {
    rule.action: rule.apply for rule in FLOW.rules
}
"""Each action's rule by its class; ``Final``: compiled, a C static read on every move."""


def apply(st: St, action: Action) -> None:
    """Log the action, carry it out by its rule, remember it for the views; the play begins
    (phase 1 of the first turn) once both Leaders are placed."""
    p, stage = st.player, st.stage
    line = labels.line(st, action)  # pieces by name, terrains as the board names them
    st.log_later(said, p, line)  # the words made when the log is read (words.py)
    _APPLY[type(action)](st, action)
    st.last, st.last_seat, st.last_line = action, p, line
    if stage == SETUP and st.stage == PLAY:
        start_turn(st)
