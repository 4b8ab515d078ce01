"""The registered games as the lobby shows them, their rulebooks and their "how to play" pages as HTML.

Each game's folder (the package of its :class:`Game` class) may hold:

- ``rulebook_fixes.toml``: ``[[fix]]`` entries (``find``, ``replace``, ``source`` =
  "clarifications" or "authored", ``why``, optional ``regex = true``) applied in order to the
  rulebook text before it is rendered; they undo the print conversion (icons lost as digits
  or LaTeX, OCR letter swaps, lost headings). Every ``find`` must still match.
- ``how_to_play.md``: the page in our own words. A line ``::: example seed=3 moves=12
  caption="..."`` (optional ``play=random|first``) draws the position reached by playing
  seeded random (or first-legal) moves from ``new_game(seed=...)``, with the game's own
  SVG renderer, from a spectator's view.
"""

from __future__ import annotations

import functools
import logging
import os
import random
import re
import shlex
import sys
import tomllib
import unicodedata
from dataclasses import dataclass
from html import escape
from pathlib import Path
from typing import Any

from markdown_it import MarkdownIt
from markdown_it.token import Token

import soulforge
from soulforge import games
from soulforge.core import Game, State
from soulforge.server.render import render_board

log = logging.getLogger("soulforge.server")

FIXES_FILE, HOW_TO_FILE = "rulebook_fixes.toml", "how_to_play.md"
SOURCES = ("clarifications", "authored")


def rules_dir() -> Path:
    """``SOULFORGE_RULES_DIR``, else ``shared/rules`` beside the repository."""
    env = os.environ.get("SOULFORGE_RULES_DIR")
    return Path(env) if env else Path(soulforge.__file__).resolve().parents[2] / "shared" / "rules"


def game_classes() -> list[type[Game]]:
    """Every registered game that imports (one still being written is left out, with a log line)."""
    out = []
    for game_id in games.GAMES:
        try:
            out.append(games.game_class(game_id))
        except (ImportError, AttributeError):
            log.warning("game %s is registered but does not import", game_id)
    return out


def game_infos() -> list[dict[str, Any]]:
    return [{"id": cls.id, "title": cls.title, "summary": cls.summary, "min_players": cls.min_players,
             "max_players": cls.max_players, "options": [spec.describe() for spec in cls.option_specs],
             "rules_url": f"/rules/{cls.id}", "how_url": f"/how/{cls.id}" if how_to_path(cls) else None}
            for cls in game_classes()]


def game_folder(cls: type[Game]) -> Path | None:
    """The folder of the module that defines the game's class (``soulforge/games/<id>/``)."""
    module = sys.modules.get(cls.__module__)
    file = getattr(module, "__file__", None)
    return Path(file).resolve().parent if file else None


def _game_file(cls: type[Game], name: str) -> Path | None:
    folder = game_folder(cls)
    path = folder / name if folder else None
    return path if path is not None and path.is_file() else None


# -- Markdown with anchored headings ----------------------------------------------------------------


def slug(text: str) -> str:
    """An id from a heading's text.

    >>> slug("**GAME SETUP**"), slug("4.2 ACTION PHASE (P. 17)"), slug("Gaïa (TITAN)"), slug("!!")
    ('game-setup', '4-2-action-phase-p-17', 'gaia-titan', 'section')
    """
    plain = unicodedata.normalize("NFKD", text).encode("ascii", "ignore").decode().lower()
    return re.sub(r"[^a-z0-9]+", "-", plain).strip("-") or "section"


@dataclass(frozen=True, slots=True)
class Section:
    level: int
    title: str
    id: str


# A heading's explicit id, Pandoc style, as the Kipukas rulebook writes them: "## Setup {#game_setup}".
HEADING_ID = re.compile(r"\s*\{#(?P<id>[A-Za-z][\w-]*)\}\s*$")
# HTML comments left by the converter ("<!-- pagebreak -->"): raw HTML is escaped, so they would show.
HTML_COMMENT = re.compile(r"<!--.*?-->", flags=re.DOTALL)


def _image_as_text(renderer: Any, tokens: list[Token], idx: int, options: Any, env: Any) -> str:
    """An image as its alt text: the rulebooks point at pictures this server does not have."""
    alt = "".join(c.content for c in tokens[idx].children or []).strip() or "picture"
    return f'<span class="img-alt" role="img" aria-label="{escape(alt)}">[{escape(alt)}]</span>'


def _markdown() -> MarkdownIt:
    md = MarkdownIt("commonmark", {"html": False}).enable("table")
    md.add_render_rule("image", _image_as_text)
    return md


def _take_heading_id(inline: Token) -> str | None:
    """Remove a trailing ``{#id}`` from a heading's text; the id, or None when there is none."""
    children = inline.children or []
    last = children[-1] if children else None
    match = HEADING_ID.search(last.content) if last is not None and last.type == "text" else None
    if last is None or match is None:
        return None
    last.content = last.content[:match.start()]
    inline.content = HEADING_ID.sub("", inline.content)
    return match["id"]


def _anchor(tokens: list[Token], used: set[str]) -> list[Section]:
    """Give every h1-h4 an id (unique within ``used``), and any heading its ``{#id}``; the sections."""
    sections = []
    for i, token in enumerate(tokens):
        if token.type != "heading_open":
            continue
        inline = tokens[i + 1]
        explicit = _take_heading_id(inline)
        if explicit is None and token.tag not in ("h1", "h2", "h3", "h4"):
            continue
        title = "".join(c.content for c in inline.children or [] if c.type in ("text", "code_inline")).strip()
        base = explicit or slug(title)
        ident, n = base, 2
        while ident in used:
            ident, n = f"{base}-{n}", n + 1
        used.add(ident)
        token.attrSet("id", ident)
        sections.append(Section(int(token.tag[1]), title, ident))
    return sections


def render_markdown(text: str, used: set[str] | None = None) -> tuple[str, list[Section]]:
    """Markdown (raw HTML escaped, comments dropped, images as their alt text) as HTML.

    Headings take their ``{#id}`` as their id; other h1-h4 get one from a slug of their text.
    """
    md = _markdown()
    tokens = md.parse(HTML_COMMENT.sub("", text))
    sections = _anchor(tokens, set() if used is None else used)
    html: str = md.renderer.render(tokens, md.options, {})
    return html, sections


# -- text with one paragraph a line ------------------------------------------------------------------

NUMBERED_LINE = re.compile(r"^(?P<n>\d{1,2})[:.]\s+(?P<rest>.+)$")
TERM_LINE = re.compile(r"^(?P<term>[A-Z][\w'\u2019]*(?: [A-Za-z][\w'\u2019]*){0,3}):\s+(?P<rest>.+)$")


def _term(text: str) -> str:
    """``Term: definition`` with the term in bold; other text as it is."""
    match = TERM_LINE.match(text)
    return f"**{match['term']}:** {match['rest']}" if match else text


def lines_as_blocks(text: str) -> str:
    """Text written one paragraph a line (no blank lines, as a web page copied as text is) as Markdown.

    Each line becomes a block: ``#`` headings stay, ``1: step`` lines an ordered list, two or more
    ``Term: text`` lines in a row a list of definitions (term in bold; a lone one is a sentence
    such as "Soulshards: Broken Alliance is..."), ``- item`` lines a list, any other line a paragraph.
    """
    lines = [raw.strip() for raw in text.splitlines() if raw.strip()]
    terms = [TERM_LINE.match(line) is not None and NUMBERED_LINE.match(line) is None for line in lines]
    blocks: list[tuple[str, str]] = []  # (kind, markdown line)
    for i, line in enumerate(lines):
        numbered = NUMBERED_LINE.match(line)
        in_term_list = terms[i] and ((i > 0 and terms[i - 1]) or (i + 1 < len(lines) and terms[i + 1]))
        if line.startswith("#"):
            blocks.append(("heading", line))
        elif numbered:
            blocks.append(("ol", f"{numbered['n']}. {_term(numbered['rest'])}"))
        elif line.startswith("- "):
            blocks.append(("ul", line))
        elif in_term_list:
            blocks.append(("ul", f"- {_term(line)}"))
        else:
            blocks.append(("p", line))
    out: list[str] = []
    for i, (kind, line) in enumerate(blocks):
        same_list = i > 0 and kind in ("ol", "ul") and blocks[i - 1][0] == kind
        out.append(line if same_list or not out else f"\n{line}")
    return "\n".join(out) + "\n"


def is_line_per_paragraph(text: str) -> bool:
    """True for a text of many lines and no blank line: Markdown would join it into one paragraph."""
    lines = text.strip().splitlines()
    return len(lines) > 3 and all(line.strip() for line in lines)


# -- rulebooks ---------------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Fix:
    find: str
    replace: str
    source: str
    why: str
    regex: bool = False

    def apply(self, text: str) -> tuple[str, int]:
        if self.regex:
            return re.subn(self.find, self.replace, text, flags=re.MULTILINE)
        return text.replace(self.find, self.replace), text.count(self.find)


def rulebook_fixes(cls: type[Game]) -> list[Fix]:
    """The game's ``rulebook_fixes.toml`` entries (none when the file is absent)."""
    path = _game_file(cls, FIXES_FILE)
    if path is None:
        return []
    return load_fixes(path)


def load_fixes(path: Path) -> list[Fix]:
    """Read and check a fixes file; a malformed entry raises ``ValueError`` naming it."""
    data = tomllib.loads(path.read_text(encoding="utf-8"))
    fixes = []
    for i, entry in enumerate(data.get("fix", [])):
        where = f"{path}: fix #{i + 1}"
        if not isinstance(entry.get("find"), str) or not entry["find"]:
            raise ValueError(f"{where}: 'find' must be a non-empty string")
        if not isinstance(entry.get("replace"), str):
            raise ValueError(f"{where}: 'replace' must be a string")
        if entry.get("source") not in SOURCES:
            raise ValueError(f"{where}: 'source' must be one of {SOURCES}")
        if not isinstance(entry.get("why"), str) or not entry["why"].strip():
            raise ValueError(f"{where}: 'why' must say why")
        unknown = set(entry) - {"find", "replace", "source", "why", "regex"}
        if unknown:
            raise ValueError(f"{where}: unknown keys {sorted(unknown)}")
        fixes.append(Fix(entry["find"], entry["replace"], entry["source"], entry["why"],
                         bool(entry.get("regex", False))))
    return fixes


def apply_fixes(text: str, fixes: list[Fix]) -> tuple[str, list[Fix]]:
    """``text`` with every fix applied in order, and the fixes that matched nothing (stale)."""
    stale = []
    for fix in fixes:
        text, count = fix.apply(text)
        if not count:
            stale.append(fix)
    return text, stale


def rulebook_text(cls: type[Game]) -> str | None:
    """The rulebook's text with the game's fixes applied, or None when there is no rulebook file."""
    path = rules_dir() / cls.rulebook if cls.rulebook else None
    if path is None or not path.is_file():
        return None
    text, stale = apply_fixes(path.read_text(encoding="utf-8"), rulebook_fixes(cls))
    for fix in stale:
        log.warning("%s: rulebook fix %r matches nothing", cls.id, fix.find[:40])
    return lines_as_blocks(text) if is_line_per_paragraph(text) else text


def rulebook_sections(cls: type[Game]) -> list[Section]:
    text = rulebook_text(cls)
    return [] if text is None else render_markdown(text)[1]


def rulebook_html(cls: type[Game]) -> str | None:
    """The rulebook (Markdown or plain text, fixed) as HTML; raw HTML in it is escaped."""
    text = rulebook_text(cls)
    return None if text is None else render_markdown(text)[0]


# -- how to play --------------------------------------------------------------------------------------

EXAMPLE_LINE = re.compile(r"^:::\s*example\b(?P<args>.*)$")


@dataclass(frozen=True, slots=True)
class Example:
    """A position to draw: ``moves`` moves from ``new_game(seed=seed)`` (random by seed, or first legal)."""

    seed: int
    moves: int
    caption: str
    play: str = "random"

    @classmethod
    def parse(cls, args: str) -> Example:
        """``seed=3 moves=12 caption="..." [play=first]``; a bad line raises ``ValueError``.

        >>> Example.parse(' seed=3 moves=12 caption="The \\\\"start\\\\""')
        Example(seed=3, moves=12, caption='The "start"', play='random')
        """
        fields: dict[str, str] = {}
        for word in shlex.split(args):
            key, eq, value = word.partition("=")
            if not eq or key not in ("seed", "moves", "caption", "play"):
                raise ValueError(f"example: unknown argument {word!r}")
            fields[key] = value
        if {"seed", "moves", "caption"} - set(fields):
            raise ValueError("example: needs seed=, moves= and caption=")
        play = fields.get("play", "random")
        if play not in ("random", "first"):
            raise ValueError(f"example: play must be random or first, not {play!r}")
        return cls(int(fields["seed"]), int(fields["moves"]), fields["caption"], play)

    def state(self, game_id: str) -> State:
        """The position: stops early if the game ends first."""
        state: State = games.load(game_id).new_game(seed=self.seed)
        rng = random.Random(self.seed)
        for _ in range(self.moves):
            if state.is_over:
                break
            legal = state.legal_actions()
            state.apply(rng.choice(legal) if self.play == "random" else legal[0])
        return state

    def figure(self, game_id: str) -> str:
        svg = render_board(game_id, self.state(game_id).view(None), [])
        how = "random" if self.play == "random" else "first legal"
        return (f'<figure class="example" data-seed="{self.seed}" data-moves="{self.moves}">'
                f'<div class="board-wrap">{svg}</div><figcaption>{escape(self.caption)} '
                f'<span class="muted">(seed {self.seed}, {self.moves} {how} moves)</span>'
                '</figcaption></figure>')


def parse_how_to(text: str) -> list[str | Example]:
    """The page as Markdown chunks and examples, in order."""
    parts: list[str | Example] = []
    chunk: list[str] = []
    for number, line in enumerate(text.splitlines(), 1):
        match = EXAMPLE_LINE.match(line.strip())
        if match is None:
            chunk.append(line)
            continue
        try:
            example = Example.parse(match["args"])
        except ValueError as err:
            raise ValueError(f"{HOW_TO_FILE} line {number}: {err}") from None
        parts.extend(["\n".join(chunk), example] if chunk else [example])
        chunk = []
    if chunk:
        parts.append("\n".join(chunk))
    return parts


def how_to_path(cls: type[Game]) -> Path | None:
    return _game_file(cls, HOW_TO_FILE)


def how_to_html(cls: type[Game]) -> str | None:
    """The game's "how to play" page body, or None when it has none."""
    path = how_to_path(cls)
    return None if path is None else _how_to_html(cls.id, path.read_text(encoding="utf-8"))


@functools.lru_cache(maxsize=16)
def _how_to_html(game_id: str, text: str) -> str:
    out, used = [], set[str]()
    for part in parse_how_to(text):
        out.append(part.figure(game_id) if isinstance(part, Example) else render_markdown(part, used)[0])
    return "".join(out)
