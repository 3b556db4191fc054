"""Preview a built site with the standard library's HTTP server on 127.0.0.1."""

from __future__ import annotations

import functools
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

from smashup_db.site.paths import SiteError
from smashup_db.i18n import N_


class _Quiet(SimpleHTTPRequestHandler):
    def log_message(self, format, *args):  # noqa: A002 - signature of the base class
        pass


def make_server(folder: Path | str, port: int = 8000, quiet: bool = True) -> ThreadingHTTPServer:
    """An HTTP server for ``folder`` bound to 127.0.0.1:``port`` (0 picks a free port).

    Raises :class:`SiteError` when the folder holds no built site, the port is
    not 0 to 65535 or it is taken.
    """
    if not 0 <= port <= 65535:
        raise SiteError(N_("--port {port} is not a port number; use 1 to 65535 (0 picks a free one)"), port=port)
    folder = Path(folder)
    if not (folder / "index.html").is_file():
        raise SiteError(N_("no built site here (run: smashup site build --out {folder})"), prefix=folder, folder=folder)
    handler = functools.partial(_Quiet if quiet else SimpleHTTPRequestHandler, directory=str(folder))
    try:
        return ThreadingHTTPServer(("127.0.0.1", port), handler)
    except (OSError, OverflowError) as exc:
        raise SiteError(N_("cannot listen on 127.0.0.1:{port}: {value}"), port=port, value=getattr(exc, 'strerror', None) or exc) from None
