"""The tables the Strategy and Combat phase's listings share: one action object per value
(moves, attacks, summons, casts and activations per cell), per card once (Overfly,
Guardian, Ability modes), per hand once (its Allies and Spells). No legality here: the
rules and the fast listing that asks their checks are in ``flow.py``.
"""

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
    Recharge,
    Resummon,
    Summon,
)
from soulforge.games.soul_of_ankiril.board import Board
from soulforge.games.soul_of_ankiril.cards import unmet
from soulforge.games.soul_of_ankiril.model import EMPTY, CardDef, Creature
from soulforge.games.soul_of_ankiril.pieces import PIECES, Args, Ctx, Targets, mimicry_blocks
from soulforge.games.soul_of_ankiril.sequence import channelers, targeted_piece

if TYPE_CHECKING:
    from soulforge.games.soul_of_ankiril.state import AnkirilState

END = EndTurn()
DRAW = DrawCard()
RECHARGE = Recharge()
# Actions are immutable values: one shared instance per value keeps playouts fast.
resummon = cache(Resummon)
_CASTS: dict[tuple[str, int], list[Cast]] = {}
_SUMMONS: dict[str, list[Summon]] = {}
CELLS = 64
"""Table width: more cells than any battlefield has (tables are indexed by cell + 1)."""
ACTIVATIONS: list[tuple[list[Activate], ...] | None] = [None] * CELLS
"""Per cell, per mode, per target + 1 (a list indexed by cell: no key tuple to build)."""


def _summons_of(name: str) -> list[Summon]:
    found = _SUMMONS.get(name)
    if found is None:
        found = _SUMMONS[name] = [Summon(name, c) for c in range(CELLS)]
    return found


def _casts_of(name: str, via: int) -> list[Cast]:
    """Casting ``name`` via ``via`` (-1: any Channeler), per target + 1."""
    found = _CASTS[(name, via)] = [Cast(name, via, t) for t in range(-1, CELLS)]
    return found


def activations_of(cell: int) -> tuple[list[Activate], ...]:
    """Activating the Creature on ``cell``, per mode, per target + 1."""
    found = ACTIVATIONS[cell]
    if found is None:
        targets = range(-1, CELLS)
        found = ACTIVATIONS[cell] = tuple([Activate(cell, t, mode) for t in targets] for mode in range(3))
    return found


ListedMode = tuple[int, "Targets | None", Args, bool]
"""An Ability mode as listed: ``ability_modes``'s, and whether its targets are those of the
targeted mode before it (Intuition's both targets as the targeted Ability alone does)."""
Info = tuple[bool, bool, tuple[ListedMode, ...], bool]
_INFO: dict[str, Info] = {}
info_of = _INFO.get
"""A card's listed ``Info`` by name, if ``card_info`` already made it (a C-level lookup)."""


def card_info(card: CardDef) -> Info:
    """Per card, once: (Overfly, Guardian, its Ability modes as listed, whether it has
    requirements)."""
    listed: list[ListedMode] = []
    before: tuple[Targets, Args] | None = None
    for mode, targets, args in ability_modes(card) if card.active else ():
        listed.append((mode, targets, args, targets is not None and before == (targets, args)))
        if targets is not None:
            before = (targets, args)
    found = _INFO[card.name] = ("Overfly" in card.keywords, "Guardian" in card.keywords, tuple(listed),
                                bool(card.requires))
    return found


def summon_cells(st: AnkirilState, p: int) -> list[int]:
    """Empty terrains adjacent to an allied Emanation or to the Leader (rulebook, "Summon Allies")."""
    hp, k, leader = st.ema_hp, p * 3, st.leader_uid[p]
    anchors = (id(st.board), p, hp[k] > 0, hp[k + 1] > 0, hp[k + 2] > 0,
               st.units[leader].cell if leader >= 0 else -1)
    near = _NEAR_ANCHORS.get(anchors) or _near_anchors(st.board, anchors)
    occ, out = st.occ, []
    for c in near:
        if occ[c] == EMPTY:
            out.append(c)
    return out


Anchors = tuple[int, int, bool, bool, bool, int]
"""A battlefield (its id), a seat, which of its Emanations are active, its Leader's cell
(-1: none)."""
_NEAR_ANCHORS: dict[Anchors, tuple[int, ...]] = {}


def _near_anchors(board: Board, anchors: Anchors) -> tuple[int, ...]:
    """The cells next to the anchors, sorted (per anchors, once: the battlefield is fixed)."""
    _, p, *active, leader = anchors
    cells = [e for e, on in zip(board.emanation_cells[p], active, strict=True) if on]
    if leader >= 0:
        cells.append(leader)
    found = _NEAR_ANCHORS[anchors] = tuple(sorted({c for a in cells for c in board.adjacent[a]}))
    return found


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


def summons(st: AnkirilState, p: int, names: list[str]) -> list[Action]:
    """Summoning each of the distinct Allies ``names`` on each cell where it may arrive."""
    cells = summon_cells(st, p)
    out: list[Action] = []
    for name in names:
        table = _summons_of(name)
        for c in cells:
            out.append(table[c])
    return out


def casts(st: AnkirilState, p: int, names: list[str]) -> list[Action]:
    """Casting each of the distinct Spells ``names`` through its Channelers, on its targets."""
    cards = st.cards
    out: list[Action] = []
    by_element: dict[str | None, tuple[Creature, ...]] = {}
    for name in names:
        card = cards[name]
        sources = by_element.get(card.element)
        if sources is None:
            sources = by_element[card.element] = channelers(st, p, card.element)
        if not sources or (card.requires and unmet(card, st, Ctx(p, None, EMPTY, (), sources))):
            continue
        piece_name, args = card.effects[0]
        piece = PIECES[piece_name]
        if piece.positional:
            for s in sources:
                table = _CASTS.get((name, s.cell)) or _casts_of(name, s.cell)
                for t in piece.targets(st, s, p, args):
                    out.append(table[t + 1])
        else:
            units, occ = st.units, st.occ
            table = _CASTS.get((name, EMPTY)) or _casts_of(name, EMPTY)
            for t in piece.targets(st, None, p, args):
                if t < 0 or not mimicry_blocks(st, units[occ[t]], sources, p):
                    out.append(table[t + 1])
    return out


Steps = tuple[tuple[tuple[int, Move], ...], ...]
Strikes = tuple[tuple[tuple[int, Attack], ...], ...]


Around = tuple[tuple[tuple[int, Move, Attack], ...], ...]
Tables = tuple[Steps, Steps, Strikes, Around]
TABLES: dict[int, Tables] = {}
"""Per board (by id), its ``step_tables``: the listing reads it with one C-level lookup."""


def step_tables(board: Board) -> Tables:
    """Per board, once: (destination, Move) for steps and Overfly, (target, Attack) pairs,
    and for each cell its neighbours with the Move and the Attack there (the same objects)."""
    found = TABLES.get(id(board))
    if found is None:
        cells = range(board.size)
        steps = tuple(tuple((d, Move(c, d)) for d in board.adjacent[c]) for c in cells)
        flights = tuple(tuple((d, Move(c, d)) for d in board.within2[c]) for c in cells)
        strikes = tuple(tuple((d, Attack(c, d)) for d in board.adjacent[c]) for c in cells)
        around = tuple(
            tuple((d, move, attack) for (d, move), (_, attack) in zip(steps[c], strikes[c], strict=True))
            for c in cells)
        found = TABLES[id(board)] = (steps, flights, strikes, around)
    return found


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
        table = activations_of(c.cell)[mode]
        out += [table[t + 1] for t in cells]
    return out
