"""The two-phone rooms of the Kipukas fists tool (issue 33) in the database, so that two phones
reaching different server processes meet in one room (issue 35, ``server/fists.py``): one row
per room, its secret choices kept server-side until both sides have chosen.

It follows 0009 (the binder's damage tracker)."""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0010"
down_revision = "0009"


def upgrade() -> None:
    if "sf_fists_rooms" not in set(sa.inspect(op.get_bind()).get_table_names()):
        op.create_table(
            "sf_fists_rooms",
            sa.Column("code", sa.String(12), primary_key=True),
            sa.Column("mode", sa.String(8), nullable=False),
            sa.Column("round", sa.Integer, nullable=False),
            sa.Column("version", sa.Integer, nullable=False),
            sa.Column("choices", sa.JSON, nullable=False),
            sa.Column("holders", sa.JSON, nullable=False),
            sa.Column("last", sa.JSON, nullable=True),
            sa.Column("created", sa.Float, nullable=False),
            sa.Column("touched", sa.Float, nullable=False),
        )
