"""The turn sequence around the actions: the start of a turn (phases 1 and 2), its end
(challenges, phase 4 draws, phase 5, Anomaly damage, the turn limit), and what the
actions share (Channelers, the pieces an activation runs, the cells a move touched)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from soulforge.core.action import Action
from soulforge.games.soul_of_ankiril import consequences, words
from soulforge.games.soul_of_ankiril.combat import attack
from soulforge.games.soul_of_ankiril.model import EMPTY, Creature, Ref, bumped, replaced
from soulforge.games.soul_of_ankiril.pieces import PIECES, Ctx, no_target, run_refs, settle

if TYPE_CHECKING:
    from soulforge.games.soul_of_ankiril.state import AnkirilState

ENERGY_PER_TURN = 3


# -- the turn ------------------------------------------------------------------------------
def start_turn(st: AnkirilState) -> None:
    """Phases 1 and 2, from the second turn on (option ``first_upkeep``): recharge
    Leaders, then Upkeep."""
    p = st.player
    st.log_later(words.turn_begins, st.turn, p)
    if st.turn < st.game.first_upkeep:
        return
    for q in range(2):
        if st.arrow[q] > 0:
            st.arrow = bumped(st.arrow, q, -1)
    mine = []
    for seen in list(st.units.values()):
        if seen.owner == p:
            c = st.unit(seen.uid)  # this state's own: it changes (AnkirilState.unit)
            mine.append(c)
            c.reinforced = 0
            c.active, c.moved, c.acted = True, False, False
    st.energy = replaced(st.energy, p, ENERGY_PER_TURN + st.bonus[p])
    st.bonus = replaced(st.bonus, p, 0)
    for c in mine:
        if c.card.upkeep and c.uid in st.units:
            run_refs(st, c.card.upkeep, Ctx(p, c, EMPTY, ()))
    for c in mine:
        if c.poisoned and c.uid in st.units:
            consequences.damage(st, c, c.poisoned, None, "poison")
            c.poisoned -= 1
    settle(st)


def end_turn(st: AnkirilState) -> None:
    """Challenged attacks, phase 4 (draw up to two, up to six), phase 5, Anomaly damage."""
    p = st.player
    _forced_challenges(st, p)
    if st.over:
        return
    for c in st.units.values():
        if c.tmp_atk or c.tmp_hp:  # rare: skip the call (and the copy) for the others
            # (replaces a value of the dict being read, which its iteration allows)
            consequences.expire_temporary(st.unit(c.uid))
    wanted = min(2, consequences.HAND_LIMIT - len(st.hands[p]))
    if wanted > 0:
        consequences.draw(st, p, wanted)
    st.energy = replaced(st.energy, p, 0)
    for cell in st.board.anomaly:
        hit = consequences.creature_at(st, cell)
        if hit is not None:
            consequences.damage(st, hit, 1, None, "terrain")
            st.log_later(words.anomaly_damage, hit.card.name)
    settle(st)
    if st.over:
        return
    if st.turn >= st.game.turn_limit:
        _turn_limit(st)
        return
    st.player, st.turn = 1 - p, st.turn + 1
    start_turn(st)


def _forced_challenges(st: AnkirilState, p: int) -> None:
    """Glossary, "Challenged": an idle Challenged Creature attacks its Challenger at turn end."""
    for c in [st.unit(c.uid) for c in list(st.units.values()) if c.owner == p and c.challenged_by >= 0]:
        challenger = st.units.get(c.challenged_by)
        if c.uid in st.units and not c.acted and challenger is not None \
                and st.board.distance[c.cell][challenger.cell] == 1:
            attack(st, c, challenger.cell)
            if st.over:
                return
    # Only the Creatures with a marker to clear: each one changed is copied (``unit``).
    for c in st.units.values():  # (a value of the dict replaced: its iteration allows it)
        if c.owner == p:
            if c.challenged_by != -1:
                st.unit(c.uid).challenged_by = -1
        elif c.challenging:
            st.unit(c.uid).challenging = False


def _turn_limit(st: AnkirilState) -> None:
    """Authored bound: at the turn limit, more Emanations deactivated wins, else a draw."""
    left = [st.emanations_left(0), st.emanations_left(1)]
    winner = None if left[0] == left[1] else (0 if left[0] > left[1] else 1)
    st.finish(winner, f"turn limit {st.game.turn_limit} reached")


def channelers(st: AnkirilState, p: int, element: str | None) -> tuple[Creature, ...]:
    found = []
    for c in st.units.values():  # a loop: cheaper than a generator on a few Creatures
        if c.owner == p and c.element == element:
            found.append(c)
    return tuple(found)


def ability_refs(c: Creature, mode: int) -> tuple[Ref, ...]:
    """The pieces an activation runs: Intuition offers either Ability (mode 0/1) or both (2)."""
    refs = c.card.active
    if "Intuition" not in c.card.keywords or mode == 2:
        return refs
    return (refs[mode],)


def targeted_piece(refs: tuple[Ref, ...]) -> Ref | None:
    return next((r for r in refs if PIECES[r[0]].targets is not no_target), None)


CELL_FIELDS = ("src", "via", "cell", "dst", "target")


def highlight(a: Action) -> tuple[int, ...]:
    """The cells an action touched (views highlight the last move)."""
    cells = (getattr(a, name, -1) for name in CELL_FIELDS)
    return tuple(c for c in cells if isinstance(c, int) and c >= 0)


