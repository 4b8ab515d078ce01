"""GAME SETUP of Five Realms: the deck, throne rooms, castles, first player, the square."""

from __future__ import annotations

from typing import TYPE_CHECKING

from soulforge.games.five_realms import square as sq
from soulforge.games.five_realms.resolution import begin_turn

if TYPE_CHECKING:
    from soulforge.games.five_realms.state import FiveRealmsState as S


def setup(s: S) -> None:
    """GAME SETUP: shuffle the deck, deal throne rooms, castles, first player, the square."""
    rules, n = s.rules, s.num_players
    kinds = len(rules.types)
    s.card_type = [card % kinds for card in range(rules.deck_size)]
    s.known = [0] * rules.deck_size
    s.deck = list(range(rules.deck_size))
    s.rng.shuffle(s.deck)
    s.throne = s.rng.sample(range(len(rules.realms)), n)
    s.throne_used = [False] * n
    s.castles = [rules.starting_castles] * n
    s.active = s.starter = s.rng.randrange(n)
    s.square, s.discard = sq.empty_square(), []
    s.council, s.titans = [[] for _ in range(n)], [[] for _ in range(n)]
    s.columns = [[[] for _ in rules.realms] for _ in range(n)]
    s.choices, s.collected, s.imperial, s.heights_before = [], [], [], []
    s.newcomer, s.source, s.amount, s.extra_turns, s.winner = -1, -1, 0, 0, None
    s.last_player, s.last_spot, s.last_cells = s.active, None, []
    sq.refill(s.square, s.deck, rules.ring)
    for seat in range(n):
        s.add_log(f"{s.seat_name(seat)} has the {rules.realms[s.throne[seat]]} throne room")
    s.add_log(f"{s.seat_name(s.active)} plays first")
    begin_turn(s)
