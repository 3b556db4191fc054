"""Reliability under bad conditions, on SQLite and (when available) PostgreSQL.

Every failure ends in ONE ``error:`` line, no traceback, and leaves the data
as it was: an unreachable server, a database locked by another program, a
full disk while writing files, a command killed in the middle of a build or
import. Concurrent builds and imports (real processes) serialize cleanly.
"""

from __future__ import annotations

import errno
import os
import signal
import sqlite3
import subprocess
import sys
import time
from pathlib import Path

import pytest

from helpers import DATA, db_rows, one_line_error, paused
from smashup_db.db import PG_LOCK_KEY

SMASHUP = [sys.executable, "-c", "from smashup_db.cli import main; main()"]
#: ``smashup`` on a slow disk: each page write of the site build waits 5 ms first.
SLOW_DISK_SMASHUP = [
    sys.executable,
    "-c",
    "import time\n"
    "from smashup_db.site import writer\n"
    "real = writer.write_page\n"
    "def slow(path, data):\n"
    "    time.sleep(0.005)\n"
    "    real(path, data)\n"
    "writer.write_page = slow\n"
    "from smashup_db.cli import main\n"
    "main()",
]
BAD_PG = "postgresql+psycopg://smashup@127.0.0.1:1/smashup"  # nothing listens on port 1


def env_for(db: str, **extra: str) -> dict:
    env = {**os.environ, "SMASHUP_DB": db, "LANG": "C.UTF-8", **extra}
    env.pop("SMASHUP_LANG", None)
    return env


def smashup(db: str, *args: str, **extra: str) -> subprocess.CompletedProcess:
    """Run ``smashup ARGS`` as a separate process on ``db``."""
    return subprocess.run(
        SMASHUP + list(args), env=env_for(db, **extra), capture_output=True, text=True, timeout=300
    )


def write_csv(path: Path, name: str) -> Path:
    path.write_text(f"kind,id,lang,name,text\ncard,laser-sword,de,{name},\n", encoding="utf-8")
    return path


# --------------------------------------------------------------------------- unreachable server


@pytest.mark.parametrize(
    "args",
    [
        ("stats",),
        ("db", "build"),
        ("collection", "add", "Core Set"),
        ("card", "Laser Sword", "--json"),
    ],
)
def test_unreachable_server_is_one_line(cli, monkeypatch, args):
    monkeypatch.setenv("SMASHUP_DB", BAD_PG)
    err = one_line_error(cli(*args), "cannot use the database", "127.0.0.1", "port 1")
    assert "***" not in err or "smashup:***@" in err


def test_unreachable_server_in_a_real_process_and_bad_urls(tmp_path):
    err = one_line_error(
        smashup(BAD_PG, "import", "translations", str(write_csv(tmp_path / "de.csv", "X"))),
        "cannot use",
    )
    assert "Connection refused" in err or "connection" in err.lower()
    one_line_error(smashup("nosuchdb://x/y", "stats"), "not a usable database URL")
    garbage = tmp_path / "garbage.db"
    garbage.write_bytes(b"this is not an SQLite file" * 100)
    one_line_error(smashup(str(garbage), "stats"), "not a smashup database")
    assert garbage.read_bytes() == b"this is not an SQLite file" * 100


def test_bad_timeout_setting_is_one_line(cli, monkeypatch):
    monkeypatch.setenv("SMASHUP_DB_TIMEOUT", "soon")
    one_line_error(cli("collection", "add", "Core Set"), "SMASHUP_DB_TIMEOUT")


# --------------------------------------------------------------------------- locked database


class HeldLock:
    """Another program holding the database's write lock (SQLite EXCLUSIVE / the PostgreSQL advisory lock)."""

    def __init__(self, db: str, backend: str):
        self.db, self.backend = db, backend

    def __enter__(self):
        if self.backend == "sqlite":
            self.conn = sqlite3.connect(self.db, isolation_level=None)
            self.conn.execute("BEGIN EXCLUSIVE")
        else:
            from sqlalchemy import create_engine

            self.engine = create_engine(self.db)
            self.conn = self.engine.connect()
            self.conn.exec_driver_sql(f"SELECT pg_advisory_lock({PG_LOCK_KEY})")
        return self

    def __exit__(self, *exc):
        if self.backend == "sqlite":
            self.conn.execute("ROLLBACK")
            self.conn.close()
        else:
            self.conn.close()
            self.engine.dispose()


def test_locked_database_gives_up_after_the_timeout(cli, db_path, backend, monkeypatch):
    assert cli("collection", "add", "Core Set").exit_code == 0
    before = db_rows(db_path, "SELECT owner, product_id, copies FROM collection")
    monkeypatch.setenv("SMASHUP_DB_TIMEOUT", "0.5")
    with HeldLock(db_path, backend):
        err = one_line_error(
            cli("collection", "add", "Vergessene Helden"),
            "is busy",
            "waited 0.5 s",
            "SMASHUP_DB_TIMEOUT",
        )
        one_line_error(cli("db", "build"), "is busy")  # gave up waiting ("is busy"), did not hang
        # reading still works while another program writes
        assert cli("card", "Laser Sword", "--json").exit_code == 0
    print(err)
    assert db_rows(db_path, "SELECT owner, product_id, copies FROM collection") == before
    assert cli("collection", "add", "Vergessene Helden").exit_code == 0


# --------------------------------------------------------------------------- full disk


def test_full_disk_while_compiling_leaves_data_untouched(shared_data, tmp_path, monkeypatch):
    import shutil

    from typer.testing import CliRunner

    from smashup_db.cli import app

    data = tmp_path / "data"
    shutil.copytree(DATA, data)
    before = {p.relative_to(data): p.read_bytes() for p in data.rglob("*") if p.is_file()}
    real_write_text = Path.write_text
    calls = {"n": 0}

    def full_disk(self, *args, **kwargs):
        calls["n"] += 1
        if calls["n"] > 20:
            raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC), str(self))
        return real_write_text(self, *args, **kwargs)

    monkeypatch.setattr(Path, "write_text", full_disk)
    res = CliRunner().invoke(
        app, ["data", "compile", "--sources", str(shared_data), "--data", str(data)]
    )
    err = one_line_error(res, "No space left on device", "left as it was")
    print(err)
    after = {p.relative_to(data): p.read_bytes() for p in data.rglob("*") if p.is_file()}
    assert after == before


@pytest.mark.parametrize("disk", ["fast", pytest.param("slow", marks=pytest.mark.long)])
def test_ctrl_c_during_a_site_build_leaves_the_old_site(cli, db_path, tmp_path, disk):
    """Ctrl+C while pages render ("fast"), or on a slow disk, where rendering ends long before the pages
    are written and the build is often waiting for its page writer when the Ctrl+C comes (the last
    pages rendered, German cards, are the first sign of it)."""
    out = tmp_path / "site"
    assert cli("site", "build", "--out", str(out), "--no-search", "--lang", "en").exit_code == 0
    before = {p.relative_to(out): p.read_bytes() for p in out.rglob("*") if p.is_file()}
    proc = subprocess.Popen(
        (SLOW_DISK_SMASHUP if disk == "slow" else SMASHUP)
        + ["site", "build", "--out", str(out), "--no-search"],
        env=env_for(db_path),
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        start_new_session=True,
        preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL),
    )
    sign = (
        ".site.build-*/en/cards/*/index.html"
        if disk == "fast"
        else ".site.build-*/de/cards/*/index.html"
    )
    try:
        deadline = time.monotonic() + 120
        while not list(tmp_path.glob(sign)):  # pages are being written
            assert proc.poll() is None and time.monotonic() < deadline, (
                "the build ended before it could be interrupted"
            )
            time.sleep(0.005)
        os.killpg(proc.pid, signal.SIGINT)  # as a terminal does: to the build's process group
        out_text, err = proc.communicate(timeout=120)
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait()
    assert proc.returncode == 130, err
    assert err.strip().splitlines() == [
        "error: interrupted"
    ]  # one line: no traceback, not from a writer thread either
    time.sleep(0.5)  # nothing goes on writing afterwards
    assert not [p.name for p in tmp_path.iterdir() if p.name.startswith(".site.")]
    assert {p.relative_to(out): p.read_bytes() for p in out.rglob("*") if p.is_file()} == before


# --------------------------------------------------------------------------- killed mid-way


def kill_when_paused(db: str, label: str, *args: str) -> None:
    """Start ``smashup ARGS`` with the test pause hook in transaction ``label``; SIGKILL it there."""
    proc = subprocess.Popen(
        paused(f"{label}:120", *args),
        env=env_for(db),
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    try:
        line = proc.stderr.readline()
        assert line.strip() == f"paused in {label}", (line, proc.poll())
        os.kill(proc.pid, signal.SIGKILL)
        assert proc.wait(timeout=30) == -signal.SIGKILL
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait()
        proc.stdout.close()
        proc.stderr.close()


def check_sane(db: str, backend: str) -> None:
    if backend == "sqlite":
        assert db_rows(db, "PRAGMA integrity_check") == [("ok",)]
    assert db_rows(db, "SELECT COUNT(*) FROM card")[0][0] > 1000


def test_build_killed_mid_way_changes_nothing(cli, db_path, backend):
    assert cli("collection", "add", "Core Set", "--copies", "2").exit_code == 0
    # a visible difference a finished build would undo
    from helpers import db_execute

    db_execute(db_path, "UPDATE card SET copies = 99 WHERE id = 'laser-sword'")
    kill_when_paused(db_path, "build", "db", "build")
    check_sane(db_path, backend)
    assert db_rows(db_path, "SELECT copies FROM card WHERE id = 'laser-sword'") == [(99,)]
    assert db_rows(db_path, "SELECT owner, product_id, copies FROM collection") == [
        ("me", "core-set", 2)
    ]
    res = smashup(db_path, "db", "build")
    assert res.returncode == 0, res.stderr
    assert db_rows(db_path, "SELECT copies FROM card WHERE id = 'laser-sword'") != [(99,)]
    assert db_rows(db_path, "SELECT owner, product_id, copies FROM collection") == [
        ("me", "core-set", 2)
    ]


def test_import_killed_mid_way_changes_nothing(cli, db_path, backend, tmp_path):
    assert cli("stats").exit_code == 0
    names_before = db_rows(db_path, "SELECT COUNT(*) FROM name")
    csv = write_csv(tmp_path / "de.csv", "Laserschwert Test")
    kill_when_paused(db_path, "import", "import", "translations", str(csv))
    check_sane(db_path, backend)
    assert db_rows(db_path, "SELECT COUNT(*) FROM name") == names_before
    assert db_rows(db_path, "SELECT COUNT(*) FROM name WHERE name = 'Laserschwert Test'") == [(0,)]
    res = smashup(db_path, "import", "translations", str(csv))
    assert res.returncode == 0, res.stderr
    assert db_rows(db_path, "SELECT COUNT(*) FROM name WHERE name = 'Laserschwert Test'") == [(1,)]


# --------------------------------------------------------------------------- concurrency


@pytest.mark.long
def test_concurrent_builds_and_imports_serialize(cli, db_path, backend, tmp_path):
    assert cli("collection", "add", "Core Set").exit_code == 0
    expected_cards = db_rows(db_path, "SELECT COUNT(*) FROM card")
    csvs = [write_csv(tmp_path / f"t{i}.csv", f"Laserschwert {i}") for i in range(2)]
    for round_ in range(2):
        procs = [
            subprocess.Popen(
                SMASHUP + args,
                env=env_for(db_path),
                stdout=subprocess.PIPE,
                stderr=subprocess.PIPE,
                text=True,
            )
            for args in (
                ["db", "build"],
                ["import", "translations", str(csvs[round_])],
                ["db", "build"],
                ["collection", "add", "Vergessene Helden", "--owner", f"P{round_}"],
            )
        ]
        for p in procs:
            out, err = p.communicate(timeout=300)
            assert p.returncode == 0, (p.args[3:], out, err)
        check_sane(db_path, backend)
        assert db_rows(db_path, "SELECT COUNT(*) FROM card") == expected_cards
        # the import of this round won; the user's data of every round is there
        assert db_rows(
            db_path,
            "SELECT name FROM name WHERE ref = 'laser-sword' AND lang = 'de' AND origin != 'data'",
        ) == [(f"Laserschwert {round_}",)]
        owners = {r[0] for r in db_rows(db_path, "SELECT owner FROM collection")}
        assert owners == {"me"} | {f"P{i}" for i in range(round_ + 1)}


def test_full_disk_while_building_the_site_leaves_the_old_site(cli, tmp_path, monkeypatch):
    out = tmp_path / "site"
    first = cli("site", "build", "--out", str(out), "--no-search", "--lang", "en")
    assert first.exit_code == 0, first.output
    before = {p.relative_to(out): p.read_bytes() for p in out.rglob("*") if p.is_file()}
    assert before
    from smashup_db.site import writer

    real_write_page = writer.write_page

    def full_disk(path: str, data: bytes) -> None:
        """The disk "fills up" at the German pages, after the English ones were written."""
        if f"{os.sep}de{os.sep}" in path:
            raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC), path)
        real_write_page(path, data)

    monkeypatch.setattr(writer, "write_page", full_disk)
    err = one_line_error(
        cli("site", "build", "--out", str(out), "--no-search", "--lang", "en,de"),
        "No space left on device",
        "left as it was",
    )
    print(err)
    assert f"{os.sep}de{os.sep}" in err  # the file that could not be written is named
    after = {p.relative_to(out): p.read_bytes() for p in out.rglob("*") if p.is_file()}
    assert after == before
    assert not [
        p.name for p in tmp_path.iterdir() if p.name.startswith(".site.")
    ]  # no temporary folder left
