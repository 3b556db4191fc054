"""Printing for every command, without Typer: errors, JSON, lines and tables.

Start-up matters for look-ups, so this module imports nothing heavy:

* JSON goes through the standard library.
* A *line* is a list of spans (plain strings, or ``(text, style)`` pairs).
  Data never passes through Rich markup, so a name like ``[/]`` prints as it
  is. On a terminal lines are printed by Rich (with their styles); otherwise
  they are written as plain text, wrapped exactly as Rich would wrap them
  (:func:`wrap`; Rich itself is imported only for characters it measures
  differently), so piped output is the same either way and costs no Rich import.
* Tables are Rich tables; their cells are :class:`rich.text.Text`, never markup.
"""

from __future__ import annotations

import json
import os
import re
import sys
from contextlib import contextmanager
TYPE_CHECKING = False  # typing is not imported at run time (start-up; annotations are strings)
if TYPE_CHECKING:
    from typing import Iterator, Sequence

from smashup_db.common.sanitize import printable

Span = "str | tuple"  # a plain string, or (text, Rich style)

_WORD = re.compile(r"\s*\S+\s*")
#: Characters Rich measures as one cell each (printable Latin); anything else goes through Rich.
_NARROW = re.compile(r"[\x20-\x7e\xa0-\u02ff]*\Z")
_TRAILING_SPACE = re.compile(r"\s+$")


# ---------------------------------------------------------------------- errors and JSON

def fail(message: str, code: int = 1) -> None:
    """Print ``error: message`` on stderr and exit with ``code`` (no traceback).

    Control characters in the message (it may quote input, e.g. a file name with a newline) are
    shown as escapes, line breaks and tabs included, so the error is always one line.
    """
    from smashup_db.i18n.terms import active_lang, msg, translate

    lang = active_lang()
    sys.stdout.flush()
    sys.stderr.write(f"{msg('error_prefix', lang)} {printable(translate(message, lang), one_line=True)}\n")
    sys.stderr.flush()
    raise SystemExit(code)


@contextmanager
def user_errors() -> Iterator[None]:
    """Turn the errors a person can cause into one clear line and exit code 1."""
    from smashup_db.errors import UserError

    try:
        yield
    except UserError as exc:
        from smashup_db.i18n import render

        fail(render(exc))
    except KeyboardInterrupt:
        fail("interrupted", 130)  # translated by fail() (e.* entries, else the message key below)


def emit_json(obj) -> None:
    """Print ``obj`` as indented UTF-8 JSON."""
    sys.stdout.write(json.dumps(obj, ensure_ascii=False, indent=2) + "\n")


# ---------------------------------------------------------------------- lines

def terminal_width() -> int:
    """The width Rich uses when output is not a terminal: $COLUMNS, else a terminal on stdin/stderr, else 80."""
    columns = os.environ.get("COLUMNS", "")
    if columns.isdigit() and int(columns):
        return int(columns)
    for fd in (0, 1, 2):
        try:
            width = os.get_terminal_size(fd).columns
        except (OSError, ValueError):
            continue
        return width or 80
    return 80


def wrap(text: str, width: int) -> list[str] | None:
    """``text`` (one line, printable Latin only) cut into lines as Rich wraps it; None for other text.

    Mirrors Rich's word wrap: words are runs of non-space with the space
    around them; a word that does not fit starts a new line; a word longer
    than the width is folded; trailing space beyond the width is dropped.
    """
    if not _NARROW.match(text):
        return None
    if len(text) <= width:
        return [text]
    breaks: list[int] = []
    offset = 0
    for m in _WORD.finditer(text):
        start, word = m.start(), m.group(0)
        length = len(word.rstrip())
        if width - offset >= length:
            offset += len(word)
        elif length > width:
            chunks = [word[i:i + width] for i in range(0, len(word), width)]
            for k, chunk in enumerate(chunks):
                if start:
                    breaks.append(start)
                if k == len(chunks) - 1:
                    offset = len(chunk)
                else:
                    start += len(chunk)
        elif offset and start:
            breaks.append(start)
            offset = len(word)
    lines = [text[a:b] for a, b in zip([0, *breaks], [*breaks, len(text)])]
    out = []
    for line in lines:
        if len(line) > width:
            space = _TRAILING_SPACE.search(line)
            if space:
                line = line[:len(line) - min(len(space.group(0)), len(line) - width)]
        out.append(line[:width])
    return out


def _spans(spans: Sequence[Span]) -> list[tuple[str, str]]:
    """``(text, style)`` pairs with control characters shown as escapes (data never moves the cursor)."""
    return [(printable(s), "") if isinstance(s, str) else (printable(s[0]), s[1]) for s in spans]


def line(*spans: Span) -> None:
    """Print one line made of spans: ``"text"`` or ``("text", "bold")``."""
    parts = _spans(spans)
    if not sys.stdout.isatty():
        lines = wrap("".join(t for t, _ in parts), terminal_width())
        if lines is not None:
            sys.stdout.write("".join(s + "\n" for s in lines))
            return
    from rich.text import Text

    console().print(Text.assemble(*parts))


def say(message: str, err: bool = False) -> None:
    """Print a plain message line on stdout (or stderr), control characters escaped, never wrapped."""
    (sys.stderr if err else sys.stdout).write(printable(message) + "\n")


def console():
    """A Rich console (imported lazily to keep start-up short)."""
    from rich.console import Console

    sys.stdout.flush()
    return Console()


def text(value, style: str | None = None):
    """A Rich ``Text`` for a table cell: data as it is, never read as markup."""
    from rich.text import Text

    return Text(printable(value), style=style or "")


def table(title: str | None, headers: Sequence[str], rows: Sequence[Sequence], right: Sequence[int] = ()) -> None:
    """Print a Rich table; every cell is plain text (``str``) or an already built ``Text``."""
    from rich.table import Table

    t = Table(title=text(title) if title is not None else None)
    for i, h in enumerate(headers):
        t.add_column(text(h), justify="right" if i in right else "left")
    for row in rows:
        t.add_row(*(c if not isinstance(c, str) else text(c) for c in row))
    console().print(t)


# ---------------------------------------------------------------------- shared formats

def label(item: dict | None, lang: str) -> str:
    """A name for display; names shown in English in place of the chosen language get a '*'."""
    if not item:
        return "-"
    mark = "*" if item.get("name_lang") not in (lang, None) else ""
    return f"{item['name']}{mark}"


def footnote(lang: str, items: Sequence[dict | None]) -> None:
    """Explain the '*' mark when any item fell back to English."""
    from smashup_db.i18n.terms import term

    if lang != "en" and any(i and i.get("name_lang") not in (lang, None) for i in items):
        line((f"* {term('english_shown', lang)}", "dim"))


def fmt_vp(vp: Sequence) -> str:
    """VP for 1st/2nd/3rd as ``4/2/1`` (``?`` where unknown)."""
    return "/".join("?" if v is None else str(v) for v in vp)


def fmt_number(value) -> str:
    """A number, or ``?`` when unknown."""
    return "?" if value is None else str(value)
