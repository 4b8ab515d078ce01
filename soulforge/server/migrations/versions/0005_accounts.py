"""Accounts (issue 34): people who sign in, their sessions, the seats they hold, their rating
per game and its history; and whether a table is rated."""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0005"
down_revision = "0004"


def upgrade() -> None:
    inspector = sa.inspect(op.get_bind())
    existing = set(inspector.get_table_names())
    if "rated" not in {c["name"] for c in inspector.get_columns("sf_tables")}:
        op.add_column("sf_tables", sa.Column("rated", sa.Boolean, nullable=False, server_default=sa.false()))
    if "sf_users" not in existing:
        op.create_table(
            "sf_users",
            sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
            sa.Column("name", sa.String(32), nullable=False),
            sa.Column("name_key", sa.String(128), nullable=False, unique=True),
            sa.Column("password_hash", sa.String(255), nullable=False),
            sa.Column("disabled", sa.Boolean, nullable=False, server_default=sa.false()),
            sa.Column("created", sa.Float, nullable=False),
        )
    if "sf_sessions" not in existing:
        op.create_table(
            "sf_sessions",
            sa.Column("id_hash", sa.String(64), primary_key=True),
            sa.Column("user_id", sa.Integer, sa.ForeignKey("sf_users.id"), nullable=False, index=True),
            sa.Column("csrf", sa.String(64), nullable=False),
            sa.Column("created", sa.Float, nullable=False),
            sa.Column("expires", sa.Float, nullable=False),
        )
    if "sf_account_seats" not in existing:
        op.create_table(
            "sf_account_seats",
            sa.Column("table_id", sa.String(32), sa.ForeignKey("sf_tables.id"), primary_key=True),
            sa.Column("seat", sa.Integer, primary_key=True),
            sa.Column("user_id", sa.Integer, sa.ForeignKey("sf_users.id"), nullable=False, index=True),
            sa.Column("token", sa.String(64), nullable=False),
            sa.Column("at", sa.Float, nullable=False),
        )
    if "sf_ratings" not in existing:
        op.create_table(
            "sf_ratings",
            sa.Column("user_id", sa.Integer, sa.ForeignKey("sf_users.id"), primary_key=True),
            sa.Column("game", sa.String(64), primary_key=True),
            sa.Column("mu", sa.Float, nullable=False),
            sa.Column("sigma", sa.Float, nullable=False),
            sa.Column("games", sa.Integer, nullable=False),
        )
    if "sf_rating_history" not in existing:
        op.create_table(
            "sf_rating_history",
            sa.Column("user_id", sa.Integer, sa.ForeignKey("sf_users.id"), primary_key=True),
            sa.Column("table_id", sa.String(32), sa.ForeignKey("sf_tables.id"), primary_key=True),
            sa.Column("game", sa.String(64), nullable=False),
            sa.Column("mu", sa.Float, nullable=False),
            sa.Column("sigma", sa.Float, nullable=False),
            sa.Column("rank", sa.Integer, nullable=False),
            sa.Column("at", sa.Float, nullable=False),
        )
