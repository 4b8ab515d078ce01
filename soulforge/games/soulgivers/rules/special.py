"""The special actions (rulebook 4.2): drawing and playing Anomalies, the window after each
activation in which the seat not in turn may answer, and the Population Ability (played in
one's turn or in answer, its Modifiers placed one by one; clarifications).

Each condition is stated once as a named check: ``DRAW_CHECKS`` (``can_draw``) the Draw
rule's, ``POPULATION_CHECKS`` (``population_allowed``) the Population rule's; the window
(``open_window``), the fast listings and the rules' own listing call them.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from soulforge.core import IllegalAction
from soulforge.core.flow import Check, ClickPath, first_failure, passes
from soulforge.games.soulgivers import words
from soulforge.games.soulgivers.actions import (
    DECLINE,
    DRAW,
    POP_PLACES,
    POPULATION,
    Decline,
    DrawAnomaly,
    PlayAnomaly,
    PopPlace,
    Population,
    ReturnAnomaly,
    play_anomaly_,
    return_anomaly_,
)
from soulforge.games.soulgivers.board import CELLS, FREE, HOLE, INTER, MOTHER, TILE_OF, Cell
from soulforge.games.soulgivers.cards import CARDS
from soulforge.games.soulgivers.consequences import COVERABLE, push_mod, settle
from soulforge.games.soulgivers.data import DATA
from soulforge.games.soulgivers.encoding import (
    MAIN,
    NONE,
    OTHER,
    OVER,
    POP,
    PORTAL,
    RESPONSE,
    RETURN,
    Phase,
    Team,
    team_members,
)
from soulforge.games.soulgivers.rules.common import ESSENCE, MAY_STOP, SoulgiversRule, turn_open
from soulforge.games.soulgivers.rules.inline import inline
from soulforge.games.soulgivers.sequence import draw_anomaly

if TYPE_CHECKING:
    from soulforge.games.soulgivers.state import SoulgiversState

SPECIAL = "4.2 special actions"


# -- the Interference cells (rulebook 4.2, Interference) --------------------------------------------
def interference_blocked(s: SoulgiversState, team: Team) -> bool:
    """A Soulgiver of ``team`` on an Interference cell stops the other seat's Anomalies."""
    printed, pos = s.printed, s.pos
    for p in team_members(s.on_board, team):  # noqa: SIM110  # a loop, not any(): no generator frame
        if printed[pos[p]] == INTER:
            return True
    return False


# -- drawing an Anomaly (4.2) ---------------------------------------------------------------------
def drawable(s: SoulgiversState, action: object = None) -> bool:
    """Not yet drawn this turn, a card left (pile or discards), no opposing Soulgiver on an
    Interference cell: one check, asked on every main-phase listing (a call each saved)."""
    return not s.drew and bool(s.pile or s.discard) and not interference_blocked(s, OTHER[s.player])


DRAW_CHECKS: tuple[Check[Any, Any], ...] = (
    Check("an Anomaly to draw", drawable, "an Anomaly is drawn once a turn, while a card is left, and not "
                                          "while an opposing Soulgiver stands on an Interference cell"),
    ESSENCE,
)
"""Drawing an Anomaly: once a turn, a card left, no Interference, for a Tribute Essence."""


def can_draw(s: SoulgiversState) -> bool:
    """May the player in turn draw an Anomaly now (its rule's checks; compiled into the main
    phase's fast listing, ``inline.py``)?"""
    return passes(DRAW_CHECKS, s, DRAW)


class DrawRule(SoulgiversRule[DrawAnomaly]):
    """Once a turn, for a Tribute Essence; not while an opposing Soulgiver is on Interference."""

    action = DrawAnomaly
    section = "4.2 drawing an anomaly card"
    checks = (MAY_STOP, ESSENCE, DRAW_CHECKS[0])

    def legal(self, state: SoulgiversState) -> list[DrawAnomaly]:
        return [DRAW] if turn_open(state) and can_draw(state) else []

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
        out = []
        for c in sorted(set(state.hand[state.player])):  # a loop: no comprehension frame
            out.append(return_anomaly_(c))
        return out

    def apply(self, state: SoulgiversState, action: ReturnAnomaly) -> None:
        state.hand[state.player].remove(action.card)
        state.pile.append(action.card)
        state.pile.sort()
        state.add_log("an Anomaly goes back into the deck")
        state.phase = MAIN

    def path(self, action: ReturnAnomaly) -> ClickPath:
        return (f"hand:{action.card}",)


# -- the Population Ability's conditions (4.2; clarifications) --------------------------------------
def population_unused(s: SoulgiversState, team: Team) -> bool:
    return not s.pop_used[team]


def population_turn_reached(s: SoulgiversState, team: Team) -> bool:
    return s.turn >= s.game.rules["population_from_turn"]


def after_an_activation(s: SoulgiversState, team: Team) -> bool:
    return s.active >= 0


def none_waiting(s: SoulgiversState, team: Team) -> bool:
    """The player in turn's own Population Ability is not waiting on this window."""
    return not s.pop_waiting


POPULATION_CHECKS: tuple[Check[Any, Any], ...] = (
    Check("once a game", population_unused, "the Population Ability is played once a game"),
    Check("its turn reached", population_turn_reached, lambda s, team: (
        f"the Population Ability may not be played before turn {s.game.rules['population_from_turn']}")),
    Check("after an activation", after_an_activation, "the Population Ability is played after an activation"),
    Check("none waiting", none_waiting, "a Population Ability already waits on this Anomaly window"),
)
"""The conditions of playing a seat's Population Ability, each a check asked of (the state,
the seat): the one statement of the rule, read by its listing and refusal, the main phase's
fast listing and the Anomaly window."""


def population_allowed(s: SoulgiversState, team: Team) -> bool:
    """May ``team`` play its Population Ability now (``POPULATION_CHECKS``; compiled into the
    fast listings and the window, ``inline.py``)?"""
    return passes(POPULATION_CHECKS, s, team)


def population_team(s: SoulgiversState) -> Team:
    """Whose Population Ability an action would play: the responder's in the window."""
    return OTHER[s.player] if s.phase == RESPONSE else s.player


class PopulationRule(SoulgiversRule[Population]):
    """Once a game, from turn 3, after an activation: in your turn (the opponent may first
    answer with an Anomaly) or in answer to an opposing activation (clarifications)."""

    action = Population
    section = "4.2 population ability"
    checks = (MAY_STOP,)

    def legal(self, state: SoulgiversState) -> list[Population]:
        if state.phase != RESPONSE and not turn_open(state):
            return []
        return [POPULATION] if population_allowed(state, population_team(state)) else []

    def refusal(self, state: SoulgiversState, action: Population) -> IllegalAction:
        """The stepping gate, then the first of ``POPULATION_CHECKS`` the deciding seat fails."""
        return (first_failure(self.checks, state, action, self.section)
                or first_failure(POPULATION_CHECKS, state, population_team(state), self.section)
                or super().refusal(state, action))

    def apply(self, state: SoulgiversState, action: Population) -> None:
        play_population(state, state.player if state.phase == MAIN else OTHER[state.player])


def play_population(s: SoulgiversState, team: Team) -> None:
    """In answer to an activation it starts at once; in the turn, the opponent may first
    answer with an Anomaly, which resolves first."""
    if team != s.player:
        s.response_pop = True
        s.phase = start_population(s, team)
        return
    if anomaly_allowed(s):
        s.pop_waiting = True
        s.phase = RESPONSE
        return
    s.phase = start_population(s, team)


def start_population(s: SoulgiversState, team: Team) -> Phase:
    spec = DATA.populations[s.pop_of[team]]
    s.pop_used[team] = True
    s.pop_team = team
    rules = s.game.rules
    s.pop_left = rules["border_modifiers"] if spec.places_on == "free" else rules["horizon_modifiers"]
    s.add_log(f"seat {team} plays {spec.ability_name}")
    s.mark_revealed()
    s.pop_cache = pop_cells(s, team)
    return POP if s.pop_cache else finish_population(s)


def pop_cells(s: SoulgiversState, team: Team) -> tuple[int, ...]:
    """The cells open to ``team``'s population Modifiers (free cells for the Border, Black
    Holes for Event Horizon) with no Soulgiver, no Interference, and a coverable top."""
    want = FREE if DATA.populations[s.pop_of[team]].places_on == "free" else HOLE
    # a Soul does not occupy its cell: Modifiers may go on it (10, Remember; 11 Anima)
    found = [c for c, e, o, p, m in zip(CELLS, s.eff, s.occ, s.printed, s.mods, strict=True)
             if e == want and o < 0 and p != INTER and (not m or COVERABLE[m[-1]])]
    return tuple(c for c in found if not (s.barrier and TILE_OF[c] == MOTHER)) if s.barrier else tuple(found)


def place_population_modifier(s: SoulgiversState, cell: Cell) -> None:
    """One Modifier placed: the open cells are found again if it attracted a Soulgiver; the
    Ability ends when all are placed or no cell is left."""
    team = s.pop_team
    push_mod(s, cell, DATA.populations[s.pop_of[team]].modifier)
    s.touched = (*s.touched, cell)
    s.pop_left -= 1
    moved = len(s.touched)
    settle(s)
    if s.pop_left <= 0:
        s.pop_cache = ()
    elif len(s.touched) != moved or s.pop_cache is None:  # someone was attracted: look again
        s.pop_cache = pop_cells(s, team)
    else:
        s.pop_cache = tuple(c for c in s.pop_cache if c != cell)
    if not s.pop_cache:
        s.phase = finish_population(s)


def finish_population(s: SoulgiversState) -> Phase:
    team = s.pop_team
    s.pop_team = NONE
    settle(s)
    if team != s.player and s.response_pop:
        s.response_pop = False
        return RESPONSE if anomaly_allowed(s) else after_window(s)
    return MAIN


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


# -- the Anomaly window after an activation (4.2 Playing an Anomaly) --------------------------------
def has_anomaly_option(s: SoulgiversState, team: Team) -> bool:
    """Has a card of ``team``'s hand a target now?"""
    hand = s.hand[team]
    for card in set(hand) if len(hand) > 1 else hand:  # noqa: SIM110  # a loop: no generator frame
        if CARDS[card].has_target(s, team):
            return True
    return False


def may_answer(s: SoulgiversState) -> bool:
    """May the seat not in turn play an Anomaly now, if a card of its hand has a target: one a
    turn, a card in hand, no Soulgiver in turn on an Interference cell."""
    return not s.anomaly_played and bool(s.hand[OTHER[s.player]]) and not interference_blocked(s, s.player)


def anomaly_allowed(s: SoulgiversState) -> bool:
    """May the seat not in turn play an Anomaly now (``may_answer``, with a card that has a target)?"""
    return may_answer(s) and has_anomaly_option(s, OTHER[s.player])


def open_window(s: SoulgiversState) -> None:
    """After an activation the other seat may answer, if it has anything to answer with (its
    Population Ability asked first: the cheaper question)."""
    may = population_allowed(s, OTHER[s.player]) or anomaly_allowed(s)
    s.phase = RESPONSE if may else after_window(s)


def after_window(s: SoulgiversState) -> Phase:
    """The window closes: a Population Ability waiting on it starts, else the turn goes on."""
    if s.pop_waiting:
        s.pop_waiting = False
        return start_population(s, s.player)
    return MAIN


def play_anomaly(s: SoulgiversState, card: str, target: int) -> None:
    """The responder plays ``card`` on ``target``; the window stays open for its Population
    Ability if it may still play it, else the turn goes on."""
    team, effect = OTHER[s.player], CARDS[card]
    s.hand[team].remove(card)
    s.discard.append(card)
    s.discard.sort()
    s.log_later(words.plays_anomaly, team, card, target)
    effect.apply(s, team, target)
    if effect.is_on_soulgiver and target >= 0 and 0 <= s.pos[target] < PORTAL:
        s.touched = (*s.touched, s.pos[target])
    s.anomaly_played = True
    s.mark_revealed()
    if s.phase == OVER:
        return
    s.phase = RESPONSE if population_allowed(s, OTHER[s.player]) else after_window(s)


class PlayAnomalyRule(SoulgiversRule[PlayAnomaly]):
    """After an activation the seat not in turn may play one Anomaly a turn (not against a
    Soulgiver on a Portal, and not while a Soulgiver in turn stands on Interference)."""

    action = PlayAnomaly
    section = "4.2 playing an anomaly card"

    def legal(self, state: SoulgiversState) -> list[PlayAnomaly]:
        return self.options(state) if anomaly_allowed(state) else []

    @staticmethod
    def options(state: SoulgiversState) -> list[PlayAnomaly]:
        """Every card of the responder's hand on each of its targets."""
        team, out = OTHER[state.player], []
        for card in sorted(set(state.hand[team])):  # a loop: no comprehension frame (every window)
            for t in CARDS[card].targets(state, team):
                out.append(play_anomaly_(card, t))
        return out

    def refusal(self, state: SoulgiversState, action: PlayAnomaly) -> IllegalAction:
        """A card of the hand on a target it may not take: the card's first unmet requirement."""
        team = OTHER[state.player]
        if anomaly_allowed(state) and action.card in state.hand[team]:
            reason = CARDS[action.card].refusal(state, team, action.target)
            if reason is not None:
                return IllegalAction(reason, rule=self.section)
        return super().refusal(state, action)

    def apply(self, state: SoulgiversState, action: PlayAnomaly) -> None:
        play_anomaly(state, action.card, action.target)

    def path(self, action: PlayAnomaly) -> ClickPath:
        return (f"hand:{action.card}", *CARDS[action.card].path(action.target))


class DeclineRule(SoulgiversRule[Decline]):
    """The seat not in turn lets the activation go on."""

    action = Decline
    section = "4.2 playing an anomaly card"

    def legal(self, state: SoulgiversState) -> list[Decline]:
        return [DECLINE]

    def apply(self, state: SoulgiversState, action: Decline) -> None:
        state.phase = after_window(state)


DRAW_RULE, RETURN_RULE, POPULATION_RULE = DrawRule(), ReturnRule(), PopulationRule()
POP_PLACE = PopPlaceRule()
PLAY_ANOMALY, DECLINE_RULE = PlayAnomalyRule(), DeclineRule()
# The window's gates, compiled from the checks (inline.py): asked after every activation.
inline(open_window)
inline(play_anomaly)
