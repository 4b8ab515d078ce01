"""The "how to play" pages and the rulebook pages cleaned of the print conversion."""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path

import pytest
from fastapi.testclient import TestClient

import soulforge.games
from soulforge.server import create_app
from soulforge.server.catalog import (
    Example,
    apply_fixes,
    game_folder,
    load_fixes,
    parse_how_to,
    render_markdown,
    rulebook_fixes,
    rules_dir,
    slug,
)

BUILT = ["five_realms", "soul_of_ankiril", "soulgivers"]
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
    for heading in ("goal", "turn", "end", "tips"):
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
        assert f'href="/how/{game}"' in lobby
    assert 'href="/how/tricks"' not in lobby, "a game without a page gets no link"
    assert client.get("/how/tricks").status_code == 404
    assert client.get("/how/nope").status_code == 404


def test_examples_are_reproducible_positions_from_the_public_api() -> None:
    first = Example(seed=3, moves=5, caption="x", play="first")
    assert first.state("five_realms").record().to_json() == first.state("five_realms").record().to_json()
    random_play = Example(seed=3, moves=5, caption="x")
    assert random_play.state("five_realms").view(None) == random_play.state("five_realms").view(None)


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
