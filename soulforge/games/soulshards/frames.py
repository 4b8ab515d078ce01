"""The frames of the order of play: one slotted dataclass per kind of frame on ``state.stack``.

Each frame kind names what it is (``kind``, also the step name of a decision frame) and
holds only its own fields. A frame is never changed once made (a change replaces the frame in
the stack: ``s.stack[i] = frame.replace(...)``), so a state's clone copies the stack as a flat list,
sharing the frames (``core.clone.shared``).
``view()`` is the frame as the views show it (units by spot), the same keys for every
frame of a kind as the earlier dict frames had (``k`` the kind, ``p`` the seat, ``c`` the
index of the fight or check in the stack, ``for_<seat>`` the Character a seat's Support
backs).
"""

from __future__ import annotations

from dataclasses import dataclass, field, fields
from typing import TYPE_CHECKING, Any, TypeVar

from soulforge.core.action import JsonDict
from soulforge.core.clone import shared

if TYPE_CHECKING:
    from typing import Self

    from soulforge.games.soulshards.state import ShardsState

NO_UNIT = -1

T = TypeVar("T", bound="FrameBase")

_KEEP = object()
"""A ``replace`` argument not given: the field keeps its value."""


class FrameBase:
    """What every frame class has: ``kind`` (a slot of each frame, read by the order of play on
    every step: a slot read is specialised by the interpreter, a class attribute read on a
    slotted object is not; a class of one kind sets it itself, a field left out of the
    arguments, equality, hashing and ``repr``, as the class attribute it was) and ``replace``,
    made by ``frame_class``."""

    __slots__ = ()
    kind: str

    if TYPE_CHECKING:
        def replace(self, **changes: Any) -> Self:
            """A new frame: this one with ``changes`` (keyword-only, each a field's name)."""


def frame_class(cls: type[T]) -> type[T]:
    """Make a frame class (a slotted dataclass) one of the order of play: shared by clones
    (``core.clone.shared``: never changed once made, a change makes a new frame), with its own
    ``replace`` method. Not frozen: a frozen dataclass sets each field through
    ``object.__setattr__``, a third of the cost of a step that builds a frame (most do); frames
    are still never changed in place (test_one_statement plays a clone on and finds the
    original's frames unchanged)."""
    every = [f.name for f in fields(cls)]  # type: ignore[arg-type]  # a dataclass, by the decorator below it
    names = [f.name for f in fields(cls) if f.init]  # type: ignore[arg-type]  # likewise
    # ``replace``: a new frame, each slot set from the change given or the old frame's value
    # (keyword-only arguments: no dict of changes walked per slot); a field made by the class
    # (a fixed ``kind``) is copied.
    source = (f"def replace(frame{', *, ' if names else ''}{', '.join(f'{n}=_KEEP' for n in names)}):\n"
              "    new = _new(_cls)\n"
              + "".join(f"    new.{n} = frame.{n} if {n} is _KEEP else {n}\n" if n in names
                        else f"    new.{n} = frame.{n}\n" for n in every)
              + "    return new\n")
    env: dict[str, Any] = {"_KEEP": _KEEP, "_new": object.__new__, "_cls": cls}
    exec(source, env)  # noqa: S102 (our own source, from the class's fields)
    cls.replace = env["replace"]  # type: ignore[method-assign]  # the method FrameBase declares
    return shared(cls)


def _spot(s: ShardsState, uid: int) -> str | None:
    unit = s.units.get(uid)
    return None if unit is None else s.spot_of(unit)


def _spots(s: ShardsState, uids: tuple[int, ...]) -> list[str | None]:
    return [_spot(s, uid) for uid in uids]


@frame_class
@dataclass(slots=True, unsafe_hash=True)
class FirstPlayerDraw(FrameBase):
    """The draw for the first player (``first``): automatic."""

    kind: str = field(default="first", init=False, repr=False, compare=False)

    def view(self, s: ShardsState) -> JsonDict:
        return {"k": self.kind}


@frame_class
@dataclass(slots=True, unsafe_hash=True)
class SeatTask(FrameBase):
    """A task of one seat with nothing else to it: a setup task (``deal``, ``reserves``,
    ``mulligan``, ``attribute``), a turn (``turn``) or one of its phases (``deploy``,
    ``produce``, ``stockpile``, ``engage``). """

    kind: str
    p: int

    def view(self, s: ShardsState) -> JsonDict:
        return {"k": self.kind, "p": self.p}


@frame_class
@dataclass(slots=True, unsafe_hash=True)
class ZealousChoice(FrameBase):
    """Zealous: the Character ``unit`` just played may Move."""

    kind: str = field(default="zealous", init=False, repr=False, compare=False)
    p: int
    unit: int

    def view(self, s: ShardsState) -> JsonDict:
        return {"k": self.kind, "p": self.p, "u": _spot(s, self.unit)}


@frame_class
@dataclass(slots=True, unsafe_hash=True)
class Declaring(FrameBase):
    """Attack, step 1: the attackers chosen so far; more may join."""

    kind: str = field(default="declare", init=False, repr=False, compare=False)
    p: int
    attackers: tuple[int, ...]

    def view(self, s: ShardsState) -> JsonDict:
        return {"k": self.kind, "p": self.p, "att": _spots(s, self.attackers)}


@frame_class
@dataclass(slots=True, unsafe_hash=True)
class AttackInProgress(FrameBase):
    """An attack after its declaration: its phase (``provoke``, ``block``, ``fights``,
    ``unblocked``), the attackers, the blocks (attacker, blocker), the attackers dealt with in
    this phase (``done``) and those that fought."""

    kind: str = field(default="attack", init=False, repr=False, compare=False)
    phase: str
    attackers: tuple[int, ...]
    blocks: tuple[tuple[int, int], ...] = ()
    done: tuple[int, ...] = ()
    fought: tuple[int, ...] = ()

    def blocker_of(self, attacker: int) -> int | None:
        for a, d in self.blocks:
            if a == attacker:
                return d
        return None

    def blocked(self, attacker: int) -> bool:
        for a, _ in self.blocks:  # noqa: SIM110  # a loop, not any(): no generator frame per call
            if a == attacker:
                return True
        return False

    def blockers(self) -> set[int]:
        return {d for _, d in self.blocks}

    def view(self, s: ShardsState) -> JsonDict:
        return {
            "k": self.kind,
            "ph": self.phase,
            "att": _spots(s, self.attackers),
            "blk": {str(_spot(s, a)): _spot(s, d) for a, d in self.blocks},
            "done": _spots(s, self.done),
            "fought": _spots(s, self.fought),
        }


@frame_class
@dataclass(slots=True, unsafe_hash=True)
class AttackChoice(FrameBase):
    """A decision of the attack at ``c`` in the stack: ``provoke`` (by attacker ``a``),
    ``block``, ``order`` (the next fight), ``unblocked`` (what attacker ``a`` does)."""

    kind: str
    p: int
    c: int
    a: int = NO_UNIT

    def view(self, s: ShardsState) -> JsonDict:
        out: JsonDict = {"k": self.kind, "p": self.p, "c": self.c}
        if self.kind in ("provoke", "unblocked"):
            out["a"] = _spot(s, self.a)
        return out


@frame_class
@dataclass(slots=True, unsafe_hash=True)
class SabotageChoice(FrameBase):
    """A Sabotage by attacker ``a`` succeeded: its user chooses what to discard."""

    kind: str = field(default="sabotage", init=False, repr=False, compare=False)
    p: int
    a: int

    def view(self, s: ShardsState) -> JsonDict:
        return {"k": self.kind, "p": self.p, "a": _spot(s, self.a)}


def _backs_view(out: JsonDict, s: ShardsState, backs: tuple[int, int]) -> JsonDict:
    for seat, uid in enumerate(backs):
        if uid != NO_UNIT:
            out[f"for_{seat}"] = _spot(s, uid)
    return out


@frame_class
@dataclass(slots=True, unsafe_hash=True)
class DLCheck(FrameBase):
    """A DL check: its user, the card (or "Sabotage") and slot, target and caster, the DL and
    the stat it benefits from, the Tactics modifier, each seat's Support Trait (``traits``),
    and the Character each seat's Support backs (``backs``, -1: none)."""

    kind: str = field(default="check", init=False, repr=False, compare=False)
    p: int
    card: str
    slot: str
    target: int
    caster: int
    dl: int
    benefit: str
    mod: int = 0
    traits: tuple[int, int] = (0, 0)
    backs: tuple[int, int] = (NO_UNIT, NO_UNIT)

    def view(self, s: ShardsState) -> JsonDict:
        out: JsonDict = {
            "k": self.kind, "p": self.p, "card": self.card, "slot": self.slot, "target": self.target,
            "caster": _spot(s, self.caster), "dl": self.dl, "benefit": self.benefit, "mod": self.mod,
            "t": list(self.traits),
        }
        return _backs_view(out, s, self.backs)


@frame_class
@dataclass(slots=True, unsafe_hash=True)
class Fight(FrameBase):
    """A fight: attacker ``a``, defender ``d``, whether it is an Ambush and the defender in its
    Keep, the damage modifier (Tactics), the Guard bonus, each seat's Support Trait and the
    Character each seat's Support backs."""

    kind: str = field(default="fight", init=False, repr=False, compare=False)
    a: int
    d: int
    ambush: bool
    keep: bool
    mod: int = 0
    guard: int = 0
    traits: tuple[int, int] = (0, 0)
    backs: tuple[int, int] = (NO_UNIT, NO_UNIT)

    def view(self, s: ShardsState) -> JsonDict:
        out: JsonDict = {
            "k": self.kind, "a": _spot(s, self.a), "d": _spot(s, self.d), "amb": self.ambush,
            "keep": self.keep, "mod": self.mod, "guard": self.guard, "t": list(self.traits),
        }
        return _backs_view(out, s, self.backs)


@frame_class
@dataclass(slots=True, unsafe_hash=True)
class Reveal(FrameBase):
    """Both Support cards of the fight or check at ``c`` are revealed: automatic."""

    kind: str = field(default="reveal", init=False, repr=False, compare=False)
    c: int

    def view(self, s: ShardsState) -> JsonDict:
        return {"k": self.kind, "c": self.c}


@frame_class
@dataclass(slots=True, unsafe_hash=True)
class ContestChoice(FrameBase):
    """A seat's decision in the fight or check at ``c``: ``tactics`` (spend Edge) or
    ``support`` (choose a Support card)."""

    kind: str
    p: int
    c: int

    def view(self, s: ShardsState) -> JsonDict:
        return {"k": self.kind, "p": self.p, "c": self.c}


@frame_class
@dataclass(slots=True, unsafe_hash=True)
class GuardChoice(FrameBase):
    """Guard in the fight at ``c``: the Guard Characters that guarded already (``used``)."""

    kind: str = field(default="guard", init=False, repr=False, compare=False)
    p: int
    c: int
    used: tuple[int, ...] = ()

    def view(self, s: ShardsState) -> JsonDict:
        return {"k": self.kind, "p": self.p, "c": self.c, "used": _spots(s, self.used)}


Frame = (FirstPlayerDraw | SeatTask | ZealousChoice | Declaring | AttackInProgress | AttackChoice
         | SabotageChoice | DLCheck | Fight | Reveal | ContestChoice | GuardChoice)
"""A frame of the order of play."""
Decision = SeatTask | ZealousChoice | Declaring | AttackChoice | SabotageChoice | ContestChoice | GuardChoice
"""A frame that stops the run: its seat ``p`` decides."""
Contest = DLCheck | Fight
"""A frame that Support and Tactics add to."""
