"""Player-facing words: articles and counts, so no log line reads "a Imperial" or "card(s)".

>>> article("Imperial banner")
'an Imperial banner'
>>> article("Dragon")
'a Dragon'
>>> count(1, "card")
'1 card'
>>> count(3, "Elf card")
'3 Elf cards'
>>> count(0, "ally", "allies")
'0 allies'
"""

from __future__ import annotations

VOWELS = frozenset("aeiouAEIOU")


def article(phrase: str) -> str:
    """``phrase`` with "a" or "an" before it, by its first letter."""
    return f"{'an' if phrase[:1] in VOWELS else 'a'} {phrase}"


def count(number: int, noun: str, plural: str | None = None) -> str:
    """``number`` and ``noun``, in the plural (``plural``, else ``noun`` + "s") unless one."""
    return f"{number} {noun if number == 1 else plural or noun + 's'}"
