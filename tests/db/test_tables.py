"""The schema's one declaration (the models in smashup_db/db/schema.py) and what the writers derive
from it: the generated column lists (smashup_db/db/columns.py), their order, groups and SQL."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

from smashup_db.db.tables import FACT_TABLES, TABLES, USER_TABLES, tables


def _metadata():
    from sqlmodel import SQLModel

    from smashup_db.db import schema  # noqa: F401  (registers the models)

    return SQLModel.metadata


def test_generated_column_lists_are_current():
    """columns.py is what gencolumns writes from the models now (run it after changing a model)."""
    from smashup_db.db import gencolumns

    assert gencolumns.TARGET.read_text(encoding="utf-8") == gencolumns.render(), (
        "smashup_db/db/columns.py is stale: run python -m smashup_db.db.gencolumns"
    )


def test_the_writers_lists_are_the_models():
    """Every model's table, in order, with its columns, key and group; only a lone integer key that the
    database numbers is left out of the inserts."""
    metadata = _metadata()
    assert list(TABLES) == list(metadata.tables)
    for name, t in metadata.tables.items():
        ours = TABLES[name]
        assert ours.names == tuple(t.columns.keys()), name
        assert ours.primary_key == tuple(c.name for c in t.primary_key.columns), name
        assert ours.group == t.info["group"], name
        numbered = set(ours.names) - set(ours.written)
        assert numbered == ({"id"} if name in ("ruling", "search_doc", "game") else set()), name


def test_model_fields_follow_the_table_columns():
    """The pydantic side of each model has the table's columns, in the same order."""
    from sqlmodel import SQLModel

    from smashup_db.db import schema  # noqa: F401

    models = {m.__tablename__: m for m in SQLModel.__subclasses__() if m.model_config.get("table")}
    for name, t in _metadata().tables.items():
        assert tuple(models[name].model_fields) == tuple(t.columns.keys()), name


def test_parents_come_before_children():
    """The writers insert in declaration order and delete in reverse: every foreign key points back."""
    seen: set[str] = set()
    for t in _metadata().tables.values():
        for fk in t.foreign_keys:
            assert fk.column.table.name in seen | {t.name}, (t.name, fk.target_fullname)
        seen.add(t.name)


def test_writers_lists_import_no_orm():
    """db build and import text start without SQLModel, pydantic, SQLAlchemy, typing or dataclasses
    (what the interpreter itself loaded before, a .pth file's imports say, does not count)."""
    probe = (
        "import sys, json; before = set(sys.modules); import smashup_db.db.tables;"
        " print(json.dumps(sorted(m.split('.')[0] for m in set(sys.modules) - before)))"
    )
    out = subprocess.run(
        [sys.executable, "-c", probe], capture_output=True, text=True, check=True
    ).stdout
    loaded = set(json.loads(out))
    assert "smashup_db" in loaded
    assert {"sqlmodel", "sqlalchemy", "pydantic", "typing", "dataclasses"} & loaded == set()


def test_groups_cover_every_table_once():
    groups = ("facts", "derived", "imported", "user", "meta")
    assert sorted(t for g in groups for t in tables(g)) == sorted(TABLES)
    assert (
        FACT_TABLES == tables("facts") and "card" in FACT_TABLES and "collection" not in FACT_TABLES
    )
    # What db recover salvages: the user's and the imported rows, never the facts (they come back from data/).
    assert {t for t, _ in USER_TABLES} == {*tables("user"), *tables("imported")}
    assert dict(USER_TABLES)["name"] == "origin <> 'data'"


def test_statements_name_declared_columns_only():
    game = TABLES["game"]
    assert game.insert(returning="id") == (
        "INSERT INTO game (uid, played_on, status, winner, seed, recorded_at)"
        " VALUES (:uid, :played_on, :status, :winner, :seed, :recorded_at)"
        " RETURNING id"
    )
    assert TABLES["entity_text"].update(("text",)) == (
        "UPDATE entity_text SET text = :text WHERE kind = :kind AND ref = :ref AND lang = :lang"
    )
    assert TABLES["collection"].delete(()) == "DELETE FROM collection"
    assert TABLES["collection"].delete() == (
        "DELETE FROM collection WHERE owner = :owner AND product_id = :product_id"
    )
    assert (
        TABLES["search_doc"]
        .insert(into="search_fts")
        .startswith("INSERT INTO search_fts (key, lang, field, body)")
    )
    for make in (
        lambda: TABLES["card"].insert(("id", "colour")),
        lambda: TABLES["card"].update(("colour",)),
        lambda: TABLES["card"].delete(("colour",)),
        lambda: TABLES["card"].select(("colour",)),
        lambda: TABLES["game"].insert(returning="colour"),
    ):
        with pytest.raises(KeyError, match="colour"):
            make()
