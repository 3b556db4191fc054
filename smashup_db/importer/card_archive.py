"""Import English rules text, errata and clarifications from the card archive.

The card archive (GitHub ``906919303-crypto/smash-up-card-archive``) has two
JSON files, told apart by their shape:

* ``app/data/smashup-catalog.json``: ``{"source": {"name"}, "factions": [{"name",
  "cards": [{"name", "type", "text", "errata", "clarifications": [str]}]}]}``;
* ``app/data/smashup-bases.json``: ``{"source": {"name"}, "bases": [{"name",
  "sourceFaction", "text", "errata", "clarifications": [str]}]}``.

Records are matched to the catalogue by faction and English name (the archive's
faction names slugify to our faction ids). The placeholder names fixed in
``data/curated/corrections.json`` are fixed the same way here ("Base" of the
Slashers is Nightmare Realm; "Titan Card Name" of the Mad Scientists, whose
name is unknown, is matched as that faction's only unnamed titan).

What is loaded, per matched record, with ``source`` = ``"<file name or URL>
(<upstream name>)"``:

* the text, without the redundant ``Power N -`` prefix, into ``entity_text``
  (language ``en``);
* the errata field, unless it says there is none ("No", "None", "Unknown",
  "Not stated", "See source", empty), as an ``erratum`` ruling;
* every clarification as a ``clarification`` ruling;
* the page of each record's faction at the source (``sourceUrl`` of a faction of the catalogue, of a
  base in the bases file; http(s) only, else left out), so the site can link a card's rulings to that
  page instead of the wiki's main page: meta key ``source_urls:<card|base>:<upstream name>``, a JSON
  object ``{id: url}`` (see :func:`smashup_db.catalogue.rulings.source_pages`).

Every row written is marked with the importer key of its archive file
(``importer`` = ``card-archive:cards`` or ``card-archive:bases``). A
re-import of the same file kind (from any file name or URL, whatever its
upstream ``source.name`` says) replaces and removes only rows carrying that
key, so importing the same file twice changes nothing, a renamed upstream
does not duplicate its rulings, and rows of other imports (a translation
whose source names the archive, say) are never replaced or removed.
"""

from __future__ import annotations

import json
import os
import re
import time
from collections import Counter, defaultdict, namedtuple
from functools import lru_cache

from smashup_db.common.sanitize import MAX_TEXT, nul_position, strip_controls
from smashup_db.common.text import key, slugify
from smashup_db.common.vocabulary import SOURCE_TYPES as TYPE_MAP
from smashup_db.db.tables import TABLES
from smashup_db.errors import Message
from smashup_db.i18n import N_
from smashup_db.importer import ImportFileError
from smashup_db.importer.files import RunClock, decode, is_url, label_of, parse_json, read_bytes

#: Text prefix that repeats the printed power ("Power 5 - ", "power 5 - ", "Power4 - ", "Power X - ").
#: "Power 3 - ", "power x-", "Power - ": one run of blanks between "power" and "-" (linear time; two optional
#: runs around an optional number were quadratic on "power" + 10,000 blanks).
POWER_PREFIX = re.compile(r"^\s*power\s*(?:(?:\d+|x)\s*)?-\s*", re.IGNORECASE)
#: Errata values that mean "no erratum" (compared case-insensitively, trimmed).
NO_ERRATUM = {"", "no", "none", "unknown", "not stated", "see source", "n/a", "-"}

KIND_CARDS, KIND_BASES = "cards", "bases"
DEFAULT_UPSTREAM = {KIND_CARDS: "card archive catalogue", KIND_BASES: "card archive bases"}
ENTITY = {KIND_CARDS: "card", KIND_BASES: "base"}


# Plain classes, no dataclasses: ``import text`` is a start-up-measured command (issue 10),
# and the dataclasses module costs more to import than this whole importer.
class Record(
    namedtuple(
        "Record", "entity faction name type text errata clarifications where url", defaults=(None,)
    )
):
    """One card or base of an archive file, validated (text still as in the file).

    ``entity``: card | base; ``faction``: the archive's faction name ("" when a
    base has none); ``type``: our card type (minion, action, titan, other),
    None for bases; ``clarifications``: list of texts; ``where``: position in
    the file, e.g. ``factions[3].cards[2]``; ``url``: the record's page at the source (its faction's
    page), or None.
    """

    __slots__ = ()


class ArchiveFile(
    namedtuple("ArchiveFile", "source kind upstream records sha256", defaults=(None,))
):
    """A parsed archive file: ``source`` as given (path or URL), ``kind`` ("cards" or
    "bases"), its ``upstream`` name, its :class:`Record` list and the SHA-256 (hex) of
    the bytes read (None when parsed from a document)."""

    __slots__ = ()

    @property
    def label(self) -> str:
        """The ``source`` value stored with every row of this file."""
        return f"{label_of(self.source)} ({self.upstream})"

    @property
    def importer(self) -> str:
        """The key of the rows this file's import owns (``card-archive:cards`` / ``card-archive:bases``)."""
        return f"card-archive:{self.kind}"

    @property
    def suffix(self) -> str:
        """What every row of this upstream data set ends with, whatever file or URL it came from."""
        return f" ({self.upstream})"


class TextImportReport:
    """What an import did. ``unmatched`` lists the records no catalogue entry was found for.

    ``texts`` counts added, changed, unchanged, removed; ``rulings`` added,
    removed, unchanged; ``without_text``: kind -> catalogue entries still
    without English text; ``seconds``: wall time.
    """

    def __init__(self, files: list[str] | None = None):
        self.files: list[str] = list(files or [])
        self.records = 0
        self.matched = 0
        self.unmatched: list[Message] = []
        self.texts: Counter = Counter()
        self.rulings: Counter = Counter()
        self.without_text: dict = {}
        #: file label -> SHA-256 (hex) of the bytes read
        self.checksums: dict[str, str] = {}
        self.seconds = 0.0

    @property
    def changes(self) -> int:
        """Rows added, changed or removed (0 when the database already had exactly this)."""
        return (
            self.texts["added"]
            + self.texts["changed"]
            + self.texts["removed"]
            + self.rulings["added"]
            + self.rulings["removed"]
        )


# --------------------------------------------------------------------------- parsing


def clean_text(text: str) -> str:
    """Rules text without the redundant power prefix and outer blanks."""
    return POWER_PREFIX.sub("", text or "", count=1).strip()


def erratum_of(value: str | None) -> str | None:
    """The erratum worth keeping from the free-text errata field, or None when it means none."""
    value = (value or "").strip()
    return None if value.casefold() in NO_ERRATUM else value


def detect_kind(source: str, doc) -> str:
    """``"cards"`` or ``"bases"`` from the document's shape.

    Raises :class:`ImportFileError` for any other shape (e.g. a Kadsuno
    faction file, which is a list).
    """
    hint = (
        "expected the card archive's smashup-catalog.json (an object with 'factions') "
        "or smashup-bases.json (an object with 'bases')"
    )
    if not isinstance(doc, dict):
        raise ImportFileError(
            N_("not a card-archive file: found a JSON {type}; {hint}"),
            prefix=source,
            type=type(doc).__name__,
            hint=hint,
        )
    if isinstance(doc.get("factions"), list) and "bases" not in doc:
        return KIND_CARDS
    if isinstance(doc.get("bases"), list) and "factions" not in doc:
        return KIND_BASES
    raise ImportFileError(
        N_("not a card-archive file: no 'factions' or 'bases' list at the top level; {hint}"),
        prefix=source,
        hint=hint,
    )


def _field(source: str, rec, name: str, where: str, *, required: bool = True, kind=str):
    if not isinstance(rec, dict):
        raise ImportFileError(
            N_("{where}: expected an object, found {type}"),
            prefix=source,
            where=where,
            type=type(rec).__name__,
        )
    if name not in rec or rec[name] is None:
        if required:
            raise ImportFileError(
                N_("{where}.{name}: field is missing"), prefix=source, where=where, name=name
            )
        return kind()
    value = rec[name]
    if kind is str and not isinstance(value, str):
        raise ImportFileError(
            N_("{where}.{name}: expected text, found {type}"),
            prefix=source,
            where=where,
            name=name,
            type=type(value).__name__,
        )
    if kind is list:
        if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
            raise ImportFileError(
                N_("{where}.{name}: expected a list of texts"),
                prefix=source,
                where=where,
                name=name,
            )
        return [_clean(source, v, f"{where}.{name}[{i}]") for i, v in enumerate(value)]
    return _clean(
        source, value, f"{where}.{name}", one_line=name in ("name", "type", "sourceFaction")
    )


def _clean(source: str, value: str, where: str, one_line: bool = False) -> str:
    """An archive string made safe to store (:mod:`smashup_db.common.sanitize`).

    A NUL character is refused with its position (SQLite would store it,
    PostgreSQL refuses it); a value longer than ``MAX_TEXT`` is refused;
    other control characters are dropped (newline and tab kept in text).
    """
    nul = nul_position(value)
    if nul is not None:
        raise ImportFileError(
            N_(
                "{where}: a NUL character (\\u0000) at character {nul} is not allowed; remove it and import again"
            ),
            prefix=source,
            where=where,
            nul=nul,
        )
    if len(value) > MAX_TEXT:
        raise ImportFileError(
            N_("{where}: longer than {max_text} characters; not imported"),
            prefix=source,
            where=where,
            max_text=MAX_TEXT,
        )
    return strip_controls(value, keep_lines=not one_line)


#: A source page address worth linking: http(s), no blanks, double quotes, backquotes, backslashes or angle
#: brackets (an apostrophe is allowed: "Grimms'_Fairy_Tales"; pages escape it), at most 500 characters.
_PAGE_URL = re.compile(r"https?://[^\s\"<>`\\]{1,490}", re.IGNORECASE)


def page_url(value) -> str | None:
    """``value`` when it is a plain http(s) address (:data:`_PAGE_URL`), else None (left out, not refused)."""
    return value if isinstance(value, str) and _PAGE_URL.fullmatch(value) else None


def _record(
    source: str, raw, entity: str, faction: str, where: str, url: str | None = None
) -> Record:
    name = _field(source, raw, "name", where)
    ctype = None
    if entity == "card":
        stype = _field(source, raw, "type", where)
        if stype not in TYPE_MAP:
            raise ImportFileError(
                N_("{where}.type: unknown card type {stype!r}"),
                prefix=source,
                where=where,
                stype=stype,
            )
        ctype = TYPE_MAP[stype]
    else:
        faction = _field(source, raw, "sourceFaction", where, required=False)
        url = page_url(raw.get("sourceUrl"))
    return Record(
        entity=entity,
        faction=faction,
        name=name,
        type=ctype,
        text=_field(source, raw, "text", where, required=False),
        errata=_field(source, raw, "errata", where, required=False),
        clarifications=[
            c
            for c in _field(source, raw, "clarifications", where, required=False, kind=list)
            if c.strip()
        ],
        where=where,
        url=url,
    )


def parse_archive(source: str, doc) -> ArchiveFile:
    """Validate an archive document and return its records (no database access).

    Raises :class:`ImportFileError` naming the file and the field at fault.
    """
    kind = detect_kind(source, doc)
    upstream = doc.get("source", {}).get("name") if isinstance(doc.get("source"), dict) else None
    if isinstance(upstream, str):
        upstream = _clean(source, upstream, "source.name", one_line=True)
    if not isinstance(upstream, str) or not upstream.strip():
        upstream = DEFAULT_UPSTREAM[kind]
    records = []
    if kind == KIND_CARDS:
        for i, fac in enumerate(doc["factions"]):
            where = f"factions[{i}]"
            fname = _field(source, fac, "name", where)
            cards = fac.get("cards")
            if not isinstance(cards, list):
                raise ImportFileError(
                    N_("{where}.cards: expected a list of cards"), prefix=source, where=where
                )
            url = page_url(fac.get("sourceUrl"))
            for j, raw in enumerate(cards):
                records.append(_record(source, raw, "card", fname, f"{where}.cards[{j}]", url))
    else:
        for i, raw in enumerate(doc["bases"]):
            records.append(_record(source, raw, "base", "", f"bases[{i}]"))
    return ArchiveFile(source=source, kind=kind, upstream=upstream.strip(), records=records)


def load_archive(source: str, clock: RunClock | None = None) -> ArchiveFile:
    """Read and validate one archive file or URL (a URL within the time left on the run's ``clock``,
    when given). Raises :class:`ImportFileError`."""
    if clock is not None and is_url(source):
        return archive_from_bytes(source, clock.read(source))
    return archive_from_bytes(source, read_bytes(source))


def load_archives(sources: list[str]) -> list[ArchiveFile]:
    """Read and validate the archive files or URLs ``sources``, in order: the URLs within one deadline
    for them all (:class:`~smashup_db.importer.files.RunClock`). Raises :class:`ImportFileError`."""
    clock = RunClock(sources[0]) if sources else None
    return [load_archive(s, clock) for s in sources]


def archive_from_bytes(source: str, data: bytes) -> ArchiveFile:
    """Validate the archive file ``data`` read from ``source``; its SHA-256 is kept. Raises :class:`ImportFileError`."""
    import hashlib

    parsed = parse_archive(source, parse_json(source, decode(source, data)))
    return parsed._replace(sha256=hashlib.sha256(data).hexdigest())


# --------------------------------------------------------------------------- matching


def load_corrections(data_dir: str | None = None) -> list[dict]:
    """The card-archive name corrections of ``data/curated/corrections.json``.

    Returns ``[{"kind": "card"|"base", "match": {...}, "name": str|None}]``;
    an absent or unreadable file gives no corrections.
    """
    from smashup_db.compiler.datafiles import data_dir_path

    try:
        with open(
            os.path.join(data_dir or data_dir_path(), "curated", "corrections.json"),
            encoding="utf-8",
        ) as fh:
            doc = json.load(fh)
    except (OSError, ValueError):  # absent, unreadable, or no compiled catalogue (DataError)
        return []
    out = []
    for c in doc.get("corrections", []) if isinstance(doc, dict) else []:
        if (
            isinstance(c, dict)
            and c.get("source") == "card-archive"
            and c.get("kind") in ("card", "base")
            and isinstance(c.get("set"), dict)
            and "name" in c["set"]
            and isinstance(c.get("match"), dict)
        ):
            out.append({"kind": c["kind"], "match": c["match"], "name": c["set"]["name"]})
    return out


def faction_id(name: str) -> str | None:
    """Our faction id for the archive's faction name (they slugify alike); None for no name."""
    return slugify(name) if name and re.search(r"[0-9A-Za-z]", name) else None


class Matcher:
    """Finds the catalogue id of an archive record (faction + English name)."""

    def __init__(self, w, corrections: list[dict]):
        # the same names and factions come again and again: their keys and ids are remembered
        self.key = lru_cache(maxsize=None)(key)
        self.faction_id = lru_cache(maxsize=None)(faction_id)
        self._corrections = [
            (c["kind"], [(k, self.key(str(v))) for k, v in c["match"].items()], c["name"])
            for c in corrections
        ]
        self.factions = {r["id"] for r in w.all("SELECT id FROM faction")}
        self.cards: dict[tuple[str, str], list[str]] = defaultdict(list)
        self.unnamed: dict[tuple[str, str], list[str]] = defaultdict(list)
        for cid, fid, ctype, name in (
            r.values()
            for r in w.all(
                "SELECT c.id, c.faction_id, c.type, n.name FROM card c LEFT JOIN name n ON n.kind = 'card'"
                " AND n.ref = c.id AND n.lang = 'en' AND n.origin = 'data' ORDER BY c.faction_id, c.sort, c.id"
            )
        ):
            if name:
                self.cards[(fid, self.key(name))].append(cid)
            else:
                self.unnamed[(fid, ctype)].append(cid)
        self.bases: dict[tuple[str | None, str], list[str]] = defaultdict(list)
        self.base_names: dict[str, list[str]] = defaultdict(list)
        for bid, fid, name in (
            r.values()
            for r in w.all(
                "SELECT b.id, b.faction_id, n.name FROM base b JOIN name n ON n.kind = 'base' AND n.ref = b.id"
                " AND n.lang = 'en' AND n.origin = 'data' ORDER BY b.sort, b.id"
            )
        ):
            self.bases[(fid, self.key(name))].append(bid)
            self.base_names[self.key(name)].append(bid)

    def corrected_name(self, rec: Record) -> tuple[str | None, bool]:
        """``(name, corrected)``: the record's name after the corrections file (None = unknown name)."""
        for kind, match, name in self._corrections:
            if kind == rec.entity and all(
                self.key(str({"faction": rec.faction, "name": rec.name}.get(k) or "")) == v
                for k, v in match
            ):
                return name, True
        return rec.name, False

    def match(self, rec: Record) -> tuple[str | None, Message | str]:
        """``(id, "")`` for a match, else ``(None, reason)`` (a :class:`~smashup_db.errors.Message`)."""
        name, _ = self.corrected_name(rec)
        fid = self.faction_id(rec.faction)
        if rec.entity == "card":
            if fid not in self.factions:
                return None, Message(
                    N_("faction {faction!r} is not in the catalogue"), faction=rec.faction
                )
            if name is None:
                ids = self.unnamed.get((fid, rec.type), [])
                if len(ids) == 1:
                    return ids[0], ""
                return None, Message(
                    N_("no single unnamed card of type {type} in faction {faction!r}"),
                    type=rec.type,
                    faction=rec.faction,
                )
            ids = self.cards.get((fid, self.key(name)), [])
            return (
                (ids[0], "")
                if ids
                else (
                    None,
                    Message(N_("no card of that name in faction {faction!r}"), faction=rec.faction),
                )
            )
        if name is None:
            return None, Message(N_("its name is unknown"))
        ids = self.bases.get((fid, self.key(name))) or []
        if not ids and len(self.base_names.get(self.key(name), [])) == 1:
            ids = self.base_names[self.key(name)]
        if ids:
            return ids[0], ""
        if fid:
            return None, Message(
                N_("no base of that name for faction {faction!r}"), faction=rec.faction
            )
        return None, Message(N_("no base of that name"))


# --------------------------------------------------------------------------- writing


def _describe(rec: Record, source: str, reason) -> Message:
    faction = f" ({rec.faction})" if rec.faction else ""
    return Message(
        "{reason} [{file} {where}]",
        prefix=f"{rec.entity} {rec.name!r}{faction}",
        reason=reason,
        file=label_of(source),
        where=rec.where,
    )


def import_archives(db, files: list[ArchiveFile], data_dir=None) -> TextImportReport:
    """Load parsed archive files into the database ``db`` (URL, path or engine) in ONE transaction.

    ``files`` come from :func:`load_archive` (so all input is valid before any
    write). For each file, the English text rows of its upstream data set are
    upserted (rows of that data set no longer in the file are removed) and
    its rulings replaced; the search index follows in the same transaction.
    Returns a :class:`TextImportReport`. Raises
    :class:`~smashup_db.errors.DatabaseError` (the transaction is then rolled back).
    """
    from smashup_db.compiler.bootstrap import ensure_current
    from smashup_db.db import writing
    from smashup_db.search.index import rebuild_index

    start = time.perf_counter()
    report = TextImportReport([f.label for f in files])
    report.checksums = {f.label: f.sha256 for f in files if f.sha256}
    corrections = load_corrections(data_dir)
    url = ensure_current(db)
    with writing(url, "import") as w:  # write lock up front: waits for a running build
        matcher = Matcher(w, corrections)
        for f in files:
            _import_file(w, f, matcher, report)
        for kind in ("card", "base"):
            report.without_text[kind] = (
                w.scalar(
                    f"SELECT COUNT(*) FROM {kind} t WHERE NOT EXISTS (SELECT 1 FROM entity_text e"
                    f" WHERE e.kind = '{kind}' AND e.ref = t.id AND e.lang = 'en')"
                )
                or 0
            )
        if report.changes:  # names or text moved: the search index changes with them
            rebuild_index(w, fields=("text",))
    report.seconds = time.perf_counter() - start
    return report


def _matched(f: ArchiveFile, matcher: Matcher, report: TextImportReport) -> tuple[dict, dict, dict]:
    """The file's records matched to ids: ``({id: text}, {id: [(ruling kind, text)]}, {id: source page})``;
    misses reported."""
    entity = ENTITY[f.kind]
    texts: dict[str, str] = {}
    rulings: dict[str, list[tuple[str, str]]] = defaultdict(list)
    claimed: dict[str, Record] = {}
    pages: dict[str, str] = {}
    for rec in f.records:
        report.records += 1
        ref, reason = matcher.match(rec)
        if ref is None:
            report.unmatched.append(_describe(rec, f.source, reason))
            continue
        if ref in claimed:
            report.unmatched.append(
                _describe(
                    rec,
                    f.source,
                    Message(
                        N_("same {entity} ({ref}) as {where}; ignored"),
                        entity=entity,
                        ref=ref,
                        where=claimed[ref].where,
                    ),
                )
            )
            continue
        claimed[ref] = rec
        report.matched += 1
        if rec.url:
            pages[ref] = rec.url
        body = clean_text(rec.text)
        if body:
            texts[ref] = body
        erratum = erratum_of(rec.errata)
        if erratum:
            rulings[ref].append(("erratum", erratum))
        rulings[ref] += [("clarification", c.strip()) for c in rec.clarifications]
    return texts, rulings, pages


def _import_file(w, f: ArchiveFile, matcher: Matcher, report: TextImportReport) -> None:
    """One file's text and rulings, written in the transaction ``w`` (counts go into ``report``)."""
    texts, rulings, pages = _matched(f, matcher, report)
    _write_pages(w, f, pages)
    _write_checksum(w, f)
    _write_texts(w, f, texts, report)
    _write_rulings(w, f, rulings, report)


def _write_pages(w, f: ArchiveFile, pages) -> None:
    """The pages of this upstream data set (``meta``), replaced when changed."""
    meta_key = f"source_urls:{ENTITY[f.kind]}:{f.upstream}"
    value = json.dumps(pages, sort_keys=True) if pages else None
    if w.scalar("SELECT value FROM meta WHERE key = :k", k=meta_key) != value:
        w.execute(TABLES["meta"].delete(), [{"key": meta_key}])
        if value is not None:
            w.execute(TABLES["meta"].insert(), [{"key": meta_key, "value": value}])


def _write_checksum(w, f: ArchiveFile) -> None:
    """The file this data set was last imported from and its SHA-256 (``meta`` key
    ``source_sha256:<card|base>:<upstream name>``, JSON ``{"file", "sha256"}``), replaced when changed."""
    if not f.sha256:
        return
    meta_key = f"source_sha256:{ENTITY[f.kind]}:{f.upstream}"
    value = json.dumps({"file": f.label, "sha256": f.sha256}, sort_keys=True)
    if w.scalar("SELECT value FROM meta WHERE key = :k", k=meta_key) != value:
        w.execute(TABLES["meta"].delete(), [{"key": meta_key}])
        w.execute(TABLES["meta"].insert(), [{"key": meta_key, "value": value}])


def _write_texts(w, f: ArchiveFile, texts: dict[str, str], report: TextImportReport) -> None:
    """Text: one row per (kind, ref, lang); this import replaces only the rows it wrote itself."""
    entity, own = ENTITY[f.kind], f.importer
    old = {
        r["ref"]: r
        for r in w.all(
            "SELECT ref, text, source, importer FROM entity_text WHERE kind = :k AND lang = 'en'",
            k=entity,
        )
    }
    adds, updates = [], []
    for ref, body in texts.items():
        prev = old.get(ref)
        row = {
            "kind": entity,
            "ref": ref,
            "lang": "en",
            "text": body,
            "source": f.label,
            "importer": own,
        }
        if prev is None:
            adds.append(row)
        elif (
            prev["importer"] != own
        ):  # another import's row (a translation of the English text): kept
            report.texts["unchanged"] += 1
        elif prev["text"] == body and prev["source"] == f.label:
            report.texts["unchanged"] += 1
        else:
            updates.append(row)
    gone = [
        {"kind": entity, "ref": ref, "lang": "en", "importer": own}
        for ref, r in old.items()
        if r["importer"] == own and ref not in texts
    ]
    text_table = TABLES["entity_text"]
    mine = ("kind", "ref", "lang", "importer")  # only the rows this import wrote itself
    w.execute(text_table.update(("text", "source"), where=mine), updates)
    w.execute(text_table.insert(), adds)
    w.execute(text_table.delete(where=mine), gone)
    report.texts["added"] += len(adds)
    report.texts["changed"] += len(updates)
    report.texts["removed"] += len(gone)


def _write_rulings(w, f: ArchiveFile, rulings: dict, report: TextImportReport) -> None:
    """Rulings of this upstream data set: per thing, replaced when they differ."""
    entity, own = ENTITY[f.kind], f.importer
    old_rulings: dict[str, list] = defaultdict(list)
    for r in w.all(
        "SELECT id, ref, kind, text, source, lang FROM ruling WHERE entity = :e AND importer = :i"
        " ORDER BY id",
        e=entity,
        i=own,
    ):
        old_rulings[r["ref"]].append(r)
    drop, add = [], []
    for ref in set(old_rulings) | set(rulings):
        before = [(r["kind"], r["text"]) for r in old_rulings.get(ref, [])]
        after = rulings.get(ref, [])
        same_source = all(
            r["source"] == f.label and r["lang"] == "en" for r in old_rulings.get(ref, [])
        )
        _count_rulings(before, after, same_source, report)
        if before != after or not same_source:
            drop += [{"id": r["id"]} for r in old_rulings.get(ref, [])]
            add += [
                {
                    "entity": entity,
                    "ref": ref,
                    "kind": k,
                    "lang": "en",
                    "text": t,
                    "source": f.label,
                    "importer": own,
                }
                for k, t in after
            ]
    w.execute(TABLES["ruling"].delete(), drop)
    w.execute(TABLES["ruling"].insert(), add)


def _count_rulings(before: list, after: list, same_source: bool, report: TextImportReport) -> None:
    """Count one thing's rulings ``(kind, text)`` as unchanged, added and removed."""
    b, a = Counter(before), Counter(after)
    if not same_source:  # same content from another file or URL: rows are relabelled
        b = Counter()
        report.rulings["removed"] += len(before)
    report.rulings["unchanged"] += sum((b & a).values())
    report.rulings["added"] += sum((a - b).values())
    report.rulings["removed"] += sum((b - a).values())


def import_text(db, sources: list[str], data_dir=None) -> TextImportReport:
    """Read, validate and import card-archive files or URLs (see the module doc).

    All sources are read and validated before the database is touched; then
    everything is written in one transaction. Raises :class:`ImportFileError`
    for unreadable or malformed input (the database is then unchanged).
    """
    start = time.perf_counter()
    files = load_archives(sources)
    report = import_archives(db, files, data_dir)
    report.seconds = time.perf_counter() - start
    return report
