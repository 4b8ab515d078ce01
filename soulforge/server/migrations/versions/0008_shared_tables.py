"""Tables shared by many server processes (issue 35): a version per table, the rematch
offered at its end, and the queue of AI decisions that ``soulforge worker`` takes.

``version`` grows with every change of the table (a move, an undo, a seat, a name, a
rematch): a process holding the table in memory compares it with its own before it writes,
and reloads when another process moved the table on. Existing tables start at the time of
the upgrade, in microseconds, as the versions shown to clients before did (they only grow)."""

from __future__ import annotations

import time

import sqlalchemy as sa
from alembic import op

revision = "0008"
down_revision = "0007"


def upgrade() -> None:
    inspector = sa.inspect(op.get_bind())
    columns = {c["name"] for c in inspector.get_columns("sf_tables")}
    if "version" not in columns:
        op.add_column("sf_tables", sa.Column("version", sa.BigInteger, nullable=False, server_default="0"))
        op.execute(sa.text("UPDATE sf_tables SET version = :now").bindparams(now=time.time_ns() // 1000))
    if "rematch" not in columns:
        op.add_column("sf_tables", sa.Column("rematch", sa.JSON, nullable=True))
    if "sf_ai_jobs" not in inspector.get_table_names():
        op.create_table(
            "sf_ai_jobs",
            sa.Column("table_id", sa.String(32), sa.ForeignKey("sf_tables.id"), primary_key=True),
            sa.Column("version", sa.BigInteger, nullable=False),
            sa.Column("seat", sa.Integer, nullable=False),
            sa.Column("created", sa.Float, nullable=False),
            sa.Column("leased_until", sa.Float, nullable=True),
            sa.Column("worker", sa.String(64), nullable=True),
            sa.Column("attempts", sa.Integer, nullable=False, server_default="0"),
        )
