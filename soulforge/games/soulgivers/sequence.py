"""The parts of the turn sequence that follow from a decision without one of their own
(rulebook 4): preparing a turn, replacing Soulgivers, the Hush of a declared Soulgiver,
drawing an Anomaly, ending the turn. It holds no legality: the rules of the decisions (and
the Anomaly window and the Population Ability they open) are in ``rules/``."""

from __future__ import annotations

from typing import TYPE_CHECKING

from soulforge.games.soulgivers import words
from soulforge.games.soulgivers.board import CELLS, distance
from soulforge.games.soulgivers.cards import HUSHERS
from soulforge.games.soulgivers.consequences import (
    add_decay,
    check_end,
    destroy,
    enter_portal,
    finish,
    mod_owner,
    own_portals,
    pop_mod,
    top_owner,
)
from soulforge.games.soulgivers.encoding import (
    BIT,
    KEEP,
    MAIN,
    NONE,
    OTHER,
    OVER,
    PORTAL,
    TEAM_MASK,
    Kind,
    Piece,
    Team,
    kind_of,
    piece_of,
    team_members,
    team_of,
)

if TYPE_CHECKING:
    from soulforge.games.soulgivers.state import SoulgiversState

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
    s.log_later(words.turn_begins, s.turn, s.player)
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
    in_play = (s.in_play & TEAM_MASK[team]).bit_count()  # len(s.team_pieces(team)), from the kept mask
    if in_play >= s.game.rules["team_size"] or not deck or not own_portals(s, team):
        s.phase = MAIN
        return
    s.pair[team] = sorted(s.rng.sample(deck, min(2, len(deck))))
    for k in s.pair[team]:
        deck.remove(k)
    s.phase = KEEP
    s.log_later(words.draws_soulgivers, team, visible_to=frozenset((OTHER[team],)))
    s.log_later(words.soulgivers_drawn, tuple(s.pair[team]), visible_to=team)


def place_replacement(s: SoulgiversState, kind: Kind, portal: int) -> None:
    """The kept card goes on a Portal; it must enter the board this turn (step 5)."""
    enter_portal(s, s.player, kind, portal)
    s.arrivals |= BIT[piece_of(s.player, kind)]
    s.keep_card = NONE
    refill(s)


# -- the Hush aura, read when a Soulgiver is declared (9 Patcher) ---------------------------
def hushed(s: SoulgiversState, piece: Piece) -> bool:
    """Hush: an opposing Patcher's aura silences a Soulgiver activated within its range."""
    pos = s.pos[piece]
    if pos >= PORTAL:
        return False
    for q in team_members(s.on_board, OTHER[team_of(piece)]):
        if HUSHERS[q][s.soul[q]] and distance(pos, s.pos[q]) <= hush_range(s, q):
            return True
    return False


def hush_range(s: SoulgiversState, piece: Piece) -> int:
    kinds = [kind_of(piece)] + ([kind_of(s.soul[piece])] if s.soul[piece] >= 0 else [])
    return max(s.game.chars[k].ranges.get("hush", 0) for k in kinds)


# -- Anomaly cards (4.2 Drawing an Anomaly) ---------------------------------------------------
def draw_anomaly(s: SoulgiversState, team: Team) -> None:
    """Draw at random (the pile is unordered); a used-up pile is rebuilt from the discards."""
    if not s.pile:
        s.pile, s.discard = sorted(s.discard), []
    card = s.pile.pop(s.rng.randrange(len(s.pile)))
    s.hand[team].append(card)
    s.hand[team].sort()
    s.log_later(words.draws_anomaly, team, visible_to=frozenset((OTHER[team],)))
    s.log_later(words.anomaly_drawn, card, visible_to=team)


# -- ending the turn (4.3) ----------------------------------------------------------------------
def end_turn(s: SoulgiversState) -> None:
    """Destroy a replacement left on its Portal, add the Decay, destroy a Soulgiver left on an
    opposing population Modifier; check the end, then begin the next turn."""
    team = s.player
    for p in s.team_pieces(team) if s.arrivals else ():  # no replacement arrived: none to check
        # only a replacement must enter the turn it arrives (4.2 Destruction, step 5); a
        # Soulgiver may otherwise wait on a Portal, not in the game (6; 4.2 Watch out)
        if s.pos[p] >= PORTAL and s.arrivals & BIT[p]:
            s.log_later(words.never_entered, p)
            destroy(s, p)
    s.arrivals = 0
    rules, users, boosted = s.game.rules, s.essence_users, s.out_boost[team]
    for p in s.board_pieces(team):
        extra = rules["decay_extra_for_essence"] if users & BIT[p] else 0
        add_decay(s, p, rules["decay_when_opponent_out"] if boosted else 1 + extra)
    for p in s.board_pieces(0) + s.board_pieces(1) if s.pop_mods else ():
        pos = s.pos[p]
        if top_owner(s, pos) >= 0 and top_owner(s, pos) != team_of(p):
            destroy(s, p, keep_soul=False)  # stuck on a population Modifier (clarifications)
    s.active = NONE
    s.dirty = False
    check_end(s)
    if s.phase != OVER:
        start_turn(s)
