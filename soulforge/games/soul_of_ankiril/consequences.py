"""Rule primitives: damage, healing, drawing, summoning, defeat (rulebook, "Basic Concepts")."""

from __future__ import annotations

from typing import TYPE_CHECKING

from soulforge.games.soul_of_ankiril import words
from soulforge.games.soul_of_ankiril.model import EMPTY, CardDef, Creature, bumped, replaced

if TYPE_CHECKING:
    from soulforge.games.soul_of_ankiril.state import AnkirilState

HAND_LIMIT = 6
LEADER_ARROW = 4
"""A defeated Leader's arrow starts on the "4 Energy" symbol."""
ATTACK_KINDS = frozenset({"attack", "spell", "ability"})


def attack_of(st: AnkirilState, c: Creature) -> int:
    """Attack with modifiers; Affinity (authored) adds 1 on a terrain of the Creature's element."""
    bonus = 1 if "Affinity" in c.card.keywords and st.board.element[c.cell] == c.element else 0
    return max(0, c.atk + c.tmp_atk + bonus)


def reduced(st: AnkirilState, c: Creature, amount: int, kind: str) -> int:
    """Damage after Challenge (-1 in the opponent's turn) and Reinforced markers (glossary)."""
    if c.challenging and kind in ATTACK_KINDS and st.player != c.owner:
        amount = max(0, amount - 1)
    if c.reinforced and amount:
        absorbed = min(c.reinforced, amount)
        c.reinforced -= absorbed
        amount -= absorbed
    return amount


def damage(st: AnkirilState, c: Creature, amount: int, src: Creature | None, kind: str) -> int:
    """Deal damage to a Creature; returns the damage taken. Poison marks a survivor (glossary)."""
    taken = reduced(st, c, amount, kind)
    if taken <= 0:
        return 0
    c.hp -= taken
    if src is not None and src.poison and kind in ("attack", "ability") and c.hp > 0:
        c.poisoned = max(c.poisoned, src.poison)
    return taken


def heal(c: Creature, amount: int) -> None:
    c.hp = min(c.max_hp, c.hp + amount)


def buff(c: Creature, atk: int, health: int) -> None:
    """A permanent +atk/+health modifier."""
    c.atk += atk
    c.max_hp += health
    c.hp += health


def temp_buff(c: Creature, atk: int, health: int) -> None:
    """+atk/+health until the end of the turn (the temporary Health is lost first)."""
    c.tmp_atk += atk
    c.tmp_hp += health
    c.max_hp += health
    c.hp += health


def expire_temporary(c: Creature) -> None:
    if c.tmp_atk or c.tmp_hp:
        c.max_hp -= c.tmp_hp
        c.hp = min(c.hp, c.max_hp)
        c.tmp_atk = c.tmp_hp = 0


def draw(st: AnkirilState, p: int, n: int) -> int:
    """Draw up to n cards from the top of the deck (an empty deck simply gives nothing)."""
    deck = st.decks[p]
    drawn = min(n, len(deck)) if n > 0 else 0
    if drawn:
        # The top card last: drawn one by one, the hand takes them from the top down.
        rest = len(deck) - drawn
        taken = tuple(reversed(deck[rest:]))
        st.decks = replaced(st.decks, p, deck[:rest])
        st.hands = replaced(st.hands, p, st.hands[p] + taken)
        st.known_top = replaced(st.known_top, p, max(0, st.known_top[p] - drawn))
        st.mark_revealed()
        st.log_later(words.draws_seen, p, taken, visible_to=p)
        st.log_later(words.draws, p, drawn, visible_to=1 - p)
    return drawn


def place(st: AnkirilState, card: CardDef, p: int, cell: int, active: bool) -> Creature:
    """Put a new Creature token on an empty terrain."""
    c = Creature(st.next_uid, card, p, cell)
    st.next_uid += 1
    c.active = active
    c.home = st.mark  # new: this state's own (``AnkirilState.unit``)
    st.units[c.uid] = c
    st.occ[cell] = c.uid
    return c


def relocate(st: AnkirilState, c: Creature, cell: int) -> None:
    st.occ[c.cell] = EMPTY
    st.occ[cell] = c.uid
    c.cell = cell


def swap(st: AnkirilState, a: Creature, b: Creature) -> None:
    a.cell, b.cell = b.cell, a.cell
    st.occ[a.cell], st.occ[b.cell] = a.uid, b.uid


def creature_at(st: AnkirilState, cell: int) -> Creature | None:
    """The Creature on ``cell``, to change (``AnkirilState.unit_at``): the moves ask it."""
    return st.unit_at(cell)


def hit_emanation(st: AnkirilState, k: int, amount: int) -> None:
    """Damage an Emanation (only direct attacks do); at 0 Health it is deactivated."""
    if amount <= 0 or st.ema_hp[k] <= 0:
        return
    st.ema_hp = replaced(st.ema_hp, k, max(0, st.ema_hp[k] - amount))
    if st.ema_hp[k] == 0:
        owner = k // 3
        st.occ[st.board.emanation_cells[owner][k % 3]] = EMPTY
        st.bonus = bumped(st.bonus, owner, 1)
        st.add_log(f"an Emanation of seat {owner} is deactivated")
        if sum(1 for i in range(3) if st.ema_hp[owner * 3 + i] == 0) == 3:
            st.finish(1 - owner, "third Emanation deactivated")


def remove_dead(st: AnkirilState) -> list[Creature]:
    """Remove defeated Creatures (rulebook, "Defeat of the Allies", "Defeating ... a Leader")."""
    dead = []
    for c in st.units.values():  # after every attack and effect: a loop, no comprehension
        if c.hp <= 0:
            dead.append(c.uid)
    # This state's own objects: their Legacy may still change them (their source, ``Ctx.src``).
    fallen = [st.unit(uid) for uid in dead]
    for c in fallen:
        del st.units[c.uid]
        st.occ[c.cell] = EMPTY
        for other in st.units.values():
            if other.challenged_by == c.uid:
                # (replaces a value of the dict being read, which its iteration allows)
                st.unit(other.uid).challenged_by = -1
        if c.leader:
            st.arrow = replaced(st.arrow, c.owner, LEADER_ARROW)
            st.leader_uid = replaced(st.leader_uid, c.owner, -1)
        elif c.card.type == "ally":
            st.discard = replaced(st.discard, c.owner, (*st.discard[c.owner], c.card.name))
        else:
            st.offspring = bumped(st.offspring, c.owner, 1)  # the Offspring token returns to its supply
        st.log_later(words.defeated, c.card.name, c.owner)
    return fallen
