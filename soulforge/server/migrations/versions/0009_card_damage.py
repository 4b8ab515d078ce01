"""The Kipukas binder's damage tracker of signed-in accounts (issue 33): one small JSON per
account, game and card (its injured KEAL means and the wasted mark), ``binder.damage_t``.

It follows 0008 (tables shared between processes)."""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0009"
down_revision = "0008"


def upgrade() -> None:
    if "sf_card_damage" not in set(sa.inspect(op.get_bind()).get_table_names()):
        op.create_table(
            "sf_card_damage",
            sa.Column("user_id", sa.Integer, sa.ForeignKey("sf_users.id"), primary_key=True),
            sa.Column("game", sa.String(32), primary_key=True),
            sa.Column("card", sa.String(64), primary_key=True),
            sa.Column("marks", sa.JSON, nullable=False),
            sa.Column("at", sa.Float, nullable=False),
        )
