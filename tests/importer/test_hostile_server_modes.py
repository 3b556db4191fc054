"""Every mode of the hostile HTTP server of issue 35, against both URL imports, losing nothing.

The modes: a bad status line, HTTP/0.9, a header over 64 KB, more than 100 headers, a broken chunked
body, slow answers (past the run's deadline, SMASHUP_IMPORT_DEADLINE set small), an oversized body
(endless) and 404. ``import text URL URL`` gets the mode for its JSON files; ``import images URL`` gets
the archive JSON whole and the mode for every picture. Each run ends with one error line (404 of a
picture: the picture is kept and said, exit 0), no traceback and no body printed; the rules text
imported before and every picture stored before are still there, byte for byte.
"""

from __future__ import annotations

import hashlib
import json
import sqlite3
import time

import pytest
import test_hostile_http as hostile
from test_hostile_http import MALFORMED, SECRET
from test_import_images import images_of, report
from test_import_images_kept import make

from helpers import one_line_error

ARCHIVE = ("smashup-catalog.json", "smashup-bases.json")
#: 16 imports of a small archive and 8 of its pictures: seconds each (in .ci/run's long run).
pytestmark = pytest.mark.long
raw_server = hostile.raw_server  # the fixture: a TCP server on 127.0.0.1 answering as told


def _ok(body: bytes) -> bytes:
    return b"HTTP/1.1 200 OK\r\nContent-Length: %d\r\n\r\n" % len(body) + body


def _endless():
    yield b"HTTP/1.1 200 OK\r\n\r\n"
    while True:
        yield b"\0" * 65536


def _slow(body: bytes) -> bytes:
    time.sleep(0.7)
    return _ok(body)


#: mode -> (answer for a file whose good body is ``body``, words of the error line or None: taken).
MODES = {
    **{name: (lambda body, raw=raw: raw, "not valid HTTP") for name, raw in MALFORMED.items()},
    "slow answers": (_slow, "did not finish within"),
    "oversized body": (lambda body: _endless(), "larger than"),
    "404": (lambda body: b"HTTP/1.1 404 Not Found\r\nContent-Length: 9\r\n\r\nnot found", "404"),
}
#: The HTTP/0.9 answer is not valid HTTP to the client only when it reads it as a status line.
MODES["HTTP/0.9"] = (MODES["HTTP/0.9"][0], None)


def _text_rows(db: str) -> list:
    with sqlite3.connect(db) as conn:
        return [sorted(conn.execute(f"SELECT * FROM {t}")) for t in ("entity_text", "ruling")]


def _pictures(run) -> dict[str, str]:
    folder = images_of(run)
    return {
        p.relative_to(folder).as_posix(): hashlib.sha256(p.read_bytes()).hexdigest()
        for p in folder.rglob("*")
        if p.is_file() and p.name != "images.json" and not p.name.endswith(".lock")
    }


def _refused(res, words, url):
    """One error line naming the server and ``words`` (any of the mode's wordings), no body."""
    err = one_line_error(res, url)
    assert SECRET not in err and len(err) < 400, err
    if words:
        assert words in err, err
    return err


@pytest.mark.parametrize("mode", sorted(MODES))
def test_import_text_from_a_hostile_server_is_one_line_and_keeps_the_text(
    run, tmp_path, raw_server, monkeypatch, mode
):
    root = tmp_path / "a"
    make(root)
    assert run("import", "text", *(root / n for n in ARCHIVE)).exit_code == 0
    before = _text_rows(run.db)
    bodies = {f"/{n}": (root / n).read_bytes() for n in ARCHIVE}
    answer, words = MODES[mode]
    server = raw_server(lambda path: answer(bodies.get(path, b"")))
    monkeypatch.setenv("SMASHUP_IMPORT_DEADLINE", "1" if mode == "slow answers" else "120")
    res = run("import", "text", *(server.url + n for n in ARCHIVE))
    _refused(res, words, server.url)
    assert _text_rows(run.db) == before


@pytest.mark.parametrize("mode", sorted(MODES))
def test_import_images_from_a_hostile_server_loses_no_picture(
    run, tmp_path, raw_server, monkeypatch, mode
):
    root = tmp_path / "a"
    art = make(root)
    assert report(run("import", "images", art, "--json"))["images"]["added"] == 8
    before = _pictures(run)
    index = json.loads((images_of(run) / "images.json").read_text(encoding="utf-8"))["images"]
    bodies = {f"/{n}": (root / n).read_bytes() for n in ARCHIVE}
    answer, words = MODES[mode]

    def serve(path):
        if path in bodies:
            return _ok(bodies[path])
        picture = art / path.removeprefix("/card-art/")
        return answer(picture.read_bytes() if picture.is_file() else b"")

    server = raw_server(serve)
    monkeypatch.setenv("SMASHUP_IMPORT_DEADLINE", "2" if mode == "slow answers" else "120")
    res = run("import", "images", server.url + "card-art/", "--json")
    if mode == "404":  # not found this time: kept and said
        assert res.exit_code == 0, res.output
        assert report(res)["images"]["kept"] == 8 and report(res)["images"]["removed"] == 0
    else:
        _refused(res, words, server.url)
    assert _pictures(run) == before  # no picture lost or changed
    after = json.loads((images_of(run) / "images.json").read_text(encoding="utf-8"))["images"]
    assert after.keys() == index.keys()
