"""Reads never write: search and look-ups work on a read-only database, on a full disk, and while
another program holds the write lock (issue 10).

The read-only and full-disk cases use a small tmpfs mounted for the test, so
they need root (CI runs as root); elsewhere they skip.
"""

from __future__ import annotations

import json
import os
import sqlite3
import subprocess
from pathlib import Path

import pytest

from helpers import CATALOG, smashup, smashup_env


@pytest.fixture
def small_fs(tmp_path):
    """A 48 MB tmpfs at ``tmp_path/mnt`` (skips without root or mount)."""
    mnt = tmp_path / "mnt"
    mnt.mkdir()
    if (
        os.geteuid() != 0
        or subprocess.run(
            ["mount", "-t", "tmpfs", "-o", "size=48m", "tmpfs", str(mnt)], capture_output=True
        ).returncode
        != 0
    ):
        pytest.skip("needs root and mount to make a read-only or full file system")
    yield mnt
    subprocess.run(["umount", "-l", str(mnt)], capture_output=True)


def _env(db: Path) -> dict:
    return smashup_env(str(db), SMASHUP_DB_TIMEOUT="2")


def _built(db: Path) -> dict:
    env = _env(db)
    args = ("import", "text", str(CATALOG)) if CATALOG.is_file() else ("stats",)
    proc = smashup(env, *args)
    assert proc.returncode == 0, proc.stderr
    assert smashup(env, "collection", "add", "Core Set").returncode == 0
    return env


def _reads_work(env: dict) -> None:
    found = smashup(env, "search", "t:minion f:ninjas pow>=3", "--json")
    assert found.returncode == 0 and "Traceback" not in found.stderr, found.stderr
    assert json.loads(found.stdout)["total"] >= 2
    text = smashup(env, "search", "tiger")
    assert text.returncode == 0 and "Tiger Assassin" in text.stdout
    card = smashup(env, "card", "cesium armor")
    assert card.returncode == 0 and card.stdout.startswith("Cesium Armor")
    assert smashup(env, "collection", "list").stdout.strip() == "me: Core Set x1"


def test_search_on_a_read_only_database(small_fs):
    env = _built(small_fs / "ro.db")
    subprocess.run(["mount", "-o", "remount,ro", str(small_fs)], check=True)
    _reads_work(env)
    write = smashup(env, "collection", "add", "Monster Smash")
    assert write.returncode == 1 and "Traceback" not in write.stderr
    assert (
        write.stderr.startswith("error: ")
        and "read-only" in write.stderr
        and write.stderr.count("\n") == 1
    )


def test_search_on_a_full_disk(small_fs):
    env = _built(small_fs / "full.db")
    with open(small_fs / "filler", "wb") as fh:  # fill the file system to the last byte
        try:
            while True:
                fh.write(b"\0" * (1 << 20))
                fh.flush()
        except OSError:
            pass
    _reads_work(env)
    write = smashup(env, "collection", "add", "Monster Smash")
    assert (
        write.returncode == 1
        and write.stderr.startswith("error: ")
        and "Traceback" not in write.stderr
    )


def test_search_never_takes_the_write_lock(tmp_path):
    env = _built(tmp_path / "locked.db")
    holder = sqlite3.connect(env["SMASHUP_DB"], isolation_level=None)
    holder.execute("BEGIN IMMEDIATE")  # another writer, holding the lock for the whole test
    try:
        _reads_work(
            env
        )  # with SMASHUP_DB_TIMEOUT=2, a read that wanted the lock would fail as busy
        busy = smashup(env, "collection", "add", "Monster Smash")
        assert busy.returncode == 1 and "busy" in busy.stderr
    finally:
        holder.execute("ROLLBACK")
        holder.close()
