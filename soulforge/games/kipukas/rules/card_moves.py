"""Day actions that cards give (each citing its card): Pyrostegia's and Unburdened Central's
sacrifice, the Otter's gift, the Avian Keeper's Den, the Colony's carrier, the Sprite's bear,
To Catch a Spirit's exchange, fire starters, digging tunnels."""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING, Final

import soulforge.core.draws as draws
from soulforge.core.flow import Check, CheckedRule, ClickPath
from soulforge.core.interned import interning
from soulforge.games.kipukas import cards, cycle, fight
from soulforge.games.kipukas.actions import (
    Burn,
    Carry,
    ChangeForm,
    Dig,
    Donate,
    Exchange,
    Imprison,
    Sacrifice,
)
from soulforge.games.kipukas.combat import roll
from soulforge.games.kipukas.data import Dice
from soulforge.games.kipukas.encoding import PUBLIC
from soulforge.games.kipukas.movement import DAY_SPENT, can_move, enemies_at, is_downed
from soulforge.games.kipukas.rules.day import (
    NO_CONTENTION_OWED,
    PLAYS_LEFT,
    REVEALED,
    YOUR_SOUL,
    any_set,
    owes_contention,
    own_souls,
    play_spots,
    plays_spent,
    revealed,
)

if TYPE_CHECKING:
    from soulforge.games.kipukas.state import KipukasState as S

_DIG: Final = interning(Dig)
"""``Dig`` made once per distinct fields (``core.interned``): the listing's constructor."""


_SACRIFICERS: Final = frozenset(
    c for c, entry in cards.ABILITIES.items() if entry.sacrifice or entry.sacrifice_genes
)
_DONORS: Final = frozenset(c for c, entry in cards.ABILITIES.items() if entry.donates)
_DENS: Final = frozenset(c for c, entry in cards.ABILITIES.items() if entry.den)
"""The few cards that give these actions, read once from their abilities: the listings skip
every other soul with one set lookup."""


def _can_sacrifice(s: S, piece: int) -> bool:
    """Its card gives a sacrifice it may make now (Unburdened Central's only where she lodges)."""
    if s.card[piece] not in _SACRIFICERS:
        return False
    entry = cards.ability(s.card[piece])
    return entry.sacrifice or (bool(entry.sacrifice_genes) and cards.lodged(s, piece))


def sacrifices(s: S, souls: list[int]) -> list[Sacrifice]:
    """The sacrifices open when no contention is owed (``SacrificeRule``); ``souls``: ``own_souls``."""
    return [Sacrifice(p) for p in souls if revealed(s, p) and _can_sacrifice(s, p)]


class SacrificeRule(CheckedRule["S", Sacrifice]):
    """Pyrostegia Dragon: 'May sacrifice itself to waste all souls in the space.'"""

    action = Sacrifice
    section = "day"
    checks = (
        NO_CONTENTION_OWED,
        YOUR_SOUL,
        REVEALED,
        Check(
            "may sacrifice itself",
            lambda s, a: _can_sacrifice(s, a.piece),
            "soul #{action.piece} cannot sacrifice itself (here)",
        ),
    )

    def legal(self, s: S) -> list[Sacrifice]:
        return [] if owes_contention(s) else sacrifices(s, own_souls(s))

    def candidates(self, s: S) -> Iterable[Sacrifice]:
        """Every action of the kind (the checks keep the legal ones: ``legal`` lists them faster)."""
        return (Sacrifice(p) for p in range(len(s.card)))

    def apply(self, s: S, action: Sacrifice) -> None:
        stand, genes = s.stand[action.piece], cards.ability(s.card[action.piece]).sacrifice_genes
        s.add_log(f"{s.piece_name(action.piece)} sacrifices itself")
        if genes:  # Unburdened Central: the opponents' souls of those genes in the capital
            doomed = [
                p
                for p in s.pieces_in(s.territory[action.piece])
                if s.card_of(p).soul and s.owner[p] != s.active and cards.gene(s, p) in genes
            ]
            cards.waste(s, action.piece)
        else:
            doomed = s.souls_at(stand)
        for p in doomed:
            cards.waste(s, p)
        s.add_log(f"{len(doomed)} soul{'' if len(doomed) == 1 else 's'} wasted by the sacrifice")
        cycle.end_action(s, s.active)

    def path(self, action: Sacrifice) -> ClickPath:
        return (f"piece:{action.piece}", "sacrifice")


def _donor(s: S, piece: int) -> bool:
    """A revealed Otter with a KEAL means to give."""
    return s.card[piece] in _DONORS and revealed(s, piece) and bool(fight.available_means(s, piece))


def _injured_fellow(s: S, piece: int, other: int) -> bool:
    """``other``, on ``piece``'s stand, is another injured soul of the seat's."""
    return other != piece and s.owner[other] == s.active and any(s.injuries[other])


def donations(s: S, souls: list[int]) -> list[Donate]:
    """The Otter's gifts open when no contention is owed (``DonateRule``); ``souls``: ``own_souls``."""
    donors = [p for p in souls if _donor(s, p)]
    return [Donate(p, q) for p in donors for q in s.souls_at(s.stand[p]) if _injured_fellow(s, p, q)]


class DonateRule(CheckedRule["S", Donate]):
    """Frost Tipped Arctic Otter: 'Can donate 2 keal means at the cost of 1 keal means to itself'
    (read: a day action toward an injured soul of yours on its stand)."""

    action = Donate
    section = "day"
    checks = (
        NO_CONTENTION_OWED,
        YOUR_SOUL,
        Check(
            "a donor",
            lambda s, a: _donor(s, a.piece),
            "soul #{action.piece} is not a revealed Otter with a KEAL means to give",
        ),
        Check(
            "to an injured soul of yours there",
            lambda s, a: 0 <= a.target < len(s.card)
            and a.target in s.souls_at(s.stand[a.piece])
            and _injured_fellow(s, a.piece, a.target),
            "the Otter donates to an injured soul of yours on its stand",
        ),
    )

    def legal(self, s: S) -> list[Donate]:
        return [] if owes_contention(s) else donations(s, own_souls(s))

    def candidates(self, s: S) -> Iterable[Donate]:
        """Every action of the kind (the checks keep the legal ones: ``legal`` lists them faster)."""
        live = s.live()
        return (Donate(p, q) for p in live for q in live)

    def apply(self, s: S, action: Donate) -> None:
        cards.injure_any(s, action.piece)
        healed = sum(cards.heal(s, action.target) for _ in range(2))
        s.add_log(f"{s.piece_name(action.piece)} donates: {s.piece_name(action.target)} heals {healed}")
        cycle.end_action(s, s.active)

    def path(self, action: Donate) -> ClickPath:
        return (f"piece:{action.piece}", f"piece:{action.target}")


def _dens(s: S) -> list[int]:
    """The revealed Avian Keeper's Dens in territories the seat holds."""
    return [
        p
        for p in s.of_type("terrain_feature")  # a den is one; walked every listing
        if s.card[p] in _DENS and s.known[p] & PUBLIC and s.holder[s.territory[p] - 1] == s.active
    ]


def _one_from_down(s: S, piece: int) -> bool:
    return len(fight.available_means(s, piece)) == 1 and not cards.ability(s.card[piece]).constantly_downed


def _avian_keeper(s: S, piece: int) -> bool:
    """An avian soul able to attack: it engages the prisoner in a bout."""
    return cards.gene(s, piece) == "Avian" and fight.can_attack(s, piece)


def _den_territories(s: S) -> frozenset[int]:
    """The territories of the seat's revealed dens in territories it holds (none, nearly
    always: the one empty set, not a new one at every day listing)."""
    dens = _dens(s)
    return frozenset([s.territory[p] for p in dens]) if dens else _NO_DENS


_NO_DENS: Final[frozenset[int]] = frozenset()


def _near_den(s: S, piece: int, dens: frozenset[int]) -> bool:
    """The soul's territory touches one of ``dens`` (``_den_territories``)."""
    return any((s.territory[piece], d) in s.board.touching for d in dens)


def _enemy_there(s: S, piece: int, other: int) -> bool:
    """``other`` is an enemy on ``piece``'s stand."""
    return 0 <= other < len(s.card) and other in enemies_at(s, s.stand[piece], s.active)


def _imprisonable(s: S, piece: int) -> bool:
    """A non-avian soul one injury from downed."""
    return cards.gene(s, piece) != "Avian" and _one_from_down(s, piece)


def imprisonments(s: S, souls: list[int]) -> list[Imprison]:
    """The den's imprisonments open when no contention is owed (``ImprisonRule``'s predicates)."""
    dens = _den_territories(s)
    if not dens:
        return []
    out: list[Imprison] = []
    for p in souls:
        if _avian_keeper(s, p) and _near_den(s, p, dens):
            out += [Imprison(p, q) for q in enemies_at(s, s.stand[p], s.active) if _imprisonable(s, q)]
    return out


class ImprisonRule(CheckedRule["S", Imprison]):
    """Avian Keeper's Den: 'Acts as a prison for non-avian creatures. In order to imprison a soul,
    they must have only 1 injury before defeat and be in a territory touching the territory this
    feature is within. In order to take the prisoner, you must engage the enemy soul in a keal
    means bout with a card whose archetypal gene is avian. The card will be kept in prison until
    the territory is captured by the opposing player.'"""

    action = Imprison
    section = "prison"
    checks = (
        NO_CONTENTION_OWED,
        YOUR_SOUL,
        Check("an avian soul able to attack", lambda s, a: _avian_keeper(s, a.piece),
              "soul #{action.piece} is not an avian soul able to attack"),
        Check("near your den", lambda s, a: _near_den(s, a.piece, _den_territories(s)),
              "soul #{action.piece} is not in a territory touching your revealed den "
              "(in a territory you hold)"),
        Check("an enemy on its stand", lambda s, a: _enemy_there(s, a.piece, a.target),
              "soul #{action.target} is not an enemy on the stand of soul #{action.piece}"),
        Check("a non-avian soul one from downed", lambda s, a: _imprisonable(s, a.target),
              "soul #{action.target} is not a non-avian soul one injury from downed"),
    )

    def legal(self, s: S) -> list[Imprison]:
        return [] if owes_contention(s) else imprisonments(s, own_souls(s))

    def candidates(self, s: S) -> Iterable[Imprison]:
        """Every pair of pieces on the map (``legal`` lists the ones the checks let through faster)."""
        live = s.live()
        return (Imprison(p, q) for p in live for q in live)

    def apply(self, s: S, action: Imprison) -> None:
        den = next(p for p in _dens(s) if (s.territory[action.piece], s.territory[p]) in s.board.touching)
        s.mover = s.active
        if fight.single_bout(s, action.piece, action.target):
            cycle.place(s, action.target, s.board.camp_of(s.territory[den]))
            s.prisoner[action.target] = True
            s.moved()
            s.add_log(f"{s.piece_name(action.target)} is taken to the Avian Keeper's Den, a prisoner")
        else:
            s.spent_cycle[action.piece] = s.cycle
            s.add_log(f"{s.piece_name(action.target)} escapes the den's keepers")
        cycle.end_action(s, s.active)

    def path(self, action: Imprison) -> ClickPath:
        return (f"piece:{action.piece}", f"piece:{action.target}")


DIG_DAYS = 3
"""Illia and Dorsay 'Can take 3 turns to make a tunnel': the time any underground dweller takes
(#habitat_effects gives the ability, no time)."""


def _dweller(s: S, piece: int) -> bool:
    """An underground dweller (#habitat_effects)."""
    return s.card_of(piece).habitat == "Underground"


def _unmoved(s: S, piece: int) -> bool:
    """The soul has not moved today and may move: digging is its day's movement."""
    return s.steps_used[piece] == 0 and can_move(s, piece)


def _on_land(s: S, piece: int) -> bool:
    return s.board.geography[s.territory[piece] - 1] != "Water"


def _dig_toward(s: S, piece: int, territory: int) -> bool:
    """``territory`` is another territory, not of water, with no tunnel to the soul's yet."""
    return (
        territory in s.board.territories
        and territory != s.territory[piece]
        and s.board.geography[territory - 1] != "Water"
        and not _tunnel(s, s.territory[piece], territory)
    )


def digs(s: S, souls: list[int]) -> list[Dig]:
    """The digging open when no contention is owed (``DigRule``'s predicates); ``souls``: ``own_souls``."""
    diggers = [
        p for p in souls if _dweller(s, p) and revealed(s, p) and _unmoved(s, p) and _on_land(s, p)
    ]
    return [_DIG(p, t) for p in diggers for t in s.board.territories if _dig_toward(s, p, t)]


class DigRule(CheckedRule["S", Dig]):
    """#habitat_effects, underground: 'Undergroud dwellers can make underground tunnels'; a
    revealed dweller that has not moved today digs toward another territory (not water) from its
    territory; the third day's digging opens a tunnel between the two camp stands, one that
    underground dwellers travel."""

    action = Dig
    section = "habitat_effects"
    checks = (
        NO_CONTENTION_OWED,
        YOUR_SOUL,
        Check("an underground dweller", lambda s, a: _dweller(s, a.piece),
              "soul #{action.piece} is not an underground dweller"),
        REVEALED,
        Check("not moved today", lambda s, a: _unmoved(s, a.piece),
              "soul #{action.piece} has moved today or cannot move"),
        Check("on land", lambda s, a: _on_land(s, a.piece), "soul #{action.piece} cannot dig from water"),
        Check("toward another dry territory", lambda s, a: _dig_toward(s, a.piece, a.territory),
              "soul #{action.piece} digs toward another territory, not of water, with no tunnel yet"),
    )

    def legal(self, s: S) -> list[Dig]:
        return [] if owes_contention(s) else digs(s, own_souls(s))

    def candidates(self, s: S) -> Iterable[Dig]:
        """Every piece toward every territory (``legal`` lists the ones the checks let through faster)."""
        return (Dig(p, t) for p in range(len(s.card)) for t in s.board.territories)

    def apply(self, s: S, action: Dig) -> None:
        piece = action.piece
        key = f"dig:{s.territory[piece]}:{action.territory}"
        days = s.timers[piece].get(key, 0) + 1
        s.timers[piece][key] = days
        s.steps_used[piece] = DAY_SPENT  # digging is its day's movement
        if days < DIG_DAYS:
            s.add_log(
                f"{s.piece_name(piece)} digs toward territory {action.territory} (day {days} of {DIG_DAYS})"
            )
        else:
            a, b = s.board.camp_of(s.territory[piece]), s.board.camp_of(action.territory)
            s.tunnels.append((a, b))
            s.tunnel_diggers.append(piece)
            s.add_log(
                f"{s.piece_name(piece)} opens a tunnel between territories {s.territory[piece]} and "
                f"{action.territory}"
            )
        cycle.end_action(s, s.active)

    def path(self, action: Dig) -> ClickPath:
        return (f"piece:{action.piece}", f"territory:{action.territory}")


def _tunnel(s: S, one: int, other: int) -> bool:
    ends = {s.board.camp_of(one), s.board.camp_of(other)}
    return any({a, b} == ends for a, b in s.tunnels)


_CARRIED: Final = frozenset(c for c, entry in cards.ABILITIES.items() if entry.carried)
_FORMS: Final = frozenset(c for c, entry in cards.ABILITIES.items() if entry.second_form)


def _colony(s: S, piece: int) -> bool:
    """A card that is carried to move (the Colony)."""
    return s.card[piece] in _CARRIED


def _carrier_for(s: S, piece: int, carrier: int) -> bool:
    """``carrier`` (a soul of the seat's) is another soul, not a colony, on ``piece``'s stand."""
    return carrier != piece and s.stand[carrier] == s.stand[piece] and not _colony(s, carrier)


def carries(s: S, souls: list[int]) -> list[Carry]:
    """The boardings open when no contention is owed (``CarryRule``'s predicates); ``souls``:
    ``own_souls``."""
    colonies = [p for p in souls if _colony(s, p)]
    if not colonies:
        return []
    return [Carry(p, q) for p in colonies for q in souls if _carrier_for(s, p, q)]


class CarryRule(CheckedRule["S", Carry]):
    """Balanced Inline Processing Colony: 'Requires being equipped to a carrier card to move':
    a soul of yours on its stand takes it aboard; it travels as the soul's item (#equiping)."""

    action = Carry
    section = "equiping"
    checks = (
        NO_CONTENTION_OWED,
        YOUR_SOUL,
        Check("a colony", lambda s, a: _colony(s, a.piece), "soul #{action.piece} is not carried to move"),
        Check("aboard a soul of yours there",
              lambda s, a: a.carrier in own_souls(s) and _carrier_for(s, a.piece, a.carrier),
              "a colony of yours boards another soul of yours on its stand"),
    )

    def legal(self, s: S) -> list[Carry]:
        return [] if owes_contention(s) else carries(s, own_souls(s))

    def candidates(self, s: S) -> Iterable[Carry]:
        """Every pair of pieces on the map (``legal`` lists the ones the checks let through faster)."""
        live = s.live()
        return (Carry(p, q) for p in live for q in live)

    def apply(self, s: S, action: Carry) -> None:
        cycle.reveal(s, action.piece)  # it is seen boarding, as a soul is seen moving (#movement)
        s.add_log(f"{s.piece_name(action.carrier)} takes {s.piece_name(action.piece)} aboard")
        cards.take_off(s, action.piece)
        s.items[action.carrier].append(s.card[action.piece])
        cycle.end_action(s, s.active)

    def path(self, action: Carry) -> ClickPath:
        return (f"piece:{action.piece}", f"piece:{action.carrier}")


def _near_water(s: S, territory: int) -> bool:
    """A stream, river or creek touches the territory: a water territory touches it."""
    return any(
        s.board.geography[t - 1] == "Water" for t in s.board.territories if (territory, t) in s.board.touching
    )


def capture_faces(s: S, piece: int) -> frozenset[int]:
    """The D6 faces that capture the soul's second form where it stands (none: not here)."""
    entry = cards.ability(s.card[piece])
    territory = s.territory[piece]
    faces = dict(entry.second_form).get(s.board.geography[territory - 1], frozenset())
    return faces | entry.form_near_water if faces and _near_water(s, territory) else faces


def _fresh_today(s: S, piece: int) -> bool:
    """The soul has not moved, tried to change forms, or tired today."""
    return (
        s.steps_used[piece] == 0
        and s.timers[piece].get("form_try", -1) != s.cycle
        and s.cycle > s.tired_cycle[piece]
    )


def _form_to_take(s: S, piece: int) -> bool:
    """In its second form (it may return), or where it may capture it."""
    return cards.in_form(s, piece) or bool(capture_faces(s, piece))


def form_changes(s: S, souls: list[int]) -> list[ChangeForm]:
    """The form changes open when no contention is owed (``FormRule``'s predicates); ``souls``:
    ``own_souls``."""
    return [
        ChangeForm(p)
        for p in souls
        if s.card[p] in _FORMS
        and revealed(s, p)
        and _fresh_today(s, p)
        and not is_downed(s, p)
        and _form_to_take(s, p)
    ]


class FormRule(CheckedRule["S", ChangeForm]):
    """Sprite of Wilds' Spirit: 'May only change to this form by capturing a bear in the
    following geographies: Forest: roll 1, 2, or 3 with D6; Mountain or Plains: roll 1 or 2
    with D6. Add the number 4 ... if a stream, river, or creek touches the territory.' The
    default form 'anytime'; 'If this card changes forms, it cannot move the in the same turn'
    (read: a revealed soul that has not moved today, one try a day)."""

    action = ChangeForm
    section = "movement"
    checks = (
        NO_CONTENTION_OWED,
        YOUR_SOUL,
        Check("a second form", lambda s, a: s.card[a.piece] in _FORMS,
              "soul #{action.piece} has no second form"),
        REVEALED,
        Check("fresh today", lambda s, a: _fresh_today(s, a.piece),
              "soul #{action.piece} has moved or tried to change forms today"),
        Check("not downed", lambda s, a: not is_downed(s, a.piece), "soul #{action.piece} is downed"),
        Check("a form to take here", lambda s, a: _form_to_take(s, a.piece),
              "soul #{action.piece} may not capture its form in this geography"),
    )

    def legal(self, s: S) -> list[ChangeForm]:
        return [] if owes_contention(s) else form_changes(s, own_souls(s))

    def candidates(self, s: S) -> Iterable[ChangeForm]:
        """Every piece (``legal`` lists the ones the checks let through faster)."""
        return (ChangeForm(p) for p in range(len(s.card)))

    def apply(self, s: S, action: ChangeForm) -> None:
        piece = action.piece
        s.timers[piece]["form_try"] = s.cycle
        if cards.in_form(s, piece):
            s.timers[piece]["form"] = 0
            changed = True
            s.add_log(f"{s.piece_name(piece)} returns to its default form")
        else:
            roll, faces = draws.randint(s.rng, 1, 6), capture_faces(s, piece)
            changed = roll in faces
            s.add_log(
                f"{s.piece_name(piece)} tries to capture a bear: a D6 of {roll}, "
                + ("captured" if changed else "it gets away")
            )
            if changed:
                s.timers[piece]["form"] = 1
        if changed:
            s.steps_used[piece] = DAY_SPENT  # no move the turn it changes forms
            s.keal_memory = {k: v for k, v in s.keal_memory.items() if str(piece) not in k.split(">")}
        cycle.end_action(s, s.active)

    def path(self, action: ChangeForm) -> ClickPath:
        return (f"piece:{action.piece}", "form")


def _bottled(s: S, piece: int) -> bool:
    """A bottled soul of the seat's (To Catch a Spirit); ``piece`` is on the map."""
    return s.owner[piece] == s.active and s.prisoner[piece] and bool(s.timers[piece].get(cards.BOTTLED))


def _taker(s: S, piece: int, bottled: int) -> bool:
    """A revealed soul in the bottled soul's territory takes its place."""
    return s.territory[piece] == s.territory[bottled] and revealed(s, piece)


def exchanges(s: S, souls: list[int], spent: bool | None = None) -> list[Exchange]:
    """The exchanges open when no contention is owed (``ExchangeRule``'s predicates); ``souls``:
    ``own_souls``; ``spent``: ``plays_spent``, when the caller asked it."""
    if (plays_spent(s) if spent is None else spent) or not any_set(s.prisoner):
        return []  # (a bottled soul is a prisoner: none anywhere, the common case)
    out: list[Exchange] = []
    for b in s.live():
        if _bottled(s, b) and _freed_spot(s, b):
            out += [Exchange(p, b) for p in souls if _taker(s, p, b)]
    return out


class ExchangeRule(CheckedRule["S", Exchange]):
    """To Catch a Spirit: 'The bottle card attempts to activate when ... player decides to
    exchange the soul who entered the territory to free bottle card soul. Once exchanged, the
    freed card must be played by the conditions listed on the card this turn, else, the exchange
    fails and both cards are wasted. If you successfully exchange, the original bottle card is
    restored, then the other card becomes the new bottle card.' Read: a revealed soul of yours
    in the territory of your bottled soul is bottled in its place; the freed soul is played
    again (one of the turn's plays), revealed, where you may play it (your capital's camp
    stand, else your first camp by territory number), with its card's summon roll
    (#placement); a failed roll wastes both."""

    action = Exchange
    section = "traps"
    checks = (
        NO_CONTENTION_OWED,
        PLAYS_LEFT,
        YOUR_SOUL,
        Check("a bottled soul of yours", lambda s, a: a.bottled in s.live() and _bottled(s, a.bottled),
              "soul #{action.bottled} is not a bottled soul of yours"),
        Check("revealed, in its territory", lambda s, a: _taker(s, a.piece, a.bottled),
              "a revealed soul of yours in the territory of your bottled soul takes its place"),
        Check("room for the freed soul", lambda s, a: bool(_freed_spot(s, a.bottled)),
              "the freed soul goes where you may play it: there is no such place"),
    )

    def legal(self, s: S) -> list[Exchange]:
        return [] if owes_contention(s) else exchanges(s, own_souls(s))

    def candidates(self, s: S) -> Iterable[Exchange]:
        """Every pair of pieces on the map (``legal`` lists the ones the checks let through faster)."""
        live = s.live()
        return (Exchange(p, b) for p in live for b in live)

    def apply(self, s: S, action: Exchange) -> None:
        piece, freed = action.piece, action.bottled
        s.prisoner[piece], s.prisoner[freed] = True, False
        s.moved()  # (who is a prisoner: the index of the map lists souls by stand without them)
        s.timers[piece][cards.BOTTLED] = 1
        s.timers[freed].pop(cards.BOTTLED, None)
        s.played[s.active] += 1
        cycle.place(s, freed, _freed_spot(s, freed))
        cycle.reveal(s, freed)
        s.played_cycle[freed], s.played_unrevealed[freed] = s.cycle, False
        s.add_log(f"{s.piece_name(piece)} is bottled to free {s.piece_name(freed)}")
        summon = cards.ability(s.card[freed]).summon
        if summon is not None and not summon(s, freed):
            s.add_log("the exchange fails: both souls are wasted")
            cards.waste(s, freed)
            cards.waste(s, piece)
        cycle.end_action(s, s.active)

    def path(self, action: Exchange) -> ClickPath:
        return (f"piece:{action.piece}", f"piece:{action.bottled}")


def _freed_spot(s: S, bottled: int) -> str:
    """Where the freed soul is played: the seat's capital's camp stand if a soul may be played
    there, else its first such camp stand by territory number; "" if none."""
    spots = [stand for stand, revealed in play_spots(s, s.card[bottled]) if revealed]
    capital = s.board.camp_of(s.first_capital(s.active)) if s.capital[s.active] else ""
    return capital if capital in spots else (spots[0] if spots else "")


def _wields_fire(s: S, piece: int) -> bool:
    """The soul carries a fire starter."""
    return bool(s.items[piece]) and _burner(s, piece) is not None


def _burn_today(s: S, piece: int) -> bool:
    """Once a day (#items)."""
    return s.timers[piece].get("burn", -1) != s.cycle


def burns(s: S, souls: list[int]) -> list[Burn]:
    """The burnings open when no contention is owed (``BurnRule``'s predicates); ``souls``: ``own_souls``."""
    return [
        Burn(p)
        for p in souls
        if _wields_fire(s, p) and revealed(s, p) and _burn_today(s, p) and _burnable(s, p) >= 0
    ]


class BurnRule(CheckedRule["S", Burn]):
    """Fire Starter? 'Chance to destroy terrain feature. Win with a D6 vs D20.' "Advanced" fire
    starter? 'Better chance to destroy a terrain feature. Win with D6 against D6-D6 with a
    retry.' Read: a day action of the revealed wielder against a revealed terrain feature of
    another seat in its territory, once a day (#items: 'if an effect ... with an equipped item
    fails, you may try ... again during the next diel cycle'); the D6 must beat the other
    throw; the fire starter is kept."""

    action = Burn
    section = "items"
    checks = (
        NO_CONTENTION_OWED,
        YOUR_SOUL,
        Check("a fire starter", lambda s, a: _wields_fire(s, a.piece),
              "soul #{action.piece} carries no fire starter"),
        REVEALED,
        Check("once a day", lambda s, a: _burn_today(s, a.piece),
              "soul #{action.piece} has set a fire today"),
        Check("a feature to burn", lambda s, a: _burnable(s, a.piece) >= 0,
              "there is no revealed terrain feature of another seat in the territory of soul "
              "#{action.piece}"),
    )

    def legal(self, s: S) -> list[Burn]:
        return [] if owes_contention(s) else burns(s, own_souls(s))

    def candidates(self, s: S) -> Iterable[Burn]:
        """Every piece (``legal`` lists the ones the checks let through faster)."""
        return (Burn(p) for p in range(len(s.card)))

    def apply(self, s: S, action: Burn) -> None:

        own, against, tries = _burner(s, action.piece) or (Dice((), 0), Dice((), 0), 0)
        s.timers[action.piece]["burn"] = s.cycle
        feature, burnt = _burnable(s, action.piece), False
        for _ in range(tries):
            fire, resist = roll(own, s.rng), roll(against, s.rng)
            burnt = fire > resist
            s.add_log(f"{s.piece_name(action.piece)} sets fire: {fire} against {resist}")
            if burnt:
                break
        if burnt:
            s.add_log(f"{s.card_of(feature).name} burns down")
            cards.waste(s, feature)
        cycle.end_action(s, s.active)

    def path(self, action: Burn) -> ClickPath:
        return (f"piece:{action.piece}", "burn")


def _burnable(s: S, piece: int) -> int:
    """The revealed terrain feature of another seat in the soul's territory (#terrain_features:
    one a territory), -1 if none."""
    found = [f for f in s.features_in(s.territory[piece]) if s.owner[f] != s.active and s.known[f] & PUBLIC]
    return found[0] if found else -1


def _burner(s: S, piece: int) -> tuple[Dice, Dice, int] | None:
    """The best fire starter the soul wields (most throws), if any."""
    found = [cards.ITEM_EFFECTS[i].burns for i in s.items[piece] if i in cards.ITEM_EFFECTS]
    odds = [b for b in found if b is not None]
    return max(odds, key=lambda b: b[2]) if odds else None
