"""Issue 34, the operator's commands: ``soulforge users list|disable|enable|reset-password``."""

from __future__ import annotations

from fastapi.testclient import TestClient
from typer.testing import CliRunner

from soulforge.cli import app
from tests.server.browsers import PASSWORD, Browser


def users(db_url: str, *args: str, stdin: str = "") -> tuple[int, str]:
    result = CliRunner().invoke(app, ["users", *args, "--db", db_url], input=stdin)
    assert "Traceback" not in result.output
    return result.exit_code, result.output


def test_the_operator_lists_disables_enables_and_resets(site: TestClient, db_url: str) -> None:
    ada = Browser(site)
    ada.register("Ada")
    phone = Browser(site)
    phone.sign_in("Ada")
    code, out = users(db_url, "list")
    assert code == 0 and "Ada" in out and "active" in out and "2 session(s)" in out
    assert PASSWORD not in out and "argon2" not in out
    assert users(db_url, "disable", "ada") == (0, "ada: disabled (its sessions ended)\n")
    assert "disabled" in users(db_url, "list")[1]
    assert ada.get("/api/account").status_code == 401 and ada.sign_in("Ada").status_code == 403
    assert users(db_url, "enable", "ADA")[0] == 0
    code, out = users(db_url, "reset-password", "Ada", "--password-stdin", stdin="a brand new one\n")
    assert code == 0 and "a brand new one" not in out
    assert phone.sign_in("Ada").status_code == 401  # the old password is gone
    assert phone.sign_in("Ada", "a brand new one").status_code == 200


def test_the_operator_is_told_what_went_wrong(site: TestClient, db_url: str) -> None:
    code, out = users(db_url, "disable", "nobody")
    assert code == 1 and "no account named 'nobody'" in out
    Browser(site).register("Ada")
    code, out = users(db_url, "reset-password", "Ada", "--password-stdin", stdin="short\n")
    assert code == 2 and "8 to 256 characters" in out
