"""Read an import source: a local file or an http(s) URL.

``read_source(source)`` returns ``(label, data)`` where ``label`` is the file
name (or the URL) used to name the source in the database and in messages.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from . import ImportFileError

#: Seconds to wait for a server before giving up.
URL_TIMEOUT = 30
#: Refuse downloads larger than this (the card catalogue is about 3 MB).
MAX_BYTES = 64 * 1024 * 1024


def is_url(source: str) -> bool:
    """True when ``source`` is an http(s) URL (anything else is a file path)."""
    return source.lower().startswith(("http://", "https://"))


def label_of(source: str) -> str:
    """The name a source is recorded under: the URL as given, or the file's name."""
    return source if is_url(source) else Path(source).name


def read_bytes(source: str, timeout: float = URL_TIMEOUT) -> bytes:
    """The raw content of a file path or an http(s) URL.

    Raises :class:`ImportFileError` (one line) when the file is missing or
    unreadable, or when the URL cannot be fetched (network error, HTTP error,
    timeout, too large).
    """
    if is_url(source):
        import socket
        import urllib.error
        import urllib.request

        request = urllib.request.Request(source, headers={"User-Agent": "smashup-db importer"})
        try:
            with urllib.request.urlopen(request, timeout=timeout) as resp:
                data = resp.read(MAX_BYTES + 1)
        except urllib.error.HTTPError as exc:
            raise ImportFileError(f"{source}: the server answered HTTP {exc.code} {exc.reason}") from None
        except urllib.error.URLError as exc:
            raise ImportFileError(f"{source}: cannot fetch: {exc.reason}") from None
        except (socket.timeout, TimeoutError):
            raise ImportFileError(f"{source}: no answer within {timeout:g} s") from None
        except (OSError, ValueError) as exc:
            raise ImportFileError(f"{source}: cannot fetch: {exc}") from None
        if len(data) > MAX_BYTES:
            raise ImportFileError(f"{source}: larger than {MAX_BYTES // (1024 * 1024)} MB; not imported")
        return data
    path = Path(source).expanduser()
    try:
        return path.read_bytes()
    except FileNotFoundError:
        raise ImportFileError(f"{source}: file not found") from None
    except IsADirectoryError:
        raise ImportFileError(f"{source}: is a folder, not a file") from None
    except OSError as exc:
        raise ImportFileError(f"{source}: cannot read: {exc.strerror or exc}") from None


def decode(source: str, data: bytes) -> str:
    """``data`` as UTF-8 text (a byte-order mark is allowed). Raises :class:`ImportFileError`."""
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        if exc.reason == "unexpected end of data":  # cut in the middle of a character: a truncated file
            raise ImportFileError(f"{source}: not valid JSON (it ends in the middle of a character); "
                                  "is the file complete?") from None
        raise ImportFileError(f"{source}: not UTF-8 text (byte {exc.start})") from None


def read_json(source: str) -> Any:
    """Parse the JSON document at ``source`` (file or URL).

    Raises :class:`ImportFileError` naming the source and, for broken JSON
    (e.g. a truncated download), the line and column.
    """
    text = decode(source, read_bytes(source))
    try:
        return json.loads(text)
    except json.JSONDecodeError as exc:
        raise ImportFileError(f"{source}: not valid JSON ({exc.msg} at line {exc.lineno}, column {exc.colno}); "
                              "is the file complete?") from None
