"""The one connection adapter: plain SQL with ``:name`` parameters on ``sqlite3`` or SQLAlchemy.

Reads (:class:`~smashup_db.db.reader.Reader`) and writes
(:class:`~smashup_db.db.transaction.Writer`) both run portable SQL with
``:name`` bound parameters (values are never pasted into SQL) and get rows
back as dicts. On the embedded SQLite database they use the standard
library's ``sqlite3`` (look-ups and the measured writers never import
SQLAlchemy, see README "How start-up is kept small"); on a server an
SQLAlchemy connection. :class:`SQLConnection` is that one adapter; the reader
adds opening and closing, the writer adds statements that change rows.
"""

from __future__ import annotations

TYPE_CHECKING = False  # typing is not imported at run time (start-up; annotations are strings)
if TYPE_CHECKING:
    from typing import Any


class SQLConnection:
    """Run SQL on ``conn``: a ``sqlite3`` connection (``row_factory = sqlite3.Row``) when ``sa`` is
    False, else an SQLAlchemy connection. ``dialect`` is ``sqlite`` or the server's name.

    Numeric results are plain ``int``/``float`` on every backend (PostgreSQL's
    ``SUM`` gives ``Decimal``, which is converted). Raises the driver's errors.
    """

    def __init__(self, conn, dialect: str, sa: bool):
        self._conn, self.dialect, self._is_sa = conn, dialect, sa

    def _run(self, sql: str, params):
        """The cursor (sqlite3) or result (SQLAlchemy) of ``sql`` with ``params`` (a dict or, for sqlite3,
        a list of dicts: run once per row)."""
        if not self._is_sa:
            return (
                self._conn.executemany(sql, params)
                if isinstance(params, list)
                else self._conn.execute(sql, params)
            )
        from sqlalchemy import text

        return self._conn.execute(text(sql), params)

    def all(self, sql: str, **params: Any) -> list[dict]:
        """All rows of ``sql`` with bound ``params``, as dicts."""
        if not self._is_sa:
            return [dict(r) for r in self._conn.execute(sql, params)]
        plain = _plain()
        return [{k: plain(v) for k, v in r._mapping.items()} for r in self._run(sql, params)]

    def tuples(self, sql: str, **params: Any) -> list[tuple]:
        """All rows of ``sql``, as plain tuples (cheaper than dicts for bulk comparisons)."""
        if not self._is_sa:
            cur = self._conn.cursor()
            cur.row_factory = None
            return cur.execute(sql, params).fetchall()
        plain = _plain()
        return [tuple(plain(v) for v in r) for r in self._run(sql, params)]

    def one(self, sql: str, **params: Any) -> dict | None:
        """The first row of ``sql``, or None."""
        rows = self.all(sql, **params)
        return rows[0] if rows else None

    def scalar(self, sql: str, **params: Any) -> Any:
        """The first column of the first row, or None."""
        row = self.one(sql, **params)
        return next(iter(row.values())) if row else None


def _plain():
    """A function turning ``Decimal`` into ``int`` (when whole) or ``float`` and leaving anything else."""
    from decimal import Decimal  # only servers send it (SUM on PostgreSQL); not imported on SQLite

    def plain(value: Any) -> Any:
        if isinstance(value, Decimal):
            return int(value) if value == value.to_integral_value() else float(value)
        return value

    return plain
