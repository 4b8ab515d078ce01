"""Request and response models of the JSON API (they document it in the OpenAPI schema)."""

from __future__ import annotations

from typing import Annotated, Any, Literal

from pydantic import AfterValidator, BaseModel, ConfigDict, Field

MAX_SEATS = 16
"""More seats than any game has: a bigger number is refused before anything is built."""
MAX_SEED = 2**63 - 1
MAX_MOVE = 10**9
MAX_TURN_HOURS = 14 * 24
"""The longest turn of a turn-based table: 14 days."""
MAX_JSON_DEPTH = 3
"""The deepest nesting of lists and objects in one value of a request's free-form JSON (a game
option, a field of an action): every real one is at most 1 deep (an action's tuple); a
deeper one is refused (422) before a game or a message ever walks it."""


def json_depth(value: object, limit: int) -> int:
    """How many levels of lists and objects ``value`` nests, counted up to ``limit + 1`` only:
    bounded work whatever was sent, and no recursion.

    >>> json_depth(5, 8), json_depth({"a": [1, {"b": 2}]}, 8), json_depth([[[[[[]]]]]], 3)
    (0, 3, 4)
    """
    depth, level = 0, [value]
    while depth <= limit:
        containers = [node for node in level if isinstance(node, (list, dict))]
        if not containers:
            break
        depth += 1
        level = [child for node in containers
                 for child in (node.values() if isinstance(node, dict) else node)]
    return depth


def shallow(value: dict[str, Any]) -> dict[str, Any]:
    """``value`` if none of its entries nests deeper than :data:`MAX_JSON_DEPTH`."""
    for name, entry in value.items():
        if json_depth(entry, MAX_JSON_DEPTH) > MAX_JSON_DEPTH:
            raise ValueError(f"{name!r} is nested too deep: at most {MAX_JSON_DEPTH} levels of "
                             "lists and objects")
    return value


Shallow = Annotated[dict[str, Any], AfterValidator(shallow)]


class Request(BaseModel):
    """A request body: a field it does not know is refused (422 naming it), never ignored (a
    misspelled ``"seeds"`` must not create a table with a random seed)."""

    model_config = ConfigDict(extra="forbid")


class SeatSpec(Request):
    kind: Literal["human", "ai"] = "human"
    level: Literal["easy", "normal", "hard", "random"] | None = Field(
        None, description="AI level (random is the fastest, for tests)")


class CreateTable(Request):
    game: str = Field(max_length=64, description="a registered game id, e.g. five_realms")
    options: Shallow = Field(default_factory=dict, max_length=32, description="the game's options")
    players: int | None = Field(None, ge=1, le=MAX_SEATS,
                                description="player count (the game's minimum by default)")
    seats: list[SeatSpec] | None = Field(None, max_length=MAX_SEATS,
                                         description="one per player; default: a human, then AIs")
    seed: int | None = Field(None, ge=0, le=MAX_SEED, description="only with one human seat or hot-seat "
                             "(it would tell the hidden cards); otherwise the server draws a secret one")
    hot_seat: bool = Field(False, description="one browser plays every human seat")
    name: str | None = Field(None, max_length=200, description="the creator's display name")
    turn_hours: int | None = Field(None, ge=1, le=MAX_TURN_HOURS, description="a turn-based table: each "
                                   "turn may last this many hours (up to 14 days); nobody needs to stay "
                                   "connected between moves")
    clock_minutes: int | None = Field(None, ge=1, le=600, description="a turn clock: each human seat's "
                                      "time bank in minutes (none by default)")
    listed: bool = Field(False, description="offer the other human seats in the lobby, to whoever joins "
                                            "first, instead of making an invite link for each")
    rated: bool = Field(False, description="a rated table: signed-in people only (two seats or more, no "
                                           "AI, no chosen seed); its end updates each seat's rating")
    use_records: bool = Field(False, description="Kipukas: the creator's affinity record (#affinity) "
                                                 "fills its seat's place in the 'progress' option: the "
                                                 "account's when signed in, else my_record")
    my_record: dict[str, Any] | None = Field(None, max_length=8, description="with use_records and no "
                                             "account: the browser's own record (its localStorage)")


class SeatInvite(BaseModel):
    seat: int
    kind: str
    level: str | None = None
    token: str | None = Field(None, description="the creator's secret seat token; shown once")
    invite: str | None = Field(None, description="a one-time invite link for another player: the first "
                                                 "browser to open it gets the seat's token")


class CreatedTable(BaseModel):
    table: str
    url: str
    seats: list[SeatInvite]


class Joined(BaseModel):
    table: str
    seat: int
    token: str = Field(description="the seat's secret token, for this browser only")


class RematchOffer(BaseModel):
    table: str
    seat: int = Field(description="the proposer's seat at the new table")
    tokens: dict[int, str] = Field(description="the secret tokens of the new seats the proposer holds")


class JoinRequest(Request):
    name: str | None = Field(None, max_length=200, description="the player's display name")
    my_record: dict[str, Any] | None = Field(
        None, max_length=8, description="a Kipukas table played with the records, before its first move, "
                                        "and no account: the browser's own record for this seat")


class ClaimRequest(JoinRequest):
    seat: int = Field(ge=0, le=MAX_SEATS)
    invite: str = Field(min_length=1, max_length=64, description="the code of the invite link")


class NameRequest(Request):
    seat: int = Field(ge=0, le=MAX_SEATS)
    name: str | None = Field(None, max_length=200, description="the display name (empty: none)")


class ChatRequest(Request):
    text: str = Field(min_length=1, max_length=2000, description="the message (300 characters once cleaned)")


class MuteRequest(Request):
    muted: bool = Field(description="true: spectators may not chat")


class ChatMessage(BaseModel):
    number: int
    seat: int | None = Field(description="the sender's seat; None: a spectator")
    name: str
    text: str
    at: float


class NewInvite(BaseModel):
    table: str
    seat: int
    invite: str = Field(description="a one-time invite link for the seat")


class ActionRequest(Request):
    move: int = Field(ge=0, le=MAX_MOVE, description="the move number the action was chosen at (stale: 409)")
    action: Shallow = Field(max_length=16, description="the action's JSON, as listed in `legal`")
    seat: int | None = Field(None, ge=0, le=MAX_SEATS,
                             description="the acting seat (default: the token's deciding seat)")


class UndoRequest(Request):
    move: int = Field(ge=0, le=MAX_MOVE)


class LegalAction(BaseModel):
    action: dict[str, Any]
    label: str


class SeatInfo(BaseModel):
    seat: int
    kind: str
    level: str | None
    claimed: bool
    name: str | None = None
    account: str | None = Field(None, description="the account holding the seat, if one does")
    rating: float | None = Field(None, description="that account's rating for this game (rated games)")


class TablePayload(BaseModel):
    """One viewer's table: built only from view(seat) and log(seat)."""

    type: Literal["state"] = "state"
    table: str
    game: str
    title: str
    status: str
    seat: int | None
    seats_held: list[int]
    seats: list[SeatInfo]
    move: int
    version: int = Field(description="grows with every change: a client keeps the highest it saw")
    current_player: int | None
    prompt: str
    is_over: bool
    returns: list[float] | None
    outcome: str = Field(description="how the game ended, in words ('' while it goes on)")
    verdict: str = Field(description="the result in the viewer's words: 'You won.', 'You lost.' or "
                                     "'Draw.' to a seated player, who won to anyone else ('' while playing)")
    thinking: bool
    can_undo: bool
    spectators_muted: bool
    rated: bool = Field(False, description="a rated table (its end updates the seats' ratings)")
    clock: dict[str, Any] | None = Field(description="the turn clock: each seat's bank in seconds as of "
                                                     "`since` (epoch s), the seat whose time runs")
    rematch: dict[str, Any] | None = Field(description="the rematch offered at the end: its table, and "
                                                       "the viewer's seat and one-time invite there")
    view: dict[str, Any]
    log: list[str]
    legal: list[LegalAction]
    svg: str


class TableSummary(BaseModel):
    table: str
    game: str
    title: str
    status: str
    open: bool = Field(description="a human seat is free to join from the lobby")
    seed_chosen: bool = Field(description="the creator chose the seed (practice or hot-seat)")
    rated: bool = Field(False, description="a rated table between signed-in people")
    players: int
    seats: list[SeatInfo]
    returns: list[float] | None
    created: float


class GameInfo(BaseModel):
    id: str
    title: str
    summary: str
    min_players: int
    max_players: int
    options: list[dict[str, Any]]
    rules_url: str


class ReplayStep(BaseModel):
    step: int
    total: int
    label: str | None = Field(description="the action that led to this step")
    spectator: dict[str, Any]
    views: list[dict[str, Any]]
    svg: str
    seat_svgs: list[str]
    log: list[str]
    seat_logs: list[list[str]]


class ErrorBody(BaseModel):
    detail: str


class Hello(Request):
    """The first message of a websocket: the seat tokens it holds (none: a spectator)."""

    tokens: list[Annotated[str, Field(max_length=100)]] = Field(default_factory=list, max_length=MAX_SEATS)
    svg: bool = Field(True, description="false: leave the board's SVG out")
