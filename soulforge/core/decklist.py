"""Deck lists as players write them: TOML, a ``[cards]`` table of card = copies; a problem
can name the line of the deck list it is about (:func:`cite_line`).

>>> read_deck_list('[cards]\\nGanuri = 2\\n', "card name")
({'cards': {'Ganuri': 2}}, {'Ganuri': 2}, [])
>>> read_deck_list('[cards]\\nGanuri = 0\\n', "card name")[2]
["copies of 'Ganuri' must be a positive integer"]
>>> cite_line("[cards]\\nGanuri = 4\\n", "at most 3 copies of Ganuri, this deck has 4")
'line 2: at most 3 copies of Ganuri, this deck has 4'
"""

from __future__ import annotations

import tomllib
from collections.abc import Callable
from typing import Any

Mentions = Callable[[str, str], bool]
"""Whether a problem is about the card a line of the deck list names: ``(key, problem)``."""


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


def read_deck_list(text: str, key: str) -> tuple[dict[str, Any], dict[str, int], list[str]]:
    """The parsed document, its ``[cards]`` counts and the problems reading them (``key``
    says what names a card, for the message: "card name", "card id")."""
    try:
        document = tomllib.loads(text)
    except tomllib.TOMLDecodeError as err:
        return {}, {}, [f"not valid TOML: {err}"]
    counts = document.get("cards")
    if not isinstance(counts, dict):
        return document, {}, [f"the deck list needs a [cards] table of {key} = copies"]
    bad = [name for name, n in counts.items() if not isinstance(n, int) or isinstance(n, bool) or n < 1]
    problems = [f"copies of {name!r} must be a positive integer" for name in bad]
    return document, ({} if problems else counts), problems
