"""Deck lists as players write them: TOML, a ``[cards]`` table of card = copies; a problem
can name the line of the deck list it is about (:func:`cite_line`).

A deck list comes from strangers (the web table) and from files (the terminal), so it is
bounded before anything is built from it: its length, its nesting, its number of entries,
the copies of one card and of the whole deck (``docs/limits.md``). Only counts that passed
those bounds are expanded into cards (:func:`deck_cards`).

>>> read_deck_list('[cards]\\nGanuri = 2\\n', "card name")
({'cards': {'Ganuri': 2}}, {'Ganuri': 2}, [])
>>> read_deck_list('[cards]\\nGanuri = 0\\n', "card name")[2]
["copies of 'Ganuri' must be a positive integer"]
>>> read_deck_list('[cards]\\nGanuri = 999999999999999999\\n', "card name")[2]
["copies of 'Ganuri' must be at most 100, got 999999999999999999"]
>>> cite_line("[cards]\\nGanuri = 4\\n", "at most 3 copies of Ganuri, this deck has 4")
'line 2: at most 3 copies of Ganuri, this deck has 4'
"""

from __future__ import annotations

import re
import tomllib
from collections.abc import Callable, Mapping, Sequence
from typing import Any, TypeVar

DeckT = TypeVar("DeckT")

MAX_DECK_TEXT = 20_000
"""The longest deck list, in characters (a 40-card list is about 1,000)."""
MAX_TOML_DEPTH = 8
"""The deepest nesting of brackets and braces in TOML a person writes (a deck list has 1:
``[cards]``; a ``--set`` value); checked on the text, before the TOML parser (which
recurses, and ends in a RecursionError about 1,000 deep) sees it."""
MAX_DECK_ENTRIES = 200
"""The most lines of card = copies in one deck list, over all its sections."""
MAX_COPIES = 100
"""The most copies of one card a deck list may name (every game's own limit is far lower,
and says so in its own words below this bound)."""
MAX_DECK_CARDS = 1_000
"""The most cards a deck list may add up to, over all its sections (decks hold 30 to 52)."""

Mentions = Callable[[str, str], bool]
"""Whether a problem is about the card a line of the deck list names: ``(key, problem)``."""

_STRINGS_AND_COMMENTS = re.compile(
    r'"""[\s\S]*?(?:"""|\Z)|\'\'\'[\s\S]*?(?:\'\'\'|\Z)|"(?:\\.|[^"\\\n])*+(?:"|\\?$)|\'[^\'\n]*+(?:\'|$)|#[^\n]*',
    re.MULTILINE)
"""Strings and comments, an unclosed one running to the end of its line (or of the text):
every match ends where the next may start, so the scan is linear whatever the text."""
_BRACKETS = re.compile(r"[\[\]{}]")


def mentioned(key: str, problem: str) -> bool:
    """The default :data:`Mentions`: the problem holds the line's key."""
    return key in problem


def cite_line(text: str, problem: str, mentions: Mentions = mentioned) -> str:
    """``problem`` prefixed with the first line of ``text`` whose key it is about, if any."""
    for number, line in enumerate(text.splitlines(), 1):
        key = line.partition("=")[0].strip().strip('"')
        if "=" in line and key and mentions(key, problem):
            return f"line {number}: {problem}"
    return problem


def nesting_depth(text: str) -> int:
    """The deepest nesting of ``[`` and ``{`` in TOML text, strings and comments left out.

    >>> nesting_depth('[cards]\\na = [[1], {b = "[[["}]  # ]]]')
    2
    """
    depth = deepest = 0
    for bracket in _BRACKETS.findall(_STRINGS_AND_COMMENTS.sub("", text)):
        if bracket in "[{":
            depth += 1
            deepest = max(deepest, depth)
        else:
            depth = max(0, depth - 1)
    return deepest


def parse_bounded(text: str) -> tuple[dict[str, Any], list[str]]:
    """The TOML document of a deck list, or the problem that kept it from being read: too
    long, nested too deep, not TOML."""
    if len(text) > MAX_DECK_TEXT:
        return {}, [f"the deck list is too long: at most {MAX_DECK_TEXT:,} characters, got {len(text):,}"]
    if (depth := nesting_depth(text)) > MAX_TOML_DEPTH:
        return {}, [f"the deck list is nested too deep: at most {MAX_TOML_DEPTH} levels of [ and {{, "
                    f"got {depth}"]
    try:
        return tomllib.loads(text), []
    except tomllib.TOMLDecodeError as err:
        return {}, [f"not valid TOML: {err}"]
    except RecursionError:  # the depth check above should make this unreachable; never a 500
        return {}, [f"the deck list is nested too deep: at most {MAX_TOML_DEPTH} levels of [ and {{"]


def count_problems(counts: Mapping[str, Any], section: str = "cards") -> list[str]:
    """Why a table of card = copies cannot be a deck's: a count that is not a positive
    integer or is above :data:`MAX_COPIES`, too many entries, too many cards in all."""
    if len(counts) > MAX_DECK_ENTRIES:
        return [f"[{section}] has {len(counts):,} entries; a deck list has at most {MAX_DECK_ENTRIES}"]
    problems = []
    for name, n in counts.items():
        if not isinstance(n, int) or isinstance(n, bool) or n < 1:
            problems.append(f"copies of {name!r} must be a positive integer")
        elif n > MAX_COPIES:
            problems.append(f"copies of {name!r} must be at most {MAX_COPIES}, got {n}")
    return problems


def read_deck_list(
    text: str, key: str, extra: Sequence[str] = ()
) -> tuple[dict[str, Any], dict[str, int], list[str]]:
    """The parsed document, its ``[cards]`` counts and the problems reading them (``key``
    says what names a card, for the message: "card name", "card id").

    ``extra`` names further optional sections of card = copies (Soulshards' ``reserves``):
    checked with the same bounds, and counted in the deck's total. No count is returned
    unless every bound holds, so a caller may expand them (:func:`deck_cards`).
    """
    document, problems = parse_bounded(text)
    if problems:
        return {}, {}, problems
    counts = document.get("cards")
    if not isinstance(counts, dict):
        return document, {}, [f"the deck list needs a [cards] table of {key} = copies"]
    sections = {"cards": counts}
    for name in extra:
        table = document.get(name, {})
        if not isinstance(table, dict):
            return document, {}, [f"[{name}] must map {key}s to positive copies"]
        sections[name] = table
    for name, table in sections.items():
        problems += count_problems(table, name)
    entries = sum(len(table) for table in sections.values())
    if not problems and entries > MAX_DECK_ENTRIES:
        problems.append(f"the deck list has {entries:,} entries; at most {MAX_DECK_ENTRIES}")
    total = 0 if problems else sum(sum(table.values()) for table in sections.values())
    if total > MAX_DECK_CARDS:
        problems.append(f"the deck list adds up to {total:,} cards; at most {MAX_DECK_CARDS:,}")
    return document, ({} if problems else counts), problems


def deck_cards(counts: Mapping[str, int]) -> tuple[str, ...]:
    """Every copy of a table of card = copies, in order: ``{"a": 2, "b": 1}`` -> a, a, b.

    The one place counts become a list; it refuses counts outside the bounds (a
    ``ValueError``), so no path expands an unchecked count, whatever its source.

    >>> deck_cards({"a": 2, "b": 1})
    ('a', 'a', 'b')
    >>> deck_cards({"a": 10**18})
    Traceback (most recent call last):
    ...
    ValueError: copies of 'a' must be at most 100, got 1000000000000000000
    """
    problems = count_problems(counts)
    if not problems and sum(counts.values()) > MAX_DECK_CARDS:
        problems = [f"a deck adds up to {sum(counts.values()):,} cards; at most {MAX_DECK_CARDS:,}"]
    if problems:
        raise ValueError("; ".join(problems))
    return tuple(card for card, n in counts.items() for _ in range(n))


def resolve_deck(
    option: str,
    spec: str,
    builtins: Mapping[str, DeckT],
    read: Callable[[str], tuple[DeckT | None, list[str]]],
    *,
    builtin: str = "built-in deck",
    form: str = "[cards] name = copies",
) -> DeckT:
    """A deck option's deck: a built-in deck's name or a deck list's TOML text, never a path
    (over the web a deck is sent as its text; the terminal reads deck files itself).

    ``read`` is the game's: the deck a list describes and the problems that break its rules
    (the deck is None if it could not be read). ``builtin`` and ``form`` name the choices in
    the refusal of a spec that is neither ("starter deck"; "city = ..., [cards] name = copies").

    >>> def read(text: str) -> tuple[tuple[str, ...] | None, list[str]]:
    ...     _, counts, problems = read_deck_list(text, "card name")
    ...     return (None, problems) if problems else (deck_cards(counts), [])
    >>> resolve_deck("deck0", "[cards]\\nGanuri = 2\\n", {"fire": ("Ifrit",)}, read)
    ('Ganuri', 'Ganuri')
    >>> resolve_deck("deck0", "fire", {"fire": ("Ifrit",)}, read)
    ('Ifrit',)
    >>> resolve_deck("deck0", "/etc/passwd", {"fire": ("Ifrit",)}, read)
    Traceback (most recent call last):
    ...
    ValueError: option 'deck0': neither a built-in deck ['fire'] nor a deck list ([cards] name = copies)
    >>> resolve_deck("deck0", "[cards]\\nGanuri = 0\\n", {}, read)
    Traceback (most recent call last):
    ...
    ValueError: option 'deck0': the deck list breaks the rules: copies of 'Ganuri' must be a positive integer
    """
    if spec in builtins:
        return builtins[spec]
    if "[cards]" not in spec:
        raise ValueError(f"option {option!r}: neither a {builtin} {sorted(builtins)} "
                         f"nor a deck list ({form})")
    deck, problems = read(spec)
    if problems or deck is None:
        raise ValueError(f"option {option!r}: the deck list breaks the rules: " + "; ".join(problems))
    return deck
