"""The rules of the game's decisions (rulebook 3 Setup, 4 The turn): one :class:`Rule` per
action kind, holding side by side when it is legal, why it is refused (naming the rulebook
section), what it does and what a player clicks; the steps (phases) that open them; ``FLOW``.

The main phase lists its actions through :func:`main_listing`, one pass over the Active
Soulgiver's options in the rules' order (hot in playouts and search); a differential test
proves it equal to the rules' own listing (``FLOW.plain_legal``). What follows a decision
without one of its own (the next turn, the Anomaly window...) is in ``sequence.py``; the
geometry of movement in ``movement.py``; the effects on the board in ``consequences.py``.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING, Any, ClassVar, TypeVar

from soulforge.core import Action, IllegalAction
from soulforge.core.flow import ClickPath, Flow, Rule, Step
from soulforge.games.soulgivers.actions import (
    ABSORBS,
    ATTACKS,
    COLLECT,
    DECLINE,
    DRAW,
    DROP,
    END,
    ENTERS,
    EXITS,
    PASSES,
    POP_PLACES,
    POPULATION,
    ROTATIONS,
    SKIP,
    STEPS,
    Absorb,
    Attack,
    Collect,
    Declare,
    Decline,
    DrawAnomaly,
    Drop,
    EndTurn,
    Enter,
    ExitHole,
    Keep,
    Pass,
    Pick,
    Place,
    PlayAnomaly,
    PopPlace,
    Population,
    ReturnAnomaly,
    Rotate,
    SkipSwap,
    SwapTile,
    UseAbility,
)
from soulforge.games.soulgivers.actions import Step as StepAction
from soulforge.games.soulgivers.activation import (
    ability_options,
    absorbable,
    attack_hits,
    pass_receiver,
    use_ability,
)
from soulforge.games.soulgivers.board import (
    DIR_NAMES,
    DIRECTIONS,
    NEIGH,
    TILE_OF,
    opposite,
    rotate_mask,
)
from soulforge.games.soulgivers.cards import ABILITIES, CARD_EFFECT
from soulforge.games.soulgivers.consequences import (
    barrier_at,
    conquest,
    destroy,
    label,
    move_tiles,
    own_portals,
    put,
    settle,
)
from soulforge.games.soulgivers.data import CHARS, SHORT_NAMES
from soulforge.games.soulgivers.encoding import (
    ABIL_SOUL,
    ABSORBED,
    ATTACKED,
    BIT,
    COLLECTED,
    DROPPED,
    EXIT,
    KEEP,
    MAIN,
    MOVE_ENDED,
    NONE,
    OTHER,
    OVER,
    PASSED,
    PICK,
    PLACE,
    POP,
    PORTAL,
    REFILL,
    RESPONSE,
    RETURN,
    SWAP,
    TEAM_PIECES,
    Piece,
    kind_of,
    piece_of,
    portal_at,
    team_of,
)
from soulforge.games.soulgivers.movement import arrive, entry_cells, step_directions, wormhole_exits
from soulforge.games.soulgivers.sequence import (
    TURN_CAP,
    after_window,
    can_draw,
    draw_anomaly,
    end_turn,
    hushed,
    open_window,
    place_population_modifier,
    place_replacement,
    play_anomaly,
    play_population,
    pop_cells,
    responder_options,
)
from soulforge.games.soulgivers.setup import place_starting

if TYPE_CHECKING:
    from soulforge.games.soulgivers.state import SoulgiversState

A = TypeVar("A", bound=Action)
TEAM_DECLARES = tuple(tuple((p, BIT[p], Declare(kind_of(p))) for p in ids) for ids in TEAM_PIECES)
"""Per team: (piece, its bit, its Declare action)."""
"""The first turn a Population Ability may be played (clarifications)."""


KEEP_MOVING = "the Soulgiver cannot stop on this cell: it must keep moving"


class SoulgiversRule(Rule["SoulgiversState", A]):
    """A rule of the game, refusing in the order the rulebook explains a turn.

    In the main phase a refusal first names what blocks every action of the kind: the
    Soulgiver must keep moving, no Soulgiver is declared yet, no Tribute Essence is left;
    then the rule's own words (``refused``).
    """

    keeps_moving: ClassVar[bool] = False
    """Allowed while the Active Soulgiver must keep moving (only a step)."""
    needs_active: ClassVar[bool] = True
    """In the main phase, only once a Soulgiver is declared."""
    costs_essence: ClassVar[bool] = False
    """A Tribute action: it takes one of the turn's Tribute Essences."""
    refused: ClassVar[str] = ""
    """The refusal's words when no general reason applies."""

    def refusal(self, state: SoulgiversState, action: A) -> IllegalAction:
        main = state.phase == MAIN
        if main and state.must_continue and not self.keeps_moving:
            return IllegalAction(KEEP_MOVING, rule=self.section)
        if main and self.needs_active and state.active < 0:
            return IllegalAction("declare an Active Soulgiver first", rule="4 turn sequence")
        if self.costs_essence and state.essences <= 0:
            return IllegalAction("no Tribute Essence left this turn", rule="4.2 tribute actions")
        words = self.refused or f"{action} breaks the rule or was already done by this Soulgiver this turn"
        return IllegalAction(words, rule=self.section)


def _moving_on(s: SoulgiversState) -> bool:
    """The Active Soulgiver stands where it may not stop: it can only step on."""
    return s.active >= 0 and s.must_continue


def _turn_open(s: SoulgiversState) -> bool:
    """Any main-phase decision is open, not only stepping on or ending the turn."""
    return not _moving_on(s) and s.turn_actions < TURN_CAP


# -- setup (rulebook 3) -------------------------------------------------------------------------
def _next_swapper(s: SoulgiversState) -> None:
    if s.seat == 0:
        s.seat = 1
    else:
        s.seat, s.phase = 0, PICK


class SkipSwapRule(SoulgiversRule[SkipSwap]):
    """Step 12: a seat may leave the tiles next to its Portals as they are."""

    action = SkipSwap
    section = "setup step 12 (tile swap)"

    def legal(self, state: SoulgiversState) -> list[SkipSwap]:
        return [SKIP]

    def apply(self, state: SoulgiversState, action: SkipSwap) -> None:
        state.add_log(f"seat {state.seat} keeps the tiles")
        _next_swapper(state)


class SwapTileRule(SoulgiversRule[SwapTile]):
    """Step 12: in turn, swap a tile next to your Portals (rotated as chosen)."""

    action = SwapTile
    section = "setup step 12 (tile swap)"

    def legal(self, state: SoulgiversState) -> list[SwapTile]:
        return list(state.game.swaps[state.seat])

    def apply(self, state: SoulgiversState, action: SwapTile) -> None:
        own = state.game.layout.tiles_of_team[state.seat][action.slot]
        move_tiles(state, {action.tile: (own, action.rot), own: (action.tile, 0)})
        state.add_log(f"seat {state.seat} swaps tile {own} with tile {action.tile}")
        _next_swapper(state)

    def path(self, action: SwapTile) -> ClickPath:
        return (f"portal-tile:{action.slot}", f"tile:{action.tile}", f"rotate:{action.rot}")


class PickRule(SoulgiversRule[Pick]):
    """Step 13: the choice is hidden from the other seat until the Soulgivers are placed."""

    action = Pick
    section = "setup step 13 (starting Soulgivers)"

    def legal(self, state: SoulgiversState) -> list[Pick]:
        return [Pick(k) for k in state.deck[state.seat]]

    def apply(self, state: SoulgiversState, action: Pick) -> None:
        team = state.seat
        state.deck[team].remove(action.card)
        state.picks[team].append(action.card)
        state.picks[team].sort()
        state.add_log(f"seat {team} chooses a Soulgiver", visible_to=frozenset((OTHER[team],)))
        state.add_log(f"you choose the {SHORT_NAMES[action.card]}", visible_to=team)
        if len(state.picks[team]) == state.game.rules["team_size"]:
            state.seat, state.phase = (1, PICK) if team == 0 else (0, PLACE)

    def path(self, action: Pick) -> ClickPath:
        return (f"card:{CHARS[action.card].key}",)


class PlaceRule(SoulgiversRule[Place]):
    """Put a Soulgiver on one of your Portals: the chosen three in setup (step 14), or the card
    kept to replace a destroyed one (4.2 Destruction, step 5: it must enter this turn)."""

    action = Place
    section = "setup step 14 / replacing a Soulgiver"

    def legal(self, state: SoulgiversState) -> list[Place]:
        setup = state.phase == PLACE
        team = state.seat if setup else state.player
        cards = state.picks[team] if setup else [state.keep_card]
        return [Place(k, q) for k in cards for q in own_portals(state, team)]

    def apply(self, state: SoulgiversState, action: Place) -> None:
        place = place_starting if state.phase == PLACE else place_replacement
        place(state, action.card, action.portal)

    def path(self, action: Place) -> ClickPath:
        return (f"card:{CHARS[action.card].key}", f"portal:{action.portal}")


# -- replacing a Soulgiver (4.2 Destruction, step 4) ----------------------------------------------
class KeepRule(SoulgiversRule[Keep]):
    """Of the two Soulgiver cards drawn, keep one; the other goes back into the deck."""

    action = Keep
    section = "destruction step 4 (draw 2, keep 1)"

    def legal(self, state: SoulgiversState) -> list[Keep]:
        return [Keep(k) for k in state.pair[state.player]]

    def apply(self, state: SoulgiversState, action: Keep) -> None:
        team = state.player
        state.deck[team] += [k for k in state.pair[team] if k != action.card]
        state.deck[team].sort()
        state.pair[team] = []
        state.keep_card = action.card
        state.phase = REFILL

    def path(self, action: Keep) -> ClickPath:
        return (f"card:{CHARS[action.card].key}",)


# -- the main phase: declaring (4) ------------------------------------------------------------------
class DeclareRule(SoulgiversRule[Declare]):
    """Declare the Active Soulgiver: each once a turn, never going back to an earlier one."""

    action = Declare
    section = "4 turn sequence (declare the Active Soulgiver)"
    needs_active = False
    refused = ("each Soulgiver in the game is activated at most once a turn, and never again once another "
               "is declared")

    def legal(self, state: SoulgiversState) -> list[Declare]:
        return self.options(state) if _turn_open(state) else []

    def options(self, state: SoulgiversState) -> list[Declare]:
        pos, declared, active = state.pos, state.declared, state.active
        return [a for p, flag, a in TEAM_DECLARES[state.player]
                if pos[p] >= 0 and not declared & flag and p != active]

    def apply(self, state: SoulgiversState, action: Declare) -> None:
        piece = piece_of(state.player, action.card)
        state.active = piece
        state.declared |= BIT[piece]
        state.steps, state.line_dir, state.done, state.abil_paid = 0, -1, 0, False
        state.must_continue = False
        state.hushed = hushed(state, piece)
        state.add_log(f"seat {state.player} activates the {SHORT_NAMES[action.card]}")
        state.pop_waiting = False
        open_window(state)

    def path(self, action: Declare) -> ClickPath:
        return (f"soulgiver:{CHARS[action.card].key}",)


# -- the Active Soulgiver's free actions: movement (4.2; 6 Portals) ----------------------------------
class EnterRule(SoulgiversRule[Enter]):
    """From a Portal, the first step onto one of its two front cells (6 Portals)."""

    action = Enter
    section = "6 portals (entering the board)"

    def legal(self, state: SoulgiversState) -> list[Enter]:
        piece = state.active
        if piece < 0 or state.pos[piece] < PORTAL or not (_moving_on(state) or _turn_open(state)):
            return []
        return self.options(state, piece)

    def options(self, state: SoulgiversState, piece: Piece) -> list[Enter]:
        return [ENTERS[c] for c in entry_cells(state, piece)]

    def apply(self, state: SoulgiversState, action: Enter) -> None:
        piece = state.active
        side = state.game.layout.portals[portal_at(state.pos[piece])].side
        arrive(state, piece, action.cell, opposite(side))

    def path(self, action: Enter) -> ClickPath:
        return (f"cell:{action.cell}",)


class StepRule(SoulgiversRule[StepAction]):
    """One cell of movement; off the board only into an own Portal with the Fragment (Conquest)."""

    action = StepAction
    section = "4.2 movement (four fundamental rules)"
    keeps_moving = True

    def legal(self, state: SoulgiversState) -> list[StepAction]:
        piece = state.active
        if piece < 0 or state.pos[piece] >= PORTAL or not (_moving_on(state) or _turn_open(state)):
            return []
        return self.options(state, piece)

    def options(self, state: SoulgiversState, piece: Piece) -> list[StepAction]:
        return [STEPS[d] for d in step_directions(state, piece)]

    def apply(self, state: SoulgiversState, action: StepAction) -> None:
        piece = state.active
        target = NEIGH[state.pos[piece]][action.dir]
        if target < 0:
            state.add_log(f"seat {team_of(piece)} brings the Fragment home")
            conquest(state, team_of(piece))
            return
        arrive(state, piece, target, action.dir)

    def path(self, action: StepAction) -> ClickPath:
        return (f"step:{DIR_NAMES[action.dir]}",)


class ActiveRule(SoulgiversRule[A]):
    """An action of the Active Soulgiver on the board, free to stop where it stands."""

    def legal(self, state: SoulgiversState) -> list[A]:
        piece = state.active
        if piece < 0 or state.pos[piece] >= PORTAL or not _turn_open(state):
            return []
        return self.options(state, piece)

    def options(self, state: SoulgiversState, piece: Piece) -> list[A]:
        """The actions of this kind for ``piece``, the Active Soulgiver on the board."""
        raise NotImplementedError


class RotateRule(ActiveRule[Rotate]):
    """Shield rotation ends the movement (it may be done without moving)."""

    action = Rotate
    section = "4.2 shield rotation"

    def options(self, state: SoulgiversState, piece: Piece) -> list[Rotate]:
        return [] if state.done & MOVE_ENDED else list(ROTATIONS)

    def apply(self, state: SoulgiversState, action: Rotate) -> None:
        state.shields[state.active] = rotate_mask(state.shields[state.active], action.turns)
        state.done |= MOVE_ENDED

    def path(self, action: Rotate) -> ClickPath:
        return (f"rotate:{action.turns}",)


class ExitHoleRule(SoulgiversRule[ExitHole]):
    """Wormhole: come out of any Black Hole for free; a linear mover starts a new line."""

    action = ExitHole
    section = "9 spacewalker: wormhole"

    def legal(self, state: SoulgiversState) -> list[ExitHole]:
        return [EXITS[c] for c in wormhole_exits(state)]

    def apply(self, state: SoulgiversState, action: ExitHole) -> None:
        put(state, state.active, action.cell)
        state.line_dir = -1
        state.phase = MAIN
        settle(state)

    def path(self, action: ExitHole) -> ClickPath:
        return (f"cell:{action.cell}",)


# -- Soul acquisition (free) and the Tribute actions, once per activation (4.2) ----------------------
class AbsorbRule(ActiveRule[Absorb]):
    """Absorb an allied Soul on the Active Soulgiver's tile: its Decay starts again at 1."""

    action = Absorb
    section = "4.2 soul acquisition"

    def options(self, state: SoulgiversState, piece: Piece) -> list[Absorb]:
        if state.done & ABSORBED or state.soul[piece] >= 0:
            return []
        return [ABSORBS[soul] for soul in absorbable(state, piece)]

    def apply(self, state: SoulgiversState, action: Absorb) -> None:
        piece = state.active
        del state.souls[action.soul]
        state.soul[piece] = action.soul
        state.decay[piece] = state.game.rules["decay_start"]
        state.done |= ABSORBED
        if state.abil_paid:  # 5.1: no Ability of a Soul absorbed after paying for Abilities this turn
            state.done |= ABIL_SOUL
        # the log names the character in full ("the The Runner"): the golden games fix its words
        state.add_log(f"{label(piece)} absorbs the Soul of the {SHORT_NAMES[kind_of(action.soul)]}")

    def path(self, action: Absorb) -> ClickPath:
        return (f"soul:{action.soul}",)


class CollectRule(ActiveRule[Collect]):
    """Collect the Fragment lying on the Active Soulgiver's tile, once the Barrier is down."""

    action = Collect
    section = "4.2 fragment collection"
    costs_essence = True

    def options(self, state: SoulgiversState, piece: Piece) -> list[Collect]:
        if state.essences <= 0 or state.done & COLLECTED or state.carrier >= 0 or state.barrier:
            return []
        return [COLLECT] if state.frag_tile == TILE_OF[state.pos[piece]] else []

    def apply(self, state: SoulgiversState, action: Collect) -> None:
        state.pay(state.active)
        state.carrier, state.frag_tile = state.active, -1
        state.done |= COLLECTED
        state.add_log(f"{label(state.active)} collects the Fragment")

    def path(self, action: Collect) -> ClickPath:
        return ("fragment",)


class PassRule(ActiveRule[Pass]):
    """Pass the Fragment to the ally exactly 3 linear cells away, the line of sight clear."""

    action = Pass
    section = "4.2 passing the fragment (3 exact linear cells, clear line of sight)"
    costs_essence = True

    def options(self, state: SoulgiversState, piece: Piece) -> list[Pass]:
        if state.essences <= 0 or state.carrier != piece or state.done & PASSED:
            return []
        return [PASSES[d] for d in DIRECTIONS if pass_receiver(state, piece, d) >= 0]

    def apply(self, state: SoulgiversState, action: Pass) -> None:
        state.pay(state.active)
        state.carrier = pass_receiver(state, state.active, action.dir)
        state.done |= PASSED
        state.add_log(f"{label(state.active)} passes the Fragment to {label(state.carrier)}")

    def path(self, action: Pass) -> ClickPath:
        return (f"pass:{DIR_NAMES[action.dir]}",)


class DropRule(ActiveRule[Drop]):
    """Drop the carried Fragment at the centre of the carrier's tile."""

    action = Drop
    section = "4.2 dropping the fragment"
    costs_essence = True

    def options(self, state: SoulgiversState, piece: Piece) -> list[Drop]:
        return [DROP] if state.essences > 0 and state.carrier == piece and not state.done & DROPPED else []

    def apply(self, state: SoulgiversState, action: Drop) -> None:
        state.pay(state.active)
        state.carrier, state.frag_tile = NONE, TILE_OF[state.pos[state.active]]
        state.done |= DROPPED
        state.add_log(f"{label(state.active)} drops the Fragment")


class AttackRule(ActiveRule[Attack]):
    """Attack: Destruction of the opposing Soulgiver (or the Barrier) perpendicular next to it.
    A shield facing the attack, or Sacred Ground, stops it: such an attack is not offered."""

    action = Attack
    section = "4.2 attack: destruction"
    costs_essence = True

    def options(self, state: SoulgiversState, piece: Piece) -> list[Attack]:
        if state.essences <= 0 or state.done & ATTACKED or not state.game.char_of[piece].attack:
            return []
        return [ATTACKS[d] for d in DIRECTIONS if attack_hits(state, piece, d)]

    def apply(self, state: SoulgiversState, action: Attack) -> None:
        state.pay(state.active)
        state.done |= ATTACKED
        cell = NEIGH[state.pos[state.active]][action.dir]
        state.touched = (*state.touched, cell)
        if barrier_at(state, cell):
            state.barrier = False
            state.add_log("the Barrier is destroyed")
            return
        destroy(state, state.occ[cell], attack=True)

    def path(self, action: Attack) -> ClickPath:
        return (f"attack:{DIR_NAMES[action.dir]}",)


class AbilityRule(ActiveRule[UseAbility]):
    """A Soulgiver's Abilities, each once an activation: one Tribute Essence pays for all it
    uses (its own and, in Double Soul, its Soul's); a Decay cost is paid in Decay."""

    action = UseAbility
    section = "4.2 soulgivers' abilities"

    def options(self, state: SoulgiversState, piece: Piece) -> list[UseAbility]:
        return ability_options(state, piece)

    def apply(self, state: SoulgiversState, action: UseAbility) -> None:
        use_ability(state, state.active, action)

    def path(self, action: UseAbility) -> ClickPath:
        return ABILITIES[action.name].path(action.x, action.y)


# -- special actions: Anomalies and the Population Ability (4.2) ---------------------------------
class DrawRule(SoulgiversRule[DrawAnomaly]):
    """Once a turn, for a Tribute Essence; not while an opposing Soulgiver is on Interference."""

    action = DrawAnomaly
    section = "4.2 drawing an anomaly card"
    needs_active = False
    costs_essence = True
    refused = "once per turn, and not while an opposing Soulgiver stands on an Interference cell"

    def legal(self, state: SoulgiversState) -> list[DrawAnomaly]:
        return [DRAW] if _turn_open(state) and can_draw(state) else []

    def apply(self, state: SoulgiversState, action: DrawAnomaly) -> None:
        state.essences -= 1
        state.drew = True
        draw_anomaly(state, state.player)
        if len(state.hand[state.player]) > state.game.rules["hand_limit"]:
            state.phase = RETURN


class ReturnRule(SoulgiversRule[ReturnAnomaly]):
    """A hand of more than 3 Anomalies puts one back into the deck."""

    action = ReturnAnomaly
    section = "4.2 drawing an anomaly card (hand of 3)"

    def legal(self, state: SoulgiversState) -> list[ReturnAnomaly]:
        return [ReturnAnomaly(c) for c in sorted(set(state.hand[state.player]))]

    def apply(self, state: SoulgiversState, action: ReturnAnomaly) -> None:
        state.hand[state.player].remove(action.card)
        state.pile.append(action.card)
        state.pile.sort()
        state.add_log("an Anomaly goes back into the deck")
        state.phase = MAIN

    def path(self, action: ReturnAnomaly) -> ClickPath:
        return (f"hand:{action.card}",)


class PlayAnomalyRule(SoulgiversRule[PlayAnomaly]):
    """After an activation the seat not in turn may play one Anomaly a turn (not against a
    Soulgiver on a Portal, and not while a Soulgiver in turn stands on Interference)."""

    action = PlayAnomaly
    section = "4.2 playing an anomaly card"

    def legal(self, state: SoulgiversState) -> list[PlayAnomaly]:
        return self.options(state) if responder_options(state)[0] else []

    @staticmethod
    def options(state: SoulgiversState) -> list[PlayAnomaly]:
        """Every card of the responder's hand on each of its targets."""
        team = OTHER[state.player]
        return [PlayAnomaly(card, t) for card in sorted(set(state.hand[team]))
                for t in CARD_EFFECT[card].targets(state, team)]

    def apply(self, state: SoulgiversState, action: PlayAnomaly) -> None:
        play_anomaly(state, action.card, action.target)

    def path(self, action: PlayAnomaly) -> ClickPath:
        return (f"hand:{action.card}", *CARD_EFFECT[action.card].path(action.target))


class DeclineRule(SoulgiversRule[Decline]):
    """The seat not in turn lets the activation go on."""

    action = Decline
    section = "4.2 playing an anomaly card"

    def legal(self, state: SoulgiversState) -> list[Decline]:
        return [DECLINE]

    def apply(self, state: SoulgiversState, action: Decline) -> None:
        state.phase = after_window(state)


class PopulationRule(SoulgiversRule[Population]):
    """Once a game, from turn 3, after an activation: in your turn (the opponent may first
    answer with an Anomaly) or in answer to an opposing activation (clarifications)."""

    action = Population
    section = "4.2 population ability"
    needs_active = False
    refused = "once per game, after an activation, from the second turn"

    def legal(self, state: SoulgiversState) -> list[Population]:
        if state.phase == RESPONSE:
            return [POPULATION] if responder_options(state)[1] else []
        return [POPULATION] if _turn_open(state) and self.in_turn(state) else []

    @staticmethod
    def in_turn(state: SoulgiversState) -> bool:
        return (state.active >= 0 and not state.pop_used[state.player]
                and state.turn >= state.game.rules["population_from_turn"])

    def apply(self, state: SoulgiversState, action: Population) -> None:
        play_population(state, state.player if state.phase == MAIN else OTHER[state.player])


class PopPlaceRule(SoulgiversRule[PopPlace]):
    """The Population Ability's Modifiers, placed one by one until all are placed or no cell
    is left (the Border on free cells, Event Horizon on Black Holes)."""

    action = PopPlace
    section = "4.2 population ability"

    def legal(self, state: SoulgiversState) -> list[PopPlace]:
        if state.pop_cache is None:
            state.pop_cache = pop_cells(state, state.pop_team)
        return [POP_PLACES[c] for c in state.pop_cache]

    def apply(self, state: SoulgiversState, action: PopPlace) -> None:
        place_population_modifier(state, action.cell)

    def path(self, action: PopPlace) -> ClickPath:
        return (f"cell:{action.cell}",)


# -- ending the turn (4.3) ------------------------------------------------------------------------
class EndTurnRule(SoulgiversRule[EndTurn]):
    """Every Soulgiver in the game gains Decay (+1 more if it used Tribute Essences, +3 a turn
    once the other team is out); a replacement left on its Portal and a Soulgiver on an
    opposing population Modifier are destroyed; then the next turn begins."""

    action = EndTurn
    section = "4.3 ending the turn"
    needs_active = False

    def legal(self, state: SoulgiversState) -> list[EndTurn]:
        return [] if _moving_on(state) else [END]

    def apply(self, state: SoulgiversState, action: EndTurn) -> None:
        end_turn(state)


# -- the steps ---------------------------------------------------------------------------------------
DECLARE, ENTER, STEP, ROTATE = DeclareRule(), EnterRule(), StepRule(), RotateRule()
ABSORB, COLLECT_RULE, PASS_RULE, DROP_RULE = AbsorbRule(), CollectRule(), PassRule(), DropRule()
ATTACK, ABILITY = AttackRule(), AbilityRule()
ON_BOARD: tuple[SoulgiversRule[Any], ...] = (
    STEP, ROTATE, ABSORB, COLLECT_RULE, PASS_RULE, DROP_RULE, ATTACK, ABILITY)
"""The Active Soulgiver's actions on the board, in listing order."""
DRAW_RULE, POPULATION_RULE, END_RULE = DrawRule(), PopulationRule(), EndTurnRule()
PLACE_RULE = PlaceRule()


def main_listing(s: SoulgiversState) -> list[Action]:
    """The main phase's legal actions in one pass, in the rules' order (see the module doc):
    the rules' options, each asked only when its cheapest condition holds."""
    active = s.active
    if active >= 0 and s.must_continue:
        return list((ENTER if s.pos[active] >= PORTAL else STEP).options(s, active))
    if s.turn_actions >= TURN_CAP:
        return [END]
    pos, declared = s.pos, s.declared
    out: list[Action] = [  # DECLARE's options, inline: the commonest listing of all
        a for p, flag, a in TEAM_DECLARES[s.player] if pos[p] >= 0 and not declared & flag and p != active]
    if active >= 0:
        if s.pos[active] >= PORTAL:
            out += ENTER.options(s, active)
        else:
            out += STEP.options(s, active)
            if not s.done & MOVE_ENDED:
                out += ROTATIONS  # ROTATE's options
            if s.souls:
                out += ABSORB.options(s, active)
            if s.essences > 0:
                out += COLLECT_RULE.options(s, active)
                if s.carrier == active:
                    out += PASS_RULE.options(s, active)
                    out += DROP_RULE.options(s, active)
                out += ATTACK.options(s, active)
            out += ability_options(s, active)  # ABILITY's options
    if can_draw(s):
        out.append(DRAW)
    if (active >= 0 and not s.pop_used[s.player]
            and s.turn >= s.game.rules["population_from_turn"]):  # POPULATION_RULE's
        out.append(POPULATION)
    out.append(END)
    return out


def response_listing(s: SoulgiversState) -> list[Action]:
    """The Anomaly window's legal actions, the responder's options worked out once."""
    anomaly, pop = responder_options(s)
    out: list[Action] = [DECLINE]
    if anomaly:
        out += PlayAnomalyRule.options(s)
    if pop:
        out.append(POPULATION)
    return out


PROMPTS = {
    SWAP: "setup step 12: swap a tile next to your Portals, or keep the tiles",
    PICK: "setup step 13: secretly choose your starting Soulgivers",
    PLACE: "setup step 14: place your chosen Soulgivers on your Portals",
    KEEP: "replace a Soulgiver: keep one of the cards you drew",
    REFILL: "put the new Soulgiver on one of your Portals",
    RESPONSE: "your opponent activated a Soulgiver: play an Anomaly or let it go on",
    POP: "place the Modifiers of your Population Ability",
    RETURN: "you hold too many Anomalies: put one back in the deck",
    EXIT: "Wormhole: choose the Black Hole to come out of",
}
"""What the deciding seat is asked, per step (the main phase's depends on the activation)."""


def prompt(s: SoulgiversState) -> str:
    if s.phase == OVER:
        return ""
    if s.phase == MAIN:
        if s.active < 0:
            return "declare the Soulgiver to activate, draw an Anomaly, or end the turn"
        name = SHORT_NAMES[kind_of(s.active)]
        if s.must_continue:
            return f"the {name} cannot stop here: keep moving"
        return f"act with the {name}, activate another Soulgiver, or end the turn"
    return PROMPTS[s.phase]


def _not_now(s: SoulgiversState, action: Action) -> IllegalAction:
    """An action whose kind is not open in this phase: say what is being decided instead."""
    return IllegalAction(f"{action} is not possible now: {prompt(s)}", rule=FLOW.rule_for(action).section)


def _steps() -> Iterable[Step[SoulgiversState]]:
    responses = (DeclineRule(), PlayAnomalyRule(), POPULATION_RULE)
    main: tuple[SoulgiversRule[Any], ...] = (DECLARE, ENTER, *ON_BOARD, DRAW_RULE, POPULATION_RULE, END_RULE)
    yield Step(SWAP, (SkipSwapRule(), SwapTileRule()), section="3 setup, step 12")
    yield Step(PICK, (PickRule(),), section="3 setup, step 13")
    yield Step(PLACE, (PLACE_RULE,), section="3 setup, step 14")
    yield Step(KEEP, (KeepRule(),), section="4.2 destruction, step 4")
    yield Step(REFILL, (PLACE_RULE,), section="4.2 destruction, step 5")
    yield Step(MAIN, main, section="4 turn sequence", fast_legal=main_listing)
    yield Step(RESPONSE, responses, section="4.2 playing an anomaly card", fast_legal=response_listing)
    yield Step(POP, (PopPlaceRule(),), section="4.2 population ability")
    yield Step(RETURN, (ReturnRule(),), section="4.2 drawing an anomaly card")
    yield Step(EXIT, (ExitHoleRule(),), section="9 spacewalker: wormhole")
    yield Step(OVER, (), section="8 the end of the game")


FLOW: Flow[SoulgiversState] = Flow(list(_steps()), step_of="phase", out_of_step=_not_now)
