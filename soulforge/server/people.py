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

import array
import collections
import dataclasses
import math
import os
import time
import unicodedata
from collections.abc import Hashable

NAME_LENGTH = 32
CHAT_LENGTH = 300
CHAT_BURST, CHAT_WINDOW = 5, 10.0
"""At most ``CHAT_BURST`` messages per sender and table in any ``CHAT_WINDOW`` seconds."""
MAX_KEYS = 10_000
"""Keys (addresses, seats) each rate limit remembers at most: its memory is bounded."""
PRUNE_STEP = 4
"""Idle keys forgotten per write at most (the pruning's work per request is bounded)."""


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
    """Who wrote what when: refuses a key's write beyond ``burst`` in any ``window`` seconds.

    Memory is bounded: each key keeps at most ``burst`` times, keys idle for a whole window
    are pruned as new ones come, and beyond ``max_keys`` the least recently seen is
    forgotten (a flood of addresses costs the limiter at most ``max_keys`` entries).

    >>> limit = RateLimit(burst=2, window=10)
    >>> [limit.allow(("t", 0), now=t) for t in (0, 1, 2)]
    [True, True, False]
    >>> limit.wait(("t", 0), now=2.5), limit.allow(("t", 0), now=11)
    (7.5, True)
    """

    def __init__(self, burst: int = CHAT_BURST, window: float = CHAT_WINDOW,
                 max_keys: int = MAX_KEYS) -> None:
        self.burst, self.window, self.max_keys = burst, window, max_keys
        self.sent: collections.OrderedDict[Hashable, array.array[float]] = collections.OrderedDict()
        """The last ``burst`` times of each key (raw doubles: 8 bytes a time), least recently seen first."""

    def wait(self, key: Hashable, now: float | None = None) -> float:
        """Seconds until ``key`` may write again (0.0: it may now); counts nothing."""
        now = time.monotonic() if now is None else now
        self._prune(now)
        times = self.sent.get(key)
        if times is None or len(times) < self.burst or times[0] <= now - self.window:
            return 0.0
        return times[0] + self.window - now

    def record(self, key: Hashable, now: float | None = None) -> None:
        """Count one write of ``key`` now."""
        now = time.monotonic() if now is None else now
        times = self.sent.pop(key, None) or array.array("d")
        if len(times) >= self.burst:
            del times[0]  # only the last ``burst`` times decide
        times.append(now)
        self.sent[key] = times  # the most recently seen last: pruning starts from the front
        if len(self.sent) > self.max_keys:
            self.sent.popitem(last=False)

    def allow(self, key: Hashable, now: float | None = None) -> bool:
        """Count the write and say yes, or say no (counting nothing)."""
        if self.wait(key, now) > 0:
            return False
        self.record(key, now)
        return True

    def _prune(self, now: float) -> None:
        """Forget the keys at the front whose last write left the window (a few per call)."""
        for _ in range(PRUNE_STEP):
            if not self.sent:
                return
            key, times = next(iter(self.sent.items()))
            if times and times[-1] > now - self.window:
                return
            del self.sent[key]


@dataclasses.dataclass(frozen=True)
class Allowance:
    """At most ``burst`` writes per key in any ``window`` seconds."""

    burst: int
    window: float
    what: str
    """What is counted, for the refusal ("new tables from this address")."""


@dataclasses.dataclass(frozen=True)
class Limits:
    """Every write's allowances (numbers in ``docs/limits.md``). An address is the request's
    client address: behind a reverse proxy, the proxy's, unless it passes the real one on
    (uvicorn ``--proxy-headers --forwarded-allow-ips``)."""

    create: Allowance = Allowance(20, 600.0, "new tables from this address")
    """Tables created (rematches included), per address."""
    chat: Allowance = Allowance(CHAT_BURST, CHAT_WINDOW, "chat messages from this sender at this table")
    """Per sender and table: a seat (its token), or a spectator by address."""
    chat_address: Allowance = Allowance(15, CHAT_WINDOW, "chat messages from this address")
    """Per address, across every table."""
    seat: Allowance = Allowance(5, 60.0, "changes to this seat")
    """Renames and new invites, per seat (its token, or the creator's for a seat nobody holds)."""
    address: Allowance = Allowance(30, 60.0, "seat changes from this address")
    """Renames, new invites, mutes, joins and claims, per address across every table."""

    @classmethod
    def from_env(cls) -> Limits | None:
        """The default limits, or None (no limit at all) when env ``SOULFORGE_RATE_LIMITS`` is
        ``off`` (load tests and benchmarks from one address)."""
        return None if os.environ.get("SOULFORGE_RATE_LIMITS", "").lower() in ("off", "0", "no") else cls()


class RateLimited(Exception):
    """A write beyond its allowance: the message says how long to wait (``retry_after`` s)."""

    def __init__(self, allowance: Allowance, wait: float) -> None:
        self.retry_after = max(1, math.ceil(wait))
        window = f"{allowance.window:g} s" if allowance.window < 120 else f"{allowance.window / 60:g} minutes"
        super().__init__(f"too many {allowance.what}: at most {allowance.burst} in {window}; "
                         f"try again in {self.retry_after} s")


class Rates:
    """One :class:`RateLimit` per allowance of :class:`Limits` (None: nothing is limited).

    >>> rates = Rates(Limits(create=Allowance(1, 60, "new tables")))
    >>> rates.check(("create", "10.0.0.1"), now=0.0)
    >>> rates.check(("create", "10.0.0.1"), now=1.0)
    Traceback (most recent call last):
    ...
    soulforge.server.people.RateLimited: too many new tables: at most 1 in 60 s; try again in 59 s
    """

    def __init__(self, limits: Limits | None) -> None:
        self.limits = limits
        self.counters = {} if limits is None else {
            f.name: RateLimit(getattr(limits, f.name).burst, getattr(limits, f.name).window)
            for f in dataclasses.fields(limits)}

    def check(self, *keys: tuple[str, Hashable] | None, now: float | None = None) -> None:
        """Count a write against each ``(allowance, key)`` (None: not limited by that one), or
        raise :class:`RateLimited` for the first exhausted one, counting nothing."""
        if self.limits is None:
            return
        now = time.monotonic() if now is None else now
        wanted = [k for k in keys if k is not None and k[1] is not None]
        for name, key in wanted:
            wait = self.counters[name].wait(key, now)
            if wait > 0:
                raise RateLimited(getattr(self.limits, name), wait)
        for name, key in wanted:
            self.counters[name].record(key, now)

    def size(self) -> int:
        """Keys tracked over every allowance (bounded by ``MAX_KEYS`` each)."""
        return sum(len(counter.sent) for counter in self.counters.values())
