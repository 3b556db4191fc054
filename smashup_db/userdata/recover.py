"""Salvage the user's data from a damaged SQLite database into a fresh one (``smashup db recover``).

The facts (products, factions, cards, bases, compiled names) come back from
``data/`` anyway; what only the database holds is the user's: the collection,
the game log, presets, imported names, rules text and rulings. Each of those
tables is read from the damaged file as far as SQLite still can (whole table,
else row by row), the damaged file is kept beside the new one as
``<file>.damaged-<time>``, a fresh database is built in its place and the
salvaged rows are written into it in one transaction.
"""

from __future__ import annotations

import os
import sqlite3
import time
from dataclasses import dataclass, field

from smashup_db.db.tables import TABLES, USER_TABLES
from smashup_db.errors import DatabaseError

#: Rows tried one by one, at most, when a table cannot be read whole.
MAX_ROWS_ONE_BY_ONE = 1_000_000


@dataclass
class RecoverReport:
    """What was saved: ``salvaged`` rows and ``unreadable`` rows per table, where the damaged file went."""

    damaged_copy: str
    salvaged: dict[str, int] = field(default_factory=dict)
    unreadable: dict[str, int] = field(default_factory=dict)

    def as_dict(self) -> dict:
        return {"damaged_copy": self.damaged_copy, "salvaged": self.salvaged, "unreadable": self.unreadable}


def _columns(conn: sqlite3.Connection, table: str) -> list[str]:
    try:
        return [r[1] for r in conn.execute(f"PRAGMA table_info({table})")]
    except sqlite3.DatabaseError:
        return []


def _read(conn: sqlite3.Connection, table: str, where: str, columns: list[str]) -> tuple[list[dict], int]:
    """``(rows, unreadable count)`` of ``table``: all at once, else row by row by rowid."""
    cols = ", ".join(columns)
    cond = f" WHERE {where}" if where else ""
    try:
        return [dict(zip(columns, r)) for r in conn.execute(f"SELECT {cols} FROM {table}{cond}")], 0
    except sqlite3.DatabaseError:
        pass
    try:
        top = conn.execute(f"SELECT MAX(rowid) FROM {table}").fetchone()[0] or 0
    except sqlite3.DatabaseError:
        top = MAX_ROWS_ONE_BY_ONE
    rows, lost = [], 0
    for rowid in range(1, min(top, MAX_ROWS_ONE_BY_ONE) + 1):
        try:
            row = conn.execute(f"SELECT {cols} FROM {table} WHERE rowid = ?" + (f" AND ({where})" if where else ""),
                               (rowid,)).fetchone()
        except sqlite3.DatabaseError:
            lost += 1
            continue
        if row is not None:
            rows.append(dict(zip(columns, row)))
    return rows, lost


def recover(url: str) -> RecoverReport:
    """Move the user's rows of the SQLite database at ``url`` into a fresh database at the same place.

    Raises :class:`DatabaseError` for a server URL, a missing file, or a
    fresh database that cannot be built (the damaged file is then put back).
    """
    from smashup_db.search.index import rebuild_index
    from smashup_db.db.engine import sqlite_path
    from smashup_db.compiler.bootstrap import ensure_current
    from smashup_db.db.transaction import writing

    path = sqlite_path(url)
    if path is None:
        raise DatabaseError("db recover works on SQLite files; restore a database server from its own backups")
    if not os.path.isfile(path):
        raise DatabaseError(f"{path}: no database file to recover")
    try:
        damaged = sqlite3.connect(f"file:{path}?mode=ro", uri=True)
    except sqlite3.Error as exc:
        raise DatabaseError(f"{path}: cannot be opened at all ({exc}); nothing can be salvaged") from None
    salvaged: dict[str, tuple[list[str], list[dict]]] = {}
    report = RecoverReport(damaged_copy=f"{path}.damaged-{time.strftime('%Y%m%d-%H%M%S')}")
    try:
        for table, where in USER_TABLES:
            columns = _columns(damaged, table)
            if not columns:
                continue
            rows, lost = _read(damaged, table, where, columns)
            salvaged[table] = (columns, rows)
            report.salvaged[table], report.unreadable[table] = len(rows), lost
    finally:
        damaged.close()
    for suffix in ("", "-wal", "-shm"):
        if os.path.exists(path + suffix):
            os.replace(path + suffix, report.damaged_copy + suffix)
    try:
        ensure_current(url)
        with writing(url, "recover") as w:
            for table, _ in USER_TABLES:
                if table not in salvaged:
                    continue
                columns, rows = salvaged[table]
                keep = tuple(c for c in columns if c in TABLES[table].names)  # the fresh database is at head
                w.execute(TABLES[table].insert(keep, replace=True), [{c: r[c] for c in keep} for r in rows])
            rebuild_index(w)
    except BaseException:
        for suffix in ("", "-wal", "-shm"):
            if os.path.exists(path + suffix):
                os.remove(path + suffix)
            if os.path.exists(report.damaged_copy + suffix):
                os.replace(report.damaged_copy + suffix, path + suffix)
        raise
    return report
