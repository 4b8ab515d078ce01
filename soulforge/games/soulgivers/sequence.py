"""The parts of the turn sequence that follow from a decision without one of their own
(rulebook 4): preparing a turn, replacing Soulgivers, the Anomaly window opened by each
activation, starting and finishing a Population Ability, drawing an Anomaly. The rules of
the decisions themselves are in ``flow.py``; each returns or sets the next phase here."""

from __future__ import annotations

from typing import TYPE_CHECKING

from soulforge.games.soulgivers.board import CELLS, FREE, HOLE, INTER, MOTHER, TILE_OF, Cell, distance
from soulforge.games.soulgivers.cards import CARD_EFFECT, CARDS, HUSHERS
from soulforge.games.soulgivers.consequences import (
    COVERABLE,
    add_decay,
    check_end,
    destroy,
    enter_portal,
    finish,
    label,
    mod_owner,
    own_portals,
    pop_mod,
    push_mod,
    settle,
    top_owner,
)
from soulforge.games.soulgivers.data import DATA, SHORT_NAMES
from soulforge.games.soulgivers.encoding import (
    BIT,
    KEEP,
    MAIN,
    NONE,
    OTHER,
    OVER,
    POP,
    PORTAL,
    RESPONSE,
    TEAM_PIECES,
    Kind,
    Phase,
    Piece,
    Team,
    kind_of,
    piece_of,
    team_of,
)

if TYPE_CHECKING:
    from soulforge.games.soulgivers.state import SoulgiversState

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
    s.essences = s.game.rules["tribute_essences"]
    s.essence_users = s.declared = 0
    s.drew = s.anomaly_played = False
    s.active = NONE
    s.must_continue = False
    s.stasis = s.glass = s.silenced = s.slowed = 0
    s.arrivals = 0
    remove_population_mods(s, s.player)
    s.add_log(f"turn {s.turn}: seat {s.player}")
    refill(s)


def remove_population_mods(s: SoulgiversState, team: Team) -> None:
    """Population Modifiers last until the start of their owner's next turn (clarifications)."""
    if not s.pop_mods:
        return
    for c in CELLS:
        while s.mods[c] and mod_owner(s, s.mods[c][-1]) == team:
            pop_mod(s, c)


def refill(s: SoulgiversState) -> None:
    """Fewer than 3 in the game: draw 2, keep 1, put it on a Portal (rulebook 4.2, 10)."""
    team = s.player
    deck = s.deck[team]
    if len(s.team_pieces(team)) >= s.game.rules["team_size"] or not deck or not own_portals(s, team):
        s.phase = MAIN
        return
    s.pair[team] = sorted(s.rng.sample(deck, min(2, len(deck))))
    for k in s.pair[team]:
        deck.remove(k)
    s.phase = KEEP
    s.add_log(f"seat {team} draws Soulgiver cards", visible_to=frozenset((OTHER[team],)))
    drawn = " and ".join(f"the {SHORT_NAMES[k]}" for k in s.pair[team])
    s.add_log(f"you draw {drawn}", visible_to=team)


def place_replacement(s: SoulgiversState, kind: Kind, portal: int) -> None:
    """The kept card goes on a Portal; it must enter the board this turn (step 5)."""
    enter_portal(s, s.player, kind, portal)
    s.arrivals |= BIT[piece_of(s.player, kind)]
    s.keep_card = NONE
    refill(s)


# -- the Anomaly window after an activation (4.2 Playing an Anomaly) -------------------------
def interference_blocked(s: SoulgiversState, team: Team) -> bool:
    """A Soulgiver of ``team`` on an Interference cell stops the other seat's Anomalies."""
    pos, printed = s.pos, s.printed
    for p in TEAM_PIECES[team]:
        c = pos[p]
        if -1 < c < PORTAL and printed[c] == INTER:
            return True
    return False


def hushed(s: SoulgiversState, piece: Piece) -> bool:
    """Hush: an opposing Patcher's aura silences a Soulgiver activated within its range."""
    pos = s.pos[piece]
    if pos >= PORTAL:
        return False
    for q in s.board_pieces(OTHER[team_of(piece)]):
        if HUSHERS[q][s.soul[q]] and distance(pos, s.pos[q]) <= hush_range(s, q):
            return True
    return False


def hush_range(s: SoulgiversState, piece: Piece) -> int:
    kinds = [kind_of(piece)] + ([kind_of(s.soul[piece])] if s.soul[piece] >= 0 else [])
    return max(s.game.chars[k].ranges.get("hush", 0) for k in kinds)


def has_anomaly_option(s: SoulgiversState, team: Team) -> bool:
    """Has a card of ``team``'s hand a target now?"""
    hand = s.hand[team]
    return any(CARD_EFFECT[card].has_target(s, team) for card in (set(hand) if len(hand) > 1 else hand))


def responder_options(s: SoulgiversState) -> tuple[bool, bool]:
    """(may play an Anomaly, may play the Population Ability) for the seat not in turn."""
    responder = OTHER[s.player]
    anomaly = (not s.anomaly_played and bool(s.hand[responder]) and not interference_blocked(s, s.player)
               and has_anomaly_option(s, responder))
    pop = not s.pop_waiting and population_allowed(s, responder)
    return anomaly, pop


def open_window(s: SoulgiversState) -> None:
    """After an activation the other seat may answer, if it has anything to answer with."""
    anomaly, pop = responder_options(s)
    s.phase = RESPONSE if anomaly or pop else after_window(s)


def after_window(s: SoulgiversState) -> Phase:
    """The window closes: a Population Ability waiting on it starts, else the turn goes on."""
    if s.pop_waiting:
        s.pop_waiting = False
        return start_population(s, s.player)
    return MAIN


def play_anomaly(s: SoulgiversState, card: str, target: int) -> None:
    """The responder plays ``card`` on ``target``; the window stays open for its Population
    Ability if it may still play it, else the turn goes on."""
    team, effect = OTHER[s.player], CARD_EFFECT[card]
    s.hand[team].remove(card)
    s.discard.append(card)
    s.discard.sort()
    s.add_log(f"seat {team} plays {CARDS[card].name}{effect.on_target(target)}")
    effect.apply(s, team, target)
    if effect.target_kind == "piece" and target >= 0 and 0 <= s.pos[target] < PORTAL:
        s.touched = (*s.touched, s.pos[target])
    s.anomaly_played = True
    s.mark_revealed()
    if s.phase == OVER:
        return
    _, pop = responder_options(s)
    s.phase = RESPONSE if pop else after_window(s)


# -- the Population Ability (4.2 Special actions; clarifications) ----------------------------
def population_allowed(s: SoulgiversState, team: Team) -> bool:
    return not s.pop_used[team] and s.turn >= s.game.rules["population_from_turn"] and s.active >= 0


def play_population(s: SoulgiversState, team: Team) -> None:
    """In answer to an activation it starts at once; in the turn, the opponent may first
    answer with an Anomaly, which resolves first."""
    if team != s.player:
        s.response_pop = True
        s.phase = start_population(s, team)
        return
    responder = OTHER[team]
    if (not s.anomaly_played and s.hand[responder] and not interference_blocked(s, team)
            and has_anomaly_option(s, responder)):
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
        anomaly, _ = responder_options(s)
        return RESPONSE if anomaly else after_window(s)
    return MAIN


# -- Anomaly cards (4.2 Drawing an Anomaly) ---------------------------------------------------
def can_draw(s: SoulgiversState) -> bool:
    if s.drew or s.essences <= 0 or not (s.pile or s.discard):
        return False
    return not interference_blocked(s, OTHER[s.player])


def draw_anomaly(s: SoulgiversState, team: Team) -> None:
    """Draw at random (the pile is unordered); a used-up pile is rebuilt from the discards."""
    if not s.pile:
        s.pile, s.discard = sorted(s.discard), []
    card = s.pile.pop(s.rng.randrange(len(s.pile)))
    s.hand[team].append(card)
    s.hand[team].sort()
    s.add_log(f"seat {team} draws an Anomaly", visible_to=frozenset((OTHER[team],)))
    s.add_log(f"you draw {CARDS[card].name}", visible_to=team)


# -- ending the turn (4.3) ----------------------------------------------------------------------
def end_turn(s: SoulgiversState) -> None:
    """Destroy a replacement left on its Portal, add the Decay, destroy a Soulgiver left on an
    opposing population Modifier; check the end, then begin the next turn."""
    team = s.player
    for p in s.team_pieces(team):
        # only a replacement must enter the turn it arrives (4.2 Destruction, step 5); a
        # Soulgiver may otherwise wait on a Portal, not in the game (6; 4.2 Watch out)
        if s.pos[p] >= PORTAL and s.arrivals & BIT[p]:
            s.add_log(f"{label(p)} never entered the board")
            destroy(s, p)
    s.arrivals = 0
    for p in s.board_pieces(team):
        extra = s.game.rules["decay_extra_for_essence"] if s.essence_users & BIT[p] else 0
        add_decay(s, p, s.game.rules["decay_when_opponent_out"] if s.out_boost[team] else 1 + extra)
    for p in s.board_pieces(0) + s.board_pieces(1) if s.pop_mods else ():
        pos = s.pos[p]
        if top_owner(s, pos) >= 0 and top_owner(s, pos) != team_of(p):
            destroy(s, p, keep_soul=False)  # stuck on a population Modifier (clarifications)
    s.active = NONE
    s.dirty = False
    check_end(s)
    if s.phase != OVER:
        start_turn(s)
