"""The Kipukas binder's data (issue 33): every card as its page shows it, the short codes of the
rulebook's QR links, the recipe lookup, and the filters of the binder, all read through the
Kipukas game package (``soulforge.games.kipukas.data``: the same files the engine plays).

Nothing here is a rule: the pages show the data and the engine's own reading of each card.
"""

from __future__ import annotations

import dataclasses
import functools
from collections.abc import Mapping, Sequence
from typing import Any

from soulforge.core.data import read_json
from soulforge.games.kipukas import cards as kipukas_cards
from soulforge.games.kipukas import data as kipukas_data

CARD_TYPE_NAMES: Mapping[str, str] = {
    "character": "Character", "species": "Species", "terrain_feature": "Terrain feature", "trap": "Trap",
    "sabotage": "Sabotage", "item": "Item", "personal_effect": "Personal effect",
    "non_playable": "Non-playable",
}
"""Each card type as people read it (the binder's layouts)."""

TYPE_SECTIONS: Mapping[str, str] = {
    "character": "character_species", "species": "character_species", "terrain_feature": "terrain_features",
    "trap": "traps", "sabotage": "sabotage", "item": "items", "personal_effect": "personal_effects",
    "non_playable": "incubation_cards",
}
"""The rulebook section (its ``{#id}``) that covers each card type."""

TEXT_FIELDS: tuple[tuple[str, str], ...] = (
    ("game_effects", "Game effects"), ("activation_criteria", "Activation"),
    ("detection_criteria", "Detection"), ("on_activation", "On activation"), ("on_detection", "On detection"),
    ("success_criteria", "Success criteria"), ("success_result", "On success"),
    ("failure_consequence", "On failure"),
)
"""The rules text fields of ``cards.json`` a card page shows, with their headings."""

MAX_QUERY = 80
"""The longest search text the binder and the recipe lookup take (characters): longer is 422."""
MAX_ITEMS = 3
"""At most this many items are picked in the recipe lookup (the data's ``max_items_selected``)."""


@dataclasses.dataclass(frozen=True)
class Means:
    """One KEAL means as the damage tracker shows it: its name, condition, archetypes, boxes."""

    name: str
    condition: str | None
    archetypes: tuple[str, ...]
    tolerance: int


@dataclasses.dataclass(frozen=True)
class BinderCard:
    """A card's page: its play data, its text, its scarcity, the engine's reading of it."""

    id: str
    short_code: str | None
    name: str
    card_type: str
    scarcity: str | None
    deck: str | None
    gene: str | None
    motivation: str | None
    habitat: str | None
    movement: str | None
    die_attack: str | None
    die_defense: str | None
    same_die: bool
    brawl_sequence: str | None
    injury_tolerance: int | None
    tameability: int | None
    means: tuple[Means, ...]
    texts: tuple[tuple[str, str], ...]
    """(heading, text) of each rules text the card has."""
    reading: str
    """How the engine reads the card's text (its ability's ``reading``)."""
    missing: str
    """What the card's text asks that the engine does not play yet ('' when nothing)."""
    requirements: tuple[str, ...]
    """The names of the card's requirements in the engine (``card_effects.toml``)."""

    @property
    def soul(self) -> bool:
        return self.card_type in kipukas_data.SOUL_TYPES

    @property
    def type_name(self) -> str:
        return CARD_TYPE_NAMES.get(self.card_type, self.card_type)

    @property
    def boxes(self) -> int:
        """The damage tracker's boxes: every KEAL means' tolerance, summed (the binder's count)."""
        return sum(m.tolerance for m in self.means)

    @property
    def archetypes(self) -> frozenset[str]:
        """Every archetype on the card: its gene's and its KEAL means' (the binder's filter)."""
        found = {a for m in self.means for a in m.archetypes}
        return frozenset(found | ({self.gene} if self.gene else set()))

    def haystack(self) -> str:
        """Everything the binder's search reads, lowercased."""
        parts = [self.id, self.short_code or "", self.name, self.type_name, self.scarcity or "",
                 self.gene or "", self.motivation or "", self.habitat or "", self.reading,
                 *(m.name for m in self.means), *(text for _, text in self.texts)]
        return "\n".join(parts).lower()


def _card(raw: Mapping[str, Any]) -> BinderCard:
    """A card's page: its play data as the engine has it (``game_cards()``: the parsed, checked
    card), and what only people read (short code, scarcity, the dice and rules as printed)."""
    card_id = str(raw["id"])
    played = kipukas_data.game_cards()[card_id]
    ability = kipukas_cards.ability(card_id)
    declared = kipukas_cards.BOOK[card_id]
    means = tuple(Means(m.name, m.condition, m.archetypes, m.tolerance) for m in played.keal_means)
    moves = str(played.movement) if played.movement is not None else raw.get("movement_text")
    return BinderCard(
        id=card_id, short_code=raw.get("short_code"), name=played.name, card_type=played.card_type,
        scarcity=raw.get("scarcity"), deck=raw.get("deck"), gene=played.archetypal_gene,
        motivation=played.motivation, habitat=played.habitat, movement=moves,
        die_attack=raw.get("die_attack"), die_defense=raw.get("die_defense"),
        same_die=bool(raw.get("die_same_for_attack_and_defense")), brawl_sequence=played.brawl_sequence,
        injury_tolerance=played.injury_tolerance, tameability=played.tameability, means=means,
        texts=tuple((title, str(raw[key])) for key, title in TEXT_FIELDS if raw.get(key)),
        reading=ability.reading, missing=ability.missing,
        requirements=tuple(name for name, _args in declared.requirements),
    )


@functools.cache
def binder() -> tuple[BinderCard, ...]:
    """Every card of ``cards.json`` (the game package's copy), in the data's order."""
    return tuple(_card(raw) for raw in read_json(kipukas_data.DATA / "cards.json"))


@functools.cache
def by_id() -> Mapping[str, BinderCard]:
    return {card.id: card for card in binder()}


@functools.cache
def by_code() -> Mapping[str, BinderCard]:
    """Each short code (``kpks.us/<code>``) the data has, to its card; codes are case-sensitive."""
    return {card.short_code: card for card in binder() if card.short_code}


@dataclasses.dataclass(frozen=True)
class Filters:
    """The binder's search: text, and one value of each facet (None: any)."""

    q: str = ""
    type: str | None = None
    archetype: str | None = None
    habitat: str | None = None
    motive: str | None = None

    def keeps(self, card: BinderCard) -> bool:
        words = self.q.lower().split()
        hay = card.haystack() if words else ""
        return (all(w in hay for w in words)
                and (self.type is None or card.card_type == self.type)
                and (self.archetype is None or self.archetype in card.archetypes)
                and (self.habitat is None or card.habitat == self.habitat)
                and (self.motive is None or card.motivation == self.motive))


def facets() -> dict[str, tuple[str, ...]]:
    """Each filter's allowed values (a value outside them is refused, 422)."""
    return {
        "type": tuple(CARD_TYPE_NAMES),
        "archetype": kipukas_data.ARCHETYPES,
        "habitat": tuple(sorted(kipukas_data.HABITATS)),
        "motive": kipukas_data.MOTIVES,
    }


def search(filters: Filters) -> list[BinderCard]:
    """The cards the filters keep, in the data's order."""
    return [card for card in binder() if filters.keeps(card)]


# -- recipes ----------------------------------------------------------------------------------------
@dataclasses.dataclass(frozen=True)
class Recipe:
    """One entry of the recipe lookup: the items combined, what they make, its effect."""

    ingredients: tuple[str, ...]
    ingredient_ids: tuple[str, ...]
    name: str
    effect: str
    kind: str | None

    def haystack(self) -> str:
        return "\n".join([self.name, self.effect, self.kind or "", *self.ingredients]).lower()


@functools.cache
def recipes() -> tuple[Recipe, ...]:
    """The 25 entries of ``recipes.json``, in its order."""
    raw = read_json(kipukas_data.DATA / "recipes.json")
    return tuple(Recipe(tuple(r["ingredients"]), tuple(r["ingredient_ids"]), str(r["result_name"]),
                        str(r["effect"]), r.get("result_kind") or r.get("result_kind_inferred"))
                 for r in raw["recipes"])


@functools.cache
def items() -> Mapping[str, str]:
    """The items the lookup combines: id to name (the single-item entries')."""
    return {r.ingredient_ids[0]: r.ingredients[0] for r in recipes() if len(r.ingredient_ids) == 1}


def find_recipes(q: str, picked: Sequence[str]) -> list[Recipe]:
    """The entries holding every picked item whose text holds every word of ``q``."""
    words, wanted = q.lower().split(), set(picked)
    return [r for r in recipes()
            if wanted <= set(r.ingredient_ids) and all(w in r.haystack() for w in words)]
