"""Mass conflict (#playstyleoptions): 3-4 players, the rulebook's territory counts per player
count."""

from __future__ import annotations

from typing import TYPE_CHECKING

from soulforge.core import JsonDict, Seat
from soulforge.games.kipukas.styles.base import Style

if TYPE_CHECKING:
    from soulforge.games.kipukas.game import Kipukas
    from soulforge.games.kipukas.state import KipukasState as S


def most_players(territories: int) -> int:
    """Mass conflict: '8 territories = 2 player max, 9-11 territories = 3 player max, 12
    territories = 4 players max'."""
    return 2 if territories <= 8 else 3 if territories <= 11 else 4


class MassConflict(Style):
    """Mass conflict: Domination with 3 or 4 players; on a map too small for them (by the
    rulebook's territory counts) each starts with 1 capital and 1 base camp."""

    name = "mass_conflict"
    title = "Mass conflict"
    words = (
        "Domination with up to 4 players on a standard kipuka. (8 territories = 2 player max, 9-11 "
        "territories = 3 player max, 12 territories = 4 players max or starting territories are "
        "limited to 1 capital and 1 base camp)"
    )

    def refusal(self, game: Kipukas, players: int) -> str | None:
        if players < 3:
            return f"players: Mass conflict is for 3 or 4 players, got {players}"
        if 2 * players > len(game.board.holdable):
            return (f"players: the {game.board.name} map's {len(game.board.holdable)} territories "
                    f"cannot start {players} players with a capital and a base camp each")
        return None

    def starting_territories(self, s: S) -> int:
        """The standard 3 where the map is big enough for the players, else 1 capital and 1
        base camp (read: the rulebook's 'or' is the way to seat more players than the count; a
        map is also too small when its holdable territories do not give everyone the standard
        start: the grand map's 12 count 2 transit ones)."""
        standard = s.tables.play.starting_territories
        if (s.num_players <= most_players(len(s.board.geography))
                and standard * s.num_players <= len(s.board.holdable)):
            return standard
        return 2

    def view(self, s: S, viewer: Seat | None) -> JsonDict:
        return {"style": {"name": self.name, "starting_territories": self.starting_territories(s)}}

