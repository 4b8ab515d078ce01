"""The value of a position at the start of a turn (``SoulOfAnkiril.turn_value``).

A logistic model fitted on self-play (``evaluation.toml`` says on what and how well). Between
turns, what decides the race is what each side can strike next: Attack standing next to the
active Emanations of the other side, and the Emanations it can deactivate. The heuristic
(``SoulOfAnkiril.heuristic``) stays the guide inside a turn, where such threats are half made.
"""

from __future__ import annotations

import math
from functools import cache
from typing import TYPE_CHECKING, Final

from soulforge.core.data import field, package_dir, read_toml
from soulforge.games.soul_of_ankiril.board import Board

if TYPE_CHECKING:
    from soulforge.games.soul_of_ankiril.state import AnkirilState

FEATURES = (
    "fallen", "emanation_health", "creatures", "attack", "health", "advance", "hand", "deck",
    "leader", "strike", "threat", "can_fall", "may_fall", "reach", "reached",
)
Weights = tuple[float, dict[str, float]]
"""The bias and the weight of each feature."""


@cache
def load_weights() -> Weights:
    """The fitted bias and weights of ``evaluation.toml``; a missing or mistyped one names itself."""
    path = package_dir("soulforge.games.soul_of_ankiril") / "evaluation.toml"
    data = read_toml(path)
    table = field(path.name, "evaluation", data, "weights", dict)
    weights = {name: float(field(path.name, "weights", table, name, float)) for name in FEATURES}
    return float(field(path.name, "evaluation", data, "bias", float)), weights


Advance = tuple[tuple[int, ...], tuple[int, ...]]
"""Per seat, how close a Creature of that seat on each cell stands to the enemy's active
Emanations (the heuristic's advance table)."""


def turn_value(st: AnkirilState, mover: int, advance: Advance) -> float:
    """``mover``'s value in [-1, 1] of ``st`` at the start of its turn."""
    bias, weights = load_weights()
    z = bias + sum(weights[name] * value for name, value in features(st, mover, advance).items())
    return 2.0 / (1.0 + math.exp(-z)) - 1.0


def features(st: AnkirilState, mover: int, advance: Advance) -> dict[str, float]:
    """Each feature, ``mover``'s count minus the opponent's (threat terms as named)."""
    other = 1 - mover
    hp = st.ema_hp
    found = dict.fromkeys(FEATURES, 0.0)
    found["fallen"] = float(_fallen(hp, other) - _fallen(hp, mover))
    found["emanation_health"] = float(sum(hp[mover * 3: mover * 3 + 3]) - sum(hp[other * 3: other * 3 + 3]))
    found["hand"] = float(len(st.hands[mover]) - len(st.hands[other]))
    found["deck"] = float(len(st.decks[mover]) - len(st.decks[other]))
    attackers: dict[int, tuple[int, int]] = {}
    for c in st.units.values():
        sign = 1 if c.owner == mover else -1
        found["creatures"] += sign
        found["attack"] += sign * c.atk
        found["health"] += sign * c.hp
        found["advance"] += sign * advance[c.owner][c.cell]
        found["leader"] += sign * c.leader
        if "Guardian" not in c.card.keywords:
            attackers[c.cell] = (c.owner, c.atk)
    _threats(st, other, attackers, found, ("strike", "can_fall", "reach"))
    _threats(st, mover, attackers, found, ("threat", "may_fall", "reached"))
    return found


def _fallen(hp: tuple[int, ...], seat: int) -> int:
    return sum(1 for k in range(3) if hp[seat * 3 + k] <= 0)


def _threats(
    st: AnkirilState, target: int, attackers: dict[int, tuple[int, int]], found: dict[str, float],
    names: tuple[str, str, str],
) -> None:
    """Add to ``names`` (adjacent Attack, Emanations it can deactivate, Attack within 2) the
    threat of ``target``'s opponent on each active Emanation of ``target``, up to its Health."""
    board, hp = st.board, st.ema_hp
    adjacent, falls, within = names
    for k, cell in enumerate(board.emanation_cells[target]):
        health = hp[target * 3 + k]
        if health <= 0:
            continue
        near = far = 0
        for at, (owner, attack) in attackers.items():
            if owner == target:
                continue
            distance = board.distance[at][cell]
            near += attack if distance == 1 else 0
            far += attack if distance <= 2 else 0
        found[adjacent] += min(near, health)
        found[falls] += near >= health
        found[within] += min(far, health)


# -- the heuristic of any position (``SoulOfAnkiril.heuristic``) ---------------------------------
HEURISTIC_SPREAD: Final = 3.0
"""Divides the lead before ``tanh``: leads of two Emanations and more (about 2.5) must
still differ for a search averaging rewards, where ``tanh(2.5)`` would flatten them
(greedy play is unchanged, it only ranks the values)."""


# Final (as HEURISTIC_SPREAD): compiled, a C static, not a module dict lookup per evaluation.
_ADVANCE: Final[dict[int, tuple[tuple[tuple[int, ...], ...], ...]]] = {}


def advance_table(board: Board) -> tuple[tuple[tuple[int, ...], ...], ...]:
    """Per board, once: ``[enemy][mask][cell]``, how close a Creature on ``cell`` stands to
    the nearest active Emanation of ``enemy`` (active ones: the bits of ``mask``), 0 when far."""
    found = _ADVANCE.get(id(board))
    if found is None:
        def near(enemy: int, mask: int, cell: int) -> int:
            row, cells = board.distance[cell], board.emanation_cells[enemy]
            return min((row[e] for k, e in enumerate(cells) if mask >> k & 1), default=9)

        found = _ADVANCE[id(board)] = tuple(
            tuple(tuple(max(0, 6 - near(enemy, mask, cell)) for cell in range(board.size))
                  for mask in range(8))
            for enemy in range(2)
        )
    return found


def _alive(ema_hp: tuple[int, ...], seat: int) -> int:
    """The bit mask of ``seat``'s active Emanations."""
    k = seat * 3
    return (ema_hp[k] > 0) | (ema_hp[k + 1] > 0) << 1 | (ema_hp[k + 2] > 0) << 2



def evaluate(state: AnkirilState, player: int) -> float:
    """Emanation Health, Creatures (attack + health), their advance on the enemy Emanations."""
    if state.is_over:
        return state.returns()[player]
    other = 1 - player
    hp = state.ema_hp
    k, j = player * 3, other * 3  # greedy evaluates every successor: no slices, no sum()
    ema = hp[k] + hp[k + 1] + hp[k + 2] - hp[j] - hp[j + 1] - hp[j + 2]
    board = state.board
    table = _ADVANCE.get(id(board)) or advance_table(board)
    # Creatures of `player` advance on `other`'s Emanations, and the reverse.
    mine, theirs = table[other][_alive(hp, other)], table[player][_alive(hp, player)]
    force = advance = 0
    for c in state.units.values():
        if c.owner == player:
            force += c.atk + c.hp
            advance += mine[c.cell]
        else:
            force -= c.atk + c.hp
            advance -= theirs[c.cell]
    cards_in_hand = len(state.hands[player]) - len(state.hands[other])
    lead = 0.25 * ema + 0.05 * force + 0.03 * advance + 0.02 * cards_in_hand
    return math.tanh(lead / HEURISTIC_SPREAD)


def value_at_turn_start(state: AnkirilState, player: int) -> float:
    """The fitted value of ``state`` for ``player`` about to begin a turn."""
    if state.is_over:
        return state.returns()[player]
    table, hp = advance_table(state.board), state.ema_hp
    # A Creature of seat s advances on the active Emanations of seat 1 - s.
    advance = (table[1][_alive(hp, 1)], table[0][_alive(hp, 0)])
    return turn_value(state, player, advance)
