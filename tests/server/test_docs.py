"""The API docs work with no internet: Swagger UI and ReDoc are served from the package."""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path

import pytest
from fastapi.testclient import TestClient

from soulforge.server import create_app


@pytest.fixture
def client(tmp_path: Path) -> Iterator[TestClient]:
    with TestClient(create_app(f"sqlite:///{tmp_path}/docs.db")) as test_client:
        yield test_client


@pytest.mark.parametrize("page", ["/docs", "/redoc"])
def test_docs_load_every_asset_from_this_server(client: TestClient, page: str) -> None:
    html = client.get(page).text
    assets = re.findall(r'(?:src|href)="([^"]+)"', html)
    assert assets, html
    for url in assets:
        assert url.startswith("/"), f"{page} loads {url} from elsewhere"
        assert client.get(url).status_code == 200, url


def test_the_schema_the_docs_read_is_served(client: TestClient) -> None:
    schema = client.get("/openapi.json").json()
    assert schema["info"]["title"] == "Soulforge" and "/api/tables" in schema["paths"]
