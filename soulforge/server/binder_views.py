"""The Kipukas binder's pages (issue 33), server-rendered for a phone beside a physical game:
the binder (search and filters work as a plain form), a card's page with its damage tracker,
the recipe lookup and the rules-help page of a table. Every text is escaped."""

from __future__ import annotations

from html import escape
from urllib.parse import urlencode

from soulforge.server.binder_data import (
    CARD_TYPE_NAMES,
    TYPE_SECTIONS,
    BinderCard,
    Filters,
    Recipe,
    facets,
    items,
)
from soulforge.server.views import page

STYLE = '<link rel="stylesheet" href="/static/binder.css">'
RULES = "/rules/kipukas"


def toolbar() -> str:
    """The binder's toolbar: its pages, the rulebook, and the reset of the damage tracker."""
    return (f'{STYLE}<nav class="binder-bar" aria-label="Binder"><a href="/kipukas/cards">Binder</a>'
            '<a href="/kipukas/recipes">Recipes</a>'
            f'<a href="{RULES}">Rulebook</a>'
            '<button type="button" id="reset-damage" class="reset" hidden>Reset damage</button>'
            '<span id="reset-said" class="said" role="status"></span></nav>')


def _select(name: str, label: str, values: tuple[str, ...], chosen: str | None) -> str:
    shown = CARD_TYPE_NAMES if name == "type" else {}
    options = "".join(f'<option value="{escape(v)}"{" selected" if v == chosen else ""}>'
                      f'{escape(shown.get(v, v))}</option>' for v in values)
    return f'<label>{label} <select name="{name}"><option value="">any</option>{options}</select></label>'


def _card_row(card: BinderCard) -> str:
    facts = [card.type_name, *(x for x in (card.gene, card.motivation, card.habitat) if x)]
    code = f' <code class="code">{escape(card.short_code)}</code>' if card.short_code else ""
    return (f'<li class="binder-card"><a href="/kipukas/cards/{escape(card.id)}">{escape(card.name)}</a>'
            f'{code}'
            f'<br><small>{escape(" · ".join(facts))}</small></li>')


def index(filters: Filters, found: list[BinderCard]) -> str:
    """The binder: a search form (a plain GET form: no script needed) and the cards it keeps."""
    values = facets()
    selects = "".join([
        _select("type", "Type", values["type"], filters.type),
        _select("archetype", "Archetype", values["archetype"], filters.archetype),
        _select("habitat", "Habitat", values["habitat"], filters.habitat),
        _select("motive", "Motive", values["motive"], filters.motive),
    ])
    rows = "".join(_card_row(c) for c in found) or '<li class="empty">No card matches.</li>'
    body = (f'{toolbar()}<section class="binder"><h1>The Kipukas binder</h1>'
            '<form class="binder-search" method="get" action="/kipukas/cards" role="search">'
            f'<label>Search <input type="search" name="q" value="{escape(filters.q)}" maxlength="80" '
            f'placeholder="name, text, code"></label>{selects}<button type="submit">Find</button> '
            '<a href="/kipukas/cards">Clear</a></form>'
            f'<p class="count" id="count">{len(found)} card{"" if len(found) == 1 else "s"}</p>'
            f'<ul class="binder-list" id="cards">{rows}</ul>'
            '<form class="code-form" method="get" action="/kipukas/code"><label>Code from the back of a '
            'card <input name="code" maxlength="16" autocapitalize="off" autocomplete="off"></label>'
            '<button type="submit">Open</button></form></section>')
    return page("Kipukas binder", body, "binder.js")


def _fact(label: str, value: object) -> str:
    return "" if value is None or value == "" else f"<dt>{label}</dt><dd>{escape(str(value))}</dd>"


def _dice(card: BinderCard) -> str:
    if card.die_attack is None and card.die_defense is None:
        return ""
    if card.same_die:
        return _fact("Always rolls", card.die_attack)
    return _fact("Attack die", card.die_attack) + _fact("Defense die", card.die_defense)


def _link(section: str, sections: dict[str, str], text: str | None = None) -> str:
    title = text or sections.get(section, section)
    if section not in sections:
        return escape(title)
    return f'<a href="{RULES}#{escape(section)}">{escape(title)}</a>'


def _tracker(card: BinderCard, sections: dict[str, str]) -> str:
    """The damage tracker: a box per injury each KEAL means tolerates, the wasted mark, and the
    Final Blows section, shown once every box is marked (#ADRH; the script shows it)."""
    rows = []
    for i, means in enumerate(card.means):
        boxes = "".join(
            f'<input type="checkbox" class="injury" data-means="{i}" data-box="{b}" '
            f'aria-label="{escape(means.name)}: injury {b + 1} of {means.tolerance}">'
            for b in range(means.tolerance))
        cond = f' <small>({escape(means.condition)})</small>' if means.condition else ""
        kinds = " · ".join(means.archetypes)
        rows.append(f'<li class="means"><span class="boxes">{boxes}</span> '
                    f'<strong>{escape(means.name)}</strong>{cond}<br><small>{escape(kinds)}</small></li>')
    downed = "" if card.boxes else " data-downed"
    final = (f'<section id="final-blows" class="final-blows" hidden aria-live="polite"><h3>Final Blows</h3>'
             '<p>Every KEAL means is injured: this soul is downed and may be engaged in a final attack '
             f'({_link("final_blow", sections, "Final Blow")}). It rolls its usual dice, compared by its '
             'archetypal gene, and its motive may tip the fight.</p><dl class="facts">'
             f'{_fact("Archetypal gene", card.gene)}{_fact("Motivation", card.motivation)}{_dice(card)}</dl>'
             f'<p>Movement is halved while downed ({_link("moving_downed_souls", sections)}).</p></section>')
    return (f'<section class="tracker" id="tracker" data-card="{escape(card.id)}" '
            f'data-boxes="{card.boxes}"{downed}>'
            f'<h2>Damage tracker</h2><p class="muted">Mark each injured KEAL means '
            f'({_link("keal_means_DHT", sections, "KEAL means damage")}). Kept in this browser, and with '
            'your account when you are signed in; reset them all from the toolbar after the game.</p>'
            f'<ul class="means-list">{"".join(rows)}</ul>'
            '<label class="check wasted"><input type="checkbox" id="wasted"> Wasted</label>'
            f'<noscript><p>The tracker needs JavaScript to keep its marks.</p></noscript>{final}</section>')


def card(c: BinderCard, sections: dict[str, str]) -> str:
    """A card's page: its play data, its text, the engine's reading, the tracker, rules help."""
    moves = c.movement
    facts = "".join([
        _fact("Type", c.type_name), _fact("Scarcity", c.scarcity), _fact("Short code", c.short_code),
        _fact("Archetypal gene", c.gene), _fact("Motivation", c.motivation), _fact("Habitat", c.habitat),
        _fact("Movement", moves), _dice(c), _fact("Brawl sequence", c.brawl_sequence),
        _fact("Injury tolerance", c.injury_tolerance), _fact("KEAL means boxes", c.boxes if c.soul else None),
        _fact("Tameability", c.tameability),
    ])
    texts = "".join(f'<h3>{escape(title)}</h3><p class="card-text">{escape(text)}</p>'
                    for title, text in c.texts)
    missing = (f'<p><strong>Not played by the engine yet:</strong> {escape(c.missing)}</p>'
               if c.missing else "")
    checks = ", ".join(r.replace("_", " ") for r in c.requirements)
    needs = (f'<p>Its use is checked by: {escape(checks)}.</p>'
             if c.requirements else "")
    type_section = TYPE_SECTIONS.get(c.card_type, "")
    see = [_link(type_section, sections)] + ([_link("ADRH", sections)] if c.soul else [])
    help_ = (f'<section class="rules-help" id="rules-help"><h2>Rules help</h2>'
             f'<p>The engine reads this card as: <em>{escape(c.reading)}</em></p>{missing}{needs}'
             f'<p>Rulebook: {" · ".join(see)}</p>'
             '<form method="get" action="/kipukas/ask" class="ask-form"><input type="hidden" name="card" '
             f'value="{escape(c.id)}"><label>At a Soulforge table? Its id <input name="table" maxlength="32" '
             'required autocapitalize="off" autocomplete="off"></label> <button type="submit">Why can\'t I '
             '&hellip; with this card?</button></form>'
             f'<ul id="my-tables" class="answers" data-card="{escape(c.id)}" hidden></ul></section>')
    tracker = _tracker(c, sections) if c.soul and c.means else ""
    history = ('<p class="muted">History: the card\'s flavour text is not in our card data '
               '(see the data\'s README).</p>')
    body = (f'{toolbar()}<article class="binder-page" data-card="{escape(c.id)}"><h1>{escape(c.name)}</h1>'
            f'<dl class="facts">{facts}</dl>{tracker}'
            f'<section class="texts"><h2>Card text</h2>{texts or "<p>No rules text.</p>"}{history}</section>'
            f'{help_}</article>')
    return page(c.name, body, "binder.js")


def not_found(title: str, text: str) -> str:
    """The page of a card or code our data does not have."""
    body = (f'{toolbar()}<section class="binder not-found"><h1>{escape(title)}</h1><p>{escape(text)}</p>'
            '<p><a href="/kipukas/cards">Browse the binder</a></p></section>')
    return page(title, body)


def _recipe(r: Recipe) -> str:
    kind = f' <small>({escape(r.kind)})</small>' if r.kind else ""
    return (f'<li class="recipe"><strong>{escape(r.name)}</strong>{kind}<br><small>'
            f'{escape(" + ".join(r.ingredients))}</small><p>{escape(r.effect)}</p></li>')


def recipes(q: str, picked: list[str], found: list[Recipe]) -> str:
    """The recipe lookup: pick up to three items and/or type words; every entry that has them."""
    boxes = "".join(f'<label class="check"><input type="checkbox" name="item" value="{escape(i)}"'
                    f'{" checked" if i in picked else ""}> {escape(name)}</label>'
                    for i, name in items().items())
    rows = "".join(_recipe(r) for r in found) or '<li class="empty">No recipe matches.</li>'
    body = (f'{toolbar()}<section class="binder recipes"><h1>Recipe lookup</h1>'
            '<p class="muted">Crafting combines two or three item cards at night '
            f'(<a href="{RULES}#crafting">Crafting</a>, <a href="{RULES}#recipes">Recipes</a>).</p>'
            '<form class="binder-search" method="get" action="/kipukas/recipes" role="search">'
            f'<fieldset><legend>Items (at most 3)</legend>{boxes}</fieldset>'
            f'<label>Search <input type="search" name="q" value="{escape(q)}" maxlength="80"></label>'
            '<button type="submit">Find</button> <a href="/kipukas/recipes">Clear</a></form>'
            f'<p class="count" id="count">{len(found)} recipe{"" if len(found) == 1 else "s"}</p>'
            f'<ul class="recipe-list" id="recipes">{rows}</ul></section>')
    return page("Kipukas recipes", body, "binder.js")


def why(table_id: str, title: str, card: BinderCard | None) -> str:
    """A table's rules help: words of an action, the engine's answers (the script asks them
    with this browser's seat tokens)."""
    tid = escape(table_id)
    about = (f'<p>About <a href="/kipukas/cards/{escape(card.id)}">{escape(card.name)}</a>: only moves that '
             'name it are listed.</p>' if card else "")
    query = urlencode({"card": card.id}) if card else ""
    body = (f'{toolbar() if title == "Kipukas" else ""}<section class="binder why" data-table="{tid}" '
            f'data-card="{escape(card.id) if card else ""}"><h1>Why can\'t I &hellip;? ({escape(title)})</h1>'
            f'<p>Answers are the engine\'s own refusals at <a href="/t/{tid}">table {tid}</a>, asked from '
            'your seat\'s view (nothing hidden from you is used).</p>'
            f'{about}<form id="why-form" class="binder-search" data-query="{escape(query)}">'
            '<label>Why can\'t I '
            '<input id="why-text" name="text" maxlength="200" placeholder="e.g. attack, move, play"></label> '
            '<button type="submit">Ask</button></form><p id="why-seat" class="muted"></p>'
            '<ul id="answers" class="answers" aria-live="polite"></ul>'
            '<noscript><p>This page needs JavaScript: it asks with the seat tokens this browser keeps.</p>'
            '</noscript></section>')
    return page(f"{title}: why can't I", body, "binder.js")
