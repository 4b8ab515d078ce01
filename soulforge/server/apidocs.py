"""ReDoc at ``/redoc`` with no request to another host.

fastapi_offline serves ReDoc's bundle from the package, but the bundle itself draws its
sidebar's "API docs by Redocly" logo from ``cdn.redoc.ly`` (hard-coded, no option turns it
off): every visit to ``/redoc`` asked another host. This route serves the same bundle with
that one address pointing at our own icon instead.
"""

from __future__ import annotations

from functools import cache
from pathlib import Path

import fastapi_offline
from fastapi import APIRouter
from fastapi.openapi.docs import get_redoc_html
from fastapi.responses import HTMLResponse, Response

router = APIRouter(include_in_schema=False)
BUNDLE = Path(fastapi_offline.__file__).parent / "static" / "redoc.standalone.js"
CDN_LOGO = "https://cdn.redoc.ly/redoc/logo-mini.svg"
LOCAL_LOGO = "/static/favicon.svg"
BUNDLE_URL = "/api-docs/redoc.standalone.js"


@cache
def redoc_bundle() -> bytes:
    """ReDoc's bundle with the logo drawn from this server (read once)."""
    return BUNDLE.read_text(encoding="utf-8").replace(CDN_LOGO, LOCAL_LOGO).encode()


@router.get("/redoc")
async def redoc() -> HTMLResponse:
    return get_redoc_html(openapi_url="/openapi.json", title="Soulforge - ReDoc", redoc_js_url=BUNDLE_URL,
                          redoc_favicon_url=LOCAL_LOGO, with_google_fonts=False)


@router.get(BUNDLE_URL)
async def bundle() -> Response:
    return Response(redoc_bundle(), media_type="text/javascript",
                    headers={"Cache-Control": "public, max-age=86400"})
