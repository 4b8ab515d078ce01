"""Card statistics of simulation results: the 17lands family, from each row's ``summary``.

A *seat-game* is one seat of one finished game. For a card, among the seat-games whose
seat had it in its deck (``cards`` of the seat's summary), the win rate of the seat:

- ``in_deck``: all of them (games in deck);
- ``in_hand``: those where it was in the opening hand or drawn (games in hand; for games
  that recruit, recruited);
- ``opening``: in the opening hand; ``drawn``: drawn after the opening hand;
- ``not_drawn``: never in hand (in the deck all game);
- ``played``: played (or placed);
- ``improvement``: ``in_hand`` minus ``not_drawn`` (improvement when drawn) with Newcombe's
  95% interval.

Draws count as games not won. Rows without a summary (older files) are left out.

A card's numbers are noise below a few dozen games (at n = 9 a 95% interval spans about
60 points), so the tables leave out the cards with fewer than :data:`MIN_GAMES` games by
default and rank by the lower end of the interval (the rate the games make likely at
least), not by the observed rate: a card won 8 of 9 times (89%, at least 57%) does not top
one won 350 of 500 (70%, at least 66%).
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from soulforge.sim.stats import Proportion, difference_interval

Row = Mapping[str, Any]
MEASURES = ("in_hand", "opening", "drawn", "not_drawn", "played", "in_deck")
"""The win rates of a card, in table order: games in hand first (17lands' GIH WR)."""
MIN_GAMES = 30
"""The fewest games a card's rate is ranked on by default (``soulforge cards --min``, the
report): below it, a 95% interval spans more than 30 points."""


@dataclasses.dataclass(frozen=True)
class CardStats:
    """One card's win rates, each with its Wilson interval and count."""

    card: str
    decks: tuple[str, ...]
    in_deck: Proportion
    in_hand: Proportion
    opening: Proportion
    drawn: Proportion
    not_drawn: Proportion
    played: Proportion
    improvement_low: float
    improvement_high: float

    @property
    def improvement(self) -> float:
        """Improvement when drawn: the in-hand win rate minus the not-drawn one."""
        return self.in_hand.rate - self.not_drawn.rate

    @property
    def has_improvement(self) -> bool:
        """Whether both the in-hand and the not-drawn games exist (else no improvement)."""
        return bool(self.in_hand.trials and self.not_drawn.trials)

    @property
    def improvement_games(self) -> int:
        """The games the improvement rests on: the fewer of in hand and not drawn."""
        return min(self.in_hand.trials, self.not_drawn.trials)

    @property
    def improvement_bound(self) -> float:
        """The smallest improvement its 95% interval allows: the end nearest 0, or 0 when the
        interval holds 0 (the games cannot tell the card's effect from none).

        >>> p = Proportion.of(1, 2)
        >>> CardStats("k", (), p, p, p, p, p, p, 0.05, 0.30).improvement_bound
        0.05
        >>> CardStats("k", (), p, p, p, p, p, p, -0.10, 0.30).improvement_bound
        0.0
        """
        if self.improvement_low > 0:
            return self.improvement_low
        if self.improvement_high < 0:
            return self.improvement_high
        return 0.0

    def measure(self, name: str) -> Proportion:
        """One of :data:`MEASURES` by name."""
        if name not in MEASURES:
            raise ValueError(f"unknown measure {name!r}; known: {list(MEASURES)}")
        value: Proportion = getattr(self, name)
        return value


@dataclasses.dataclass
class _Tally:
    """Wins and games of one card, per measure (mutable while counting)."""

    decks: set[str] = dataclasses.field(default_factory=set)
    wins: dict[str, int] = dataclasses.field(default_factory=lambda: dict.fromkeys(MEASURES, 0))
    games: dict[str, int] = dataclasses.field(default_factory=lambda: dict.fromkeys(MEASURES, 0))

    def add(self, measure: str, won: bool) -> None:
        self.games[measure] += 1
        self.wins[measure] += won


SeatGame = tuple[Mapping[str, Any], bool, Row]
"""One seat of one game: its summary entry, whether it won, the row."""


def seat_games(rows: Iterable[Row], agent: str | None = None) -> Iterable[SeatGame]:
    """Each seat of each row with a summary: ``(seat summary, won, row)``; with ``agent``,
    only the seats that agent label played."""
    for row in rows:
        seats = (row.get("summary") or {}).get("seats") or []
        winner = row.get("winner")
        labels = row.get("agents") or []
        for seat, entry in enumerate(seats):
            if agent is not None and (seat >= len(labels) or labels[seat] != agent):
                continue
            yield entry, winner is not None and int(winner) == seat, row


def _count(entry: Mapping[str, Any], won: bool, tallies: dict[str, _Tally]) -> None:
    """Add one seat-game to the tally of each card of its deck."""
    opening, drawn = set(entry.get("opening", ())), set(entry.get("drawn", ()))
    played = set(entry.get("played", ()))
    for card in entry.get("cards", ()):
        tally = tallies.setdefault(card, _Tally())
        if entry.get("deck"):
            tally.decks.add(str(entry["deck"]))
        tally.add("in_deck", won)
        held = card in opening or card in drawn
        tally.add("in_hand" if held else "not_drawn", won)
        if card in opening:
            tally.add("opening", won)
        if card in drawn:
            tally.add("drawn", won)
        if card in played:
            tally.add("played", won)


def card_stats(rows: Iterable[Row], confidence: float = 0.95, agent: str | None = None) -> list[CardStats]:
    """Every card's statistics, by card name (with ``agent``: of the seats it played).

    >>> rows = [{"winner": 0, "summary": {"seats": [
    ...     {"deck": "d", "cards": ["a", "b"], "opening": ["a"], "drawn": [], "played": ["a"]},
    ...     {"deck": "e", "cards": ["a"], "opening": [], "drawn": [], "played": []}]}}]
    >>> [(s.card, s.in_deck.successes, s.in_deck.trials, s.in_hand.rate, s.not_drawn.rate)
    ...  for s in card_stats(rows)]
    [('a', 1, 2, 1.0, 0.0), ('b', 1, 1, 0.0, 1.0)]
    """
    tallies: dict[str, _Tally] = {}
    for entry, won, _ in seat_games(rows, agent):
        _count(entry, won, tallies)
    stats = []
    for card, tally in sorted(tallies.items()):
        rates = {m: Proportion.of(tally.wins[m], tally.games[m], confidence) for m in MEASURES}
        low, high = difference_interval(tally.wins["in_hand"], tally.games["in_hand"],
                                        tally.wins["not_drawn"], tally.games["not_drawn"], confidence)
        stats.append(CardStats(card, tuple(sorted(tally.decks)), **rates,
                               improvement_low=low, improvement_high=high))
    return stats


def sort_cards(stats: Sequence[CardStats], by: str = "in_hand", minimum: int = 0) -> list[CardStats]:
    """Cards with at least ``minimum`` games of measure ``by``, ranked by the lower end of its
    95% interval, best first (``by="improvement"``: by the lower end of the improvement's
    interval), never by the observed rate alone.

    >>> few = CardStats("few", (), *[Proportion.of(8, 9)] * 6, 0.0, 0.0)
    >>> many = CardStats("many", (), *[Proportion.of(350, 500)] * 6, 0.0, 0.0)
    >>> [s.card for s in sort_cards([few, many])]
    ['many', 'few']
    """
    if by == "improvement":
        kept = [s for s in stats if s.improvement_games >= minimum]
        return sorted(kept, key=lambda s: (not s.has_improvement, -s.improvement_low, s.card))
    kept = [s for s in stats if s.measure(by).trials >= minimum]
    return sorted(kept, key=lambda s: (-s.measure(by).low, -s.measure(by).rate, s.card))


def records_opening(stats: Iterable[CardStats]) -> bool:
    """Whether the summaries say what any opening hand held (a game whose summary records
    none counts its opening hand as drawn)."""
    return any(s.opening.trials for s in stats)


def agents_of(rows: Iterable[Row]) -> list[str]:
    """The agent labels that played any seat of ``rows``, sorted."""
    return sorted({str(label) for row in rows for label in row.get("agents") or ()})


@dataclasses.dataclass(frozen=True)
class Matchup:
    """Deck ``deck`` against deck ``against``: ``deck``'s wins in their games."""

    deck: str
    against: str
    wins: Proportion


def matchups(rows: Iterable[Row], confidence: float = 0.95) -> list[Matchup]:
    """The deck-vs-deck matrix of two-seat games (a mirror counts once per seat).

    >>> rows = [{"winner": 1, "summary": {"seats": [{"deck": "x"}, {"deck": "y"}]}},
    ...         {"winner": 0, "summary": {"seats": [{"deck": "y"}, {"deck": "x"}]}}]
    >>> [(m.deck, m.against, m.wins.successes, m.wins.trials) for m in matchups(rows)]
    [('x', 'y', 0, 2), ('y', 'x', 2, 2)]
    """
    wins: dict[tuple[str, str], int] = {}
    games: dict[tuple[str, str], int] = {}
    for row in rows:
        seats = (row.get("summary") or {}).get("seats") or []
        decks = [entry.get("deck") for entry in seats]
        if len(decks) != 2 or None in decks:
            continue
        winner = row.get("winner")
        for seat in (0, 1):
            pair = (str(decks[seat]), str(decks[1 - seat]))
            games[pair] = games.get(pair, 0) + 1
            wins[pair] = wins.get(pair, 0) + (winner is not None and int(winner) == seat)
    return [Matchup(deck, against, Proportion.of(wins[(deck, against)], n, confidence))
            for (deck, against), n in sorted(games.items())]


def end_facts(rows: Iterable[Row]) -> dict[str, dict[str, int]]:
    """How often each text end fact took each value (e.g. ``win_type``), for the report.

    >>> end_facts([{"summary": {"end": {"win_type": "titans", "turns": 9}}},
    ...            {"summary": {"end": {"win_type": "castles"}}}])
    {'win_type': {'castles': 1, 'titans': 1}}
    """
    counts: dict[str, dict[str, int]] = {}
    for row in rows:
        for name, value in ((row.get("summary") or {}).get("end") or {}).items():
            if isinstance(value, str):
                bucket = counts.setdefault(name, {})
                bucket[value] = bucket.get(value, 0) + 1
    return {name: dict(sorted(values.items())) for name, values in sorted(counts.items())}
