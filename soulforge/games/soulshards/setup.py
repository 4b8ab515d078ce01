"""Setup (rulebook, "To begin the game"): City, Reserves, shuffle, draw 6 with mulligans,
a random first player, and the second player's Attribute."""

from __future__ import annotations

from typing import TYPE_CHECKING

from soulforge.games.soulshards.frames import FirstPlayerDraw, SeatTask

if TYPE_CHECKING:
    from soulforge.games.soulshards.state import ShardsState


def setup(s: ShardsState) -> None:
    game = s.game
    s.cards = game.cards
    s.cities = (game.cities[game.decks[0].city], game.cities[game.decks[1].city])
    s.arsenal = [list(game.decks[p].cards) for p in range(2)]
    s.reserves = [list(game.decks[p].reserves) for p in range(2)]
    s.known_bottom = [0, 0]
    s.hand, s.home, s.stockpile = [[], []], [[], []], [[], []]
    s.zones = [[[], []], [[], []]]
    s.units, s.next_uid = {}, 0
    bonus = game.rules.numbers["long_game_bonus"] if game.long_game else 0
    s.resolve = [s.cities[p].resolve + bonus for p in range(2)]
    s.pool = [[0, 0, 0, 0], [0, 0, 0, 0]]
    s.edge = [0, 0]
    s.swaps = [0, 0]
    s.concealed = [None, None]
    s.casting = []
    s.triggers = []
    s.step, s.decider, s.active, s.turn, s.starter = "", 0, 0, 0, -1
    s.no_attack = s.to_battlefield = False
    s.attached_spell = -1
    s.marked = False
    s.winner, s.end_reason = None, ""
    s.fight = None
    s.last_text = ""
    for p in range(2):
        s.add_log(f"seat {p} places the City {s.cities[p].name} ({s.resolve[p]} Resolve)")
    # Each player performs the tasks in order: seat 0, then seat 1 (top of the stack last).
    s.stack = [
        FirstPlayerDraw(),
        SeatTask("mulligan", 1),
        SeatTask("deal", 1),
        SeatTask("reserves", 1),
        SeatTask("mulligan", 0),
        SeatTask("deal", 0),
        SeatTask("reserves", 0),
    ]


def deal(s: ShardsState, p: int) -> None:
    """Steps 3-4: shuffle the deck into the Arsenal and draw 6."""
    s.rng.shuffle(s.arsenal[p])
    s.draw(p, s.game.rules.numbers["opening_hand"])


def mulligan(s: ShardsState, p: int) -> None:
    """Step 4 again: pay ``mulligan_cost`` Resolve, shuffle the hand into the Arsenal, draw again."""
    cost = s.game.rules.numbers["mulligan_cost"]
    s.resolve[p] -= cost
    s.arsenal[p] += s.hand[p]
    s.hand[p] = []
    s.add_log(f"seat {p} pays {cost} Resolve to mulligan ({s.resolve[p]} left)")
    deal(s, p)


def choose_first(s: ShardsState) -> None:
    """Step 5: randomly decide who takes the first turn; step 6 for the other player."""
    s.starter = s.rng.randrange(2)
    s.add_log(f"seat {s.starter} is drawn to take the first turn")
    s.stack += [SeatTask("turn", s.starter), SeatTask("attribute", 1 - s.starter)]
