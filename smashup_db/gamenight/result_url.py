"""The play page's game-log link, read back: ``smashup game record --from-url URL``.

The page (``assets/play-score.js``, ``recordUrl``) writes the end of a game into the query of the
play page's URL in the CLI's own syntax::

    .../play/?record=1&vp=Anna=16,Ben=12&madness=Anna=4&factions=Anna=aliens+ninjas,Ben=pirates+robots
             &bases=the-homeworld,tar-pits&date=2026-12-01

The URL comes from anywhere (a phone, a chat): it is untrusted input. :func:`parse_record_url`
checks its size, characters and shape and returns the pieces as the command-line arguments of
``game record`` (``NAME=VP ...``, ``--madness``, ``--factions``, ``--bases``, ``--date``), so they are
then checked exactly like typed ones (names, numbers, faction and base names). Other parameters
(the draft's share state: ``players``, ``seed``, ...) are ignored.
"""

from __future__ import annotations

import re
import unicodedata
from datetime import date
from urllib.parse import SplitResult, parse_qsl, urlsplit

from smashup_db.errors import N_, UserError

#: Longest URL accepted (characters); a 6-player game with long names and 10 bases stays far below it.
MAX_URL = 4000

#: The parameters read; every other one is ignored.
KEYS = ("record", "vp", "madness", "factions", "bases", "date")

_DATE = re.compile(r"\d{4}-\d{2}-\d{2}")


class ResultUrlError(UserError, ValueError):
    """A game-log link that cannot be read; one line."""


def parse_record_url(url: str) -> dict:
    """Read a game-log link of the play page.

    Returns ``{"scores": ["Anna=16,Ben=12"], "madness": [...] (may be empty), "factions": [...] or None,
    "bases": "id,id" or None, "date": "YYYY-MM-DD" or None}``. Raises :class:`ResultUrlError` for a
    URL longer than :data:`MAX_URL`, holding spaces or control characters, not http(s)/file, without
    ``record=1`` and ``vp``, with a parameter given twice, or a date that is not a real YYYY-MM-DD.
    Names and numbers are checked afterwards by the rules' parsers (:mod:`smashup_db.rules.endgame`).
    """
    found = _params(_split(url))
    if found.get("record") != "1" or not found.get("vp", "").strip():
        raise ResultUrlError(
            N_(
                "not a game-log link: it has no record=1 and vp=NAME=VP,... (use the link below the end of game)"
            )
        )
    played = _date(found.get("date") or None)
    return {
        "scores": [found["vp"]],
        "madness": [found["madness"]] if found.get("madness") else [],
        "factions": [found["factions"]] if found.get("factions") else None,
        "bases": found.get("bases") or None,
        "date": played,
    }


def _split(url) -> SplitResult:
    """The parts of a link that passes the size, character and scheme checks; :class:`ResultUrlError` else."""
    if not isinstance(url, str) or not url.strip():
        raise ResultUrlError(N_("--from-url needs the link from the play page's end of game"))
    url = url.strip()
    if len(url) > MAX_URL:
        raise ResultUrlError(
            N_("the link is {n} characters long; a game-log link has at most {max}"),
            n=len(url),
            max=MAX_URL,
        )
    if any(ch.isspace() or unicodedata.category(ch) in ("Cc", "Cf") for ch in url):
        raise ResultUrlError(
            N_("the link holds spaces or control characters; copy it again from the play page")
        )
    try:
        parts = urlsplit(url)
    except ValueError:
        raise ResultUrlError(N_("not a link: {url}"), url=url[:80]) from None
    if parts.scheme.lower() not in ("http", "https", "file"):
        raise ResultUrlError(
            N_("not a link of the play page (http, https or file): {url}"), url=url[:80]
        )
    return parts


def _params(parts: SplitResult) -> dict[str, str]:
    """The query's parameters of :data:`KEYS` (others ignored); :class:`ResultUrlError` for one given twice
    or a query that cannot be read."""
    try:
        pairs = parse_qsl(parts.query, keep_blank_values=True, max_num_fields=50, errors="strict")
    except (ValueError, UnicodeDecodeError):
        raise ResultUrlError(
            N_("the link's query cannot be read (too many parameters or bad encoding)")
        ) from None
    found: dict[str, str] = {}
    for key, value in pairs:
        if key not in KEYS:
            continue
        if key in found:
            raise ResultUrlError(N_("the link gives {key}= twice"), key=key)
        found[key] = value
    return found


def _date(played: str | None) -> str | None:
    """``played`` if it is a real ``YYYY-MM-DD`` date (or None); :class:`ResultUrlError` else."""
    if played is None:
        return None
    try:
        if not _DATE.fullmatch(played):
            raise ValueError(played)
        date.fromisoformat(played)
    except ValueError:
        raise ResultUrlError(
            N_("the link's date {value!r} is not a date like 2026-12-01"), value=played[:20]
        ) from None
    return played
