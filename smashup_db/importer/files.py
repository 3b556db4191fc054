"""Read an import source: a local file or an http(s) URL.

``read_source(source)`` returns ``(label, data)`` where ``label`` is the file
name (or the URL) used to name the source in the database and in messages.
"""

from __future__ import annotations

import json
import os
import stat
import time

from smashup_db.i18n import N_
from smashup_db.importer import ImportFileError

#: Seconds to wait for a server before giving up.
URL_TIMEOUT = 30
#: Refuse downloads and files larger than this (the card catalogue is about 3 MB).
MAX_BYTES = 64 * 1024 * 1024
#: Seconds a whole download may take, however slowly the server sends (the catalogue needs ~1 s).
URL_DEADLINE = 120
#: Bytes asked for per read of a download.
_CHUNK = 64 * 1024
#: Seconds a local read may take: a FIFO whose writer sends nothing, or a kernel file that never
#: ends, cannot keep an import waiting for ever.
READ_DEADLINE = 60
#: Setting: seconds to allow instead of :data:`READ_DEADLINE` (a slow mirror; docs/data.md, "Settings").
READ_DEADLINE_VAR = "SMASHUP_READ_DEADLINE"
#: Seconds a whole import from URLs may take, every file and picture of the run together (the
#: archive's two JSON files need seconds, its 1,608 pictures a few minutes).
IMPORT_DEADLINE = 30 * 60
#: Setting: seconds to allow instead of :data:`IMPORT_DEADLINE` (docs/data.md, "Settings").
IMPORT_DEADLINE_VAR = "SMASHUP_IMPORT_DEADLINE"


def _setting(var: str, default: float) -> float:
    try:
        return float(os.environ.get(var) or default)
    except ValueError:
        return float(default)


def _read_deadline() -> float:
    return _setting(READ_DEADLINE_VAR, READ_DEADLINE)


class RunClock:
    """One deadline for a whole import run from URLs (``import text URL URL ...``, ``import images URL``).

    Started when made; :data:`IMPORT_DEADLINE` seconds (the setting :data:`IMPORT_DEADLINE_VAR`) for
    every URL read through :meth:`read`, however many there are, so a server answering each file just
    within its own deadline cannot keep a run going for hours. ``given``: the source the run was asked
    for (named in :meth:`out_of_time`'s line).
    """

    def __init__(self, given: str):
        self.given = given
        self.deadline = _setting(IMPORT_DEADLINE_VAR, IMPORT_DEADLINE)
        self.end = time.monotonic() + self.deadline

    def read(self, url: str, max_bytes: int = MAX_BYTES, progress=None) -> bytes:
        """:func:`read_bytes` of ``url`` within the time left of the run (at most :data:`URL_DEADLINE` s).

        Raises :meth:`out_of_time`'s error when the run's time is up, before or during the read;
        the read's own errors otherwise (:class:`FetchError`, an HTTP status, too large ...).
        """
        left = self.end - time.monotonic()
        if left <= 0:
            raise self.out_of_time()
        try:
            return read_bytes(
                url, deadline=min(URL_DEADLINE, left), max_bytes=max_bytes, progress=progress
            )
        except ImportFileError as exc:
            if time.monotonic() >= self.end and "code" not in exc.values:  # not an HTTP status
                raise self.out_of_time() from None
            raise

    def out_of_time(self) -> ImportFileError:
        """The one line for a run from URLs that went past its deadline (nothing is imported)."""
        return ImportFileError(
            N_(
                "the import did not finish within {minutes:g} min (the server is too slow); nothing imported"
            ),
            prefix=self.given,
            minutes=round(self.deadline / 60, 2),
        )


def is_url(source: str) -> bool:
    """True when ``source`` is an http(s) URL (anything else is a file path)."""
    return source.lower().startswith(("http://", "https://"))


def label_of(source: str) -> str:
    """The name a source is recorded under: the URL as given, or the file's name."""
    return source if is_url(source) else os.path.basename(source.rstrip("/" + os.sep))


class FetchError(ImportFileError):
    """A URL could not be reached at all (no network, no such host, refused, no answer): the
    cases where a person offline should be told how to import a local copy instead."""


def read_bytes(
    source: str,
    timeout: float = URL_TIMEOUT,
    deadline: float | None = None,
    max_bytes: int = MAX_BYTES,
    progress=None,
) -> bytes:
    """The raw content of a file path or an http(s) URL, at most ``max_bytes`` bytes (default :data:`MAX_BYTES`).

    ``timeout``: seconds to wait for the server at any one moment;
    ``deadline``: seconds the whole download may take (default
    :data:`URL_DEADLINE`), so a server trickling bytes cannot keep an import
    running. A local source must be a regular file or a FIFO (``<(curl ...)``),
    read within :data:`READ_DEADLINE` seconds; folders, devices such as
    ``/dev/zero``, sockets and the kernel's files (``/proc``, ``/sys``) are
    refused. A download stops reading once it has more than ``max_bytes``
    bytes. ``progress(done, total)`` (bytes; ``total`` None when the server
    does not say) is called as a download goes on. Raises :class:`ImportFileError` (one
    line) when the file is missing, unreadable, not a regular file or too
    large, or when the URL cannot be fetched (HTTP error, an answer that is not
    valid HTTP, deadline, too large); :class:`FetchError` when the server cannot
    be reached at all.
    """
    if is_url(source):
        return _download(source, timeout, deadline, max_bytes, progress)
    return _read_file(source)


class TooLargeError(ImportFileError):
    """A file or download larger than the limit it was read under."""


def _too_large(source: str, max_bytes: int = MAX_BYTES) -> ImportFileError:
    return TooLargeError(
        N_("larger than {n} MB; not imported"), prefix=source, n=max_bytes // (1024 * 1024)
    )


def _download(source: str, timeout: float, deadline: float | None, max_bytes, progress) -> bytes:
    """The body of the http(s) URL ``source`` (see :func:`read_bytes`)."""
    import http.client
    import socket
    import urllib.error
    import urllib.request

    request = urllib.request.Request(source, headers={"User-Agent": "smashup-db importer"})
    deadline = URL_DEADLINE if deadline is None else deadline
    started = time.monotonic()
    too_slow = ImportFileError(
        N_(
            "the download did not finish within {deadline:g} s (the server is too slow); not imported"
        ),
        prefix=source,
        deadline=deadline,
    )
    try:
        with urllib.request.urlopen(request, timeout=max(min(timeout, deadline), 0.01)) as resp:
            data = _read_until(resp, started + deadline, max_bytes, progress)
        if data is None:
            raise too_slow
    except ImportFileError:
        raise
    except http.client.HTTPException as exc:  # a malformed answer; its text may hold the body
        raise ImportFileError(
            N_("the server's answer is not valid HTTP ({kind}); not imported"),
            prefix=source,
            kind=type(exc).__name__,
        ) from None
    except urllib.error.HTTPError as exc:
        raise ImportFileError(
            N_("the server answered HTTP {code} {reason}"),
            prefix=source,
            code=exc.code,
            reason=exc.reason,
        ) from None
    except urllib.error.URLError as exc:
        reason = exc.reason
        if isinstance(reason, http.client.HTTPException):
            reason = type(reason).__name__
        raise FetchError(N_("cannot fetch: {reason}"), prefix=source, reason=reason) from None
    except (socket.timeout, TimeoutError):
        if time.monotonic() - started >= deadline:
            raise too_slow from None
        raise FetchError(
            N_("no answer within {timeout:g} s"), prefix=source, timeout=timeout
        ) from None
    except (OSError, ValueError) as exc:
        raise ImportFileError(N_("cannot fetch: {exc}"), prefix=source, exc=exc) from None
    if len(data) > max_bytes:
        raise _too_large(source, max_bytes)
    return data


def _read_file(source: str) -> bytes:
    """The content of the regular file or FIFO ``source`` (see :func:`read_bytes`)."""
    path = os.path.expanduser(source)
    if "\0" in path:  # no file has a NUL in its name (os.stat would raise ValueError)
        raise ImportFileError(N_("file not found"), prefix=source)
    try:
        info = os.stat(path)
        if stat.S_ISDIR(info.st_mode):
            raise IsADirectoryError
        fifo = stat.S_ISFIFO(info.st_mode)
        if not (fifo or stat.S_ISREG(info.st_mode)):
            raise ImportFileError(
                N_(
                    "not a regular file or a FIFO (a device or socket); "
                    "give the path of a saved file"
                ),
                prefix=source,
            )
        if not fifo and os.path.realpath(path).startswith(("/proc/", "/sys/")):
            raise ImportFileError(
                N_("a file of the kernel, not a saved file; not imported"), prefix=source
            )
        if info.st_size > MAX_BYTES:
            raise _too_large(source)
        data = _read_local(path, source)
        if len(data) > MAX_BYTES:  # grew while being read
            raise _too_large(source)
        return data
    except FileNotFoundError:
        raise ImportFileError(N_("file not found"), prefix=source) from None
    except IsADirectoryError:
        raise ImportFileError(N_("is a folder, not a file"), prefix=source) from None
    except OSError as exc:
        raise ImportFileError(
            N_("cannot read: {value}"), prefix=source, value=exc.strerror or exc
        ) from None


def _read_local(path: str, source: str) -> bytes:
    """At most :data:`MAX_BYTES` + 1 bytes of the file or FIFO ``path``, within :data:`READ_DEADLINE` seconds.

    Opened without blocking (a FIFO with no writer yet does not hang the
    open); each read waits with ``select`` for the time left. Raises
    :class:`ImportFileError` when the time runs out, ``OSError`` otherwise.
    """
    import select

    fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_CLOEXEC", 0))
    limit = _read_deadline()
    end = time.monotonic() + limit
    parts, size = [], 0
    try:
        while size <= MAX_BYTES:
            left = end - time.monotonic()
            if left <= 0:
                raise ImportFileError(
                    N_(
                        "nothing more arrived within {seconds} s (a FIFO without "
                        "a writer, or a file that never ends); not imported"
                    ),
                    prefix=source,
                    seconds=f"{limit:g}",
                )
            ready, _, _ = select.select([fd], [], [], left)
            if not ready:
                continue
            try:
                chunk = os.read(fd, _CHUNK * 16)
            except BlockingIOError:
                time.sleep(min(0.01, max(left, 0)))
                continue
            if not chunk:
                break
            parts.append(chunk)
            size += len(chunk)
    finally:
        os.close(fd)
    return b"".join(parts)


def _read_until(resp, end: float, max_bytes: int = MAX_BYTES, progress=None) -> bytes | None:
    """Read ``resp`` in chunks until EOF, ``max_bytes`` + 1 bytes or the monotonic time ``end``.

    Returns None when the time ran out first. Each read waits at most for the
    socket's timeout (lowered to the time left where the socket allows it).
    ``progress(done, total)`` is called after each chunk (``total`` from
    Content-Length, else None).
    """
    sock = getattr(getattr(getattr(resp, "fp", None), "raw", None), "_sock", None)
    length = resp.headers.get("Content-Length") if hasattr(resp, "headers") else None
    total = int(length) if length and length.isdigit() and len(length) < 19 else None
    parts, size = [], 0
    while size <= max_bytes:
        left = end - time.monotonic()
        if left <= 0:
            return None
        if sock is not None and (sock.gettimeout() or left) > left:
            sock.settimeout(max(left, 0.01))
        want = min(_CHUNK, max_bytes + 1 - size)
        chunk = resp.read1(want) if hasattr(resp, "read1") else resp.read(want)
        if not chunk:
            break
        parts.append(chunk)
        size += len(chunk)
        if progress:
            progress(size, total)
    if time.monotonic() > end:
        return None
    return b"".join(parts)


def decode(source: str, data: bytes) -> str:
    """``data`` as UTF-8 text (a byte-order mark is allowed). Raises :class:`ImportFileError`."""
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        if (
            exc.reason == "unexpected end of data"
        ):  # cut in the middle of a character: a truncated file
            raise ImportFileError(
                N_("not valid JSON (it ends in the middle of a character); is the file complete?"),
                prefix=source,
            ) from None
        raise ImportFileError(
            N_("not UTF-8 text (byte {start})"), prefix=source, start=exc.start
        ) from None


def read_json(source: str):
    """Parse the JSON document at ``source`` (file or URL).

    Raises :class:`ImportFileError` naming the source and, for broken JSON
    (e.g. a truncated download), the line and column.
    """
    return parse_json(source, read_text(source))


def read_text(source: str) -> str:
    """The UTF-8 text of a file path or URL (see :func:`read_bytes` for the checks and limits)."""
    return decode(source, read_bytes(source))


def parse_json(source: str, text: str):
    """``text`` parsed as JSON; :class:`ImportFileError` naming ``source`` (and line, column) when it is not."""
    try:
        return json.loads(text)
    except RecursionError:
        raise ImportFileError(
            N_("not a file of ours: its JSON is nested too deeply"), prefix=source
        ) from None
    except json.JSONDecodeError as exc:
        raise ImportFileError(
            N_("not valid JSON ({msg} at line {lineno}, column {colno}); is the file complete?"),
            prefix=source,
            msg=exc.msg,
            lineno=exc.lineno,
            colno=exc.colno,
        ) from None
