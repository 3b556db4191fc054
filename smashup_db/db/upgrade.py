"""Schema upgrades under the write lock: the one caller of the Alembic migrations."""

from __future__ import annotations

TYPE_CHECKING = False
if TYPE_CHECKING:
    from sqlalchemy.engine import Engine

from smashup_db.db.engine import database_errors, engine_for, url_of
from smashup_db.db.reader import Reader
from smashup_db.errors import DatabaseError


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


def schema_version(url: str) -> str | None | bool:
    """The Alembic revision the database at ``url`` is at; False when it has no tables yet."""
    reader = Reader(url)
    try:
        row = reader.one("SELECT version_num FROM alembic_version")
    except DatabaseError:  # a new file has no tables yet; the writers report real failures
        return False
    finally:
        reader.close()
    return (row or {}).get("version_num")


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
    if is_newer(version or None):
        from smashup_db.db.transaction import writing

        with writing(url, "check"):  # refuses with the one-line "written by a newer smashup" message
            pass
    if version is False:
        import sys

        from smashup_db.db.engine import safe_url, sqlite_path

        from smashup_db.errors import Message
        from smashup_db.i18n import N_, render

        note = Message(N_("creating a new smashup database: {where}"), where=sqlite_path(url) or safe_url(url))
        sys.stderr.write(render(note) + "\n")
    migrate(engine_for(url))
    return url
