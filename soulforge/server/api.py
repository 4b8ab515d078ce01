"""JSON API and websocket routes. No rule lives here: the routes ask the table service."""

from __future__ import annotations

import asyncio
import contextlib
import time
from collections.abc import Mapping
from typing import Annotated, Any, Literal

from fastapi import APIRouter, Header, Query, Request, Response, WebSocket, WebSocketDisconnect
from pydantic import TypeAdapter, ValidationError

from soulforge.games import game_class
from soulforge.server import schemas
from soulforge.server.account_api import SAFE_METHODS, accounts, community, signed_in
from soulforge.server.accounts import SESSION_COOKIE, Session
from soulforge.server.catalog import game_infos
from soulforge.server.hub import Connection, Hub
from soulforge.server.render import render_board
from soulforge.server.replays import ReplayCache
from soulforge.server.storage import hash_token
from soulforge.server.tables import LiveTable, TableError, TableService

router = APIRouter(prefix="/api")
ws_router = APIRouter()
Token = Annotated[str | None, Header(alias="X-Seat-Token", description="seat token(s), comma-separated")]
Svg = Annotated[bool, Query(description="false: leave the board's SVG out (bots, API clients)")]
JSON = "application/json"
ERRORS: dict[int | str, dict[str, Any]] = {
    code: {"model": schemas.ErrorBody} for code in (401, 403, 404, 409, 422, 429)
}


def service(request: Request) -> TableService:
    svc: TableService = request.app.state.service
    return svc


def address(request: Request) -> str | None:
    """The client's address, which the rate limits count by: behind a reverse proxy it is
    the proxy's, unless uvicorn is told to trust the proxy's header (``--proxy-headers``)."""
    return request.client.host if request.client else None


def tokens_of(header: str | None) -> list[str]:
    return [t.strip() for t in (header or "").split(",") if t.strip()]


def invite_link(request: Request, table_id: str, seat: int, code: str) -> str:
    """The link an invited player opens: the page claims the seat with ``code`` (once)."""
    return f"{str(request.base_url).rstrip('/')}/t/{table_id}#seat={seat}&invite={code}"


async def payload_response(svc: TableService, table: LiveTable, tokens: list[str], svg: bool,
                           account: int | None = None) -> Response:
    """The viewer's payload (a TablePayload), serialized once per version and shared with the hub."""
    return Response(svc.payload_json(table, await svc.seats_of(table, tokens, account), svg), media_type=JSON)


async def account_of(request: Request) -> int | None:
    """The request's signed-in account, whose session acts for the seats recorded for it. A
    write must carry the session's CSRF token and is refused to a disabled account (403,
    ``signed_in``); a read by a disabled account is a spectator's."""
    if request.method in SAFE_METHODS:
        session = await accounts(request).session(request.cookies.get(SESSION_COOKIE))
        return session.account.id if session is not None and not session.account.disabled else None
    session = await signed_in(request)
    return session.account.id if session is not None else None


@router.get("/games", response_model=list[schemas.GameInfo])
def games() -> list[dict[str, Any]]:
    """The registered games, with their options and rules page."""
    return game_infos()


@router.get("/tables", response_model=list[schemas.TableSummary])
async def tables(request: Request, status: Literal["open", "playing", "over"] | None = None,
                 ) -> list[dict[str, Any]]:
    """Tables, newest first: ``open`` (a free seat to join), ``playing`` (to watch), ``over`` (replay)."""
    rows = await service(request).listing("playing" if status == "open" else status)
    rows = [row for row in rows if status != "open" or row.open]
    held = await community(request).seat_accounts(rows)
    out = []
    for row in rows:
        with contextlib.suppress(ValueError, ImportError):
            out.append({"table": row.id, "game": row.game, "title": game_class(row.game).title,
                        "status": row.status, "open": row.open, "players": row.players,
                        "seed_chosen": row.seed_chosen, "rated": row.rated,
                        "returns": row.returns, "created": row.created,
                        "seats": [s.public() | held[row.id].get(s.seat, {}) for s in row.seats]})
    return out


@router.post("/tables", response_model=schemas.CreatedTable, status_code=201, responses=ERRORS)
async def create_table(body: schemas.CreateTable, request: Request) -> dict[str, Any]:
    """A new table. The creator's seat gets its secret token (shown only here), every other
    human seat a one-time invite link (or, ``listed``, a place in the lobby). Signed in, the
    creator's seats follow the account; a ``rated`` table needs an account (401)."""
    session = await signed_in(request)
    if body.rated and session is None:
        raise TableError(401, "a rated table is for signed-in players: sign in first")
    count = body.players if body.players is not None else len(body.seats or ()) or None
    seats: list[tuple[str, str | None]]
    if body.seats is None:
        seats = [("human", None)] + [("ai", "normal")] * ((count or 2) - 1)
    else:
        seats = [(s.kind, s.level or ("normal" if s.kind == "ai" else None)) for s in body.seats]
    options = body.options
    if body.use_records:  # gathered only: the engine's 'progress' option applies them
        from soulforge.server import progress  # it imports this module
        options = {**options, "progress": await progress.creator_records(
            request, body.game, seats, body.my_record)}
    table, tokens, invites = await service(request).create(
        body.game, options, count or len(seats), seats, body.seed, body.hot_seat, body.listed, body.name,
        clock_minutes=body.clock_minutes, address=address(request), rated=body.rated,
        turn_hours=body.turn_hours)
    await community(request).keep(session, table.id, list(tokens))
    base = str(request.base_url).rstrip("/")
    return {"table": table.id, "url": f"{base}/t/{table.id}", "seats": [
        {"seat": s.seat, "kind": s.kind, "level": s.level, "token": tokens.get(s.seat),
         "invite": invite_link(request, table.id, s.seat, invites[s.seat]) if s.seat in invites else None}
        for s in table.row.seats]}


@router.get("/tables/{table_id}", response_model=schemas.TablePayload, responses=ERRORS)
async def table_state(table_id: str, request: Request, x_seat_token: Token = None,
                      svg: Svg = True) -> Response:
    """The table as the token's seat sees it (no token: a spectator's view)."""
    svc = service(request)
    table = await svc.get(table_id)
    return await payload_response(svc, table, tokens_of(x_seat_token), svg, await account_of(request))


@router.post("/tables/{table_id}/actions", response_model=schemas.TablePayload, responses=ERRORS)
async def act(table_id: str, body: schemas.ActionRequest, request: Request,
              x_seat_token: Token = None, svg: Svg = True) -> Response:
    """Play an action: 403 wrong token, 409 stale move number, 422 refused by the rules.

    The move is stored before any seat hears of it; the response's ``Server-Timing`` says how
    long the server took."""
    start = time.perf_counter()
    svc = service(request)
    tokens, account = tokens_of(x_seat_token), await account_of(request)
    table, _seat = await svc.act(table_id, tokens, body.move, body.action, body.seat, account)
    response = await payload_response(svc, table, tokens, svg, account)
    response.headers["Server-Timing"] = f"act;dur={1000 * (time.perf_counter() - start):.2f}"
    return response


@router.post("/tables/{table_id}/undo", response_model=schemas.TablePayload, responses=ERRORS)
async def undo(table_id: str, body: schemas.UndoRequest, request: Request,
               x_seat_token: Token = None, svg: Svg = True) -> Response:
    """Take back one's last decision (and the AI moves after it) where the undo policy allows."""
    svc = service(request)
    tokens, account = tokens_of(x_seat_token), await account_of(request)
    table = await svc.undo(table_id, tokens, body.move, account)
    return await payload_response(svc, table, tokens, svg, account)


@router.post("/tables/{table_id}/join", response_model=schemas.Joined, responses=ERRORS)
async def join(table_id: str, request: Request, body: schemas.JoinRequest | None = None) -> dict[str, Any]:
    """Take a free human seat of a listed table (signed in: the seat follows the account; a
    rated table's seat needs an account, one per account)."""
    session = await signed_in(request)
    await community(request).may_sit(session, table_id)
    from soulforge.server import progress  # it imports this module
    record = await progress.record_to_bring(request, table_id, body.my_record if body else None)
    seat, token = await service(request).join(table_id, body.name if body else None, address(request))
    await community(request).keep(session, table_id, [seat])
    await progress.seat_record(request, table_id, seat, record)
    return {"table": table_id, "seat": seat, "token": token}


@router.post("/tables/{table_id}/claim", response_model=schemas.Joined, responses=ERRORS)
async def claim(table_id: str, body: schemas.ClaimRequest, request: Request) -> dict[str, Any]:
    """Use a one-time invite: the seat's fresh token, for this browser only (403 once used)."""
    session = await signed_in(request)
    await community(request).may_sit(session, table_id)
    from soulforge.server import progress  # it imports this module
    record = await progress.record_to_bring(request, table_id, body.my_record)
    token = await service(request).claim(table_id, body.seat, body.invite, body.name, address(request))
    await community(request).keep(session, table_id, [body.seat])
    await progress.seat_record(request, table_id, body.seat, record)
    return {"table": table_id, "seat": body.seat, "token": token}


@router.post("/tables/{table_id}/seats/{seat}/invite", response_model=schemas.NewInvite, responses=ERRORS)
async def new_invite(table_id: str, seat: int, request: Request,
                     x_seat_token: Token = None) -> dict[str, Any]:
    """A new one-time invite link for ``seat``: its player moving to another browser (their
    token stops working now), or the creator re-issuing a seat nobody has claimed."""
    code = await service(request).invite(table_id, tokens_of(x_seat_token), seat, address(request),
                                         await account_of(request))
    return {"table": table_id, "seat": seat, "invite": invite_link(request, table_id, seat, code)}


@router.post("/tables/{table_id}/clock/claim", response_model=schemas.TablePayload, responses=ERRORS)
async def claim_on_time(table_id: str, request: Request, x_seat_token: Token = None,
                        svg: Svg = True) -> Response:
    """Claim the win because the seat to move ran out of time (409 while nobody has; 403 for
    a spectator or for the late seat itself). Nothing is claimed for anyone automatically."""
    svc = service(request)
    tokens, account = tokens_of(x_seat_token), await account_of(request)
    table = await svc.claim_on_time(table_id, tokens, account)
    return await payload_response(svc, table, tokens, svg, account)


@router.post("/tables/{table_id}/rematch", response_model=schemas.RematchOffer, status_code=201,
             responses=ERRORS)
async def rematch(table_id: str, request: Request, x_seat_token: Token = None) -> dict[str, Any]:
    """Offer a rematch once the game is over: the same game, options and seats, each seat moved
    one place on. The answer holds the proposer's seat and token at the new table; each other
    player finds a one-time invite to theirs in their own payload (``rematch``)."""
    new, seat, tokens = await service(request).rematch(table_id, tokens_of(x_seat_token), address(request),
                                                       await account_of(request))
    return {"table": new, "seat": seat, "tokens": tokens}


@router.post("/tables/{table_id}/name", status_code=204, responses=ERRORS)
async def name_seat(table_id: str, body: schemas.NameRequest, request: Request,
                    x_seat_token: Token = None) -> None:
    """Give one's seat a display name (shown at the seat, in the log and in the lobby)."""
    await service(request).rename(table_id, tokens_of(x_seat_token), body.seat, body.name, address(request),
                                  await account_of(request))


@router.get("/tables/{table_id}/chat", response_model=list[schemas.ChatMessage], responses=ERRORS)
async def chat(table_id: str, request: Request) -> list[dict[str, Any]]:
    """The table's last 100 chat messages (live ones come over the websocket as ``"chat"``)."""
    return await service(request).chat(table_id)


@router.post("/tables/{table_id}/chat", response_model=schemas.ChatMessage, responses=ERRORS)
async def say(table_id: str, body: schemas.ChatRequest, request: Request, x_seat_token: Token = None,
              ) -> dict[str, Any]:
    """Say something at the table: a seated player, or a spectator unless spectators are muted
    (403); 422 empty or too long; 429 beyond a sender's 5 messages in 10 s (a seat by its token,
    a spectator by address) or an address's 15 in 10 s over every table."""
    return await service(request).say(table_id, tokens_of(x_seat_token), body.text, address(request),
                                      await account_of(request))


@router.post("/tables/{table_id}/chat/mute", status_code=204, responses=ERRORS)
async def mute(table_id: str, body: schemas.MuteRequest, request: Request,
               x_seat_token: Token = None) -> None:
    """A seated player mutes (or unmutes) the spectators' chat."""
    await service(request).mute_spectators(table_id, tokens_of(x_seat_token), body.muted, address(request),
                                           await account_of(request))


def replays(request: Request) -> ReplayCache:
    """The app's replay checkpoints, made at the first replay step asked for."""
    cache: ReplayCache | None = getattr(request.app.state, "replays", None)
    if cache is None:
        cache = request.app.state.replays = ReplayCache()
    return cache


async def finished(request: Request, table_id: str) -> LiveTable:
    table = await service(request).get(table_id)
    if not table.over:
        raise TableError(409, "the record and the replay are served once the game is over")
    return table


@router.get("/tables/{table_id}/record", responses=ERRORS)
async def record(table_id: str, request: Request) -> dict[str, Any]:
    """The full record (soulforge-record/1 JSON), served only after the end: it holds hidden
    moves and the seed (``meta.seed_chosen``: whether the creator chose it)."""
    table = await finished(request, table_id)
    rec = table.state.record()
    rec.meta = {"table": table.id, "seats": [{"seat": s.seat, "kind": s.kind, "level": s.level}
                                             for s in table.row.seats], "returns": table.state.returns(),
                "seed_chosen": table.row.seed_chosen}
    return rec.to_json()


@router.get("/tables/{table_id}/replay/{step}", response_model=schemas.ReplayStep, responses=ERRORS)
async def replay(table_id: str, step: int, request: Request) -> dict[str, Any]:
    """Step ``step`` of a finished game: the spectator's view and every seat's view."""
    table = await finished(request, table_id)
    rec = table.state.record()
    if not 0 <= step <= len(rec.actions):
        raise TableError(404, f"no step {step}: the game has {len(rec.actions)} moves")
    state = await asyncio.to_thread(replays(request).state, table.id, rec, step)
    views = [state.view(p) for p in range(state.num_players)]
    game = table.row.game
    label = str(table.state.history[step - 1]) if step else None
    return {"step": step, "total": len(rec.actions), "label": label, "spectator": state.view(None),
            "views": views, "svg": render_board(game, state.view(None), []),
            "seat_svgs": [render_board(game, v, []) for v in views], "log": state.log(None),
            "seat_logs": [state.log(p) for p in range(state.num_players)]}


HELLO = TypeAdapter(schemas.Hello)
MAX_HELLO = 8_000
"""The longest first message (a few tokens): a longer one is refused unread."""
MAX_WS_MESSAGE = 16_384
"""The longest websocket message: uvicorn refuses a frame of more bytes before it is
assembled (``ws_max_size``, see ``app.run``; close 1009), and the handler refuses a text of
more characters (the same bound where no uvicorn stands in front, as in the tests)."""
UNSUPPORTED_DATA = 1003
"""Close code of a binary frame: the socket speaks JSON text only (RFC 6455, 7.4.1)."""
TOO_BIG = 1009
"""Close code of a message longer than :data:`MAX_WS_MESSAGE` (RFC 6455, 7.4.1)."""


def after_hello(message: Mapping[str, Any]) -> tuple[int, str] | None:
    """Why a message received after the hello ends the socket: (close code, reason), or
    None for a text message, which is ignored (the server only sends after the hello)."""
    text = message.get("text")
    if not isinstance(text, str):
        return UNSUPPORTED_DATA, "binary frames are not accepted"
    if len(text) > MAX_WS_MESSAGE:
        return TOO_BIG, f"a message is at most {MAX_WS_MESSAGE} characters"
    return None


async def read_hello(socket: WebSocket) -> schemas.Hello:
    """The first message, validated; a :class:`TableError` 400 names what is wrong with it
    (binary, too long, not JSON, too deep, or not ``{"tokens": [...], "svg": bool}``)."""
    message = await socket.receive()
    if message["type"] == "websocket.disconnect":
        raise WebSocketDisconnect(message.get("code", 1000))
    text = message.get("text")
    if not isinstance(text, str):
        raise TableError(400, 'the first message must be JSON text: {"tokens": [...]}')
    if len(text) > MAX_HELLO:
        raise TableError(400, f"the first message is longer than {MAX_HELLO} characters")
    try:
        return HELLO.validate_json(text)
    except ValidationError as err:
        first = err.errors()[0]
        where = ".".join(str(part) for part in first["loc"]) or "the message"
        raise TableError(400, f'bad first message: {where}: {first["msg"]}') from None


async def socket_session(socket: WebSocket) -> Session | None:
    """The session of the socket's cookie, if the socket comes from this site's own pages (a
    browser sends the cookie with a socket another site opens, and states its ``Origin``:
    such a socket is a spectator unless it proves a seat by token); None for a disabled account."""
    origin, host = socket.headers.get("origin"), socket.headers.get("host", "")
    if origin is not None and origin.split("://", 1)[-1].rstrip("/") != host:
        return None
    session = await accounts(socket).session(socket.cookies.get(SESSION_COOKIE))
    return None if session is None or session.account.disabled else session


async def refuse_socket(socket: WebSocket, err: TableError) -> None:
    """Tell the socket why it is refused, then close it (code 4000 + the HTTP status)."""
    with contextlib.suppress(Exception):
        await socket.send_json({"type": "error", "status": err.status, "detail": str(err)})
        await socket.close(code=4000 + err.status)


@ws_router.websocket("/ws/tables/{table_id}")
async def table_socket(socket: WebSocket, table_id: str) -> None:
    """Live updates. The first message is ``{"tokens": [...]}`` (empty: spectator, or the
    seats of the account signed in with this site's session cookie; add
    ``"svg": false`` to leave the board out); then the server sends ``{"type": "state", ...}``
    (a TablePayload) after every change."""
    svc: TableService = socket.app.state.service
    hub: Hub = socket.app.state.hub
    await socket.accept()
    try:
        hello = await asyncio.wait_for(read_hello(socket), timeout=10)
        table = await svc.get(table_id)
        session = await socket_session(socket)
        account = session.account.id if session is not None else None
        held = await svc.seats_of(table, hello.tokens, account)
    except TableError as err:
        await refuse_socket(socket, err)
        return
    except (TimeoutError, WebSocketDisconnect):
        with contextlib.suppress(Exception):
            await socket.close(code=4408)
        return
    conn = Connection(socket, held, frozenset(hash_token(t) for t in hello.tokens), hello.svg, account,
                      hash_token(session.id) if session is not None else None)
    hub.join(table_id, conn)
    writer = asyncio.create_task(conn.write())
    try:
        # In the room first, then the table read again, then its payload sent: a change stored
        # since the read above (whose notification this process dropped, nobody watching
        # yet) is found by this read; one stored after it comes by notification.
        try:
            table = await svc.get(table_id)
        except TableError as err:
            await refuse_socket(socket, err)
            return
        hub.send(table, conn)
        while (message := await socket.receive())["type"] != "websocket.disconnect":
            if (ending := after_hello(message)) is not None:
                with contextlib.suppress(Exception):
                    await socket.close(code=ending[0], reason=ending[1])
                break
    except WebSocketDisconnect:
        pass
    finally:
        hub.leave(table_id, conn)
        writer.cancel()
        with contextlib.suppress(asyncio.CancelledError, Exception):
            await writer
