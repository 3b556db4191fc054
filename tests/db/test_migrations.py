"""Schema migrations: new databases at head, older ones upgraded in place with the collection kept."""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

from helpers import db_execute, db_rows
from smashup_db.compiler.bootstrap import open_db
from smashup_db.db import engine_for, migrations, resolve_url


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
        ctx = MigrationContext.configure(
            conn,
            opts={
                "include_name": lambda name, type_, _parent: (
                    not (type_ == "table" and name.startswith("search_fts"))
                )
            },
        )
        diff = compare_metadata(ctx, SQLModel.metadata)
    assert diff == [], (
        "the newest revision in smashup_db/db/migrations does not match smashup_db/db/schema.py"
    )


def _check_fingerprint(sql: str) -> tuple[list[str], list[str]]:
    """The quoted values and the numbers of a CHECK's SQL: what a server's rewording keeps
    (PostgreSQL turns ``type IN ('a', 'b')`` into ``type = ANY (ARRAY['a'::varchar, …])``)."""
    return sorted(re.findall(r"'([^']*)'", sql)), sorted(re.findall(r"(?<![\w'])\d+(?![\w'])", sql))


def test_new_database_has_the_declared_check_constraints(db_path):
    """Alembic does not compare CHECK constraints, so a vocabulary changed without a new revision
    would go unnoticed: compare each table's checks (names and values) with the models'."""
    from sqlalchemy import CheckConstraint, inspect
    from sqlmodel import SQLModel

    from smashup_db.db import schema  # noqa: F401  (registers the models)

    engine = open_db(db_path, build_if_needed=False)
    insp = inspect(engine)
    for table in SQLModel.metadata.tables.values():
        declared = {
            c.name: str(c.sqltext) for c in table.constraints if isinstance(c, CheckConstraint)
        }
        stored = {c["name"]: c["sqltext"] for c in insp.get_check_constraints(table.name)}
        assert set(stored) == set(declared), table.name
        for name, sql in declared.items():
            if engine.dialect.name == "sqlite":  # SQLite keeps the text as the migration wrote it
                assert " ".join(stored[name].split()) == sql, (table.name, name)
            assert _check_fingerprint(stored[name]) == _check_fingerprint(sql), (
                table.name,
                name,
                stored[name],
            )


MIGRATIONS = Path(migrations.HERE)


@pytest.mark.parametrize("script", sorted(p.name for p in (MIGRATIONS / "versions").glob("*.py")))
def test_a_migration_imports_nothing_of_ours(script):
    """Each revision spells out its own schema and value lists (frozen): an import of today's
    vocabulary or models would change an old revision whenever they change."""
    tree = ast.parse((MIGRATIONS / "versions" / script).read_text(encoding="utf-8"))
    ours = []
    for node in ast.walk(tree):  # function-level imports included
        if isinstance(node, ast.Import):
            ours += [a.name for a in node.names if a.name.split(".")[0] == "smashup_db"]
        elif isinstance(node, ast.ImportFrom):
            if node.level or (node.module or "").split(".")[0] == "smashup_db":
                ours.append("." * node.level + (node.module or ""))
        elif isinstance(node, ast.Call) and getattr(
            node.func, "id", getattr(node.func, "attr", "")
        ) in ("__import__", "import_module"):
            ours.append(ast.unparse(node))
    allowed = [m for m in ours if m.startswith("smashup_db.db.migrations") and "versions" not in m]
    assert [m for m in ours if m not in allowed] == [], f"{script} imports {ours}"


def _old_database(db: str, *, stamped: bool) -> None:
    """A database with the initial schema (0001), a built catalogue and a collection row."""
    engine = engine_for(resolve_url(db))
    with engine.begin() as conn:
        migrations.upgrade(conn, migrations.INITIAL)
        if not stamped:  # as made before migrations existed: tables, no alembic_version
            conn.exec_driver_sql("DROP TABLE alembic_version")
    assert "added_at" not in _columns(db, "collection")
    db_execute(db, "INSERT INTO meta (key, value) VALUES ('catalogue_version', 'old')")
    db_execute(
        db, "INSERT INTO collection (owner, product_id, copies) VALUES ('Ben', 'core-set', 3)"
    )
    db_execute(
        db,
        "INSERT INTO entity_text (kind, ref, lang, text, source) VALUES ('card', 'laser-sword', 'de', 'x', 't')",
    )


@pytest.mark.parametrize("stamped", [True, False], ids=["at-0001", "before-migrations"])
def test_old_database_is_upgraded_not_rebuilt(db_path, stamped):
    _old_database(db_path, stamped=stamped)
    open_db(db_path)
    assert db_rows(db_path, "SELECT version_num FROM alembic_version") == [(migrations.HEAD,)]
    assert "added_at" in _columns(db_path, "collection")
    assert db_rows(db_path, "SELECT owner, product_id, copies, added_at FROM collection") == [
        ("Ben", "core-set", 3, None)
    ]
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
