"""Shared fixtures: a fresh database per test (SQLite and PostgreSQL), the CLI runners, the source data,
and the session-wide site builds. Plain helpers (paths, ``db_rows``, ``json_ok``, ``one_line_error``,
the golden queries …) are in ``tests/helpers.py``.

Database tests run once per backend: on a fresh SQLite file, and, when
``SMASHUP_TEST_PG_URL`` names a PostgreSQL server (a role that may create
databases), on a fresh database ``test_<uuid>`` created there and dropped
afterwards. Without the variable the PostgreSQL variants are skipped.
"""

from __future__ import annotations

import functools
import http.server
import os
import threading
from contextlib import ExitStack
from dataclasses import dataclass
from pathlib import Path
from typing import Callable, Iterator

import pytest
from hypothesis import settings

# Defined once in helpers.py; also importable from here, for tests written before it existed.
from helpers import (  # noqa: F401
    BACKENDS,
    CHROMIUM,
    CHROMIUM_ARGS,
    DATA,
    PG_URL,
    REPO,
    SHARED_DATA,
    db_execute,
    db_rows,
    fresh_pg_database,
    has_archive,
    import_archive_text,
    make_db,
    missing_shared,
    needs_pg,
    one_line_error,
)

# =========================================================================== Hypothesis
# No deadline anywhere: a loaded machine makes one example slow, not wrong. "default" for the README's
# command; "ci" (HYPOTHESIS_PROFILE=ci, set by .ci/run for the long tail) tries more examples where a test
# does not fix its own number.
settings.register_profile("default", deadline=None)
settings.register_profile("ci", deadline=None, max_examples=400)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "default"))

# No test reaches the internet: an import without a source (the pinned card archive) goes to a closed
# local port unless the test serves the archive itself (tests/importer/test_pinned_archive.py).
os.environ.setdefault("SMASHUP_ARCHIVE_URL", "http://127.0.0.1:9/")


@pytest.fixture
def shared_data() -> Path:
    """The public source data beside the project; skips the test when absent."""
    why = missing_shared("card-archive", "smashup-catalog.json")
    if why:
        pytest.skip(why)
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


@pytest.fixture(scope="session")
def smashup_cli() -> Callable[..., object]:
    """The one CLI runner: ``smashup_cli(*args, input=None)`` runs ``smashup ARGS`` in-process (Typer's
    CliRunner on the app; arguments may be paths) and returns click's Result (``exit_code``, ``stdout``,
    ``stderr``, ``output``, ``exception``). It adds no database: pass ``--db`` or use ``cli``/``run``."""
    from typer.testing import CliRunner

    from smashup_db.cli import app

    runner = CliRunner()

    def invoke(*args, input: str | None = None):
        return runner.invoke(app, [str(a) for a in args], input=input)

    return invoke


@pytest.fixture
def cli(db_path, smashup_cli):
    """Run ``smashup ARGS`` in-process on the test database (already created); returns the click Result."""
    first = [True]

    def run(*args: str, input: str | None = None):
        if first[0]:
            first[0] = False
            try:
                _created(db_path)
            except Exception:  # a test of a broken setting or server: the command itself reports it
                pass
        return smashup_cli(*args, input=input)

    return run


@pytest.fixture
def run(tmp_path, monkeypatch, smashup_cli):
    """Run ``smashup ARGS --db <tmp SQLite file>`` in-process; returns the click Result.

    For tests that inspect the SQLite file itself (byte snapshots, dumps):
    ``run.db`` is the file, ``run.tmp`` the test's folder. Every run is
    checked to end without a traceback.
    """
    db = str(tmp_path / "t.db")
    monkeypatch.setenv("SMASHUP_DB", db)
    monkeypatch.delenv("SMASHUP_LANG", raising=False)
    monkeypatch.setenv("LANG", "C.UTF-8")

    def invoke(*args):
        if not invoke.ran:
            invoke.ran = True
            try:
                _created(db)
            except Exception:  # a broken setting or file made by the test: the command reports it
                pass
        res = smashup_cli(*args, "--db", db)
        assert "Traceback" not in res.output
        return res

    invoke.db = db
    invoke.tmp = tmp_path
    invoke.ran = False
    return invoke


# =========================================================================== the site, built once per session


@dataclass(frozen=True)
class BuiltSite:
    """A whole site built once for the session: ``folder`` from the database ``db`` (path or URL);
    ``result`` is build_site's answer (pages, search on/off); ``has_text`` whether the card archive's
    rules text is in it. Shared by many tests: read it, never change the folder or the database."""

    db: str
    folder: Path
    result: object
    has_text: bool


@pytest.fixture(scope="session")
def catalogue_reader(tmp_path_factory):
    """A :class:`~smashup_db.db.Reader` of one catalogue database as shipped (built from ``data/``: no rules
    text, no collection, no games), shared by the whole session: read it, never write to it."""
    from smashup_db.compiler.bootstrap import open_reader

    reader = open_reader(make_db(tmp_path_factory.mktemp("catalogue") / "catalogue.db"))
    yield reader
    reader.close()


@pytest.fixture(scope="session")
def site_build(tmp_path_factory, smashup_cli) -> Iterator[Callable[..., BuiltSite]]:
    """``site_build(variant, backend="sqlite", *, langs="en,de", prepare=None)``: the site of one variant,
    built on the first call of the session and reused after.

    Variants: ``catalogue`` (the catalogue as shipped, no rules text), ``texted`` (the card archive's
    rules text imported when ../shared/data is present; else the same as ``catalogue``), or any other
    name with ``prepare(db)`` changing the fresh database first (hostile values, say). Search (Pagefind)
    is on when its binary is installed. ``backend="postgresql"`` builds from a fresh PostgreSQL database
    (dropped at the end of the session).
    """
    from smashup_db.site import build_site

    built: dict[tuple, BuiltSite] = {}
    stack = ExitStack()

    def build(
        variant: str,
        backend: str = "sqlite",
        *,
        langs: str = "en,de",
        prepare: Callable[[str], None] | None = None,
    ) -> BuiltSite:
        if variant == "texted" and not has_archive():
            variant = "catalogue"  # nothing to import: the bare site is the same site
        key = (variant, backend, langs)
        if key not in built:
            assert variant in ("catalogue", "texted") or prepare is not None, variant
            root = tmp_path_factory.mktemp(f"site-{variant}-{backend}")
            db = (
                str(root / "cat.db")
                if backend == "sqlite"
                else stack.enter_context(fresh_pg_database())
            )
            make_db(db)
            has_text = import_archive_text(smashup_cli, db) if variant == "texted" else False
            if prepare is not None:
                prepare(db)
            result = build_site(root / "site", langs, "/", db)
            built[key] = BuiltSite(db, root / "site", result, has_text)
        return built[key]

    with stack:
        yield build


@pytest.fixture(scope="session")
def catalogue_site(site_build) -> BuiltSite:
    """The whole site (en + de) from the catalogue as shipped, without rules text (SQLite)."""
    return site_build("catalogue")


@pytest.fixture(scope="session")
def texted_site(site_build) -> BuiltSite:
    """The whole site (en + de) with the card archive's rules text when ../shared/data has it (SQLite)."""
    return site_build("texted")


@pytest.fixture(scope="session", params=BACKENDS)
def backend_site(request, site_build) -> BuiltSite:
    """The catalogue's whole site (en + de) built from each backend's database: SQLite, and PostgreSQL when
    SMASHUP_TEST_PG_URL is set (test ids ``[sqlite]``/``[postgresql]``, like the ``backend`` fixture's)."""
    return site_build("catalogue", request.param)


# =========================================================================== the browser and the preview server


@pytest.fixture(scope="session")
def browser():
    """The system Chromium, headless, driven by Playwright: one per session (per xdist worker). Skips the
    test when Playwright or Chromium is missing. Open pages in contexts of your own and close them."""
    sync_api = pytest.importorskip(
        "playwright.sync_api",
        reason="playwright not installed (pip install playwright)",
        exc_type=ImportError,
    )
    if CHROMIUM is None:
        pytest.skip("chromium not installed (apt-get install -y chromium)")
    with sync_api.sync_playwright() as pw:
        b = pw.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS, headless=True)
        try:
            yield b
        finally:
            b.close()


@pytest.fixture(scope="session")
def preview() -> Iterator[Callable[[Path], str]]:
    """``preview(folder)``: the address (``http://127.0.0.1:PORT``, no slash at the end) of the site's own
    preview server (``smashup site serve``: gzip like a static host) serving ``folder`` on loopback. One
    server per folder, started on the first call and stopped at the end of the session."""
    from smashup_db.site import make_server

    servers: dict[Path, object] = {}

    def serve(folder: Path) -> str:
        folder = Path(folder)
        if folder not in servers:
            server = make_server(folder, 0)
            threading.Thread(target=server.serve_forever, daemon=True).start()
            servers[folder] = server
        return f"http://127.0.0.1:{servers[folder].server_address[1]}"

    yield serve
    for server in servers.values():
        server.shutdown()
        server.server_close()


# =========================================================================== the card archive, served locally


class _ArchiveHandler(http.server.SimpleHTTPRequestHandler):
    paths: list[str]

    def log_message(self, *args):
        pass

    def do_GET(self):  # noqa: N802 - the base class's name
        self.paths.append(self.path)
        super().do_GET()


def _serve_folder(root: Path):
    """Serve ``root`` on 127.0.0.1 in a thread; returns (server, base URL, list of paths asked)."""
    paths: list[str] = []
    handler = functools.partial(
        type("H", (_ArchiveHandler,), {"paths": paths}), directory=str(root)
    )
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server, f"http://127.0.0.1:{server.server_address[1]}/", paths


@pytest.fixture
def archive_server(tmp_path, monkeypatch):
    """The card archive of ``../shared`` in its upstream layout at the pinned commit, served by
    ``http.server`` on 127.0.0.1 (a thread), with ``$SMASHUP_ARCHIVE_URL`` pointing at it, so that
    ``smashup import text`` / ``import images`` without a source fetch from it. Yields ``(root,
    base URL, paths asked)``; skips without ../shared."""
    from helpers import require_shared
    from smashup_db.importer import pinned

    shared = require_shared("card-archive", "smashup-catalog.json").parent
    root = tmp_path / "upstream"
    (root / "app" / "data").mkdir(parents=True)
    for name in pinned.FILES:
        os.symlink(shared / name, root / "app" / "data" / name)
    (root / "public").mkdir()
    if (shared / "card-art").is_dir():
        os.symlink(shared / "card-art", root / "public" / "card-art")
    server, url, paths = _serve_folder(root)
    monkeypatch.setenv(pinned.URL_VAR, url)
    yield root, url, paths
    server.shutdown()
    server.server_close()
