"""Terminal rendering of a Kipukas view (``soulforge play``): rich renderables only.

Takes a view (never a state), so it shows exactly what its viewer knows.
"""

from __future__ import annotations

from typing import Any

from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text

from soulforge.games.kipukas.data import CARDS
from soulforge.games.kipukas.items import RECIPES
from soulforge.games.kipukas.styles import STYLES

View = dict[str, Any]
SEAT_STYLES = ("bold red", "bold blue", "bold green", "bold magenta")


def piece_label(piece: dict[str, Any]) -> str:
    """'#3 Hilbert: King of Avian Frogs (1 injury, downed)' or '#3 face down'."""
    card = piece.get("card")
    if card is None:
        return f"#{piece['piece']} face down"
    label = f"#{piece['piece']} {CARDS[card].name}"
    hurt = sum(piece.get("injuries") or [])
    notes = [f"{hurt} injur{'y' if hurt == 1 else 'ies'}"] if hurt else []
    notes += ["downed"] if piece.get("downed") else []
    notes += ["prisoner"] if piece.get("prisoner") else []
    notes += ["immobilized"] if piece.get("immobilized") else []
    notes += ["sticky"] if piece.get("sticky") else []
    notes += ["ranged weapon"] if piece.get("ranged") else []
    notes += [] if piece.get("revealed") else ["unrevealed"]
    return label + (f" ({', '.join(notes)})" if notes else "")


def snare_label(view: View, snare: dict[str, Any]) -> str:
    """'seat 0's Snare Trap in territory 2', or 'seat 1's face-down trap carried by #4'."""
    recipe = snare.get("recipe")
    what = "face-down trap" if recipe is None else RECIPES[recipe].name
    carrier = snare.get("carrier")
    where = f"in territory {snare['territory']}" if carrier is None else f"carried by #{carrier}"
    return f"seat {snare['owner']}'s {what} {where}"


def _territories(view: View) -> Table:
    table = Table(title=f"The kipuka ({view['map']['name']})", show_lines=True)
    for column in ("#", "geography", "holder", "stands and cards"):
        table.add_column(column)
    pieces = view["pieces"]
    for t in view["map"]["territories"]:
        holder = t["holder"]
        who = "-" if holder is None else f"seat {holder}" + (" capital" if t["capital_of"] == holder else "")
        lines = []
        boats = {b["stand"]: b for b in view["map"].get("boats") or ()}
        for stand in t["stands"]:
            here = [p for p in pieces if p["stand"] == stand]
            text = ", ".join(piece_label(p) for p in here) or "empty"
            boat = boats.get(stand)
            aboard = ""
            if boat:  # a map's boat (#geography) waits here
                aboard = f" (boat {boat['boat'] + 1}: {boat['capacity']} souls, {boat['distance']} paths)"
            lines.append(f"{stand}: {text}{aboard}")
        style = SEAT_STYLES[holder % 4] if holder is not None else ""
        geography = t["geography"] + (" (transit)" if t["transit"] else "")
        table.add_row(str(t["number"]), geography, Text(who, style=style), "\n".join(lines))
    return table


def _players(view: View) -> Table:
    table = Table(title="Players")
    for column in ("seat", "affinity", "territories", "hand", "deck", "discard"):
        table.add_column(column)
    for p in view["players"]:
        hand = ", ".join(CARDS[c].name if c else "?" for c in p["hand"]) or "-"
        table.add_row(
            str(p["seat"]),
            p["affinity"] or "-",
            ", ".join(map(str, p["territories"])) or "-",
            hand,
            str(p["deck_size"]),
            str(len(p["discard"])),
        )
    return table


def render(view: View) -> RenderableType:
    head = Text(
        f"Diel cycle {view['cycle']}: {view['diel'] or 'setup'}; initiative: seat {view['initiative']}"
    )
    parts: list[RenderableType] = [head, _territories(view), _players(view)]
    if view.get("style"):  # a play style's public state (``styles/``; none for Domination)
        parts.insert(1, Text(STYLES[view["style"]["name"]].said(view["style"])))
    offer = view.get("offer")
    if offer:  # a trade offered over a rogue (#rouge): the card only for the two seats trading
        card = CARDS[offer["card"]].name if offer["card"] else "a card of its hand"
        parts.append(Text(f"Trade offered: seat {offer['from']} offers seat {offer['to']} {card}"))
    if view.get("bombs"):
        bombs = [f"seat {b['owner']}'s in territory {b['territory']} ({b['cycles']} cycles counted)"
                 for b in view["bombs"]]
        parts.append(Text("Bee Bombs launched: " + "; ".join(bombs)))
    if view.get("snares"):
        parts.append(Text("Crafted traps: " + "; ".join(snare_label(view, x) for x in view["snares"])))
    if view.get("carried"):  # trap cards moved by a soul (#traps): named to their owner only
        moved = [f"seat {c['owner']}'s {CARDS[c['card']].name if c['card'] else 'face-down card'} "
                 f"carried by #{c['carrier']}" for c in view["carried"]]
        parts.append(Text("Trap cards carried: " + "; ".join(moved)))
    reroll = (view.get("fight") or {}).get("reroll")
    if reroll:  # a throw open to its owner's re-roll (Tira Marvelous Myriad)
        parts.append(Text(reroll_said(view, reroll)))
    if view.get("exchange"):
        parts.append(Text("Last exchange:\n" + "\n".join(view["exchange"][-8:])))
    return Group(*parts)


def reroll_said(view: View, reroll: dict[str, Any]) -> str:
    """A throw open to a re-roll in words: whose, the totals as they stand, what is asked."""
    attack, defence = reroll["totals"]
    owner = next((p["owner"] for p in view["pieces"] if p["piece"] == reroll["piece"]), None)
    during = "the Final Blow" if reroll["during"] == "final_blow" else "the bout"
    return (f"Re-roll? In {during}, attack {attack} against defence {defence}: seat {owner} may "
            f"re-roll its {reroll['side']}'s throw once (the second throw counts) or keep it")
