"""One check and one join for the addresses the program writes: the site's base URL and the share link.

:func:`check_base` accepts a site address (``https://example.org/smashup``) or, where a
path will do, a path (``/smashup/``), and gives it back ending in ``/``; :func:`join`
puts a relative path and a query under it with :func:`urllib.parse.urljoin` and
:func:`urllib.parse.urlencode`. A base with a query or a fragment is refused: every
page and link is joined *under* the base, and ``https://example.org/?x=1`` has no
place for a path after its query.
"""

from __future__ import annotations

from urllib.parse import unquote, urlencode, urljoin, urlsplit

from smashup_db.common.sanitize import has_controls

__all__ = ["check_base", "join"]

#: Characters never allowed in a base address (quotes and markup: it is written into HTML and shell lines).
_REFUSED = "\"'<>`\\"


def _plain(parts) -> bool:
    """False for a path that climbs (``/../``, also as ``%2e%2e``), names ``.`` or holds an empty folder
    (``//``): no folder of a site; and for a percent-encoded host (``https://a%20b/``)."""
    path = parts.path
    if "//" in path or "%" in parts.netloc:
        return False
    return not any(unquote(seg) in (".", "..") for seg in path.split("/"))


def check_base(value: str, *, path_ok: bool = True) -> str | None:
    """``value`` (spaces around it dropped) ending in ``/``, or None when it is not a base address.

    A base is an ``http://`` or ``https://`` address with a host, or (when ``path_ok``) a
    path starting with one ``/``; it holds no query (``?``), fragment (``#``), white space,
    control character, quote, ``<``, ``>``, backtick or backslash, no ``.`` or ``..`` folder
    and no empty folder (``//``) in its path, no ``%`` in its host. The caller words the
    refusal (it knows the option the value came from).
    """
    value = (value or "").strip()
    if not value or has_controls(value) or any(ch.isspace() or ch in _REFUSED for ch in value):
        return None
    try:
        parts = urlsplit(value)
        host = parts.hostname
    except ValueError:  # e.g. an unclosed "[" of an IPv6 host
        return None
    if parts.query or parts.fragment or "?" in value or "#" in value or not _plain(parts):
        return None
    if parts.scheme in ("http", "https"):
        if not host:
            return None
    elif not (
        path_ok and not parts.scheme and value.startswith("/") and not value.startswith("//")
    ):
        return None
    return value if value.endswith("/") else value + "/"


def join(
    base: str, path: str = "", query: list[tuple[str, str]] | None = None, safe: str = ""
) -> str:
    """``path`` (relative, e.g. ``en/play/``) under ``base`` (from :func:`check_base`), then ``?query``.

    ``query`` is a list of ``(name, value)`` pairs, encoded by :func:`urllib.parse.urlencode`
    (characters in ``safe`` are left as they are). Raises ``ValueError`` when ``path`` would
    leave the base (an absolute path or address, or ``..``).
    """
    if urlsplit(path).scheme or path.startswith("/") or ".." in path.split("/"):
        raise ValueError(f"{path!r} is not a path under the base")
    url = urljoin(base, path)
    return f"{url}?{urlencode(query, safe=safe)}" if query else url
