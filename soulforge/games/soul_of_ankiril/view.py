"""What a seat sees: the battlefield, both players' public facts and its own hand."""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Final, NamedTuple

from soulforge.core.action import JsonDict
from soulforge.core.memo import PerObject
from soulforge.games.soul_of_ankiril import consequences
from soulforge.games.soul_of_ankiril.board import Board
from soulforge.games.soul_of_ankiril.model import OVER, CardDef, Creature, leader_of
from soulforge.games.soul_of_ankiril.sequence import highlight

if TYPE_CHECKING:
    from soulforge.games.soul_of_ankiril.state import AnkirilState


def card_info(card: CardDef) -> JsonDict:
    return {
        "name": card.name, "type": card.type, "element": card.element, "class": card.klass,
        "attack": card.attack, "health": card.health, "sync": card.sync, "text": card.text,
    }


def creature_view(st: AnkirilState, c: Creature) -> JsonDict:
    return {
        "uid": c.uid, "card": c.card.name, "owner": c.owner, "cell": c.cell,
        "attack": consequences.attack_of(st, c), "health": c.hp, "max_health": c.max_hp,
        "element": c.element, "class": c.klass, "leader": c.leader, "token": c.card.type == "token",
        "active": c.active, "moved": c.moved, "acted": c.acted, "poisoned": c.poisoned,
        "poison": c.poison, "reinforced": c.reinforced, "challenged_by": c.challenged_by,
        "challenging": c.challenging, "keywords": list(_keywords(c.card)), "text": c.card.text,
    }


_keywords: Final[PerObject[CardDef, tuple[str, ...]]] = PerObject(lambda card: tuple(sorted(card.keywords)))
"""A card's keywords, sorted (per card, once: every view shows every Creature's)."""


class Decks(NamedTuple):
    """What views show of the two decklists, fixed for a game."""

    leaders: tuple[str, str]
    elements: tuple[str | None, str | None]
    decklists: tuple[tuple[str, ...], tuple[str, ...]]
    """Each decklist, sorted."""


Decklists = tuple[tuple[str, ...], tuple[str, ...]]
_DECKS: Final[PerObject[Decklists, tuple[Mapping[str, CardDef], Decks]]] = PerObject(size=8)


def decks_shown(st: AnkirilState) -> Decks:
    """The decklists' :class:`Decks`, made once per game (its decklists and cards, shared by its
    states and never changed, found by identity): each view read every decklist through six
    times."""
    lists, cards = st.decklists, st.cards
    kept = _DECKS.get(lists)
    if kept is None or kept[0] is not cards:
        first, second = leader_of(lists[0], cards), leader_of(lists[1], cards)
        leaders, elements = (first.name, second.name), (first.element, second.element)
        sorted_lists = (tuple(sorted(lists[0])), tuple(sorted(lists[1])))
        kept = _DECKS.keep(lists, (cards, Decks(leaders, elements, sorted_lists)))
    return kept[1]


def player_view(st: AnkirilState, p: int, viewer: int | None, decks: Decks) -> JsonDict:
    deck, known = st.decks[p], st.known_top[p]
    unknown = deck[: len(deck) - known]
    out: dict[str, Any] = {
        "seat": p,
        "leader": decks.leaders[p],
        "element": decks.elements[p],
        "energy": st.energy[p],
        "hand_size": len(st.hands[p]),
        "deck_size": len(deck),
        "deck_top_known": list(reversed(deck[len(deck) - known:])),
        "discard": list(st.discard[p]),
        "emanations": [
            {"cell": cell, "health": st.ema_hp[p * 3 + k], "active": st.ema_hp[p * 3 + k] > 0}
            for k, cell in enumerate(st.board.emanation_cells[p])
        ],
        "emanations_left": st.emanations_left(p),
        "leader_arrow": st.arrow[p],
        "offspring_left": st.offspring[p],
        "decklist": list(decks.decklists[p]),
    }
    if viewer == p:
        out["hand"] = list(st.hands[p])
        out["hand_cards"] = [card_info(st.cards[n]) for n in st.hands[p]]
        out["deck_contents"] = sorted(unknown)
    else:
        out["hand"] = None
        out["unseen"] = sorted(st.hands[p] + unknown)
    return out


def board_view(st: AnkirilState) -> list[JsonDict]:
    """The battlefield's terrains (fresh dicts each view: a caller may change its own)."""
    return [dict(cell) for cell in _terrains(st.board)]


def _board_terrains(b: Board) -> tuple[JsonDict, ...]:
    return tuple(
        {"cell": i, "x": b.xy[i][0], "row": b.xy[i][1], "terrain": b.kind[i], "element": b.element[i],
         "side": b.side[i], "name": b.name(i)}
        for i in range(b.size)
    )


_terrains: Final[PerObject[Board, tuple[JsonDict, ...]]] = PerObject(_board_terrains, size=64)
"""Per board, once: its terrains as views show them (the battlefield never changes; every view
of every seat shows it)."""


def view(st: AnkirilState, viewer: int | None) -> JsonDict:
    decks = decks_shown(st)
    return {
        "stage": st.stage,
        "turn": st.turn,
        "active_player": st.player if st.stage != OVER else None,
        "turn_limit": st.game.turn_limit,
        "mirror_match": decks.elements[0] == decks.elements[1],
        "board": board_view(st),
        "players": [player_view(st, p, viewer, decks) for p in range(2)],
        "creatures": [creature_view(st, c) for c in sorted(st.units.values(), key=lambda c: c.uid)],
        "last": {"cells": [] if st.last is None else list(highlight(st.last)), "text": st.last_text},
        "winner": st.winner,
        "end_reason": st.end_reason,
    }


def prompt(st: AnkirilState) -> str:
    if st.stage == "over":
        return ""
    p = st.player
    if st.stage == "setup":
        return f"seat {p}: place your Leader on a Leader deployment terrain"
    return f"seat {p}, turn {st.turn}: Strategy and Combat ({st.energy[p]} Energy) - act or end the turn"
