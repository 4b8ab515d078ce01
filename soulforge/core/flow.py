"""The turn flow: a game declares its rules, the core lists, refuses and dispatches.

A game writes one :class:`Rule` per action kind, holding side by side when the kind is
legal (``legal``), why a given action of that kind is refused (``refusal``, naming the
rulebook section), what it does (``apply``) and how a player makes it on the board
(``path``, the handles clicked in order). A :class:`Step` is a decision point of the
turn (a phase): the rules open there, in listing order. The :class:`Flow` of a game
derives from them everything the core contract needs:

- ``legal_actions``: the open rules' actions, concatenated in the step's order (or the
  step's own fast listing, proven equal by a differential test: :meth:`Flow.plain_legal`);
- ``apply``: the rule of the action's kind, found by type (no dispatch on names);
- ``why_illegal``: out of step, the step's refusal ("not now, you are deciding X");
  within it, the rule's own refusal.

The refusal order of ``State.check`` (game over, wrong seat, format, not allowed now)
stays in the core; a rule's ``apply`` is only ever called with a legal action, and never
validates or asserts.

>>> from dataclasses import dataclass
>>> from soulforge.core.action import Action
>>> @dataclass(frozen=True, slots=True)
... class Tick(Action):
...     kind = "tick"
>>> class TickRule(Rule["object", Tick]):
...     action = Tick
...     section = "Ticking"
...     def legal(self, state: object) -> list[Tick]:
...         return [Tick()]
...     def apply(self, state: object, action: Tick) -> None:
...         pass
>>> flow = Flow([Step("tick", (TickRule(),))], step_of=lambda state: "tick")
>>> flow.legal_actions(None)
[Tick()]
>>> flow.rule_for(Tick()).section
'Ticking'
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Iterable, Sequence
from dataclasses import dataclass
from operator import attrgetter
from typing import Any, ClassVar, Generic, TypeVar

from soulforge.core.action import Action
from soulforge.core.errors import IllegalAction
from soulforge.core.listers import join_listings, kind_applier, step_listing

S = TypeVar("S")
A = TypeVar("A", bound=Action)

Handle = str
"""A stable name of a thing on the board a player clicks (a cell, a card, a piece, a
button): the SVG renderer puts it on the element (``data-handle``)."""
ClickPath = tuple[Handle, ...]
"""The handles a player touches, in order, to make one action."""


class Rule(Generic[S, A]):
    """The rule of one action kind: when it is legal, why not, what it does, how it is clicked.

    Subclasses set ``action`` (the action class) and ``section`` (the rulebook section
    a refusal names), and implement ``legal`` and ``apply``.
    """

    action: ClassVar[type[Action]]
    section: ClassVar[str] = ""

    def legal(self, state: S) -> Sequence[Action]:
        """The legal actions of this kind now (the step already says the kind is open): a
        new list or tuple, never a generator (the core keeps it as the position's listing)."""
        raise NotImplementedError

    def refusal(self, state: S, action: A) -> IllegalAction:
        """Why ``action`` (of this kind, not legal now) is refused: the rule it breaks."""
        return IllegalAction(f"{action} is not allowed now", rule=self.section or None)

    def apply(self, state: S, action: A) -> None:
        """Carry out ``action``, already known to be legal."""
        raise NotImplementedError

    def path(self, action: A) -> ClickPath:
        """The handles clicked to make ``action``; empty: a button (end turn, pass...)."""
        return ()


@dataclass(frozen=True, slots=True)
class Check(Generic[S, A]):
    """One named condition of a rule, stated once: ``test`` passes, or ``reason`` says why not.

    The listing keeps the candidates that pass every check of their rule; a refusal is the
    first failing check's reason, naming ``section`` (the rule's own when empty). A fast
    listing calls the same ``test``: it never restates the condition.

    >>> even = Check("even", lambda state, n: n % 2 == 0, "{action} is odd", "Parity")
    >>> even.refusal(None, 3)
    IllegalAction('Parity: 3 is odd')
    >>> even.refusal(None, 4) is None
    True
    """

    name: str
    test: Callable[[S, A], bool]
    reason: str | Callable[[S, A], str]
    """The refusal's text: a template (``{action}`` is the action) or a function of both."""
    section: str = ""

    def refusal(self, state: S, action: A, section: str = "") -> IllegalAction | None:
        """None when ``action`` passes; else the refusal naming this check's section."""
        if self.test(state, action):
            return None
        text = self.reason(state, action) if callable(self.reason) else self.reason.format(action=action)
        return IllegalAction(text, rule=self.section or section or None)


def first_failure(checks: Iterable[Check[S, A]], state: S, action: A,
                  section: str = "") -> IllegalAction | None:
    """The first failing check's refusal (None: every check passes)."""
    for check in checks:
        if not check.test(state, action):
            return check.refusal(state, action, section)
    return None


def passes(checks: Sequence[Check[S, A]], state: S, action: A) -> bool:
    """Whether ``action`` passes every check (a fast listing's filter)."""
    for check in checks:  # noqa: SIM110  # a loop, not all(): no generator frame on a hot path
        if not check.test(state, action):
            return False
    return True


class CheckedRule(Rule[S, A]):
    """A rule stated once, as its checks: the legal actions are the candidates they let through.

    Subclasses implement ``candidates`` (every action of the kind that could make sense
    here) and either declare ``checks`` (named conditions, :class:`Check`) or override
    ``reason`` (the refusal of one, or None when it is legal): the move and its refusal are
    then one piece of code, as in boardgame.io. Hot steps list their actions through a fast
    table (``Step.fast_legal``) that calls the same checks, proven equal to this one.
    """

    checks: ClassVar[tuple[Check[Any, Any], ...]] = ()

    def candidates(self, state: S) -> Iterable[A]:
        raise NotImplementedError

    def reason(self, state: S, action: A) -> IllegalAction | None:
        return first_failure(self.checks, state, action, self.section)

    def legal(self, state: S) -> list[A]:
        return [action for action in self.candidates(state) if self.reason(state, action) is None]

    def refusal(self, state: S, action: A) -> IllegalAction:
        return self.reason(state, action) or super().refusal(state, action)


@dataclass(frozen=True)
class Step(Generic[S]):
    """A decision point of the turn: the rules open there, in listing order.

    ``section`` names the rulebook section of the step (out-of-step refusals name it);
    ``fast_legal`` is an optional table-driven listing of the same actions for hot
    steps (equal as a set to the plain one: a differential test proves it).
    """

    name: Hashable
    rules: tuple[Rule[S, Any], ...]
    section: str = ""
    fast_legal: Callable[[S], Sequence[Action]] | None = None


OutOfStep = Callable[[Any, Action], IllegalAction]
"""A game's refusal of an action whose kind is not open at this step."""


def _not_now(state: Any, action: Action) -> IllegalAction:
    return IllegalAction(f"{action} is not allowed now", rule="legal actions")


class Flow(Generic[S]):
    """The steps of a game's turn, and the dispatch the core derives from them."""

    def __init__(
        self,
        steps: Sequence[Step[S]],
        step_of: Callable[[S], Hashable] | str,
        out_of_step: OutOfStep = _not_now,
    ) -> None:
        """``step_of`` says which step a state is at: a function, or the name of the state's
        field holding the step's name (the fastest: read straight from the state)."""
        self.steps = {step.name: step for step in steps}
        self.step_field = step_of if isinstance(step_of, str) else None
        self.step_of: Callable[[S], Hashable] = attrgetter(step_of) if isinstance(step_of, str) else step_of
        self.out_of_step = out_of_step
        self._rules: dict[type[Action], Rule[S, Any]] = {}
        for step in steps:
            for rule in step.rules:
                self._add(rule)
        self._listers = {step.name: step.fast_legal or self._plain_lister(step) for step in steps}

    def _add(self, rule: Rule[S, Any]) -> None:
        known = self._rules.setdefault(rule.action, rule)
        if known is not rule:
            raise ValueError(f"two rules for the action {rule.action.__name__}")

    @staticmethod
    def _plain_lister(step: Step[S]) -> Callable[[S], Sequence[Action]]:
        rules = step.rules
        if len(rules) == 1:
            # A rule's listing is a new list or tuple (Rule.legal): kept as it is, no copy.
            only: Callable[[S], Sequence[Action]] = rules[0].legal
            return only
        return join_listings(tuple(rule.legal for rule in rules))

    @property
    def rules(self) -> tuple[Rule[S, Any], ...]:
        """Every rule, one per action kind."""
        return tuple(self._rules.values())

    def step(self, state: S) -> Step[S]:
        return self.steps[self.step_of(state)]

    def legal_actions(self, state: S) -> list[Action]:
        return list(self._listers[self.step_of(state)](state))

    def state_hooks(self) -> tuple[Callable[[S], Sequence[Action]], Callable[[S, Action], None]]:
        """``_legal_actions`` and ``_apply`` for a state class, with no lookup left per call
        but the step and the rule (a playout calls both on every move)."""
        # Made in listers.py, which compiles: no interpreted frame per move. The step is read
        # straight from the state's field when the flow names one (an attrgetter, in C).
        field = self.step_field
        step_of = attrgetter(field) if field is not None and field.isidentifier() else self.step_of
        appliers = {kind: rule.apply for kind, rule in self._rules.items()}
        return step_listing(self._listers, step_of), kind_applier(appliers)

    def plain_legal(self, state: S) -> list[Action]:
        """The open rules' own listing (a fast step listing is tested against it)."""
        return list(self._plain_lister(self.step(state))(state))

    def rule_for(self, action: Action) -> Rule[S, Any]:
        """The rule of ``action``'s kind."""
        try:
            return self._rules[type(action)]
        except KeyError:
            raise IllegalAction(f"{action!r} has no rule here", rule="action format") from None

    def apply(self, state: S, action: Action) -> None:
        self._rules[type(action)].apply(state, action)

    def why_illegal(self, state: S, action: Action) -> IllegalAction:
        """The refusal of an action that is not legal now."""
        rule = self.rule_for(action)
        if rule not in self.step(state).rules:
            return self.out_of_step(state, action)
        return rule.refusal(state, action)

    def path(self, action: Action) -> ClickPath:
        """The click path of ``action`` (empty: it is made with a button)."""
        return self.rule_for(action).path(action)
