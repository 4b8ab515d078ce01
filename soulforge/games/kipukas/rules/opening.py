"""The setup decisions of Kipukas (#game_setup): affinity, capitals, base camps, the default
personal effect's card set aside."""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING, Final

from soulforge.core.flow import Check, CheckedRule, ClickPath
from soulforge.core.interned import interning
from soulforge.games.kipukas import cycle
from soulforge.games.kipukas.actions import (
    Affinity,
    Camp,
    Capital,
    SetAside,
)
from soulforge.games.kipukas.data import ARCHETYPES, CARDS
from soulforge.games.kipukas.encoding import ASIDE, CAMP, CAPITAL

if TYPE_CHECKING:
    from soulforge.games.kipukas.state import KipukasState as S

# The listings' actions, made once per distinct fields (``core.interned``): a frozen
# dataclass's constructor costs more than listing most of them does.
_AFFINITY: Final = interning(Affinity)
_CAPITAL: Final = interning(Capital)
_CAMP: Final = interning(Camp)
_SET_ASIDE: Final = interning(SetAside)


# -- setup ----------------------------------------------------------------------------------
class AffinityRule(CheckedRule["S", Affinity]):
    """#game_setup 3, #affinity: +1 to the rolls of souls of that archetypal gene."""

    action = Affinity
    section = "affinity"
    checks = (
        Check("an archetypal adaptation", lambda s, a: a.archetype in ARCHETYPES,
              lambda s, a: f"{a.archetype!r} is not an archetypal adaptation"),
    )

    def candidates(self, s: S) -> Iterable[Affinity]:
        return (_AFFINITY(a) for a in ARCHETYPES)

    def path(self, action: Affinity) -> ClickPath:
        return (f"crux:{action.archetype}",)

    def apply(self, s: S, action: Affinity) -> None:
        s.affinity[s.active] = action.archetype
        s.add_log(f"{s.seat_name(s.active)}: the {action.archetype} are my crux")
        if s.active + 1 < s.num_players:
            s.active += 1
        else:
            s.active, s.phase = s.setup_order[0], CAPITAL


def _is_free(s: S, territory: int) -> bool:
    """A territory that may be held (not a transit one), not taken yet."""
    return territory in s.board.holdable and s.holder[territory - 1] < 0


def _free(s: S) -> list[int]:
    return [t for t in s.board.holdable if _is_free(s, t)]


FREE_TERRITORY: Check[S, Capital | Camp] = Check(
    "a free territory",
    lambda s, a: _is_free(s, a.territory),
    "territory {action.territory} is taken, a transit territory or not on the map",
)
"""Capitals and base camps go on territories no one holds yet (#game_setup 5)."""


STYLE_CAPITAL: Check[S, Capital] = Check(
    "where the play style puts capitals",
    lambda s, a: s.tables.style.capital_allowed(s, a.territory),
    "the play style puts capitals elsewhere (King of the hill: next to the hill, #playstyleoptions)",
)
"""A style may say where capitals go (King of the hill: in territories adjacent to the hill)."""


class CapitalRule(CheckedRule["S", Capital]):
    """#game_setup 5: the capitals first, in the order of the D6 roll-off."""

    action = Capital
    section = "game_setup"
    checks = (FREE_TERRITORY, STYLE_CAPITAL)

    def legal(self, s: S) -> list[Capital]:
        style = s.tables.style
        return [_CAPITAL(t) for t in _free(s) if style.capital_allowed(s, t)]

    def candidates(self, s: S) -> Iterable[Capital]:
        return (Capital(t) for t in s.board.territories)

    def apply(self, s: S, action: Capital) -> None:
        s.holder[action.territory - 1] = s.active
        s.capital[s.active] = [action.territory]
        s.holds_changed()
        s.add_log(f"{s.seat_name(s.active)} places its capital on territory {action.territory}")
        _next_claimer(s)

    def path(self, action: Capital) -> ClickPath:
        return (f"territory:{action.territory}",)


class CampRule(CheckedRule["S", Camp]):
    """#game_setup 5: then base camps until every player holds 3 territories."""

    action = Camp
    section = "game_setup"
    checks = (FREE_TERRITORY,)

    def legal(self, s: S) -> list[Camp]:
        return [_CAMP(t) for t in _free(s)]

    def candidates(self, s: S) -> Iterable[Camp]:
        return (Camp(t) for t in s.board.territories)

    def path(self, action: Camp) -> ClickPath:
        return (f"territory:{action.territory}",)

    def apply(self, s: S, action: Camp) -> None:
        s.holder[action.territory - 1] = s.active
        s.holds_changed()
        s.add_log(f"{s.seat_name(s.active)} places a base camp on territory {action.territory}")
        _next_claimer(s)


def _next_claimer(s: S) -> None:
    order = s.setup_order
    without = [seat for seat in order if not s.capital[seat]]
    if without:
        s.active, s.phase = without[0], CAPITAL
        return
    held = [sum(1 for h in s.holder if h == seat) for seat in range(s.num_players)]
    start = order.index(s.active) + 1
    for step in range(len(order)):
        seat = order[(start + step) % len(order)]
        if held[seat] < s.tables.style.starting_territories(s) and _free(s):
            s.active, s.phase = seat, CAMP
            return
    _to_aside(s, 0)


def _to_aside(s: S, first: int) -> None:
    """#game_setup 6: from ``first`` on, the seats without a personal effect card set a card
    aside (the default effect); then everyone draws 3 and the first day begins (#game_setup 8-9)."""
    waiting = [seat for seat in range(first, s.num_players) if not s.personal[seat]]
    if waiting:
        s.active, s.phase = waiting[0], ASIDE
        return
    for seat in range(s.num_players):
        if s.personal[seat]:
            s.add_log(f"{s.seat_name(seat)} plays {CARDS[s.personal[seat]].name} as its personal effect")
        cycle.draw(s, seat, s.tables.play.hand)
    s.initiative = s.setup_order[-1]
    cycle.next_cycle(s)


class SetAsideRule(CheckedRule["S", SetAside]):
    """#personal_effects, the default effect: a card of the deck, played after 5 diel cycles."""

    action = SetAside
    section = "personal_effects"
    checks = (
        Check("a card of your deck", lambda s, a: a.card in s.deck[s.active],
              "that card is not in your deck"),
        Check("a card the play style lets go", lambda s, a: not s.tables.style.keeps(s, s.active, a.card),
              "a huntable card must be played, not set aside (The hunt, #playstyleoptions)"),
    )

    def legal(self, s: S) -> list[SetAside]:
        # (each passes the deck check: no deck walk per card)
        return [a for a in self.candidates(s) if not s.tables.style.keeps(s, s.active, a.card)]

    def candidates(self, s: S) -> Iterable[SetAside]:
        """Each card of the deck once, by name (the check holds for them all)."""
        return (_SET_ASIDE(cid) for cid in sorted(set(s.deck[s.active])))

    def path(self, action: SetAside) -> ClickPath:
        return (f"aside:{action.card}",)

    def apply(self, s: S, action: SetAside) -> None:
        seat = s.active
        s.deck[seat].remove(action.card)
        s.rng.shuffle(s.deck[seat])
        s.aside[seat] = action.card
        s.add_log(f"{s.seat_name(seat)} sets a card aside (the default personal effect)")
        s.add_log(f"you set {CARDS[action.card].name} aside", visible_to=seat)
        _to_aside(s, seat + 1)
