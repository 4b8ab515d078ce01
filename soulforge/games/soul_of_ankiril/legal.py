"""Legal actions: Leader placement at setup, then the Strategy and Combat phase."""

from __future__ import annotations

from functools import cache
from typing import TYPE_CHECKING

from soulforge.core.action import Action
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
from soulforge.games.soul_of_ankiril.board import Board
from soulforge.games.soul_of_ankiril.model import EMPTY, CardDef, Creature
from soulforge.games.soul_of_ankiril.pieces import PIECES, Args, Targets, mimicry_blocks
from soulforge.games.soul_of_ankiril.rules import HAND_LIMIT
from soulforge.games.soul_of_ankiril.turn import channelers, targeted_piece

if TYPE_CHECKING:
    from soulforge.games.soul_of_ankiril.state import AnkirilState

_END = EndTurn()
_DRAW = DrawCard()
_RECHARGE = Recharge()
# Actions are immutable values: one shared instance per value keeps playouts fast.
_cast = cache(Cast)
_SUMMONS: dict[str, list[Summon]] = {}
_ACTIVATIONS: dict[tuple[int, int], list[Activate]] = {}
CELLS = 64
"""Table width: more cells than any battlefield has (tables are indexed by cell + 1)."""


def _summons_of(name: str) -> list[Summon]:
    found = _SUMMONS.get(name)
    if found is None:
        found = _SUMMONS[name] = [Summon(name, c) for c in range(CELLS)]
    return found


def _activations_of(cell: int, mode: int) -> list[Activate]:
    found = _ACTIVATIONS.get((cell, mode))
    if found is None:
        found = _ACTIVATIONS[(cell, mode)] = [Activate(cell, t, mode) for t in range(-1, CELLS)]
    return found


def legal_actions(st: AnkirilState) -> list[Action]:
    p = st.player
    if st.stage == "setup":
        return [PlaceLeader(c) for c in st.board.deployment_cells[p] if st.occ[c] == EMPTY]
    out: list[Action] = [_END]
    energy = st.energy[p]
    if energy >= 1:
        if len(st.hands[p]) < HAND_LIMIT and st.decks[p]:
            out.append(_DRAW)
        if st.arrow[p] > 0:
            out.append(_RECHARGE)
        out += summons(st, p)
        out += casts(st, p)
    if 0 <= st.arrow[p] <= energy:
        out += [Resummon(c) for c in st.board.deployment_cells[p] if st.occ[c] == EMPTY]
    for c in list(st.units.values()):
        if c.owner == p and c.active:
            out += creature_actions(st, c, energy)
    return out


def summon_cells(st: AnkirilState, p: int) -> list[int]:
    """Empty terrains adjacent to an allied Emanation or to the Leader (rulebook, "Summon Allies")."""
    anchors = [cell for k, cell in enumerate(st.board.emanation_cells[p]) if st.ema_hp[p * 3 + k] > 0]
    leader = st.leader(p)
    if leader is not None:
        anchors.append(leader.cell)
    occ, adjacent = st.occ, st.board.adjacent
    return sorted({c for a in anchors for c in adjacent[a] if occ[c] == EMPTY})


def summons(st: AnkirilState, p: int) -> list[Action]:
    names = sorted({n for n in st.hands[p] if st.cards[n].type == "ally"})
    if not names:
        return []
    cells = summon_cells(st, p)
    out: list[Action] = []
    for name in names:
        table = _summons_of(name)
        out += [table[c] for c in cells]
    return out


def casts(st: AnkirilState, p: int) -> list[Action]:
    out: list[Action] = []
    for name in sorted({n for n in st.hands[p] if st.cards[n].type == "spell"}):
        card = st.cards[name]
        sources = channelers(st, p, card.element)
        if not sources:
            continue
        piece_name, args = card.effects[0]
        piece = PIECES[piece_name]
        if piece.positional:
            out += [_cast(name, s.cell, t) for s in sources for t in piece.targets(st, s, p, args)]
        else:
            for t in piece.targets(st, None, p, args):
                if t < 0 or not mimicry_blocks(st, st.units[st.occ[t]], sources, p):
                    out.append(_cast(name, EMPTY, t))
    return out


Steps = tuple[tuple[tuple[int, Move], ...], ...]
Strikes = tuple[tuple[tuple[int, Attack], ...], ...]


Tables = tuple[Steps, Steps, Strikes]
_TABLES: dict[int, Tables] = {}


def step_tables(board: Board) -> Tables:
    """Per board, once: (destination, Move) for steps and Overfly, (target, Attack) pairs."""
    found = _TABLES.get(id(board))
    if found is None:
        cells = range(board.size)
        steps = tuple(tuple((d, Move(c, d)) for d in board.adjacent[c]) for c in cells)
        flights = tuple(tuple((d, Move(c, d)) for d in board.within2[c]) for c in cells)
        strikes = tuple(tuple((d, Attack(c, d)) for d in board.adjacent[c]) for c in cells)
        found = _TABLES[id(board)] = (steps, flights, strikes)
    return found


def creature_actions(st: AnkirilState, c: Creature, energy: int) -> list[Action]:
    """Moves, attacks and Abilities of one Active Creature (Challenged: only its attack)."""
    steps, flights, strikes = step_tables(st.board)
    challenged = c.challenged_by >= 0
    cell, occupied, units, keywords = c.cell, st.occ, st.units, c.card.keywords
    out: list[Action] = []
    if not c.moved and not challenged:
        reach = flights[cell] if "Overfly" in keywords else steps[cell]
        out = [move for d, move in reach if occupied[d] == EMPTY]
    if c.acted:
        return out
    if challenged:
        target = units[c.challenged_by].cell
        out += [attack for d, attack in strikes[cell] if d == target]
        return out
    owner, guardian = c.owner, "Guardian" in keywords
    for d, attack in strikes[cell]:
        occ = occupied[d]
        if occ >= 0:
            if units[occ].owner != owner:
                out.append(attack)
        elif occ <= -2 and (-2 - occ) // 3 != owner and not guardian:
            out.append(attack)
    if c.card.active:
        out += abilities(st, c, energy)
    return out


Mode = tuple[int, Targets | None, Args]
_MODES: dict[str, tuple[Mode, ...]] = {}


def ability_modes(card: CardDef) -> tuple[Mode, ...]:
    """Per card, once: each activation mode with the targeting of its targeted piece."""
    found = _MODES.get(card.name)
    if found is None:
        modes = (0, 1, 2) if "Intuition" in card.keywords else (0,)
        found = tuple(_mode(card, m) for m in modes)
        _MODES[card.name] = found
    return found


def _mode(card: CardDef, mode: int) -> Mode:
    refs = card.active if "Intuition" not in card.keywords or mode == 2 else (card.active[mode],)
    ref = targeted_piece(refs)
    return (mode, None, ()) if ref is None else (mode, PIECES[ref[0]].targets, ref[1])


def abilities(st: AnkirilState, c: Creature, energy: int) -> list[Action]:
    out: list[Action] = []
    for mode, targets, args in ability_modes(c.card):
        if mode == 2 and energy < 1:
            continue
        cells = [EMPTY] if targets is None else targets(st, c, c.owner, args)
        table = _activations_of(c.cell, mode)
        out += [table[t + 1] for t in cells]
    return out
