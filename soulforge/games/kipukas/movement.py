"""Where a soul may go (#movement): reach along the paths, water, tunnels, enemies, capacity.

``reach`` lists the stands a soul may move to now and the way there (the stands passed),
so the rules can roll for traps in each territory entered (#card_activation) and for
swimming where the way enters water (#geography).
"""

from __future__ import annotations

from collections import deque
from typing import TYPE_CHECKING

from soulforge.games.kipukas import cards
from soulforge.games.kipukas.combat import downed_movement
from soulforge.games.kipukas.encoding import PUBLIC, SOULS_PER_TERRITORY

if TYPE_CHECKING:
    from soulforge.games.kipukas.state import KipukasState as S

Way = tuple[str, ...]
"""The stands a move passes, the start excluded and the destination last."""


def is_water(s: S, stand: str) -> bool:
    return s.board.geography[s.board.stands[stand].territory - 1] == "Water"


def is_downed(s: S, piece: int) -> bool:
    """All KEAL means injured, or a card that is constantly downed (#keal_means_DHT)."""
    card = s.card_of(piece)
    if cards.ability(card.id).constantly_downed:
        return True
    return all(hurt >= means.tolerance + cards.extra_tolerance(s, piece)
               for hurt, means in zip(s.injuries[piece], card.keal_means, strict=True))


def range_of(s: S, piece: int) -> int:
    """Spaces the soul may still move this day (#movement, #moving_downed_souls)."""
    card = s.card_of(piece)
    base = cards.movement(card) + cards.movement_bonus(s, piece)
    if is_downed(s, piece) and not cards.ability(card.id).acts_downed:
        base = downed_movement(base)
        if base == 1 and cards.movement(card) == 1 and not _escorted(s, piece):
            base = 0  # "1 with escort"
    return max(0, base - s.steps_used[piece])


def _escorted(s: S, piece: int) -> bool:
    return any(other != piece and s.owner[other] == s.owner[piece] and not is_downed(s, other)
               for other in s.souls_at(s.stand[piece]))


def can_move(s: S, piece: int) -> bool:
    """A soul of the seat on the map that may move now: not sick, not a prisoner (#summoning_sickness)."""
    if not s.on_map[piece] or s.prisoner[piece] or not s.card_of(piece).soul:
        return False
    sick = s.played_unrevealed[piece] and s.played_cycle[piece] == s.cycle
    if s.tired_cycle[piece] == s.cycle:
        return False
    return not sick and not cards.ability(s.card[piece]).immobile and range_of(s, piece) > 0


def enemies_at(s: S, stand: str, seat: int) -> list[int]:
    """The revealed enemy souls on a stand: face-down cards neither block nor fight until
    the activation sequence turns them up (#card_activation), so what a seat may do depends
    only on what it sees."""
    return [p for p in s.souls_at(stand) if s.owner[p] != seat and s.known[p] & PUBLIC
            and not cards.ability(s.card[p]).no_space]


def room_in(s: S, territory: int, seat: int, mover: int) -> bool:
    """At most 3 souls per player per territory (#maps); digital clouds take no space."""
    mine = [p for p in s.pieces_in(territory) if s.owner[p] == seat and p != mover
            and s.card_of(p).soul and not s.prisoner[p] and not cards.ability(s.card[p]).no_space]
    return len(mine) < SOULS_PER_TERRITORY or cards.ability(s.card[mover]).no_space


def reach(s: S, piece: int) -> dict[str, Way]:
    """Every stand the soul may move to now, with the shortest way there."""
    seat, card = s.owner[piece], s.card_of(piece)
    steps, start = range_of(s, piece), s.stand[piece]
    flies, digs = card.habitat == "Heavens", card.habitat == "Underground"
    swims = card.habitat == "Water" or flies or is_water(s, start) or s.swum_cycle[piece] != s.cycle
    ways: dict[str, Way] = {start: ()}
    todo = deque([start])
    while todo:
        here = todo.popleft()
        way = ways[here]
        if len(way) >= steps or (here != start and enemies_at(s, here, seat) and not flies):
            continue  # no passing an enemy (#movement); heavens dwellers fly over (#habitat_effects)
        for there, tunnel in s.board.exits[here]:
            if there in ways or (tunnel and not digs) or (is_water(s, there) and not swims):
                continue
            ways[there] = (*way, there)
            todo.append(there)
    del ways[start]
    return {stand: way for stand, way in ways.items() if _may_stop(s, piece, stand)}


def _may_stop(s: S, piece: int, stand: str) -> bool:
    """Room in the territory, and a stand with enemies only for a soul able to attack them
    (moving onto an enemy, you must attack: #movement)."""
    from soulforge.games.kipukas.fight import can_attack

    seat = s.owner[piece]
    if enemies_at(s, stand, seat) and not can_attack(s, piece):
        return False
    territory = s.board.stands[stand].territory
    return room_in(s, territory, seat, piece) and cards.may_enter(s, piece, stand)
