"""Setup (rulebook, "Setup"): decks, opening hands, Emanations, Leaders, first player."""

from __future__ import annotations

from typing import TYPE_CHECKING

from soulforge.games.soul_of_ankiril import consequences
from soulforge.games.soul_of_ankiril.actions import PlaceLeader
from soulforge.games.soul_of_ankiril.model import EMPTY, PLAY, SETUP, leader_of, replaced

if TYPE_CHECKING:
    from soulforge.games.soul_of_ankiril.state import AnkirilState

OPENING = {"ally": 3, "spell": 2}
"""Setup step 6: keep the first three Creature cards and the first two Spell cards drawn."""


def setup(st: AnkirilState) -> None:
    game = st.game
    st.board, st.cards, st.decklists = game.board, game.cards, game.decks
    st.hands, st.decks, st.discard, st.known_top = ((), ()), ((), ()), ((), ()), (0, 0)
    for p in range(2):
        _opening_hand(st, p)
    st.energy, st.bonus, st.offspring = (0, 0), (0, 0), (3, 3)
    st.units, st.occ = {}, [EMPTY] * st.board.size
    ema_hp = []
    for p in range(2):
        card = next(st.cards[n] for n in st.decklists[p] if st.cards[n].type == "emanation")
        health = game.emanation_health or card.health
        for k, cell in enumerate(st.board.emanation_cells[p]):
            st.occ[cell] = -2 - (p * 3 + k)
            ema_hp.append(health)
    st.ema_hp = tuple(ema_hp)
    st.leader_uid, st.arrow, st.next_uid = (-1, -1), (-1, -1), 0
    st.turn, st.player, st.stage, st.winner, st.end_reason = 0, 0, SETUP, None, ""
    st.starter = -1
    st.last, st.last_seat, st.last_line = None, -1, ()


def _opening_hand(st: AnkirilState, p: int) -> None:
    pile = [n for n in st.decklists[p] if st.cards[n].type in ("ally", "spell")]
    st.rng.shuffle(pile)
    wanted, aside, hand = dict(OPENING), [], []
    while pile and any(wanted.values()):
        name = pile.pop()
        kind = st.cards[name].type
        if wanted[kind]:
            wanted[kind] -= 1
            hand.append(name)
        else:
            aside.append(name)
    pile += aside
    st.rng.shuffle(pile)
    st.hands, st.decks = replaced(st.hands, p, tuple(hand)), replaced(st.decks, p, tuple(pile))
    st.add_log(f"seat {p} keeps {', '.join(hand)}", p)


def place_leader(st: AnkirilState, action: PlaceLeader) -> None:
    p = st.player
    leader = leader_of(st.decklists[p], st.cards)
    placed = consequences.place(st, leader, p, action.cell, active=True)
    st.leader_uid = replaced(st.leader_uid, p, placed.uid)
    if p == 0:
        st.player = 1
        return
    st.player = st.starter = st.rng.randrange(2)
    st.stage, st.turn = PLAY, 1
    st.add_log(f"seat {st.player} is drawn to start")
