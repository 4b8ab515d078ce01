"""The optional turn clock of a table (issue 17): each seat's time bank, as JSON."""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0004"
down_revision = "0003"


def upgrade() -> None:
    if "clock" not in {c["name"] for c in sa.inspect(op.get_bind()).get_columns("sf_tables")}:
        op.add_column("sf_tables", sa.Column("clock", sa.JSON, nullable=True))
