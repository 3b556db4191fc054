"""Hostile input (issue 15): what the tool prints, exports and publishes, and hostile import files.

One test (or a few) per item of the issue, named after it; tests that touch the
database run on SQLite and, with ``SMASHUP_TEST_PG_URL``, on PostgreSQL. The
browser part of the XSS item is in tests/site/test_hostile_browser.py.
"""

from __future__ import annotations

import csv
import io
import json
import os
import stat
import subprocess
import sys
import threading
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

import pytest

from tests.conftest import db_execute, db_rows, one_line_error

XSS = "<img src=x onerror=alert(1)>"
ESC = "\x1b[2J\x1b]8;;https://evil.example/\x1b\\click\x1b]8;;\x1b\\\x1b]52;c;aGk=\x07"




def write_csv(path: Path, rows: list[list[str]]) -> Path:
    with path.open("w", encoding="utf-8", newline="") as fh:
        w = csv.writer(fh)
        w.writerow(["kind", "id", "lang", "name", "text"])
        w.writerows(rows)
    return path


def set_name(db: str, kind: str, ref: str, lang: str, name: str) -> None:
    """Store ``name`` as an imported name directly (as a database from before the import checks may hold)."""
    db_execute(db, "DELETE FROM name WHERE kind = :k AND ref = :r AND lang = :l AND origin = 'translations'",
               k=kind, r=ref, l=lang)
    db_execute(db, "INSERT INTO name (kind, ref, lang, origin, name, folded, confidence, evidence) "
               "VALUES (:k, :r, :l, 'translations', :n, :f, '', 'translations:test')",
               k=kind, r=ref, l=lang, n=name, f=name.lower())


def set_text(db: str, kind: str, ref: str, lang: str, text: str) -> None:
    db_execute(db, "DELETE FROM entity_text WHERE kind = :k AND ref = :r AND lang = :l", k=kind, r=ref, l=lang)
    db_execute(db, "INSERT INTO entity_text (kind, ref, lang, text, source) VALUES (:k, :r, :l, :t, 'test')",
               k=kind, r=ref, l=lang, t=text)


def state(db: str) -> list:
    """Imported names and texts, for 'nothing changed' checks."""
    return (db_rows(db, "SELECT kind, ref, lang, origin, name FROM name WHERE origin != 'data' "
                        "ORDER BY kind, ref, lang, origin")
            + db_rows(db, "SELECT kind, ref, lang, text FROM entity_text ORDER BY kind, ref, lang"))


def archive(path: Path, text: str = "Play on a minion.", name: str = "Laser Sword", **extra) -> Path:
    """A one-card card-archive catalogue file (Astroknights' Laser Sword)."""
    card = {"name": name, "type": "action", "text": text, **extra}
    path.write_text(json.dumps({"source": {"name": "test archive"},
                                "factions": [{"name": "Astroknights", "cards": [card]}]}), encoding="utf-8")
    return path


# =========================================================================== stored XSS

@pytest.mark.parametrize("kind, ref", [("faction", "aliens"), ("product", "core-set"), ("base", "the-homeworld")])
def test_stored_xss_markup_names_refused_at_import(cli, db_path, tmp_path, kind, ref):
    assert cli("stats").exit_code == 0
    before = state(db_path)
    path = write_csv(tmp_path / "evil.csv", [["card", "laser-sword", "de", "Laserschwert", ""],
                                             [kind, ref, "en", f"Aliens{XSS}", ""]])
    one_line_error(cli("import", "translations", str(path)), "evil.csv", "line 3", "name", "markup character '<'")
    assert state(db_path) == before


def test_stored_xss_pagefind_filters_are_inert(cli, db_path, tmp_path):
    """Even a hostile name already in the database reaches no Pagefind filter or metadata as markup."""
    from smashup_db.site import build_site

    assert cli("stats").exit_code == 0
    set_name(db_path, "faction", "aliens", "en", f"Aliens{XSS}")
    set_name(db_path, "product", "core-set", "en", f"Core{XSS}")
    set_name(db_path, "base", "the-homeworld", "en", f"Home{XSS}")
    out = tmp_path / "site"
    build_site(out, "en", "/", db_path, search=False)
    pages = [out / "en/factions/aliens/index.html", out / "en/cards/collector/index.html",
             out / "en/products/core-set/index.html", out / "en/bases/the-homeworld/index.html"]
    import re

    for page in pages:
        html = page.read_text(encoding="utf-8")
        assert XSS not in html
        for attr in re.findall(r'data-pagefind-(?:filter|meta)="([^"]*)"', html):
            assert "&lt;" not in attr and "<" not in attr, (page, attr)
        titles = re.findall(r'data-pagefind-meta="title">([^<]*)<', html)
        assert len(titles) == 1 and "&lt;" not in titles[0], (page, titles)
        if page.parts[-3] != "cards":  # the faction, product and base pages carry a hostile name
            assert "‹img src=x onerror=alert(1)›" in titles[0], (page, titles)
    faction = pages[0].read_text(encoding="utf-8")
    assert 'data-pagefind-filter="faction:Aliens‹img src=x onerror=alert(1)›"' in faction
    assert "Aliens&lt;img src=x onerror=alert(1)&gt;" in faction  # the visible name is escaped HTML


# =========================================================================== CSV formula injection

@pytest.mark.parametrize("start", ["=", "+", "-", "@"])
def test_csv_formula_injection_names_refused_on_import(cli, db_path, tmp_path, start):
    assert cli("stats").exit_code == 0
    before = state(db_path)
    path = write_csv(tmp_path / "f.csv", [["faction", "aliens", "de", f"{start}HYPERLINK(\"http://x\")", ""]])
    one_line_error(cli("import", "translations", str(path)), "f.csv", "line 2", "name", "formula")
    assert state(db_path) == before


def test_csv_formula_injection_export_translations(cli, db_path, tmp_path):
    assert cli("stats").exit_code == 0
    set_name(db_path, "faction", "aliens", "de", '=HYPERLINK("http://evil.example","x")')
    path = write_csv(tmp_path / "t.csv", [["card", "laser-sword", "de", "", "+2 power; -1 card; @you"],
                                          ["card", "laser-sword", "en", "", "\tTab first"]])
    assert cli("import", "translations", str(path)).exit_code == 0
    res = cli("export", "translations", "--lang", "de")
    assert res.exit_code == 0, res.output
    rows = list(csv.DictReader(io.StringIO(res.stdout)))
    formula = [(r["id"], k, v) for r in rows for k, v in r.items() if v and v[0] in "=+-@\t\r"]
    assert formula == []
    aliens = next(r for r in rows if r["kind"] == "faction" and r["id"] == "aliens")
    assert aliens["name"] == '\'=HYPERLINK("http://evil.example","x")'
    laser = next(r for r in rows if r["id"] == "laser-sword")
    assert laser["text"] == "'+2 power; -1 card; @you" and laser["text_en"] == "Tab first"
    # the export imports back unchanged: the leading quote goes again (the formula name itself,
    # unquoted, would be refused, so its row is left out)
    out = tmp_path / "back.csv"
    lines = [ln for ln in res.stdout.splitlines() if not ln.startswith("faction,aliens,")]
    out.write_text("\n".join(lines) + "\n", encoding="utf-8")
    rep = cli("import", "translations", str(out), "--json")
    assert rep.exit_code == 0, rep.output
    assert db_rows(db_path, "SELECT text FROM entity_text WHERE ref = 'laser-sword' AND lang = 'de'") == [
        ("+2 power; -1 card; @you",)]


def test_csv_formula_injection_site_downloads(cli, db_path, tmp_path):
    from smashup_db.site import build_site

    assert cli("stats").exit_code == 0
    set_name(db_path, "faction", "aliens", "en", "=1+1")
    set_name(db_path, "card", "collector", "en", "@SUM(A1)")
    set_name(db_path, "product", "core-set", "en", "-2+3")
    set_name(db_path, "base", "the-homeworld", "en", "+cmd|' /C calc'!A0")
    build_site(tmp_path / "site", "en", "/", db_path, search=False)
    seen = {}
    for name in ("cards", "bases", "factions", "products"):
        text = (tmp_path / "site" / "data" / f"{name}.csv").read_text(encoding="utf-8")
        for row in csv.DictReader(io.StringIO(text)):
            for key, value in row.items():
                assert not (value and value[0] in "=+-@\t\r"), (name, key, value)
            seen[row["id"]] = row["name_en"]
    assert seen["aliens"] == "'=1+1" and seen["collector"] == "'@SUM(A1)"
    assert seen["core-set"] == "'-2+3" and seen["the-homeworld"].startswith("'+cmd")
    doc = json.loads((tmp_path / "site" / "data" / "factions.json").read_text(encoding="utf-8"))
    assert any(f["name_en"] == "=1+1" for f in doc["factions"])  # JSON keeps the value as it is


# =========================================================================== terminal escapes

def test_terminal_escapes_stripped_on_import(cli, db_path, tmp_path):
    assert cli("stats").exit_code == 0
    path = write_csv(tmp_path / "t.csv", [["card", "laser-sword", "de", f"Laser{ESC}schwert", f"Zeile 1\nZeile\t2{ESC}"]])
    assert cli("import", "translations", str(path)).exit_code == 0
    res = cli("import", "text", str(archive(tmp_path / "a.json", text=f"Play on a minion.{ESC}\nOngoing: x",
                                            clarifications=[f"One{ESC}"])))
    assert res.exit_code == 0, res.output
    texts = db_rows(db_path, "SELECT lang, text FROM entity_text WHERE ref = 'laser-sword' ORDER BY lang")
    rulings = db_rows(db_path, "SELECT text FROM ruling WHERE ref = 'laser-sword'")
    names = db_rows(db_path, "SELECT name FROM name WHERE ref = 'laser-sword' AND origin = 'translations'")
    for (value,) in [(t,) for _, t in texts] + rulings + names:
        assert not any(ord(ch) < 32 and ch not in "\n\t" or 0x7f <= ord(ch) <= 0x9f for ch in value), repr(value)
    assert dict(texts)["de"] == "Zeile 1\nZeile\t2[2J]8;;https://evil.example/\\click]8;;\\]52;c;aGk="
    assert dict(texts)["en"].startswith("Play on a minion.") and "\nOngoing: x" in dict(texts)["en"]


def test_terminal_escapes_escaped_on_output(cli, db_path, monkeypatch):
    """Values stored before the import checks (or typed by users) reach the terminal without ESC/BEL."""
    monkeypatch.setenv("COLUMNS", "400")  # wide tables: the escapes are not folded across lines
    assert cli("stats").exit_code == 0
    set_name(db_path, "card", "laser-sword", "en", f"Laser{ESC}")
    set_name(db_path, "faction", "astroknights", "en", f"Astro{ESC}")
    set_name(db_path, "base", "the-homeworld", "en", f"Home{ESC}")
    set_text(db_path, "card", "laser-sword", "en", f"Play on a minion.{ESC}")
    set_text(db_path, "base", "the-homeworld", "en", f"After{ESC}")
    one_line_error(cli("collection", "add", "Core Set", "--owner", f"Eve{ESC}"), "--owner")  # refused now
    from tests.conftest import db_execute  # (issue 21 item 7); one stored before that check:

    db_execute(db_path, "INSERT INTO collection (owner, product_id, copies) VALUES (:o, 'core-set', 1)", o=f"Eve{ESC}")
    runs = [("card", "laser-sword"), ("base", "the-homeworld"), ("faction", "astroknights"),
            ("factions",), ("search", "f:astroknights t:action"), ("collection", "list"),
            ("draft", "--players", f"Eve{ESC},Bob", "--auto", "--seed", "1"),
            ("draft", "--players", f"Eve{ESC},Bob", "--owned", "--auto", "--seed", "1")]
    for args in runs:
        res = cli(*args)
        assert res.exit_code == 0, (args, res.output)
        assert "\x1b" not in res.output and "\x07" not in res.output, (args, res.output)
        assert "\\x1b" in res.output, (args, res.output)  # shown, visibly escaped
    res = cli("card", f"Laser{ESC}x")  # an unknown name quoted in the error line
    assert res.exit_code == 1 and "\x1b" not in res.output


# =========================================================================== Rich markup

def test_rich_markup_in_user_values(cli, db_path, tmp_path):
    assert cli("stats").exit_code == 0
    path = write_csv(tmp_path / "m.csv", [["faction", "aliens", "en", "Aliens [/]", ""],
                                          ["card", "collector", "en", "Collector [bold]", ""],
                                          ["product", "core-set", "en", "Core [/] Set", ""]])
    assert cli("import", "translations", str(path)).exit_code == 0
    for owner in ("[/]", "Anna [club]"):
        res = cli("collection", "add", "core-set", "--owner", owner)
        assert res.exit_code == 0 and f"{owner}: Core [/] Set x1" in res.stdout, res.output
    res = cli("collection", "list")
    assert res.exit_code == 0, res.output
    assert "Anna [club]: Core [/] Set x1" in res.stdout and "[/]: Core [/] Set x1" in res.stdout
    res = cli("card", "collector")
    assert res.exit_code == 0 and "Collector [bold]" in res.stdout and "Aliens [/]" in res.stdout, res.output
    res = cli("faction", "aliens")
    assert res.exit_code == 0 and res.stdout.startswith("Aliens [/] (aliens)"), res.output
    res = cli("search", "f:aliens t:minion")
    assert res.exit_code == 0 and "Collector [bold]" in res.stdout, res.output
    res = cli("draft", "--players", "[/],Anna [club]", "--collection", "Anna [club]", "--auto", "--seed", "2")
    assert res.exit_code == 0, res.output
    assert "Anna [club]" in res.stdout and "start player: " in res.stdout


# =========================================================================== NUL bytes

def test_nul_bytes_in_translations_refused(cli, db_path, tmp_path):
    assert cli("stats").exit_code == 0
    before = state(db_path)
    path = tmp_path / "nul.csv"
    path.write_text("kind,id,lang,name,text\ncard,laser-sword,de,Laserschwert,ok\n"
                    "card,collector,de,Samm\x00ler,\n", encoding="utf-8")
    one_line_error(cli("import", "translations", str(path)), "nul.csv", "line 3, column 23", "NUL")
    assert state(db_path) == before


def test_nul_bytes_in_archive_refused(cli, db_path, tmp_path):
    assert cli("stats").exit_code == 0
    before = state(db_path)
    path = archive(tmp_path / "nul.json", text="Play on\u0000 a minion.")
    one_line_error(cli("import", "text", str(path)), "nul.json", "factions[0].cards[0].text", "NUL",
                   "character 8")
    path = archive(tmp_path / "nul2.json", clarifications=["fine", "bad\u0000"])
    one_line_error(cli("import", "text", str(path)), "clarifications[1]", "NUL")
    assert state(db_path) == before


# =========================================================================== site build output

@pytest.fixture
def site_db(tmp_path):
    from smashup_db.compiler.bootstrap import open_reader

    db = tmp_path / "cat.db"
    open_reader(str(db)).close()
    return db


def test_site_build_refuses_database_inside_out(site_db, tmp_path):
    from typer.testing import CliRunner

    from smashup_db.cli import app

    out = tmp_path / "pub"
    runner = CliRunner()
    assert runner.invoke(app, ["site", "build", "--out", str(out), "--no-search", "--db", str(site_db)]).exit_code == 0
    from smashup_db.compiler.bootstrap import open_reader

    inside = out / "collection.db"  # e.g. --out pointed at the folder the collection lives in
    open_reader(str(inside)).close()
    res = runner.invoke(app, ["site", "build", "--out", str(out), "--no-search", "--db", str(inside)])
    one_line_error(res, "the database", "inside the output folder", "choose another --out")
    assert inside.is_file() and (out / "en" / "index.html").is_file()


def test_site_build_refuses_foreign_files(site_db, tmp_path):
    from typer.testing import CliRunner

    from smashup_db.cli import app

    out = tmp_path / "pub"
    runner = CliRunner()
    args = ["site", "build", "--out", str(out), "--no-search", "--db", str(site_db)]
    assert runner.invoke(app, args).exit_code == 0
    assert runner.invoke(app, args).exit_code == 0  # a rebuild over its own files is fine
    (out / "en" / "notes.txt").write_text("mine", encoding="utf-8")
    one_line_error(runner.invoke(app, args), "en/notes.txt", "not written by a site build", "move")
    assert (out / "en" / "notes.txt").read_text(encoding="utf-8") == "mine"


def test_site_build_symlinked_out_keeps_link(site_db, tmp_path):
    from smashup_db.site import build_site

    target = tmp_path / "real"
    link = tmp_path / "www"
    link.symlink_to(target, target_is_directory=True)
    res = build_site(link, "en", "/", str(site_db), search=False)
    assert link.is_symlink() and os.readlink(link) == str(target)
    assert (target / "en" / "index.html").is_file() and res.out == target
    first = (target / ".smashup-site").stat().st_mtime_ns
    build_site(link, "en", "/", str(site_db), search=False)  # again: the link stays, the target is new
    assert link.is_symlink() and (target / ".smashup-site").stat().st_mtime_ns != first


def test_site_build_respects_umask(site_db, tmp_path):
    from smashup_db.site import build_site

    old = os.umask(0o022)
    try:
        build_site(tmp_path / "site", "en", "/", str(site_db), search=False)
    finally:
        os.umask(old)
    mode = stat.S_IMODE((tmp_path / "site").stat().st_mode)
    assert mode == 0o755, oct(mode)


def test_site_build_removes_stale_temp_folders(site_db, tmp_path):
    from smashup_db.site import build_site

    import json

    from smashup_db.site.outdir import TEMP_MARKER

    dead = subprocess.Popen([sys.executable, "-c", "pass"])
    dead.wait()
    stale = [tmp_path / f".site.build-{dead.pid}-abcd1234", tmp_path / f".site.old-{dead.pid}-ef567890"]
    for folder in stale:  # left by a killed build: they carry its ownership file
        (folder / "en").mkdir(parents=True)
        (folder / "en" / "index.html").write_text("half", encoding="utf-8")
        (folder / TEMP_MARKER).write_text(json.dumps({"pid": dead.pid, "kind": "build"}), encoding="utf-8")
    running = tmp_path / f".site.build-{os.getppid()}-00000000"  # a build of a live process: kept
    running.mkdir()
    (running / TEMP_MARKER).write_text(json.dumps({"pid": os.getppid(), "kind": "build"}), encoding="utf-8")
    unmarked = tmp_path / ".site.build-k3j_x9qz"  # named like a temp folder, but not marked as one: kept
    unmarked.mkdir()
    other = tmp_path / ".other.build-k3j_x9qz"  # another output folder's: kept
    other.mkdir()
    build_site(tmp_path / "site", "en", "/", str(site_db), search=False)
    assert not any(f.exists() for f in stale)
    assert running.is_dir() and other.is_dir() and unmarked.is_dir()
    assert sorted(p.name for p in tmp_path.iterdir() if p.name.startswith(".site.")) == sorted([running.name,
                                                                                              unmarked.name])


def test_site_build_unwritable_out_one_line(site_db, tmp_path):
    from typer.testing import CliRunner

    from smashup_db.cli import app

    res = CliRunner().invoke(app, ["site", "build", "--out", "/sys/x", "--no-search", "--db", str(site_db)])
    one_line_error(res, "/sys/x")


@pytest.mark.parametrize("port", ["99999", "-1"])
def test_site_serve_bad_port_one_line(site_db, tmp_path, port):
    from typer.testing import CliRunner

    from smashup_db.cli import app
    from smashup_db.site import build_site

    build_site(tmp_path / "site", "en", "/", str(site_db), search=False)
    res = CliRunner().invoke(app, ["site", "serve", "--port", port, "--dir", str(tmp_path / "site")])
    one_line_error(res, port)


# =========================================================================== import limits and hostile files

def test_import_limits_local_file_size(cli, db_path, tmp_path):
    big = tmp_path / "big.json"
    with big.open("wb") as fh:  # sparse: takes no disk space
        fh.truncate(64 * 1024 * 1024 + 1)
    one_line_error(cli("import", "text", str(big)), "big.json", "larger than 64 MB")
    big_csv = tmp_path / "big.csv"
    os.rename(big, big_csv)
    one_line_error(cli("import", "translations", str(big_csv)), "big.csv", "larger than 64 MB")


def test_import_limits_per_record_text(cli, db_path, tmp_path):
    assert cli("stats").exit_code == 0
    before = state(db_path)
    one_line_error(cli("import", "text", str(archive(tmp_path / "long.json", text="x" * 10_001))),
                   "long.json", "factions[0].cards[0].text", "longer than 10000")
    path = write_csv(tmp_path / "long.csv", [["card", "laser-sword", "de", "", "y" * 10_001]])
    one_line_error(cli("import", "translations", str(path)), "long.csv", "line 2", "text", "longer than 10000")
    path = write_csv(tmp_path / "longname.csv", [["card", "laser-sword", "de", "N" * 201, ""]])
    one_line_error(cli("import", "translations", str(path)), "longname.csv", "line 2", "name", "longer than 200")
    assert state(db_path) == before


class _Trickle(BaseHTTPRequestHandler):
    """Promises 10 kB of JSON and sends one byte every 0.2 s for at most 8 s."""

    def do_GET(self):  # noqa: N802 - name given by the base class
        self.send_response(200)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", "10000")
        self.end_headers()
        end = time.monotonic() + 8
        try:
            while time.monotonic() < end:
                self.wfile.write(b" ")
                self.wfile.flush()
                time.sleep(0.2)
        except OSError:  # the client gave up
            pass

    def log_message(self, *args):
        pass


def test_import_limits_download_deadline(cli, db_path, monkeypatch):
    from smashup_db.importer import files as sources

    monkeypatch.setattr(sources, "URL_DEADLINE", 2, raising=False)  # raising: older code has none
    server = ThreadingHTTPServer(("127.0.0.1", 0), _Trickle)
    server.daemon_threads = True
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        url = f"http://127.0.0.1:{server.server_address[1]}/smashup-catalog.json"
        started = time.monotonic()
        res = cli("import", "text", url)
        took = time.monotonic() - started
    finally:
        server.shutdown()
        server.server_close()
    one_line_error(res, url, "did not finish within 2 s")
    assert took < 6, took


def test_import_deep_json_one_line(cli, db_path, tmp_path):
    deep = tmp_path / "deep.json"
    deep.write_text("[" * 100_000 + "]" * 100_000, encoding="utf-8")
    one_line_error(cli("import", "text", str(deep)), "deep.json", "nested too deeply")
    deep.write_text('{"factions": ' + "[" * 100_000 + "]" * 100_000 + "}", encoding="utf-8")
    one_line_error(cli("import", "text", str(deep)), "deep.json", "nested too deeply")


def _smashup(args: list[str], env: dict, timeout: float = 30) -> subprocess.CompletedProcess:
    """Run the CLI in a child process with 1 GB of address space at most (so a bug cannot eat the machine)."""
    import resource

    def limit():
        resource.setrlimit(resource.RLIMIT_AS, (1 << 30, 1 << 30))

    return subprocess.run([sys.executable, "-c", "from smashup_db.cli import main; main()", *args],
                          capture_output=True, text=True, timeout=timeout, env=env, preexec_fn=limit)


@pytest.mark.skipif(not Path("/dev/zero").exists() or not hasattr(os, "mkfifo"), reason="needs /dev/zero and FIFOs")
def test_import_dev_zero_and_fifo_one_line(db_path, tmp_path):
    """A device is refused; a FIFO is read, but only for so long (issue 21 item 9: nothing arrives here)."""
    env = {**os.environ, "SMASHUP_DB": db_path, "SMASHUP_TEST_READ_DEADLINE": "1"}
    fifo = tmp_path / "pipe.json"
    os.mkfifo(fifo)
    cases = [(["import", "text", "/dev/zero"], "/dev/zero"), (["import", "text", str(fifo)], "pipe.json"),
             (["import", "translations", "/dev/zero"], "/dev/zero"),
             (["import", "translations", str(fifo)], "pipe.json")]
    for args, needle in cases:
        proc = _smashup(args, env)
        err = proc.stderr.strip()
        assert proc.returncode == 1, (args, proc.returncode, err[-500:])
        assert len(err.splitlines()) == 1 and err.startswith("error: ") and needle in err, err
        assert ("nothing more arrived within 1 s" if needle == "pipe.json" else "not a regular file") in err


def test_translations_unclosed_quote(cli, db_path, tmp_path):
    assert cli("stats").exit_code == 0
    before = state(db_path)
    path = tmp_path / "q.csv"
    path.write_text('kind,id,lang,name,text\ncard,laser-sword,de,Laserschwert,ok\n'
                    'faction,aliens,de,"Außerirdische,\nfaction,ninjas,de,Ninjas,\n', encoding="utf-8")
    one_line_error(cli("import", "translations", str(path)), "q.csv", "line 3", "never closed")
    assert state(db_path) == before
