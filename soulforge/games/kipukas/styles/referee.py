"""The competition styles (#playstyleoptions), the engine as the referee who secretly marks a
territory: Find the treasure, Off to the rescue, Trap springer, Explorer, Cradle robber."""

from __future__ import annotations

import random
from typing import TYPE_CHECKING, ClassVar

from soulforge.core import JsonDict, Seat
from soulforge.games.kipukas import cycle
from soulforge.games.kipukas.cards import ability
from soulforge.games.kipukas.cards import waste as cards_waste
from soulforge.games.kipukas.data import CARDS
from soulforge.games.kipukas.encoding import OVER
from soulforge.games.kipukas.styles.base import Style
from soulforge.games.kipukas.styles.hill import hill_neighbours

if TYPE_CHECKING:
    from soulforge.games.kipukas.game import Kipukas
    from soulforge.games.kipukas.state import KipukasState as S


def capitals_adjacent(s: S, territory: int) -> bool:
    """'Players start with only a capital in adjacent territories' (the referee's styles: no
    hill): the first capital where every other seat can be adjacent to it, the others on a
    territory adjacent to a capital placed."""
    placed = [t for seat in range(s.num_players) for t in s.capital[seat]]
    near = hill_neighbours(s.board, territory)
    if not placed:
        return len(near) >= s.num_players - 1
    return any(t in near for t in placed)


SPACE, PRIZE, SURVIVOR, SEARCHED = 0, 1, 2, 3
"""Indices of a referee style's ``s.mark``: the secret territory (0 until drawn), the prize
card's number in the style's pool, the survivor's piece (Off to the rescue) or the seat that
found the space (Cradle robber; -1: none yet), then per territory 1 once it is publicly known
not to hold the secret."""
FOUND = SURVIVOR


class Referee(Style):
    """The competition styles: the engine, as the referee, secretly marks a territory with a
    card as the setup ends; capitals only, in adjacent territories. No view or log shows the
    space until the game is over; determinization draws it again among the unsearched."""

    prize: ClassVar[str] = "item"
    """The card type the referee marks the space with."""

    def said(self, shown: JsonDict) -> str:
        if shown["secret"] is not None:
            return f"{self.title}: the referee's space is territory {shown['secret']}"
        searched = ", ".join(str(n) for n in shown["searched"]) or "none"
        return f"{self.title}: the referee's space is secret; searched: {searched}"

    def starting_territories(self, s: S) -> int:
        return 1

    def capital_allowed(self, s: S, territory: int) -> bool:
        return capitals_adjacent(s, territory)

    def prepare(self, s: S) -> None:
        s.mark = [0, 0, -1] + [0] * len(s.board.geography)

    def pool(self, s: S) -> list[str]:
        """The cards the prize is drawn from."""
        return sorted(c for c, card in s.tables.cards.items() if card.card_type == self.prize)

    def prize_card(self, s: S) -> str:
        return self.pool(s)[s.mark[PRIZE]]

    def cycle_ended(self, s: S) -> None:
        """The referee marks the space as the setup ends (read: among the territories no one
        holds, so no capital sits on it), secretly: the log says only that it is marked."""
        if s.cycle == 0 and not s.mark[SPACE]:
            free = [t for t in s.board.holdable if s.holder[t - 1] < 0]
            s.mark[SPACE] = free[s.rng.randrange(len(free))]
            s.mark[PRIZE] = s.rng.randrange(len(self.pool(s)))
            self.search(s)
            s.add_log(f"the referee secretly marks a territory with a {self.prize.replace('_', ' ')} card")
        else:
            self.after_action(s)

    def search(self, s: S) -> None:
        """Every territory a seat holds is publicly known not to be the secret one (the game
        would have ended or shown it)."""
        for t in s.board.holdable:
            if s.holder[t - 1] >= 0:
                s.mark[SEARCHED + t - 1] = 1

    def unsearched(self, s: S) -> list[int]:
        """The territories that may still be the secret one (public knowledge)."""
        return [t for t in s.board.holdable if not s.mark[SEARCHED + t - 1]]

    def found(self, s: S, seat: int) -> bool:
        """The seat holds the secret territory now."""
        space = s.mark[SPACE]
        return bool(space) and s.holder[space - 1] == seat

    def claimed(self, s: S, seat: int) -> None:
        self.search(s)

    def judge(self, s: S, why: str) -> None:
        """No one met the goal: a tie (read: only the referee's goal wins)."""
        where = f"territory {s.mark[SPACE]}"
        cycle.finish(s, None, f"A tie ({why}): no one met the referee's goal; the secret space was {where}.")

    def view(self, s: S, viewer: Seat | None) -> JsonDict:
        """The territories searched; the secret space only once the game is over."""
        over = s.phase == OVER
        searched = [t for t in s.board.holdable if s.mark[SEARCHED + t - 1]]
        return {"style": {"name": self.name, "searched": searched,
                          "secret": s.mark[SPACE] if over else None,
                          "prize": self.prize_card(s) if over and s.mark[SPACE] else None}}

    def goal(self, s: S, seat: int, viewer: int) -> float:
        """The seat's souls near the territories not searched yet (never the secret itself)."""
        camps = [s.board.camp_of(t) for t in self.unsearched(s)]
        value = 0.0
        if camps:
            for p in s.live():
                if s.owner[p] == seat and s.on_map[p] and s.card_of(p).soul and not s.prisoner[p]:
                    value += 1.0 / (1 + min(s.board.spans[s.stand[p]][camp] for camp in camps))
        return value

    def resample(self, s: S, player: int, rng: random.Random) -> None:
        """The referee's space (and its card) drawn again among what the seat cannot rule out."""
        if s.mark[SPACE] and s.phase != OVER:
            left = self.unsearched(s)
            s.mark[SPACE] = left[rng.randrange(len(left))]
            s.mark[PRIZE] = rng.randrange(len(self.pool(s)))


class FindTheTreasure(Referee):
    """Find the treasure: the first seat to claim the referee's space wins (and its item card)."""

    name = "find_the_treasure"
    title = "Find the treasure"
    words = (
        "A ref secretly marks a space on the board with an item card, the first player to claim "
        "that space wins the match and receives the item card. Players start with only a capital "
        "in adjacent territories."
    )

    def claimed(self, s: S, seat: int) -> None:
        if self.found(s, seat):
            item = CARDS[self.prize_card(s)].name
            cycle.finish(s, seat, f"Seat {seat} wins: it claims territory {s.mark[SPACE]}, the referee's "
                                  f"secret space, and receives the item card {item}.")
        self.search(s)


class OffToTheRescue(Referee):
    """Off to the rescue: the referee's space holds a soul; the first seat to claim it gets the
    survivor (a soul of its own, revealed, on the space's camp) and wins by ushering it back to
    its capital."""

    name = "off_to_the_rescue"
    title = "Off to the rescue"
    words = (
        "A ref secretly marks a space on the board with a soul card, the first player to claim that "
        "space and usher the survivor back to their capital wins the match and receives the soul's card."
    )

    def pool(self, s: S) -> list[str]:
        return sorted(c for c, card in s.tables.cards.items() if card.soul)

    def claimed(self, s: S, seat: int) -> None:
        """The first claim of the space frees the survivor: it follows the claimant."""
        if s.mark[SURVIVOR] < 0 and self.found(s, seat):
            from soulforge.games.kipukas.setup import new_piece

            space = s.mark[SPACE]
            piece = new_piece(s, seat, self.prize_card(s), s.board.camp_of(space), revealed=True)
            s.played_cycle[piece] = s.cycle - 1  # it may move at once (no summoning sickness)
            s.mark[SURVIVOR] = piece
            s.add_log(f"{s.seat_name(seat)} claims the referee's secret space, territory {space}: "
                      f"the survivor {CARDS[self.prize_card(s)].name} follows it")
        self.search(s)

    def after_action(self, s: S) -> None:
        piece = s.mark[SURVIVOR]
        if piece >= 0 and s.on_map[piece] and s.phase != OVER:
            seat = s.owner[piece]
            if 0 <= seat < s.num_players and s.stand[piece] in {s.board.camp_of(t) for t in s.capital[seat]}:
                cycle.finish(s, seat, f"Seat {seat} wins: it ushered the survivor {s.card_of(piece).name} "
                                      "back to its capital.")

    def view(self, s: S, viewer: Seat | None) -> JsonDict:
        shown = super().view(s, viewer)
        shown["style"]["survivor"] = s.mark[SURVIVOR] if s.mark[SURVIVOR] >= 0 else None
        return shown

    def goal(self, s: S, seat: int, viewer: int) -> float:
        piece = s.mark[SURVIVOR]
        if piece >= 0 and s.on_map[piece] and s.owner[piece] == seat and s.capital[seat]:
            home = s.board.camp_of(s.capital[seat][0])
            return 6.0 + 6.0 / (1 + s.board.spans[s.stand[piece]][home])
        return super().goal(s, seat, viewer)

    def resample(self, s: S, player: int, rng: random.Random) -> None:
        if s.mark[SURVIVOR] < 0:
            super().resample(s, player, rng)


class TrapSpringer(Referee):
    """Trap springer: the referee's space holds a trap card; a seat's soul entering it rolls the
    referee's D20 against the trap's numbers, in secret; the first to set it off wins."""

    name = "trap_springer"
    title = "Trap springer"
    words = (
        "A ref secretly marks a space on the board with a trap card, the first player to set off the "
        "trap in that space wins the match and receives the trap card. Players start with only a "
        "capital in adjacent territories."
    )
    prize = "trap"

    def pool(self, s: S) -> list[str]:
        """The trap cards with numbers to spring on (#traps)."""
        traps = [c for c, card in s.tables.cards.items() if card.card_type == "trap"]
        return sorted(c for c in traps if ability(c).trap_on)

    def claimed(self, s: S, seat: int) -> None:
        """A claim proves nothing here (a trap may lie quiet): no territory is searched."""

    def search(self, s: S) -> None:
        """Nothing rules a territory out: the referee's rolls are secret."""

    def entered(self, s: S, piece: int, territory: int) -> None:
        """A seat's soul enters the secret space: the referee rolls the D20 in secret; on the
        trap's numbers it springs and the soul's seat wins (no log before: nothing leaks)."""
        seat = s.owner[piece]
        if territory != s.mark[SPACE] or not 0 <= seat < s.num_players or s.phase == OVER:
            return
        roll = s.rng.randint(1, 20)
        if roll in ability(self.prize_card(s)).trap_on:
            name = CARDS[self.prize_card(s)].name
            cycle.finish(s, seat, f"Seat {seat} wins: {s.piece_name(piece)} sets off the referee's trap "
                                  f"{name} in territory {territory} (a D20 of {roll}) and receives it.")


class Explorer(Referee):
    """Explorer: the referee's space holds a terrain feature; the first claim of the space puts
    the feature in play for the claimant, who wins by defeating an opponent's soul there while
    it holds the space and the feature stands."""

    name = "explorer"
    title = "Explorer"
    words = (
        "A ref secretly marks a space on the board with a terrain feature, the first player to claim "
        "that space and successfully use the card against their opponent wins the match and receives "
        "the terrain feature card. Players start with only a capital in adjacent territories."
    )
    prize = "terrain_feature"

    def pool(self, s: S) -> list[str]:
        """The terrain features that act while in play (read: the Meteor Shower, whose effect is
        its play, 'Play this terrain feature immediately revealed', is left out of the bag)."""
        features = [c for c, card in s.tables.cards.items() if card.card_type == "terrain_feature"]
        return sorted(c for c in features if not ability(c).must_reveal)

    def claimed(self, s: S, seat: int) -> None:
        """The first claim of the space uncovers the feature: it is the claimant's, revealed, on
        the space (replacing a feature there)."""
        if s.mark[FOUND] < 0 and self.found(s, seat):
            from soulforge.games.kipukas.setup import new_piece

            space = s.mark[SPACE]
            for p in s.pieces_in(space):
                if s.card_of(p).card_type == "terrain_feature":
                    cycle.reveal(s, p)
                    cards_waste(s, p)
            piece = new_piece(s, seat, self.prize_card(s), s.board.camp_of(space), revealed=True)
            s.mark[FOUND] = piece
            s.add_log(f"{s.seat_name(seat)} claims the referee's secret space, territory {space}: "
                      f"the terrain feature {CARDS[self.prize_card(s)].name} is its")
        self.search(s)

    def defeated(self, s: S, piece: int, killer: int) -> None:
        """'Successfully use the card against their opponent' (read): the feature's holder defeats
        an opponent's soul in the feature's territory while it holds the territory and the
        feature is in play."""
        feature = s.mark[FOUND]
        if feature < 0 or not s.on_map[feature] or s.phase == OVER:
            return
        seat, space = s.owner[feature], s.mark[SPACE]
        if killer == seat and s.territory[piece] == space and s.holder[space - 1] == seat:
            cycle.finish(s, seat, f"Seat {seat} wins: it defeats {s.card_of(piece).name} on its terrain "
                                  f"feature {s.card_of(feature).name}, territory {space}, and receives it.")

    def view(self, s: S, viewer: Seat | None) -> JsonDict:
        shown = super().view(s, viewer)
        feature = s.mark[FOUND]
        if feature >= 0:
            shown["style"]["secret"], shown["style"]["feature"] = s.mark[SPACE], feature
        return shown

    def goal(self, s: S, seat: int, viewer: int) -> float:
        feature = s.mark[FOUND]
        if feature >= 0 and s.on_map[feature]:
            space = s.mark[SPACE]
            value = 4.0 if s.holder[space - 1] == seat else 0.0
            camp = s.board.camp_of(space)
            for p in s.live():
                if s.owner[p] == seat and s.on_map[p] and s.card_of(p).soul and not s.prisoner[p]:
                    value += 1.0 / (1 + s.board.spans[s.stand[p]][camp])
            return value
        return super().goal(s, seat, viewer)

    def resample(self, s: S, player: int, rng: random.Random) -> None:
        if s.mark[FOUND] < 0:
            super().resample(s, player, rng)


class CradleRobber(Referee):
    """Cradle robber: the referee's space holds an incubation card; once a seat claims the space
    it is found (public), and the first seat holding every territory around it wins."""

    name = "cradle_robber"
    title = "Cradle robber"
    words = (
        "A ref secretly marks a space on the board with an incubation card drawn from a bag, with "
        "scarcity proportional to the incubation cards in circulation. The first person to find and "
        "take the surrounding sections (thereby protecting the card) wins the match and receives the "
        "incubation card. Players start with only a capital in adjacent territories."
    )
    prize = "non_playable"

    def pool(self, s: S) -> list[str]:
        """The incubation cards of the card data (#incubation_cards): the binder's Incubation
        Egg, which no Founder's Deck holds; one of each in the bag (read: equal scarcity)."""
        return sorted(c for c, card in s.tables.cards.items()
                      if card.card_type == "non_playable" and "incubation" in c)

    def refusal(self, game: Kipukas, players: int) -> str | None:
        if not any(card.card_type == "non_playable" and "incubation" in c for c, card in game.cards.items()):
            return "style: the card data holds no incubation card"
        return super().refusal(game, players)

    def surrounding(self, s: S) -> list[int]:
        """The territories around the space ('adjacent' as King of the hill's)."""
        return hill_neighbours(s.board, s.mark[SPACE])

    def claimed(self, s: S, seat: int) -> None:
        """The first claim of the space finds it (the referee shows it to all); then the first
        seat holding every territory around it wins."""
        if s.mark[FOUND] < 0 and self.found(s, seat):
            s.mark[FOUND] = seat
            s.add_log(f"{s.seat_name(seat)} finds the referee's space, territory {s.mark[SPACE]}: "
                      f"an incubation card ({CARDS[self.prize_card(s)].name}) lies there")
        self.search(s)
        self.after_action(s)

    def after_action(self, s: S) -> None:
        if s.mark[FOUND] < 0 or s.phase == OVER:
            return
        around = self.surrounding(s)
        for seat in range(s.num_players):
            if around and all(s.holder[t - 1] == seat for t in around):
                cycle.finish(s, seat, f"Seat {seat} wins: it holds every territory around the referee's "
                                      f"space, territory {s.mark[SPACE]}, and receives "
                                      f"{CARDS[self.prize_card(s)].name}.")
                return

    def view(self, s: S, viewer: Seat | None) -> JsonDict:
        shown = super().view(s, viewer)
        if s.mark[FOUND] >= 0:
            shown["style"]["secret"], shown["style"]["prize"] = s.mark[SPACE], self.prize_card(s)
            shown["style"]["surrounding"] = self.surrounding(s)
        return shown

    def goal(self, s: S, seat: int, viewer: int) -> float:
        if s.mark[FOUND] >= 0:
            return 3.0 * sum(1 for t in self.surrounding(s) if s.holder[t - 1] == seat)
        return super().goal(s, seat, viewer)

    def resample(self, s: S, player: int, rng: random.Random) -> None:
        if s.mark[FOUND] < 0:
            super().resample(s, player, rng)

