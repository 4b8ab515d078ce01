"""What players say around the game: their display names and the table's chat.

Names and messages are plain text: cleaned here (control characters out, spaces folded,
length bounded) and escaped wherever a page shows them (the table page sets them as
``textContent``). Chat never enters a game state, so an AI seat cannot see it.

>>> clean_name("  Ada \\n  Lovelace\\x00 ")
'Ada Lovelace'
>>> clean_name("   ") is None
True
"""

from __future__ import annotations

import collections
import time
import unicodedata

NAME_LENGTH = 32
CHAT_LENGTH = 300
CHAT_BURST, CHAT_WINDOW = 5, 10.0
"""At most ``CHAT_BURST`` messages per sender and table in any ``CHAT_WINDOW`` seconds."""


def _plain(text: str) -> str:
    """``text`` without control or format characters, its runs of spaces folded to one."""
    kept = "".join(ch for ch in text if ch.isspace() or unicodedata.category(ch)[0] != "C")
    return " ".join(kept.split())


def clean_name(text: str | None) -> str | None:
    """A display name: plain text of at most :data:`NAME_LENGTH` characters (None if empty)."""
    name = _plain(text or "")[:NAME_LENGTH]
    return name or None


def clean_message(text: str) -> str:
    """A chat message; ``ValueError`` if it is empty or longer than :data:`CHAT_LENGTH`.

    >>> clean_message("gg  wp")
    'gg wp'
    """
    message = _plain(text)
    if not message:
        raise ValueError("a chat message needs some text")
    if len(message) > CHAT_LENGTH:
        raise ValueError(f"a chat message has at most {CHAT_LENGTH} characters, this one {len(message)}")
    return message


class RateLimit:
    """Who sent what when: refuses a sender's message beyond the burst of its window.

    >>> limit = RateLimit(burst=2, window=10)
    >>> [limit.allow(("t", 0), now=t) for t in (0, 1, 2, 11)]
    [True, True, False, True]
    """

    def __init__(self, burst: int = CHAT_BURST, window: float = CHAT_WINDOW) -> None:
        self.burst, self.window = burst, window
        self.sent: dict[tuple[str, int | None], collections.deque[float]] = {}

    def allow(self, sender: tuple[str, int | None], now: float | None = None) -> bool:
        now = time.monotonic() if now is None else now
        times = self.sent.setdefault(sender, collections.deque())
        while times and times[0] <= now - self.window:
            times.popleft()
        if len(times) >= self.burst:
            return False
        times.append(now)
        return True
