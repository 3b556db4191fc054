"""Writes :mod:`smashup_db.db.columns`, the writers' table and column lists, from the models.

The SQLModel classes of :mod:`smashup_db.db.schema` are the one declaration of
the schema. The writers must start without importing SQLModel (see
:mod:`smashup_db.db.tables`), so this module derives the few facts they need
from ``SQLModel.metadata`` (each table's name, group, columns in order, primary
key and the column the database numbers) and writes them as plain Python
literals. The output is committed, like a lock file; ``tests/db/test_tables.py``
fails while it differs from what :func:`render` makes now. After changing a
model, run::

    python -m smashup_db.db.gencolumns
"""

from __future__ import annotations

from pathlib import Path

from sqlmodel import SQLModel

from smashup_db.db import schema  # noqa: F401  (registers the models on SQLModel.metadata)

#: The generated module.
TARGET = Path(__file__).with_name("columns.py")

_HEADER = '''"""The writers' table and column lists, generated from :mod:`smashup_db.db.schema`: do not edit.

Written by ``python -m smashup_db.db.gencolumns`` (see why there);
``tests/db/test_tables.py`` fails while this file is stale. For each table,
in the order of the models (parents before children): its group, its columns
in order, its primary key and the column the database numbers (or None).
"""

SCHEMA = {
'''


def table_lists() -> dict[str, tuple[str, tuple[str, ...], tuple[str, ...], str | None]]:
    """``{table: (group, columns, primary key, numbered column or None)}`` of every model, in order.

    Raises ``KeyError`` for a table whose model declares no group (``__table_args__`` info).
    """
    lists = {}
    for t in SQLModel.metadata.tables.values():
        numbered = t.autoincrement_column
        lists[t.name] = (
            t.info["group"],
            tuple(t.columns.keys()),
            tuple(c.name for c in t.primary_key.columns),
            None if numbered is None else numbered.name,
        )
    return lists


def _names(names: tuple[str, ...]) -> str:
    """A tuple literal, one name a line (a form ``ruff format`` keeps as it is)."""
    if len(names) == 1:
        return f'("{names[0]}",)'
    return "(\n" + "".join(f'            "{n}",\n' for n in names) + "        )"


def render() -> str:
    """The text of :mod:`smashup_db.db.columns` for the models as they are now."""
    out = [_HEADER]
    for name, (group, columns, key, numbered) in table_lists().items():
        out.append(f'    "{name}": (\n')
        out.append(f'        "{group}",\n')
        out.append(f"        {_names(columns)},\n")
        out.append(f"        {_names(key)},\n")
        out.append("        None,\n" if numbered is None else f'        "{numbered}",\n')
        out.append("    ),\n")
    out.append("}\n")
    return "".join(out)


def main() -> None:
    """Write :data:`TARGET`."""
    TARGET.write_text(render(), encoding="utf-8")


if __name__ == "__main__":
    main()
