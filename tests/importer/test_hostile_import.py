"""Hostile import files (issue 15): markup, formulas, control characters and NUL bytes in translations
CSVs and card-archive files, oversized, endless, deep and trickling inputs, broken quoting.

Each is refused in one line (or cleaned) and leaves the database as it was. Tests that touch the
database run on SQLite and, with ``SMASHUP_TEST_PG_URL``, on PostgreSQL. What the other parts do with
such values once stored: tests/site/test_hostile_site.py (the published site),
tests/cli/test_hostile_output.py (the terminal).
"""

from __future__ import annotations

import csv
import io
import os
import subprocess
import sys
import threading
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

import pytest

from helpers import ESC, XSS, archive, db_rows, one_line_error, set_name, state, write_csv

# =========================================================================== stored XSS


@pytest.mark.parametrize(
    "kind, ref", [("faction", "aliens"), ("product", "core-set"), ("base", "the-homeworld")]
)
def test_stored_xss_markup_names_refused_at_import(cli, db_path, tmp_path, kind, ref):
    assert cli("stats").exit_code == 0
    before = state(db_path)
    path = write_csv(
        tmp_path / "evil.csv",
        [["card", "laser-sword", "de", "Laserschwert", ""], [kind, ref, "en", f"Aliens{XSS}", ""]],
    )
    one_line_error(
        cli("import", "translations", str(path)),
        "evil.csv",
        "line 3",
        "name",
        "markup character '<'",
    )
    assert state(db_path) == before


# =========================================================================== CSV formula injection


@pytest.mark.parametrize("start", ["=", "+", "-", "@"])
def test_csv_formula_injection_names_refused_on_import(cli, db_path, tmp_path, start):
    assert cli("stats").exit_code == 0
    before = state(db_path)
    path = write_csv(
        tmp_path / "f.csv", [["faction", "aliens", "de", f'{start}HYPERLINK("http://x")', ""]]
    )
    one_line_error(cli("import", "translations", str(path)), "f.csv", "line 2", "name", "formula")
    assert state(db_path) == before


def test_csv_formula_injection_export_translations(cli, db_path, tmp_path):
    assert cli("stats").exit_code == 0
    set_name(db_path, "faction", "aliens", "de", '=HYPERLINK("http://evil.example","x")')
    path = write_csv(
        tmp_path / "t.csv",
        [
            ["card", "laser-sword", "de", "", "+2 power; -1 card; @you"],
            ["card", "laser-sword", "en", "", "\tTab first"],
        ],
    )
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
    assert db_rows(
        db_path, "SELECT text FROM entity_text WHERE ref = 'laser-sword' AND lang = 'de'"
    ) == [("+2 power; -1 card; @you",)]


# =========================================================================== terminal escapes


def test_terminal_escapes_stripped_on_import(cli, db_path, tmp_path):
    assert cli("stats").exit_code == 0
    path = write_csv(
        tmp_path / "t.csv",
        [["card", "laser-sword", "de", f"Laser{ESC}schwert", f"Zeile 1\nZeile\t2{ESC}"]],
    )
    assert cli("import", "translations", str(path)).exit_code == 0
    res = cli(
        "import",
        "text",
        str(
            archive(
                tmp_path / "a.json",
                text=f"Play on a minion.{ESC}\nOngoing: x",
                clarifications=[f"One{ESC}"],
            )
        ),
    )
    assert res.exit_code == 0, res.output
    texts = db_rows(
        db_path, "SELECT lang, text FROM entity_text WHERE ref = 'laser-sword' ORDER BY lang"
    )
    rulings = db_rows(db_path, "SELECT text FROM ruling WHERE ref = 'laser-sword'")
    names = db_rows(
        db_path, "SELECT name FROM name WHERE ref = 'laser-sword' AND origin = 'translations'"
    )
    for (value,) in [(t,) for _, t in texts] + rulings + names:
        assert not any(
            ord(ch) < 32 and ch not in "\n\t" or 0x7F <= ord(ch) <= 0x9F for ch in value
        ), repr(value)
    assert (
        dict(texts)["de"] == "Zeile 1\nZeile\t2[2J]8;;https://evil.example/\\click]8;;\\]52;c;aGk="
    )
    assert dict(texts)["en"].startswith("Play on a minion.") and "\nOngoing: x" in dict(texts)["en"]


# =========================================================================== NUL bytes


def test_nul_bytes_in_translations_refused(cli, db_path, tmp_path):
    assert cli("stats").exit_code == 0
    before = state(db_path)
    path = tmp_path / "nul.csv"
    path.write_text(
        "kind,id,lang,name,text\ncard,laser-sword,de,Laserschwert,ok\n"
        "card,collector,de,Samm\x00ler,\n",
        encoding="utf-8",
    )
    one_line_error(cli("import", "translations", str(path)), "nul.csv", "line 3, column 23", "NUL")
    assert state(db_path) == before


def test_nul_bytes_in_archive_refused(cli, db_path, tmp_path):
    assert cli("stats").exit_code == 0
    before = state(db_path)
    path = archive(tmp_path / "nul.json", text="Play on\u0000 a minion.")
    one_line_error(
        cli("import", "text", str(path)),
        "nul.json",
        "factions[0].cards[0].text",
        "NUL",
        "character 8",
    )
    path = archive(tmp_path / "nul2.json", clarifications=["fine", "bad\u0000"])
    one_line_error(cli("import", "text", str(path)), "clarifications[1]", "NUL")
    assert state(db_path) == before


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
    one_line_error(
        cli("import", "text", str(archive(tmp_path / "long.json", text="x" * 10_001))),
        "long.json",
        "factions[0].cards[0].text",
        "longer than 10000",
    )
    path = write_csv(tmp_path / "long.csv", [["card", "laser-sword", "de", "", "y" * 10_001]])
    one_line_error(
        cli("import", "translations", str(path)), "long.csv", "line 2", "text", "longer than 10000"
    )
    path = write_csv(tmp_path / "longname.csv", [["card", "laser-sword", "de", "N" * 201, ""]])
    one_line_error(
        cli("import", "translations", str(path)),
        "longname.csv",
        "line 2",
        "name",
        "longer than 200",
    )
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
        res = cli("import", "text", url)
    finally:
        server.shutdown()
        server.server_close()
    # the deadline ended the download (the server trickles for 8 s; ended early it would be a cut body)
    one_line_error(res, url, "did not finish within 2 s")


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

    return subprocess.run(
        [sys.executable, "-c", "from smashup_db.cli import main; main()", *args],
        capture_output=True,
        text=True,
        timeout=timeout,
        env=env,
        preexec_fn=limit,
    )


@pytest.mark.skipif(
    not Path("/dev/zero").exists() or not hasattr(os, "mkfifo"), reason="needs /dev/zero and FIFOs"
)
def test_import_dev_zero_and_fifo_one_line(db_path, tmp_path):
    """A device is refused; a FIFO is read, but only for so long (issue 21 item 9: nothing arrives here)."""
    env = {**os.environ, "SMASHUP_DB": db_path, "SMASHUP_READ_DEADLINE": "1"}
    fifo = tmp_path / "pipe.json"
    os.mkfifo(fifo)
    cases = [
        (["import", "text", "/dev/zero"], "/dev/zero"),
        (["import", "text", str(fifo)], "pipe.json"),
        (["import", "translations", "/dev/zero"], "/dev/zero"),
        (["import", "translations", str(fifo)], "pipe.json"),
    ]
    for args, needle in cases:
        proc = _smashup(args, env)
        err = proc.stderr.strip()
        assert proc.returncode == 1, (args, proc.returncode, err[-500:])
        assert len(err.splitlines()) == 1 and err.startswith("error: ") and needle in err, err
        assert (
            "nothing more arrived within 1 s" if needle == "pipe.json" else "not a regular file"
        ) in err


def test_translations_unclosed_quote(cli, db_path, tmp_path):
    assert cli("stats").exit_code == 0
    before = state(db_path)
    path = tmp_path / "q.csv"
    path.write_text(
        "kind,id,lang,name,text\ncard,laser-sword,de,Laserschwert,ok\n"
        'faction,aliens,de,"Außerirdische,\nfaction,ninjas,de,Ninjas,\n',
        encoding="utf-8",
    )
    one_line_error(cli("import", "translations", str(path)), "q.csv", "line 3", "never closed")
    assert state(db_path) == before
