"""Mark the tables whose seed the creator chose (practice or hot-seat only): the lobby and
the record say so (issue 17, defect 2)."""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0002"
down_revision = "0001"


def upgrade() -> None:
    columns = {c["name"] for c in sa.inspect(op.get_bind()).get_columns("sf_tables")}
    if "seed_chosen" not in columns:
        # a plain ADD COLUMN (SQLite allows it with a constant default): no table copy
        op.add_column("sf_tables", sa.Column("seed_chosen", sa.Boolean, nullable=False,
                                             server_default=sa.false()))
