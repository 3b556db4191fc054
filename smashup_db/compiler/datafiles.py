"""Read the compiled ``data/`` files back into plain records.

``default_data_dir()`` finds the data shipped with the package (a wheel puts
it at ``smashup_db/_data``; a source checkout has it at ``<repo>/data``).
``read_data(dir)`` returns ``{"catalogue", "products", "factions", "names"}``.
Errors: :class:`DataError` naming the file and the field.
"""

from __future__ import annotations

import json
import os

from smashup_db.errors import UserError
from smashup_db.i18n import N_

TYPE_CHECKING = False
if TYPE_CHECKING:
    from pathlib import Path

#: The package folder (``smashup_db``), as text: finding the shipped data needs no pathlib at start-up.
_PACKAGE = os.path.dirname(os.path.dirname(os.path.realpath(__file__)))


def __getattr__(name: str):
    if name == "PACKAGE_DIR":  # the package folder as a Path (imported lazily)
        from pathlib import Path

        return Path(_PACKAGE)
    raise AttributeError(name)


class DataError(UserError, ValueError):
    """A compiled data file is missing or malformed (message names file and field)."""


def data_dir_path() -> str:
    """The folder of the compiled catalogue that ships with the package (a wheel's ``smashup_db/_data``,
    a checkout's ``data/``), as a path string. Raises :class:`DataError` when there is none."""
    for candidate in (
        os.path.join(_PACKAGE, "_data"),
        os.path.join(os.path.dirname(_PACKAGE), "data"),
    ):
        if os.path.isfile(os.path.join(candidate, "catalogue.json")):
            return candidate
    raise DataError(
        N_("no compiled catalogue (catalogue.json) found"),
        prefix=os.path.join(os.path.dirname(_PACKAGE), "data"),
    )


def default_data_dir() -> Path:
    """The compiled catalogue that ships with the package (see :func:`data_dir_path`)."""
    from pathlib import Path

    return Path(data_dir_path())


def _json(path: Path):
    try:
        return json.loads(path.read_text(encoding="utf-8"))
    except FileNotFoundError:
        raise DataError(N_("file not found"), prefix=path) from None
    except json.JSONDecodeError as exc:
        raise DataError(
            N_("not valid JSON (line {lineno}, column {colno})"),
            prefix=path,
            lineno=exc.lineno,
            colno=exc.colno,
        ) from None


def read_data(data_dir: Path | None = None) -> dict:
    """Read every compiled file of ``data_dir`` (default: the shipped catalogue).

    Returns ``{"dir": Path, "catalogue": {...}, "products": [(path, dict)],
    "factions": [(path, dict)], "names": {lang: [(path, line, row)]},
    "glossary": [row], "printings": [row], "differences": [row], "aliases": [row]}``
    (``printings.json``; empty lists when the file is absent). Each record keeps its file path so that the checker
    can name it. Only syntax is checked here; :mod:`.check` checks meaning.
    """
    import csv
    from pathlib import Path

    data_dir = Path(data_dir) if data_dir else default_data_dir()
    if not data_dir.is_dir():
        raise DataError(
            N_("not a data/ folder (it has catalogue.json, products/ and factions/)"),
            prefix=data_dir,
        )
    out = {
        "dir": data_dir,
        "catalogue": _json(data_dir / "catalogue.json"),
        "products": [],
        "factions": [],
        "names": {},
        "glossary": [],
    }
    for sub in ("products", "factions"):
        folder = data_dir / sub
        if not folder.is_dir():
            raise DataError(N_("folder not found"), prefix=folder)
        for path in sorted(folder.glob("*.json")):
            record = _json(path)
            if not isinstance(record, dict):
                raise DataError(N_("expected an object"), prefix=path)
            out[sub].append((path, record))
    for path in sorted((data_dir / "i18n").glob("*.tsv")):
        with path.open(encoding="utf-8", newline="") as fh:
            rows = list(csv.DictReader(fh, delimiter="\t", quoting=csv.QUOTE_NONE))
        out["names"][path.stem] = [(path, i + 2, row) for i, row in enumerate(rows)]
    printings = data_dir / "printings.json"
    doc = _json(printings) if printings.is_file() else {}
    out["printings"] = doc.get("printings", []) if isinstance(doc, dict) else []
    out["differences"] = doc.get("differences", []) if isinstance(doc, dict) else []
    components = data_dir / "components.json"
    doc = _json(components) if components.is_file() else {}
    out["components"] = doc.get("components", []) if isinstance(doc, dict) else []
    aliases = data_dir / "aliases.tsv"
    out["aliases"] = []
    if aliases.is_file():
        with aliases.open(encoding="utf-8", newline="") as fh:
            out["aliases"] = list(csv.DictReader(fh, delimiter="\t", quoting=csv.QUOTE_NONE))
    glossary = data_dir / "glossary.tsv"
    if glossary.is_file():
        with glossary.open(encoding="utf-8", newline="") as fh:
            out["glossary"] = list(csv.DictReader(fh, delimiter="\t", quoting=csv.QUOTE_NONE))
    return out
