"""Issue 21 items 2, 3, 4 and 10: ``db recover`` and databases that are not ours.

recover refuses what is not a smashup database, builds the fresh file beside the damaged one and
swaps it in only when complete (so a kill at any moment leaves the old data or the recovered data),
and holds the write lock for its whole run (so no write that reported success is lost). recover is
SQLite's own: on PostgreSQL it is refused without touching anything. The kill test (3) and the
concurrency test (4) run on both backends: on PostgreSQL a recover killed at any moment, or run
beside writers, must leave every row and every acknowledged write where it was.
"""

from __future__ import annotations

import os
import random
import shutil
import sqlite3
import subprocess
import sys
import time

import pytest

from helpers import BACKENDS, db_rows, needs_pg, one_line_error, paused


def smashup(env: dict, *args: str, timeout: float = 180) -> subprocess.CompletedProcess:
    return subprocess.run(
        [sys.executable, "-m", "smashup_db", *args],
        env=env,
        capture_output=True,
        text=True,
        stdin=subprocess.DEVNULL,
        timeout=timeout,
    )


def _env(db: str, **extra: str) -> dict:
    env = {k: v for k, v in os.environ.items() if not k.startswith("SMASHUP_")}
    return {**env, "SMASHUP_DB": db, "LANG": "C.UTF-8", **extra}


def _user_rows(db: str) -> tuple[list, list]:
    if "://" in db:  # a server
        return (
            sorted(db_rows(db, "SELECT owner, product_id, copies FROM collection")),
            sorted(db_rows(db, "SELECT uid, winner FROM game")),
        )
    conn = sqlite3.connect(db, timeout=30)
    try:
        coll = sorted(conn.execute("SELECT owner, product_id, copies FROM collection").fetchall())
        games = sorted(conn.execute("SELECT uid, winner FROM game").fetchall())
    finally:
        conn.close()
    return coll, games


@pytest.fixture(params=BACKENDS)
def filled(request, tmp_path):
    """A database (SQLite file, or a fresh PostgreSQL database) with a collection and two recorded games;
    yields (path or URL, env, rows)."""
    if request.param == "sqlite":
        yield _fill(str(tmp_path / "smashup.db"))
        return
    from helpers import fresh_pg_database

    with fresh_pg_database() as url:
        yield _fill(url)


def _fill(db: str) -> tuple[str, dict, tuple[list, list]]:
    env = _env(db)
    for args in (
        ("collection", "add", "Core Set", "--owner", "Ben", "--copies", "2"),
        ("collection", "add", "Monster Smash", "--owner", "Anna"),
        (
            "game",
            "record",
            "Anna=15",
            "Ben=9",
            "--factions",
            "Anna=Ninjas+Pirates,Ben=Robots+Zombies",
        ),
        (
            "game",
            "record",
            "Anna=8",
            "Ben=16",
            "--factions",
            "Anna=Aliens+Wizards,Ben=Dinosaurs+Tricksters",
        ),
    ):
        res = smashup(env, *args)
        assert res.returncode == 0, res.stderr
    return db, env, _user_rows(db)


# =========================================================================== item 2


def test_recover_refuses_a_file_that_is_not_our_database(tmp_path):
    passwd = tmp_path / "p"
    shutil.copyfile("/etc/passwd", passwd)
    before = passwd.read_bytes()
    one_line_error(
        smashup(_env(str(passwd)), "db", "recover"), str(passwd), "not a smashup database"
    )
    assert passwd.read_bytes() == before and sorted(os.listdir(tmp_path)) == ["p"]
    other = tmp_path / "other.db"
    conn = sqlite3.connect(other)
    conn.execute("CREATE TABLE users (id INTEGER PRIMARY KEY, name TEXT)")
    conn.execute("INSERT INTO users VALUES (1, 'x')")
    conn.commit()
    conn.close()
    before = other.read_bytes()
    one_line_error(smashup(_env(str(other)), "db", "recover"), str(other), "not a smashup database")
    assert other.read_bytes() == before and not list(tmp_path.glob("other.db.damaged-*"))


@pytest.mark.postgresql
@needs_pg
def test_recover_on_postgresql_is_refused_untouched():
    from helpers import fresh_pg_database

    with fresh_pg_database() as url:
        env = _env(url)
        assert smashup(env, "collection", "add", "Core Set", "--owner", "Ben").returncode == 0
        one_line_error(smashup(env, "db", "recover"), "SQLite")
        assert smashup(env, "collection", "list").stdout.strip() == "Ben: Core Set x1"


# =========================================================================== item 3


@pytest.mark.long
def test_killed_recover_never_hides_the_data(filled):
    """≥ 50 SIGKILLs at random moments of a recover: the file always holds the old rows or the recovered ones.

    On PostgreSQL recover is refused (a server is restored from its own backups): killed at any moment
    of that, every row stays."""
    db, env, rows = filled
    server = "://" in db
    started = time.monotonic()
    res = smashup(env, "db", "recover")
    full = time.monotonic() - started
    if server:
        one_line_error(res, "SQLite")
    else:
        assert res.returncode == 0, res.stderr
    assert _user_rows(db) == rows
    rnd = random.Random(21)
    outcomes = {"killed": 0, "finished": 0}
    # 50 kills at least; on a loaded machine, where a recover may end before its kill comes, more
    # (up to 150) until 25 of them hit a running recover.
    while sum(outcomes.values()) < 50 or (outcomes["killed"] < 25 and sum(outcomes.values()) < 150):
        proc = subprocess.Popen(
            [sys.executable, "-m", "smashup_db", "db", "recover"],
            env=env,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
            stdin=subprocess.DEVNULL,
        )
        # from 50 ms on, or from a third of a whole run where one is shorter (a refusal on a
        # server ends in about 40 ms, before a kill at 50 ms could land)
        time.sleep(rnd.uniform(min(0.05, full / 3), full * 1.1))
        proc.kill()
        code = proc.wait()
        outcomes["finished" if code in (0, 1) else "killed"] += 1
        assert _user_rows(db) == rows, "a killed recover lost or hid user data"
        if not server:
            assert sqlite3.connect(db).execute("PRAGMA quick_check").fetchone()[0] == "ok"
    assert outcomes["killed"] >= 25, outcomes
    if not server:
        res = smashup(env, "db", "recover", "--json")  # and a later recover cleans up and works
        assert res.returncode == 0, res.stderr
        assert _user_rows(db) == rows
        assert not [p for p in os.listdir(os.path.dirname(db)) if ".recover-" in p], os.listdir(
            os.path.dirname(db)
        )
    listed = smashup(env, "collection", "list").stdout.strip().splitlines()
    assert (
        len(listed) == 2
        and listed[0].startswith("Anna: Monster Smash x1")
        and listed[1] == "Ben: Core Set x2"
    )


# =========================================================================== item 4


@pytest.mark.long
def test_recover_beside_writers_loses_no_acknowledged_write(filled):
    """12 game records while a recover runs (on SQLite it holds the write lock, paused for 3 s): every
    record that reported success is in the database afterwards. On PostgreSQL recover is refused
    while the writers write."""
    db, env, rows = filled
    server = "://" in db
    recover = subprocess.Popen(
        paused("recover:3", "db", "recover"),
        env=env,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        stdin=subprocess.DEVNULL,
        text=True,
    )
    if not server:
        assert (
            recover.stderr.readline().strip() == "paused in recover"
        )  # it holds the write lock now
    writers = []
    for i in range(12):
        writers.append(
            subprocess.Popen(
                [
                    sys.executable,
                    "-m",
                    "smashup_db",
                    "game",
                    "record",
                    f"P{i}=15",
                    "Q=3",
                    "--factions",
                    f"P{i}=Ninjas+Pirates,Q=Robots+Zombies",
                    "--json",
                ],
                env=env,
                stdout=subprocess.PIPE,
                stderr=subprocess.PIPE,
                stdin=subprocess.DEVNULL,
                text=True,
            )
        )
        time.sleep(0.15)
    out, err = recover.communicate(timeout=180)
    if server:
        assert recover.returncode == 1 and "SQLite" in err and len(err.strip().splitlines()) == 1, (
            err
        )
    else:
        assert recover.returncode == 0, err
    acknowledged = []
    for i, w in enumerate(writers):
        o, e = w.communicate(timeout=180)
        if w.returncode == 0:
            acknowledged.append(f"P{i}")
        else:  # waiting may end in the usual one-line "busy" error, never in a lost write
            assert "busy" in e and len(e.strip().splitlines()) == 1, e
    assert len(acknowledged) >= 10
    winners = {w for _, w in _user_rows(db)[1]}
    assert set(acknowledged) <= winners, "a game record that reported success was lost"
    coll, games = _user_rows(db)
    assert coll == rows[0] and len(games) == len(rows[1]) + len(acknowledged)


# =========================================================================== item 10


def test_sqlite_file_of_another_program_is_refused(tmp_path):
    other = tmp_path / "app.db"
    conn = sqlite3.connect(other)
    conn.execute("CREATE TABLE users (id INTEGER PRIMARY KEY, name TEXT)")
    conn.execute("CREATE TABLE orders (id INTEGER PRIMARY KEY)")
    conn.commit()
    conn.close()
    before = other.read_bytes()
    for args in (("stats",), ("collection", "add", "Core Set"), ("db", "build")):
        one_line_error(
            smashup(_env(str(other)), *args), str(other), "not a smashup database", "orders, users"
        )
    assert other.read_bytes() == before
    tables = {
        r[0]
        for r in sqlite3.connect(other).execute(
            "SELECT name FROM sqlite_master WHERE type = 'table'"
        )
    }
    assert tables == {"users", "orders"}


@pytest.mark.postgresql
@needs_pg
def test_postgresql_database_of_another_program_is_refused():
    from sqlalchemy import create_engine, inspect

    from helpers import fresh_pg_database

    with fresh_pg_database() as url:
        eng = create_engine(url)
        with eng.begin() as conn:
            conn.exec_driver_sql("CREATE TABLE users (id integer primary key)")
        one_line_error(smashup(_env(url), "stats"), "not a smashup database", "users")
        assert inspect(eng).get_table_names() == ["users"]
        eng.dispose()
