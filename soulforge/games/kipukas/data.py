"""Kipukas game data: the published cards, the typing chart, the motives, the recipes and
the deckbuilding rules, loaded and checked when the module is imported.

The JSON files of ``data/`` are the shared card data (``data/SOURCE.md`` says where each value
comes from: the kipukas.cards binder's repository); ``rules.toml`` holds the deckbuilding
numbers with their source, ``starter_decks.toml`` the two authored starter decks. A bad value
raises :class:`~soulforge.core.errors.DataError` naming the file, the card and the field.

>>> CARDS["hilbert_king_of_avian_frogs"].name
'Hilbert: King of Avian Frogs'
>>> load_matchups().typing(("Decrepit", "Arboreal"), ("Energetic", "Angelic", "Avian"))
-6
>>> motives = load_matchups()
>>> motives.motive_bonus("Spirit", "Possessor", 10), motives.motive_bonus("Possessor", "Spirit", 10)
(10, 0)
"""

from __future__ import annotations

import dataclasses
import sys
from collections import Counter
from collections.abc import Mapping, Sequence
from typing import Any, Final

from soulforge.core import decklist
from soulforge.core.data import choice, data_cache, field, package_dir, read_json, read_toml, sourced
from soulforge.core.decklist import cite_line, deck_cards, read_deck_list
from soulforge.core.errors import DataError

HERE = package_dir("soulforge.games.kipukas")
DATA = HERE / "data"
CARD_TYPES = frozenset(
    {"character", "species", "terrain_feature", "trap", "sabotage", "item", "personal_effect", "non_playable"}
)
SOUL_TYPES: Final = frozenset({"character", "species"})
HABITATS = frozenset(
    {"DigitalCloud", "Forest", "Heavens", "Mountain", "Nomad", "Plains", "Underground", "Volcanic", "Water"}
)

CardId = str
"""A card's id: the binder's permalink slug, e.g. ``"hilbert_king_of_avian_frogs"``."""


@dataclasses.dataclass(frozen=True)
class Dice:
    """A roll: the dice thrown and a fixed base added (``D20-D6`` is a D20 and a D6)."""

    dice: tuple[str, ...]
    base: int


@dataclasses.dataclass(frozen=True)
class KealMeans:
    """One KEAL means of a soul: its archetypes and how many injuries it tolerates."""

    name: str
    condition: str | None
    archetypes: tuple[str, ...]
    tolerance: int


@dataclasses.dataclass(frozen=True)
class Card:
    """A published card; soul fields are None for the other card types."""

    id: CardId
    name: str
    card_type: str
    founders: bool
    archetypal_gene: str | None = None
    motivation: str | None = None
    habitat: str | None = None
    movement: int | None = None
    attack: Dice | None = None
    defense: Dice | None = None
    brawl_sequence: str | None = None
    injury_tolerance: int | None = None
    keal_means: tuple[KealMeans, ...] = ()
    text: str = ""
    tameability: int | None = None
    """Species only (#tameability): the control needed to tame it; None: no number (untameable)."""

    @property
    def soul(self) -> bool:
        return self.card_type in SOUL_TYPES


def _dice(file: str, entry: str, table: Mapping[str, Any], name: str) -> Dice | None:
    parsed = table.get(name)
    if parsed is None:
        return None
    if not isinstance(parsed, dict):
        raise DataError(file, entry, name, f"must be an object, got {parsed!r}")
    dice = field(file, entry, parsed, "dice", list)
    if not all(isinstance(d, str) and d.startswith("D") and d[1:].isdigit() for d in dice):
        raise DataError(file, entry, name, f"dice must look like 'D6', got {dice!r}")
    return Dice(tuple(dice), field(file, entry, parsed, "base", int))


def _keal(file: str, entry: str, raw: Any, archetypes: frozenset[str]) -> tuple[KealMeans, ...]:
    if raw is None:
        return ()
    if not isinstance(raw, list):
        raise DataError(file, entry, "keal_means", f"must be a list, got {raw!r}")
    out = []
    for means in raw:
        kinds = tuple(field(file, entry, means, "archetypes", list))
        unknown = sorted(set(kinds) - archetypes)
        if unknown:
            raise DataError(file, entry, "keal_means", f"unknown archetypes {unknown}")
        out.append(
            KealMeans(
                field(file, entry, means, "name", str),
                means.get("condition"),
                kinds,
                field(file, entry, means, "tolerance", int),
            )
        )
    return tuple(out)


def _card(raw: Mapping[str, Any], archetypes: frozenset[str], motives: frozenset[str]) -> Card:
    file, entry = "cards.json", str(raw.get("id", "?"))
    kind = choice(file, entry, raw, "card_type", set(CARD_TYPES))
    card = Card(
        sys.intern(field(file, entry, raw, "id", str)),  # (``interned_deck``: one object per id)
        field(file, entry, raw, "name", str),
        kind,
        raw.get("deck") == "Founder's Deck",
        text=raw.get("game_effects") or "",
    )
    if kind not in SOUL_TYPES:
        return card
    movement = raw.get("movement")
    if movement is not None and (not isinstance(movement, int) or isinstance(movement, bool) or movement < 0):
        raise DataError(file, entry, "movement", f"must be a whole number >= 0, got {movement!r}")
    return dataclasses.replace(
        card,
        archetypal_gene=choice(file, entry, raw, "archetypal_gene", set(archetypes)),
        motivation=choice(file, entry, raw, "motivation", set(motives)),
        habitat=choice(file, entry, raw, "habitat", set(HABITATS)),
        movement=movement,
        attack=_dice(file, entry, raw, "die_attack_parsed"),
        defense=_dice(file, entry, raw, "die_defense_parsed"),
        brawl_sequence=field(file, entry, raw, "brawl_sequence", str),
        injury_tolerance=field(file, entry, raw, "injury_tolerance", int),
        keal_means=_keal(file, entry, raw.get("keal_means"), archetypes),
        tameability=_tameability(file, entry, raw.get("tameability")),
    )


def _tameability(file: str, entry: str, value: Any) -> int | None:
    if value is not None and (not isinstance(value, int) or isinstance(value, bool) or value < 0):
        raise DataError(file, entry, "tameability", f"must be a whole number >= 0 or null, got {value!r}")
    return value


def _json(name: str) -> Any:
    return read_json(DATA / name)


def load_cards(raw: Sequence[Mapping[str, Any]] | None = None) -> dict[CardId, Card]:
    """Every card by id, checked (``raw``: the parsed ``cards.json``, for tests)."""
    entries = _json("cards.json") if raw is None else raw
    archetypes, motives = frozenset(ARCHETYPES), frozenset(MOTIVES)
    cards = [_card(entry, archetypes, motives) for entry in entries]
    doubled = [card_id for card_id, n in Counter(c.id for c in cards).items() if n > 1]
    if doubled:
        raise DataError("cards.json", doubled[0], "id", "appears twice")
    return {card.id: card for card in cards}


# -- the typing chart and the motives -------------------------------------------------------
# The archetypes' and motives' names are the cards' vocabulary (and the Affinity actions'),
# read once here; the chart's numbers and the motives' relations are a game's (``Matchups``).
ARCHETYPES: Final[tuple[str, ...]] = tuple(_json("typing_chart.json")["archetypes"])
"""The 15 archetypes, in the chart's order."""
_INDEX: Final = {name: i for i, name in enumerate(ARCHETYPES)}
MOTIVES: tuple[str, ...] = tuple(m["name"] for m in _json("motives.json")["motives"])
PRESERVATION_GROUPS = frozenset({"Self", "Support", "Society"})


@dataclasses.dataclass(frozen=True)
class Matchups:
    """The typing chart and the motives a game's fights read (``typing_chart.json``,
    ``motives.json``, ``--set`` applied): a game's ``matchups``."""

    matrix: tuple[tuple[int, ...], ...]
    """``matrix[defender][attacker]``, rows and columns in ``ARCHETYPES``' order."""
    beats: frozenset[tuple[str, str]]
    """(attacker, defender): the attacker's motive beats the defender's (#motivation)."""
    preservation: Mapping[str, str]
    """Each motive's preservation group (Self, Support or Society)."""

    def typing(self, attacking: Sequence[str], defending: Sequence[str]) -> int:
        """What the typing chart adds to the attacker's roll (rulebook #typing): the sum over
        every attacker-defender archetype pair, ``matrix[defender][attacker]`` (``data/SOURCE.md``).

        >>> load_matchups().typing(("Cenozoic", "Decrepit", "Angelic"), ("Decrepit", "Angelic", "Brutal"))
        -13
        """
        matrix, index = self.matrix, _INDEX
        return sum(matrix[index[d]][index[a]] for a in attacking for d in defending)

    def motive_bonus(self, attacker: str, defender: str, bonus: int) -> int:
        """``bonus`` (the game's ``rules["motive_bonus"]``, +10) to the attacker's Final Blow
        roll when its motive beats the defender's (#motivation), else 0."""
        return bonus if (attacker, defender) in self.beats else 0


@data_cache
def load_matchups() -> Matchups:
    """The typing chart's numbers and the motives' relations as the files say now (``--set``
    applied); the archetypes and motives themselves (their names, their order) are fixed."""
    chart, raw = _json("typing_chart.json"), _json("motives.json")
    if tuple(chart["archetypes"]) != ARCHETYPES:
        raise DataError("typing_chart.json", "archetypes", "-", "the archetypes are the cards': fixed")
    matrix = tuple(tuple(row) for row in field("typing_chart.json", "chart", chart, "matrix", list))
    size = len(ARCHETYPES)
    if len(matrix) != size or any(len(row) != size for row in matrix):
        raise DataError("typing_chart.json", "matrix", "-", f"must be {size}x{size}")
    if any(not isinstance(n, int) or isinstance(n, bool) for row in matrix for n in row):
        raise DataError("typing_chart.json", "matrix", "-", "every cell must be a whole number")
    if tuple(m["name"] for m in raw["motives"]) != MOTIVES:
        raise DataError("motives.json", "motives", "name", "the motives are the cards': fixed")
    names = set(MOTIVES)
    preservation = {
        m["name"]: choice("motives.json", m["name"], m, "preservation_group", set(PRESERVATION_GROUPS))
        for m in raw["motives"]
    }
    beats = frozenset(
        (choice("motives.json", f"beats.{i}", b, "attacker", names),
         choice("motives.json", f"beats.{i}", b, "defender", names))
        for i, b in enumerate(raw["beats"])
    )
    return Matchups(matrix, beats, preservation)


# -- deckbuilding ---------------------------------------------------------------------------
@data_cache
def load_rules() -> Mapping[str, int]:
    """The deckbuilding numbers and the motive bonus of ``rules.toml`` (``--set`` applied)."""
    raw = read_toml(HERE / "rules.toml")
    out = {
        "size": sourced("rules.toml", "deck", raw["deck"], "size", int),
        "personal_effects": sourced("rules.toml", "deck", raw["deck"], "personal_effects", int),
        "motive_bonus": sourced("rules.toml", "final_blow", raw["final_blow"], "motive_bonus", int),
    }
    for kind in sorted(CARD_TYPES):
        out[f"copies:{kind}"] = sourced("rules.toml", "copies", raw["copies"], kind, int)
    return out


DIEL_SIDES = frozenset({"day", "night", "storm"})


@dataclasses.dataclass(frozen=True)
class PlayNumbers:
    """The play and opening numbers of ``rules.toml`` (``[play]``, ``diel.opening``), a
    game's ``play``; each from the rulebook (its section in ``rules.toml``)."""

    hand: int
    """A hand's absolute maximum, and the cards drawn at the start (#game_setup 8)."""
    plays_per_roll: int
    """Cards played at most per diel roll (#game_setup 8)."""
    souls_per_territory: int
    """A seat's souls at most in one territory (#movement)."""
    prisoners: int
    """Prisoners at most in one territory (#prison)."""
    starting_territories: int
    """Territories claimed at setup, the capital included (#game_setup 5)."""
    aside_cycles: int
    """The default personal effect: the card set aside is played after these diel cycles."""
    detection_high: int
    """Standard detection: a D20 of 1 to this finds a trap (#traps)."""
    swim_target: int
    """Swimming: 2 D6 of at least this (#habitat_effects, water)."""
    nomad_swim_high: int
    """A nomad swims on a D6 of 1 to this (#habitat_effects, nomad)."""
    cats_fish: int
    """Enchantress of Cats: the doubles of this face are the "fish" that add a day (authored)."""
    collapse_high: int
    """A tunnel collapses on a D6 of 1 to this when its digger is wasted (authored)."""
    challenge_bs: int
    """1: the optional "challenging BS" convention is played (#BS, ``bs.py``); 0: off (authored)."""
    opening: tuple[str, ...]
    """The opening diel cycles' faces, before the die is rolled (#game_setup 9)."""


@data_cache
def load_play() -> PlayNumbers:
    """The play and opening numbers of ``rules.toml`` (``--set`` applied)."""
    raw = read_toml(HERE / "rules.toml")
    numbers = {
        f.name: sourced("rules.toml", "play", raw["play"], f.name, int)
        for f in dataclasses.fields(PlayNumbers)
        if f.name != "opening"
    }
    if negative := sorted(name for name, n in numbers.items() if n < 0):
        raise DataError("rules.toml", "play", negative[0], f"must be >= 0, got {numbers[negative[0]]}")
    opening = tuple(sourced("rules.toml", "diel", raw["diel"], "opening", list))
    if not set(opening) <= DIEL_SIDES:
        sides = sorted(DIEL_SIDES)
        raise DataError("rules.toml", "diel", "opening", f"must be among {sides}, got {opening!r}")
    return PlayNumbers(**numbers, opening=opening)


def load_diel_faces() -> tuple[str, ...]:
    """The diel die's faces of ``rules.toml`` (AUTHORED mix; ``--set`` applied)."""
    raw = read_toml(HERE / "rules.toml")
    faces = tuple(sourced("rules.toml", "diel", raw["diel"], "faces", list))
    if not faces or not set(faces) <= DIEL_SIDES:
        raise DataError("rules.toml", "diel", "faces", f"must be among {sorted(DIEL_SIDES)}, got {faces!r}")
    return faces


@data_cache
def game_cards() -> dict[CardId, Card]:
    """Every card by id as the data files say now (``--set`` applied): a game's ``cards``."""
    return load_cards()


CARDS: Final[Mapping[CardId, Card]] = game_cards()
"""The authored cards, for the abilities' registry and the labels; the rules read their
game's (``Kipukas.cards``, ``state.card_of``)."""


@dataclasses.dataclass(frozen=True)
class DeckList:
    """A deck: 30 cards by id, and the optional Personal Effect played beside it."""

    cards: tuple[CardId, ...]
    personal_effect: CardId | None = None


def parse_deck(text: str) -> tuple[DeckList, list[str]]:
    """A deck list in TOML (``personal_effect = "id"`` then ``[cards]`` id = copies) and the
    problems reading it (each naming its line where it has one)."""
    document, counts, problems = read_deck_list(text, "card id")
    if problems:
        return DeckList(()), [cite_line(text, problem, _about) for problem in problems]
    personal = document.get("personal_effect")
    if personal is not None and not isinstance(personal, str):
        return DeckList(()), ["personal_effect must be a card id"]
    return DeckList(deck_cards(counts), personal), []


def deck_problems(deck: DeckList) -> list[str]:
    """Every break of the deckbuilding rules (rulebook #deck_structure): 30 cards, the copy
    limit of each card type, one optional Personal Effect beside the deck (the data as the
    files say now, ``--set`` applied)."""
    cards, rules = game_cards(), load_rules()
    counts, problems = Counter(deck.cards), []
    problems += [f"unknown card {card!r}" for card in sorted(counts) if card not in cards]
    if len(deck.cards) != rules["size"]:
        problems.append(f"a deck has exactly {rules['size']} cards, this one has {len(deck.cards)}")
    for card, n in sorted(counts.items()):
        if card in cards and n > (limit := rules[f"copies:{cards[card].card_type}"]):
            kind = cards[card].card_type.replace("_", " ")
            problems.append(f"{cards[card].name}: at most {limit} in a deck ({kind}), this one has {n}")
    effect = deck.personal_effect
    if effect is not None and (effect not in cards or cards[effect].card_type != "personal_effect"):
        problems.append(f"personal_effect {effect!r} is not a Personal Effect card")
    return problems


def _about(key: str, problem: str) -> bool:
    """Whether ``problem`` is about the deck list line keyed ``key``: a field it starts with,
    a card id it quotes, or a card whose printed name it starts with."""
    named = key in CARDS and problem.startswith(CARDS[key].name + ":")
    return problem.startswith(key + " ") or repr(key) in problem or named


def read_deck(text: str) -> tuple[DeckList, list[str]]:
    """The deck a deck list describes and the problems that break its rules (each citing
    the list's line)."""
    deck, problems = parse_deck(text)
    return deck, problems or [cite_line(text, problem, _about) for problem in deck_problems(deck)]


def validate_deck(text: str) -> list[str]:
    """The problems of a deck list's text (empty: the deck may be played)."""
    return read_deck(text)[1]


@data_cache
def starter_decks() -> dict[str, DeckList]:
    """The two authored starter decks of ``starter_decks.toml``, each checked."""
    raw = read_toml(HERE / "starter_decks.toml")
    decks = {}
    for name, entry in raw["decks"].items():
        source = field("starter_decks.toml", name, entry, "source", str)
        if source != "authored":
            raise DataError("starter_decks.toml", name, "source", f"must be 'authored', got {source!r}")
        counts = field("starter_decks.toml", name, entry, "cards", dict)
        deck = DeckList(deck_cards(counts))
        problems = deck_problems(deck)
        if problems:
            raise DataError("starter_decks.toml", name, "cards", "; ".join(problems))
        decks[name] = deck
    return decks


def resolve_deck(option: str, spec: str) -> DeckList:
    """A deck option: a starter deck's name ("ember", "tide") or a deck list's TOML text,
    never a path (the terminal reads deck files itself).

    >>> len(resolve_deck("deck0", "ember").cards)
    30
    """
    deck = decklist.resolve_deck(option, spec, starter_decks(), read_deck,
                                 builtin="starter deck", form="[cards] id = copies")
    return interned_deck(deck)


def interned_deck(deck: DeckList) -> DeckList:
    """``deck`` with each card id the one interned string of its id, as the keys of the cards,
    their traits and abilities are (``_card``, ``cards.register``): the rules look a piece's card
    up in those dicts at every listing, and a key that is the very object asked for is found
    without comparing the strings' characters (a tenth of a playout's dict lookups did)."""
    personal = deck.personal_effect
    return DeckList(tuple(sys.intern(card) for card in deck.cards),
                    None if personal is None else sys.intern(personal))
