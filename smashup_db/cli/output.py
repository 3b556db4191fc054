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

import os
import re
import sys
from contextlib import contextmanager

from smashup_db.common.sanitize import printable
from smashup_db.i18n import N_

TYPE_CHECKING = False  # typing is not imported at run time (start-up; annotations are strings)
if TYPE_CHECKING:
    from typing import Iterator, Sequence

Span = "str | tuple"  # a plain string, or (text, Rich style)

#: A word with its blanks: leading blanks only at the start of the text (so blanks are never tried twice:
#: linear time even on a line of 10,000 blanks).
_WORD = re.compile(r"\A\s*\S+\s*|\S+\s*")
#: Characters Rich measures as one cell each, none of them joining or combining: printable Latin
#: (with Latin Extended Additional), the general punctuation of card text (’ “ ” • … – —, not the
#: zero-width, line-separating and direction marks), currency signs and letterlike symbols (™).
#: Text of these alone is wrapped here; anything else goes through Rich (test_startup.py compares).
#: A set of characters, not a regular expression: a class reaching beyond Latin-1 costs more to
#: compile than a look-up takes to print.
_NARROW = frozenset(
    chr(code)
    for first, last in (
        (0x20, 0x7E),
        (0xA0, 0x2FF),
        (0x1E00, 0x1EFF),
        (0x2010, 0x2027),
        (0x2030, 0x205E),
        (0x20A0, 0x20C0),
        (0x2100, 0x214F),
    )
    for code in range(first, last + 1)
)


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
    # an error listing several problems (bad rows of an import) gives its lines: each is escaped alone
    parts = message.lines() if hasattr(message, "lines") else [message]
    from smashup_db.i18n.option_names import (
        cli_worded,
    )  # the rules' inputs named as the CLI's options

    head, *more = [cli_worded(m) for m in parts]
    sys.stdout.flush()
    sys.stderr.write(
        f"{msg('error_prefix', lang)} {printable(render(head, lang), one_line=True)}\n"
        + "".join(f"{printable(render(m, lang), one_line=True)}\n" for m in more)
    )
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


@contextmanager
def stage_progress(labels: dict[str, str] | None = None) -> Iterator:
    """A progress bar on stderr for long work reporting ``progress(stage, done, total)``; yields that function.

    One bar per stage, named by ``labels[stage]`` (else the stage itself); shown only in a terminal and
    removed when done, so logs get no stray line."""
    from rich.console import Console
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn

    err = Console(stderr=True)
    with Progress(
        TextColumn("{task.description}"),
        BarColumn(),
        MofNCompleteColumn(),
        TimeElapsedColumn(),
        console=err,
        transient=True,
        disable=not err.is_terminal,
    ) as bar:
        tasks: dict[str, int] = {}

        def progress(stage: str, done: int, total: int) -> None:
            if stage not in tasks:
                tasks[stage] = bar.add_task((labels or {}).get(stage, stage), total=total)
            bar.update(tasks[stage], completed=done, total=total)

        progress.live = bar  # type: ignore[attr-defined]  # lets a question stop the bar first
        yield progress


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
    import json  # only here: a look-up printed as text does without it (start-up)

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
    """``text`` (one line, one-cell characters only: :data:`_NARROW`) cut into lines as Rich wraps it;
    None for other text.

    Mirrors Rich's word wrap: words are runs of non-space with the space
    around them; a word that does not fit starts a new line; a word longer
    than the width is folded; trailing space beyond the width is dropped.
    """
    if not _NARROW.issuperset(text):
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
            chunks = [word[i : i + width] for i in range(0, len(word), width)]
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
    lines = [text[a:b] for a, b in zip([0, *breaks], [*breaks, len(text)], strict=True)]
    out = []
    for line in lines:
        if len(line) > width:
            space = len(line) - len(
                line.rstrip()
            )  # trailing blanks (str.rstrip: linear, unlike "\s+$")
            if space:
                line = line[: len(line) - min(space, len(line) - width)]
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


def tell(message: str) -> None:
    """Print a message line of prose on stdout: on a terminal wrapped between words (:func:`line`),
    piped one whole line (:func:`say`: a script or a log reads it whole)."""
    if sys.stdout.isatty():
        line(message)
    else:
        say(message)


def console():
    """A Rich console (imported lazily to keep start-up short)."""
    from rich.console import Console

    sys.stdout.flush()
    return Console()


def text(value, style: str | None = None):
    """A Rich ``Text`` for a table cell: data as it is, never read as markup."""
    from rich.text import Text

    return Text(printable(value), style=style or "")


def table(
    title: str | None,
    headers: Sequence[str],
    rows: Sequence[Sequence],
    right: Sequence[int] = (),
    drop_empty: bool = False,
    breakable: Sequence[int] = (),
    droppable: Sequence[int] = (),
) -> None:
    """Print a framed Rich table; every cell is plain text (``str``) or an already built ``Text``.

    No heading is broken inside a word and no name is cut: when the table is wider than the
    terminal, columns are narrowed (widest first) only down to their longest word, so cells wrap
    between words (:func:`fit_widths`); when that does not fit, the headings take their short forms
    (:data:`smashup_db.i18n.terms.SHORT_HEADINGS`: "ZW", "SP", "Kr./Akt."), then the ``breakable``
    columns (ids) and the ``droppable`` ones (details) are left out; only when even that does not fit is a long word of a cell folded
    onto the next line, never cut off with an ellipsis. The frame is always kept.
    ``drop_empty`` leaves out the columns whose cells are all empty.
    """
    from rich.table import Table

    cells = [[c if not isinstance(c, str) else text(c) for c in row] for row in rows]
    headers, right, breakable = list(headers), set(right), set(breakable)
    droppable = set(droppable)
    if drop_empty and cells:
        headers, cells, (right, breakable, droppable) = _without_empty(
            headers, cells, right, breakable, droppable
        )
    plain = [[str(c) for c in row] for row in cells]
    keep, headers, widths = layout(headers, plain, breakable, terminal_width(), droppable)
    cells = [[row[i] for i in keep] for row in cells]
    right = {n for n, i in enumerate(keep) if i in right}
    breakable = {n for n, i in enumerate(keep) if i in breakable}
    if widths:
        _wrap_ids(cells, widths, breakable)
    t = Table(title=text(title) if title is not None else None)
    for i, h in enumerate(headers):
        t.add_column(
            text(h),
            justify="right" if i in right else "left",
            overflow="fold",
            width=widths[i] if widths else None,
        )
    for row in cells:
        t.add_row(*row)
    console().print(t)


def layout(
    headers: list[str],
    plain: list[list[str]],
    breakable: set[int],
    width: int,
    droppable: set[int] = frozenset(),
) -> tuple[list[int], list[str], list[int] | None]:
    """``(columns kept, their headings, their widths)`` of a framed table of ``headers`` over the
    ``plain`` cell texts in ``width`` cells (widths None: it fits as it is).

    Tried in order, the first that fits with no word broken wins: every column as headed; then
    with short headings (:func:`smashup_db.i18n.terms.short_headings`), one more at a time, the
    heading with the longest word first; then the same without the ``breakable`` (id) and the
    ``droppable`` (detail) columns. When none does, the last (no ids, every short heading), with
    headings still whole and the longest cell words folded."""
    every = list(range(len(headers)))
    no_ids = [i for i in every if i not in breakable and i not in droppable] or every
    for keep in dict.fromkeys((tuple(every), tuple(no_ids))):
        for heads in _shortened(headers):
            rows = [[heads[i] for i in keep], *([row[i] for i in keep] for row in plain)]
            widths, whole = _fit(rows, width, {k for k, i in enumerate(keep) if i in breakable})
            if whole:
                return list(keep), [heads[i] for i in keep], widths
    return list(keep), [heads[i] for i in keep], widths


def _shortened(headers: list[str]) -> Iterator[list[str]]:
    """``headers``, then with one more short form each time (the heading whose longest word is
    longest first; a heading "A / B" shortens both parts), ending with every short form."""
    from smashup_db.i18n.terms import short_headings

    short = short_headings()
    heads = list(headers)
    yield list(heads)

    def brief(h: str) -> str:
        return " / ".join(short.get(p, p) for p in h.split(" / "))

    def longest(h: str) -> int:
        return max((len(w) for w in h.split()), default=0)

    for i in sorted(range(len(heads)), key=lambda i: -longest(heads[i])):
        if brief(heads[i]) != heads[i]:
            heads[i] = brief(heads[i])
            yield list(heads)


def _without_empty(
    headers: list, cells: list[list], *marked: set[int]
) -> tuple[list, list[list], list[set[int]]]:
    """``headers`` and ``cells`` without the columns whose cells are all blank, and each set of
    ``marked`` column numbers (right-aligned, breakable ...) counted among the columns kept."""
    keep = [i for i in range(len(headers)) if any(str(row[i]).strip() for row in cells)]
    return (
        [headers[i] for i in keep],
        [[row[i] for i in keep] for row in cells],
        [{n for n, i in enumerate(keep) if i in m} for m in marked],
    )


def _wrap_ids(cells: list[list], widths: list[int], breakable: set[int]) -> None:
    """Break the cells of the ``breakable`` columns wider than their width after hyphens (in place)."""
    for i in breakable:
        for row in cells:
            if len(str(row[i])) > widths[i]:
                row[i] = text(_hyphen_wrap(str(row[i]), widths[i]))


def _hyphen_wrap(value: str, width: int) -> str:
    """``value`` (an id) in lines of at most ``width`` cells, broken after hyphens."""
    lines: list[str] = []
    for piece in re.findall(r"[^-]*-|[^-]+", value):
        if lines and len(lines[-1]) + len(piece) <= width:
            lines[-1] += piece
        else:
            lines.append(piece)
    return "\n".join(lines)


def fit_widths(
    rows: Sequence[Sequence[str]], width: int, breakable=(), overhead: int | None = None
) -> list[int] | None:
    """Column widths (content, without padding) that fit a Rich table of ``rows`` (headings first)
    into ``width`` cells; None when the table fits as it is.

    The widest columns give way first, each down to its longest word at most (so a name wraps
    between words, never inside one; in a ``breakable`` column also after a hyphen). A heading's
    words are never broken: when the cells' words do not fit beside them, the cells' longest words
    are folded instead. ``overhead``: the cells of borders and padding (default: a framed Rich
    table, ``3 * columns + 1``).
    """
    return _fit(rows, width, breakable, overhead)[0]


def _fit(
    rows: Sequence[Sequence[str]], width: int, breakable=(), overhead: int | None = None
) -> tuple[list[int] | None, bool]:
    """``(widths, whole)``: :func:`fit_widths`'s widths and whether every word fits unbroken."""
    from rich.cells import cell_len

    if not rows or not rows[0]:
        return None, True
    n = len(rows[0])
    most = [0] * n
    # the longest word of each column: of its heading and cells, of its heading alone
    least = [[1] * n, [1] * n]
    for r, row in enumerate(rows):
        for i, cell in enumerate(row):
            for part in str(cell).split("\n"):
                most[i] = max(most[i], cell_len(part))
                words = re.findall(r"[^-\s]*-|[^-\s]+", part) if i in breakable else part.split()
                longest = max((cell_len(w) for w in words), default=1)
                least[0][i] = max(least[0][i], longest)
                if not r:
                    least[1][i] = max(least[1][i], longest)
    room = width - (
        3 * n + 1 if overhead is None else overhead
    )  # a blank either side of each cell, n + 1 borders
    if sum(most) <= room:
        return None, True
    whole = sum(least[0]) <= room
    floor = least[0] if whole else least[1]
    widths = list(most)
    excess = sum(widths) - room
    while excess > 0:
        slack = [i for i in range(n) if widths[i] > floor[i]]
        if not slack:
            break
        top = max(widths[i] for i in slack)
        for i in slack:
            if widths[i] == top and excess > 0:
                widths[i] -= 1
                excess -= 1
    return widths, whole


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


def fmt_date(iso: str, lang: str) -> str:
    """An ISO date (``2026-12-03``) as ``lang`` writes it: German ``03.12.2026``, else as it is."""
    if lang != "de" or len(iso or "") != 10:
        return iso
    year, month, day = iso.split("-")
    return f"{day}.{month}.{year}"


def names_and(names: Sequence[str], lang: str) -> str:
    """Names as a sentence lists them: "Anna", "Anna and Cleo", "Anna, Ben and Cleo" (German "und")."""
    from smashup_db.i18n import gettext

    if len(names) < 2:
        return "".join(names)
    return gettext(N_("{names} and {last}"), lang).format(
        names=", ".join(names[:-1]), last=names[-1]
    )


def printing_source(printing: str | None, facts_from: str | None, lang: str) -> str:
    """Which printing is shown, in words: "German edition", or "German edition: same facts as the
    original printing" when its facts come from another printing (never "german = original")."""
    from smashup_db.gamenight.setup_sheet import printing_name
    from smashup_db.i18n import gettext

    shown = printing_name(printing or "current", lang)
    if facts_from in (None, printing):
        return shown
    return gettext(N_("{printing}: same facts as the {other}"), lang).format(
        printing=shown, other=printing_name(facts_from, lang)
    )


def fmt_vp(vp: Sequence, scoring: str | None = None, lang: str = "en") -> str:
    """VP for 1st/2nd/3rd as ``4/2/1``, or "own rule": :func:`smashup_db.i18n.terms.vp_words`."""
    from smashup_db.i18n.terms import vp_words

    return vp_words(vp, scoring, lang)


def fmt_number(value) -> str:
    """A number, or ``?`` when unknown."""
    return "?" if value is None else str(value)
