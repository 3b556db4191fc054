"""Make untrusted values harmless where they leave the program, and check them where they come in.

Every name and text that was imported (card archive, translations CSV) or typed
by a user (owners, player names) is untrusted. This module holds the few rules
for it, so that every importer and printer applies the same ones:

* on import: :func:`strip_controls` drops control characters (ESC, BEL, C1
  codes ...; newline and tab are kept in text), :func:`nul_position` finds NUL
  characters (refused with their position), :func:`name_problem` says why a
  value cannot be a name (markup characters, a spreadsheet formula, a line
  break), :data:`MAX_TEXT` / :data:`MAX_NAME` bound the size of one value;
* on output: :func:`printable` shows control characters as ``\\x1b``-style
  escapes for the terminal (the CLI never reads data as Rich markup, see
  :mod:`smashup_db.cli.output`), :func:`csv_cell` neutralises spreadsheet formulas in
  CSV cells (OWASP "CSV injection": a leading ``'``), :func:`pagefind_safe`
  makes a value inert where the Pagefind search UI inserts it as HTML.
"""

from __future__ import annotations

import re

from smashup_db.errors import N_, Message

#: Longest rules text, erratum or clarification accepted per record, in characters
#: (the longest card text of the card archive has about 900).
MAX_TEXT = 10_000
#: Longest name accepted, in characters (the longest catalogue name has about 60).
MAX_NAME = 200

#: Unicode bidirectional controls (embeddings, overrides such as U+202E, isolates, marks): they
#: reorder how a line is shown ("Trojan Source"), so names and text never carry them. (The
#: joiners U+200C and U+200D are no controls: emoji and several scripts need them.) The one set
#: of the program; :mod:`smashup_db.rules.players` repeats it (rules import nothing of ours).
BIDI_CONTROLS = "\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069"
#: The C0 controls, DEL, the C1 controls and the bidi controls: the one set, as the body of a
#: character class (characters and ``a-b`` ranges). Tab and newline are in it; :data:`_CONTROLS`
#: and :func:`printable` keep them where text keeps its lines.
CONTROL_CHARS = "\x00-\x1f\x7f-\x9f" + BIDI_CONTROLS
#: Regular expressions (compiled by ``re`` on first use and kept in its cache: a character class
#: reaching beyond Latin-1 costs more to compile than a whole look-up prints): every control
#: character (for one-line values such as names), and the same without tab and newline.
_ALL_CONTROLS = f"[{CONTROL_CHARS}]"
_CONTROLS = f"(?![\t\n]){_ALL_CONTROLS}"


def _code_points(chars: str) -> list[int]:
    """The code points of a character class body of characters and ``a-b`` ranges (:data:`CONTROL_CHARS`)."""
    out: list[int] = []
    i = 0
    while i < len(chars):
        if i + 2 < len(chars) and chars[i + 1] == "-":
            out.extend(range(ord(chars[i]), ord(chars[i + 2]) + 1))
            i += 3
        else:
            out.append(ord(chars[i]))
            i += 1
    return out


def _shown(code: int) -> str:
    """How :func:`printable` shows the control character ``code``: ``\\n``, ``\\t``, ``\\r``, ``\\x1b``, ``\\u202e``."""
    return {10: "\\n", 9: "\\t", 13: "\\r"}.get(code) or (
        f"\\x{code:02x}" if code < 0x100 else f"\\u{code:04x}"
    )


#: :func:`printable`'s ``str.translate`` tables: each control character to its escape (one line:
#: tab and newline too).
_ESCAPES_ONE_LINE = {code: _shown(code) for code in _code_points(CONTROL_CHARS)}
_ESCAPES = {code: shown for code, shown in _ESCAPES_ONE_LINE.items() if code not in (9, 10)}
#: First characters that make a spreadsheet (Excel, LibreOffice) read a cell as a formula.
FORMULA_START = ("=", "+", "-", "@", "\t", "\r")
#: Characters that start or end HTML markup; never allowed in a name.
MARKUP_CHARS = "<>"


def strip_controls(text: str, keep_lines: bool = True) -> str:
    """``text`` without control characters (ESC, BEL, NUL, C1 codes, DEL) and bidi controls (U+202E ...).

    Newline and tab are kept unless ``keep_lines`` is false; a carriage
    return is dropped (``\\r\\n`` becomes ``\\n``).
    """
    return re.sub(_CONTROLS if keep_lines else _ALL_CONTROLS, "", text)


def has_controls(text: str) -> bool:
    """True when ``text`` holds a control character (line breaks and tab included) or a bidi control."""
    return re.search(_ALL_CONTROLS, text) is not None


def nul_position(text: str) -> int | None:
    """The 1-based character position of the first NUL in ``text``, or None."""
    i = text.find("\x00")
    return None if i < 0 else i + 1


def name_problem(name: str):
    """Why ``name`` cannot be stored as a name (one short phrase, a :class:`~smashup_db.errors.Message`), or None.

    Refused: markup characters (``<``, ``>``), a first character that makes a
    spreadsheet evaluate the cell (``= + - @``, tab, CR), control characters
    (line breaks included) and names longer than :data:`MAX_NAME`.
    """
    bad = next((ch for ch in name if ch in MARKUP_CHARS), None)
    if bad:
        return Message(N_("the markup character {char!r} is not allowed in a name"), char=bad)
    if name.startswith(FORMULA_START):
        return Message(
            N_("a name may not start with {char!r} (a spreadsheet would read it as a formula)"),
            char=name[0],
        )
    ctl = re.search(_ALL_CONTROLS, name)
    if ctl:
        return Message(
            N_("control character {char!r} at position {n} is not allowed in a name"),
            char=ctl.group(),
            n=ctl.start() + 1,
        )
    if len(name) > MAX_NAME:
        return Message(N_("longer than {n} characters"), n=MAX_NAME)
    return None


def printable(value: object, one_line: bool = False) -> str:
    """``str(value)`` with every control character except newline and tab shown as an escape
    (ESC -> ``\\x1b``, U+202E -> ``\\u202e``), so that data can never move the cursor, clear the
    screen, set the window title, make hyperlinks, write the clipboard of a terminal or reorder
    the line. ``one_line``: newline and tab are escaped too (``\\n``, ``\\t``), for a
    message that must stay on one line (an error quoting a file name with a newline)."""
    text = "" if value is None else str(value)
    return text.translate(_ESCAPES_ONE_LINE if one_line else _ESCAPES)


def csv_cell(value: object) -> object:
    """A CSV cell that no spreadsheet evaluates: text starting with ``= + - @``, tab or CR gets
    a leading ``'`` (OWASP's advice against CSV injection). Text that already starts with ``'``
    followed by one of those (or by another ``'``) gets one more, so that :func:`uncsv_cell`
    gives every value back exactly (``'=x`` -> ``''=x`` -> ``'=x``). Numbers and None pass unchanged."""
    if isinstance(value, str) and (
        value.startswith(FORMULA_START)
        or (value.startswith("'") and value[1:].startswith(FORMULA_START + ("'",)))
    ):
        return "'" + value
    return value


def uncsv_cell(value: str) -> str:
    """Undo :func:`csv_cell` on a cell read back (``'=x`` -> ``=x``, ``''=x`` -> ``'=x``); other values unchanged."""
    if value.startswith("'") and value[1:].startswith(FORMULA_START + ("'",)):
        return value[1:]
    return value


def pagefind_safe(value: object) -> str:
    """A value for Pagefind filters and metadata, which the Pagefind UI inserts as HTML:
    ``<`` and ``>`` become the look-alike quotation marks ``‹`` and ``›`` and control
    characters are dropped, so no element can be injected (HTML escaping alone is not
    enough: the attribute is unescaped before Pagefind stores it)."""
    text = "" if value is None else str(value)
    return strip_controls(text, keep_lines=False).replace("<", "‹").replace(">", "›")
