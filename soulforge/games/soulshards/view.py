"""What a seat sees: both Cities, Resolve, Attributes, Edge, the cards in play, Homes and
Stockpiles (face up), its own hand and Reserves; never another hand, a deck's order, or a
concealed Support card."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Final

from soulforge.core.action import Action, JsonDict
from soulforge.core.memo import PerObject
from soulforge.games.soulshards.actions import Mulligan
from soulforge.games.soulshards.cards import effect_words
from soulforge.games.soulshards.data import ATTRS, KEYWORDS, Ability, CardDef, Deck
from soulforge.games.soulshards.rules import step_prompt

if TYPE_CHECKING:
    from soulforge.games.soulshards.state import ShardsState, Unit


def _ability_words(label: str, ab: Ability) -> str:
    cost = "" if not ab.cost.total and not ab.cost.fatigue else f"pay {ab.cost.words()}: "
    dl = (
        f"DL {ab.dl}" + (f" (benefits from {ab.benefit.title()})" if ab.benefit else "") + ": "
        if ab.dl
        else ""
    )
    target = (
        "" if ab.target == "none" else f"target {ab.target.replace('_', ' ').replace('char', 'Character')}; "
    )
    return f"{label}: {cost}{dl}{target}" + "; ".join(effect_words(e) for e in ab.effects) + "."


def card_text(card: CardDef) -> str:
    """A card's whole text (hover and click in the web table, ``soulforge rules``)."""
    parts = [f"{card.name} ({card.type.title()}), cost {card.cost.words()}, Trait {card.trait}."]
    if card.type == "character":
        parts.append(f"Martial {card.martial}, Elude {card.elude}, Endure {card.endure}.")
    if card.keywords:
        parts.append("Keywords: " + ", ".join(sorted(k.title() for k in card.keywords)) + ".")
    if card.spell is not None:
        parts.append(_ability_words("Spell", card.spell))
    if card.ability is not None:
        parts.append(_ability_words("Effect", card.ability))
    if card.exhausted is not None:
        parts.append(_ability_words("Exhausted", card.exhausted))
    if card.attach:
        parts.append("Attach: when discarded for Support for your Character, Attach it to them.")
    stats = ", ".join(
        f"+{n} {name}" for n, name in zip(card.equip_stats, ("Martial", "Elude", "Endure"), strict=True) if n
    )
    kws = ", ".join(k.title() for k in sorted(card.equip_keywords))
    if stats or kws:
        parts.append("Equip: " + ", ".join(x for x in (stats, kws) if x) + ".")
    return " ".join(parts)


TEXT_CACHE_SIZE = 4096
"""Card texts kept (every card of every card book a process loaded, many times over)."""
cached_text: Final[PerObject[CardDef, str]] = PerObject(card_text, TEXT_CACHE_SIZE)
"""``card_text(card)``, made once per card: a card is frozen, and every view shows the text of
every card of the game (about 60), which was most of the cost of a view."""
_CARD_KEYWORDS: Final[PerObject[CardDef, tuple[str, ...]]] = PerObject(size=TEXT_CACHE_SIZE)


def unit_keywords(s: ShardsState, u: Unit) -> list[str]:
    """The keywords ``u`` has (``s.has``), sorted. With nothing Attached, ``s.has`` reads the
    card's keywords alone (a card is frozen): they are kept per card, as every view shows
    every unit's (a fifth of a view, found keyword by keyword)."""
    kept = None if u.attached else _CARD_KEYWORDS.get(u.card)
    if kept is not None:
        return list(kept)
    found = sorted(k for k in KEYWORDS if s.has(u, k))
    if not u.attached:
        _CARD_KEYWORDS.keep(u.card, tuple(found))
    return found


def unit_view(s: ShardsState, u: Unit) -> JsonDict:
    return {
        "spot": s.spot_of(u),
        "card": u.card.name,
        "type": u.card.type,
        "owner": u.owner,
        "fatigue": u.fatigue,
        "prepared": u.prepared,
        "pinned": u.pinned,
        "provoked": u.provoked,
        "martial": s.stat(u, 0),
        "elude": s.stat(u, 1),
        "endure": s.stat(u, 2),
        "trait": u.card.trait,
        "keywords": unit_keywords(s, u),
        "attached": list(u.attached),
        "text": cached_text(u.card),
    }


_POOLS: Final[PerObject[Deck, tuple[str, ...]]] = PerObject(
    lambda deck: tuple(sorted(deck.cards + deck.reserves)), TEXT_CACHE_SIZE)


def deck_pool(deck: Deck) -> list[str]:
    """Every card of a deck and its Reserves, sorted (per deck, once: a deck is frozen)."""
    return list(_POOLS(deck))


def player_view(s: ShardsState, p: int, viewer: int | None) -> JsonDict:
    city = s.cities[p]
    concealed = s.concealed[p]
    support: Any = None
    if concealed is not None:
        source, name = concealed
        shown = source == "Stockpile" or (viewer == p and source == "hand")
        support = {"source": source, "card": name if shown else None}
    arsenal = s.arsenal[p]
    out: JsonDict = {
        "seat": p,
        "city": {"name": city.name, "produces": [ATTRS[a] for a in city.produces], "text": city.text},
        "resolve": s.resolve[p],
        "attributes": dict(zip(ATTRS, s.pool[p], strict=True)),
        "edge": s.edge[p],
        "arsenal_size": len(arsenal),
        "arsenal_bottom": arsenal[: s.known_bottom[p]],
        "hand_size": len(s.hand[p]),
        "reserves_size": len(s.reserves[p]),
        "home": list(s.home[p]),
        "stockpile": [{"card": name, "attribute": ATTRS[a]} for name, a in s.stockpile[p]],
        "battlefield": [unit_view(s, s.units[uid]) for uid in s.zones[p][0]],
        "keep": [unit_view(s, s.units[uid]) for uid in s.zones[p][1]],
        "support": support,
        "pool": deck_pool(s.game.decks[p]),
    }
    if viewer == p:
        out["hand"] = list(s.hand[p])
        out["reserves"] = list(s.reserves[p])
        hidden = [name for source, name in [concealed] if source == "Arsenal"] if concealed else []
        out["unseen"] = sorted(arsenal[s.known_bottom[p] :] + hidden)
    else:
        out["hand"] = None
    return out


_CARD_TEXTS: Final[PerObject[dict[str, CardDef], dict[str, str]]] = PerObject(
    lambda cards: {name: cached_text(card) for name, card in cards.items()}, 8)


def card_texts(cards: dict[str, CardDef]) -> dict[str, str]:
    """Every card's text by name, a fresh dict (a caller may change its own); made once per
    card book (``ShardsState.cards``: shared by the game's states, never changed)."""
    return dict(_CARD_TEXTS(cards))


def view(s: ShardsState, viewer: int | None) -> JsonDict:
    texts = card_texts(s.cards)
    return {
        "step": s.step,
        "turn": s.turn,
        "active_player": None if s.step == "over" else s.active,
        "first_player": s.first_player,
        "players": [player_view(s, p, viewer) for p in range(2)],
        "casting": list(s.casting),
        "fight": s.fight,
        "order_of_play": [frame.view(s) for frame in s.stack],
        "pending_triggers": [{"seat": o, "card": n} for o, n in s.triggers],
        "no_more_attacks": s.no_attack,
        "winner": s.winner,
        "end_reason": s.end_reason,
        "attributes": list(ATTRS),
        "card_texts": texts,
    }


def describe(s: ShardsState, action: Action) -> str:
    """``action`` in words in this game: a mulligan says what it costs (rules.toml's
    ``mulligan_cost``), every other action is its own label."""
    if type(action) is Mulligan:
        return f"{action} (pay {s.game.rules.numbers['mulligan_cost']} Resolve)"
    return str(action)


def prompt(s: ShardsState) -> str:
    if s.step == "over":
        return ""
    return f"seat {s.decider}: {step_prompt(s)}"
