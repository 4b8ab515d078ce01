"""The play styles at a table: offered and checked by the web table's new-table form and API
and by the terminal's ``--option`` (the generic game options, nothing per style)."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from fastapi.testclient import TestClient
from typer.testing import CliRunner

from soulforge.cli import app
from soulforge.games.kipukas.styles import STYLES
from soulforge.server import create_app


@pytest.fixture
def client(tmp_path: Path) -> Iterator[TestClient]:
    with TestClient(create_app(f"sqlite:///{tmp_path}/soulforge.db", ai_workers=0)) as c:
        yield c


def test_the_lobby_offers_the_play_styles(client: TestClient) -> None:
    kipukas = next(g for g in client.get("/api/games").json() if g["id"] == "kipukas")
    style = next(o for o in kipukas["options"] if o["name"] == "style")
    assert style["choices"] == list(STYLES) and style["default"] == "domination"
    lobby = client.get("/").text
    assert 'name="opt:style"' in lobby and 'name="opt:hill_cycles"' in lobby


def test_a_table_is_made_with_a_style_and_a_bad_one_is_refused(client: TestClient) -> None:
    body = {"game": "kipukas", "players": 2, "seats": [{"kind": "human"}, {"kind": "ai", "level": "random"}]}
    hill = {"style": "king_of_the_hill", "hill_cycles": 2}
    made = client.post("/api/tables", json={**body, "options": hill})
    assert made.status_code == 201, made.text
    seat = made.json()["seats"][0]
    view = client.get(f"/api/tables/{made.json()['table']}", headers={"X-Seat-Token": seat["token"]}).json()
    assert view["view"]["options"]["style"] == "king_of_the_hill" and view["view"]["style"]["needed"] == 2
    bad = client.post("/api/tables", json={**body, "options": {"style": "capture_the_flag"}})
    assert bad.status_code == 422 and "option 'style' must be one of" in bad.json()["detail"]


def test_a_style_is_played_to_its_end_in_the_terminal() -> None:
    result = CliRunner().invoke(app, ["play", "kipukas", "--vs", "random", "--seed", "1",
                                      "--option", "style=king_of_the_hill", "--option", "peace_after=8"],
                                input="1\n" * 3000)
    assert result.exit_code == 0, result.output
    assert "held the hill" in result.output or "the hill (8 diel cycles played)" in result.output


def test_a_bad_style_in_the_terminal_is_a_clean_error() -> None:
    result = CliRunner().invoke(app, ["play", "kipukas", "--option", "style=nope"])
    assert result.exit_code == 2 and "style" in result.output


@pytest.mark.parametrize("name", sorted(set(STYLES) - {"domination", "mass_conflict"}))
def test_the_board_and_the_terminal_say_the_styles_state(name: str) -> None:
    """The style's public state in words: a line in the terminal, the diel panel's title on the
    board; Domination's boards are as before (no style)."""
    from rich.console import Console

    import soulforge
    from soulforge.games.kipukas import render_svg, render_text

    state = soulforge.load("kipukas", style=name).new_game(seed=1)
    while state.phase in ("affinity", "capital", "camp", "set_aside", "turning"):
        state.apply(state.legal_actions()[0])
    view = state.view(0)
    said = STYLES[name].said(view["style"])
    assert said.startswith(STYLES[name].title)
    console = Console(width=200, record=True)
    console.print(render_text.render(view))
    assert said in console.export_text()
    assert f"<title>{said}</title>".replace("'", "&#x27;") in render_svg.render(view, [])
    plain = soulforge.load("kipukas").new_game(seed=1).view(0)
    assert "style" not in plain
