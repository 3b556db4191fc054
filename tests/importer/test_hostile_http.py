"""Imports from a hostile HTTP server on 127.0.0.1 (issue 35): every malformed answer is one error
line that never prints the body; a picture is not read past its size limit; a URL import of pictures
has one deadline for the whole run; `import translations` takes URLs and names them as given."""

from __future__ import annotations

import socket
import threading
import time
from pathlib import Path

import pytest
from test_import_images_kept import make

from helpers import one_line_error, write_csv

SECRET = "SECRET-BODY-LINE"


class RawServer:
    """A TCP server on 127.0.0.1 answering every request with ``answer(path)``: bytes, or an iterator
    of bytes (sent chunk by chunk until the client stops reading). ``sent`` counts bytes sent."""

    def __init__(self, answer):
        self.answer = answer
        self.sent = 0
        self.sock = socket.socket()
        self.sock.bind(("127.0.0.1", 0))
        self.sock.listen(16)
        self.url = f"http://127.0.0.1:{self.sock.getsockname()[1]}/"
        threading.Thread(target=self._serve, daemon=True).start()

    def _serve(self):
        while True:
            try:
                conn, _ = self.sock.accept()
            except OSError:
                return
            threading.Thread(target=self._one, args=(conn,), daemon=True).start()

    def _one(self, conn):
        with conn:
            try:
                request = conn.recv(65536).decode("latin-1")
                path = request.split(" ")[1] if " " in request else "/"
                body = self.answer(path)
                for chunk in [body] if isinstance(body, bytes) else body:
                    conn.sendall(chunk)
                    self.sent += len(chunk)
            except OSError:
                pass

    def close(self):
        self.sock.close()


@pytest.fixture
def raw_server():
    servers = []

    def start(answer):
        servers.append(RawServer(answer))
        return servers[-1]

    yield start
    for s in servers:
        s.close()


MALFORMED = {
    "bad status line": b"HTTP/1.1 abc def\r\n\r\n" + SECRET.encode(),
    "HTTP/0.9": (SECRET + " " + "x" * 200 + "\n").encode() * 50,
    "header over 64 KB": b"HTTP/1.1 200 OK\r\nX-Long: "
    + b"a" * 70_000
    + b"\r\n\r\n"
    + SECRET.encode(),
    "more than 100 headers": b"HTTP/1.1 200 OK\r\n"
    + b"".join(b"X-H%d: 1\r\n" % i for i in range(120))
    + b"\r\n"
    + SECRET.encode(),
    "broken chunked body": b"HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n"
    + b'5\r\n{"a":\r\nzz-not-hex\r\n'
    + SECRET.encode(),
}


@pytest.mark.parametrize("mode", sorted(MALFORMED))
def test_malformed_http_answer_is_one_line_without_the_body(cli, raw_server, mode):
    """http.client.HTTPException escaped read_bytes; the HTTP/0.9 case printed the whole body."""
    server = raw_server(lambda path: MALFORMED[mode])
    for args in (
        ("import", "text", server.url + "smashup-catalog.json"),
        ("import", "translations", server.url + "de.csv"),
        ("import", "images", server.url + "card-art/"),
    ):
        err = one_line_error(cli(*args), server.url)
        assert SECRET not in err and len(err) < 400, err


def _endless(path):
    yield b"HTTP/1.1 200 OK\r\nContent-Type: image/webp\r\n\r\n"
    while True:
        yield b"\0" * 65536


def test_a_picture_is_not_read_past_its_size_limit(run, tmp_path, raw_server):
    """A picture body was read up to 64 MB though pictures are limited to 4 MB."""
    root = tmp_path / "a"
    make(root)
    catalog = (root / "smashup-catalog.json").read_bytes()
    bases = (root / "smashup-bases.json").read_bytes()

    def answer(path):
        if path.endswith(".json"):
            body = catalog if "catalog" in path else bases
            return b"HTTP/1.1 200 OK\r\nContent-Length: %d\r\n\r\n" % len(body) + body
        return _endless(path)

    server = raw_server(answer)
    one_line_error(run("import", "images", server.url + "card-art/"), "larger than 4 MB")
    assert server.sent < 12 * 1024 * 1024  # 4 MB read, plus what the socket buffers held


def test_one_deadline_for_a_whole_url_import(run, tmp_path, raw_server, monkeypatch):
    """Each picture answered within the per-request time-out kept an import busy for hours."""
    root = tmp_path / "a"
    art = make(root)
    files = {
        "/smashup-catalog.json": (root / "smashup-catalog.json").read_bytes(),
        "/smashup-bases.json": (root / "smashup-bases.json").read_bytes(),
    }

    def answer(path):
        if path in files:
            body = files[path]
        else:
            time.sleep(0.7)
            body = (art / path.removeprefix("/card-art/")).read_bytes()
        return b"HTTP/1.1 200 OK\r\nContent-Length: %d\r\n\r\n" % len(body) + body

    monkeypatch.setenv("SMASHUP_IMPORT_DEADLINE", "2")
    server = raw_server(answer)
    one_line_error(run("import", "images", server.url + "card-art/"), "did not finish within")
    assert not (Path(run.tmp) / "t-images" / "images.json").exists()


def test_one_deadline_for_a_whole_text_import_of_several_urls(
    run, tmp_path, raw_server, monkeypatch
):
    """`import text URL1 URL2 ...` gave each file its own 120 s: a server answering each just in time
    kept a run of many URLs going for as long as it liked. Each file here comes within its own
    deadline; together they pass the run's (SMASHUP_IMPORT_DEADLINE), so nothing is imported."""
    root = tmp_path / "a"
    make(root)
    files = {
        f"/{n}": (root / n).read_bytes() for n in ("smashup-catalog.json", "smashup-bases.json")
    }

    def answer(path):
        time.sleep(0.8)
        body = files[path]
        return b"HTTP/1.1 200 OK\r\nContent-Length: %d\r\n\r\n" % len(body) + body

    server = raw_server(answer)
    urls = [server.url + "smashup-catalog.json", server.url + "smashup-bases.json"]
    monkeypatch.setenv("SMASHUP_IMPORT_DEADLINE", "1.2")
    assert run("import", "text", urls[0]).exit_code == 0  # one file fits the run's deadline
    one_line_error(
        run("import", "text", *urls), urls[0], "did not finish within", "nothing imported"
    )


def test_import_translations_takes_a_url_and_names_it_as_given(cli, tmp_path, raw_server):
    """The README says imports take URLs; `import translations` read the URL as a path (https:/...)."""
    csv_path = write_csv(
        tmp_path / "de.csv",
        [["faction", "aliens", "de", "Außerirdische", ""]],
    )
    body = csv_path.read_bytes()

    def answer(path):
        if path == "/de.csv":
            return b"HTTP/1.1 200 OK\r\nContent-Length: %d\r\n\r\n" % len(body) + body
        return b"HTTP/1.1 404 Not Found\r\nContent-Length: 0\r\n\r\n"

    server = raw_server(answer)
    res = cli("import", "translations", server.url + "de.csv")
    assert res.exit_code == 0, res.output
    one_line_error(cli("import", "translations", server.url + "nope.csv"), server.url + "nope.csv")
