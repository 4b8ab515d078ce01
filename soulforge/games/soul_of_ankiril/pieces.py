"""The ability pieces cards name in data: each piece's targeting (which cells it may aim
at, asked by every legal listing) and its effect, the registry ``PIECES`` that the cards'
rows name them from (``cards.BOOK``), and running them (``run_refs``, ``settle``).

Separate from ``cards.py`` (card declarations, run at load time, left pure) so that this
hot code compiles (mypyc): the listings ask the targetings on every move.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING

from soulforge.core.registry import Registry
from soulforge.games.soul_of_ankiril import consequences
from soulforge.games.soul_of_ankiril.model import EMPTY, Creature, Ref, bumped, replaced

if TYPE_CHECKING:
    from soulforge.games.soul_of_ankiril.state import AnkirilState


class Ctx:
    """Where a piece runs: its owner, its source Creature (Channeler), target cell, parameters.

    A plain class, not a dataclass: compiled, a dataclass keeps the ``__init__`` the
    dataclass decorator writes in Python, and the listing makes one for every Creature
    whose card has requirements."""

    __slots__ = ("args", "owner", "sources", "src", "target")

    def __init__(self, owner: int, src: Creature | None, target: int, args: tuple[int | str, ...],
                 sources: tuple[Creature, ...] = ()) -> None:
        self.owner, self.src, self.target, self.args = owner, src, target, args
        self.sources = sources
        """Creatures the effect comes from (Channelers), for Mimicry."""


Run = Callable[["AnkirilState", Ctx], None]
Args = tuple[int | str, ...]
Targets = Callable[["AnkirilState", Creature | None, int, Args], list[int]]


@dataclass(frozen=True)
class Piece:
    name: str
    arity: int
    targets: Targets
    run: Run
    text: str
    positional: bool = False
    """As a Spell, the effect depends on which Channeler casts it."""


def _n(ctx: Ctx, i: int = 0) -> int:
    return int(ctx.args[i])


def _target(st: AnkirilState, ctx: Ctx) -> Creature:
    c = consequences.creature_at(st, ctx.target)
    assert c is not None
    return c


def mimicry_blocks(st: AnkirilState, c: Creature, sources: tuple[Creature, ...], owner: int) -> bool:
    """Glossary, "Mimicry": opponents' Spells and Abilities reach it only from Range 1."""
    if not c.has("Mimicry") or c.owner == owner:
        return False
    return all(st.board.distance[s.cell][c.cell] > 1 for s in sources) if sources else True


# -- targets -------------------------------------------------------------------------------
def no_target(st: AnkirilState, src: Creature | None, owner: int, args: Args) -> list[int]:
    return [EMPTY]


def enemy_line(st: AnkirilState, src: Creature | None, owner: int, args: Args) -> list[int]:
    """Opponents on an Attack Trajectory at Range 2..R, not behind Raised terrain (Throw)."""
    assert src is not None
    occ, units, out = st.occ, st.units, []
    for cell in st.board.line_cells(src.cell, 2, int(args[-1])):
        uid = occ[cell]
        if uid >= 0:
            c = units[uid]
            if c.owner != owner and "Mimicry" not in c.card.keywords:
                out.append(cell)
    return out


# Targetings run for every legal list: plain loops, cheaper than comprehensions on a few
# cells (Python 3.11 creates a function per comprehension).
def enemy_adjacent(st: AnkirilState, src: Creature | None, owner: int, args: Args) -> list[int]:
    """Opponents next to ``src`` not already Challenged (Challenge)."""
    assert src is not None
    occ, units, out = st.occ, st.units, []
    for cell in st.board.adjacent[src.cell]:
        uid = occ[cell]
        if uid >= 0:
            c = units[uid]
            if c.owner != owner and c.challenged_by < 0:
                out.append(cell)
    return out


def ally_within(st: AnkirilState, src: Creature | None, owner: int, args: Args) -> list[int]:
    """Allied Creatures within Range R of ``src`` (itself included), in cell order."""
    assert src is not None
    # The Creatures, not the cells of the ball (as ``ally_any``): fewer than the 19 cells of
    # Range 2, and Swap through a Channeler reaches the whole battlefield.
    row, reach, out = st.board.distance[src.cell], int(args[-1]), []
    for c in st.units.values():
        if c.owner == owner and row[c.cell] <= reach:
            out.append(c.cell)
    out.sort()
    return out


def ally_other_within(st: AnkirilState, src: Creature | None, owner: int, args: Args) -> list[int]:
    assert src is not None
    found = ally_within(st, src, owner, args)
    if src.cell in found:
        found.remove(src.cell)
    return found


def empty_adjacent(st: AnkirilState, src: Creature | None, owner: int, args: Args) -> list[int]:
    assert src is not None
    if st.offspring[owner] <= 0:
        return []
    occ, out = st.occ, []
    for cell in st.board.adjacent[src.cell]:
        if occ[cell] == EMPTY:
            out.append(cell)
    return out


def enemy_any(st: AnkirilState, src: Creature | None, owner: int, args: Args) -> list[int]:
    out = []
    for c in st.units.values():
        if c.owner != owner:
            out.append(c.cell)
    out.sort()
    return out


def ally_any(st: AnkirilState, src: Creature | None, owner: int, args: Args) -> list[int]:
    out = []
    for c in st.units.values():
        if c.owner == owner:
            out.append(c.cell)
    out.sort()
    return out


# -- effects -------------------------------------------------------------------------------
def meditate(st: AnkirilState, ctx: Ctx) -> None:
    """Glossary, "Meditate": the Creature gains +1/+1."""
    assert ctx.src is not None
    consequences.buff(ctx.src, 1, 1)


def recover(st: AnkirilState, ctx: Ctx) -> None:
    assert ctx.src is not None
    consequences.heal(ctx.src, _n(ctx))


def throw(st: AnkirilState, ctx: Ctx) -> None:
    """Glossary, "Throw": damage to an opponent's Creature at a Range greater than 1."""
    consequences.damage(st, _target(st, ctx), _n(ctx), ctx.src, "ability")


def generate(st: AnkirilState, ctx: Ctx) -> None:
    """Glossary, "Generate": a 1/1 Offspring of the same Element and Class at Range 1."""
    assert ctx.src is not None
    offspring = consequences.place(st, st.cards["Offspring"], ctx.owner, ctx.target, active=False)
    offspring.element, offspring.klass = ctx.src.element, ctx.src.klass
    st.offspring = bumped(st.offspring, ctx.owner, -1)


def challenge(st: AnkirilState, ctx: Ctx) -> None:
    """Glossary, "Challenge": a Challenged marker on both Creatures."""
    assert ctx.src is not None
    _target(st, ctx).challenged_by = ctx.src.uid
    ctx.src.challenging = True


def reinforce(st: AnkirilState, ctx: Ctx) -> None:
    """Glossary, "Reinforce": the target gets Reinforced markers."""
    _target(st, ctx).reinforced += _n(ctx)


def swap(st: AnkirilState, ctx: Ctx) -> None:
    """Glossary, "Swap": exchange places with an allied Creature within Range."""
    assert ctx.src is not None
    consequences.swap(st, ctx.src, _target(st, ctx))


def draw(st: AnkirilState, ctx: Ctx) -> None:
    """Glossary, "Draw": draw the number of cards indicated."""
    consequences.draw(st, ctx.owner, _n(ctx))


def heal(st: AnkirilState, ctx: Ctx) -> None:
    consequences.heal(_target(st, ctx), _n(ctx))


def spell_damage(st: AnkirilState, ctx: Ctx) -> None:
    consequences.damage(st, _target(st, ctx), _n(ctx), None, "spell")


def inferno(st: AnkirilState, ctx: Ctx) -> None:
    """Damage to the target and to every opponent's Creature next to it (Mimicry permitting)."""
    first = _target(st, ctx)
    hit = [first]
    for cell in st.board.adjacent[first.cell]:
        c = consequences.creature_at(st, cell)
        if c is not None and c.owner != ctx.owner and not mimicry_blocks(st, c, ctx.sources, ctx.owner):
            hit.append(c)
    for c in hit:
        consequences.damage(st, c, _n(ctx), None, "spell")


def empower(st: AnkirilState, ctx: Ctx) -> None:
    consequences.buff(_target(st, ctx), _n(ctx), 0)


def venom(st: AnkirilState, ctx: Ctx) -> None:
    """Grants the Poison ability with the given value."""
    c = _target(st, ctx)
    c.poison = max(c.poison, _n(ctx))


def ready(st: AnkirilState, ctx: Ctx) -> None:
    """The target becomes Active and may move and act again this turn."""
    c = _target(st, ctx)
    c.active, c.moved, c.acted = True, False, False


def rally(st: AnkirilState, ctx: Ctx) -> None:
    """Allied Creatures of the source's Class gain +a/+h until the end of the turn."""
    assert ctx.src is not None
    for c in list(st.units.values()):
        if c.owner == ctx.owner and c.klass == ctx.src.klass:
            consequences.temp_buff(st.unit(c.uid), _n(ctx, 0), _n(ctx, 1))


def project(st: AnkirilState, ctx: Ctx) -> None:
    """Glossary, "Project": put the named card from the deck on top of it (revealed)."""
    p, deck, name = ctx.owner, st.decks[ctx.owner], str(ctx.args[0])
    unknown = len(deck) - st.known_top[p]
    for i in range(unknown - 1, -1, -1):
        if deck[i] == name:
            st.decks = replaced(st.decks, p, (*deck[:i], *deck[i + 1:], name))
            st.known_top = bumped(st.known_top, p, 1)
            st.mark_revealed()
            st.add_log(f"seat {ctx.owner} projects {name} onto the top of the deck")
            return


def shockwave(st: AnkirilState, ctx: Ctx) -> None:
    """Damage to every opponent's Creature next to the source's terrain."""
    assert ctx.src is not None
    for cell in st.board.adjacent[ctx.src.cell]:
        c = consequences.creature_at(st, cell)
        if c is not None and c.owner != ctx.owner:
            consequences.damage(st, c, _n(ctx), ctx.src, "ability")


PIECES: Registry[Piece] = Registry("Soul of Ankiril ability pieces")
"""Every ability piece by name: its targeting, its effect, its text (cards name them in data)."""
for _piece in (
    Piece("Meditate", 0, no_target, meditate, "gains +1/+1"),
    Piece("Recover", 1, no_target, recover, "recovers {0} Health"),
    Piece("Throw", 2, enemy_line, throw, "Throw {0} (Range 2-{1})"),
    Piece("Generate", 0, empty_adjacent, generate, "Generate a 1/1 Offspring at Range 1", True),
    Piece("Challenge", 0, enemy_adjacent, challenge, "Challenge an adjacent opponent's Creature"),
    Piece("Reinforce", 2, ally_within, reinforce, "Reinforce {0} (Range {1})"),
    Piece("Swap", 1, ally_other_within, swap, "Swap with an ally within Range {0}", True),
    Piece("Draw", 1, no_target, draw, "Draw {0}"),
    Piece("Heal", 1, ally_any, heal, "an allied Creature recovers {0} Health"),
    Piece("Damage", 1, enemy_any, spell_damage, "{0} damage to an opponent's Creature"),
    Piece("Inferno", 1, enemy_any, inferno, "{0} damage to an opponent's Creature and its neighbours"),
    Piece("Empower", 1, ally_any, empower, "an allied Creature gains +{0}/+0"),
    Piece("Venom", 1, ally_any, venom, "an allied Creature gains Poison {0}"),
    Piece("Ready", 0, ally_any, ready, "an allied Creature becomes Active again"),
    Piece("Rally", 2, no_target, rally, "allies of the Channeler's Class get +{0}/+{1} this turn", True),
    Piece("Project", 1, no_target, project, "Project {0}"),
    Piece("Shockwave", 1, no_target, shockwave, "{0} damage to each adjacent opponent's Creature"),
):
    PIECES.add(_piece.name, _piece)


def run_refs(st: AnkirilState, refs: tuple[Ref, ...], ctx: Ctx) -> None:
    """Run pieces in order (the first uses the target; later ones have none of their own)."""
    for i, (name, args) in enumerate(refs):
        piece = PIECES[name]
        target = ctx.target if i == 0 or piece.targets is not no_target else EMPTY
        piece.run(st, Ctx(ctx.owner, ctx.src, target, args, ctx.sources))


def settle(st: AnkirilState) -> None:
    """Remove defeated Creatures and fire their Legacy abilities until nothing more falls."""
    while not st.over:
        dead = consequences.remove_dead(st)
        if not dead:
            return
        for c in dead:
            if c.card.legacy:
                run_refs(st, c.card.legacy, Ctx(c.owner, c, EMPTY, ()))
