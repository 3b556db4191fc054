"""Reading the source files: JSON, tab-separated tables, required fields, numbers and VP triples.

Every reader raises :class:`~smashup_db.compiler.compile_errors.SourceError` naming the file and the field.
"""

from __future__ import annotations

import csv
import json
from pathlib import Path
from typing import Any

from smashup_db.compiler.compile_errors import SourceError
from smashup_db.i18n import N_


def load_json(path: Path) -> Any:
    """The parsed JSON of ``path``; :class:`SourceError` when it is missing or not JSON."""
    try:
        with path.open(encoding="utf-8") as fh:
            return json.load(fh)
    except FileNotFoundError:
        raise SourceError(N_("file not found"), prefix=path) from None
    except json.JSONDecodeError as exc:
        raise SourceError(
            N_("not valid JSON (line {lineno}, column {colno})"),
            prefix=path,
            lineno=exc.lineno,
            colno=exc.colno,
        ) from None


def require(record: dict, field: str, path: Path, where: str) -> Any:
    """``record[field]``; :class:`SourceError` naming ``path`` and ``where`` when it is missing."""
    if not isinstance(record, dict) or field not in record:
        raise SourceError(
            N_("{where}: field '{field}' is missing"), prefix=path, where=where, field=field
        )
    return record[field]


def read_tsv(path: Path, columns: tuple[str, ...]) -> list[dict]:
    """Read a tab-separated file with a header row holding at least ``columns``: one dict a row."""
    try:
        with path.open(encoding="utf-8", newline="") as fh:
            reader = csv.DictReader(fh, delimiter="\t", quoting=csv.QUOTE_NONE)
            missing = [c for c in columns if c not in (reader.fieldnames or [])]
            if missing:
                raise SourceError(
                    N_("header lacks column(s) {missing}"), prefix=path, missing=", ".join(missing)
                )
            return [dict(row) for row in reader]
    except FileNotFoundError:
        raise SourceError(N_("file not found"), prefix=path) from None


def int_or_none(value: str, path: Path, where: str) -> int | None:
    """A whole number from a table cell; None for an empty cell."""
    value = (value or "").strip()
    if not value:
        return None
    try:
        return int(value)
    except ValueError:
        raise SourceError(f"{path}: {where}: expected a whole number, got {value!r}") from None


def vp_triple(value: str, path: Path, where: str) -> list[int | None] | None:
    """VP for 1st, 2nd and 3rd from a cell ``"3,2,1"``; None for an empty cell."""
    parts = [p.strip() for p in (value or "").split(",") if p.strip()]
    if not parts:
        return None
    if len(parts) != 3:
        raise SourceError(f"{path}: {where}.vp: expected three numbers, got {value!r}")
    return [int_or_none(p, path, where + ".vp") for p in parts]


def straight_quotes(name: str) -> str:
    """A name with the typographic apostrophe made straight and the blanks around it cut."""
    return (name or "").replace("\u2019", "'").strip()
