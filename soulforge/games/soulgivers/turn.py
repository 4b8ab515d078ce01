"""The turn (rulebook 4): preparation, replacing Soulgivers, declaring the Active Soulgiver,
the opponent's Anomaly window, special actions, ending the turn and Decay."""

from __future__ import annotations

from typing import TYPE_CHECKING

from soulforge.core import Action
from soulforge.games.soulgivers import phases as ph
from soulforge.games.soulgivers.actions import (
    Declare,
    Decline,
    DrawAnomaly,
    EndTurn,
    Keep,
    Place,
    PlayAnomaly,
    PopPlace,
    Population,
    ReturnAnomaly,
)
from soulforge.games.soulgivers.anomalies import anomaly_options, has_anomaly_option, play_anomaly
from soulforge.games.soulgivers.board import FREE, HOLE, INTER, MOTHER, TILE_OF, distance
from soulforge.games.soulgivers.effects import (
    COVERABLE,
    DATA,
    add_decay,
    check_end,
    destroy,
    finish,
    label,
    mod_owner,
    own_portals,
    pop_mod,
    push_mod,
    settle,
    top_owner,
)
from soulforge.games.soulgivers.setup import enter_portal
from soulforge.games.soulgivers.state import CAPS, CHARS, PORTAL, RULES, TEAM_IDS, team_of
from soulforge.games.soulgivers.tribute import active_actions

if TYPE_CHECKING:
    from soulforge.games.soulgivers.state import SoulgiversState

DECLINE, DRAW, END, POPULATION = Decline(), DrawAnomaly(), EndTurn(), Population()
ALL_CELLS = range(100)
DECLARES = tuple(Declare(k) for k in range(10))
POP_PLACES = tuple(PopPlace(c) for c in range(100))
POP_FROM = RULES["population_from_turn"]
TURN_CAP = 200
"""Safety net: after this many actions in one turn only ending the turn stays legal (never
reached in play: each Soulgiver acts at most once per turn, each action type once)."""


# -- preparation (4.1) and replacing Soulgivers (4.2 Destruction, steps 4-5) -----------------
def start_turn(s: SoulgiversState) -> None:
    s.turn += 1
    s.player = (s.turn - 1) % 2
    if s.turn > s.turn_limit:
        finish(s, [-1.0, -1.0], f"turn limit {s.turn_limit} reached: the Decay has won")
        return
    s.turn_actions = 0
    s.essences = RULES["tribute_essences"]
    s.essence_users = s.declared = 0
    s.drew = s.anomaly_played = False
    s.active = -1
    s.must_continue = False
    s.stasis = s.glass = s.silenced = s.slowed = 0
    s.arrivals = 0
    remove_population_mods(s, s.player)
    s.add_log(f"turn {s.turn}: seat {s.player}")
    refill(s)


def remove_population_mods(s: SoulgiversState, team: int) -> None:
    """Population Modifiers last until the start of their owner's next turn (clarifications)."""
    if not s.pop_mods:
        return
    for c in range(100):
        while s.mods[c] and mod_owner(s, s.mods[c][-1]) == team:
            pop_mod(s, c)


def refill(s: SoulgiversState) -> None:
    """Fewer than 3 in the game: draw 2, keep 1, put it on a Portal (rulebook 4.2, 10)."""
    team = s.player
    deck = s.deck[team]
    if len(s.team_pieces(team)) >= RULES["team_size"] or not deck or not own_portals(s, team):
        s.phase = ph.MAIN
        return
    s.pair[team] = sorted(s.rng.sample(deck, min(2, len(deck))))
    for k in s.pair[team]:
        deck.remove(k)
    s.phase = ph.KEEP
    s.add_log(f"seat {team} draws Soulgiver cards", visible_to=frozenset((1 - team,)))
    s.add_log(f"you draw {', '.join(CHARS[k].name for k in s.pair[team])}", visible_to=team)


def legal_keep(s: SoulgiversState) -> list[Action]:
    return [Keep(k) for k in s.pair[s.player]]


def apply_keep(s: SoulgiversState, a: Action) -> None:
    assert isinstance(a, Keep)
    team = s.player
    s.deck[team] += [k for k in s.pair[team] if k != a.card]
    s.deck[team].sort()
    s.pair[team] = []
    s.keep_card = a.card
    s.phase = ph.REFILL


def apply_refill_place(s: SoulgiversState, a: Action) -> None:
    assert isinstance(a, Place)
    enter_portal(s, s.player, a.card, a.portal)
    s.arrivals |= 1 << (s.player * 10 + a.card)  # must enter this turn (4.2 Destruction, step 5)
    s.keep_card = -1
    refill(s)


# -- declaring (4) and the Anomaly window (4.2 Playing an Anomaly) ---------------------------
def can_declare(s: SoulgiversState) -> list[int]:
    pos, declared = s.pos, s.declared
    return [p for p in TEAM_IDS[s.player] if pos[p] >= 0 and not declared & (1 << p)]


TEAM_DECLARES = tuple(tuple((p, 1 << p, DECLARES[p % 10]) for p in ids) for ids in TEAM_IDS)
"""Per team: (piece, its bit, its Declare action)."""


def interference_blocked(s: SoulgiversState, team: int) -> bool:
    """A Soulgiver of ``team`` on an Interference cell stops the other seat's Anomalies."""
    pos, printed = s.pos, s.printed
    for p in TEAM_IDS[team]:
        c = pos[p]
        if -1 < c < PORTAL and printed[c] == INTER:
            return True
    return False


def hushed(s: SoulgiversState, piece: int) -> bool:
    """Hush: an opposing Patcher's aura silences a Soulgiver activated within its range."""
    pos = s.pos[piece]
    if pos >= PORTAL:
        return False
    for q in s.board_pieces(1 - team_of(piece)):
        if HUSHERS[q % 10][s.soul[q] + 1] and distance(pos, s.pos[q]) <= hush_range(s, q):
            return True
    return False


HUSHERS = tuple(tuple(caps.hush for caps in row) for row in CAPS)


def hush_range(s: SoulgiversState, piece: int) -> int:
    kinds = [piece % 10] + ([s.soul[piece] % 10] if s.soul[piece] >= 0 else [])
    return max(CHARS[k].ranges.get("hush", 0) for k in kinds)


def apply_declare(s: SoulgiversState, a: Action) -> None:
    assert isinstance(a, Declare)
    piece = s.player * 10 + a.card
    s.active = piece
    s.declared |= 1 << piece
    s.steps, s.line_dir, s.done, s.abil_paid = 0, -1, 0, False
    s.must_continue = False
    s.hushed = hushed(s, piece)
    s.add_log(f"seat {s.player} activates {CHARS[a.card].name}")
    s.pop_waiting = False
    open_window(s)


def responder_options(s: SoulgiversState) -> tuple[bool, bool]:
    """(may play an Anomaly, may play the Population Ability) for the seat not in turn."""
    other = 1 - s.player
    anomaly = (not s.anomaly_played and bool(s.hand[other]) and not interference_blocked(s, s.player)
               and has_anomaly_option(s, other))
    pop = not s.pop_waiting and population_allowed(s, other)
    return anomaly, pop


def open_window(s: SoulgiversState) -> None:
    anomaly, pop = responder_options(s)
    s.phase = ph.RESPONSE if anomaly or pop else after_window(s)


def after_window(s: SoulgiversState) -> int:
    if s.pop_waiting:
        s.pop_waiting = False
        return start_population(s, s.player)
    return ph.MAIN


def legal_response(s: SoulgiversState) -> list[Action]:
    anomaly, pop = responder_options(s)
    out: list[Action] = [DECLINE]
    if anomaly:
        out += [PlayAnomaly(card, t) for card, t in anomaly_options(s, 1 - s.player)]
    if pop:
        out.append(POPULATION)
    return out


def apply_decline(s: SoulgiversState, a: Action) -> None:
    s.phase = after_window(s)


def apply_play_anomaly(s: SoulgiversState, a: Action) -> None:
    assert isinstance(a, PlayAnomaly)
    play_anomaly(s, 1 - s.player, a.card, a.target)
    s.anomaly_played = True
    s.mark_revealed()
    if s.phase == ph.OVER:
        return
    _, pop = responder_options(s)
    s.phase = ph.RESPONSE if pop else after_window(s)


# -- the Population Ability (4.2 Special actions; clarifications) ----------------------------
def population_allowed(s: SoulgiversState, team: int) -> bool:
    return not s.pop_used[team] and s.turn >= RULES["population_from_turn"] and s.active >= 0


def apply_population(s: SoulgiversState, a: Action) -> None:
    team = s.current_player
    assert team is not None
    if team != s.player:  # played in answer to an activation (clarifications)
        s.response_pop = True
        s.phase = start_population(s, team)
        return
    other = 1 - team
    if (not s.anomaly_played and s.hand[other] and not interference_blocked(s, team)
            and has_anomaly_option(s, other)):
        s.pop_waiting = True  # the opponent may answer with an Anomaly, which resolves first
        s.phase = ph.RESPONSE
        return
    s.phase = start_population(s, team)


def start_population(s: SoulgiversState, team: int) -> int:
    spec = DATA.populations[s.pop_of[team]]
    s.pop_used[team] = True
    s.pop_team = team
    s.pop_left = RULES["border_modifiers"] if spec.places_on == "free" else RULES["horizon_modifiers"]
    s.add_log(f"seat {team} plays {spec.ability_name}")
    s.mark_revealed()
    s.pop_cache = pop_cells(s, team)
    return ph.POP if s.pop_cache else finish_population(s)


def pop_cells(s: SoulgiversState, team: int) -> list[int]:
    want = FREE if DATA.populations[s.pop_of[team]].places_on == "free" else HOLE
    # a Soul does not occupy its cell: Modifiers may go on it (10, Remember; 11 Anima)
    found = [c for c, e, o, p, m in zip(ALL_CELLS, s.eff, s.occ, s.printed, s.mods, strict=True)
             if e == want and o < 0 and p != INTER and (not m or COVERABLE[m[-1]])]
    return [c for c in found if not (s.barrier and TILE_OF[c] == MOTHER)] if s.barrier else found


def legal_pop(s: SoulgiversState) -> list[Action]:
    if s.pop_cache is None:
        s.pop_cache = pop_cells(s, s.pop_team)
    return [POP_PLACES[c] for c in s.pop_cache]


def apply_pop_place(s: SoulgiversState, a: Action) -> None:
    assert isinstance(a, PopPlace)
    team = s.pop_team
    push_mod(s, a.cell, DATA.populations[s.pop_of[team]].modifier)
    s.touched = (*s.touched, a.cell)
    s.pop_left -= 1
    moved = len(s.touched)
    settle(s)
    if s.pop_left <= 0:
        s.pop_cache = []
    elif len(s.touched) != moved or s.pop_cache is None:  # someone was attracted: look again
        s.pop_cache = pop_cells(s, team)
    else:
        s.pop_cache = [c for c in s.pop_cache if c != a.cell]
    if not s.pop_cache:
        s.phase = finish_population(s)


def finish_population(s: SoulgiversState) -> int:
    team = s.pop_team
    s.pop_team = -1
    settle(s)
    if team != s.player and s.response_pop:
        s.response_pop = False
        anomaly, _ = responder_options(s)
        return ph.RESPONSE if anomaly else after_window(s)
    return ph.MAIN


# -- Anomaly cards (4.2 Drawing an Anomaly) ---------------------------------------------------
def can_draw(s: SoulgiversState) -> bool:
    if s.drew or s.essences <= 0 or not (s.pile or s.discard):
        return False
    return not interference_blocked(s, 1 - s.player)


def draw_anomaly(s: SoulgiversState, team: int) -> None:
    if not s.pile:
        s.pile, s.discard = sorted(s.discard), []
    card = s.pile.pop(s.rng.randrange(len(s.pile)))
    s.hand[team].append(card)
    s.hand[team].sort()
    s.add_log(f"seat {team} draws an Anomaly", visible_to=frozenset((1 - team,)))
    s.add_log(f"you draw {card}", visible_to=team)


def apply_draw(s: SoulgiversState, a: Action) -> None:
    s.essences -= 1
    s.drew = True
    draw_anomaly(s, s.player)
    if len(s.hand[s.player]) > RULES["hand_limit"]:
        s.phase = ph.RETURN


def legal_return(s: SoulgiversState) -> list[Action]:
    return [ReturnAnomaly(c) for c in sorted(set(s.hand[s.player]))]


def apply_return(s: SoulgiversState, a: Action) -> None:
    assert isinstance(a, ReturnAnomaly)
    s.hand[s.player].remove(a.card)
    s.pile.append(a.card)
    s.pile.sort()
    s.add_log("an Anomaly goes back into the deck")
    s.phase = ph.MAIN


# -- ending the turn (4.3) ----------------------------------------------------------------------
def apply_end_turn(s: SoulgiversState, a: Action) -> None:
    team = s.player
    for p in s.team_pieces(team):
        # only a replacement must enter the turn it arrives (4.2 Destruction, step 5); a
        # Soulgiver may otherwise wait on a Portal, not in the game (6; 4.2 Watch out)
        if s.pos[p] >= PORTAL and s.arrivals & (1 << p):
            s.add_log(f"{label(p)} never entered the board")
            destroy(s, p)
    s.arrivals = 0
    for p in s.board_pieces(team):
        extra = RULES["decay_extra_for_essence"] if s.essence_users & (1 << p) else 0
        add_decay(s, p, RULES["decay_when_opponent_out"] if s.out_boost[team] else 1 + extra)
    for p in s.board_pieces(0) + s.board_pieces(1) if s.pop_mods else ():
        pos = s.pos[p]
        if top_owner(s, pos) >= 0 and top_owner(s, pos) != team_of(p):
            destroy(s, p, keep_soul=False)  # stuck on a population Modifier (clarifications)
    s.active = -1
    s.dirty = False
    check_end(s)
    if s.phase != ph.OVER:
        start_turn(s)


def legal_main(s: SoulgiversState) -> list[Action]:
    active = s.active
    if active >= 0 and s.must_continue:
        return active_actions(s)
    if s.turn_actions >= TURN_CAP:
        return [END]
    pos, declared = s.pos, s.declared
    out: list[Action] = [a for p, bit, a in TEAM_DECLARES[s.player]
                         if pos[p] >= 0 and not declared & bit and p != active]
    if active >= 0:
        out += active_actions(s)
    if can_draw(s):
        out.append(DRAW)
    if active >= 0 and not s.pop_used[s.player] and s.turn >= POP_FROM:
        out.append(POPULATION)
    out.append(END)
    return out
