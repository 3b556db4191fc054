"""Shared fixtures: paths, a fresh database per test (SQLite and PostgreSQL), the CLI runner.

Database tests run once per backend: on a fresh SQLite file, and, when
``SMASHUP_TEST_PG_URL`` names a PostgreSQL server (a role that may create
databases), on a fresh database ``test_<uuid>`` created there and dropped
afterwards. Without the variable the PostgreSQL variants are skipped.
"""

from __future__ import annotations

import os
import uuid
from contextlib import contextmanager
from pathlib import Path
from typing import Iterator

import pytest

REPO = Path(__file__).resolve().parents[1]
SHARED_DATA = REPO.parent / "shared" / "data"
DATA = REPO / "data"

PG_URL = os.environ.get("SMASHUP_TEST_PG_URL", "").strip()
needs_pg = pytest.mark.skipif(not PG_URL, reason="SMASHUP_TEST_PG_URL is not set (no PostgreSQL server)")
#: Parameters for backend-parametrized fixtures: always SQLite, PostgreSQL when a server is given.
BACKENDS = ["sqlite", pytest.param("postgresql", marks=needs_pg)]


@contextmanager
def fresh_pg_database(admin_url: str = PG_URL) -> Iterator[str]:
    """Create an empty database ``test_<hex>`` on the server of ``admin_url``; yield its URL; drop it."""
    from sqlalchemy import create_engine
    from sqlalchemy.engine import make_url

    from smashup_db.db import dispose_engines

    name = f"test_{uuid.uuid4().hex[:16]}"
    admin = create_engine(admin_url, isolation_level="AUTOCOMMIT")
    try:
        with admin.connect() as conn:
            conn.exec_driver_sql(f'CREATE DATABASE "{name}"')
        url = make_url(admin_url).set(database=name).render_as_string(hide_password=False)
        try:
            yield url
        finally:
            dispose_engines(url)
            with admin.connect() as conn:
                conn.exec_driver_sql(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')
    finally:
        admin.dispose()


@pytest.fixture
def shared_data() -> Path:
    """The public source data beside the project; skips the test when absent."""
    if not (SHARED_DATA / "card-archive" / "smashup-catalog.json").is_file():
        pytest.skip("../shared/data is not present")
    return SHARED_DATA


@pytest.fixture(params=BACKENDS)
def backend(request) -> str:
    """``sqlite`` or ``postgresql`` (the latter only when SMASHUP_TEST_PG_URL is set)."""
    return request.param


@pytest.fixture
def db_path(backend, tmp_path, monkeypatch) -> Iterator[str]:
    """A fresh database for this test, also set as $SMASHUP_DB.

    A file path on SQLite, a ``postgresql+psycopg://`` URL on PostgreSQL;
    pass it to :func:`db_rows` to inspect the database on either.
    """
    monkeypatch.delenv("SMASHUP_LANG", raising=False)
    monkeypatch.delenv("SMASHUP_DB_TIMEOUT", raising=False)
    monkeypatch.setenv("LANG", "C.UTF-8")
    if backend == "sqlite":
        path = str(tmp_path / "smashup.db")
        monkeypatch.setenv("SMASHUP_DB", path)
        yield path
        from smashup_db.db import dispose_engines, resolve_url

        dispose_engines(resolve_url(path))
        return
    with fresh_pg_database() as url:
        monkeypatch.setenv("SMASHUP_DB", url)
        yield url


def db_rows(db: str, sql: str, **params) -> list[tuple]:
    """Rows of ``sql`` (``:name`` parameters) on the database ``db`` (path or URL), via SQLAlchemy."""
    from sqlalchemy import text

    from smashup_db.db import engine_for, resolve_url

    with engine_for(resolve_url(db)).connect() as conn:
        return [tuple(r) for r in conn.execute(text(sql), params)]


def db_execute(db: str, sql: str, **params) -> None:
    """Run one write statement on ``db`` and commit."""
    from sqlalchemy import text

    from smashup_db.db import engine_for, resolve_url

    with engine_for(resolve_url(db)).begin() as conn:
        conn.execute(text(sql), params)


def _created(db: str) -> None:
    """Create a still empty test database before the first command, so that its one-time "creating
    a new smashup database" notice is not part of that command's stderr (tests/db/test_hostile_db.py
    checks the notice). A database a test set up itself (an old schema, say) is left as it is."""
    import contextlib
    import io

    from smashup_db.compiler.bootstrap import ensure_current, is_new

    with contextlib.redirect_stderr(io.StringIO()):
        if is_new(db):
            ensure_current(db)


@pytest.fixture
def cli(db_path):
    """Run ``smashup ARGS`` in-process on the test database (already created); returns the click Result."""
    from typer.testing import CliRunner

    from smashup_db.cli import app

    runner = CliRunner()
    first = [True]

    def run(*args: str, input: str | None = None):
        if first[0]:
            first[0] = False
            try:
                _created(db_path)
            except Exception:  # a test of a broken setting or server: the command itself reports it
                pass
        return runner.invoke(app, list(args), input=input)

    return run


@pytest.fixture
def run(tmp_path, monkeypatch):
    """Run ``smashup ARGS --db <tmp SQLite file>`` in-process; returns the click Result.

    For tests that inspect the SQLite file itself (byte snapshots, dumps):
    ``run.db`` is the file, ``run.tmp`` the test's folder. Every run is
    checked to end without a traceback.
    """
    from typer.testing import CliRunner

    from smashup_db.cli import app

    db = str(tmp_path / "t.db")
    monkeypatch.setenv("SMASHUP_DB", db)
    monkeypatch.delenv("SMASHUP_LANG", raising=False)
    monkeypatch.setenv("LANG", "C.UTF-8")
    runner = CliRunner()

    def invoke(*args):
        if not invoke.ran:
            invoke.ran = True
            try:
                _created(db)
            except Exception:  # a broken setting or file made by the test: the command reports it
                pass
        res = runner.invoke(app, [str(a) for a in args] + ["--db", db])
        assert "Traceback" not in res.output
        return res

    invoke.db = db
    invoke.tmp = tmp_path
    invoke.ran = False
    return invoke


def one_line_error(res, *needles: str) -> str:
    """Assert a CliRunner result or finished process failed with exit 1 and exactly one ``error:`` line,
    no traceback (nor an exception other than the exit), naming every needle; returns the line."""
    code = getattr(res, "exit_code", None)
    code = res.returncode if code is None else code
    err = res.stderr.strip()
    assert code == 1, (code, res.stdout, err)
    exc = getattr(res, "exception", None)
    assert exc is None or isinstance(exc, SystemExit), exc
    assert len(err.splitlines()) == 1 and err.startswith("error: "), err
    assert "Traceback" not in err + (res.stdout or "")
    for n in needles:
        assert n in err, err
    return err

