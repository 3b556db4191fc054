"""Adapters for the public source formats in ``../shared/data``.

Each adapter reads one format and returns plain dicts with the facts only
(names, types, copies, power, breakpoints, VP, links). Rules text is read only
to derive facts (the printed power prefix, keywords); it is never returned.

Errors: :class:`SourceError` names the file and the field that is malformed.
"""

from __future__ import annotations

import csv
import json
import re
from pathlib import Path
from typing import Any

from smashup_db.errors import UserError

CARD_ARCHIVE_CATALOG = Path("card-archive/smashup-catalog.json")
CARD_ARCHIVE_BASES = Path("card-archive/smashup-bases.json")
KADSUNO_DIR = Path("kadsuno-factions")
PINKEPOP_SETS = Path("pinkepop/sets.json")
NAMES_DE = Path("german/names-de.tsv")
EDITIONS_DE = Path("german/editions-de.tsv")
GLOSSARY_DE = Path("german/glossary-de.tsv")
ZHUANGGENHUA_CARDS = Path("zhuanggenhua/cards.tsv")
ZHUANGGENHUA_BASES = Path("zhuanggenhua/bases.tsv")
FABIKW_BASES = Path("fabikw/bases-2015.tsv")
FABIKW_FACTIONS = Path("fabikw/factions-2015.tsv")

#: Marvel/Disney call minions "characters"; G.I. Gerald's fusions and a few
#: minion/action hybrids are "other". Everything maps onto :data:`models.CARD_TYPES`.
from smashup_db.common.vocabulary import SOURCE_TYPES as TYPE_MAP
from smashup_db.i18n import N_

_POWER_PREFIX = re.compile(r"^\s*power\s*(\d+)\s*-", re.IGNORECASE)
_KEYWORD_PATTERNS = {
    "ongoing": re.compile(r"\bOngoing\s*:"),
    "talent": re.compile(r"\bTalent\s*:"),
    "special": re.compile(r"\bSpecial\s*:"),
    "play-on-minion": re.compile(
        r"\bPlay (?:this )?on (?:a|an|one of your|another player's) (?:minion|character)", re.I
    ),
    "play-on-base": re.compile(r"\bPlay (?:this )?on a base", re.I),
    "extra-play": re.compile(r"\bextra (?:minion|action|character)", re.I),
}


class SourceError(UserError, ValueError):
    """A source file is missing or malformed; the message names file and field."""


class CompileError(UserError, ValueError):
    """Sources that cannot be reconciled (unknown product, unmatched correction...)."""


#: A card text offering a Minion and an Action ability, or saying Fusion (Half the Battle).
_FUSION = re.compile(
    r"^\s*(?:Power\s*\d+\s*-\s*)?(?:Fusion\b|Minion\s*:.*\bAction\s*:)", re.I | re.S
)
#: A base's sentence about what happens when it scores (linear: no nested repetition).
_SCORES = re.compile(r"\b(?:When|Before|After|As) this base scores\b[^.]*(?:\.[^.]*)?", re.I)


def is_fusion(text: str | None) -> bool:
    """True when a card's English text offers a Minion and an Action ability (or says Fusion)."""
    return bool(_FUSION.search(text or ""))


def scoring_flag(text: str | None, vp: list | None) -> str | None:
    """The base's own scoring rule from its English text, or None when 1st/2nd/3rd VP apply as printed.

    ``replaced`` (replaced before scoring and the new base scores: Unicrave),
    ``per-minion`` (VP per minion: Rhodes Plaza Mall), ``extra-vp`` (VP per N
    power: Factory 436-1337), ``other`` (another scoring-time VP rule, or VP
    printed as 0/0/0).
    """
    text = text or ""
    for m in _SCORES.finditer(text):
        s = m.group(0)
        if re.search(r"replace (?:it|this base)", s, re.I) and "keep scoring" in text.lower():
            return "replaced"
        if re.search(r"VP\b|victory point", s, re.I):
            if re.search(r"for each minion", s, re.I):
                return "per-minion"
            if re.search(r"for every \d+ power", s, re.I):
                return "extra-vp"
            return "other"
    if vp and list(vp) == [0, 0, 0]:
        return "other"
    return None


def _load_json(path: Path) -> Any:
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


def _require(record: dict, field: str, path: Path, where: str) -> Any:
    if not isinstance(record, dict) or field not in record:
        raise SourceError(
            N_("{where}: field '{field}' is missing"), prefix=path, where=where, field=field
        )
    return record[field]


def printed_power(text: str | None) -> int | None:
    """The power printed in a card-archive text prefix ("Power 3 - ..."), or None."""
    match = _POWER_PREFIX.match(text or "")
    return int(match.group(1)) if match else None


def keywords_of(text: str | None) -> list[str]:
    """Keywords (see ``models.KEYWORDS``) found in an English card text, sorted."""
    return sorted(k for k, rx in _KEYWORD_PATTERNS.items() if rx.search(text or ""))


def read_card_archive(root: Path) -> dict:
    """Read the card archive's catalogue and bases.

    Returns ``{"factions": [{"name", "set", "cards": [{"name", "type", "copies",
    "power", "keywords", "source_type"}]}], "bases": [{"name", "faction", "set",
    "breakpoint", "vp"}]}``. ``power`` falls back to the printed prefix when the
    field is null (the archive stores power 0 and odd spellings as null).
    """
    path = root / CARD_ARCHIVE_CATALOG
    data = _load_json(path)
    factions = []
    for i, fac in enumerate(_require(data, "factions", path, "top level")):
        where = f"factions[{i}]"
        cards = []
        for j, card in enumerate(_require(fac, "cards", path, where)):
            cwhere = f"{where}.cards[{j}]"
            source_type = _require(card, "type", path, cwhere)
            if source_type not in TYPE_MAP:
                raise SourceError(
                    N_("{cwhere}.type: unknown card type {source_type!r}"),
                    prefix=path,
                    cwhere=cwhere,
                    source_type=source_type,
                )
            text = card.get("text") or ""
            power = card.get("power")
            if power is None:
                power = printed_power(text)
            copies = _require(card, "quantity", path, cwhere)
            if not isinstance(copies, int) or copies < 1:
                raise SourceError(
                    N_("{cwhere}.quantity: expected a positive whole number"),
                    prefix=path,
                    cwhere=cwhere,
                )
            cards.append(
                {
                    "name": _require(card, "name", path, cwhere),
                    "type": "fusion" if is_fusion(text) else TYPE_MAP[source_type],
                    "source_type": source_type,
                    "copies": copies,
                    "power": power,
                    "keywords": keywords_of(text),
                }
            )
        factions.append(
            {
                "name": _require(fac, "name", path, where),
                "set": _require(fac, "set", path, where),
                "cards": cards,
            }
        )
    bpath = root / CARD_ARCHIVE_BASES
    bdata = _load_json(bpath)
    bases = []
    for i, base in enumerate(_require(bdata, "bases", bpath, "top level")):
        where = f"bases[{i}]"
        vp = base.get("vp")
        if vp is not None and (not isinstance(vp, list) or len(vp) != 3):
            raise SourceError(N_("{where}.vp: expected three numbers"), prefix=bpath, where=where)
        bases.append(
            {
                "name": _require(base, "name", bpath, where),
                "faction": base.get("sourceFaction") or None,
                "set": _require(base, "set", bpath, where),
                "breakpoint": base.get("breakpoint"),
                "vp": vp,
                "scoring": _scoring_flag(base.get("text"), vp),
            }
        )
    return {"factions": factions, "bases": bases}


def _scoring_flag(text, vp):
    return scoring_flag(text, vp)


def read_kadsuno(root: Path) -> list[dict]:
    """Read the Kadsuno faction files: ``[{"name", "set", "bases": [names], "playstyle"}]``.

    Only names and the ``playstyle`` (complexity, e.g. "Low-Medium"; None when
    absent) are taken; the marketing fields are ignored (data README).
    """
    out = []
    folder = root / KADSUNO_DIR
    files = sorted(folder.glob("*.json"))
    if not files:
        raise SourceError(N_("no faction files found"), prefix=folder)
    for path in files:
        data = _load_json(path)
        if not isinstance(data, list):
            raise SourceError(N_("expected a list of factions"), prefix=path)
        for i, fac in enumerate(data):
            where = f"[{i}]"
            bases_text = _require(fac, "bases", path, where) or ""
            names = [line.lstrip("* ").strip() for line in bases_text.splitlines() if line.strip()]
            out.append(
                {
                    "name": _require(fac, "name", path, where),
                    "set": _require(fac, "expansion", path, where),
                    "bases": names,
                    "playstyle": fac.get("playstyle") or None,
                    "file": path.name,
                }
            )
    return out


def read_pinkepop(root: Path) -> list[dict]:
    """Read PinkePop's product list: ``[{"name", "release_date", "factions"}]`` (English)."""
    path = root / PINKEPOP_SETS
    data = _load_json(path)
    out = []
    for i, s in enumerate(_require(data, "sets", path, "top level")):
        name = (s.get("name") or {}).get("en")
        if not name:
            continue
        out.append(
            {
                "name": name,
                "release_date": (s.get("release_date") or {}).get("en"),
                "factions": [
                    (f.get("name") or {}).get("en")
                    for f in s.get("factions") or []
                    if f.get("name")
                ],
            }
        )
    return out


def read_tsv(path: Path, columns: tuple[str, ...]) -> list[dict]:
    """Read a tab-separated file with a header row holding at least ``columns``."""
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


def read_names_de(root: Path) -> list[dict]:
    """German names: ``[{"kind", "english", "german", "confidence", "evidence"}]``."""
    return read_tsv(root / NAMES_DE, ("kind", "english", "german", "confidence", "evidence"))


def read_glossary_de(root: Path) -> list[dict]:
    """German game terms: ``[{"english", "german", "note"}]``."""
    return read_tsv(root / GLOSSARY_DE, ("english", "german", "note"))


def read_editions_de(root: Path) -> list[dict]:
    """German editions: ``[{"english_product", "german_title", "german_release", "evidence"}]``."""
    return read_tsv(
        root / EDITIONS_DE, ("english_product", "german_title", "german_release", "evidence")
    )


def _int_or_none(value: str, path: Path, where: str) -> int | None:
    value = (value or "").strip()
    if not value:
        return None
    try:
        return int(value)
    except ValueError:
        raise SourceError(f"{path}: {where}: expected a whole number, got {value!r}") from None


def _vp_of(value: str, path: Path, where: str) -> list[int] | None:
    parts = [p.strip() for p in (value or "").split(",") if p.strip()]
    if not parts:
        return None
    if len(parts) != 3:
        raise SourceError(f"{path}: {where}.vp: expected three numbers, got {value!r}")
    return [_int_or_none(p, path, where + ".vp") for p in parts]


def read_zhuanggenhua(root: Path) -> dict:
    """Read the zhuanggenhua engine's facts (``zhuanggenhua/cards.tsv`` and ``bases.tsv``).

    Returns ``{"cards": [{"file", "commit", "printing" (classic|pod), "id", "type", "name",
    "faction" (the engine's key, ``_pod`` stripped), "power", "copies", "row"}],
    "bases": [{"file", "commit", "printing", "id", "name", "faction", "breakpoint", "vp", "row"}]}``
    (``row``: the line number in the file, for evidence). Names are partly the engine's
    back-translations from Chinese (data README): never match by name alone.
    """
    out: dict[str, list] = {"cards": [], "bases": []}
    cpath = root / ZHUANGGENHUA_CARDS
    for i, r in enumerate(
        read_tsv(
            cpath,
            ("file", "commit", "printing", "id", "type", "name_en", "faction", "power", "copies"),
        ),
        start=2,
    ):
        where = f"line {i}"
        if r["printing"] not in ("classic", "pod"):
            raise SourceError(
                f"{cpath}: {where}.printing: expected classic or pod, got {r['printing']!r}"
            )
        fac = r["faction"].strip()
        out["cards"].append(
            {
                "file": r["file"],
                "commit": r["commit"],
                "printing": r["printing"],
                "id": r["id"],
                "type": r["type"].strip(),
                "name": (r["name_en"] or "").replace("’", "'").strip(),
                "faction": fac[:-4] if fac.endswith("_pod") else fac,
                "power": _int_or_none(r["power"], cpath, where + ".power"),
                "copies": _int_or_none(r["copies"], cpath, where + ".copies"),
                "row": i,
            }
        )
    bpath = root / ZHUANGGENHUA_BASES
    for i, r in enumerate(
        read_tsv(
            bpath, ("file", "commit", "printing", "id", "name_en", "faction", "breakpoint", "vp")
        ),
        start=2,
    ):
        where = f"line {i}"
        fac = r["faction"].strip()
        out["bases"].append(
            {
                "file": r["file"],
                "commit": r["commit"],
                "printing": r["printing"],
                "id": r["id"],
                "name": (r["name_en"] or "").replace("’", "'").strip(),
                "faction": fac[:-4] if fac.endswith("_pod") else fac,
                "breakpoint": _int_or_none(r["breakpoint"], bpath, where + ".breakpoint"),
                "vp": _vp_of(r["vp"], bpath, where),
                "row": i,
            }
        )
    return out


def read_fabikw(root: Path) -> dict:
    """Read fabikw's 2015 scoring tool data: ``{"bases": [{"name", "vp", "product", "row"}],
    "factions": [{"name", "product", "row"}]}`` (original printings and names of 2015; its It's Your
    Fault! and Munchkin rows predate those boxes: weak evidence, data README)."""
    bpath = root / FABIKW_BASES
    bases = [
        {
            "name": r["name_en"].replace("’", "'").strip(),
            "vp": _vp_of(r["vp"], bpath, f"line {i}"),
            "product": r["product"].strip(),
            "row": i,
        }
        for i, r in enumerate(read_tsv(bpath, ("name_en", "vp", "product")), start=2)
    ]
    fpath = root / FABIKW_FACTIONS
    factions = [
        {"name": r["name_en"].strip(), "product": r["product"].strip(), "row": i}
        for i, r in enumerate(read_tsv(fpath, ("name_en", "product")), start=2)
    ]
    return {"bases": bases, "factions": factions}
