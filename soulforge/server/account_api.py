"""Account routes (issue 34): register, sign in and out, one's seats, a player's page.

No rule lives here: the routes ask :class:`accounts.Accounts` and :class:`community.Community`.
"""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter, Request, Response, WebSocket
from fastapi.responses import HTMLResponse, JSONResponse
from pydantic import BaseModel, Field

from soulforge.server import schemas
from soulforge.server.accounts import (
    CSRF_COOKIE,
    CSRF_HEADER,
    SESSION_COOKIE,
    SESSION_DAYS,
    Accounts,
    Session,
    csrf_ok,
)
from soulforge.server.community import Community
from soulforge.server.hub import Hub
from soulforge.server.player_page import render
from soulforge.server.storage import hash_token
from soulforge.server.tables import TableError

router = APIRouter(prefix="/api")
pages = APIRouter(include_in_schema=False)
SAFE_METHODS = frozenset({"GET", "HEAD", "OPTIONS"})
ERRORS: dict[int | str, dict[str, Any]] = {
    code: {"model": schemas.ErrorBody} for code in (401, 403, 404, 409, 422, 429)
}


class Credentials(schemas.Request):
    name: str = Field(max_length=200, description="the account's display name (3 to 32 characters)")
    password: str = Field(max_length=1024,
                          description="8 to 256 characters; never stored, logged or sent back")


class AttachRequest(schemas.Request):
    table: str = Field(max_length=32)
    seat: int = Field(ge=0, le=schemas.MAX_SEATS)
    token: str = Field(max_length=200, description="the seat token this browser holds")


class SignedIn(BaseModel):
    account: dict[str, Any]
    csrf: str = Field(description="send it back as X-CSRF-Token with every state-changing request")


def accounts(request: Request | WebSocket) -> Accounts:
    found: Accounts = request.app.state.accounts
    return found


def hub(request: Request) -> Hub:
    found: Hub = request.app.state.hub
    return found


def community(request: Request) -> Community:
    found: Community = request.app.state.community
    return found


def address(request: Request) -> str | None:
    return request.client.host if request.client else None


async def signed_in(request: Request) -> Session | None:
    """The request's session, or None (no cookie, or one that is unknown or expired).

    A state-changing request must carry the session's CSRF token (403 without it: another
    site's form cannot act with the cookie), and a disabled account cannot act (403)."""
    session = await accounts(request).session(request.cookies.get(SESSION_COOKIE))
    if session is None:
        return None
    if request.method not in SAFE_METHODS and not csrf_ok(session, request.headers.get(CSRF_HEADER)):
        raise TableError(403, f"this request needs the {CSRF_HEADER} header of your session")
    if session.account.disabled:
        raise TableError(403, "this account is disabled")
    return session


async def required(request: Request) -> Session:
    session = await signed_in(request)
    if session is None:
        raise TableError(401, "sign in first")
    return session


def set_cookies(request: Request, response: Response, session: Session) -> None:
    """The session cookie (HttpOnly: no script reads it) and the CSRF cookie (the page reads it
    and sends it back as a header); Secure when the request came over TLS."""
    secure = request.url.scheme == "https"
    age = SESSION_DAYS * 86400
    response.set_cookie(SESSION_COOKIE, session.id, max_age=age, httponly=True, samesite="lax",
                        secure=secure, path="/")
    response.set_cookie(CSRF_COOKIE, session.csrf, max_age=age, httponly=False, samesite="lax",
                        secure=secure, path="/")


def clear_cookies(response: Response) -> None:
    response.delete_cookie(SESSION_COOKIE, path="/")
    response.delete_cookie(CSRF_COOKIE, path="/")


def signed_in_answer(request: Request, session: Session, status: int) -> JSONResponse:
    response = JSONResponse({"account": session.account.public(), "csrf": session.csrf}, status_code=status)
    set_cookies(request, response, session)
    return response


@router.post("/account/register", response_model=SignedIn, status_code=201, responses=ERRORS)
async def register(body: Credentials, request: Request) -> JSONResponse:
    """A new account (a unique display name and a password), signed in at once. There is no
    e-mail: a forgotten password is reset by the operator (``soulforge users reset-password``)."""
    await _leave_old_session(request)
    session = await accounts(request).register(body.name, body.password, address(request))
    return signed_in_answer(request, session, 201)


@router.post("/account/sign-in", response_model=SignedIn, responses=ERRORS)
async def sign_in(body: Credentials, request: Request) -> JSONResponse:
    """A new session (a new id every time: a session id planted before cannot be used).
    401 "wrong name or password" alike for an unknown name and a wrong password; 429 with
    ``Retry-After`` after 10 failures in a minute for the name or the address."""
    await _leave_old_session(request)
    session = await accounts(request).sign_in(body.name, body.password, address(request))
    return signed_in_answer(request, session, 200)


async def _leave_old_session(request: Request) -> None:
    """A browser signing in anew leaves its former session (checked for CSRF like any write)."""
    old = await accounts(request).session(request.cookies.get(SESSION_COOKIE))
    if old is not None and csrf_ok(old, request.headers.get(CSRF_HEADER)):
        await accounts(request).sign_out(old.id)


@router.post("/account/sign-out", status_code=204, responses=ERRORS)
async def sign_out(request: Request) -> Response:
    """End this browser's session."""
    session = await signed_in(request)
    if session is not None:
        await accounts(request).sign_out(session.id)
        hub(request).signed_out(session.account.id, hash_token(session.id))
    response = Response(status_code=204)
    clear_cookies(response)
    return response


@router.post("/account/sign-out-everywhere", status_code=204, responses=ERRORS)
async def sign_out_everywhere(request: Request) -> Response:
    """End every session of the account, on every device."""
    session = await required(request)
    await accounts(request).sign_out_everywhere(session.account)
    hub(request).signed_out(session.account.id)
    response = Response(status_code=204)
    clear_cookies(response)
    return response


@router.get("/account", responses=ERRORS)
async def me(request: Request) -> dict[str, Any]:
    """The signed-in account (401 if none)."""
    session = await required(request)
    return {"account": session.account.public()}


@router.get("/account/seats", responses=ERRORS)
async def my_seats(request: Request) -> list[dict[str, Any]]:
    """The account's seats, newest first, without tokens: a device signed in to the account
    acts for them with its session (no seat secret is kept for an account)."""
    return await accounts(request).seats((await required(request)).account)


@router.get("/account/turns", responses=ERRORS)
async def my_turns(request: Request) -> list[dict[str, Any]]:
    """The account's games where it is its turn (turn-based and live tables): the "your turn"
    list of the lobby and the player's page."""
    session = await required(request)
    games = await community(request).turns(session.account.id)
    return [{"table": g["table"], "game": g["game"], "seat": g["seat"], "clock": g["clock"]} for g in games]


@router.post("/account/seats", status_code=204, responses=ERRORS)
async def attach(body: AttachRequest, request: Request) -> None:
    """Attach a seat taken in this browser without an account to the signed-in account."""
    session = await required(request)
    await community(request).attach(session, body.table, body.seat, body.token)


@router.get("/players/{name}", responses=ERRORS)
async def player(name: str, request: Request) -> dict[str, Any]:
    """A player's games (in progress, finished), ratings and their history, opponents, win
    rates by game and seat."""
    return await community(request).player(name[:200])


@pages.get("/u/{name}", response_class=HTMLResponse)
async def player_page(name: str, request: Request) -> str:
    return render(await community(request).player(name[:200]))
