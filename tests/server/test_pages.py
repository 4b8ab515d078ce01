"""The "how to play" pages and the rulebook pages cleaned of the print conversion."""

from __future__ import annotations

import asyncio
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient

import soulforge.games
from soulforge.server import create_app
from soulforge.server.catalog import (
    Example,
    apply_fixes,
    game_folder,
    lines_as_blocks,
    load_fixes,
    parse_how_to,
    render_markdown,
    rulebook_fixes,
    rules_dir,
    slug,
)

BUILT = list(soulforge.games.GAMES)  # every registered game has its how-to page and rulebook fixes
ARTIFACTS = ["\\mathbf", "$\\math", "earn 11", "earn 1 1", "**1**", "SOUARE", "Oueen", "KINC", "FACH",
             "vour ", "Soulgii", "Soulgiw", "Soul-giv", "AMKIND", "Esempio", "Carica", "MAZZO", "Posizione",
             "ROTAZIONE", "🚨", "🖢"]
needs_rules = pytest.mark.skipif(not rules_dir().is_dir(), reason="shared/rules is not beside the repository")


@pytest.fixture(scope="module")
def client(tmp_path_factory: pytest.TempPathFactory) -> Iterator[TestClient]:
    db = tmp_path_factory.mktemp("pages") / "pages.db"
    with TestClient(create_app(f"sqlite:///{db}")) as test_client:
        yield test_client


def ids_of(html: str) -> set[str]:
    return set(re.findall(r'\bid="([^"]+)"', html))


@pytest.mark.parametrize("game", BUILT)
def test_how_to_page_has_its_example_boards_and_captions(client: TestClient, game: str) -> None:
    page = client.get(f"/how/{game}")
    assert page.status_code == 200, page.text
    text = (game_folder(soulforge.games.game_class(game)) or Path()) / "how_to_play.md"
    examples = [p for p in parse_how_to(text.read_text(encoding="utf-8")) if isinstance(p, Example)]
    assert 2 <= len(examples) <= 3
    figures = re.findall(r'<figure class="example".*?</figure>', page.text, flags=re.DOTALL)
    assert len(figures) == len(examples)
    for figure, example in zip(figures, examples, strict=True):
        assert "<svg" in figure and "<figcaption>" in figure
        assert example.caption.split()[0] in figure
        assert 'class="target"' not in figure and "data-action=" not in figure, "examples offer no moves"
    for heading in ("goal", "board", "turn", "end", "tips"):  # the goal, the board's key, a turn...
        assert re.search(rf"<h2[^>]*>[^<]*{heading}", page.text, flags=re.IGNORECASE), heading


@needs_rules
@pytest.mark.parametrize("game", BUILT)
def test_how_to_links_resolve_to_sections_of_the_rules_page(client: TestClient, game: str) -> None:
    how = client.get(f"/how/{game}").text
    links = re.findall(rf'href="/rules/{game}#([^"]+)"', how)
    assert len(links) >= 4, links
    rules = client.get(f"/rules/{game}")
    assert rules.status_code == 200
    missing = set(links) - ids_of(rules.text)
    assert not missing, f"{game}: links to no section: {sorted(missing)}"
    assert f'href="/how/{game}"' in rules.text


@needs_rules
@pytest.mark.parametrize("game", BUILT)
def test_rules_pages_show_no_print_conversion_artifacts(client: TestClient, game: str) -> None:
    html = client.get(f"/rules/{game}").text
    found = [a for a in ARTIFACTS if a in html]
    assert not found, f"{game}: {found}"
    assert len(re.findall(r"<h[1-4] id=", html)) >= 10, "the rulebook's sections are linkable"


@needs_rules
@pytest.mark.parametrize("game", BUILT)
def test_every_fix_still_matches_and_is_documented(game: str) -> None:
    cls = soulforge.games.game_class(game)
    fixes = rulebook_fixes(cls)
    assert fixes, f"{game} has no rulebook_fixes.toml"
    raw = (rules_dir() / cls.rulebook).read_text(encoding="utf-8")
    _, stale = apply_fixes(raw, fixes)
    assert not stale, [f.find for f in stale]
    assert all(f.source in ("clarifications", "authored") and f.why for f in fixes)


def test_lobby_links_each_built_game_to_its_how_to_page(client: TestClient) -> None:
    lobby = client.get("/").text
    for game in BUILT:
        card = re.search(rf'<article class="card" id="game-{game}">.*?</article>', lobby, flags=re.DOTALL)
        assert card is not None and f'href="/how/{game}"' in card.group(), game
    assert 'href="/how/tricks"' not in lobby, "a game without a page gets no link"
    assert client.get("/how/tricks").status_code == 404
    assert client.get("/how/nope").status_code == 404


def test_examples_are_reproducible_positions_from_the_public_api() -> None:
    first = Example(seed=3, moves=5, caption="x", play="first")
    assert first.state("tricks").record().to_json() == first.state("tricks").record().to_json()
    random_play = Example(seed=3, moves=5, caption="x")
    assert random_play.state("tricks").view(None) == random_play.state("tricks").view(None)


def test_example_directive_parsing() -> None:
    directive = '::: example seed=2 moves=7 caption="Two \\"words\\"" play=first'
    parts = parse_how_to(f"# A\n\ntext\n{directive}\nmore\n")
    assert parts == ["# A\n\ntext", Example(2, 7, 'Two "words"', "first"), "more"]
    for bad in ("::: example seed=2 moves=7", '::: example seed=x moves=1 caption="c"',
                '::: example seed=1 moves=1 caption="c" play=best',
                '::: example seed=1 moves=1 caption="c" z=1'):
        with pytest.raises(ValueError):
            parse_how_to(bad)


def test_headings_get_unique_ids_and_raw_html_stays_escaped() -> None:
    html, sections = render_markdown("# Setup\n\n## Setup\n\n### Gaïa (TITAN)\n\n<script>x</script>\n")
    assert [s.id for s in sections] == ["setup", "setup-2", "gaia-titan"]
    assert '<h2 id="setup-2">' in html and "<script>" not in html
    assert slug("4.2 ACTION PHASE (P. 17)") == "4-2-action-phase-p-17"


def test_fixes_file_is_checked(tmp_path: Path) -> None:
    good = tmp_path / "good.toml"
    good.write_text('[[fix]]\nfind = "^- (\\\\d)\\\\.\\\\*\\\\* "\nreplace = "\\\\1. "\nregex = true\n'
                    'source = "authored"\nwhy = "bold lost"\n\n[[fix]]\nfind = "Oueen"\nreplace = "Queen"\n'
                    'source = "authored"\nwhy = "OCR"\n', encoding="utf-8")
    text, stale = apply_fixes("- 1.** Oueen\n- 2.** King\nno match", load_fixes(good))
    assert text == "1. Queen\n2. King\nno match" and not stale
    for body in ('[[fix]]\nfind = "a"\nreplace = "b"\nsource = "guess"\nwhy = "w"\n',
                 '[[fix]]\nfind = ""\nreplace = "b"\nsource = "authored"\nwhy = "w"\n',
                 '[[fix]]\nfind = "a"\nreplace = "b"\nsource = "authored"\n',
                 '[[fix]]\nfind = "a"\nreplace = "b"\nsource = "authored"\nwhy = "w"\nextra = 1\n'):
        bad = tmp_path / "bad.toml"
        bad.write_text(body, encoding="utf-8")
        with pytest.raises(ValueError):
            load_fixes(bad)


DEBRIS = ["Grinning Demon Games", "How to Play - ", "&lt;!--", "pagebreak", "./images/"]


@needs_rules
@pytest.mark.parametrize("game", BUILT)
def test_rules_pages_render_the_rulebook_as_a_document(client: TestClient, game: str) -> None:
    """Issue 30 item 4: Kipukas showed raw {#id} markers, links to no anchor and broken images;
    Soulshards was one 14,638-character paragraph under a web page's title."""
    html = client.get(f"/rules/{game}").text
    assert "{#" not in html, "heading id markers are read, not shown"
    targets = set(re.findall(r'href="#([^"]*)"', html))
    assert not targets - ids_of(html), f"in-page links to no element: {sorted(targets - ids_of(html))}"
    assert "<img" not in html, "no picture is served: its alt text is shown instead"
    assert not [d for d in DEBRIS if d in html]
    paragraphs = re.findall(r"<p>(.*?)</p>", html, flags=re.DOTALL)
    assert len(paragraphs) >= 20 and max(map(len, paragraphs)) < 3000, "paragraphs, not a wall of text"
    assert len(re.findall(r"<h[1-4] id=", html)) >= 10 and "<li>" in html
    relative = [h for h in re.findall(r'href="([^"]*)"', html) if not h.startswith(("#", "/", "http"))]
    assert not relative, f"links to pages beside the rules page: {relative}"


@needs_rules
def test_kipukas_rules_keep_their_own_anchors_tables_and_picture_names(client: TestClient) -> None:
    html = client.get("/rules/kipukas").text
    assert '<h2 id="game_setup">Game Setup</h2>' in html and 'id="ADRH"' in html
    assert html.count("<table>") >= 5
    assert 'aria-label="capital token">[capital token]</span>' in html


@needs_rules
def test_soulshards_rules_get_back_their_headings_and_lists(client: TestClient) -> None:
    html = client.get("/rules/soulshards").text
    for ident in ("zones", "the-cards", "setup", "turn-sequence", "support", "attack", "fight", "unblocked"):
        assert f'id="{ident}"' in html, ident
    assert "<li><strong>Recover:</strong> Remove 1 Fatigue" in html
    assert "<li><strong>Might:</strong> Raw strength" in html
    assert '(See <a href="#attack">Attack</a>)' in html


def test_a_line_per_paragraph_text_becomes_blocks() -> None:
    text = ("## Zones\nA sentence: with a colon.\nA plain line.\nArsenal: your deck.\nHome: the discard.\n"
            "1: Recover: lose Fatigue.\n2: Draw 1.\n- an item\nLast line.")
    html, sections = render_markdown(lines_as_blocks(text))
    assert [s.id for s in sections] == ["zones"]
    assert "<p>A sentence: with a colon.</p>" in html, "a lone 'Term:' line is a sentence"
    assert "<li><strong>Arsenal:</strong> your deck.</li>\n<li><strong>Home:</strong>" in html
    assert "<ol>\n<li><strong>Recover:</strong> lose Fatigue.</li>\n<li>Draw 1.</li>\n</ol>" in html
    assert "<li>an item</li>" in html and "<p>Last line.</p>" in html


def test_heading_ids_images_tables_and_comments() -> None:
    html, sections = render_markdown("## Setup {#game_setup}\n\n### Again {#game_setup}\n\n"
                                     "![a d20](./images/d20.jpeg) [![QR](./q.png)](https://x.org)\n\n"
                                     "<!-- pagebreak -->\n\n| a | b |\n|---|---|\n| 1 | 2 |\n")
    assert [s.id for s in sections] == ["game_setup", "game_setup-2"]
    assert '<h2 id="game_setup">Setup</h2>' in html and "{#" not in html
    assert "<img" not in html and "[a d20]" in html and '<a href="https://x.org">' in html
    assert "<table>" in html and "pagebreak" not in html


def test_table_page_links_its_game_how_to_page(client: TestClient) -> None:
    made = client.post("/api/tables", json={"game": "soulshards"})
    assert made.status_code == 201, made.text
    page = client.get(f"/t/{made.json()['table']}").text
    assert 'href="/how/soulshards"' in page
    assert client.get("/how/soulshards").status_code == 200
    toy = client.post("/api/tables", json={"game": "tricks"}).json()["table"]
    assert 'class="how-link"' not in client.get(f"/t/{toy}").text, "a game without a page gets no link"


def _log_at(game: str, seed: int, moves: int) -> list[str]:
    return Example(seed, moves, "x").state(game).log(None)


def test_worked_examples_still_show_what_their_text_says() -> None:
    """The Kipukas and Soulshards pages walk through seeded positions move by move: if a rule
    change moves those games elsewhere, the text must be rewritten (this test says so)."""
    kipukas = _log_at("kipukas", 2, 46)
    for line in ("revealed together: Tear Drop Potion attacks Ghostly Wisdom",
                 "typing chart: Tear Drop Potion against Ghostly Wisdom gives +2 to the attack",
                 "attack and defence tie at 3: brawl, F3GW against brOL", "seat 0's Orb's Trail is downed"):
        assert line in kipukas, line
    shards = _log_at("soulshards", 1, 108)
    for line in ("seat 1 attacks with Spire Acolyte, Grave Knight",
                 "seat 0 loses 2 Resolve (demoralized by Grave Knight), 7 left",
                 "Sabotage: 5 against DL 4, success", "seat 1 loses 1 Resolve (sabotage), 11 left"):
        assert line in shards, line


def test_the_lobby_reads_the_games_off_the_event_loop(client: TestClient,
                                                      monkeypatch: pytest.MonkeyPatch) -> None:
    """The lobby's first call imports every game (about a second): never in the event loop,
    where it would hold every other request (issue 29: no request stalls the server)."""
    from soulforge.server import catalog, pages

    in_loop: list[bool] = []

    def recording() -> list[dict[str, Any]]:
        try:
            asyncio.get_running_loop()
            in_loop.append(True)
        except RuntimeError:
            in_loop.append(False)
        return catalog.game_infos()

    monkeypatch.setattr(pages, "game_infos", recording)
    assert client.get("/").status_code == 200
    assert in_loop == [False]
