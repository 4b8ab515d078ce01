"""``view(player)``: what a seat (or a spectator, ``None``) knows, as JSON.

The keys are described in ``state.py``'s module docstring.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from soulforge.core import JsonDict, Seat
from soulforge.games.five_realms import square as sq
from soulforge.games.five_realms.actions import FRAME, spot_name
from soulforge.games.five_realms.encoding import FIGHT, PUBLIC

if TYPE_CHECKING:
    from soulforge.games.five_realms.state import FiveRealmsState as S

RING_LABELS = "ABCDEF"


def card(s: S, viewer: Seat | None, c: int) -> JsonDict:
    """One card as the viewer sees it: banner always, character only if known."""
    mask = s.known[c]
    seats = range(s.num_players)
    known_to = list(seats) if mask & PUBLIC else [p for p in seats if mask >> p & 1]
    return {
        "banner": s.banner_name(c),
        "character": s.card_name(c) if s.knows(viewer, c) else None,
        "known_to": known_to,
    }


def _player(s: S, viewer: Seat | None, seat: Seat) -> JsonDict:
    rules = s.rules
    columns = []
    for realm, column in enumerate(s.columns[seat]):
        columns.append({
            "realm": rules.realms[realm],
            "height": len(column),
            "imperial": sum(1 for c in column if rules.wild[s.banner(c)]),
            "cards": [card(s, viewer, c) for c in column],
        })
    return {
        "seat": seat,
        "castles": s.castles[seat],
        "throne_room": {
            "realm": rules.realms[s.throne[seat]],
            "used": s.throne_used[seat],
            "threshold": rules.throne_threshold,
            "castles": rules.throne_castles,
        },
        "council": [card(s, viewer, c) for c in s.council[seat]],
        "titans": [card(s, viewer, c) for c in s.titans[seat]],
        "columns": columns,
        "lines": min(len(column) for column in s.columns[seat]),
    }


def _pending(s: S, viewer: Seat | None) -> JsonDict:
    """Details of the decision in progress (what the viewer may see of it)."""
    pending: dict[str, Any] = {}
    if s.choices:
        pending["banners"] = [s.rules.banners[b] for b in s.choices]
    if s.collected:
        pending["collected"] = [card(s, viewer, c) for c in s.collected]
    if s.imperial:
        pending["imperial_left"] = len(s.imperial)
        pending["columns"] = [s.rules.realms[r] for r, col in enumerate(s.columns[s.active]) if col]
    if s.newcomer >= 0:
        pending["newcomer"] = card(s, viewer, s.newcomer)
    if s.source >= 0:
        pending["source"] = s.rules.types[s.source].name
        if s.phase == FIGHT:
            pending["steal"] = s.amount
    return pending


def build(s: S, viewer: Seat | None) -> JsonDict:
    cells = []
    for c in sq.occupied(s.square):
        row, col = sq.row_col(c)
        cells.append({"row": row, "col": col, "spot": spot_name(row, col), **card(s, viewer, s.square[c])})
    return {
        "frame": FRAME,
        "square": cells,
        "ring": [
            {"label": label, "row": r + 1, "col": c + 1}
            for label, (r, c) in zip(RING_LABELS, s.rules.ring, strict=True)
        ],
        "deck": {"size": len(s.deck), "top_banner": s.banner_name(s.deck[-1]) if s.deck else None},
        "discard": [card(s, viewer, c) for c in s.discard],
        "players": [_player(s, viewer, seat) for seat in range(s.num_players)],
        "active_player": s.active,
        "phase": s.phase,
        "pending": _pending(s, viewer),
        "extra_turns": s.extra_turns,
        "winner": s.winner,
        "last_move": {
            "player": s.last_player,
            "placed": None if s.last_spot is None else {"row": s.last_spot[0], "col": s.last_spot[1]},
            "collected": [{"row": r, "col": c} for r, c in s.last_cells],
        },
    }
