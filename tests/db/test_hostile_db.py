"""Broken machines and wrong settings (issue 15, database side): one test per item, named after it.

Each case ends in one clear line (or keeps working) and loses nothing. Tests
that touch the database run on SQLite and, with ``SMASHUP_TEST_PG_URL``, on
PostgreSQL; the damaged-file and missing-folder cases are SQLite's own.
"""

from __future__ import annotations

import os
import signal
import sqlite3
import subprocess
from pathlib import Path

import pytest

from helpers import PG_URL, db_execute, db_rows, one_line_error, paused, smashup, smashup_env

# =========================================================================== where the database is


def test_nonexistent_db_folder_is_an_error(tmp_path):
    missing = tmp_path / "no" / "such" / "dir" / "x.sqlite"
    for env in (smashup_env(str(missing)), {**smashup_env(str(tmp_path / "ok.db"))}):
        args = ("stats",) if env["SMASHUP_DB"] == str(missing) else ("stats", "--db", str(missing))
        err = one_line_error(smashup(env, *args), "does not exist", f"mkdir -p {missing.parent}")
        assert str(missing.parent) in err
    assert not (tmp_path / "no").exists(), "no folder may be created for a mistyped path"


def test_creating_a_new_database_says_so_once(tmp_path):
    env = smashup_env(str(tmp_path / "fresh.db"))
    first = smashup(env, "card", "cesium armor", "--json")
    assert (
        first.returncode == 0
        and first.stderr.strip() == f"creating a new smashup database: {tmp_path / 'fresh.db'}"
    )
    again = smashup(env, "card", "cesium armor", "--json")
    assert again.returncode == 0 and again.stderr == "" and again.stdout == first.stdout


# =========================================================================== schema


def test_database_of_a_newer_smashup(cli, db_path):
    assert cli("collection", "add", "Core Set").exit_code == 0
    db_execute(db_path, "UPDATE alembic_version SET version_num = '9999'")
    card = cli("card", "cesium armor", "--json")
    assert card.exit_code == 0 and '"cesium-armor"' in card.stdout  # look-ups keep working
    assert cli("search", "t:minion f:ninjas").exit_code == 0
    for args in (("collection", "add", "Monster Smash"), ("db", "build")):
        one_line_error(cli(*args), "newer smashup", "9999", "upgrade")
    assert db_rows(db_path, "SELECT version_num FROM alembic_version") == [("9999",)]
    assert db_rows(db_path, "SELECT product_id, copies FROM collection") == [("core-set", 1)]


def test_emptied_alembic_version_is_repaired(cli, db_path):
    from smashup_db.db.migrations import HEAD

    assert cli("collection", "add", "Core Set", "--owner", "Ben").exit_code == 0
    db_execute(db_path, "DELETE FROM alembic_version")
    res = cli("collection", "add", "Monster Smash", "--owner", "Ben")
    assert res.exit_code == 0, res.output
    assert db_rows(db_path, "SELECT version_num FROM alembic_version") == [(HEAD,)]
    assert sorted(db_rows(db_path, "SELECT product_id FROM collection")) == [
        ("core-set",),
        ("monster-smash",),
    ]


def test_migrations_know_every_revision():
    from alembic.script import ScriptDirectory

    from smashup_db.db import migrations

    scripts = [
        r.revision for r in ScriptDirectory.from_config(migrations.config()).walk_revisions()
    ]
    assert (
        tuple(reversed(scripts)) == migrations.REVISIONS
        and migrations.REVISIONS[-1] == migrations.HEAD
    )
    assert {rev for rev, _, _ in migrations.SIGNATURES} | set(migrations.TYPE_ONLY) == set(
        migrations.REVISIONS
    )


# =========================================================================== a damaged file


def _damage_table(db: str, table: str) -> int:
    conn = sqlite3.connect(db)
    conn.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    pages = [r[0] for r in conn.execute("SELECT pageno FROM dbstat WHERE name = ?", (table,))]
    size = conn.execute("PRAGMA page_size").fetchone()[0]
    conn.close()
    with open(db, "r+b") as fh:
        for page in pages:
            fh.seek((page - 1) * size + 8)
            fh.write(b"\xff" * (size - 16))
    return len(pages)


def test_corrupted_database_recover(tmp_path, shared_data):
    db = str(tmp_path / "damaged.db")
    env = smashup_env(db)
    assert (
        smashup(
            env, "import", "text", str(shared_data / "card-archive" / "smashup-catalog.json")
        ).returncode
        == 0
    )
    assert (
        smashup(env, "collection", "add", "Core Set", "--owner", "Ben", "--copies", "2").returncode
        == 0
    )
    csv = tmp_path / "de.csv"
    csv.write_text(
        "kind,id,lang,name,text\ncard,laser-sword,de,Laserschwert,Ein Text\n", encoding="utf-8"
    )
    assert smashup(env, "import", "translations", str(csv)).returncode == 0
    assert _damage_table(db, "card") > 0

    one_line_error(smashup(env, "card", "Laserschwert"), "damaged", "smashup db recover")
    rec = smashup(env, "db", "recover", "--json")
    assert rec.returncode == 0, rec.stderr
    import json

    report = json.loads(rec.stdout)
    assert report["salvaged"]["collection"] == 1 and report["salvaged"]["entity_text"] >= 1421
    assert Path(report["damaged_copy"]).is_file()
    assert smashup(env, "collection", "list").stdout.strip() == "Ben: Core Set x2"
    card = smashup(env, "card", "Laserschwert", "--lang", "de")
    assert card.returncode == 0 and "Ein Text" in card.stdout
    assert sqlite3.connect(db).execute("PRAGMA integrity_check").fetchone()[0] == "ok"


# =========================================================================== settings and numbers


@pytest.mark.parametrize("value", ["inf", "nan", "-1", "1e9", "soon"])
def test_timeout_setting_inf_and_nonsense(cli, monkeypatch, value):
    monkeypatch.setenv("SMASHUP_DB_TIMEOUT", value)
    one_line_error(cli("stats"), "SMASHUP_DB_TIMEOUT", repr(value))


# =========================================================================== a server that stops answering


def _local_pg() -> bool:
    from urllib.parse import urlparse

    return (
        bool(PG_URL)
        and urlparse(PG_URL.replace("+psycopg", "")).hostname in ("127.0.0.1", "localhost")
        and os.geteuid() == 0
    )


@pytest.mark.postgresql
@pytest.mark.skipif(
    not _local_pg(), reason="needs a local PostgreSQL server (SMASHUP_TEST_PG_URL) and root"
)
def test_pg_server_frozen_during_commit(tmp_path):
    """SIGSTOP the backend of a command paused before its commit: the command ends by itself, in one line."""
    from helpers import fresh_pg_database

    with fresh_pg_database() as url:
        env = smashup_env(url, SMASHUP_DB_TIMEOUT="3")
        assert smashup(env, "stats").returncode == 0
        proc = subprocess.Popen(
            paused("collection:1", "collection", "add", "Core Set"),
            env=env,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
            stdin=subprocess.DEVNULL,
        )
        assert proc.stderr.readline().strip() == "paused in collection"
        pids = [
            r[0]
            for r in db_rows(
                url,
                "SELECT pid FROM pg_stat_activity WHERE application_name = 'smashup'"
                " AND datname = current_database() AND pid <> pg_backend_pid()",
            )
        ]
        assert pids
        for pid in pids:
            os.kill(pid, signal.SIGSTOP)
        try:  # the command's own wait ends it, well before this guard against a hang
            out, err = proc.communicate(timeout=60)
        finally:
            for pid in pids:
                os.kill(pid, signal.SIGCONT)
        assert proc.returncode == 1 and "Traceback" not in err
        assert err.strip().splitlines()[-1].startswith("error: ") and "did not answer" in err
