"""Preview a built site with the standard library's HTTP server on 127.0.0.1."""

from __future__ import annotations

import email.utils
import functools
import gzip
import io
import os
import threading
from http import HTTPStatus
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

from smashup_db.i18n import N_
from smashup_db.site.paths import SiteError

#: Types sent gzip-compressed to a browser that accepts it, as every common static host does
#: (Pagefind's own files and images are compressed already).
COMPRESSED_TYPES = (
    "text/",
    "application/json",
    "application/javascript",
    "image/svg+xml",
    "application/manifest+json",
)
#: Files larger than this are sent as they are (a preview server, not a CDN).
MAX_COMPRESSED = 32 * 1024 * 1024


class _Handler(SimpleHTTPRequestHandler):
    """Static files of the site; text sent gzip-compressed when the browser accepts it (``Vary: Accept-Encoding``)."""

    _cache: dict[tuple[str, int, int], bytes] = {}
    _lock = threading.Lock()
    # HTTP/1.1 as static hosts speak it: connections kept open, and the ETag honoured (Chromium uses an
    # ETag to ask again only from HTTP/1.1 answers; every answer of this handler has a Content-Length)
    protocol_version = "HTTP/1.1"

    def end_headers(self):
        # every answer may be kept but is asked again (revalidated: Last-Modified) before it is used, so a
        # browser never mixes pages of two builds from its HTTP cache (the service worker relies on it)
        self.send_header("Cache-Control", "no-cache")
        super().end_headers()

    def send_head(self):
        path = self.translate_path(self.path)
        if os.path.isdir(path):
            if not self.path.split("?", 1)[0].split("#", 1)[0].endswith("/"):
                return super().send_head()  # the base class redirects to the folder's URL
            path = os.path.join(path, "index.html")
        ctype = self.guess_type(path)
        accepts = "gzip" in (self.headers.get("Accept-Encoding") or "").lower()
        if not accepts or not ctype.startswith(COMPRESSED_TYPES) or not os.path.isfile(path):
            return super().send_head()
        try:
            st = os.stat(path)
            if st.st_size > MAX_COMPRESSED:
                return super().send_head()
            # a copy the browser keeps is asked again with its tag (If-None-Match) and confirmed without
            # its body when it is still this file, as static hosts do (the service worker's copies of
            # the scripts the page just loaded then cost a few headers); nanoseconds, so two builds in
            # the same second still differ
            etag = f'"{st.st_mtime_ns:x}-{st.st_size:x}"'
            asked = (self.headers.get("If-None-Match") or "").split(",")
            if etag in {t.strip().removeprefix("W/") for t in asked}:
                self.send_response(HTTPStatus.NOT_MODIFIED)
                self.send_header("ETag", etag)
                self.send_header("Vary", "Accept-Encoding")
                self.end_headers()
                return None
            if self._unchanged(st):  # a copy asked by its date alone (If-Modified-Since)
                return None
            body = self._compressed(path, st)
        except OSError:
            return super().send_head()
        self.send_response(HTTPStatus.OK)
        self.send_header("Content-Type", ctype)
        self.send_header("Content-Encoding", "gzip")
        self.send_header("Content-Length", str(len(body)))
        self.send_header("Vary", "Accept-Encoding")
        self.send_header("Last-Modified", self.date_time_string(int(st.st_mtime)))
        self.send_header("ETag", etag)
        self.end_headers()
        return io.BytesIO(body)

    def _unchanged(self, st) -> bool:
        """Answer 304 Not Modified (and True) when the browser's copy is current (``If-Modified-Since`` no
        older than the file), as a static host does for every file; the base class does so for the files
        it sends uncompressed."""
        since = self.headers.get("If-Modified-Since")
        if not since or self.headers.get("If-None-Match"):
            return False
        try:
            when = email.utils.parsedate_to_datetime(since)
        except (TypeError, ValueError, IndexError, OverflowError):
            return False
        if when.tzinfo is None or int(st.st_mtime) > when.timestamp():
            return False
        self.send_response(HTTPStatus.NOT_MODIFIED)
        self.send_header("Vary", "Accept-Encoding")
        self.end_headers()
        return True

    def _compressed(self, path: str, st) -> bytes:
        key = (path, st.st_mtime_ns, st.st_size)
        with self._lock:
            body = self._cache.get(key)
        if body is None:
            with open(path, "rb") as fh:
                body = gzip.compress(fh.read(), compresslevel=6, mtime=0)
            with self._lock:
                if len(self._cache) > 512:
                    self._cache.clear()
                self._cache[key] = body
        return body


class _Quiet(_Handler):
    def log_message(self, format, *args):  # noqa: A002 - signature of the base class
        pass


def make_server(folder: Path | str, port: int = 8000, quiet: bool = True) -> ThreadingHTTPServer:
    """An HTTP server for ``folder`` bound to 127.0.0.1:``port`` (0 picks a free port).

    HTML, CSS, scripts, JSON and SVG go out gzip-compressed to a browser that accepts it, like on a
    static host, so a preview shows what a visitor downloads. Raises :class:`SiteError` when the folder
    holds no built site, the port is not 0 to 65535 or it is taken.
    """
    if not 0 <= port <= 65535:
        raise SiteError(
            N_("--port {port} is not a port number; use 1 to 65535 (0 picks a free one)"), port=port
        )
    folder = Path(folder)
    if not (folder / "index.html").is_file():
        raise SiteError(
            N_("no built site here (run: smashup site build --out {folder})"),
            prefix=folder,
            folder=folder,
        )
    handler = functools.partial(_Quiet if quiet else _Handler, directory=str(folder))
    try:
        return ThreadingHTTPServer(("127.0.0.1", port), handler)
    except (OSError, OverflowError) as exc:
        raise SiteError(
            N_("cannot listen on 127.0.0.1:{port}: {value}"),
            port=port,
            value=getattr(exc, "strerror", None) or exc,
        ) from None
