"""Terminal rendering of a Soulshards view (``soulforge play``): rich renderables only."""

from __future__ import annotations

from typing import Any

from rich.console import Group, RenderableType
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

View = dict[str, Any]


def _unit(u: dict[str, Any]) -> str:
    marks = "".join(["P" if u["prepared"] else "", "x" if u["pinned"] else ""])
    attached = f" +{','.join(u['attached'])}" if u["attached"] else ""
    kw = f" [{', '.join(u['keywords'])}]" if u["keywords"] else ""
    if u["type"] != "character":
        return f"{u['spot']} {u['card']} (Gear){attached}"
    return (
        f"{u['spot']} {u['card']} M{u['martial']} E{u['elude']} En{u['endure']} T{u['trait']} "
        f"F{u['fatigue']}{marks}{kw}{attached}"
    )


def _player(view: View, p: dict[str, Any]) -> Panel:
    attrs = " ".join(f"{k.title()} {v}" for k, v in p["attributes"].items())
    lines = [
        f"City {p['city']['name']}: {p['city']['text']}",
        f"Resolve {p['resolve']}   Edge {p['edge']}   {attrs}",
        f"Arsenal {p['arsenal_size']}   Hand {p['hand_size']}   Reserves {p['reserves_size']}",
        "Stockpile: " + (", ".join(f"{s['card']} ({s['attribute'].title()})" for s in p["stockpile"]) or "-"),
        "Home: " + (", ".join(p["home"]) or "-"),
        "Battlefield: " + ("; ".join(_unit(u) for u in p["battlefield"]) or "-"),
        "Keep: " + ("; ".join(_unit(u) for u in p["keep"]) or "-"),
    ]
    if p.get("hand") is not None:
        lines.append("Hand: " + (", ".join(p["hand"]) or "-"))
    if p["support"]:
        lines.append(f"Support chosen: {p['support']['card'] or 'concealed'} ({p['support']['source']})")
    return Panel("\n".join(lines), title=f"Seat {p['seat']}")


def render(view: View) -> RenderableType:
    parts: list[RenderableType] = [Text(f"Turn {view['turn']}, step: {view['step']}", style="bold")]
    parts += [_player(view, p) for p in view["players"]]
    fight = view.get("fight")
    if fight:
        table = Table(title="Fight" if fight["kind"] != "check" else "DL check")
        table.add_column("")
        table.add_column("")
        for key, value in fight.items():
            table.add_row(str(key), str(value))
        parts.append(table)
    if view.get("is_over"):
        parts.append(Text(f"Game over: {view.get('end_reason')}", style="bold red"))
    return Group(*parts)
