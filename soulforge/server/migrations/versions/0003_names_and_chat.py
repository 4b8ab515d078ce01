"""Players' names at their seats, the table's chat, and whether spectators may chat
(issue 17, "What players expect around the game")."""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0003"
down_revision = "0002"


def upgrade() -> None:
    inspector = sa.inspect(op.get_bind())
    if "name" not in {c["name"] for c in inspector.get_columns("sf_seats")}:
        op.add_column("sf_seats", sa.Column("name", sa.String(32), nullable=True))
    if "spectators_muted" not in {c["name"] for c in inspector.get_columns("sf_tables")}:
        op.add_column("sf_tables", sa.Column("spectators_muted", sa.Boolean, nullable=False,
                                             server_default=sa.false()))
    if "sf_chat" not in inspector.get_table_names():
        op.create_table(
            "sf_chat",
            sa.Column("table_id", sa.String(32), sa.ForeignKey("sf_tables.id"), primary_key=True),
            sa.Column("number", sa.Integer, primary_key=True),
            sa.Column("seat", sa.Integer, nullable=True),
            sa.Column("name", sa.String(32), nullable=False),
            sa.Column("text", sa.String(300), nullable=False),
            sa.Column("at", sa.Float, nullable=False),
        )
