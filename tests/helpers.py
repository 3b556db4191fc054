"""Helpers shared by the test packages: paths, databases on both backends, CLI results, the golden
search queries, the browser, hostile values. Plain functions and constants; the fixtures that use
them (``cli``, ``run``, ``db_path``, the session-wide site builds …) are in ``tests/conftest.py``.

Import them by module name, from any test package: ``from helpers import db_rows, json_ok``
(pytest puts ``tests/`` on ``sys.path`` for its conftest).

What needs the public sources (``../shared/data`` beside the checkout: the card archive with AEG's
rules text, the Kadsuno files, the German name lists) skips without them through
:func:`require_shared` / :data:`needs_archive`, saying which file is missing; everything else runs
on what the project ships (``data/``).
"""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
import uuid
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Iterator

import pytest

# =========================================================================== paths

TESTS = Path(__file__).resolve().parent
REPO = TESTS.parent
DATA = REPO / "data"
SHARED_DATA = REPO.parent / "shared" / "data"
ARCHIVE = SHARED_DATA / "card-archive"
CATALOG = ARCHIVE / "smashup-catalog.json"
BASES = ARCHIVE / "smashup-bases.json"


def paused(stop: str, *args: str) -> list[str]:
    """The command line of ``smashup ARGS`` stopped at ``stop`` (``LABEL:SECONDS``, see
    ``tests/paused_smashup.py``): it prints ``paused in LABEL`` on stderr there and sleeps."""
    import sys

    return [sys.executable, str(TESTS / "paused_smashup.py"), stop, *args]


def missing_shared(*relative: str) -> str | None:
    """Why a test needing ``../shared/data/<relative>`` cannot run (None when the file or folder is there)."""
    path = SHARED_DATA.joinpath(*relative)
    if path.exists():
        return None
    shown = "/".join(("../shared/data",) + relative)
    return (
        f"{shown} is not present (the public source data beside the checkout; "
        f"the project does not ship it)"
    )


def require_shared(*relative: str) -> Path:
    """The path ``../shared/data/<relative>``; skips the calling test, naming what is missing, when absent."""
    why = missing_shared(*relative)
    if why:
        pytest.skip(why)
    return SHARED_DATA.joinpath(*relative)


def has_archive() -> bool:
    """Both card-archive files (AEG's rules text, never part of the project) are in ../shared/data."""
    return CATALOG.is_file() and BASES.is_file()


#: Skips a test (or a module, as ``pytestmark``) without the card archive's two files.
needs_archive = pytest.mark.skipif(
    not has_archive(),
    reason=missing_shared("card-archive", "smashup-catalog.json")
    or missing_shared("card-archive", "smashup-bases.json")
    or "",
)

# =========================================================================== databases

PG_URL = os.environ.get("SMASHUP_TEST_PG_URL", "").strip()
#: Skips a test without a PostgreSQL server. Tests on the server also carry the ``postgresql`` marker
#: (deselected by the README's command, run by .ci/run): decorate them with both, or use BACKENDS.
needs_pg = pytest.mark.skipif(
    not PG_URL, reason="SMASHUP_TEST_PG_URL is not set (no PostgreSQL server)"
)
#: Parameters for backend-parametrized fixtures: always SQLite; PostgreSQL when a server is given
#: and the ``postgresql`` marker is selected (``pytest -m postgresql``; .ci/run does).
BACKENDS = ["sqlite", pytest.param("postgresql", marks=[needs_pg, pytest.mark.postgresql])]


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


_PRISTINE: list[str] = []


def make_db(path: Path | str) -> str:
    """A fresh catalogue database at ``path`` (an SQLite file) or at a database URL; returns it as a string.

    A URL is built on first open. An SQLite file is a copy (SQLite's backup API) of one database built
    from ``data/`` once per test process, so it is the database a first open would build, in a fraction
    of the time (a build takes seconds).
    """
    import sqlite3

    from smashup_db.compiler.bootstrap import open_reader

    path = str(path)
    if "://" in path:
        open_reader(path).close()
        return path
    if not _PRISTINE:
        import atexit
        import tempfile

        folder = tempfile.mkdtemp(prefix="smashup-test-catalogue-")
        atexit.register(shutil.rmtree, folder, True)
        pristine = os.path.join(folder, "catalogue.db")
        open_reader(pristine).close()
        _PRISTINE.append(pristine)
    src, dst = sqlite3.connect(_PRISTINE[0]), sqlite3.connect(path)
    try:
        src.backup(dst)
    finally:
        src.close()
        dst.close()
    return path


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


# =========================================================================== CLI results


def json_ok(result):
    """The JSON a CliRunner result printed on stdout, after asserting it ended with exit 0."""
    assert result.exit_code == 0, result.output
    return json.loads(result.stdout)


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


def smashup_env(db: str, **extra: str) -> dict:
    """The environment for a ``smashup`` child process on ``db``: no other SMASHUP_ setting, C.UTF-8."""
    env = {k: v for k, v in os.environ.items() if not k.startswith("SMASHUP_")}
    return {**env, "SMASHUP_DB": db, "LANG": "C.UTF-8", **extra}


def smashup(env: dict, *args: str, timeout: float = 120) -> subprocess.CompletedProcess:
    """Run ``python -m smashup_db ARGS`` as a child process with ``env`` (no stdin); its finished process."""
    import sys

    return subprocess.run(
        [sys.executable, "-m", "smashup_db", *args],
        env=env,
        capture_output=True,
        text=True,
        stdin=subprocess.DEVNULL,
        timeout=timeout,
    )


# =========================================================================== a pseudo-terminal

#: Terminal control sequences (CSI, OSC) a program on a terminal writes: colours, cursor moves, links.
ANSI = re.compile(r"\x1b\[[0-9;?]*[A-Za-z]|\x1b\][^\x07\x1b]*(?:\x07|\x1b\\)")


@dataclass
class Terminal:
    """What a program wrote on a pseudo-terminal: ``raw`` bytes (stdout and stderr interleaved, as seen),
    ``text`` (decoded, control sequences and ``\\r`` taken out), and its ``returncode`` (None when it
    was killed at the time-out)."""

    raw: bytes
    returncode: int | None

    @property
    def text(self) -> str:
        return ANSI.sub("", self.raw.decode("utf-8", "replace")).replace("\r", "")

    @property
    def lines(self) -> list[str]:
        """The lines as drawn: a line redrawn after ``\\r`` (a progress bar) gives one line per drawing."""
        plain = ANSI.sub("", self.raw.decode("utf-8", "replace"))
        return [part for ln in plain.split("\n") for part in ln.split("\r") if part]


def on_terminal(
    cmd: list[str],
    env: dict,
    answers: list[str] = (),
    prompt: str = "",
    *,
    size: tuple[int, int] = (50, 80),
    cwd: Path | str = REPO,
    timeout: float = 180,
) -> Terminal:
    """Run ``cmd`` on a pseudo-terminal of ``size`` (lines, columns) as its stdin, stdout and stderr;
    type each of ``answers`` (a newline added) once ``prompt`` has appeared since the last answer.

    Reads until the program closes the terminal; kills it after ``timeout`` seconds. Standard library
    only (:mod:`pty`, :mod:`select`); POSIX."""
    import fcntl
    import pty
    import select
    import struct
    import termios
    import time

    main, sub = pty.openpty()
    fcntl.ioctl(sub, termios.TIOCSWINSZ, struct.pack("HHHH", size[0], size[1], 0, 0))
    proc = subprocess.Popen(cmd, stdin=sub, stdout=sub, stderr=sub, env=env, cwd=cwd)
    os.close(sub)
    out, pending, mark = b"", list(answers), 0
    deadline = time.monotonic() + timeout
    try:
        while time.monotonic() < deadline:
            ready, _, _ = select.select([main], [], [], 0.5)
            if not ready:
                if proc.poll() is not None:
                    break
                continue
            try:
                chunk = os.read(main, 65536)
            except OSError:  # the program ended and closed the terminal
                break
            if not chunk:
                break
            out += chunk
            if pending and prompt.encode() in out[mark:]:
                mark = len(out)
                os.write(main, (pending.pop(0) + "\n").encode())
    finally:
        try:  # the terminal closed: the program is ending
            code = proc.wait(timeout=max(0.1, min(30, deadline - time.monotonic())))
        except subprocess.TimeoutExpired:
            proc.kill()
            code = proc.wait()
        os.close(main)
    return Terminal(out, None if code < 0 else code)


# =========================================================================== golden search queries
# (tests/search/golden_queries.txt; run by tests/search/test_golden_queries.py on the CLI, both SQL
# paths and Node, and by tests/site/test_site_browser.py on the site's search page in Chromium:
# every runner must give the same ids)


GOLDEN = TESTS / "search" / "golden_queries.txt"
NODE_RUNNER = TESTS / "js" / "golden_runner.js"


def golden_queries() -> list[tuple[str, bool]]:
    """``[(query, must_fail), ...]`` from the golden file (comments and blank lines skipped)."""
    out = []
    for line in GOLDEN.read_text(encoding="utf-8").splitlines():
        if not line.strip() or line.startswith("#"):
            continue
        out.append((line[1:], True) if line.startswith("!") else (line, False))
    return out


def import_archive_text(run_cli, db: str) -> bool:
    """Import the card archive's rules text into ``db`` with the CLI runner ``run_cli`` (the
    ``smashup_cli`` fixture); False when ../shared/data is absent."""
    if not has_archive():
        return False
    for f in (CATALOG, BASES):
        res = run_cli("import", "text", f, "--db", db)
        assert res.exit_code == 0, res.output
    return True


def cli_ids(run_cli, query: str) -> list[str] | None:
    """Result keys (``card:<id>``/``base:<id>``) of ``smashup search --json --limit 0``; None when refused."""
    res = run_cli("search", "--json", "--limit", "0", "--", query)
    if res.exit_code != 0:
        assert res.exit_code == 1 and res.output.strip().startswith("error:"), res.output
        assert "Traceback" not in res.output
        return None
    data = json.loads(res.output)
    assert data["total"] == data["shown"] == len(data["results"])
    return [f"{r['kind']}:{r['id']}" for r in data["results"]]


def node_ids(
    query_js: Path, index_file: Path, queries: list[str], owned: Path | None = None
) -> list[list[str] | None]:
    """Run ``queries`` through the site's evaluator in Node; per query its keys, or None when refused.

    ``owned``: a JSON file ``{product id: printing or null}``, the visitor's boxes (``owned:``, ``printing:``)."""
    node = shutil.which("node") or shutil.which("nodejs")
    extra = [str(owned)] if owned else []
    proc = subprocess.run(
        [node, str(NODE_RUNNER), str(query_js), str(index_file), *extra],
        input=json.dumps(queries),
        capture_output=True,
        text=True,
        timeout=120,
        check=True,
    )
    return [None if "error" in r else r["ids"] for r in json.loads(proc.stdout)]


# =========================================================================== the browser

#: The system Chromium Playwright drives (no browser download), or None.
CHROMIUM = next(
    (p for p in ("/usr/bin/chromium", shutil.which("chromium") or "") if p and Path(p).is_file()),
    None,
)
CHROMIUM_ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
]
needs_chromium = pytest.mark.skipif(
    CHROMIUM is None, reason="chromium not installed (apt-get install -y chromium)"
)

# =========================================================================== hostile values (issue 15)
# Used by the hostile-input tests beside what they attack: tests/importer/test_hostile_import.py,
# tests/site/test_hostile_site.py, tests/cli/test_hostile_output.py.

XSS = "<img src=x onerror=alert(1)>"
ESC = "\x1b[2J\x1b]8;;https://evil.example/\x1b\\click\x1b]8;;\x1b\\\x1b]52;c;aGk=\x07"


def write_csv(path: Path, rows: list[list[str]]) -> Path:
    """A translations CSV (``kind,id,lang,name,text``) with ``rows`` at ``path``."""
    import csv

    with path.open("w", encoding="utf-8", newline="") as fh:
        w = csv.writer(fh)
        w.writerow(["kind", "id", "lang", "name", "text"])
        w.writerows(rows)
    return path


def set_name(db: str, kind: str, ref: str, lang: str, name: str) -> None:
    """Store ``name`` as an imported name directly (as a database from before the import checks may hold)."""
    db_execute(
        db,
        "DELETE FROM name WHERE kind = :k AND ref = :r AND lang = :l AND origin = 'translations'",
        k=kind,
        r=ref,
        l=lang,
    )
    db_execute(
        db,
        "INSERT INTO name (kind, ref, lang, origin, name, folded, confidence, evidence) "
        "VALUES (:k, :r, :l, 'translations', :n, :f, '', 'translations:test')",
        k=kind,
        r=ref,
        l=lang,
        n=name,
        f=name.lower(),
    )


def set_text(db: str, kind: str, ref: str, lang: str, text: str) -> None:
    """Store ``text`` as the rules text of one entity directly (bypassing the import checks)."""
    db_execute(
        db,
        "DELETE FROM entity_text WHERE kind = :k AND ref = :r AND lang = :l",
        k=kind,
        r=ref,
        l=lang,
    )
    db_execute(
        db,
        "INSERT INTO entity_text (kind, ref, lang, text, source) VALUES (:k, :r, :l, :t, 'test')",
        k=kind,
        r=ref,
        l=lang,
        t=text,
    )


def state(db: str) -> list:
    """Imported names and texts, for 'nothing changed' checks."""
    return db_rows(
        db,
        "SELECT kind, ref, lang, origin, name FROM name WHERE origin != 'data' "
        "ORDER BY kind, ref, lang, origin",
    ) + db_rows(db, "SELECT kind, ref, lang, text FROM entity_text ORDER BY kind, ref, lang")


def archive(
    path: Path, text: str = "Play on a minion.", name: str = "Laser Sword", **extra
) -> Path:
    """A one-card card-archive catalogue file (Astroknights' Laser Sword)."""
    card = {"name": name, "type": "action", "text": text, **extra}
    path.write_text(
        json.dumps(
            {
                "source": {"name": "test archive"},
                "factions": [{"name": "Astroknights", "cards": [card]}],
            }
        ),
        encoding="utf-8",
    )
    return path


#: The spellings issue 32 lists, as people type them -> (kind, id they name): a faction or a card.
TYPED = {
    "Wechsler-Bots": ("faction", "changerbots"),
    "Wechsler Bots": ("faction", "changerbots"),
    "Caesiumruestung": ("card", "cesium-armor"),
    "cäsium rüstung": ("card", "cesium-armor"),
    "Schmusekaetzchen": ("faction", "kitty-cats"),
    "Kungfu Kämpfer": ("faction", "kung-fu-fighters"),
    "Astro Knights": ("faction", "astroknights"),
}
