"""An account's seats keep no token (issue 34): the session is the credential for them.

Before, ``sf_account_seats`` kept each seat's token in plain text so that another device of
the account could take it: whoever read the database could act for every such seat. The
column goes, and its data with it (the tokens in the players' browsers still work: their
hashes live in ``sf_seats``)."""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0006"
down_revision = "0005"


def upgrade() -> None:
    inspector = sa.inspect(op.get_bind())
    if "token" in {c["name"] for c in inspector.get_columns("sf_account_seats")}:
        with op.batch_alter_table("sf_account_seats") as batch:  # SQLite: the table is copied anew
            batch.drop_column("token")

