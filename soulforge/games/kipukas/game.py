"""The :class:`Kipukas` game: options (decks, map, the peace bound), the action index,
the heuristic and deckbuilding."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, ClassVar

from soulforge.core.action import Action
from soulforge.core.computed_index import ComputedIndex
from soulforge.core.errors import OptionError
from soulforge.core.game import Game
from soulforge.core.options import Option
from soulforge.games.kipukas import (
    abilities,  # noqa: F401  (declares the cards, before the rules load)
    affinity,
    crafted,
    data,
    fight,
    heuristic,
    movement,
    styles,
)
from soulforge.games.kipukas import actions as a
from soulforge.games.kipukas.board import KipukaMap, load_maps
from soulforge.games.kipukas.data import (
    ARCHETYPES,
    Card,
    DeckList,
    Matchups,
    PlayNumbers,
    resolve_deck,
    validate_deck,
)
from soulforge.games.kipukas.encoding import PEACE_CYCLES
from soulforge.games.kipukas.items import Recipe, load_recipes
from soulforge.games.kipukas.state import KipukasState, Tables
from soulforge.games.kipukas.summary import summarize

MAX_PIECES = 4 * 30 + 8
"""Pieces a game can hold: every card of four decks (and a few recalled and replayed)."""
ACTIONS_PER_CYCLE = 120


def _deck(seat: int, default: str) -> Option:
    return Option(
        f"deck{seat}",
        str,
        default,
        f"seat {seat}'s deck: 'ember', 'tide' or a TOML deck list "
        "([cards] id = copies; in the terminal, the path of a .toml file)",
        deck=True,
        label=f"Seat {seat}'s deck",
    )


class Kipukas(Game[KipukasState]):
    id: ClassVar[str] = "kipukas"
    title: ClassVar[str] = "Kipukas"
    summary: ClassVar[str] = (
        "Souls from the Founder's Deck fight over a kipuka's territories through "
        "days, nights and storms; hold every base camp and capital to dominate."
    )
    rulebook: ClassVar[str] = "kipukas.md"
    observation_size: ClassVar[int] = 4096
    min_players: ClassVar[int] = 2
    max_players: ClassVar[int] = 4
    option_specs: ClassVar[tuple[Option, ...]] = (
        _deck(0, "ember"),
        _deck(1, "tide"),
        _deck(2, "ember"),
        _deck(3, "tide"),
        Option(
            "map",
            str,
            "duel",
            "the kipuka: 'duel' (8 territories, 2 players) or 'grand' (12, up to 4); both authored",
            choices=tuple(sorted(load_maps())),
            label="Map",
        ),
        Option(
            "peace_after",
            int,
            PEACE_CYCLES,
            "authored bound: after this many diel cycles the players "
            "keep the peace (more territories wins, equal is a tie)",
            minimum=3,
            maximum=200,
            label="Peace after (diel cycles)",
        ),
        Option(
            "progress",
            str,
            "",
            "the seated players' affinity and loyalty records (#affinity), a JSON list of one "
            "record (or null) per seat from /kipukas/progress; empty: off, a seat's control over a "
            "species is its declared affinity only",
            max_length=affinity.MAX_SEATS_RECORDS * affinity.MAX_PROGRESS_TEXT,
            label="Players' affinity records",
            quiet=True,
        ),
        *styles.OPTIONS,
    )
    action_types: ClassVar[tuple[type[Action], ...]] = a.ACTION_TYPES
    # A game is ~200 decisions and a random rollout to its end ~200 moves: the search looks
    # 10 moves ahead and scores the rest with the heuristic; hard explores less and values a
    # seat's run of consecutive decisions by its best continuation (NOTES.md, "Agents").
    agent_levels: ClassVar[dict[str, str]] = {
        "easy": "greedy:samples=1,noise=0.2",
        "normal": "ismcts:iterations=30,rollout_depth=10",
        "hard": "ismcts:iterations=300,rollout_depth=10,exploration=0.4,backup=max",
    }
    max_game_length: ClassVar[int] = 200 * ACTIONS_PER_CYCLE
    index_options: ClassVar[tuple[str, ...] | None] = ("map",)
    """The index reads the map (its stands and territories), not the decks."""
    # The data the rules read from the game (``cards``, ``rules``, ``play``, ``maps``,
    # ``matchups``, ``recipes``, ``diel_faces``); the cards' texts and abilities, the names of
    # archetypes and motives, which recipes there are and the peace bound's default (an
    # option) are read once, at import (README, "The balance lab").
    settable: ClassVar[tuple[str, ...] | None] = (
        "cards.*.movement",
        "cards.*.die_attack_parsed.*",
        "cards.*.die_defense_parsed.*",
        "cards.*.keal_means.*",
        "cards.*.archetypal_gene",
        "cards.*.motivation",
        "cards.*.habitat",
        "cards.*.brawl_sequence",
        "maps.maps.*",
        "rules.deck.*",
        "rules.copies.*",
        "rules.final_blow.*",
        "rules.play.*",
        "rules.diel.faces",
        "rules.diel.opening",
        "starter_decks.*",
        "typing_chart.matrix.*",
        "motives.motives.*.preservation_group",
        "motives.beats.*.attacker",
        "motives.beats.*.defender",
        "recipes.recipes.*.ingredients",
        "recipes.recipes.*.ingredients.*",
    )

    maps: Mapping[str, KipukaMap]
    """The maps of ``maps.toml`` by name, as this game's data says (``--set`` applied)."""
    board: KipukaMap
    """The map played (option ``map``)."""
    decks: tuple[DeckList, ...]
    cards: dict[str, Card]
    """Every card by id, as this game's data says (``--set`` applied). (A ``dict``, typed so:
    compiled, a lookup in one is a dict's own, not the generic one a ``Mapping`` takes.)"""
    rules: Mapping[str, int]
    """The numbers of ``rules.toml`` the rules read from the game (deckbuilding, motive bonus)."""
    play: PlayNumbers
    """The play and opening numbers of ``rules.toml`` (hand, plays per roll, souls per territory...)."""
    matchups: Matchups
    """The typing chart and the motives (what a fight adds to its rolls)."""
    recipes: tuple[Recipe, ...]
    """The crafted recipes (``recipes.json``: their items), numbered as ``recipe:<n>``."""
    craftable: tuple[tuple[int, frozenset[str]], ...]
    """The recipes the engine plays (``Recipe.playable``): number and the item cards each needs."""
    ingredients: frozenset[str]
    """Every item some recipe of ``craftable`` needs (a hand holding none completes no recipe)."""
    peace_after: int
    """The ``peace_after`` option: the game ends in peace after that many diel cycles (read as
    an attribute at every cycle's start, not an option looked up and converted)."""
    diel_faces: tuple[str, ...]
    """The diel die's faces (#diel_cycle; the mix is authored)."""
    traits: dict[str, movement.Traits]
    """Per card, what the movement and fight helpers ask (built once per game)."""
    armed: frozenset[str]
    """The cards that may attack at all (``fight.armed``)."""
    style: styles.Style
    """The play style (option ``style``, #playstyleoptions: ``styles/``)."""
    tables: Tables
    """``cards``, ``traits``, ``play`` and ``style`` in one native object: what the rules read
    at every listing, through the state (``KipukasState.tables``)."""

    def __init__(self, /, **options: Any) -> None:
        super().__init__(**options)
        self.style = styles.STYLES[str(self.settings["style"])]
        self.cards = data.game_cards()
        self.rules = data.load_rules()
        self.play = data.load_play()
        self.matchups = data.load_matchups()
        self.recipes = load_recipes()
        self.craftable = tuple((n, frozenset(r.ingredients)) for n, r in enumerate(self.recipes)
                               if r.playable)
        self.ingredients = frozenset().union(*(needs for _, needs in self.craftable))
        self.diel_faces = data.load_diel_faces()
        self.traits = movement.traits(self.cards)
        self.armed = fight.armed(self.cards)
        self.maps = load_maps()
        self.board = self.maps[str(self.options["map"])]
        self.decks = tuple(resolve_deck(f"deck{seat}", str(self.options[f"deck{seat}"])) for seat in range(4))
        self.peace_after = int(self.options["peace_after"])
        self.tables = Tables(self.cards, self.traits, self.play, self.style, self.craftable, self.ingredients)
        try:
            self.progress = affinity.seat_records(str(self.settings["progress"]))
        except ValueError as err:
            raise OptionError(f"option 'progress': {err}") from None


    def _new_state(self, seed: int, players: int) -> KipukasState:
        refusal = self.style.refusal(self, players)
        if refusal:
            raise OptionError(refusal)
        return KipukasState(self, seed, players)

    def _enumerate_actions(self) -> Sequence[Action]:
        return list(self._build_index().table)

    def _build_index(self) -> ComputedIndex:
        """The fixed action index computed from its runs (``actions.index_runs``): 146,453
        actions on the duel map, none of them tabulated (the table and its dict were 17 MB)."""
        stands = sorted(self.board.stands)
        return ComputedIndex(a.index_runs(
            archetypes=ARCHETYPES,
            stands=stands,
            territories=list(self.board.territories),
            pieces=range(MAX_PIECES),
            # hand slots and the aside slot (a hand above 3 plays past it: ``actions.play_index``)
            slots=range(max(a.ASIDE_SLOT, self.play.hand) + 1),
            card_ids=sorted(self.cards),
            items=sorted(cid for cid, card in self.cards.items() if card.card_type == "item"),
            recipes=len(self.recipes),
            snares=crafted.MAX_SNARES,
            hand=self.play.hand,
            seats=self.max_players,
            boats=len(self.board.boats),
        ))

    def result_summary(self, state: KipukasState, start: KipukasState) -> dict[str, Any]:
        """Decks, cards drawn and played, territories held (``summary.py``)."""

        return summarize(state, start)

    def heuristic(self, state: KipukasState, player: int) -> float:
        """Territories held, souls and their health, squashed into [-1, 1]."""
        return heuristic.evaluate(state, player)

    def validate_deck(self, text: str) -> list[str]:
        return validate_deck(text)
