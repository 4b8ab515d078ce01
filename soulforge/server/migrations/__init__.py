"""The database schema's history as Alembic migrations: ``Storage`` runs them at start-up.

Each server brings the database to the newest revision before it serves; a second server
starting at the same moment waits (PostgreSQL: an advisory lock) or retries (SQLite), and
a revision checks what exists, so a database made before migrations is upgraded in place.
"""
