"""Schema migrations: new databases at head, older ones upgraded in place with the collection kept."""

from __future__ import annotations

import pytest

from smashup_db.db import migrations
from smashup_db.db import engine_for, resolve_url
from smashup_db.compiler.bootstrap import open_db
from helpers import db_execute, db_rows


def _columns(db: str, table: str) -> set[str]:
    from sqlalchemy import inspect

    return {c["name"] for c in inspect(engine_for(resolve_url(db))).get_columns(table)}


def test_head_constant_is_the_newest_script():
    from alembic.script import ScriptDirectory

    script = ScriptDirectory.from_config(migrations.config())
    assert script.get_heads() == [migrations.HEAD]
    assert [r.revision for r in script.walk_revisions()][-1] == migrations.INITIAL


def test_new_database_is_at_head_and_matches_the_models(db_path):
    from alembic.autogenerate import compare_metadata
    from alembic.runtime.migration import MigrationContext
    from sqlmodel import SQLModel

    from smashup_db.db import schema as models  # noqa: F401

    engine = open_db(db_path, build_if_needed=False)
    assert db_rows(db_path, "SELECT version_num FROM alembic_version") == [(migrations.HEAD,)]
    with engine.connect() as conn:
        # search_fts (SQLite FTS5) and its shadow tables are made by the migration, not by a model
        ctx = MigrationContext.configure(conn, opts={"include_name": lambda name, type_, _parent: not (
            type_ == "table" and name.startswith("search_fts"))})
        diff = compare_metadata(ctx, SQLModel.metadata)
    assert diff == [], "the revisions in smashup_db/migrations do not match models.py"


def _old_database(db: str, *, stamped: bool) -> None:
    """A database with the initial schema (0001), a built catalogue and a collection row."""
    engine = engine_for(resolve_url(db))
    with engine.begin() as conn:
        migrations.upgrade(conn, migrations.INITIAL)
        if not stamped:  # as made before migrations existed: tables, no alembic_version
            conn.exec_driver_sql("DROP TABLE alembic_version")
    assert "added_at" not in _columns(db, "collection")
    db_execute(db, "INSERT INTO meta (key, value) VALUES ('catalogue_version', 'old')")
    db_execute(db, "INSERT INTO collection (owner, product_id, copies) VALUES ('Ben', 'core-set', 3)")
    db_execute(db, "INSERT INTO entity_text (kind, ref, lang, text, source) VALUES ('card', 'laser-sword', 'de', 'x', 't')")


@pytest.mark.parametrize("stamped", [True, False], ids=["at-0001", "before-migrations"])
def test_old_database_is_upgraded_not_rebuilt(db_path, stamped):
    _old_database(db_path, stamped=stamped)
    open_db(db_path)
    assert db_rows(db_path, "SELECT version_num FROM alembic_version") == [(migrations.HEAD,)]
    assert "added_at" in _columns(db_path, "collection")
    assert db_rows(db_path, "SELECT owner, product_id, copies, added_at FROM collection") == [("Ben", "core-set", 3, None)]
    assert db_rows(db_path, "SELECT text FROM entity_text") == [("x",)]
    assert db_rows(db_path, "SELECT COUNT(*) FROM card")[0][0] > 1000  # catalogue loaded on top


def test_old_database_upgraded_by_a_lookup_command(cli, db_path):
    _old_database(db_path, stamped=True)
    res = cli("collection", "list", "--json")
    assert res.exit_code == 0, res.output
    assert '"owner": "Ben"' in res.stdout and '"copies": 3' in res.stdout
    assert db_rows(db_path, "SELECT version_num FROM alembic_version") == [(migrations.HEAD,)]
    assert cli("collection", "add", "Core Set", "--owner", "Cleo").exit_code == 0
    added = db_rows(db_path, "SELECT added_at FROM collection WHERE owner = 'Cleo'")[0][0]
    assert added and added.endswith("+00:00")


def test_migrating_twice_changes_nothing(db_path):
    engine = open_db(db_path, build_if_needed=False)
    with engine.begin() as conn:
        assert migrations.upgrade(conn) == (migrations.HEAD, migrations.HEAD)
