"""The SQLModel models of the catalogue and of the user's own data, made from :mod:`.tables`.

:data:`smashup_db.db.tables.TABLES` is the one declaration of the schema;
this module turns each of its tables into an SQLModel class with
``table=True`` (``Product``, ``Card``, ``Collection`` … as named there), so
``SQLModel.metadata`` holds exactly that schema. Only Alembic's set-up
(``migrations/env.py``, loaded when a migration runs) and
``tests/db/test_migrations.py`` import it: the newest migration must create
what these models declare. Reads and writes never need this module (and with
it SQLModel, pydantic and SQLAlchemy): the writers read their column lists
from :mod:`.tables` directly, see why there.

The schema is created and upgraded by the Alembic revisions in
:mod:`smashup_db.db.migrations`; a change of :mod:`.tables` needs a new revision there.
"""

from __future__ import annotations

from typing import Optional

from sqlalchemy import CheckConstraint, Index
from sqlmodel import Field, SQLModel

from smashup_db.db.tables import REQUIRED, TABLES, Table


def model(table: Table) -> type[SQLModel]:
    """The SQLModel class (``table=True``) of one declared table, registered on ``SQLModel.metadata``."""
    annotations, fields = {}, {}
    for c in table.columns:
        annotations[c.name] = Optional[c.type] if (c.null or c.auto) else c.type
        kwargs: dict = {"primary_key": c.key}
        if c.default is not REQUIRED:
            kwargs["default"] = c.default
        if c.ref:
            kwargs["foreign_key"] = c.ref
        if c.index:
            kwargs["index"] = True
        if c.unique:
            kwargs["unique"] = True
        if c.doc:
            kwargs["description"] = c.doc
        fields[c.name] = Field(**kwargs)
    namespace = {
        "__module__": __name__,
        "__qualname__": table.model,
        "__doc__": table.doc,
        "__tablename__": table.name,
        "__annotations__": annotations,
        **fields,
        "__table_args__": (
            *(CheckConstraint(sql, name=name) for name, sql in table.checks),
            *(Index(name, *cols) for name, cols in table.indexes),
        ),
    }
    return type(SQLModel)(table.model, (SQLModel,), namespace, table=True)


#: The model of each table, by table name.
MODELS: dict[str, type[SQLModel]] = {name: model(t) for name, t in TABLES.items()}
globals().update({m.__name__: m for m in MODELS.values()})  # schema.Product, schema.Card, …

__all__ = ["MODELS", "model", *(m.__name__ for m in MODELS.values())]
