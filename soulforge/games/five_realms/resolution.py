"""The rest of a turn: the effects an influence triggers, pending tasks, the throne room,
the end of a turn and of the game.

Order of resolution after an influence (INFLUENCE b and c): the council effects fire in
council order; castle gains and extra turns apply at once, choices (Warrior's steal or
destroy) are asked next, Witches after the others (CLARIFICATIONS), then the throne
room. Only the Warrior's and the Witch's effects ask anything, and two pending effects
of the same kind are the same effect, so no order of resolution can differ from another
and no "order the triggers" choice is offered. A Witch's pick that is influenced or
recruited resolves its own effects before the next pending Witch (a stack).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from soulforge.core import Seat
from soulforge.core.text import count
from soulforge.games.five_realms import square as sq
from soulforge.games.five_realms.cards import (
    AT_GAME_END,
    ON_INFLUENCE,
    ON_LINE,
    Use,
    fires,
    has_effect,
    lines,
    run,
    steal_castles,
)
from soulforge.games.five_realms.encoding import FIGHT, OVER, PLACE, WITCH

if TYPE_CHECKING:
    from soulforge.games.five_realms.state import FiveRealmsState as S

LATE_EFFECTS = frozenset({"witch_pick"})
"""Abilities with these effects resolve after the other council effects (the Witch,
CLARIFICATIONS)."""
STEALS_LAST = frozenset({"steal"})
"""End-of-game abilities with these effects resolve after every gain (see ``finish_game``)."""


def begin_turn(s: S) -> None:
    """A new turn of the active player: the square is re-centred in the frame."""
    drow, dcol = sq.normalise(s.square)
    if drow or dcol:  # the last move's cells follow the shift (views highlight them)
        if s.last_spot is not None:
            s.last_spot = (s.last_spot[0] + drow, s.last_spot[1] + dcol)
        s.last_cells = [(r + drow, c + dcol) for r, c in s.last_cells]
    s.tasks = [("end_turn", -1, 0)]
    s.phase = PLACE


def check_titan_win(s: S, seat: Seat) -> bool:
    """A 5th different Titan wins the game at once."""
    if len({s.card_type[c] for c in s.titans[seat]}) < s.rules.titans_to_win:
        return False
    s.add_log(f"{s.seat_name(seat)} has {s.rules.titans_to_win} different Titans and wins")
    s.winner = seat
    s.phase = OVER
    s.tasks = []
    return True


def after_influence(s: S) -> None:
    """INFLUENCE b and c: council effects for the banners just added, then the throne room.

    Not retroactive: only banner numbers passed now fire (Queen on the 3rd, 4th, 5th...).
    """
    seat = s.active
    before, after = s.heights_before, s.heights(seat)
    fired: list[tuple[str, Use]] = []
    types, type_of = s.rules.types, s.card_type
    council = [types[type_of[c]] for c in s.council[seat]]
    grown: list[tuple[int, int]] = []
    for realm, height in enumerate(after):  # loops, not comprehensions: asked every influence
        for number in range(before[realm] + 1, height + 1):
            grown.append((realm, number))
    unmet = s.rules.book.unmet
    for card in council:
        if ON_INFLUENCE in card.abilities:
            for realm, number in grown:
                use = Use(seat, card, realm, number)
                if unmet(card.declaration, s, use, ON_INFLUENCE) is None:
                    fired.append((ON_INFLUENCE, use))
    new_lines = lines(after) - lines(before)
    if new_lines:
        for card in council:
            use = Use(seat, card)
            if fires(s, ON_LINE, use):
                fired.extend([(ON_LINE, use)] * new_lines)
    if new_lines:
        s.add_log(f"{s.seat_name(seat)} completes {count(new_lines, 'line')} of 5 influences")
    s.tasks.append(("throne", -1, 0))
    if fired:
        # The stack resolves last-in first: push the Witches first so they come after the others.
        late = [has_effect(use.card.abilities[trigger], LATE_EFFECTS) for trigger, use in fired]
        for trigger, use in reversed([f for f, is_late in zip(fired, late, strict=True) if is_late]):
            run(s, trigger, use)
        for trigger, use in reversed([f for f, is_late in zip(fired, late, strict=True) if not is_late]):
            run(s, trigger, use)
    s.resolve()


# -- pending tasks -------------------------------------------------------------------------------
def _task_end_turn(s: S, source: int, amount: int) -> bool:
    end_turn(s)
    return True


def _task_throne(s: S, source: int, amount: int) -> bool:
    """Throne room: once per game, castles when the matching column reaches the threshold."""
    seat = s.active
    if not s.throne_used[seat] and len(s.columns[seat][s.throne[seat]]) >= s.rules.throne_threshold:
        s.throne_used[seat] = True
        s.castles[seat] += s.rules.throne_castles
        s.add_log(f"throne room: {s.seat_name(seat)} earns {count(s.rules.throne_castles, 'castle')}")
    return False


def _task_fight(s: S, source: int, amount: int) -> bool:
    """Warrior: the choice is asked when the flow lists a steal or a destroy."""
    s.source, s.amount, s.phase = source, amount, FIGHT
    if s.flow.legal_actions(s):
        return True
    s.add_log(f"{s.rules.types[source].name}: nothing to steal or destroy")
    s.source = -1
    return False


def _task_witch(s: S, source: int, amount: int) -> bool:
    """Witch: look at the whole discard pile (only this player), then take a card."""
    seat, phase = s.active, s.phase
    s.source, s.phase = source, WITCH
    if not s.flow.legal_actions(s):  # nothing to take
        s.source, s.phase = -1, phase
        s.add_log(f"{s.rules.types[source].name}: the discard pile is empty")
        return False
    for card in s.discard:
        s.known[card] |= 1 << seat
    s.mark_revealed()
    s.add_log(f"{s.rules.types[source].name}: {s.seat_name(seat)} looks at the discard pile")
    s.add_log("the discard pile holds: " + ", ".join(s.card_name(c) for c in s.discard), visible_to=seat)
    return True


TASKS: dict[str, Callable[[S, int, int], bool]] = {
    "end_turn": _task_end_turn, "throne": _task_throne, "fight": _task_fight, "witch": _task_witch,
}


def advance(s: S) -> None:
    """Run pending tasks until one asks a decision (or the game is over)."""
    while s.phase != OVER and s.tasks:
        kind, source, amount = s.tasks.pop()
        if TASKS[kind](s, source, amount):
            return


# -- Warrior and Warrior Monk: steal or destroy ---------------------------------------------------
def steal_chosen(s: S) -> None:
    steal_castles(s, s.active, s.amount, s.rules.types[s.source].name)
    s.source = -1
    s.resolve()


def destroy(s: S, kind: int) -> None:
    """Destroy an opposing Character or Titan: it goes to the discard pile."""
    victim = s.opponent(s.active)
    for group in (s.council[victim], s.titans[victim]):
        for card in group:
            if s.card_type[card] == kind:
                group.remove(card)
                s.discard.append(card)
                source = s.rules.types[s.source].name
                s.add_log(f"{source}: {s.seat_name(s.active)} destroys {s.card_name(card)}")
                s.source = -1
                s.resolve()
                return


# -- end of turn and of game ------------------------------------------------------------------------
def end_turn(s: S) -> None:
    """Complete the square; end the game if the deck is empty; else the next turn."""
    if sq.refill(s.square, s.deck, s.rules.ring):
        s.mark_revealed()  # new banners are face up in the square and on the deck
        s.add_log("the square is completed")
    if not s.deck:
        finish_game(s)
        return
    if s.extra_turns:
        s.extra_turns -= 1
        s.add_log(f"{s.seat_name(s.active)} plays a new turn (General)")
    else:
        s.active = s.opponent(s.active)
    begin_turn(s)


def finish_game(s: S) -> None:
    """END OF THE GAME: every player's end-of-game effects, then most castles wins.

    The conditions compare boards, not castles, so they are all checked first; castles
    are earned before any is stolen (a steal takes what the victim ends with), seats
    from the active player on. Done this way, no player's effects depend on who goes first.
    """
    order = [(s.active + i) % s.num_players for i in range(s.num_players)]
    due: list[Use] = []
    for seat in order:
        for card in (s.rules.types[s.card_type[c]] for c in s.council[seat] + s.titans[seat]):
            use = Use(seat, card)
            if fires(s, AT_GAME_END, use):
                due.append(use)
    for use in sorted(due, key=lambda use: has_effect(use.card.abilities[AT_GAME_END], STEALS_LAST)):
        run(s, AT_GAME_END, use)
    best = max(s.castles)
    leaders = [seat for seat in range(s.num_players) if s.castles[seat] == best]
    s.winner = leaders[0] if len(leaders) == 1 else None
    s.phase, s.tasks = OVER, []
    result = "a draw" if s.winner is None else f"{s.seat_name(s.winner)} wins"
    s.add_log(f"the game ends: castles {s.castles}, {result}")
