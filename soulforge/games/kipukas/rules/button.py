"""A rule of one action with no choice in it (a button: press on, hold, keep the peace...)."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any, ClassVar, Final, TypeVar

from soulforge.core import Action
from soulforge.core.flow import CheckedRule

A = TypeVar("A", bound=Action)


class ButtonRule(CheckedRule[Any, A]):
    """A rule whose one action (``button``) is listed when it passes the rule's checks (none: it
    is open whenever its step is). Listed without a generator or a refusal built: several
    steps of a playout list nothing else."""

    button: ClassVar[Any]
    """The rule's one action (of the rule's ``action`` class: a class variable holds no type variable)."""

    def candidates(self, s: Any) -> Iterable[A]:
        return (self.button,)

    def legal(self, s: Any) -> list[A]:
        button = self.button
        # ``passes``'s loop, here: compiled, it calls the same checks with no pure frame between
        # (a frame of the core's pure ``passes`` cost more than the checks of most buttons)
        for test in _tests(self):
            if not test(s, button):
                return []
        return [button]


_TESTS: Final[dict[type, tuple[Callable[[Any, Any], bool], ...]]] = {}
"""Per button rule class, its checks' tests in order: read once, not an attribute of a check
(an interpreted class's object) read and called as a method per check at every listing."""


def _tests(rule: ButtonRule[Any]) -> tuple[Callable[[Any, Any], bool], ...]:
    """The tests of ``rule``'s checks (its class's ``checks``, fixed when the class is made)."""
    found = _TESTS.get(type(rule))
    if found is None:
        found = _TESTS[type(rule)] = tuple(check.test for check in rule.checks)
    return found
