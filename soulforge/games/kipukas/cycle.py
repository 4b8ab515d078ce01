"""The diel cycle (#diel_cycle) and what the rules share: passing the action on, ending an
exchange, claims (#claiming_territories), storms (#storm), prisoners (#prison), the end.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import soulforge.core.draws as draws
import soulforge.games.kipukas.cards as cards  # mypyc: cards may be mid-import here
from soulforge.core.text import count
from soulforge.games.kipukas import breach, portal, taming, words
from soulforge.games.kipukas.encoding import (
    DAY,
    INTERLUDES,
    OVER,
    PEACE,
    PUBLIC,
    RESPOND,
    STORM,
    TURNING,
)
from soulforge.games.kipukas.items import immobile, rescue
from soulforge.games.kipukas.movement import Ground, enemies_at, ground, is_downed, room_in, ways
from soulforge.games.kipukas.rogue import rogue_day

if TYPE_CHECKING:
    from soulforge.games.kipukas.state import KipukasState as S


def reveal(s: S, piece: int) -> None:
    """The card is turned face up for everyone."""
    if s.known[piece] & PUBLIC:
        return
    s.known[piece] |= PUBLIC
    s.revealed[piece] = True
    s.unveiled(piece)
    s.mark_revealed()
    s.log_later(words.revealed, piece, words.who(s, piece))
    s.tables.style.revealed(s, piece)


# -- contention ------------------------------------------------------------------------------
def contested_stands(s: S, seat: int, seen: Ground | None = None) -> list[str]:
    """Stands where the seat's souls share the stand with revealed enemies: the ground's
    ``enemy_stands`` are the stands where ``enemies_at`` finds some (asked there, once;
    ``seen``: the seat's ground, when the caller has it)."""
    enemies = (ground(s, seat) if seen is None else seen).enemy_stands
    found: list[str] = []
    if not enemies:
        return found  # no revealed enemy anywhere (the common case)
    # A list, not a set's intersection sorted: a seat's pieces stand on few stands, most of them
    # on none of the enemies' (asked of each seat at each day's start and at every listing).
    stand = s.stand
    for p in s.pieces_of(seat):
        here = stand[p]
        if here in enemies and here not in found:
            found.append(here)
    if len(found) > 1:
        found.sort()
    return found


def contention_stands(s: S, seat: int, seen: Ground | None = None) -> list[str]:
    """Where the seat may attack or retreat from now: the carried-over contention first (#day 2;
    ``seen``: the seat's ground, when the caller has it)."""
    owed = s.due[seat]
    due = [stand for stand in owed if enemies_at(s, stand, seat)] if owed else owed
    stands = due or contested_stands(s, seat, seen)
    if not stands:
        return stands  # (no contention, the common case: the empty list contested_stands made)
    return [stand for stand in stands if s.board.stands[stand].territory != s.suspended]


def clear_due(s: S, seat: int, stand: str) -> None:
    if stand in s.due[seat]:
        s.due[seat].remove(stand)


def retreat_range(s: S, piece: int) -> int:
    """The soul's full range; a downed soul moves at its escort's (#retreat)."""
    if not is_downed(s, piece) or cards.ability(s.card[piece]).acts_downed:
        return cards.movement(s.card_of(piece))
    escorts = [
        cards.movement(s.card_of(p))
        for p in s.souls_at(s.stand[piece])
        if p != piece and s.owner[p] == s.owner[piece] and not is_downed(s, p)
    ]
    return max(escorts, default=0)


def retreat_stands(s: S, piece: int) -> list[str]:
    """Stands the soul may retreat to, within range: in the seat's territory and free of
    enemies, or into another conflict of the seat's (#retreat: 'retreat a soul or group from one
    conflict to another by executing a successful retreat roll')."""
    seat, reach = s.owner[piece], retreat_range(s, piece)
    if reach <= 0 or s.prisoner[piece] or not s.card_of(piece).soul or s.cycle <= s.tired_cycle[piece]:
        return []
    if s.timers[piece] and immobile(s, piece):
        return []  # snared (crafted traps, ``items.py``)
    if s.timers[piece].get("retreat") == s.cycle:
        return []  # one retreat a day (read: a retreat is the soul's move for the day)
    conflicts = set(contested_stands(s, seat))
    out = []
    for stand in ways(s, piece, reach, ground(s, seat)):
        territory = s.board.stands[stand].territory
        haven = s.holder[territory - 1] == seat and not enemies_at(s, stand, seat)
        if stand != s.stand[piece] and (haven or stand in conflicts) and room_in(s, territory, seat, piece):
            out.append(stand)
    return sorted(out)


def escape(s: S, *, succeeded: bool) -> None:
    """A retreat's end: the soul moves, or it attacks no more this cycle (#retreat)."""
    for piece in [s.retreat_piece, *s.retreat_group]:
        s.timers[piece]["retreat"] = s.cycle
        if succeeded:
            place(s, piece, s.retreat_to)
            s.add_log(f"{s.piece_name(piece)} retreats to territory {s.territory[piece]}")
        else:
            s.spent_cycle[piece] = s.cycle
            s.add_log(f"{s.piece_name(piece)} fails to escape and attacks no more this cycle")
    s.retreat_piece, s.retreat_group = -1, []
    if s.retreat_from == RESPOND and [p for p in s.souls_at(s.fight_stand) if s.owner[p] == s.responder]:
        s.active, s.phase = s.responder, RESPOND
        return
    finish_exchange(s)


def group_retreat_stands(s: S, seat: int, origin: str) -> list[str]:
    """Where the seat's souls on ``origin`` may retreat together (#retreat): 'within the max
    Movement Range of the slowest card in the group'; downed souls go along under the escort of
    the others (at least one with a KEAL means), in territory the seat holds, free of enemies,
    with room for all of them."""
    group = retreat_group_of(s, seat, origin)
    walkers = [p for p in group if not is_downed(s, p) or cards.ability(s.card[p]).acts_downed]
    if len(group) < 2 or not walkers:
        return []
    lead = min(walkers, key=lambda p: cards.movement(s.card_of(p)))
    seen = ground(s, seat)
    conflicts = set(contested_stands(s, seat)) - {origin}
    limit = s.tables.play.souls_per_territory
    out = []
    for stand in ways(s, lead, cards.movement(s.card_of(lead)), seen):
        territory = s.board.stands[stand].territory
        crowd = seen.crowd.get(territory, 0) - sum(1 for p in group if s.territory[p] == territory)
        spaced = sum(1 for p in group if cards.takes_space(s.card_of(p)))
        free = s.holder[territory - 1] == seat and stand not in seen.enemy_stands
        if (free or stand in conflicts) and crowd + spaced <= limit:
            out.append(stand)
    return sorted(out)


def retreat_group_of(s: S, seat: int, origin: str) -> list[int]:
    return [
        p
        for p in s.souls_at(origin)
        if s.owner[p] == seat and s.cycle > s.tired_cycle[p] and s.timers[p].get("retreat") != s.cycle
        and not immobile(s, p)  # snared souls stay (crafted traps)
    ]


def place(s: S, piece: int, stand: str) -> None:
    old_stand, old_territory = s.stand[piece], s.territory[piece]
    s.stand[piece] = stand
    s.territory[piece] = s.board.stands[stand].territory
    s.relocated(piece, old_stand, old_territory)
    s.loiter_since[piece] = -1
    if s.stuck:  # a soul reaching a snared soul of its seat frees it (the Snare Trap)
        rescue(s, piece, stand)


def finish_exchange(s: S) -> None:
    """The fighting is over or paused: the mover may claim, then the action passes on."""
    s.phase = DAY
    if s.claimant >= 0 and s.on_map[s.claimant]:
        claim(s, s.claimant)
    s.claimant = -1
    if s.phase != OVER:
        end_action(s, s.mover)


# -- claims and the end ----------------------------------------------------------------------
def claim(s: S, piece: int) -> None:
    """A soul on a territory stand free of enemies takes the base camp (#claiming_territories);
    a capital only once its taker holds every other territory (#movement)."""
    stand, seat = s.board.stands[s.stand[piece]], s.owner[piece]
    if stand.kind != "territory" or enemies_at(s, stand.id, seat) or not cards.may_claim(s, piece):
        return
    territory = stand.territory
    holder = s.holder[territory - 1]
    if holder == seat or s.wasteland[territory - 1] or s.protected[territory - 1] >= s.cycle:
        return
    if holder >= 0 and territory in s.capital[holder]:
        # Every territory but the holder's capitals first (#capital); the Breach's virus opens
        # the infected one at once (``breach.py``).
        others = [t for t in s.board.holdable if t not in s.capital[holder] and not s.wasteland[t - 1]]
        infected = breach.open_to(s, seat, territory)
        if not infected and any(s.holder[t - 1] != seat for t in others):
            return
        if not s.tables.style.may_take_capital(s, seat, territory):
            return  # a style where capitals cannot be taken (Highest body count)
        s.capital[holder].remove(territory)
        s.add_log(f"{s.seat_name(seat)} takes {s.seat_name(holder)}'s capital, territory {territory}")
        if infected:
            breach.succeed(s, seat, holder, territory)
    else:
        s.add_log(f"{s.seat_name(seat)} claims territory {territory} with a base camp")
    s.holder[territory - 1] = seat
    s.holds_changed()
    _transfer(s, territory, seat)
    check_conquest(s, seat)


def check_conquest(s: S, seat: int) -> None:
    """The seat claimed a territory: the play style says whether it won (Domination, #win:
    it holds every territory that can be held; ``styles/``)."""
    s.tables.style.claimed(s, seat)


def lay_waste(s: S, territory: int, spare: int = -1) -> None:
    """The territory becomes a wasteland: every piece there but ``spare`` is wasted, its claim
    (a capital too: 'totally destroyed', #movement) removed; it can no longer be held."""
    for p in s.pieces_in(territory):
        if p != spare:
            cards.waste(s, p)
    holder = s.holder[territory - 1]
    if holder >= 0 and territory in s.capital[holder]:
        s.capital[holder].remove(territory)
    s.holder[territory - 1] = -1
    s.holds_changed()
    s.wasteland[territory - 1] = True
    s.add_log(f"territory {territory} is laid waste")


def _transfer(s: S, territory: int, seat: int) -> None:
    """The new holder frees its prisoners there; features are revealed to all (#contention)."""
    for p in s.pieces_in(territory):
        if s.prisoner[p] and s.owner[p] == seat and not portal.in_cave(s, p):
            s.prisoner[p] = False
            s.moved()
            s.add_log(f"{s.piece_name(p)} is freed")
        elif (
            not s.card_of(p).soul
            and s.owner[p] != seat
            and not enemies_at(s, s.board.camp_of(territory), seat)
        ):
            reveal(s, p)


def finish(s: S, winner: int | None, words: str) -> None:
    """The game ends; while a rogue that defeated a player is still at large, every player
    loses (#rouge: 'the other player must defeat or tame the rouge soul. Failure to do so
    will result in a dual defeat')."""
    at_large = [p for p in s.beaten_by if p >= 0 and s.on_map[p] and p in s.rogues]
    if at_large:
        winner, s.dual_defeat = None, True
        words = f"A dual defeat: the rogue {s.card_of(at_large[0]).name} is still at large. ({words})"
    s.winner, s.finished_by, s.phase = winner, words, OVER
    s.add_log(words)


def defeated_by_rogue(s: S, seat: int, rogue: int) -> None:
    """#rouge: a rogue cleared the capital of a seat holding no base camp: the seat is
    defeated and acts no more; the others must defeat the rogue."""
    s.beaten_by[seat], s.done[seat] = rogue, True
    s.add_log(
        f"{s.seat_name(seat)} is defeated by the rogue {s.card_of(rogue).name}: "
        "it must be defeated, or every player loses"
    )


def rogue_avenged(s: S) -> None:
    """The rogues that defeated players are gone: the one seat left standing wins (#rouge)."""
    if not _beaten(s):
        return  # no seat was defeated by a rogue (the common case)
    beaten = [p for p in s.beaten_by if p >= 0]
    standing = [seat for seat, p in enumerate(s.beaten_by) if p < 0]
    if beaten and len(standing) == 1 and not any(s.on_map[p] and p in s.rogues for p in beaten):
        fates = "; ".join(dict.fromkeys(rogue_fate(s, p) for p in beaten))
        finish(s, standing[0], f"Seat {standing[0]} wins: {fates}.")


def _beaten(s: S) -> bool:
    """Some seat was defeated by a rogue (asked after every action: a loop, not ``max`` over
    the list, a builtin's generic call when compiled)."""
    for rogue in s.beaten_by:  # noqa: SIM110 (the loop is the point)
        if rogue >= 0:
            return True
    return False


def rogue_fate(s: S, rogue: int) -> str:
    """How a rogue that defeated a seat left the game, in words, as it happened: tamed by a
    seat, or wasted, with the log's line that says how (a storm, a fight, a trap...); the
    end is told by what ended the rogue, never guessed (issue 30: a rogue wasted by a storm
    was said to be "defeated or tamed" by the winner)."""
    name = s.card_of(rogue).name
    beaten = " and ".join(f"seat {seat}" for seat, p in enumerate(s.beaten_by) if p == rogue)
    if rogue in s.tamed:
        return f"seat {s.owner[rogue]} tamed the rogue {name} that defeated {beaten}"
    said = next((line for line in reversed(s.log(None)) if name in line and "wast" in line), None)
    how = f" ({said})" if said else ""
    return f"the rogue {name} that defeated {beaten} is wasted{how}"


def keep_the_peace(s: S, why: str) -> None:
    """The game ends in peace (the bound, or kept by every player): the play style judges
    (Domination: #discarding_runout, "Keep the peace": more territories wins; equal is a tie)."""
    s.tables.style.judge(s, why)


# -- passing the action on ----------------------------------------------------------------------
def end_action(s: S, seat: int) -> None:
    """The next seat still acting takes an action (#day 4-5); when none is, the cycle ends."""
    if s.portal:
        portal.after_action(s)  # a soul reaching the Hidden Portal's cave enters it
    s.tables.style.after_action(s)
    rogue_avenged(s)
    if s.phase == OVER:
        return
    n, done = s.num_players, s.done  # (read once: the list is asked for each seat in turn)
    for step in range(1, n + 1):
        nxt = (seat + step) % n
        if not done[nxt]:
            s.active = nxt
            return
    end_cycle(s)


def end_cycle(s: S) -> None:
    if s.diel == DAY:
        _loiterers(s)
    if s.called >= 0:
        s.initiative = s.called
    next_cycle(s)


def _loiterers(s: S) -> None:
    """A soul left in an enemy capital past its next day is taken prisoner (#prison)."""
    # The state's lists read into locals once: every piece on the map is asked at each day's end
    # (a generic attribute read of the state costs more than the test it serves).
    traits, card, on_map, prisoner, rogues = s.tables.traits, s.card, s.on_map, s.prisoner, s.rogues
    territory_of, owner, holder, capital = s.territory, s.owner, s.holder, s.capital
    loiter_since, cycle, board = s.loiter_since, s.cycle, s.board
    for p in s.live():
        if not on_map[p] or prisoner[p] or not traits[card[p]].soul or p in rogues or cards.lodged(s, p):
            continue  # a rogue goes where its dice say (#rouge)
        territory, seat = territory_of[p], owner[p]
        held = holder[territory - 1]
        in_capital = (
            held >= 0
            and held != seat
            and territory in capital[held]
            and s.stand[p] == board.camp_of(territory)
            and not breach.open_to(s, seat, territory)  # the virus's window (``breach.py``)
        )
        if not in_capital:
            loiter_since[p] = -1
        elif 0 <= loiter_since[p] < cycle and _prisoners(s, territory) < s.tables.play.prisoners:
            prisoner[p] = True
            s.moved()
            s.add_log(
                f"{s.piece_name(p)} loitered in the capital of territory {territory} and is taken prisoner"
            )
        elif loiter_since[p] < 0:
            loiter_since[p] = cycle


def _prisoners(s: S, territory: int) -> int:
    return sum(1 for p in s.pieces_in(territory) if s.prisoner[p])


def _roll_diel(s: S) -> str:
    """A face of the game's diel die (#diel_cycle)."""
    faces = s.game.diel_faces
    return faces[draws.randrange(s.rng, len(faces))]


def next_cycle(s: S) -> None:
    """Roll the diel die (the opening three are day, night, day) and begin the turn; storms
    strike at once and the die is rolled again (#storm)."""
    while s.phase != OVER:
        s.tables.style.cycle_ended(s)
        if s.phase == OVER:
            return
        s.cycle += 1
        if s.cycle > s.game.peace_after:
            keep_the_peace(s, f"{count(s.game.peace_after, 'diel cycle')} played")
            return
        rolled = cards.rolled(s)
        s.diel = _roll_diel(s) if rolled else s.tables.play.opening[s.cycle - 1]
        s.log_later(words.cycle_begins, s.cycle, s.diel, rolled)
        _reset_turn(s)
        cards.on_cycle_start(s)
        if s.phase == OVER or s.phase in INTERLUDES:
            return  # over, or a decision at the cycle's start (``INTERLUDES``): ``resume`` goes on
        if _go_on(s):
            return


def _go_on(s: S) -> bool:
    """The cycle's start after its effects: the forced peace, the roll's turning, the turn's
    actions; False when a storm struck (the die is rolled again)."""
    if _forced_peace(s):
        convene(s)
        return True
    if s.diel == STORM:
        storm(s)
        return False
    # (the state's fields read once: in a comprehension each is read again per seat)
    n, first, beaten_by, out = s.num_players, s.initiative, s.beaten_by, s.out
    order = [(first + k) % n for k in range(n)]
    s.turners = [
        seat
        for seat in order
        if beaten_by[seat] < 0 and not out[seat]
        and (cards.diel_turns(s, seat) or cards.may_suspend(s, seat))
    ]
    if s.turners:
        s.active, s.phase = s.turners[0], TURNING
        return True
    begin_diel(s)
    return True


def resume(s: S) -> None:
    """A decision taken at the cycle's start is done: the cycle goes on. The interlude's phase
    is closed first: a storm rolls the die again, and ``next_cycle`` must not take the old
    interlude for one the new cycle opened."""
    s.phase = s.diel
    if not _go_on(s):
        next_cycle(s)


def begin_diel(s: S) -> None:
    """The turn's actions begin with the initiative holder (#day 1, #night); each day the
    rogues move and attack first (#rouge), then the seats may tame them (#taming)."""
    s.phase = s.diel
    s.active = s.initiative
    if s.diel == DAY:
        rogue_day(s)
        if s.rogues and s.phase != OVER and taming.begin(s):
            return
    open_day(s)


def open_day(s: S) -> None:
    """The day's (or night's) actions begin with the initiative holder: contention carried
    over is owed first (#day 2)."""
    if s.diel == DAY:
        s.due = [contested_stands(s, seat) for seat in range(s.num_players)]
        if s.lights_out >= s.cycle:  # souls moved by a light into contention last night
            from soulforge.games.kipukas.crafted import first_strike

            first_strike(s)
    if s.done[s.active] and s.phase != OVER:
        end_action(s, s.active)  # a seat defeated by a rogue acts no more (#rouge)


def _reset_turn(s: S) -> None:
    n, beaten_by, out = s.num_players, s.beaten_by, s.out
    s.steps_used = [0] * len(s.card)
    s.played = [0] * n
    # (by seat, not ``zip(..., strict=True)``: compiled, a call with a keyword goes the slow way)
    s.done = [beaten_by[seat] >= 0 or out[seat] for seat in range(n)]
    s.night_used = [[] for _ in range(s.num_players)]
    s.called = -1
    s.due = [[] for _ in range(s.num_players)]
    s.keal_memory = {}
    s.suspended = 0


def convene(s: S) -> None:
    """#discarding_runout: no cards and no soul on the kipuka: a forced peace, and the players
    hold convention: each decides to keep the peace or call the reserves (PEACE step)."""
    s.add_log("no cards are left and no soul is on the kipuka: a forced peace; the players hold convention")
    s.votes = []
    s.active, s.phase = s.initiative, PEACE


def call_the_reserves(s: S) -> None:
    """'Call the reserves': each player fights on with its deck (the one it just fought with):
    every card of its deck list back in a shuffled deck, 3 drawn, and the diel cycle goes on."""
    for seat in range(s.num_players):
        s.deck[seat] = list(s.decklists[seat])
        s.discard[seat] = []
        s.rng.shuffle(s.deck[seat])
        draw(s, seat, s.tables.play.hand)
    s.add_log("the reserves are called: every player fights on with a fresh deck")


def _forced_peace(s: S) -> bool:
    if any(s.deck[seat] or s.hand[seat] or s.aside[seat] for seat in range(s.num_players)):
        return False  # cards are left (asked first: the cheaper half, nearly always true)
    return not any(s.on_map[p] and s.card_of(p).soul and not s.prisoner[p] for p in s.live())


def storm(s: S) -> None:
    """Souls caught outside a capital or base camp lose a KEAL means; downed ones are wasted."""
    for p in s.live():
        if not s.on_map[p] or not s.card_of(p).soul or s.prisoner[p] or sheltered(s, p):
            continue
        if cards.storm_proof(s, p):
            continue
        if is_downed(s, p):
            s.log_later(words.storm_wastes, words.who(s, p))
            cards.waste(s, p)
        else:
            cards.injure_any(s, p)
            s.log_later(words.storm_injures, words.who(s, p))


def sheltered(s: S, piece: int) -> bool:
    stand = s.board.stands[s.stand[piece]]
    return stand.kind == "territory" and s.holder[stand.territory - 1] >= 0


def draw(s: S, seat: int, up_to: int) -> int:
    """Draw from the top of the deck until the hand holds ``up_to`` cards (#discarding_runout:
    an empty deck draws nothing)."""
    drawn = 0
    while len(s.hand[seat]) < up_to and s.deck[seat]:
        s.hand[seat].append(s.deck[seat].pop())
        drawn += 1
    if drawn:
        s.mark_revealed()
        s.log_later(words.draws, seat, drawn)
    return drawn
