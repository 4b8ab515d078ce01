"""The first schema: tables, seats and moves (created only where missing: a database made
before migrations already holds them)."""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0001"
down_revision = None


def upgrade() -> None:
    existing = set(sa.inspect(op.get_bind()).get_table_names())
    if "sf_tables" not in existing:
        op.create_table(
            "sf_tables",
            sa.Column("id", sa.String(32), primary_key=True),
            sa.Column("game", sa.String(64), nullable=False),
            sa.Column("options", sa.JSON, nullable=False),
            sa.Column("seed", sa.BigInteger, nullable=False),
            sa.Column("players", sa.Integer, nullable=False),
            sa.Column("hot_seat", sa.Boolean, nullable=False),
            sa.Column("listed", sa.Boolean, nullable=False),
            sa.Column("status", sa.String(16), nullable=False),
            sa.Column("returns", sa.JSON, nullable=True),
            sa.Column("created", sa.Float, nullable=False),
        )
    if "sf_seats" not in existing:
        op.create_table(
            "sf_seats",
            sa.Column("table_id", sa.String(32), sa.ForeignKey("sf_tables.id"), primary_key=True),
            sa.Column("seat", sa.Integer, primary_key=True),
            sa.Column("kind", sa.String(8), nullable=False),
            sa.Column("level", sa.String(16), nullable=True),
            sa.Column("token_hash", sa.String(64), nullable=True),
            sa.Column("claimed", sa.Boolean, nullable=False),
        )
    if "sf_moves" not in existing:
        op.create_table(
            "sf_moves",
            sa.Column("table_id", sa.String(32), sa.ForeignKey("sf_tables.id"), primary_key=True),
            sa.Column("number", sa.Integer, primary_key=True),
            sa.Column("seat", sa.Integer, nullable=False),
            sa.Column("action", sa.JSON, nullable=False),
            sa.Column("at", sa.Float, nullable=False),
        )
