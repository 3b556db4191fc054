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
from smashup_db.i18n import N_, _

Span = "str | tuple"  # a plain string, or (text, Rich style)

#: A word with its blanks: leading blanks only at the start of the text (so blanks are never tried twice:
#: linear time even on a line of 10,000 blanks).
_WORD = re.compile(r"\A\s*\S+\s*|\S+\s*")
#: Characters Rich measures as one cell each (printable Latin); anything else goes through Rich.
_NARROW = re.compile(r"[\x20-\x7e\xa0-\u02ff]*\Z")


# ---------------------------------------------------------------------- errors and JSON

def fail(message, code: int = 1, **values) -> None:
    """Print ``error: message`` on stderr and exit with ``code`` (no traceback).

    ``message`` is a :class:`smashup_db.errors.Message` (an error) or an English template marked
    with ``N_`` and filled from ``values``; either is rendered in the display language with
    :func:`smashup_db.i18n.render`. Control characters in the message (it may quote input, e.g. a
    file name with a newline) are shown as escapes, line breaks and tabs included, so the error is
    always one line.
    """
    from smashup_db.errors import Message
    from smashup_db.i18n import render
    from smashup_db.i18n.terms import active_lang, msg

    lang = active_lang()
    if not isinstance(message, Message):
        message = Message(message, **values)
    sys.stdout.flush()
    sys.stderr.write(f"{msg('error_prefix', lang)} {printable(render(message, lang), one_line=True)}\n")
    sys.stderr.flush()
    raise SystemExit(code)


@contextmanager
def user_errors() -> Iterator[None]:
    """Turn the errors a person can cause into one clear line and exit code 1."""
    from smashup_db.errors import UserError

    try:
        yield
    except UserError as exc:
        fail(exc)
    except KeyboardInterrupt:
        fail(N_("interrupted"), 130)
    except BrokenPipeError:
        raise  # output piped into a program that stopped reading: handled by the entry point
    except Exception as exc:
        line_ = environment_error(exc)
        if line_ is None:
            raise
        fail(line_)


def environment_error(exc: BaseException):
    """The one-line :class:`~smashup_db.errors.UserError` for an error of the machine around a command, else None.

    * ``OSError`` (a file that cannot be read or written, a read-only file
      system, a name too long, a folder given for a file): the file and the
      system's reason, e.g. ``cannot use /x/y: Read-only file system``.
    * a database driver's error that escaped :func:`~smashup_db.db.engine.database_errors`
      (``sqlite3``, SQLAlchemy, psycopg, Alembic): its first line.

    Anything else is a bug and keeps its traceback. This is the one place
    where such errors become one line for every command.
    """
    from smashup_db.errors import UserError

    if isinstance(exc, OSError):
        name = exc.filename if exc.filename is not None else exc.filename2
        why = exc.strerror or str(exc) or type(exc).__name__
        if name is None:
            return UserError(N_("cannot read or write a file: {why}"), why=why)
        if len(str(name)) > 200:  # an over-long name (ENAMETOOLONG) is shown by its start
            name = f"{str(name)[:120]}... ({len(str(name))} characters)"
        return UserError(N_("cannot use {path}: {why}"), path=name, why=why)
    from smashup_db.db.engine import is_driver_error, short_reason

    if is_driver_error(exc):
        return UserError(N_("the database cannot be used: {why}"), why=short_reason(exc))
    return None


def emit_json(obj) -> None:
    """Print ``obj`` as indented UTF-8 JSON."""
    sys.stdout.write(json.dumps(obj, ensure_ascii=False, indent=2, default=_plain) + "\n")


def _plain(value):
    """JSON for a :class:`smashup_db.errors.Message` (a warning in a result): its English sentence."""
    from smashup_db.errors import Message

    if isinstance(value, Message):
        return str(value)
    raise TypeError(f"{type(value).__name__} is not JSON serializable")


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
            space = len(line) - len(line.rstrip())  # trailing blanks (str.rstrip: linear, unlike "\s+$")
            if space:
                line = line[:len(line) - min(space, len(line) - width)]
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


#: The printings as typed with --printing, shown in the display language.
#: The printings as typed with ``--printing``, for the short form shown beside a number.
PRINTING_WORDS = {"original": N_("original"), "current": N_("current"), "german": N_("german")}


def printing_word(printing: str | None, lang: str) -> str:
    """A printing's name as typed with ``--printing`` (``german``), in ``lang`` (``deutsch``)."""
    from smashup_db.i18n import gettext

    word = PRINTING_WORDS.get(printing)
    return gettext(word, lang) if word else str(printing)


def fmt_vp(vp: Sequence) -> str:
    """VP for 1st/2nd/3rd as ``4/2/1`` (``?`` where unknown)."""
    return "/".join("?" if v is None else str(v) for v in vp)


def fmt_number(value) -> str:
    """A number, or ``?`` when unknown."""
    return "?" if value is None else str(value)
