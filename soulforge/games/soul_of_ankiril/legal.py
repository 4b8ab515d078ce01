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
_resummon = cache(Resummon)
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
    energy, arrow, hand = st.energy[p], st.arrow[p], st.hands[p]
    if energy >= 1:
        if len(hand) < HAND_LIMIT and st.decks[p]:
            out.append(_DRAW)
        if arrow > 0:
            out.append(_RECHARGE)
        if hand:
            out += summons(st, p)
            out += casts(st, p)
    occ = st.occ
    if 0 <= arrow <= energy:
        out += [_resummon(c) for c in st.board.deployment_cells[p] if occ[c] == EMPTY]
    steps, flights, strikes = step_tables(st.board)
    units = st.units
    # creature_actions and abilities, inlined: this loop is the hottest code of a playout.
    for c in units.values():
        if c.owner != p or not c.active:
            continue
        cell = c.cell
        info = _INFO.get(c.card.name) or card_info(c.card)
        if c.challenged_by >= 0:
            if not c.acted:
                target = units[c.challenged_by].cell
                out += [attack for d, attack in strikes[cell] if d == target]
            continue
        if not c.moved:
            out += [move for d, move in (flights[cell] if info[0] else steps[cell]) if occ[d] == EMPTY]
        if c.acted:
            continue
        guardian = info[1]
        for d, attack in strikes[cell]:
            o = occ[d]
            if o >= 0:
                if units[o].owner != p:
                    out.append(attack)
            elif o <= -2 and not guardian and (-2 - o) // 3 != p:
                out.append(attack)
        for mode, targets, args in info[2]:
            if mode == 2 and energy < 1:
                continue
            table = _ACTIVATIONS.get((cell, mode)) or _activations_of(cell, mode)
            if targets is None:
                out.append(table[0])
            else:
                out += [table[t + 1] for t in targets(st, c, p, args)]
    return out


Info = tuple[bool, bool, "tuple[Mode, ...]"]
_INFO: dict[str, Info] = {}


def card_info(card: CardDef) -> Info:
    """Per card, once: (Overfly, Guardian, its Ability modes)."""
    found = _INFO[card.name] = (
        "Overfly" in card.keywords, "Guardian" in card.keywords, ability_modes(card) if card.active else ())
    return found


def summon_cells(st: AnkirilState, p: int) -> list[int]:
    """Empty terrains adjacent to an allied Emanation or to the Leader (rulebook, "Summon Allies")."""
    anchors = [cell for k, cell in enumerate(st.board.emanation_cells[p]) if st.ema_hp[p * 3 + k] > 0]
    leader = st.leader(p)
    if leader is not None:
        anchors.append(leader.cell)
    occ, adjacent = st.occ, st.board.adjacent
    return sorted({c for a in anchors for c in adjacent[a] if occ[c] == EMPTY})


_HAND_SPLIT: dict[tuple[str, ...], tuple[list[str], list[str]]] = {}


def hand_split(st: AnkirilState, p: int) -> tuple[list[str], list[str]]:
    """The distinct Ally and Spell names of a hand, sorted (per hand contents, once)."""
    key = tuple(st.hands[p])
    found = _HAND_SPLIT.get(key)
    if found is None:
        if len(_HAND_SPLIT) > 50_000:
            _HAND_SPLIT.clear()
        cards = st.cards
        found = _HAND_SPLIT[key] = (sorted({n for n in key if cards[n].type == "ally"}),
                                    sorted({n for n in key if cards[n].type == "spell"}))
    return found


def summons(st: AnkirilState, p: int) -> list[Action]:
    names = hand_split(st, p)[0]
    if not names:
        return []
    cells = summon_cells(st, p)
    out: list[Action] = []
    for name in names:
        table = _summons_of(name)
        out += [table[c] for c in cells]
    return out


def casts(st: AnkirilState, p: int) -> list[Action]:
    cards = st.cards
    names = hand_split(st, p)[1]
    out: list[Action] = []
    if not names:
        return out
    by_element: dict[str | None, tuple[Creature, ...]] = {}
    for name in names:
        card = cards[name]
        sources = by_element.get(card.element)
        if sources is None:
            sources = by_element[card.element] = channelers(st, p, card.element)
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
