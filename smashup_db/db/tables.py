"""The writers' SQL, made from the table and column lists generated from the models.

The schema is declared once, as the SQLModel classes of
:mod:`smashup_db.db.schema`. The writers (``db build``, the importers, the
collection, the game log, presets, ``db recover``, the search index) take their
table names and column lists from here (:meth:`Table.insert`,
:meth:`Table.update`, :meth:`Table.delete`, :data:`FACT_TABLES`,
:data:`USER_TABLES` …) instead of spelling them in hand-written SQL, so a new
column is added in one place (and in a new migration).

Why not read the classes themselves: ``db build``, ``import text`` and every
look-up start in a few tens of milliseconds, and importing SQLModel (with
pydantic and SQLAlchemy) alone costs several times that (README, "How start-up
is kept small"; ``tests/cli/test_startup.py``; ``bench/bench_startup.py``). So
the lists come from :mod:`smashup_db.db.columns`, plain literals that
:mod:`smashup_db.db.gencolumns` writes from the classes (committed like a lock
file; ``tests/db/test_tables.py`` fails while it is stale), and this module is
plain Python with ``__slots__`` (no ``dataclasses``, no ``typing``, which the
measured writers do not import either).

The groups of tables (``facts``, ``derived``, ``imported``, ``user``,
``meta``) are explained in :mod:`smashup_db.db.schema`.
"""

from __future__ import annotations

from smashup_db.db.columns import SCHEMA

#: ``name.origin`` of the compiled names (replaced by a build); other origins are imports.
DATA_ORIGIN = "data"


class Table:
    """One table's ``name``, ``group`` and column lists, and the SQL statements the writers run on it.

    ``names``: every column, in order; ``written``: the columns a writer gives
    (all but a key the database numbers); ``primary_key``: the key's columns.
    """

    __slots__ = ("name", "group", "names", "written", "primary_key")

    def __init__(
        self,
        name: str,
        group: str,
        columns: tuple[str, ...],
        key: tuple[str, ...],
        numbered: str | None,
    ):
        self.name, self.group, self.names, self.primary_key = name, group, columns, key
        self.written = tuple(c for c in columns if c != numbered)

    def __repr__(self) -> str:
        return f"Table({self.name!r})"

    def column(self, name: str) -> str:
        """``name`` when this table has that column; ``KeyError`` when it has none."""
        if name not in self.names:
            raise KeyError(f"{self.name} has no column {name}")
        return name

    def insert(
        self,
        columns: tuple[str, ...] | None = None,
        *,
        into: str | None = None,
        returning: str | None = None,
        replace: bool = False,
    ) -> str:
        """``INSERT INTO table (a, b) VALUES (:a, :b)`` over :attr:`written` (or ``columns``, checked).

        ``into`` writes the same columns into another table (``search_fts``
        mirrors ``search_doc``); ``returning`` appends ``RETURNING column``;
        ``replace`` makes it ``INSERT OR REPLACE`` (SQLite only). Raises
        ``KeyError`` for a column this table does not have.
        """
        cols = self.written if columns is None else tuple(self.column(c) for c in columns)
        verb = "INSERT OR REPLACE" if replace else "INSERT"
        sql = f"{verb} INTO {into or self.name} ({', '.join(cols)}) VALUES ({', '.join(':' + c for c in cols)})"
        return sql + (f" RETURNING {self.column(returning)}" if returning else "")

    def update(self, columns: tuple[str, ...], where: tuple[str, ...] | None = None) -> str:
        """``UPDATE table SET a = :a WHERE k = :k AND …``; ``where`` defaults to the primary key.

        Raises ``KeyError`` for a column this table does not have.
        """
        sets = ", ".join(f"{self.column(c)} = :{c}" for c in columns)
        return f"UPDATE {self.name} SET {sets} WHERE {self._where(where)}"

    def delete(self, where: tuple[str, ...] | None = None) -> str:
        """``DELETE FROM table WHERE k = :k AND …``; ``where`` defaults to the primary key, ``()`` deletes all.

        Raises ``KeyError`` for a column this table does not have.
        """
        cond = self._where(where)
        return f"DELETE FROM {self.name}" + (f" WHERE {cond}" if cond else "")

    def select(self, columns: tuple[str, ...] | None = None) -> str:
        """``SELECT a, b FROM table`` over every column (or ``columns``, checked); append any ``WHERE``."""
        cols = self.names if columns is None else tuple(self.column(c) for c in columns)
        return f"SELECT {', '.join(cols)} FROM {self.name}"

    def _where(self, where: tuple[str, ...] | None) -> str:
        """``k = :k AND …`` over ``where`` (default: the primary key); ``""`` for ``()``."""
        cols = self.primary_key if where is None else where
        return " AND ".join(f"{self.column(c)} = :{c}" for c in cols)


#: Every table, in the order to create and fill them (parents before children; delete in reverse).
TABLES: dict[str, Table] = {name: Table(name, *lists) for name, lists in SCHEMA.items()}


def tables(group: str) -> tuple[str, ...]:
    """Names of the tables of ``group`` (``facts``, ``derived``, ``imported``, ``user``, ``meta``), in order."""
    return tuple(t.name for t in TABLES.values() if t.group == group)


#: Tables filled from ``data/`` by ``smashup db build``, parents before children (the order to
#: insert in; delete in reverse). The compiled names are in ``name`` with origin :data:`DATA_ORIGIN`.
FACT_TABLES = tables("facts")
#: Tables whose rows only the database holds (the user's and the imported ones), in the order to
#: write them (parents first), each with the condition that selects those rows (``""``: all).
USER_TABLES = tuple(
    (t, f"origin <> '{DATA_ORIGIN}'" if t == "name" else "")
    for t in (*tables("user"), *tables("imported"))
)
#: The SQLite FTS5 table that mirrors ``search_doc``'s written columns (made by the migration where FTS5 exists).
SEARCH_FTS = "search_fts"
