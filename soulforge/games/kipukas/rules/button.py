"""A rule of one action with no choice in it (a button: press on, hold, keep the peace...)."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any, ClassVar, TypeVar

from soulforge.core import Action
from soulforge.core.flow import CheckedRule, passes

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
        button, checks = self.button, self.checks
        if not checks or passes(checks, s, button):
            return [button]
        return []
