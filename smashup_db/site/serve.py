"""Preview a built site with the standard library's HTTP server on 127.0.0.1."""

from __future__ import annotations

import functools
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

from .paths import SiteError


class _Quiet(SimpleHTTPRequestHandler):
    def log_message(self, format, *args):  # noqa: A002 - signature of the base class
        pass


def make_server(folder: Path | str, port: int = 8000, quiet: bool = True) -> ThreadingHTTPServer:
    """An HTTP server for ``folder`` bound to 127.0.0.1:``port`` (0 picks a free port).

    Raises :class:`SiteError` when the folder holds no built site or the port is taken.
    """
    folder = Path(folder)
    if not (folder / "index.html").is_file():
        raise SiteError(f"{folder}: no built site here (run: smashup site build --out {folder})")
    handler = functools.partial(_Quiet if quiet else SimpleHTTPRequestHandler, directory=str(folder))
    try:
        return ThreadingHTTPServer(("127.0.0.1", port), handler)
    except OSError as exc:
        raise SiteError(f"cannot listen on 127.0.0.1:{port}: {exc.strerror or exc}") from None
