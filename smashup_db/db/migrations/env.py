"""Alembic environment: runs on the connection handed over by :func:`smashup_db.db.migrations.upgrade`.

Offline (SQL script) mode is supported for reviewing: ``alembic -c
smashup_db/db/migrations/alembic.ini -x url=postgresql+psycopg://... upgrade head --sql``.
"""

from __future__ import annotations

from alembic import context
from sqlmodel import SQLModel

from smashup_db.db import schema as models  # noqa: F401  (registers the tables)

target_metadata = SQLModel.metadata
config = context.config


def run_offline() -> None:
    url = context.get_x_argument(as_dictionary=True).get("url") or config.get_main_option(
        "sqlalchemy.url"
    )
    context.configure(url=url, target_metadata=target_metadata, literal_binds=True)
    with context.begin_transaction():
        context.run_migrations()


def run_online() -> None:
    connection = config.attributes.get("connection")
    if connection is None:  # run from the alembic command line
        from smashup_db.db import engine_for, resolve_url

        url = context.get_x_argument(as_dictionary=True).get("url")
        with engine_for(resolve_url(url)).begin() as conn:
            context.configure(
                connection=conn, target_metadata=target_metadata, render_as_batch=True
            )
            context.run_migrations()
        return
    context.configure(connection=connection, target_metadata=target_metadata, render_as_batch=True)
    context.run_migrations()


if context.is_offline_mode():
    run_offline()
else:
    run_online()
