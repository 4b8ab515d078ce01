"""A player's page (issue 34), server-rendered: their games in progress and finished (with
replay links), each game's rating and its history as an SVG plot, opponents, win rates by game
and seat. Every text from a person is escaped."""

from __future__ import annotations

import time
from html import escape
from typing import Any
from urllib.parse import quote

from soulforge.server.views import page

PLOT_W, PLOT_H, PAD = 320, 120, 8


def plot(points: list[float], label: str) -> str:
    """A rating history as an SVG line (oldest left), with its range for screen readers.

    >>> "<polyline" in plot([0.0, 1.5, 3.0], "x") and 'role="img"' in plot([1.0], "x")
    True
    """
    if not points:
        return ""
    low, high = min(points), max(points)
    span = (high - low) or 1.0
    step = (PLOT_W - 2 * PAD) / max(1, len(points) - 1)
    xy = [(PAD + i * step, PAD + (PLOT_H - 2 * PAD) * (1 - (p - low) / span)) for i, p in enumerate(points)]
    line = " ".join(f"{x:.1f},{y:.1f}" for x, y in xy)
    title = f"{label}: from {points[0]:g} to {points[-1]:g} over {len(points)} rated games"
    dots = "".join(f'<circle cx="{x:.1f}" cy="{y:.1f}" r="2.5"/>' for x, y in xy[-1:])
    return (f'<svg class="rating-plot" viewBox="0 0 {PLOT_W} {PLOT_H}" width="{PLOT_W}" height="{PLOT_H}" '
            f'role="img" aria-label="{escape(title)}"><title>{escape(title)}</title>'
            f'<polyline fill="none" stroke="currentColor" stroke-width="2" points="{line}"/>{dots}</svg>')


def home(name: str) -> str:
    """The address of a player's page, escaped for an attribute.

    >>> home("Ada & Bo")
    '/u/Ada%20%26%20Bo'
    """
    return escape("/u/" + quote(name, safe=""))


def _game_row(game: dict[str, Any], finished: bool) -> str:
    tid = escape(game["table"])
    when = time.strftime("%Y-%m-%d", time.gmtime(game["created"]))
    others = ", ".join(f'<a href="{home(n)}">{escape(n)}</a>' for n in game["opponents"].values())
    link = (f'<a href="/t/{tid}/replay">replay</a>' if finished
            else f'<a href="/t/{tid}">go to the table</a>')
    rated = " (rated)" if game["rated"] else ""
    vs = f" against {others}" if others else ""
    return f'<li>{escape(game["game"])}{rated}, seat {game["seat"]}{vs}, {when}: {link}</li>'


def render(player: dict[str, Any]) -> str:
    """The page of ``player`` (``Community.player``)."""
    name = escape(player["name"])
    ratings = "".join(
        f'<li><strong>{escape(game)}</strong>: {r["rating"]:g} ({r["games"]} rated games)'
        f'{plot([h["rating"] for h in player["history"].get(game, [])], game)}</li>'
        for game, r in player["ratings"].items()) or "<li>No rated game yet.</li>"
    playing = "".join(_game_row(g, False) for g in player["playing"]) or "<li>None.</li>"
    turn = "".join(_game_row(g, False) for g in player.get("your_turn", [])) or "<li>None.</li>"
    finished = "".join(_game_row(g, True) for g in player["finished"]) or "<li>None.</li>"
    rates = "".join(
        f'<tr><td>{escape(game)}</td><td>{escape(seat)}</td><td>{c["won"]} / {c["played"]}</td>'
        f'<td>{100 * c["rate"]:.0f}%</td></tr>'
        for game, seats in player["win_rates"].items() for seat, c in sorted(seats.items()))
    table = ('<table class="win-rates"><thead><tr><th>Game</th><th>Seat</th><th>Won</th><th>Rate</th></tr>'
             f'</thead><tbody>{rates}</tbody></table>') if rates else "<p>No finished game yet.</p>"
    opponents = "".join(f'<li><a href="{home(o["name"])}">{escape(o["name"])}</a>: {o["games"]} games, '
                        f'{o["won"]} won</li>' for o in player["opponents"]) or "<li>None yet.</li>"
    body = (f'<section class="player"><h1>{name}</h1>'
            f'<h2>Ratings</h2><ul class="ratings">{ratings}</ul>'
            f'<h2>Waiting for {name} to move</h2><ul class="your-turn">{turn}</ul>'
            f'<h2>Games in progress</h2><ul class="games-playing">{playing}</ul>'
            f'<h2>Finished games</h2><ul class="games-over">{finished}</ul>'
            f'<h2>Win rates by game and seat</h2>{table}'
            f'<h2>Opponents</h2><ul class="opponents">{opponents}</ul></section>')
    return page(player["name"], body)
