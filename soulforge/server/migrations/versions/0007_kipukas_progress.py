"""Kipukas affinity, loyalty and tameability progress of an account (issue 33, #affinity):
one row per account, its progress record as JSON (``games/kipukas/affinity.py``)."""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0007"
down_revision = "0006"


def upgrade() -> None:
    if "sf_kipukas_progress" not in set(sa.inspect(op.get_bind()).get_table_names()):
        op.create_table(
            "sf_kipukas_progress",
            sa.Column("user_id", sa.Integer, sa.ForeignKey("sf_users.id"), primary_key=True),
            sa.Column("body", sa.Text, nullable=False),
            sa.Column("updated", sa.Float, nullable=False),
        )

