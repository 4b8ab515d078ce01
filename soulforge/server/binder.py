"""The Kipukas binder (issue 33), for people playing with physical cards beside a phone:

- a page for every card, by id (``/kipukas/cards/<id>``) and by the short code of its QR link
  (``/kipukas/c/<code>``, the rulebook's ``kpks.us/<code>``), and the binder of them all,
  searchable and filterable without a script (``/kipukas/cards?q=&type=&archetype=&habitat=&motive=``);
- the damage tracker on each card page, kept in the browser and, for a signed-in account, here
  (``/api/kipukas/damage``: one small JSON per account and card), reset from the toolbar;
- the recipe lookup (``/kipukas/recipes``);
- rules help: "why can't I ...?" answered by the engine's own refusal, naming and linking the
  rulebook section (``/api/tables/<id>/why``, its page ``/t/<id>/why``). The question is asked of
  the viewer's own determinized copy of the position (``State.determinize``: everything hidden
  from them resampled), so an answer can tell nothing the viewer's view does not.

No rule lives here: the pages show the game package's data, the answers are the engine's.
"""

from __future__ import annotations

import asyncio
import functools
import json
import math
import random
import time
from typing import Annotated, Any
from urllib.parse import quote, urlencode

from fastapi import APIRouter, Header, Query, Request, Response
from fastapi.responses import HTMLResponse, RedirectResponse
from pydantic import Field
from sqlalchemy import JSON, Column, Float, ForeignKey, Integer, String, Table, delete, insert, select, update

from soulforge.core import Action, IllegalAction, State
from soulforge.games import game_class
from soulforge.server import binder_data as data
from soulforge.server import binder_views as pages
from soulforge.server import schemas
from soulforge.server.account_api import signed_in
from soulforge.server.api import account_of, address, service, tokens_of
from soulforge.server.catalog import rulebook_sections
from soulforge.server.people import Limits, RateLimit
from soulforge.server.storage import Storage, metadata
from soulforge.server.tables import TableError

router = APIRouter()

GAME = "kipukas"
MAX_ID = 64
"""The longest card id or short code a route reads (every real one is shorter): longer is 422."""
MAX_QUESTION = 200
"""The longest "why can't I ..." text (characters)."""
MAX_ANSWERS = 12
"""At most this many answers to one question (the closest first)."""
MAX_CANDIDATES = 2000
"""At most this many of the position's candidate actions are read for one question."""
QUESTIONS, QUESTION_WINDOW = 60, 60.0
"""Questions one address may ask in a window (seconds): each may read 2,000 candidate actions."""
MAX_DAMAGE_JSON = 256
"""The largest damage record of one card, as stored JSON (bytes): one number per KEAL means
(at most 3 on a card today) and the wasted mark."""

damage_t = Table(
    "sf_card_damage", metadata,
    Column("user_id", Integer, ForeignKey("sf_users.id"), primary_key=True),
    Column("game", String(32), primary_key=True),
    Column("card", String(64), primary_key=True),
    Column("marks", JSON, nullable=False),
    Column("at", Float, nullable=False),
)
"""The damage tracker of a signed-in account: per card, its injured KEAL means and wasted."""


# -- the binder's pages ------------------------------------------------------------------------------
Q = Annotated[str, Query(max_length=data.MAX_QUERY, description="words to find")]
Facet = Annotated[str, Query(max_length=MAX_ID)]


def _facet(name: str, value: str) -> str | None:
    """A filter's value, checked against the data's values ('' : any); 422 naming them."""
    if not value:
        return None
    allowed = data.facets()[name]
    if value not in allowed:
        raise TableError(422, f"{name} {value!r} is not one of: {', '.join(allowed)}")
    return value


@router.get("/kipukas/cards", response_class=HTMLResponse, include_in_schema=False)
async def binder_index(q: Q = "", type: Facet = "", archetype: Facet = "", habitat: Facet = "",
                       motive: Facet = "") -> str:
    """The binder: every card, narrowed by the query's words and filters."""
    filters = data.Filters(q.strip(), _facet("type", type), _facet("archetype", archetype),
                           _facet("habitat", habitat), _facet("motive", motive))
    return pages.index(filters, data.search(filters))


@router.get("/kipukas/cards/{card_id}", response_class=HTMLResponse, include_in_schema=False)
async def card_page(card_id: str) -> HTMLResponse:
    card = data.by_id().get(card_id) if len(card_id) <= MAX_ID else None
    if card is None:
        return HTMLResponse(pages.not_found("No such card", f"No card has the id {card_id[:MAX_ID]!r}."),
                            status_code=404)
    return HTMLResponse(pages.card(card, await asyncio.to_thread(_sections)))


@router.get("/kipukas/c/{code}", include_in_schema=False)
async def short_code(code: str) -> Response:
    """A QR link's short code (``kpks.us/<code>``): to its card's page, or a 404 page saying so."""
    card = data.by_code().get(code) if len(code) <= MAX_ID else None
    if card is None:
        return HTMLResponse(pages.not_found(
            "Unknown card code", f"No card of our data has the code {code[:MAX_ID]!r}. Codes are "
            "case-sensitive: type it as printed under the QR code, or find the card in the binder."),
            status_code=404)
    return RedirectResponse(f"/kipukas/cards/{card.id}", status_code=307)


Item = Annotated[list[str], Query(max_length=data.MAX_ITEMS + 1)]


@router.get("/kipukas/recipes", response_class=HTMLResponse, include_in_schema=False)
async def recipe_page(q: Q = "", item: Item = []) -> str:  # noqa: B006  # FastAPI reads it, never mutated
    """The recipe lookup: the entries with every picked item (at most three) and the words."""
    known = data.items()
    unknown = [i for i in item if i not in known]
    if unknown:
        raise TableError(422, f"item {unknown[0][:MAX_ID]!r} is not one of: {', '.join(known)}")
    picked = list(dict.fromkeys(item))
    if len(picked) > data.MAX_ITEMS:
        raise TableError(422, f"at most {data.MAX_ITEMS} items combine in a recipe")
    return pages.recipes(q.strip(), picked, data.find_recipes(q.strip(), picked))


@router.get("/kipukas/code", include_in_schema=False)
async def code_form(code: Annotated[str, Query(max_length=16)] = "") -> Response:
    """The binder's "code from the back of a card" form (no script): to the short-code route."""
    return RedirectResponse(f"/kipukas/c/{quote(code.strip(), safe='')}", status_code=303)


@router.get("/kipukas/ask", include_in_schema=False)
async def ask_form(table: Annotated[str, Query(max_length=32, pattern=r"^[A-Za-z0-9_-]+$")],
                   card: Annotated[str, Query(max_length=MAX_ID)] = "") -> Response:
    """A card page's "why can't I ... with this card?" form (no script): to the table's help page."""
    query = f"?{urlencode({'card': card})}" if card else ""
    return RedirectResponse(f"/t/{table}/why{query}", status_code=303)


def _sections() -> dict[str, str]:
    return sections_of(GAME)


@functools.cache
def sections_of(game_id: str) -> dict[str, str]:
    """The served rulebook's section ids and titles (to link a rule's name to its section),
    read once: the rulebook file does not change while the server runs."""
    return {s.id: s.title for s in rulebook_sections(game_class(game_id))}


# -- the damage tracker of a signed-in account -------------------------------------------------------
class Marks(schemas.Request):
    """One card's damage: injuries per KEAL means (in the card's order) and the wasted mark."""

    injuries: list[int] = Field(max_length=8, description="injuries marked on each KEAL means")
    wasted: bool = False


def checked_marks(card_id: str, marks: Marks) -> dict[str, Any]:
    """The marks as stored, checked against the card's KEAL means (422 naming what is wrong)."""
    card = data.by_id().get(card_id)
    if card is None or not card.soul:
        raise TableError(404, f"no soul card {card_id[:MAX_ID]!r}: only souls take damage")
    if len(marks.injuries) != len(card.means):
        raise TableError(422, f"{card.name} has {len(card.means)} KEAL means, not {len(marks.injuries)}")
    for means, hurt in zip(card.means, marks.injuries, strict=True):
        if not 0 <= hurt <= means.tolerance:
            raise TableError(422, f"{means.name} takes 0 to {means.tolerance} injuries, not {hurt}")
    return {"injuries": marks.injuries, "wasted": marks.wasted}


class DamageStore:
    """The damage records of accounts on the server's storage (``sf_card_damage``)."""

    def __init__(self, storage: Storage) -> None:
        self.storage = storage

    def _read(self, user_id: int) -> dict[str, Any]:
        query = select(damage_t.c.card, damage_t.c.marks).where(damage_t.c.user_id == user_id,
                                                                damage_t.c.game == GAME)
        with self.storage.engine.connect() as conn:
            return {row.card: row.marks for row in conn.execute(query) if row.card in data.by_id()}

    def _write(self, user_id: int, card_id: str, marks: dict[str, Any]) -> None:
        where = (damage_t.c.user_id == user_id, damage_t.c.game == GAME, damage_t.c.card == card_id)
        with self.storage._writing() as conn:
            done = conn.execute(update(damage_t).where(*where).values(marks=marks, at=time.time()))
            if not done.rowcount:
                conn.execute(insert(damage_t).values(user_id=user_id, game=GAME, card=card_id,
                                                     marks=marks, at=time.time()))

    def _clear(self, user_id: int, card_id: str | None) -> int:
        where = [damage_t.c.user_id == user_id, damage_t.c.game == GAME]
        if card_id is not None:
            where.append(damage_t.c.card == card_id)
        with self.storage._writing() as conn:
            return int(conn.execute(delete(damage_t).where(*where)).rowcount or 0)

    async def read(self, user_id: int) -> dict[str, Any]:
        return await self.storage.read(self._read, user_id)

    async def write(self, user_id: int, card_id: str, marks: dict[str, Any]) -> None:
        if len(json.dumps(marks)) > MAX_DAMAGE_JSON:  # the checks above keep it far smaller
            raise TableError(413, f"a card's damage record is at most {MAX_DAMAGE_JSON} bytes")
        await self.storage.write(self._write, user_id, card_id, marks)

    async def clear(self, user_id: int, card_id: str | None = None) -> int:
        return await self.storage.write(self._clear, user_id, card_id)


def _store(request: Request) -> DamageStore:
    return DamageStore(service(request).storage)


async def _account(request: Request) -> int:
    session = await signed_in(request)
    if session is None:
        raise TableError(401, "sign in to keep the damage tracker with your account "
                              "(without an account it is kept in this browser)")
    return session.account.id


@router.get("/api/kipukas/damage", tags=["kipukas binder"])
async def damage_all(request: Request) -> dict[str, Any]:
    """The signed-in account's damage tracker: each marked card's injuries and wasted mark."""
    return {"cards": await _store(request).read(await _account(request))}


@router.put("/api/kipukas/damage/{card_id}", tags=["kipukas binder"])
async def damage_put(card_id: str, body: Marks, request: Request) -> dict[str, Any]:
    """Keep one card's damage for the signed-in account (a soul's KEAL means, checked)."""
    user = await _account(request)
    marks = checked_marks(card_id[:MAX_ID + 1], body)
    await _store(request).write(user, card_id, marks)
    return {"card": card_id, "marks": marks}


@router.delete("/api/kipukas/damage", tags=["kipukas binder"])
async def damage_reset(request: Request) -> dict[str, Any]:
    """Reset the tracker after a game: every card's marks of the signed-in account are cleared."""
    return {"cleared": await _store(request).clear(await _account(request))}


# -- rules help: "why can't I ...?" --------------------------------------------------------------------
class Question(schemas.Request):
    """A question about the viewer's position: an action (its JSON), or words naming one."""

    action: schemas.Shallow | None = Field(None, max_length=16, description="the action, as in `legal`")
    text: str = Field("", max_length=MAX_QUESTION, description="words of the action, e.g. 'attack Hilbert'")
    card: str = Field("", max_length=MAX_ID, description="a card id: only actions naming this card")


def rule_link(game_id: str, rule: str | None, sections: dict[str, str]) -> dict[str, Any]:
    """A refusal's rule with the served rulebook's section it names (title and link) when it is one.

    >>> rule_link("kipukas", "ADRH", {"ADRH": "Attack"})["link"]
    '/rules/kipukas#ADRH'
    >>> rule_link("kipukas", "turn order", {})["link"] is None
    True
    """
    found = rule is not None and rule in sections
    return {"rule": rule, "section": sections.get(rule or "") if found else None,
            "link": f"/rules/{game_id}#{rule}" if found else None}


def _answer(state: State, twin: State, seat: int, action: Action, sections: dict[str, str]) -> dict[str, Any]:
    """The engine's answer for one action: allowed now, or its refusal (from the twin)."""
    label = twin.describe(action)
    if state.current_player == seat and not state.is_over and state.is_legal(action):
        # the deciding seat's legal actions are in its own payload: nothing new is told
        return {"label": label, "action": action.to_json(), "allowed": True, "refusal": "",
                **rule_link(state.game.id, None, sections)}
    try:
        twin.check(action, seat)
        # the twin, whose hidden part is invented, allows it: the refusal rests on something
        # hidden from the viewer, so only the step's section is named (no hidden fact)
        step = twin.flow.step(twin) if twin.flow is not None else None
        refusal = IllegalAction(f"{label} is not among your legal actions now",
                                rule=(step.section if step is not None and step.section else None))
    except IllegalAction as err:
        refusal = err
    return {"label": label, "action": action.to_json(), "allowed": False, "refusal": refusal.reason,
            **rule_link(state.game.id, refusal.rule, sections)}


def _refused(label: str, err: IllegalAction, game_id: str, sections: dict[str, str]) -> dict[str, Any]:
    """An answer that is a refusal of the viewer's asking at all (a spectator, not their turn)."""
    return {"label": label, "action": None, "allowed": False, "refusal": err.reason,
            **rule_link(game_id, err.rule, sections)}


def candidates(twin: State) -> list[Action]:
    """The position's candidate actions of the open step (legal or not), bounded: what a
    "why can't I" may be about. A rule without a candidate list offers its legal actions only."""
    found: list[Action] = list(twin.legal_actions())
    if twin.flow is not None and not twin.is_over:
        for rule in twin.flow.step(twin).rules:
            lister = getattr(rule, "candidates", None)
            if lister is None:
                continue
            try:
                for action in lister(twin):
                    found.append(action)
                    if len(found) >= MAX_CANDIDATES:
                        break
            except NotImplementedError:
                continue
    return list(dict.fromkeys(found))[:MAX_CANDIDATES]


def ask(state: State, seat: int | None, question: Question, sections: dict[str, str],
        seed: str, card_name: str = "") -> dict[str, Any]:
    """The engine's answers to ``question`` asked by ``seat`` (None: a spectator), from the
    viewer's determinized copy: nothing hidden from the viewer reaches an answer."""
    game_id = state.game.id
    if seat is None:
        err = IllegalAction("you are watching this table: only a seated player acts", rule="seats")
        return {"seat": None, "answers": [_refused(question.text, err, game_id, sections)]}
    twin = state.determinize(seat, random.Random(seed))
    if question.action is not None:
        try:
            action = state.game.action_from_json(question.action)
        except IllegalAction as err:
            raise TableError(422, str(err)) from None
        return {"seat": seat, "answers": [_answer(state, twin, seat, action, sections)]}
    if state.is_over or twin.current_player != seat:
        listed = twin.legal_actions()
        try:
            if not listed:
                raise IllegalAction("the game is over", rule="game over")
            twin.check(listed[0], seat)  # not the viewer's decision: the engine says whose it is
            raise IllegalAction("it is not your decision now", rule="turn order")
        except IllegalAction as err:
            return {"seat": seat, "answers": [_refused(question.text, err, game_id, sections)]}
    words = question.text.lower().split()
    wanted = card_name.lower()
    answers = []
    for action in candidates(twin):
        label = twin.describe(action).lower()
        if all(w in label for w in words) and wanted in label:
            answers.append(_answer(state, twin, seat, action, sections))
    answers.sort(key=lambda a: a["allowed"])  # the refused first: they are what is asked about
    if not answers and words and not wanted:
        answers = not_open(twin, words, sections)  # "attack" asked while the attack is not open
    return {"seat": seat, "answers": answers[:MAX_ANSWERS], "more": max(0, len(answers) - MAX_ANSWERS)}


def not_open(twin: State, words: list[str], sections: dict[str, str]) -> list[dict[str, Any]]:
    """The action kinds the words name that this point of the turn does not open (the
    flow's steps say which are): each refused with the engine's prompt of what is decided
    now (the open step's section), and the section where the kind is played (``see``). The
    kinds the words name exactly come first."""
    flow = twin.flow
    if flow is None or twin.is_over:
        return []
    step = flow.step(twin)
    found: list[tuple[bool, dict[str, Any]]] = []
    for rule in flow.rules:
        if rule in step.rules:
            continue
        kind = str(getattr(rule.action, "kind", rule.action.__name__)).replace("_", " ")
        about = (rule.action.__doc__ or "").strip().split("\n")[0].strip()
        if not all(w in f"{kind} {about}".lower() for w in words):
            continue
        refusal = IllegalAction(f"{kind} is not open at this point of the turn: {twin.prompt()}",
                                rule=step.section or None)
        found.append((kind != " ".join(words), {
            "label": kind, "action": None, "allowed": False, "refusal": refusal.reason, "about": about,
            **rule_link(twin.game.id, refusal.rule, sections),
            "see": rule_link(twin.game.id, rule.section or None, sections)}))
    return [answer for _, answer in sorted(found, key=lambda pair: pair[0])]


def _question_limit(request: Request) -> RateLimit | None:
    """The app's limit on "why can't I" questions per address (made at the first question);
    None when env ``SOULFORGE_RATE_LIMITS`` is off, as for the other rate limits."""
    if Limits.from_env() is None:
        return None
    limit: RateLimit | None = getattr(request.app.state, "question_limit", None)
    if limit is None:
        limit = request.app.state.question_limit = RateLimit(QUESTIONS, QUESTION_WINDOW)
    return limit


Token = Annotated[str | None, Header(alias="X-Seat-Token", description="seat token(s), comma-separated")]


@router.post("/api/tables/{table_id}/why", tags=["rules help"])
async def why(table_id: str, body: Question, request: Request, x_seat_token: Token = None) -> dict[str, Any]:
    """"Why can't I ...?": the engine's refusal of an action (or of the actions the words
    name) for the viewer's seat, with the rulebook section it names. Asked of the viewer's own
    view only (spectators: no seat, no answer beyond that)."""
    limit = _question_limit(request)
    if limit is not None:
        wait = limit.wait(address(request))
        if wait > 0:
            raise TableError(429, f"too many questions: at most {limit.burst} in {limit.window:g} s; "
                                  f"try again in {math.ceil(wait)} s", retry_after=math.ceil(wait))
        limit.record(address(request))
    svc = service(request)
    table = await svc.get(table_id)
    held = await svc.seats_of(table, tokens_of(x_seat_token), await account_of(request))
    seat = svc.viewer(table, held)
    card_name = ""
    if body.card:
        found = data.by_id().get(body.card) if table.row.game == GAME else None
        if found is None:
            raise TableError(404, f"no card {body.card!r} in this game")
        card_name = found.name
    sections = await asyncio.to_thread(sections_of, table.row.game)
    async with table.lock:  # the state does not move while it is copied
        state = table.state.clone()
    seed = f"{table_id}:{state.move_number}:{seat}"
    answer = await asyncio.to_thread(ask, state, seat, body, sections, seed, card_name)
    return {"table": table_id, "game": table.row.game, "move": state.move_number, **answer}


@router.get("/t/{table_id}/why", response_class=HTMLResponse, include_in_schema=False)
async def why_page(table_id: str, request: Request,
                   card: Annotated[str, Query(max_length=MAX_ID)] = "") -> str:
    """The rules-help page of a table (its script asks ``/api/tables/<id>/why`` with the
    browser's seat tokens)."""
    table = await service(request).get(table_id)
    found = data.by_id().get(card) if table.row.game == GAME else None
    return pages.why(table_id, game_class(table.row.game).title, found)

