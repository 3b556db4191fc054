"""Issue 21 item 9 (importers): what is not a regular file, a FIFO or a URL is refused; a FIFO is read
within a time bound, so an import never hangs."""

from __future__ import annotations

import os
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest

from helpers import db_rows, one_line_error


def test_a_nul_in_a_file_name_is_a_one_line_error(run):
    """No file has a NUL in its name; os.stat raises ValueError for one (found by the CLI fuzz)."""
    for args in (
        ("import", "images", "", "\x00"),
        ("import", "text", "a\x00b"),
    ):
        one_line_error(run(*args), "file not found")


@pytest.mark.skipif(not Path("/proc/kmsg").exists(), reason="needs /proc/kmsg")
def test_import_refuses_kernel_files_and_devices(run):
    assert run("stats").exit_code == 0
    env = {**os.environ, "SMASHUP_DB": run.db, "LANG": "C.UTF-8"}
    for args in (
        ("import", "text", "/proc/kmsg"),
        ("import", "translations", "/proc/kmsg"),
        ("games", "import", "/proc/kmsg"),
        ("collection", "import", "/proc/self/status"),
    ):
        try:  # in a process of its own: what hangs is stopped after 20 s (and fails the test)
            proc = subprocess.run(
                [sys.executable, "-m", "smashup_db", *args],
                env=env,
                capture_output=True,
                text=True,
                stdin=subprocess.DEVNULL,
                timeout=20,
            )
        except subprocess.TimeoutExpired:
            pytest.fail(f"smashup {' '.join(args)} hangs")
        one_line_error(proc, args[-1], "kernel")
    one_line_error(run("import", "text", "/dev/null"), "/dev/null", "not a regular file or a FIFO")


def test_fifo_is_read_and_bounded_in_time(run, monkeypatch):
    monkeypatch.setenv("SMASHUP_READ_DEADLINE", "1.5")
    fifo = run.tmp / "t.csv"
    os.mkfifo(fifo)
    hold = os.open(fifo, os.O_RDWR)  # a writer that never writes
    try:
        one_line_error(
            run("import", "translations", str(fifo)), "t.csv", "nothing more arrived within 1.5 s"
        )
    finally:
        os.close(hold)

    def feed():
        deadline = time.monotonic() + 15
        while True:  # opened without blocking, so a reader that never comes cannot hang the test
            try:
                fd = os.open(fifo, os.O_WRONLY | os.O_NONBLOCK)
                break
            except OSError:
                if time.monotonic() > deadline:
                    return
                time.sleep(0.01)
        os.set_blocking(fd, True)
        with os.fdopen(fd, "w", encoding="utf-8") as fh:
            fh.write("kind,id,lang,name,text\ncard,laser-sword,de,Laserschwert,\n")

    t = threading.Thread(target=feed, daemon=True)
    t.start()
    res = run("import", "translations", str(fifo))
    t.join(10)
    assert res.exit_code == 0, res.output
    assert db_rows(run.db, "SELECT name FROM name WHERE origin = 'translations'") == [
        ("Laserschwert",)
    ]
