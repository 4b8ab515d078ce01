"""The :class:`Soulshards` game: options, the fixed action index, hooks (no rule here)."""

from __future__ import annotations

from collections.abc import Hashable, Sequence
from functools import cached_property
from typing import Any, ClassVar

from soulforge.core.action import Action
from soulforge.core.cards import CardBook
from soulforge.core.game import Game
from soulforge.core.options import Option
from soulforge.core.snapshot import Memo
from soulforge.games.soulshards import data, heuristic, summary
from soulforge.games.soulshards.actions import (
    ACTION_TYPES,
    Ambush,
    Attack,
    Block,
    Cast,
    Charge,
    ChooseAttribute,
    Demoralize,
    EndBlocks,
    EndDeploy,
    EndTurn,
    FightNext,
    Guard,
    Join,
    KeepDeck,
    KeepHand,
    Mount,
    Move,
    Mulligan,
    Pass,
    Play,
    Provoke,
    Sabotage,
    SabotageOption,
    SkipStockpile,
    SkipTrigger,
    SpendEdge,
    Stockpile,
    SupportArsenal,
    SupportHand,
    SupportStockpile,
    Swap,
    Tactics,
    UseEffect,
    UseTrigger,
    ZealousMove,
)
from soulforge.games.soulshards.cards import CITY_HOOKS
from soulforge.games.soulshards.listing import Affordable
from soulforge.games.soulshards.state import ShardsState

MAX_TURNS = 200


class Soulshards(Game[ShardsState]):
    rules: data.Rules
    cards: dict[str, data.CardDef]
    book: CardBook[Any, Any]
    """The declarations of the cards' uses (``data.load_cards``): their effect pieces and requirements."""
    cities: dict[str, data.City]
    decks: tuple[data.Deck, data.Deck]
    zone_limit: int
    max_fatigue: int
    """``rules.toml``'s ``max_fatigue``: a card with fewer is Ready (``conditions.ready``)."""

    id: ClassVar[str] = "soulshards"
    title: ClassVar[str] = "Soulshards: Broken Alliance"
    summary: ClassVar[str] = (
        "Two captains of the guard send Characters, Spells and Gear against each other's City; "
        "Fatigue wears them down, Support decides fights, and a player with no Resolve loses."
    )
    rulebook: ClassVar[str] = "soulshards_broken_alliance.txt"
    option_specs: ClassVar[tuple[Option, ...]] = (
        Option(
            "deck0",
            str,
            "ironhold",
            "seat 0's deck: 'ironhold', 'lorespire' or a deck list "
            "(city = ..., [cards], [reserves]; in the terminal, the path of a .toml file)",
            deck=True,
            label="Seat 0's deck",
        ),
        Option("deck1", str, "lorespire", "seat 1's deck", deck=True, label="Seat 1's deck"),
        Option("long_game", bool, False, "the long-game option: each player starts with 6 more Resolve",
               label="Long game"),
        Option(
            "turn_limit",
            int,
            60,
            "authored bound: after this many turns, more Resolve wins (equal: a draw)",
            minimum=2,
            maximum=MAX_TURNS,
            label="Turn limit",
        ),
    )
    action_types: ClassVar[tuple[type[Action], ...]] = ACTION_TYPES
    # The generic easy level (greedy with 4 follow-up decisions) takes seconds a move over
    # Engage's 50-100 choices; ISMCTS values leaves with the heuristic (NOTES.md, "Agents").
    agent_levels: ClassVar[dict[str, str]] = {
        "easy": "greedy:follow=0,noise=0.2",
        "normal": "ismcts:iterations=30,rollout=heuristic,exploration=0.3",
        "hard": "ismcts:iterations=300,rollout=heuristic,exploration=0.3",
    }
    max_game_length: ClassVar[int] = 400 * MAX_TURNS

    def __init__(self, /, **options: Any) -> None:
        super().__init__(**options)
        self.rules = data.load_rules()
        self.cards, self.cities, self.book = data.load_cards(CITY_HOOKS.names())
        table = (self.cards, self.cities, self.rules.numbers)
        self.decks = (
            data.resolve_deck("deck0", str(self.options["deck0"]), *table),
            data.resolve_deck("deck1", str(self.options["deck1"]), *table),
        )
        self.zone_limit = self.rules.numbers["zone_limit"]
        self.max_fatigue = self.rules.numbers["max_fatigue"]

    @property
    def long_game(self) -> bool:
        return bool(self.options["long_game"])

    @property
    def turn_limit(self) -> int:
        return int(self.options["turn_limit"])

    def _new_state(self, seed: int, players: int) -> ShardsState:
        return ShardsState(self, seed, players)

    @cached_property
    def spell_names(self) -> frozenset[str]:
        """The cards that are Spells (Cast from Home)."""
        return frozenset(name for name, card in self.cards.items() if card.spell is not None)

    @cached_property
    def spell_targets(self) -> dict[str, str]:
        """Each Spell's target kind, by name (the fast Engage listing's test for a Spell)."""
        return {name: card.spell.target for name, card in self.cards.items() if card.spell is not None}

    @cached_property
    def affordable(self) -> Memo[tuple[int, ...], Affordable]:
        """What each pool value pays for (``listing.affordable``), filled on first use."""
        return Memo()

    @cached_property
    def pool_cap(self) -> int:
        """The largest cost of a card or effect (Attributes and generic). A pool holding at
        least this much of one Attribute pays for exactly what it would with that much only
        (each Attribute shown is paid, the rest exceeds the generic part), so ``can_pay``
        answers alike on pools capped there (``listing.affordable``)."""
        costs = [card.cost for card in self.cards.values()]
        costs += [card.ability.cost for card in self.cards.values() if card.ability is not None]
        return max((cost.total for cost in costs), default=0)

    @cached_property
    def stockpile_choices(self) -> dict[str, tuple[Stockpile, ...]]:
        """Each card's Stockpile actions, one per Attribute it may produce."""
        cards = self.cards.items()
        return {name: tuple(Stockpile(name, attr) for attr in card.produces) for name, card in cards}

    @cached_property
    def _pool(self) -> _Pool:
        """What the action index depends on: each card's name, the Attributes it produces,
        whether it is a Spell and has an exhausted trigger (``--set`` may change them)."""
        cards = sorted(self.cards.items())
        return tuple((n, c.produces, c.spell is not None, c.exhausted is not None) for n, c in cards)

    def index_key(self) -> Hashable:
        """The index reads the card pool and the zone size only (not the decks)."""
        return type(self), self._pool, self.zone_limit

    def _enumerate_actions(self) -> Sequence[Action]:
        names = sorted(self.cards)
        spells = [n for n in names if self.cards[n].spell is not None]
        triggers = [n for n in names if self.cards[n].exhausted is not None]
        n = self.zone_limit
        spots = [f"{p}{z}{i}" for p in "01" for z in "bk" for i in range(n)]
        targets = ["", *spots]
        out: list[Action] = [
            KeepDeck(),
            Mulligan(),
            KeepHand(),
            EndDeploy(),
            SkipStockpile(),
            Charge(),
            EndBlocks(),
            Pass(),
            SupportArsenal(),
            Demoralize(),
            Sabotage(),
            ZealousMove(),
            EndTurn(),
            SpendEdge(1),
            SpendEdge(-1),
        ]
        out += [Swap(a, b) for a in names for b in names if a != b]
        out += [ChooseAttribute(i) for i in range(4)]
        out += [Move(s) for s in spots]
        out += [Stockpile(c, a) for c in names for a in self.cards[c].produces]
        out += [Play(c, t) for c in names for t in (targets if c in spells else [""])]
        out += [Cast(k, c, t) for k in spots if k[1] == "k" for c in spells for t in targets]
        out += [
            UseEffect(s, payer, t)
            for s in spots
            for payer in ["", *spots]
            for t in targets
            if not payer or (payer[:2] == s[:2] and payer != s)
        ]
        out += [Tactics(s) for s in spots]
        out += [Mount(m, r) for m in spots for r in spots if m != r and m[:2] == r[:2]]
        out += [Attack(s) for s in spots] + [Join(s) for s in spots] + [Provoke(s) for s in spots]
        out += [Block(b, a) for b in spots for a in spots if b[0] != a[0]]
        out += [FightNext(s) for s in spots] + [Guard(s) for s in spots] + [Ambush(s) for s in spots]
        out += [SupportHand(c) for c in names] + [SupportStockpile(i) for i in range(len(names) * 3)]
        out += [UseTrigger(c, t, e) for c in triggers for t in targets for e in range(8)]
        out += [SkipTrigger(c) for c in triggers]
        out += [SabotageOption("gear", s) for s in spots]
        out += [SabotageOption("attached", s, i) for s in spots for i in range(12)]
        out += [SabotageOption("stockpile", "", i) for i in range(len(names) * 3)]
        out += [SabotageOption("arsenal")]
        return out

    def heuristic(self, state: ShardsState, player: int) -> float:
        return heuristic.evaluate(state, player)

    def result_summary(self, state: ShardsState, start: ShardsState) -> dict[str, Any]:
        """Decks, opening hands, cards drawn and played, Resolve left (``summary.py``)."""
        return summary.summarize(state, start)

    def validate_deck(self, text: str) -> list[str]:
        return data.validate_deck(text, self.cards, self.cities, self.rules.numbers)


_Pool = tuple[tuple[str, tuple[int, ...], bool, bool], ...]
