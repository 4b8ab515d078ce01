"""The mechanics of a fight (#ADRH): who may attack whom, the bouts and their rolls, injuries,
the Final Blow; the rules of its steps (the target, the KEAL means, pressing, the answer, the
retreat's challenge) are in ``rules/fight.py``.

An exchange starts when a soul moves onto a stand holding enemies (#movement) or attacks
from a stand it shares with them; it ends when the attacked side holds or has no soul left
there, and the turn then passes on from the seat that started it (``cycle.finish_exchange``).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING

import soulforge.games.kipukas.cards as cards  # mypyc: cards may be mid-import here
from soulforge.games.kipukas import combat, cycle
from soulforge.games.kipukas.data import Card, Dice
from soulforge.games.kipukas.encoding import KEAL, PRESS, PUBLIC, REROLL, RESPOND, TARGET
from soulforge.games.kipukas.movement import enemies_at, is_downed
from soulforge.games.kipukas.rogue import is_rogue

if TYPE_CHECKING:
    from soulforge.games.kipukas.state import KipukasState as S


# -- starting and ending -----------------------------------------------------------------
def can_attack(s: S, piece: int) -> bool:
    """A soul that may attack now: on the map, revealed or revealing, not beaten this cycle,
    not downed (unless its card acts downed), and a card that attacks at all (#combat_lifecycle)."""
    beaten = s.cycle == s.spent_cycle[piece] or s.cycle <= s.tired_cycle[piece]
    if not s.on_map[piece] or s.prisoner[piece] or beaten:
        return False
    card_id = s.card[piece]
    if card_id not in s.game.armed or not available_means(s, piece):
        return False
    if cards.dice_of(s, piece, attacking=True) is None:
        return False  # a second form may attack or not (Sprite of Wilds' Spirit)
    return s.tables.traits[card_id].acts_downed or not is_downed(s, piece)


def armed(game_cards: Mapping[str, Card]) -> frozenset[str]:
    """The cards that may attack at all: attack dice in some form, and an ability that does not
    forbid it (``cards.dice_of`` then says whether the soul's form now attacks); built once per
    game (``Kipukas.armed``)."""
    return frozenset(
        card_id
        for card_id, card in game_cards.items()
        if cards.attack_dice(card) is not None or cards.ability(card_id).form_dice is not None
    )


def targets(s: S, piece: int) -> list[int]:
    """The enemy souls on the attacker's stand it may attack: revealed before unrevealed
    (#card_activation), and a card that must be attacked first (Branwen) before the others."""
    enemies = enemies_at(s, s.stand[piece], s.owner[piece])
    first = [p for p in enemies if cards.ability(s.card[p]).attacked_first and s.known[p] & PUBLIC]
    if first:
        return first
    shown = [p for p in enemies if s.known[p] & PUBLIC]
    return shown or enemies


def in_combat(s: S, *pieces: int) -> None:
    """The souls are played in combat: each seat's soul card joins its loyalty trace (``s.fought``,
    #affinity: 'Each time you play a specific Character or Species card in combat'); a rogue's
    card is no seat's, and a card still face down (a shot's target) is not traced until it shows,
    so the trace never holds what another seat could not see."""
    for piece in pieces:
        seat = s.owner[piece]
        if 0 <= seat < s.num_players and s.known[piece] & PUBLIC and s.card[piece] not in s.fought[seat]:
            s.fought[seat].append(s.card[piece])


def begin(s: S, attacker: int, *, may_stop: bool) -> None:
    """The attacker chooses its target (moving in, it must: #movement)."""
    s.attacker, s.defender, s.means = attacker, -1, [-1, -1]
    s.fight_stand = s.stand[attacker]
    s.may_stop = may_stop
    s.active, s.phase = s.owner[attacker], TARGET


def engage(s: S, target: int) -> None:
    """The bout's setup: the target is revealed, then both sides choose KEAL means."""
    s.defender = target
    cycle.reveal(s, target)
    cycle.reveal(s, s.attacker)
    first_meeting = (
        f"{target}>{s.attacker}" not in s.keal_memory and f"{s.attacker}>{target}" not in s.keal_memory
    )
    if cards.ability(s.card[target]).swaps_first and first_meeting and can_attack(s, target):
        s.add_log(f"{s.piece_name(target)} turns the attack: she attacks first")
        s.attacker, s.defender, target = target, s.attacker, s.attacker
    s.add_log(f"{s.piece_name(s.attacker)} attacks {s.piece_name(target)}")
    s.exchange = [f"{s.piece_name(s.attacker)} attacks {s.piece_name(target)}"]
    in_combat(s, s.attacker, target)
    if not cards.before_engaging(s, s.attacker, target):
        lose_attack(s)
        return
    if not s.on_map[target]:
        after_waste(s)  # an effect wasted the target before any bout (Mihela)
        return
    if not available_means(s, target) or (
        is_downed(s, target) and not cards.ability(s.card[target]).acts_downed
    ):
        s.active, s.phase = s.owner[s.attacker], PRESS  # open to the Final Blow at once (#final_blow)
        return
    s.means, s.secret = [-1, -1], False
    for side, (piece, other) in enumerate(((s.attacker, target), (target, s.attacker))):
        kept = s.keal_memory.get(f"{piece}>{other}", -1)
        if kept in available_means(s, piece):
            s.means[side] = kept
    if min(s.means) >= 0:
        say(s, "the KEAL means chosen earlier today hold")
        bout(s)
        return
    ask_means(s)


def ask_means(s: S) -> None:
    side = 0 if s.means[0] < 0 else 1
    piece = s.attacker if side == 0 else s.defender
    if is_rogue(s, piece):  # a rogue's means: its first usable one, chosen by rule
        s.means[side] = available_means(s, piece)[0]
        if min(s.means) < 0:
            ask_means(s)
            return
        say(s, f"the rogue fights with {s.card_of(piece).keal_means[s.means[side]].name}")
        bout(s)
        return
    s.active, s.phase = s.owner[piece], KEAL


def available_means(s: S, piece: int) -> list[int]:
    card = s.card_of(piece)
    extra = cards.extra_tolerance(s, piece) if s.features_in(s.territory[piece]) else 0
    return [
        i
        for i, means in enumerate(card.keal_means)
        if s.injuries[piece][i] < means.tolerance + extra and cards.means_usable(s, piece, means)
    ]


def lose_attack(s: S) -> None:
    """The attack failed: the attacker attacks no more this cycle (#combat_lifecycle)."""
    s.spent_cycle[s.attacker] = s.cycle
    end_fight(s)


def end_fight(s: S) -> None:
    """The attacked side answers: counterattack, retreat or hold (#contention, #retreat)."""
    s.responder = s.owner[s.defender] if s.defender >= 0 else -1
    if not 0 <= s.responder < s.num_players or not mine_at(s, s.responder, s.fight_stand):
        cycle.finish_exchange(s)
        return
    s.active, s.phase = s.responder, RESPOND


def mine_at(s: S, seat: int, stand: str) -> list[int]:
    return [p for p in s.souls_at(stand) if s.owner[p] == seat]


def after_waste(s: S) -> None:
    """The defender is wasted: the attacker may go on against the others on the stand."""
    if s.on_map[s.attacker] and can_attack(s, s.attacker) and targets(s, s.attacker):
        begin(s, s.attacker, may_stop=True)
        return
    s.defender = -1
    cycle.finish_exchange(s)


# -- the bout ------------------------------------------------------------------------------
def bout(s: S) -> None:
    """One KEAL means bout (#attack, #defense), then what it leads to. A soul with the option
    to re-roll in it makes its owner decide first (the ``REROLL`` step, ``decide_reroll``)."""
    a_total, d_total, typing = _bout_throws(s)
    rest = [a_total, d_total, typing, 0, 0, 0, 0]
    if _ask_reroll(s, BOUT, rest):
        return
    _bout_result(s, rest[0], rest[1])


def _bout_result(s: S, a_total: int, d_total: int) -> None:
    """The bout's throws settled: who won, and what it leads to."""
    a = s.attacker
    won = _settle(s, a_total, d_total)
    if won:
        _injure(s)
    else:
        cards.on_bout_lost(s, a, attacking=True)
        if s.on_map[a]:
            lose_attack(s)
        else:
            end_fight(s)


def _bout_throws(s: S) -> tuple[int, int, int]:
    """The bout's throws: dice, affinity, habitat, effects, the typing chart (in the attack's
    total); (attack, defence, typing)."""
    a, d = s.attacker, s.defender
    a_card, d_card = s.card_of(a), s.card_of(d)
    a_means, d_means = a_card.keal_means[s.means[0]], d_card.keal_means[s.means[1]]
    a_total = _total(s, a, d, cards.dice_of(s, a, attacking=True), a_means.name)
    d_total = _total(s, d, a, cards.dice_of(s, d, attacking=False), d_means.name)
    typing = combat.keal_modifier(s.game.matchups, a_means.archetypes, d_means.archetypes)
    say(s, f"typing chart: {a_means.name} against {d_means.name} gives {typing:+d} to the attack")
    return a_total + typing, d_total, typing


def _settle(s: S, a_total: int, d_total: int) -> bool:
    """True if the attack wins (a tie goes to the brawl); the card effects of the bout's end
    follow (``after_bout``)."""
    won = _compare(s, a_total, d_total)
    cards.after_bout(s, s.attacker, s.defender, attacker_won=won, margin=a_total - d_total)
    return won


def _bout_roll(s: S) -> bool:
    """A bout no seat decides (a rogue's, a sabotage's): the throws, a re-roll taken by rule
    (``cards.rerolls_by_rule``), the result; True if the attack wins."""
    a_total, d_total, typing = _bout_throws(s)
    rest = [a_total, d_total, typing, 0]
    _ask_reroll(s, BOUT, rest, decided=False)
    return _settle(s, rest[0], rest[1])


# -- the option to re-roll (Tira Marvelous Myriad: "D6-D6 (Option to Re-roll)") --------------
BOUT, FINAL_BLOW = 0, 1
"""What a re-roll decision interrupts (``s.reroll[0]``)."""


def _chooses_reroll(s: S, piece: int) -> bool:
    """The soul's owner decides on a re-roll: its card gives the option and a seat holds it
    (a rogue's throw is settled by rule)."""
    return cards.may_reroll(s, piece) and 0 <= s.owner[piece] < s.num_players and not is_rogue(s, piece)


def _ask_reroll(s: S, kind: int, rest: list[int], *, decided: bool = True, first: int = 0) -> bool:
    """After a bout's or a Final Blow round's throws, each side from ``first`` (attacker, then
    defender) whose card gives the option to re-roll: its owner decides now (the ``REROLL``
    step) when a seat decides the fight (``decided``), else the option is taken by rule
    (``cards.rerolls_by_rule``). True if the fight waits for a seat's decision. ``rest``:
    [attack total, defence total, the attack's and the defence's additions to their throws, and
    the Final Blow's wins, losses, rounds needed], its totals updated by a re-roll by rule."""
    for side in range(first, 2):
        piece, other = ((s.attacker, s.defender), (s.defender, s.attacker))[side]
        if not cards.may_reroll(s, piece):
            continue
        if decided and _chooses_reroll(s, piece):
            s.reroll = [kind, side, *rest]
            s.active, s.phase = s.owner[piece], REROLL
            return True
        if cards.rerolls_by_rule(s, piece, losing=_loses(s, side, rest[:2])):
            rest[side] = _rethrow(s, piece, other, side, kind, rest[2 + side])
    return False


def _loses(s: S, side: int, totals: list[int]) -> bool:
    """The side's throw loses the bout as it stands (a tie: the brawl's loser)."""
    if totals[0] == totals[1]:
        first = s.card_of(s.attacker).brawl_sequence or ""
        second = s.card_of(s.defender).brawl_sequence or ""
        attack_wins = combat.brawl_winner(first, second) == 0  # (``_compare``)
        return attack_wins == (side == 1)
    return totals[side] < totals[1 - side]


def _rethrow(s: S, piece: int, other: int, side: int, kind: int, extra: int) -> int:
    """The soul's dice thrown again: the new total (the first throw is discarded)."""
    say(s, f"{s.piece_name(piece)} re-rolls")
    dice = cards.dice_of(s, piece, attacking=side == 0)
    means = s.card_of(piece).keal_means[s.means[side]].name if kind == BOUT else "Final Blow"
    return _total(s, piece, other, dice, means) + extra


def decide_reroll(s: S, *, again: bool) -> None:
    """The ``REROLL`` step's answer: re-roll the soul's throw once (the second one counts) or keep
    it; then the other side's option, then the bout or the Final Blow's round goes on."""
    kind, side = s.reroll[0], s.reroll[1]
    rest = s.reroll[2:]
    piece, other = ((s.attacker, s.defender), (s.defender, s.attacker))[side]
    if again:
        rest[side] = _rethrow(s, piece, other, side, kind, rest[2 + side])
    else:
        say(s, f"{s.seat_name(s.owner[piece])} keeps the throw of {s.piece_name(piece)}")
    s.reroll = []
    if side == 0 and _ask_reroll(s, kind, rest, first=1):
        return
    if kind == BOUT:
        _bout_result(s, rest[0], rest[1])
        return
    wins, losses, need = rest[4:7]
    if _compare(s, rest[0], rest[1]):
        wins += 1
    else:
        losses += 1
    _final_blow_rounds(s, wins, losses, need, rest[2], rest[3])


def auto_attack(s: S, attacker: int, target: int) -> bool:
    """A fight no seat decides (a rogue's, #rouge): the attacker presses with its first usable
    means until the target is wasted (the Final Blow once it is downed) or it loses once; the
    target defends with the means that gives the attack the least from the typing chart (its
    owner's choice, made for it). True if the target is wasted."""
    s.attacker, s.defender, s.fight_stand = attacker, target, s.stand[target]
    cycle.reveal(s, target)
    in_combat(s, attacker, target)  # settled within this action: the trace keeps it (#affinity)
    s.exchange = []
    say(s, f"{s.piece_name(attacker)} attacks {s.piece_name(target)}")
    while s.on_map[attacker] and s.on_map[target] and available_means(s, attacker):
        if (is_downed(s, target) and not cards.ability(s.card[target]).acts_downed) or not available_means(
            s, target
        ):
            won = final_blow(s)
            if won:
                say(s, f"the Final Blow wastes {s.piece_name(target)}")
                cards.waste(s, target)
            break
        s.means = _automatic_means(s, attacker, target)
        won = _bout_roll(s)
        if not won:
            cards.on_bout_lost(s, attacker, attacking=True)
            break
        s.injuries[target][s.means[1]] += 1
        say(s, f"{s.piece_name(target)}'s {s.card_of(target).keal_means[s.means[1]].name} is injured")
        cards.on_bout_lost(s, target, attacking=False)
    if s.on_map[attacker] and s.on_map[target]:
        s.spent_cycle[attacker] = s.cycle
    s.attacker = s.defender = -1
    return not s.on_map[target]


def single_bout(s: S, attacker: int, target: int) -> bool:
    """One KEAL means bout no seat decides (a sabotage's, Onironauta): the attacker's first
    usable means, the target's least-typed one; True if the attack wins."""
    s.attacker, s.defender, s.fight_stand = attacker, target, s.stand[target]
    s.means = _automatic_means(s, attacker, target)
    won = _bout_roll(s)
    s.attacker = s.defender = -1
    return won


def _automatic_means(s: S, attacker: int, target: int) -> list[int]:
    """The means of a bout no seat decides: the attacker's first usable one, and the target's
    that gives it the least from the typing chart."""
    first = available_means(s, attacker)[0]
    attacking = s.card_of(attacker).keal_means[first].archetypes
    means = s.card_of(target).keal_means
    chart = s.game.matchups
    typing = {
        i: combat.keal_modifier(chart, attacking, means[i].archetypes) for i in available_means(s, target)
    }
    defence = min(typing, key=typing.__getitem__)
    return [first, defence]


def _total(s: S, piece: int, other: int, dice: object, what: str) -> int:

    card = s.card_of(piece)
    if not isinstance(dice, Dice):
        dice = Dice((), 0)
    thrown = cards.throw(s, piece, dice)
    halved = cards.halved(s, piece, other, thrown)
    geography = s.board.geography[s.territory[piece] - 1]
    habitat = combat.habitat_modifier(geography, card.habitat or "", s.card_of(other).habitat or "")
    seat = s.owner[piece]
    affinity = 1 if seat < s.num_players and s.affinity[seat] == cards.gene(s, piece) else 0
    effects = cards.roll_bonus(s, piece, other)
    total = halved + habitat + affinity + effects
    parts = f"{thrown} thrown" + (f", halved to {halved}" if halved != thrown else "")
    parts += f", {habitat:+d} habitat" if habitat else ""
    parts += (", +1 affinity" if affinity else "") + (f", {effects:+d} effects" if effects else "")
    say(s, f"{card.name} ({what}): {parts}")
    return total


def _compare(s: S, attack: int, defence: int) -> bool:
    """Whether the attack wins; a tie goes to the brawl (#brawl)."""
    if attack != defence:
        side = "attack" if attack > defence else "defence"
        say(s, f"attack {attack} against defence {defence}: the {side} wins")
        return attack > defence
    first = s.card_of(s.attacker).brawl_sequence or ""
    second = s.card_of(s.defender).brawl_sequence or ""
    winner = combat.brawl_winner(first, second)
    say(s, f"attack and defence tie at {attack}: brawl, {first} against {second}")
    return winner == 0


def say(s: S, line: str) -> None:
    s.exchange.append(line)
    s.add_log(line)


def _injure(s: S) -> None:
    d = s.defender
    s.injuries[d][s.means[1]] += 1
    means = s.card_of(d).keal_means[s.means[1]]
    say(s, f"{s.piece_name(d)}'s {means.name} is injured")
    cards.on_bout_lost(s, d, attacking=False)
    if not s.on_map[d] or s.stand[d] != s.fight_stand:
        after_waste(s)  # wasted, or gone from the stand (Oshliath's forced retreat)
        return
    if not s.on_map[s.attacker]:  # it left the map in the bout (the Synapse Virus infects)
        end_fight(s)
        return
    if s.means[1] not in available_means(s, d):
        s.means[1] = -1
        s.keal_memory.pop(f"{d}>{s.attacker}", None)
    if is_downed(s, d):
        say(s, f"{s.piece_name(d)} is downed")
    s.active, s.phase = s.owner[s.attacker], PRESS


def final_blow(s: S) -> bool:
    """The Final Blow no seat decides (a rogue's fight): True if it wastes the defender."""
    plus_attack, plus_defence, need = _final_blow_setup(s)
    wins = losses = 0
    while wins < need and losses < need:
        rest = [*_final_blow_throws(s, plus_attack, plus_defence), plus_attack, plus_defence]
        _ask_reroll(s, FINAL_BLOW, rest, decided=False)
        if _compare(s, rest[0], rest[1]):
            wins += 1
        else:
            losses += 1
    return wins == need


def strike_final_blow(s: S) -> None:
    """The Final Blow a seat strikes (``FinalBlowRule``): its rounds, each waiting for a re-roll
    decision where a soul with the option is in it; then the defender is wasted or survives."""
    plus_attack, plus_defence, need = _final_blow_setup(s)
    _final_blow_rounds(s, 0, 0, need, plus_attack, plus_defence)


def _final_blow_setup(s: S) -> tuple[int, int, int]:
    """The Final Blow's additions (#final_blow: archetypal genes and motives) and the rounds to
    win (best 2 of 3 for Self): (attack's, defence's, rounds needed)."""
    a_card, d_card = s.card_of(s.attacker), s.card_of(s.defender)
    a_gene, d_gene = cards.gene(s, s.attacker), cards.gene(s, s.defender)
    a_motive, d_motive = a_card.motivation or "", d_card.motivation or ""
    chart = s.game.matchups
    plus_attack, plus_defence = combat.final_blow_modifiers(
        chart, a_gene, a_motive, d_gene, d_motive, s.game.rules["motive_bonus"]
    )
    rounds = 3 if combat.best_of_three(chart, a_motive, d_motive) else 1
    say(s, f"genes and motives: {plus_attack:+d} to the attack, {plus_defence:+d} to the defence")
    return plus_attack, plus_defence, rounds // 2 + 1


def _final_blow_throws(s: S, plus_attack: int, plus_defence: int) -> tuple[int, int]:
    """One round's throws of the Final Blow, with its additions: (attack, defence)."""
    a_dice = cards.dice_of(s, s.attacker, attacking=True)
    d_dice = cards.dice_of(s, s.defender, attacking=False)
    attack = _total(s, s.attacker, s.defender, a_dice, "Final Blow") + plus_attack
    defence = _total(s, s.defender, s.attacker, d_dice, "Final Blow") + plus_defence
    return attack, defence


def _final_blow_rounds(s: S, wins: int, losses: int, need: int, plus_attack: int, plus_defence: int) -> None:
    """The Final Blow's rounds from ``wins`` and ``losses``, until one side has ``need``; a round
    with a re-roll to decide waits for it (``decide_reroll`` comes back here)."""
    while wins < need and losses < need:
        attack, defence = _final_blow_throws(s, plus_attack, plus_defence)
        rest = [attack, defence, plus_attack, plus_defence, wins, losses, need]
        if _ask_reroll(s, FINAL_BLOW, rest):
            return
        if _compare(s, rest[0], rest[1]):
            wins += 1
        else:
            losses += 1
    if wins == need:
        say(s, f"the Final Blow wastes {s.piece_name(s.defender)}")
        cards.waste(s, s.defender)
        after_waste(s)
    else:
        say(s, f"{s.piece_name(s.defender)} survives the Final Blow")
        lose_attack(s)
