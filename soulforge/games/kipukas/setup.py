"""#game_setup of Kipukas: decks, the D6 roll-off, then the seats' setup decisions
(affinity, capital, base camps, the default personal effect) in ``rules/opening.py``."""

from __future__ import annotations

from typing import TYPE_CHECKING

import soulforge.core.draws as draws
from soulforge.games.kipukas.encoding import AFFINITY, PUBLIC

if TYPE_CHECKING:
    from soulforge.games.kipukas.state import KipukasState as S


def setup(s: S) -> None:
    """Shuffle each deck, roll the D6s: the higher places its capital first, the lower takes
    the first initiative (#game_setup 4); ties roll again."""
    n = s.num_players
    s.decklists = [s.tables.style.deck(s, list(deck.cards)) for deck in s.game.decks[:n]]
    s.personal = [deck.personal_effect or "" for deck in s.game.decks[:n]]
    s.personal_used, s.suspended = [-99] * n, 0
    s.rogues, s.tunnels, s.mutants = {}, [], []
    s.carried = {}
    s.snares, s.stuck, s.shooting, s.lights_out = [], [], False, 0
    s.bombs = []
    s.tamed, s.tamers = {}, []
    s.negotiated, s.offer = [-1] * n, []
    s.deck = [list(deck) for deck in s.decklists]
    for deck in s.deck:
        s.rng.shuffle(deck)
    s.hand, s.discard = [[] for _ in range(n)], [[] for _ in range(n)]
    s.aside, s.affinity = [""] * n, [""] * n
    s.capital, s.holder = [[] for _ in range(n)], [-1] * len(s.board.geography)
    s.breach, s.tunnel_diggers, s.portal, s.bs, s.bs_item, s.laying = [], [], [], [], "", []
    s.dealing = []
    s.boat_at = [boat.dock for boat in s.board.boats]
    s.boat_used = [-1] * len(s.board.boats)
    s.protected, s.wasteland = [0] * len(s.board.geography), [False] * len(s.board.geography)
    s.dropped = [[] for _ in s.board.geography]
    for name in (
        "card",
        "stand",
        "owner",
        "territory",
        "revealed",
        "known",
        "injuries",
        "played_cycle",
        "played_unrevealed",
        "steps_used",
        "spent_cycle",
        "swum_cycle",
        "on_map",
        "prisoner",
        "loiter_since",
        "items",
        "timers",
        "tired_cycle",
    ):
        setattr(s, name, [])
    s.cycle, s.diel, s.called, s.played = 0, "", -1, [0] * n
    s.done, s.night_used, s.due = [False] * n, [[] for _ in range(n)], [[] for _ in range(n)]
    s.attacker = s.defender = s.responder = s.retreat_piece = s.mover = s.claimant = -1
    s.fight_stand = s.retreat_to = s.retreat_from = ""
    s.retreat_group = []
    s.means, s.may_stop, s.exchange = [-1, -1], False, []
    s.secret, s.keal_memory = False, {}
    s.reroll, s.fought = [], [[] for _ in range(n)]
    s.turners, s.votes = [], []
    s.winner, s.finished_by = None, ""
    s.beaten_by, s.dual_defeat = [-1] * n, False
    s.lost, s.kills, s.out, s.mark = [0] * n, [0] * n, [False] * n, []
    order = _roll_off(s)
    s.setup_order = order
    s.initiative = s.starter = order[-1]
    s.active, s.phase = 0, AFFINITY
    s.tables.style.prepare(s)


def _roll_off(s: S) -> list[int]:
    """Seats by their D6, highest first (ties roll again)."""
    while True:
        rolls = [draws.randint(s.rng, 1, 6) for _ in range(s.num_players)]
        if len(set(rolls)) == len(rolls):
            break
    for seat, roll in enumerate(rolls):
        s.add_log(f"{s.seat_name(seat)} rolls a D6: {roll}")
    order = sorted(range(s.num_players), key=lambda seat: -rolls[seat])
    s.add_log(
        f"{s.seat_name(order[0])} places the first capital; {s.seat_name(order[-1])} "
        "takes the first initiative"
    )
    return order


def new_piece(s: S, seat: int, card_id: str, stand: str, *, revealed: bool) -> int:
    """A card enters the map as a new piece (known to its owner; to all if revealed)."""
    piece = len(s.card)
    s.card.append(card_id)
    s.owner.append(seat)
    s.stand.append(stand)
    s.territory.append(s.board.stands[stand].territory)
    s.revealed.append(revealed)
    s.known.append((1 << seat) | (PUBLIC if revealed else 0))
    s.injuries.append([0] * len(s.tables.cards[card_id].keal_means))
    s.played_cycle.append(s.cycle)
    s.played_unrevealed.append(not revealed)
    s.steps_used.append(0)
    s.timers.append({})
    for name in ("spent_cycle", "swum_cycle", "loiter_since", "tired_cycle"):
        getattr(s, name).append(-1)
    s.on_map.append(True)
    s.prisoner.append(False)
    s.items.append([])
    s.entered(piece)  # (the index patched, not dropped)
    if revealed:
        s.mark_revealed()
    return piece
