"""Collection backup: export the ``collection`` table to JSON or CSV and import it back.

A product id is the printing in this catalogue (one row per box), so
``owner, product, copies`` is the whole collection; ``added_at`` is kept.
The format is chosen by the file's suffix (``.csv``, else JSON).

Import runs in one transaction: a malformed file changes nothing and the
error names the file and the field (JSON) or line and column (CSV). By
default each row sets that owner's copies of that product (other rows stay);
``replace`` empties the collection first.
"""

from __future__ import annotations

import csv
import io
import json
from datetime import datetime, timezone
from pathlib import Path

from smashup_db.catalogue.view import Catalogue, NotFound
from smashup_db.common.vocabulary import PRINTINGS
from smashup_db.db.tables import TABLES
from smashup_db.errors import UserError
from smashup_db.i18n import N_
from smashup_db.rules.endgame import EndError, check_player_name
from smashup_db.userdata import envelope
from smashup_db.userdata.collection import MAX_COPIES  # one bound for typed and imported copies

FORMAT = "smashup-collection"
VERSION = 1
COLUMNS = ("owner", "product", "copies", "added_at", "printing")


class BackupError(UserError, ValueError):
    """A malformed or unreadable backup file; the message names the file and field."""


def rows(cat: Catalogue) -> list[dict]:
    """Collection rows ``[{"owner", "product" (id), "copies", "added_at", "printing"}]`` by owner and catalogue order."""
    return [
        {
            "owner": r["owner"],
            "product": r["product_id"],
            "copies": r["copies"],
            "added_at": r["added_at"],
            "printing": r["printing"],
        }
        for r in cat.r.all(
            "SELECT c.owner, c.product_id, c.copies, c.added_at, c.printing FROM collection c"
            " LEFT JOIN product p ON p.id = c.product_id ORDER BY c.owner, p.sort, c.product_id"
        )
    ]


def _safe_cell(value) -> str:
    """A CSV cell that no spreadsheet reads as a formula (:func:`smashup_db.common.sanitize.csv_cell`)."""
    from smashup_db.common.sanitize import csv_cell

    return csv_cell("" if value is None else str(value))


def export_text(cat: Catalogue, kind: str) -> str:
    """The collection as ``json`` or ``csv`` text."""
    items = rows(cat)
    if kind == "csv":
        buf = io.StringIO()
        w = csv.writer(buf, lineterminator="\n")
        w.writerow(COLUMNS)
        for r in items:
            w.writerow([_safe_cell(r[c]) for c in COLUMNS])
        return buf.getvalue()
    return (
        json.dumps(
            {"format": FORMAT, "version": VERSION, "entries": items}, ensure_ascii=False, indent=1
        )
        + "\n"
    )


def kind_of(path: Path) -> str:
    """``csv`` for a ``.csv`` file, else ``json``."""
    return "csv" if Path(path).suffix.lower() == ".csv" else "json"


def _entries_json(text: str, src: str) -> list[tuple[str, dict]]:
    from smashup_db.importer.files import parse_json

    return envelope.items(parse_json(src, text), src, FORMAT, VERSION, "entries", BackupError)


def _entries_csv(text: str, src: str) -> list[tuple[str, dict]]:
    from smashup_db.common.sanitize import uncsv_cell

    reader = csv.DictReader(io.StringIO(text))
    missing = [c for c in ("owner", "product", "copies") if c not in (reader.fieldnames or [])]
    if missing:
        raise BackupError(
            N_("line 1: header lacks column(s) {missing}"), prefix=src, missing=", ".join(missing)
        )
    out = []
    try:
        for row in reader:
            clean = {
                k: (uncsv_cell(v) if isinstance(v, str) else v)
                for k, v in row.items()
                if k is not None
            }
            copies = clean.get("copies", "")
            try:
                clean["copies"] = int(copies)
            except (TypeError, ValueError):
                raise BackupError(
                    N_("line {line_num}: copies: {copies!r} is not a whole number"),
                    prefix=src,
                    line_num=reader.line_num,
                    copies=copies,
                ) from None
            clean["added_at"] = clean.get("added_at") or None
            out.append((f"{src}: line {reader.line_num}", clean))
    except csv.Error as exc:
        raise BackupError(
            N_("line {line_num}: {exc}"), prefix=src, line_num=reader.line_num, exc=exc
        ) from None
    return out


def parse(cat: Catalogue, path: Path) -> list[dict]:
    """Read and check a backup file; returns ``[{"owner", "product_id", "copies", "added_at", "printing"}]``.

    Raises :class:`BackupError` naming the file and the field or line.
    """
    from smashup_db.importer.files import read_text

    path = Path(path)
    text = read_text(
        str(path)
    )  # one-line ImportFileError: missing, folder, device, too large, not UTF-8
    items = (
        _entries_csv(text, str(path)) if kind_of(path) == "csv" else _entries_json(text, str(path))
    )
    out, seen = [], set()
    for where, e in items:
        try:
            owner = check_player_name(e.get("owner"))
        except EndError as exc:
            raise BackupError(N_("owner: {reason}"), prefix=where, reason=exc) from None
        product = e.get("product")
        if not isinstance(product, str) or not product.strip():
            raise BackupError(N_("product: missing"), prefix=where)
        try:
            pid = cat.resolve("product", product)[0]
        except NotFound as exc:
            raise BackupError(N_("product: {reason}"), prefix=where, reason=exc) from None
        copies = e.get("copies")
        if isinstance(copies, bool) or not isinstance(copies, int) or not 1 <= copies <= MAX_COPIES:
            raise BackupError(
                N_("copies: must be a whole number from 1 to {max_copies}, got {copies!r}"),
                prefix=where,
                max_copies=MAX_COPIES,
                copies=copies,
            )
        added = e.get("added_at")
        if added is not None:
            try:
                datetime.fromisoformat(str(added))
            except ValueError:
                raise BackupError(
                    N_("added_at: {added!r} is not an ISO date and time"), prefix=where, added=added
                ) from None
        printing = e.get("printing") or None  # absent in backups made before printings existed
        if printing is not None and printing not in PRINTINGS:
            raise BackupError(
                N_("printing: {printing!r} is not original, current or german"),
                prefix=where,
                printing=printing,
            )
        if (owner, pid) in seen:
            raise BackupError(
                N_("product: {owner} has {pid} twice in the file"),
                prefix=where,
                owner=owner,
                pid=pid,
            )
        seen.add((owner, pid))
        out.append(
            {
                "owner": owner,
                "product_id": pid,
                "copies": copies,
                "added_at": added,
                "printing": printing,
            }
        )
    return out


def import_file(cat: Catalogue, path: Path, replace: bool = False) -> dict:
    """Load a backup in one transaction; returns ``{"entries", "owners", "replaced"}``.

    Each entry sets the owner's copies of the product; ``replace`` first
    empties the whole collection. Raises :class:`BackupError` (nothing changed)
    or :class:`~smashup_db.errors.DatabaseError`.
    """
    entries = parse(cat, path)
    from smashup_db.db import writing

    now = datetime.now(timezone.utc).isoformat(timespec="seconds")
    with writing(cat.r.url, "collection") as w:
        if replace:
            w.execute(TABLES["collection"].delete(()))
        w.execute(
            TABLES["collection"].delete(),
            [{"owner": e["owner"], "product_id": e["product_id"]} for e in entries],
        )
        w.execute(
            TABLES["collection"].insert(),
            [{**e, "added_at": e["added_at"] or now} for e in entries],
        )
    return {
        "entries": len(entries),
        "owners": sorted({e["owner"] for e in entries}),
        "replaced": replace,
    }
