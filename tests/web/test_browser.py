"""Whole games in Chromium: clicks on the board, two players, a spectator, reload, undo, restart."""

from __future__ import annotations

import json
import random
import re
import time
from collections.abc import Callable
from typing import Any, NamedTuple

import httpx
import pytest

from soulforge.server import create_app
from tests.registered import GAMES
from tests.server.support import ServerThread

pytestmark = pytest.mark.browser
TIMEOUT = 20_000
BOARD_TARGETS = "#board .target, #board [data-handle].can"
"""What may be clicked on the board: an element of a legal action, or one its click path
can use next (the page outlines those)."""


def live_state(srv: ServerThread, table: str) -> Any:
    """The table's state, once it is live: after a restart a table is replayed on its first
    request (here the page reconnecting) or by the background resume, whichever comes first."""
    deadline = time.monotonic() + TIMEOUT / 1000
    while table not in srv.app.state.service.live and time.monotonic() < deadline:
        time.sleep(0.05)
    return srv.app.state.service.live[table].state


def wait_turn(page: Any, after: int | None = None) -> str:
    """Wait until this page may act (its turn, no AI thinking) or the game is over; returns
    the body's data-turn. One look at the page per poll: each look is a round trip to Chromium."""
    moved = "true" if after is None else f"Number(document.body.dataset.move) > {after}"
    ready = (f"{moved} && (document.body.dataset.turn === 'over' || (document.body.dataset.turn"
             " === 'mine' && document.getElementById('thinking').hidden)) && document.body.dataset.turn")
    turn: str = page.wait_for_function(ready, timeout=TIMEOUT).json_value()
    return turn


LOOK = """([targets, buttons]) => ({
  move: Number(document.body.dataset.move), clicks: Number(document.body.dataset.clicks || 0),
  targets: document.querySelectorAll(targets).length, buttons: document.querySelectorAll(buttons).length})"""
"""The page as :func:`click_something` needs it before a click, in one round trip."""
BUTTONS = "#actions button:not(.back)"
HANDLED = """([start, clicks, targets, buttons]) => {
  const data = document.body.dataset;
  if (Number(data.clicks || 0) <= clicks) return false;
  if (Number(data.move) > start) return "moved";
  if (Number(data.sent) >= start) return false;
  return (""" + LOOK + """)([targets, buttons]);
}"""
"""Polled after a click until the page has handled it (a count no render resets): "moved" once
the table is past the move the path began at; while an action sent is not yet answered, not
ready; else (the path goes on) the page as :data:`LOOK` sees it, for the next click. Not on
data-picked: a view pushed between the click and the look redraws the board and may set it
back to 0, and after a first pick it passes before the click."""


AIM = """([selector, index]) => {
  // Where a click on the element lands, as Playwright's actionability finds it: scrolled into
  // view if it is not (centred, as DOM.scrollIntoViewIfNeeded does), its box's centre, and
  // whether the element (or one inside it) is what a click there hits: nothing covers it.
  const node = document.querySelectorAll(selector)[index];
  node.scrollIntoViewIfNeeded(true);
  const box = node.getBoundingClientRect(), x = box.left + box.width / 2, y = box.top + box.height / 2;
  const hit = box.width > 0 && box.height > 0 ? document.elementFromPoint(x, y) : null;
  return {x: x, y: y, hit: hit !== null && node.contains(hit)};
}"""
"""Where :func:`click_something` clicks the chosen element, in one round trip."""


def press(page: Any, selector: str, index: int, touch: bool) -> None:
    """Click (or tap) the ``index``-th element of ``selector`` as a person would: at its centre,
    with the mouse's (or a finger's) own events, once it is on the screen and nothing covers
    it there. One look and one input, where Playwright's ``click`` takes some ten round trips
    to Chromium (its waits for a visible, stable element that receives the events). An element
    that a click at its centre would miss is left to Playwright's click, which waits for it and
    fails the test if it never comes clear."""
    aim = page.evaluate(AIM, [selector, index])
    if not aim["hit"]:
        chosen = page.locator(selector).nth(index)
        (chosen.tap if touch else chosen.click)(timeout=TIMEOUT)
    elif touch:
        page.touchscreen.tap(aim["x"], aim["y"])
    else:
        page.mouse.click(aim["x"], aim["y"])


class Clicked(NamedTuple):
    """What :func:`click_something` did."""

    move: int
    """The move the action was made at: the table is past it when the call returns."""
    board: bool
    """Whether the board offered something to click when the action began."""


def click_something(page: Any, rng: random.Random, board_only: bool = False, touch: bool = False,
                    check: Callable[[Any], None] | None = None) -> Clicked:
    """Make one action by clicks: board elements the page outlines (a click path may take a
    few: a piece, then its target), or a button; returns once the table has moved past it.

    ``touch`` taps instead of clicking (the page's context must have touch); ``check`` is
    called with the page before every click, so a test can look at each step of a path.
    Each click costs four round trips to Chromium: a look, the aim (:func:`press`), the input,
    and one wait that says whether the path goes on and, if so, gives the next look."""
    look = page.evaluate(LOOK, [BOARD_TARGETS, BUTTONS])
    made = Clicked(move=look["move"], board=look["targets"] > 0)
    for _ in range(6):
        if check is not None:
            check(page)
        if look["targets"] and (board_only or rng.random() < 0.8 or look["buttons"] == 0):
            press(page, BOARD_TARGETS, rng.randrange(look["targets"]), touch)
        else:
            press(page, BUTTONS, rng.randrange(look["buttons"]), touch)
        handled = page.wait_for_function(HANDLED, arg=[made.move, look["clicks"], BOARD_TARGETS, BUTTONS],
                                         timeout=TIMEOUT).json_value()
        if handled == "moved":
            break
        look = handled
    else:  # six clicks sent no action: the move is waited for all the same (the timeout fails)
        page.wait_for_function(f"Number(document.body.dataset.move) > {made.move}", timeout=TIMEOUT)
    return made


def create(srv: ServerThread, **body: Any) -> dict[str, Any]:
    """A table over the API; each human seat gets a ``link`` to open it: the creator's
    token as ``#seat=N&token=T``, the others' one-time invites."""
    res = httpx.post(srv.url + "/api/tables", json=body)
    assert res.status_code == 201, res.text
    data: dict[str, Any] = res.json()
    for seat in data["seats"]:
        own = f"{data['url']}#seat={seat['seat']}&token={seat['token']}" if seat["token"] else None
        seat["link"] = own or seat["invite"]
    return data


def hidden_names(page_text: str, known: str) -> list[str]:
    """Five Realms character names in ``page_text`` that are absent from what the viewer may know."""
    import soulforge
    from soulforge.games.five_realms import FiveRealms

    game = soulforge.load("five_realms")
    assert isinstance(game, FiveRealms)
    names = [t.name for t in game.rules.types]
    return [n for n in names if re.search(rf"\b{re.escape(n)}\b", page_text)
            and not re.search(rf"\b{re.escape(n)}\b", known)]


def test_whole_five_realms_game_against_the_ai_by_clicks(browser: Any, server: ServerThread) -> None:
    page = browser.new_page(viewport={"width": 1400, "height": 950})
    page.goto(server.url + "/")
    form = page.locator("#game-five_realms form")
    form.locator("select[name=seat1]").select_option("ai:random")
    form.locator("input[name=seed]").fill("12")
    form.locator("button[type=submit]").click()
    page.wait_for_url(re.compile(r"/t/\w+$"), timeout=TIMEOUT)
    table = page.url.rsplit("/", 1)[1]
    rng, clicks = random.Random(3), 0
    while wait_turn(page) == "mine":
        click_something(page, rng)
        clicks += 1
    state = live_state(server, table)
    assert state.is_over and clicks > 10
    result = page.locator("#result").inner_text()
    assert page.locator("#over").is_visible() and ("wins" in result or "Draw" in result)
    record = page.request.get(f"{server.url}/api/tables/{table}/record").json()
    assert record["actions"] == [a.to_json() for a in state.history]
    page.goto(f"{server.url}/t/{table}/replay")
    page.wait_for_selector("#board svg", timeout=TIMEOUT)
    page.click("#next")
    page.wait_for_function("document.getElementById('stepinfo').textContent.startsWith('move 1 ')")
    page.click("#last")
    page.wait_for_function(f"document.getElementById('stepinfo').textContent === 'move {len(state.history)}"
                           f" / {len(state.history)}'")
    page.locator(".viewers button[data-seat='1']").click()
    assert "Seat 1" in page.locator("#board").inner_html() or page.locator("#board svg").count() == 1
    page.close()


TABLE_SEED = {"soulshards": 1}
"""The table's seed of a whole game by clicks where it is not 4: Soulshards with seed 4 took
609 moves (353 of them the page's), seed 1 takes 335 (174; 159 with board targets), played to
its end all the same."""


@pytest.mark.parametrize("game_id", [game for game in GAMES if game != "five_realms"])  # its own test above
def test_whole_game_of_each_board_game_against_the_ai_by_clicks(
    browser: Any, server: ServerThread, game_id: str
) -> None:
    """Issues 4 and 5: a whole game played by clicks, on the game's own SVG board."""
    page = browser.new_page(viewport={"width": 1400, "height": 950})
    page.goto(server.url + "/")
    form = page.locator(f"#game-{game_id} form")
    form.locator("select[name=seat1]").select_option("ai:random")
    form.locator("input[name=seed]").fill(str(TABLE_SEED.get(game_id, 4)))
    form.locator("button[type=submit]").click()
    page.wait_for_url(re.compile(r"/t/\w+$"), timeout=TIMEOUT)
    table = page.url.rsplit("/", 1)[1]
    rng, board_clicks = random.Random(5), 0
    while wait_turn(page) == "mine":
        board_clicks += click_something(page, rng).board
    assert live_state(server, table).is_over and board_clicks > 5
    assert page.locator("#over").is_visible()
    page.close()


def test_two_players_and_a_spectator_see_only_their_views(browser: Any, server: ServerThread) -> None:
    made = create(server, game="five_realms", seats=[{"kind": "human"}, {"kind": "human"}])
    table = made["table"]
    pages = []
    for seat in (0, 1):
        ctx = browser.new_context(viewport={"width": 1300, "height": 900})
        page = ctx.new_page()
        page.goto(made["seats"][seat]["link"])
        pages.append(page)
    watcher = browser.new_context().new_page()
    watcher.goto(f"{server.url}/t/{table}")
    rng = random.Random(7)
    for _ in range(24):
        state = live_state(server, table)
        if state.is_over:
            break
        actor = pages[state.current_player]
        wait_turn(actor)
        move = click_something(actor, rng, board_only=True).move
        for page in (watcher, pages[1 - state.current_player]):
            page.wait_for_function(f"Number(document.body.dataset.move) > {move}", timeout=TIMEOUT)
        state = live_state(server, table)
        viewers: tuple[tuple[int | None, Any], ...] = ((0, pages[0]), (1, pages[1]), (None, watcher))
        for viewer, page in viewers:
            known = json.dumps(state.view(viewer)) + "\n".join(state.log(viewer))
            assert hidden_names(page.locator("body").inner_text() + page.locator("#board").inner_html(),
                                known) == []
        assert "Your decision" not in watcher.locator("#turn").inner_text()
    assert live_state(server, table).move_number >= 10
    # the other seat cannot act: its page offers nothing
    idle = pages[1 - live_state(server, table).current_player]
    assert idle.locator("#actions button").count() == 0 and idle.locator(BOARD_TARGETS).count() == 0


def test_reload_mid_game_comes_back_exactly(browser: Any, server: ServerThread) -> None:
    made = create(server, game="five_realms", seats=[{"kind": "human"}, {"kind": "ai", "level": "random"}],
                  seed=4)
    page = browser.new_page(viewport={"width": 1300, "height": 900})
    page.goto(made["seats"][0]["link"])
    rng = random.Random(1)
    for _ in range(5):
        wait_turn(page)
        click_something(page, rng, board_only=True)
    wait_turn(page)
    board, log = page.locator("#board").inner_html(), page.locator("#log").inner_text()
    state_move = live_state(server, made["table"]).move_number
    page.reload()
    page.wait_for_function(f"document.body.dataset.move === '{state_move}'")
    assert page.locator("#board").inner_html() == board and page.locator("#log").inner_text() == log
    wait_turn(page)
    assert click_something(page, rng, board_only=True).move == state_move  # still playable after the reload


def test_a_click_path_begun_is_kept_until_the_decision_changes(browser: Any, server: ServerThread) -> None:
    """A move's answer and its broadcast carry the same version: the second, arriving after
    the player has clicked the first step of a path, must not drop it (CI saw the Soulgivers
    game test time out on it); nor may a change that is no move (a name, a seat taken)."""
    made = create(server, game="soulgivers", seats=[{"kind": "human"}, {"kind": "ai", "level": "random"}],
                  seed=4)
    page = browser.new_page(viewport={"width": 1400, "height": 950})
    states: list[str] = []
    sockets: list[Any] = []

    def relay(page_socket: Any) -> None:
        server_socket = page_socket.connect_to_server()
        page_socket.on_message(server_socket.send)

        def to_page(message: str | bytes) -> None:
            if isinstance(message, str) and json.loads(message).get("type") == "state":
                states.append(message)
            page_socket.send(message)
        server_socket.on_message(to_page)
        sockets.append(page_socket)

    page.route_web_socket(re.compile(r"/ws/tables/"), relay)
    page.goto(made["seats"][0]["link"])
    wait_turn(page)
    state = live_state(server, made["table"])
    first = next(path[0] for path in map(state.click_path, state.legal_actions()) if len(path) > 1)
    page.locator(f'#board [data-handle="{first}"]').first.click(timeout=TIMEOUT)
    page.wait_for_function("document.body.dataset.picked === '1'", timeout=TIMEOUT)
    socket, payload = sockets[-1], json.loads(states[-1])

    def delivered(message: dict[str, Any], probe: int) -> str:
        """Send ``message`` to the page, then a chat line; once the line shows, the page has
        handled the message (a socket delivers in order): its click path depth."""
        socket.send(json.dumps(message))
        socket.send(json.dumps({"type": "chat", "number": probe, "name": "probe", "text": f"probe {probe}"}))
        page.wait_for_function(f"document.getElementById('chat').innerText.includes('probe {probe}')",
                               timeout=TIMEOUT)
        return str(page.evaluate("document.body.dataset.picked"))

    assert delivered(payload, 901) == "1", "the same payload again, as the broadcast after the answer"
    assert page.locator(f'#board [data-handle="{first}"].picked').count() >= 1
    renamed = {**payload, "version": payload["version"] + 1}  # e.g. a player's name changed
    assert delivered(renamed, 902) == "1", "a change that is no move keeps the path"
    moved = {**renamed, "version": payload["version"] + 2, "move": payload["move"] + 1}
    assert delivered(moved, 903) == "0", "a new decision starts its own path"


def test_undo_takes_back_a_decision_that_revealed_nothing(browser: Any, server: ServerThread) -> None:
    made = create(server, game="five_realms", seats=[{"kind": "human"}, {"kind": "ai", "level": "random"}],
                  seed=7)
    page = browser.new_page()
    page.goto(made["seats"][0]["link"])
    rng = random.Random(5)
    for _ in range(60):
        assert wait_turn(page) == "mine"
        board, before = page.locator("#board").inner_html(), page.evaluate("document.body.dataset.move")
        click_something(page, rng)
        wait_turn(page)
        if page.locator("#undo").is_visible():
            break
    else:
        pytest.fail("no undoable decision in 60 clicks")
    page.click("#undo")
    page.wait_for_function(f"document.body.dataset.move === '{before}'", timeout=TIMEOUT)
    assert page.locator("#board").inner_html() == board
    assert live_state(server, made["table"]).move_number == int(before)


def test_server_restart_mid_game_resumes_and_the_page_reconnects(browser: Any, db_path: str) -> None:
    srv = ServerThread(create_app(db_path, ai_workers=0)).__enter__()  # threads: see conftest
    made = create(srv, game="five_realms", seats=[{"kind": "human"}, {"kind": "ai", "level": "random"}],
                  seed=9)
    page = browser.new_page()
    page.goto(made["seats"][0]["link"])
    rng = random.Random(2)
    for _ in range(4):
        wait_turn(page)
        click_something(page, rng, board_only=True)
    wait_turn(page)
    before = live_state(srv, made["table"]).view(0)
    srv.__exit__(None, None, None)
    again = ServerThread(create_app(db_path, ai_workers=0), port=srv.port).__enter__()
    try:
        assert live_state(again, made["table"]).view(0) == before
        click_something(page, rng, board_only=True)  # the page reconnected on its own
        assert live_state(again, made["table"]).move_number > before["move_number"]
    finally:
        again.__exit__(None, None, None)


def new_table_from_lobby(page: Any, url: str, seat1: str, hot_seat: bool = False) -> None:
    page.goto(url + "/")
    form = page.locator("#game-five_realms form")
    form.locator("select[name=seat1]").select_option(seat1)
    if hot_seat:
        form.locator("input[name=hot_seat]").check()
    form.locator("button[type=submit]").click()


def test_lobby_table_for_two_humans_and_the_invited_player_takes_the_seat_once(
        browser: Any, server: ServerThread) -> None:
    """Issue 17, defects 1 and 10: the invite works once, for the first browser that opens it;
    the creator's copy of it gives nothing, and the lobby does not offer the invited seat."""
    first = browser.new_context().new_page()
    new_table_from_lobby(first, server.url, "human")
    first.wait_for_selector(".created a.go", timeout=TIMEOUT)
    invite = first.locator(".created input.invite").input_value()
    assert "#seat=1&invite=" in invite
    first.click(".created a.go")
    first.wait_for_function("document.body.dataset.move !== undefined", timeout=TIMEOUT)
    visitor = browser.new_context().new_page()
    visitor.goto(server.url + "/")
    assert visitor.locator("button.join").count() == 0, "an invited seat is not offered in the lobby"
    second = browser.new_context().new_page()
    second.goto(invite)
    second.wait_for_function("document.body.dataset.move !== undefined", timeout=TIMEOUT)
    assert second.url == first.url, "the invite code is taken out of the address"
    second.wait_for_function("document.getElementById('seats')?.innerText.includes('Seat 1 (you)')",
                             timeout=TIMEOUT)
    assert "Seat 0 (you)" in first.locator("#seats").inner_text()
    again = browser.new_context().new_page()  # the creator's copy of the link, opened later
    again.goto(invite)
    refused = "document.getElementById('error').innerText.includes('not valid')"
    again.wait_for_function(refused, timeout=TIMEOUT)
    assert "(you)" not in again.locator("#seats").inner_text()
    rng = random.Random(4)
    for _ in range(6):
        table = first.url.rsplit("/", 1)[1]
        actor = (first, second)[live_state(server, table).current_player]
        wait_turn(actor)
        move = click_something(actor, rng).move
        for page in (first, second):
            page.wait_for_function(f"Number(document.body.dataset.move) > {move}", timeout=TIMEOUT)


def test_hot_seat_one_browser_plays_both_seats(browser: Any, server: ServerThread) -> None:
    page = browser.new_page()
    new_table_from_lobby(page, server.url, "human", hot_seat=True)
    page.wait_for_url(re.compile(r"/t/\w+$"), timeout=TIMEOUT)
    table = page.url.rsplit("/", 1)[1]
    rng, seats = random.Random(6), set()
    for _ in range(12):
        assert wait_turn(page) == "mine"
        seats.add(live_state(server, table).current_player)
        click_something(page, rng)
    assert seats == {0, 1}


def test_names_and_chat_between_two_browsers_and_a_spectator(browser: Any, server: ServerThread) -> None:
    """Issue 17: a name given in the lobby goes with the invite; chat reaches everyone as
    text (never HTML); a player mutes the spectators."""
    made = create(server, game="five_realms", seats=[{"kind": "human"}, {"kind": "human"}], name="Ada")
    host = browser.new_context().new_page()
    host.goto(made["seats"][0]["link"])
    guest = browser.new_context().new_page()
    guest.goto(server.url + "/")
    guest.fill("#your-name", "Bob")
    guest.locator("#your-name").dispatch_event("change")
    guest.goto(made["seats"][1]["link"])
    watcher = browser.new_context().new_page()
    watcher.goto(made["url"])
    for page, text in ((host, "Seat 1 · Bob"), (guest, "Seat 0 · Ada"), (watcher, "Seat 1 · Bob")):
        seen = f"document.getElementById('seats')?.innerText.includes({text!r})"
        page.wait_for_function(seen, timeout=TIMEOUT)
    guest.fill("#chat-text", "hi <b>Ada</b>")
    guest.click("#chat-form button")
    for page in (host, guest, watcher):
        page.wait_for_function("document.getElementById('chat').innerText.includes('hi <b>Ada</b>')",
                               timeout=TIMEOUT)
        assert page.locator("#chat b").first.inner_text() == "Bob: ", "the text is shown, not read as HTML"
    host.check("#mute")
    watcher.wait_for_function("document.getElementById('chat-form').hidden", timeout=TIMEOUT)
    assert guest.locator("#chat-form").is_visible(), "players keep their chat"


def test_a_rematch_offered_in_one_browser_is_accepted_in_the_other(
        browser: Any, server: ServerThread) -> None:
    """Issue 17: one click at the end offers the same table again, seats swapped; the other
    player accepts from their own page."""
    made = create(server, game="tricks", options={"hand": 1}, seats=[{"kind": "human"}, {"kind": "human"}])
    pages = [browser.new_context().new_page() for _ in range(2)]
    for seat, page in enumerate(pages):
        page.goto(made["seats"][seat]["link"])
    rng = random.Random(3)
    while not (state := live_state(server, made["table"])).is_over:
        actor = pages[state.current_player]
        wait_turn(actor)
        click_something(actor, rng)
    host, guest = pages
    wait_turn(host)
    host.click("#rematch button")
    host.wait_for_url(lambda url: "/t/" in url and not url.endswith(made["table"]), timeout=TIMEOUT)
    taken = "document.getElementById('seats')?.innerText.includes('Seat 1 (you)')"
    host.wait_for_function(taken, timeout=TIMEOUT)
    guest.click("#rematch a", timeout=TIMEOUT)
    guest.wait_for_function("document.getElementById('seats')?.innerText.includes('Seat 0 (you)')",
                            timeout=TIMEOUT)
    assert guest.url == host.url


def test_a_player_out_of_time_is_shown_and_the_other_claims_the_win(
        browser: Any, server: ServerThread, monkeypatch: pytest.MonkeyPatch) -> None:
    """Issue 17, the turn clock: a table made 100 s ago with one minute each; seat 0, to move,
    is out of time: every page says so, nothing ends by itself, seat 1 claims the win."""
    import time

    from soulforge.server import tables

    monkeypatch.setattr(tables, "clock_now", lambda: time.time() - 100)
    made = create(server, game="tricks", seats=[{"kind": "human"}, {"kind": "human"}], clock_minutes=1)
    monkeypatch.setattr(tables, "clock_now", time.time)
    pages = [browser.new_context().new_page() for _ in range(3)]
    links = [made["seats"][0]["link"], made["seats"][1]["link"], made["url"]]
    for page, link in zip(pages, links, strict=True):
        page.goto(link)
        page.wait_for_function("document.getElementById('clock').innerText.includes('out of time')",
                               timeout=TIMEOUT)
    late, other, watcher = pages
    assert late.locator("#clock button").count() == 0 and watcher.locator("#clock button").count() == 0
    assert "1:00" in late.locator("#clock").inner_text(), "seat 1's bank is untouched"
    other.click("#clock button.claim")
    for page in pages:
        page.wait_for_function("document.getElementById('result').innerText.includes('claimed the win')",
                               timeout=TIMEOUT)
    assert "Seat 0 ran out of time" in watcher.locator("#result").inner_text()


def test_a_spectator_sees_no_control_it_cannot_use(browser: Any, server: ServerThread) -> None:
    """Issue 30, item 7: ``.line-form {display: flex}`` overrode ``hidden``, so a spectator saw
    "Your name / Save", which does nothing for it, and, once the players mute spectators, a
    chat box that only answers with an error."""
    made = create(server, game="five_realms", seats=[{"kind": "human"}, {"kind": "human"}])
    host = browser.new_context().new_page()
    host.goto(made["seats"][0]["link"])
    watcher = browser.new_context().new_page()
    watcher.goto(made["url"])
    seats_shown = "document.getElementById('seats')?.innerText.includes('Seat 1')"
    for page in (host, watcher):
        page.wait_for_function(seats_shown, timeout=TIMEOUT)
    assert host.locator("#name-form").is_visible() and host.locator("#mute-label").is_visible()
    assert not watcher.locator("#name-form").is_visible(), "a spectator has no name to save"
    assert not watcher.locator("#mute-label").is_visible()
    assert watcher.locator("#chat-form").is_visible(), "spectators may chat until muted"
    host.check("#mute")
    watcher.wait_for_function("document.getElementById('chat-form').hidden", timeout=TIMEOUT)
    assert not watcher.locator("#chat-form").is_visible(), "a muted spectator is offered no chat box"
    assert host.locator("#chat-form").is_visible()
