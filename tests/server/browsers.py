"""Browsers for the account tests (issue 34): each keeps its own cookies over one test client,
and sends its CSRF token with every state-changing request, as the pages' script does."""

from __future__ import annotations

from typing import Any

import argon2
import httpx
from fastapi.testclient import TestClient

CHEAP = argon2.PasswordHasher(time_cost=1, memory_cost=1024, parallelism=1)
"""argon2id with tiny costs: the tests hash many passwords (the server keeps the defaults)."""
PASSWORD = "correct horse battery"


class Browser:
    """One browser: its cookie jar, used over the shared test client (one app, one loop)."""

    def __init__(self, client: TestClient, csrf: bool = True) -> None:
        self.client, self.cookies, self.csrf = client, httpx.Cookies(), csrf

    def request(self, method: str, url: str, **kwargs: Any) -> httpx.Response:
        headers = dict(kwargs.pop("headers", None) or {})
        token = self.cookies.get("sf_csrf")
        if self.csrf and token and method != "GET":
            headers.setdefault("X-CSRF-Token", token)
        self.client.cookies = self.cookies
        try:
            answer: httpx.Response = self.client.request(method, url, headers=headers, **kwargs)
            return answer
        finally:
            self.cookies = httpx.Cookies(self.client.cookies)
            self.client.cookies = httpx.Cookies()

    def get(self, url: str, **kwargs: Any) -> httpx.Response:
        return self.request("GET", url, **kwargs)

    def post(self, url: str, **kwargs: Any) -> httpx.Response:
        return self.request("POST", url, **kwargs)

    def register(self, name: str, password: str = PASSWORD) -> httpx.Response:
        res = self.post("/api/account/register", json={"name": name, "password": password})
        assert res.status_code == 201, res.text
        return res

    def sign_in(self, name: str, password: str = PASSWORD) -> httpx.Response:
        return self.post("/api/account/sign-in", json={"name": name, "password": password})
