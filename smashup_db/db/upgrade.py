"""Schema upgrades under the write lock: the one caller of the Alembic migrations."""

from __future__ import annotations

from smashup_db.db.engine import database_errors, engine_for, url_of
from smashup_db.db.reader import Reader
from smashup_db.errors import DatabaseError
from smashup_db.i18n import N_

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Literal

    from sqlalchemy.engine import Engine


def migrate(engine: "Engine") -> tuple[str | None, str]:
    """Bring the schema to the newest migration under the write lock; returns ``(before, after)``.

    A new database is created at head; an older one is upgraded in place
    (the collection and imported text are kept). Raises :class:`DatabaseError`.
    """
    from smashup_db.db import migrations
    from smashup_db.db.transaction import sa_transaction

    url = engine.url.render_as_string(hide_password=False)
    with database_errors(url):
        if migrations.is_current(engine):
            return migrations.HEAD, migrations.HEAD
        with sa_transaction(engine, "migrate") as conn:
            return migrations.upgrade(conn)


def schema_version(url: str) -> str | None | Literal[False]:
    """The Alembic revision the database at ``url`` is at; False when it has no tables yet."""
    reader = Reader(url)
    try:
        row = reader.one("SELECT version_num FROM alembic_version")
    except DatabaseError:  # a new file has no tables yet; the writers report real failures
        return False
    finally:
        reader.close()
    return (row or {}).get("version_num")


#: Tables that only a smashup database has (any revision): one of them present means the database is ours.
OUR_TABLES = ("meta", "alembic_version", "collection", "entity_text", "product", "faction", "card")


def foreign_tables(url: str) -> list[str]:
    """The tables of the database at ``url`` when it is not a smashup database, else ``[]``.

    A database is ours when it is empty or holds one of :data:`OUR_TABLES`; a
    non-empty one without any (another program's SQLite file or PostgreSQL
    database) gives its table names, sorted. Raises :class:`DatabaseError` when
    the database cannot be read at all.
    """
    from smashup_db.db.engine import sqlite_path

    reader = Reader(url)
    try:
        if sqlite_path(url) is not None:
            rows = reader.all(
                "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'"
            )
        else:
            rows = reader.all(
                "SELECT table_name AS name FROM information_schema.tables"
                " WHERE table_schema = current_schema()"
            )
    finally:
        reader.close()
    names = sorted(r["name"] for r in rows)
    return [] if not names or set(names) & set(OUR_TABLES) else names


def refuse_foreign(url: str) -> None:
    """Raise the one-line :class:`DatabaseError` when ``url`` holds another program's tables (nothing is written)."""
    foreign = foreign_tables(url)
    if foreign:
        from smashup_db.db.engine import safe_url, sqlite_path

        more = f" and {len(foreign) - 3} more" if len(foreign) > 3 else ""
        raise DatabaseError(
            N_(
                "{where} is not a smashup database: it holds another program's tables ({tables});"
                " it was left as it was, give another --db or SMASHUP_DB"
            ),
            where=sqlite_path(url) or safe_url(url),
            tables=", ".join(foreign[:3]) + more,
        )


def ensure_schema(db) -> str:
    """Bring the schema of ``db`` (path, URL, engine or None) to the newest migration; returns its URL.

    A database written by a newer smashup is refused with the one-line "newer"
    message; a new one is announced on stderr. Raises :class:`DatabaseError`.
    """
    from smashup_db.db.migrations import HEAD, is_newer

    url = url_of(db)
    version = schema_version(url)
    if version == HEAD:
        return url
    if (
        version is False or version is None
    ):  # no revision recorded: refuse another program's database
        refuse_foreign(url)
    if isinstance(version, str) and is_newer(version or None):
        from smashup_db.db.transaction import writing

        with writing(
            url, "check"
        ):  # refuses with the one-line "written by a newer smashup" message
            pass
    if version is False:
        import sys

        from smashup_db.db.engine import safe_url, sqlite_path
        from smashup_db.errors import Message
        from smashup_db.i18n import N_, render

        note = Message(
            N_("creating a new smashup database: {where}"), where=sqlite_path(url) or safe_url(url)
        )
        shown = render(note)
        if sys.stderr.isatty():  # the path on a line of its own when the line would not fit
            import shutil
            import textwrap

            width = shutil.get_terminal_size().columns
            shown = textwrap.fill(shown, width, break_long_words=False, break_on_hyphens=False)
        sys.stderr.write(shown + "\n")
    migrate(engine_for(url))
    return url
