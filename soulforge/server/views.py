"""HTML pages, server-rendered (the script only upgrades them: live updates and clicks)."""

from __future__ import annotations

from html import escape
from pathlib import Path
from typing import Any

from soulforge.server.storage import TableRow

LEVELS = ("easy", "normal", "hard", "random")
STATIC = Path(__file__).parent / "static"
ICON = '<link rel="icon" href="/static/favicon.svg" type="image/svg+xml">'
"""Every page's icon (the static folder's SVG; ``/favicon.ico`` serves the same)."""


def page(title: str, body: str, script: str | None = None, data: str = "") -> str:
    """A page of the site; every page carries the account script (sign-in state in the header,
    the CSRF header on the page's writes)."""
    tag = '<script src="/static/account.js" defer></script>'
    tag += f'<script src="/static/{script}" {data} defer></script>' if script else ""
    return (
        '<!doctype html><html lang="en"><head><meta charset="utf-8">'
        '<meta name="viewport" content="width=device-width, initial-scale=1">'
        f'<title>{escape(title)} - Soulforge</title>{ICON}'
        f'<link rel="stylesheet" href="/static/style.css">{tag}'
        '</head><body><header class="top"><a href="/" class="brand">Soulforge</a>'
        f'<span class="crumb">{escape(title)}</span><span id="account" class="account"></span></header>'
        f'<main>{body}</main></body></html>'
    )


def lobby(games: list[dict[str, Any]], tables: list[TableRow], titles: dict[str, str],
          accounts: dict[str, dict[int, dict[str, Any]]] | None = None) -> str:
    """The lobby; ``accounts``: each table's seats held by accounts, shown with their rating."""
    cards = "".join(_game_card(g) for g in games) or "<p>No game is registered.</p>"
    groups = [("Open tables", [t for t in tables if t.open], "Join"),
              ("In progress", [t for t in tables if t.status == "playing" and not t.open], "Watch"),
              ("Finished", [t for t in tables if t.status == "over"], "Replay")]
    lists = "".join(_table_list(label, rows, verb, titles, accounts or {}) for label, rows, verb in groups)
    body = ('<section id="sign-in" class="sign-in" hidden></section>'
            '<p class="your-name"><label>Your name (shown to the other players) <input id="your-name" '
            'maxlength="32" autocomplete="nickname"></label></p>'
            f'<section class="games"><h1>Games</h1><div class="cards">{cards}</div></section>'
            f'<section class="tables"><h1>Tables</h1>{lists}</section>')
    return page("Lobby", body, "lobby.js")


def _game_card(game: dict[str, Any]) -> str:
    gid = escape(game["id"])
    players = "".join(f'<option value="{n}">{n} players</option>'
                      for n in range(game["min_players"], game["max_players"] + 1))
    seats = "".join(_seat_select(i) for i in range(game["max_players"]))
    options = "".join(_option_input(o) for o in game["options"])
    how = f' · <a href="/how/{gid}">How to play</a>' if game.get("how_url") else ""
    return (
        f'<article class="card" id="game-{gid}"><h2>{escape(game["title"])}</h2>'
        f'<p>{escape(game["summary"])}</p><p class="links"><a href="/rules/{gid}">Rules</a>{how}</p>'
        f'<form class="new-table" data-game="{gid}"><label>Players <select name="players">{players}'
        f'</select></label><fieldset class="seats"><legend>Seats</legend>{seats}</fieldset>'
        f'{"<fieldset><legend>Options</legend>" + options + "</fieldset>" if options else ""}'
        '<label>Seed <input name="seed" type="number" placeholder="random"> (practice against the AI '
        'or hot-seat only)</label>'
        '<label>Turn-based <input name="turn_hours" type="number" min="1" max="336" placeholder="no"> '
        'hours per turn (games over days: nobody needs to stay connected)</label>'
        '<label>Turn clock <input name="clock" type="number" min="1" max="600" placeholder="none"> '
        'minutes per player</label>'
        '<label class="check"><input name="hot_seat" type="checkbox"> Hot-seat (one screen plays all '
        'humans)</label><label class="check"><input name="listed" type="checkbox"> Offer the other seats '
        'in the lobby (instead of invite links)</label><label class="check"><input name="rated" '
        'type="checkbox"> Rated (signed-in people only, no AI)</label>'
        '<button type="submit">New table</button><div class="created"></div>'
        '</form></article>'
    )


def _seat_select(seat: int) -> str:
    ai = "".join(f'<option value="ai:{lv}"{" selected" if seat and lv == "normal" else ""}>AI ({lv})</option>'
                 for lv in LEVELS)
    return (f'<label class="seat" data-seat="{seat}">Seat {seat} <select name="seat{seat}">'
            f'<option value="human"{"" if seat else " selected"}>Human</option>{ai}</select></label>')


def option_bounds(opt: dict[str, Any]) -> str:
    """An option's default and range in words, as the lobby shows them beside its field.

    >>> option_bounds({"type": "int", "default": 60, "minimum": 2, "maximum": 200})
    'default 60, from 2 to 200'
    >>> option_bounds({"type": "str", "default": "duel", "choices": ["duel", "grand"]})
    'default duel, or grand'
    >>> option_bounds({"type": "str", "default": "a_b", "choices": ["a_b", "c"],
    ...                "choice_labels": {"a_b": "A b"}})
    'default A b, or c'
    >>> option_bounds({"type": "bool", "default": False})
    'default off'
    """
    default = opt["default"]
    words = opt.get("choice_labels") or {}
    shown = ("on" if default else "off") if opt["type"] == "bool" else words.get(str(default), str(default))
    parts = [f"default {shown}"]
    others = [words.get(str(c), str(c)) for c in opt.get("choices") or () if c != default]
    if others:
        parts.append("or " + ", ".join(others))
    low, high = opt.get("minimum"), opt.get("maximum")
    if low is not None and high is not None:
        parts.append(f"from {low} to {high}")
    elif low is not None:
        parts.append(f"at least {low}")
    elif high is not None:
        parts.append(f"at most {high}")
    return ", ".join(parts)


def _option_input(opt: dict[str, Any]) -> str:
    name, default = escape(opt["name"]), opt["default"]
    label = escape(opt.get("label") or opt["name"])
    help_text = (f' <small class="option-help"><span class="bounds">{escape(option_bounds(opt))}</span>'
                 + (f' · {escape(opt["help"])}' if opt.get("help") else "") + "</small>")
    if opt.get("choices"):
        words = opt.get("choice_labels") or {}  # the choice in words; the value sent is its code name
        items = "".join(f'<option value="{escape(str(c))}"{" selected" if c == default else ""}>'
                        f'{escape(words.get(str(c), str(c)))}</option>' for c in opt["choices"])
        field = f'<select name="opt:{name}" data-type="{opt["type"]}">{items}</select>'
    elif opt["type"] == "bool":
        field = f'<input type="checkbox" name="opt:{name}" data-type="bool"{" checked" if default else ""}>'
    elif opt["type"] == "int":
        bounds = "".join(f' {k[:3]}="{opt[k]}"' for k in ("minimum", "maximum") if opt.get(k) is not None)
        field = f'<input type="number" name="opt:{name}" data-type="int" value="{default}"{bounds}>'
    elif opt.get("deck"):  # a built-in deck's name, or a deck list pasted as text (never a path)
        field = (f'<textarea name="opt:{name}" data-type="str" rows="2" maxlength="20000" '
                 f'spellcheck="false">{escape(str(default))}</textarea>')
    else:
        field = f'<input name="opt:{name}" data-type="str" value="{escape(str(default))}">'
    return f'<label class="option"><span class="option-name">{label}</span> {field}{help_text}</label>'


def _seat_label(seat: Any, held: dict[str, Any] | None) -> str:
    """A seat in the lobby: its name (or its account's), the account's rating beside it."""
    if seat.kind != "human":
        return f"AI {seat.level}"
    if held is None:
        return str(seat.name or seat.kind)
    rating = f" ({held['rating']:g})" if held.get("rating") is not None else ""
    return f"{seat.name or held['account']}{rating}"


def _table_list(label: str, rows: list[TableRow], verb: str, titles: dict[str, str],
                accounts: dict[str, dict[int, dict[str, Any]]]) -> str:
    if not rows:
        return f'<h2>{label}</h2><p class="empty">None.</p>'
    items = []
    for row in rows[:50]:
        seats = ", ".join(_seat_label(s, accounts.get(row.id, {}).get(s.seat)) for s in row.seats)
        if verb == "Join":
            act = f'<button class="join" data-table="{row.id}">Join</button> <a href="/t/{row.id}">Watch</a>'
        elif verb == "Replay":
            act = (f'<a href="/t/{row.id}/replay">Replay</a> '
                   f'<a href="/api/tables/{row.id}/record" download="{row.id}.json">Record</a>')
        else:
            act = f'<a href="/t/{row.id}">Watch</a>'
        chosen = ' <span class="tag">chosen seed</span>' if row.seed_chosen else ""
        chosen += ' <span class="tag">rated</span>' if row.rated else ""
        items.append(f'<li><b>{escape(titles.get(row.game, row.game))}</b> <code>{row.id}</code> '
                     f'<span class="muted">{escape(seats)}</span>{chosen} {act}</li>')
    return f'<h2>{label}</h2><ul class="table-list">{"".join(items)}</ul>'


def rules(title: str, html_body: str | None, how_url: str | None = None) -> str:
    body = html_body or "<p>The rulebook file is not available.</p>"
    how = (f'<p class="see-also">New to the game? Read <a href="{escape(how_url)}">how to play</a> first; '
           'this rulebook is the reference.</p>' if how_url else "")
    return page(f"{title}: rules", f'<article class="rules"><h1>{escape(title)}</h1>{how}{body}</article>')


def how_to(title: str, game_id: str, html_body: str) -> str:
    """A game's "how to play" page: our own words, example boards, links into the rulebook."""
    gid = escape(game_id)
    links = (f'<p class="see-also"><a href="/rules/{gid}">The full rulebook</a> · '
             f'<a href="/#game-{gid}">Start a table</a></p>')
    return page(f"{title}: how to play",
                f'<article class="rules how-to"><h1>How to play {escape(title)}</h1>{links}{html_body}'
                f'{links}</article>')


def table(payload: dict[str, Any], how_url: str | None = None) -> str:
    """The table page; holds the spectator's board until the script connects with a seat token.
    ``how_url``: the game's how-to-play page, linked beside the seats when there is one."""
    tid = escape(payload["table"])
    how = (f'<p class="how-link"><a href="{escape(how_url)}" target="_blank" rel="noopener">'
           'How to play</a></p>' if how_url else "")
    # The decision (whose turn, the prompt, the buttons, the result) is its own block after the
    # board: beside it on a wide screen, and on a phone held at the bottom of the screen while
    # the board scrolls under it (style.css), so no decision needs a scroll past the board.
    body = (
        f'<div class="table-page"><section id="board" class="board-wrap">{payload["svg"]}</section>'
        '<p id="tip" class="tip" role="status" hidden></p>'
        '<section id="decision" class="side decision" aria-label="Decision">'
        f'<h1 class="table-title">{escape(payload["title"])}</h1>'
        '<div id="turn" class="turn"></div><p id="clock" class="clock" hidden aria-live="off"></p>'
        '<button id="notify" type="button" class="notify" hidden>Notify me when it is my turn</button>'
        f'<div id="prompt" class="prompt">{escape(payload["prompt"])}</div>'
        '<div id="thinking" class="thinking" hidden>AI is thinking&hellip;</div>'
        '<div id="error" class="error" role="alert"></div><div id="actions" class="actions"></div>'
        '<button id="undo" class="undo" hidden>Undo</button>'
        '<div id="over" class="over" hidden><p id="result"></p>'
        f'<a href="/api/tables/{tid}/record" download="{tid}.json">Download the record</a> '
        f'<a href="/t/{tid}/replay">Replay</a> <a href="/">Lobby</a><p id="rematch"></p>'
        '<p id="records-news" aria-live="polite"></p></div></section>'
        '<aside class="side"><h2>Seats</h2><ul id="seats" class="seat-list"></ul>'
        '<p id="links" class="links"></p>'
        f'{how}<p class="why-link"><a href="/t/{tid}/why">Why can\'t I &hellip;?</a></p>'
        '<form id="name-form" class="line-form" hidden><label>Your name <input id="name-text" '
        'maxlength="32" autocomplete="nickname"></label><button type="submit">Save</button></form>'
        '<h2>Log</h2><ol id="log" class="log" tabindex="0" aria-label="Log"></ol>'
        '<h2>Chat</h2><ol id="chat" class="log chat" tabindex="0" aria-label="Chat" aria-live="polite"></ol>'
        '<form id="chat-form" class="line-form"><label>Message <input id="chat-text" maxlength="300" '
        'autocomplete="off"></label><button type="submit">Send</button></form>'
        '<label id="mute-label" class="check" hidden><input id="mute" type="checkbox"> '
        'Mute spectators</label>'
        '</aside></div>'
    )
    return page(f'{payload["title"]} · table {payload["table"]}', body, "table.js", f'data-table="{tid}"')


def replay(table_id: str, title: str, players: int) -> str:
    tid = escape(table_id)
    seat_tabs = "".join(f'<button data-seat="{p}">Seat {p}</button>' for p in range(players))
    body = (
        '<div class="replay"><div class="controls"><button id="first">&laquo;</button>'
        '<button id="prev">&lsaquo; Prev</button><input id="slider" type="range" min="0" value="0">'
        '<button id="next">Next &rsaquo;</button><button id="last">&raquo;</button>'
        '<span id="stepinfo"></span></div>'
        f'<div class="viewers"><button data-seat="" class="on">Spectator</button>{seat_tabs}</div>'
        '<div class="table-page"><section id="board" class="board-wrap"></section>'
        f'<aside class="side"><h1 class="table-title">{escape(title)}</h1><p id="label"></p>'
        '<h2>Log</h2><ol id="log" class="log" tabindex="0" aria-label="Log"></ol></aside></div></div>'
    )
    return page(f"{title} · replay {table_id}", body, "replay.js", f'data-table="{tid}"')
