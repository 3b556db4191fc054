"""Translations as CSV: names and rules text per language, keyed by our ids.

File format (UTF-8, comma-separated, standard CSV quoting, one header line)::

    kind,id,lang,name,text,name_en,text_en
    card,laser-sword,de,Laserschwert,"Gib einem Diener ...",Laser Sword,"..."

* ``kind``: ``product``, ``faction``, ``card`` or ``base``;
* ``id``: the catalogue id (as in ``smashup card NAME --json``);
* ``lang``: ``de`` or ``en``;
* ``name``: the name in that language (empty: keep what is stored);
* ``text``: the rules text in that language, cards and bases only (empty: keep);
* ``name_en``, ``text_en``: the English for reference; written by the export,
  ignored by the import. Other extra columns are ignored too;
* optional ``source`` (where the contributor has it from, e.g. "German card") and
  ``confidence`` (one word, e.g. ``card``; default ``community``).

An import stores names in the ``name`` table with ``origin='translations'``
(so that look-ups by the new name work) and text in ``entity_text`` with
``source='translations:<file name>'`` (plus `` (<source>)`` when the row names one); names
carry ``confidence`` ``community`` unless the row says otherwise. Stored values are verbatim (no HTML or
markup is interpreted or escaped here; escaping is the output's job).
"""

from __future__ import annotations

import csv
import io
import re
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path
from typing import IO, Iterable, Iterator

from smashup_db.common.text import fold
from smashup_db.common.vocabulary import KINDS
from smashup_db.db.tables import DATA_ORIGIN, TABLES
from smashup_db.errors import Message
from smashup_db.i18n import N_
from smashup_db.importer import ImportFileError

COLUMNS = ("kind", "id", "lang", "name", "text")
#: Optional columns: ``source`` (where the contributor has the name or text from) and ``confidence``.
OPTIONAL = ("source", "confidence")
EXPORT_COLUMNS = COLUMNS + ("name_en", "text_en")
TEXT_KINDS = ("card", "base")
ORIGIN = "translations"
#: Confidence of names and texts players contributed through a translations CSV (shown as such on the site).
COMMUNITY = "community"
_CONFIDENCE = re.compile(r"[a-z][a-z-]{0,29}\Z")


def check_lang(value: str | None, where: str) -> str:
    """A valid language code (``de`` or ``en``), lower-cased; else :class:`ImportFileError` naming ``where``."""
    from smashup_db.catalogue.view import LANGS

    lang = (value or "").strip().lower()
    if lang not in LANGS:
        raise ImportFileError(
            N_("unknown language {value!r}; use one of: {names}"),
            prefix=where,
            value=value,
            names=", ".join(sorted(LANGS)),
        )
    return lang


@dataclass
class Row:
    """One validated CSV row (``line`` is where it starts in the file)."""

    kind: str
    id: str
    lang: str
    name: str
    text: str
    line: int
    source: str = ""  # optional column: where the contributor has it from (e.g. "German card")
    confidence: str = (
        ""  # optional column: e.g. "card" (read off a printed card); default "community"
    )


@dataclass
class TranslationReport:
    """What an import did: rows read, rows skipped as empty, names and text added/changed/unchanged."""

    rows: int = 0
    empty: int = 0
    names: Counter = field(default_factory=Counter)
    texts: Counter = field(default_factory=Counter)
    #: ``{kind: {"names": Counter, "texts": Counter}}`` for the kinds the file touched (product, faction, card, base)
    by_kind: dict = field(default_factory=dict)

    def count(self, kind: str, what: str, status: str) -> None:
        """Count one name or text (``what``) of a ``kind`` as ``added``, ``changed`` or ``unchanged``."""
        getattr(self, what)[status] += 1
        per = self.by_kind.setdefault(kind, {"names": Counter(), "texts": Counter()})
        per[what][status] += 1

    @property
    def changes(self) -> int:
        """Names and texts added or changed (0 when the database already had exactly this)."""
        return (
            self.names["added"]
            + self.names["changed"]
            + self.texts["added"]
            + self.texts["changed"]
        )

    def as_dict(self) -> dict:
        """The report as plain JSON-ready data."""
        return {
            "rows": self.rows,
            "empty": self.empty,
            "names": dict(self.names),
            "texts": dict(self.texts),
            "by_kind": {
                k: {w: {s: c[s] for s in ("added", "changed", "unchanged")} for w, c in v.items()}
                for k, v in self.by_kind.items()
            },
            "changes": self.changes,
        }


def _no_such_id(kind: str, ident: str) -> Message:
    return Message(N_("no {kind} with id {id!r} in the catalogue"), kind=kind, id=ident)


class BadRows(ImportFileError):
    """Several rows of a translations CSV are bad: ``problems`` lists ``(line, field, message)`` of every one.

    The message names the file and each line (one line per problem after the first),
    and says that nothing was imported.
    """

    def __init__(self, label: str, problems: list[tuple[int, str, str]]):
        self.label, self.problems = label, sorted(problems, key=lambda p: p[0])
        if len(self.problems) == 1:
            line, fld, message = self.problems[0]
            where = Message(N_("{file}: line {line}"), file=label, line=line)
            if fld:
                where = Message("{where}: {field}", where=where, field=fld)
            super().__init__(message, prefix=where)
        else:
            self.head = Message(
                N_("{count} bad rows; nothing was imported{rows}"),
                prefix=label,
                count=len(self.problems),
                rows="",
            )
            super().__init__(
                N_("{count} bad rows; nothing was imported{rows}"),
                prefix=label,
                count=len(self.problems),
                rows=Message(
                    "".join(f"\n{{r{i}}}" for i in range(len(self.problems))),
                    **{
                        f"r{i}": Message(
                            N_("  line {line}: {field}: {problem}")
                            if fld
                            else N_("  line {line}: {problem}"),
                            line=line,
                            field=fld,
                            problem=message,
                        )
                        for i, (line, fld, message) in enumerate(self.problems)
                    },
                ),
            )

    def lines(self) -> list[Message]:
        """The error as separate lines (the head, then one per bad row), for a terminal that prints
        each line escaped on its own: a value of a row never breaks a line."""
        if len(self.problems) == 1:
            return [self]
        rows = self.values["rows"].values
        return [self.head, *(rows[f"r{i}"] for i in range(len(self.problems)))]


def read_translations_text(path: Path | str) -> str:
    """The text of a translations CSV, a file path or an http(s) URL (UTF-8, byte order mark allowed);
    :class:`ImportFileError` when unreadable. A URL is named as given (never as a path: ``https://a``
    would become ``https:/a``)."""
    from smashup_db.importer.files import read_bytes

    path = str(path)
    raw = read_bytes(path)  # regular files or FIFOs of at most 64 MB, or a URL (no /dev/zero)
    try:
        return raw.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        raise ImportFileError(
            N_("not UTF-8 text (byte {start}); save the CSV as UTF-8"), prefix=path, start=exc.start
        ) from None


def separator(header_line: str) -> str:
    """The CSV separator a header line uses: ``,`` (ours), or ``;`` / tab (German spreadsheets)."""
    counts = {sep: header_line.count(sep) for sep in (",", ";", "\t")}
    best = max(counts, key=lambda sep: counts[sep])
    return best if counts[best] else ","


def parse_translations(
    content: str, label: str, known: dict[str, set[str]] | None = None
) -> list[Row]:
    """Parse CSV ``content`` (see the module doc); ``label`` names it in errors; ``known`` checks ids.

    Untrusted content is checked here (:mod:`smashup_db.common.sanitize`): a NUL
    character anywhere is refused with its line and column; a quote left
    open is refused with the line it opens on (it would swallow the rest of
    the file); a name with markup characters (``<`` ``>``), a spreadsheet
    formula start (``= + - @``) or more than :data:`~smashup_db.common.sanitize.MAX_NAME`
    characters is refused; a text longer than :data:`~smashup_db.common.sanitize.MAX_TEXT`
    is refused; other control characters are dropped (newline and tab kept in
    text; in a name, line breaks and runs of blanks become one space). A leading ``'``
    that the export put before ``= + - @`` is removed again. Every bad row is
    collected; when there is any, :class:`BadRows` lists them all.
    """
    _refuse_nul(content, label)
    if content.startswith("\ufeff"):
        content = content[1:]
    sep = separator(content.split("\n", 1)[0])
    reader = csv.reader(io.StringIO(content, newline=""), delimiter=sep, strict=True)
    pos = _column_positions(reader, label)
    rows: list[Row] = []
    problems: list[tuple[int, str, str]] = []
    seen: dict[tuple[str, str, str], int] = {}
    for start, values in _records(reader, problems):
        try:
            rows.append(_row(_Record(values, pos), start, known, seen))
        except _BadCell as bad:
            problems.append((start, bad.field, bad.message))
    if problems:
        raise BadRows(label, problems)
    return rows


class _BadCell(Exception):
    """One bad field of one row: ``field`` (column name, or "" for the whole row) and ``message``."""

    def __init__(self, field: str, message: Message):
        super().__init__(field, message)
        self.field, self.message = field, message


def _refuse_nul(content: str, label: str) -> None:
    """:class:`ImportFileError` with line and column when ``content`` holds a NUL character."""
    from smashup_db.common.sanitize import nul_position

    nul = nul_position(content)
    if nul is None:
        return
    raise ImportFileError(
        N_(
            "line {line}, column {column}: a NUL character (\\0) is not allowed; remove it and import again"
        ),
        prefix=label,
        line=content.count("\n", 0, nul - 1) + 1,
        column=nul - (content.rfind("\n", 0, nul - 1) + 1),
    )


def _column_positions(reader, label: str) -> dict[str, int]:
    """``{column: index}`` of :data:`COLUMNS` and the :data:`OPTIONAL` columns present, from the header
    line; :class:`ImportFileError` when it is not CSV, blank, or lacks a column of :data:`COLUMNS`."""
    try:
        header = next(reader, None)
    except csv.Error as exc:
        raise ImportFileError(N_("line 1: not valid CSV ({exc})"), prefix=label, exc=exc) from None
    if not header or not any(h.strip() for h in header):
        raise ImportFileError(
            N_("line 1: no header line; expected columns {columns}"),
            prefix=label,
            columns=",".join(COLUMNS),
        )
    names = [h.strip().lower() for h in header]
    for col in COLUMNS:
        if col not in names:
            raise ImportFileError(
                N_("line 1: column '{col}' is missing (expected {columns})"),
                prefix=label,
                col=col,
                columns=",".join(COLUMNS),
            )
    return {col: names.index(col) for col in COLUMNS + OPTIONAL if col in names}


def _records(reader, problems: list) -> Iterator[tuple[int, list[str]]]:
    """``(line it starts on, values)`` of each record that is not blank. A CSV error ends the records;
    its problem is appended to ``problems`` (an unclosed quote: the rest of the file is inside it)."""
    line = reader.line_num + 1
    while True:
        start = line
        try:
            values = next(reader)
        except StopIteration:
            return
        except csv.Error as exc:
            problems.append((start, "", _csv_problem(exc)))
            return
        line = reader.line_num + 1
        if any(v.strip() for v in values):
            yield start, values


def _csv_problem(exc: csv.Error) -> Message:
    if "unexpected end of data" in str(exc):
        return Message(N_('a quote (") opened in this row is never closed; close it or remove it'))
    return Message(N_("not valid CSV ({detail})"), detail=str(exc))


class _Record:
    """One CSV record's cells by column name: ``record(column)`` is the value, None where the record
    is short or the file has no such column; ``record.has(column)`` whether the file has it."""

    def __init__(self, values: list[str], pos: dict[str, int]):
        self.values, self.pos = values, pos

    def __call__(self, col: str) -> str | None:
        i = self.pos.get(col, len(self.values))
        return self.values[i] if i < len(self.values) else None

    def has(self, col: str) -> bool:
        return col in self.pos


def _row(cell: _Record, start: int, known: dict[str, set[str]] | None, seen: dict) -> Row:
    """The :class:`Row` of one record, checked in the order the problems are reported; :class:`_BadCell`
    for the first bad field. ``seen`` (``{(kind, id, lang): line}``) refuses a row given twice."""
    kind, ident, lang = _keys(cell, known)
    name, text = _name_and_text(cell, kind)
    dup = (kind, ident, lang)
    if dup in seen:
        raise _BadCell(
            "id",
            Message(
                N_("{kind} {id!r} ({lang}) is already on line {line}"),
                kind=kind,
                id=ident,
                lang=lang,
                line=seen[dup],
            ),
        )
    seen[dup] = start
    src, conf = _source_and_confidence(cell)
    return Row(
        kind=kind,
        id=ident,
        lang=lang,
        name=name,
        text=text,
        line=start,
        source=src,
        confidence=conf,
    )


def _keys(cell: _Record, known: dict[str, set[str]] | None) -> tuple[str, str, str]:
    """``(kind, id, lang)`` of a record: all given, a known kind and language, an id in ``known``."""
    from smashup_db.catalogue.model import LANGS

    empty = [col for col in ("kind", "id", "lang") if not (cell(col) or "").strip()]
    if empty:
        raise _BadCell(empty[0], Message(N_("field is empty or missing")))
    kind = cell("kind").strip().lower()
    if kind not in KINDS:
        raise _BadCell(
            "kind",
            Message(
                N_("unknown kind {value!r}; use one of: {choices}"),
                value=cell("kind"),
                choices=", ".join(KINDS),
            ),
        )
    lang = cell("lang").strip().lower()
    if lang not in LANGS:
        raise _BadCell(
            "lang",
            Message(
                N_("unknown language {value!r}; use one of: {choices}"),
                value=cell("lang"),
                choices=", ".join(sorted(LANGS)),
            ),
        )
    ident = cell("id").strip()
    if known is not None and ident not in known.get(kind, ()):
        raise _BadCell("id", _no_such_id(kind, ident))
    return kind, ident, lang


def _name_and_text(cell: _Record, kind: str) -> tuple[str, str]:
    """``(name, text)`` of a record, cleaned (:mod:`smashup_db.common.sanitize`); the name on one line.
    :class:`_BadCell` for text on a faction or product, a text too long, a name that is refused or
    holds no letter or digit."""
    from smashup_db.common.sanitize import MAX_TEXT, name_problem, strip_controls, uncsv_cell

    name = " ".join(strip_controls(uncsv_cell((cell("name") or "").strip())).split())
    text = strip_controls(uncsv_cell((cell("text") or "").strip())).strip()
    if text and kind not in TEXT_KINDS:
        raise _BadCell(
            "text",
            Message(
                N_("only cards and bases have text, not a faction")
                if kind == "faction"
                else N_("only cards and bases have text, not a product")
            ),
        )
    if len(text) > MAX_TEXT:
        raise _BadCell("text", Message(N_("longer than {n} characters"), n=MAX_TEXT))
    problem = name_problem(name) if name else None
    if problem:
        raise _BadCell("name", Message(N_("{name!r}: {problem}"), name=name, problem=problem))
    if name and not fold(name):
        raise _BadCell("name", Message(N_("{name!r} has no letters or digits"), name=name))
    return name, text


def _source_and_confidence(cell: _Record) -> tuple[str, str]:
    """The optional ``source`` (one line) and ``confidence`` (one lower-case word) of a record, "" where
    the file lacks the column; :class:`_BadCell` for a refused source or a confidence that is no word."""
    from smashup_db.common.sanitize import name_problem, strip_controls, uncsv_cell

    src = (
        " ".join(strip_controls(uncsv_cell(cell("source") or "")).split())
        if cell.has("source")
        else ""
    )
    conf = (cell("confidence") or "").strip().lower() if cell.has("confidence") else ""
    if src and name_problem(src):
        raise _BadCell(
            "source", Message(N_("{name!r}: {problem}"), name=src, problem=name_problem(src))
        )
    if conf and not _CONFIDENCE.match(conf):
        raise _BadCell(
            "confidence",
            Message(N_("{value!r} is not a word like community or card"), value=conf),
        )
    return src, conf


def import_translations(
    db, rows: list[Row], file_name: str, label: str | None = None
) -> TranslationReport:
    """Store ``rows`` (from :func:`parse_translations`) in ONE transaction.

    ``file_name`` goes into the text's source (``translations:<file_name>``);
    ``label`` (default: ``file_name``) names the file in errors. Rows whose
    name and text are both empty are skipped; a name or text equal to what is
    already shown (e.g. a compiled German name the export filled in) is left
    as it is and counted as unchanged. Every id is checked
    against the catalogue before anything is written; an unknown one raises
    :class:`ImportFileError` naming file, line and field (nothing is written).
    ``db`` is a URL, path or engine; database errors roll the transaction back.
    """
    from smashup_db.compiler.bootstrap import ensure_current
    from smashup_db.db import writing
    from smashup_db.search.index import rebuild_index

    report = TranslationReport(rows=len(rows))
    with writing(
        ensure_current(db), "import"
    ) as w:  # write lock up front: waits for a running build
        known = {k: {r["id"] for r in w.all(f"SELECT id FROM {k}")} for k in KINDS}
        unknown = [
            (r.line, "id", _no_such_id(r.kind, r.id)) for r in rows if r.id not in known[r.kind]
        ]
        if unknown:
            raise BadRows(label or file_name, unknown)
        writes = _Writes(file_name, *_stored(w))
        for r in rows:
            if not r.name and not r.text:
                report.empty += 1
                continue
            if r.name:
                report.count(r.kind, "names", writes.name(r))
            if r.text:
                report.count(r.kind, "texts", writes.text(r))
        w.execute(
            TABLES["name"].update(("name", "folded", "evidence", "confidence")),
            writes.changed_names,
        )
        w.execute(
            TABLES["entity_text"].update(("text", "source", "importer")), writes.changed_texts
        )
        w.execute(TABLES["name"].insert(), writes.new_names)
        w.execute(TABLES["entity_text"].insert(), writes.new_texts)
        if report.changes:  # names or text moved: the search index changes with them
            rebuild_index(w)
    for c in (report.names, report.texts):
        for k in ("added", "changed", "unchanged"):
            c.setdefault(k, 0)
    return report


def _stored(w) -> tuple[dict, dict, dict]:
    """``(imported names, compiled names, texts)`` in the database, each keyed ``(kind, ref, lang)``:
    names by their name, texts by ``(text, source)``."""
    names, data_names = {}, {}
    for n in w.all(
        "SELECT kind, ref, lang, name, origin FROM name WHERE origin IN (:o, :data)",
        o=ORIGIN,
        data=DATA_ORIGIN,
    ):
        key = (n["kind"], n["ref"], n["lang"])
        (names if n["origin"] == ORIGIN else data_names)[key] = n["name"]
    texts = {
        (t["kind"], t["ref"], t["lang"]): (t["text"], t["source"])
        for t in w.all("SELECT kind, ref, lang, text, source FROM entity_text")
    }
    return names, data_names, texts


@dataclass
class _Writes:
    """The rows one import inserts and updates, sorted from what is stored (:func:`_stored`)."""

    file_name: str
    names: dict
    data_names: dict
    texts: dict
    new_names: list[dict] = field(default_factory=list)
    changed_names: list[dict] = field(default_factory=list)
    new_texts: list[dict] = field(default_factory=list)
    changed_texts: list[dict] = field(default_factory=list)

    def source_of(self, r: Row) -> str:
        return f"{ORIGIN}:{self.file_name}" + (f" ({r.source})" if r.source else "")

    def name(self, r: Row) -> str:
        """Queue ``r``'s name; ``"added"``, ``"changed"`` or ``"unchanged"`` (equal to the imported
        name, or with none imported to the compiled one)."""
        k = (r.kind, r.id, r.lang)
        if k in self.names:
            state = "unchanged" if self.names[k] == r.name else "changed"
        else:
            state = "unchanged" if self.data_names.get(k) == r.name else "added"
        if state != "unchanged":
            row = {
                "kind": r.kind,
                "ref": r.id,
                "lang": r.lang,
                "origin": ORIGIN,
                "name": r.name,
                "folded": fold(r.name),
                "confidence": r.confidence or COMMUNITY,
                "evidence": self.source_of(r),
            }
            (self.new_names if state == "added" else self.changed_names).append(row)
        return state

    def text(self, r: Row) -> str:
        """Queue ``r``'s text; ``"added"``, ``"changed"`` or ``"unchanged"`` (equal to the stored text)."""
        k = (r.kind, r.id, r.lang)
        if k not in self.texts:
            state = "added"
        else:
            state = "unchanged" if self.texts[k][0] == r.text else "changed"
        if state != "unchanged":
            row = {
                "kind": r.kind,
                "ref": r.id,
                "lang": r.lang,
                "text": r.text,
                "source": self.source_of(r),
                # the rows this import writes are marked as its own (revision 0007)
                "importer": f"{ORIGIN}:{self.file_name}",
            }
            (self.new_texts if state == "added" else self.changed_texts).append(row)
        return state


def export_rows(
    cat,
    lang: str,
    missing: bool = False,
    faction: str | None = None,
    product: str | None = None,
    texts: dict | None = None,
) -> list[dict]:
    """Every product, faction, card and base (catalogue order) with its name and text in ``lang``.

    ``cat`` is a :class:`~smashup_db.catalogue.view.Catalogue`. Rows are dicts with
    :data:`EXPORT_COLUMNS`. Imported names win over compiled ones, as in the
    look-ups. With ``missing``, only rows lacking a name in ``lang``, or
    (cards and bases) a text in ``lang``. ``faction`` (a name or id) keeps the
    faction, its cards and its bases; ``product`` the box, its factions with
    their cards, and its bases (both: what is in either). Unknown names raise
    :class:`~smashup_db.catalogue.names.NotFound` with suggestions. ``texts``: the
    model's :meth:`~smashup_db.catalogue.model.Model.texts` when already read (many exports in a row).
    """
    from smashup_db.catalogue.coverage import things_of

    m = cat.model
    ids = _catalogue_order(m)
    if faction or product:
        wanted: set[tuple[str, str]] = set()
        if faction:
            wanted |= set(things_of(m, "faction", cat.resolve("faction", faction)[0]))
        if product:
            wanted |= set(things_of(m, "product", cat.resolve("product", product)[0]))
        ids = [key for key in ids if key in wanted]
    return _rows(m, lang, missing, ids, _texts_by_lang(m, texts))


def export_rows_per_faction(
    cat, lang: str, factions, missing: bool = False, texts: dict | None = None
) -> dict:
    """``{faction id: export_rows(cat, lang, missing, faction=id)}`` for each of ``factions`` (ids), in linear time.

    The texts are folded once and each faction's things are put in catalogue
    order by an index, so the work grows with the catalogue, not with
    factions x catalogue (issue 21: the site build's per-faction CSVs).
    """
    from smashup_db.catalogue.coverage import things_of

    m = cat.model
    order = {key: i for i, key in enumerate(_catalogue_order(m))}
    folded = _texts_by_lang(m, texts)
    return {
        fid: _rows(
            m, lang, missing, sorted(things_of(m, "faction", fid), key=order.__getitem__), folded
        )
        for fid in factions
    }


def _catalogue_order(m) -> list[tuple[str, str]]:
    return (
        [("product", p) for p in m.products]
        + [("faction", f) for f in m.factions]
        + [("card", c) for f in m.factions.values() for c in f.cards]
        + [("base", b) for b in m.bases]
    )


def _texts_by_lang(m, texts: dict | None) -> dict:
    return {
        key: {lng: t["text"] for lng, t in found.texts.items()}
        for key, found in (m.texts() if texts is None else texts).items()
    }


def _rows(m, lang: str, missing: bool, ids, texts: dict) -> list[dict]:
    out = []
    for kind, ref in ids:
        names, own = m.names.get((kind, ref), {}), texts.get((kind, ref), {})
        row = {
            "kind": kind,
            "id": ref,
            "lang": lang,
            "name": names.get(lang, ""),
            "text": own.get(lang, ""),
            "name_en": names.get("en", ""),
            "text_en": own.get("en", ""),
        }
        if missing and row["name"] and (row["text"] or kind not in TEXT_KINDS):
            continue
        out.append(row)
    return out


def write_translations(rows: Iterable[dict], target: Path | str | IO[str]) -> None:
    """Write rows as translations CSV to a path (atomically) or an open text stream.

    Cells a spreadsheet would evaluate (starting with ``= + - @``, tab or CR)
    get a leading ``'`` (:func:`smashup_db.common.sanitize.csv_cell`), which the import
    removes again; control characters other than newline and tab are dropped. Raises :class:`ImportFileError` when the file cannot be written.
    """
    from smashup_db.common.sanitize import csv_cell, strip_controls

    def cell(v):
        return csv_cell(strip_controls(v) if isinstance(v, str) else v)

    def dump(fh):
        w = csv.DictWriter(
            fh, fieldnames=list(EXPORT_COLUMNS), lineterminator="\n", extrasaction="ignore"
        )
        w.writeheader()
        w.writerows({k: cell(v) for k, v in row.items()} for row in rows)

    if not isinstance(target, (str, Path)):
        dump(target)
        return
    from smashup_db.common.safe_write import write_text

    buf = io.StringIO()
    dump(buf)
    write_text(target, buf.getvalue(), ImportFileError, newline="")
