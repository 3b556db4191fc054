"""Validate the compiled ``data/`` files (``smashup data check``).

Every problem is reported as a :class:`Problem` naming the file, the field
and what is wrong; the check never stops at the first one.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from smashup_db.common.text import is_slug
from smashup_db.common.vocabulary import CARD_TYPES, KEYWORDS, PRODUCT_KINDS
from smashup_db.compiler.datafiles import DataError, read_data

#: Cards in a faction deck, titans not counted (rulebook: "20-card deck").
DECK_SIZE = 20


@dataclass(frozen=True)
class Problem:
    """One thing wrong with the data: ``file``, dotted ``field`` path, ``message``."""

    file: str
    field: str
    message: str

    def __str__(self) -> str:
        return f"{self.file}: {self.field}: {self.message}"


def _is_count(value) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and value >= 0


def check_data(data_dir: Path | None = None) -> list[Problem]:
    """Check ``data_dir`` (default: the shipped catalogue); return the problems found.

    Checks: ids are well-formed and unique; every faction is in a product;
    each faction's non-titan copies add up to 20 (or the documented exception
    in ``curated/deck-exceptions.json``); every minion has a power; every base
    has a breakpoint and three VP or a note saying why they are unknown; every
    translated name points at an existing thing; every printing names an
    existing thing and product, and no difference between the printings is
    left unresolved (:func:`check_printings`). An unreadable file is itself
    a problem.
    """
    try:
        data = read_data(data_dir)
    except DataError as exc:
        path, _, msg = str(exc).partition(": ")
        return [Problem(path, "(file)", msg)]
    c = _Checker(data)
    for path, f in data["factions"]:
        c.faction(path, f)
    for path, p in data["products"]:
        c.product(path, p)
    for path, f in data["factions"]:
        if f.get("id") not in c.in_product:
            c.bad(path, "id", f"faction {f.get('id')!r} is in no product")
    c.names()
    return c.problems + check_printings(data, c.seen) + check_majority(data)


class _Checker:
    """The problems found so far and the ids seen, with one check per kind of file."""

    def __init__(self, data: dict):
        self.data = data
        self.problems: list[Problem] = []
        self.seen: dict[str, dict[str, str]] = {
            "product": {},
            "faction": {},
            "card": {},
            "base": {},
        }
        self.in_product: set[str] = set()
        self.exceptions = {}
        exc_file = data["dir"] / "curated" / "deck-exceptions.json"
        if exc_file.is_file():
            import json

            self.exceptions = {
                e["faction"]: e["cards"] for e in json.loads(exc_file.read_text())["exceptions"]
            }

    def bad(self, path, fld, msg) -> None:
        self.problems.append(Problem(str(path), fld, msg))

    def claim(self, kind, ident, path, fld) -> None:
        """``ident`` is a well-formed id not used before by another thing of ``kind``."""
        if not isinstance(ident, str) or not is_slug(ident):
            self.bad(
                path,
                fld,
                f"{ident!r} is not a well-formed id (lower-case letters, digits, hyphens)",
            )
            return
        if ident in self.seen[kind]:
            self.bad(path, fld, f"duplicate {kind} id {ident!r} (also in {self.seen[kind][ident]})")
        self.seen[kind][ident] = str(path)

    def faction(self, path, f: dict) -> None:
        """A faction file: id, name, complexity, and its cards (:meth:`card`) adding up to the deck size."""
        bad = self.bad
        self.claim("faction", f.get("id"), path, "id")
        if path.stem != f.get("id"):
            bad(path, "id", f"does not match the file name {path.stem!r}")
        if not f.get("name"):
            bad(path, "name", "missing")
        if f.get("complexity") is not None:
            from smashup_db.compiler.compile import complexity_of

            if complexity_of(f["complexity"]) != f["complexity"]:
                bad(
                    path,
                    "complexity",
                    f"{f['complexity']!r} is not low, medium, high or two of them joined by '-'",
                )
        cards = f.get("cards")
        if not isinstance(cards, list):
            bad(path, "cards", "must be a list")
            return
        total = sum(self.card(path, f"cards[{i}]", c) for i, c in enumerate(cards))
        expected = self.exceptions.get(f.get("id"), DECK_SIZE)
        if total != expected:
            bad(path, "cards", f"copies add up to {total}, not {expected}")

    def card(self, path, where: str, c: dict) -> int:
        """One card of a faction file; returns the copies it adds to the deck (titans add none)."""
        bad = self.bad
        self.claim("card", c.get("id"), path, f"{where}.id")
        counted = 0
        if c.get("type") not in CARD_TYPES:
            bad(path, f"{where}.type", f"{c.get('type')!r} is not one of {', '.join(CARD_TYPES)}")
        if not (_is_count(c.get("copies")) and c["copies"] > 0):
            bad(path, f"{where}.copies", f"{c.get('copies')!r} is not a positive whole number")
        elif c.get("type") != "titan":
            counted = c["copies"]
        if c.get("power") is not None and not _is_count(c.get("power")):
            bad(path, f"{where}.power", f"{c.get('power')!r} is not a whole number >= 0")
        if c.get("type") in ("minion", "fusion") and c.get("power") is None and not c.get("note"):
            bad(
                path,
                f"{where}.power",
                f"{c.get('type')} {c.get('name')!r} has no power and no note saying why",
            )
        if c.get("type") == "titan" and c.get("power") is not None:
            bad(path, f"{where}.power", f"titan {c.get('name')!r} has a power; titans have none")
        for kw in c.get("keywords") or []:
            if kw not in KEYWORDS:
                bad(path, f"{where}.keywords", f"unknown keyword {kw!r}")
        return counted

    def product(self, path, p: dict) -> None:
        """A product file: id, kind, year, its factions (which must exist) and its bases (:meth:`base`)."""
        bad = self.bad
        self.claim("product", p.get("id"), path, "id")
        if path.stem != p.get("id"):
            bad(path, "id", f"does not match the file name {path.stem!r}")
        if p.get("kind") not in PRODUCT_KINDS:
            bad(path, "kind", f"{p.get('kind')!r} is not one of {', '.join(PRODUCT_KINDS)}")
        if p.get("year") is not None and not (
            isinstance(p["year"], int) and 2010 <= p["year"] <= 2100
        ):
            bad(path, "year", f"{p['year']!r} is not a plausible year")
        for i, fid in enumerate(p.get("factions") or []):
            self.in_product.add(fid)
            if fid not in self.seen["faction"]:
                bad(path, f"factions[{i}]", f"unknown faction {fid!r}")
        for i, b in enumerate(p.get("bases") or []):
            self.base(path, f"bases[{i}]", b)

    def base(self, path, where: str, b: dict) -> None:
        """One base: id, faction, breakpoint and three VP, or a note saying why they are unknown."""
        bad = self.bad
        self.claim("base", b.get("id"), path, f"{where}.id")
        if b.get("faction") is not None and b["faction"] not in self.seen["faction"]:
            bad(path, f"{where}.faction", f"unknown faction {b['faction']!r}")
        vp = b.get("vp")
        known = b.get("breakpoint") is not None
        if known and not (_is_count(b["breakpoint"]) and b["breakpoint"] > 0):
            bad(path, f"{where}.breakpoint", f"{b['breakpoint']!r} is not a positive whole number")
        if not isinstance(vp, list) or len(vp) != 3:
            bad(path, f"{where}.vp", "must be a list of three VP values (null where unknown)")
        elif known and not all(_is_count(v) for v in vp):
            bad(path, f"{where}.vp", f"{vp!r}: a base with a breakpoint needs three VP values")
        if not known and not b.get("note"):
            bad(path, f"{where}.breakpoint", "unknown without a note saying why")

    def names(self) -> None:
        """Every translated name points at an existing thing and is not empty."""
        for rows in self.data["names"].values():
            for path, line, row in rows:
                kind, ident = row.get("kind"), row.get("id")
                if kind not in self.seen:
                    self.bad(path, f"line {line}.kind", f"unknown kind {kind!r}")
                elif ident not in self.seen[kind]:
                    self.bad(path, f"line {line}.id", f"{kind} {ident!r} does not exist")
                if not (row.get("name") or "").strip():
                    self.bad(path, f"line {line}.name", "empty name")


def check_majority(data: dict) -> list[Problem]:
    """A minion or fusion stored with unknown power although a majority of the sources gives one
    (:func:`~smashup_db.compiler.settle.tally` over its power differences in ``printings.json``)."""
    from smashup_db.compiler.difference import Difference
    from smashup_db.compiler.settle import tally

    unknown = {
        c.get("id"): (path, c.get("name"))
        for path, f in data["factions"]
        for c in f.get("cards", [])
        if c.get("type") in ("minion", "fusion") and c.get("power") is None
    }
    groups: dict[str, list[Difference]] = {}
    for d in data.get("differences", []):
        if d.get("kind") == "card" and d.get("field") == "power" and d.get("id") in unknown:
            groups.setdefault(d["id"], []).append(Difference.from_record(d))
    out = []
    for cid, diffs in sorted(groups.items()):
        t = tally(diffs)
        if t.value is not None:
            path, name = unknown[cid]
            out.append(
                Problem(
                    str(path),
                    f"card {cid}.power",
                    f"{name!r} is stored with unknown power, but a majority decides {t.value!r}: "
                    f"{t.worded()}",
                )
            )
    return out


def check_printings(data: dict, seen: dict[str, dict[str, str]]) -> list[Problem]:
    """Problems of ``printings.json``: unknown ids, products or printings, and unresolved differences.

    Every difference the compiler found between the original (Kadsuno) and
    the current (card archive) printings must be a printing, a correction or
    reviewed (``curated/printings.json``); each unresolved one is a problem.
    """
    from smashup_db.common.vocabulary import PRINTINGS

    path = str(data["dir"] / "printings.json")
    out = []
    for i, r in enumerate(data.get("printings", [])):
        where = f"printings[{i}]"
        if r.get("kind") not in ("card", "base") or r.get("id") not in seen.get(r.get("kind"), {}):
            out.append(
                Problem(path, f"{where}.id", f"{r.get('kind')} {r.get('id')!r} does not exist")
            )
        if r.get("product") not in seen["product"]:
            out.append(Problem(path, f"{where}.product", f"unknown product {r.get('product')!r}"))
        if r.get("printing") not in PRINTINGS:
            out.append(
                Problem(
                    path,
                    f"{where}.printing",
                    f"{r.get('printing')!r} is not one of {', '.join(PRINTINGS)}",
                )
            )
        if not r.get("reason"):
            out.append(Problem(path, f"{where}.reason", "a printing needs a reason"))
    for i, d in enumerate(data.get("differences", [])):
        if d.get("status") not in ("printing", "corrected", "reviewed"):
            out.append(
                Problem(
                    path,
                    f"differences[{i}]",
                    f"unresolved: {d.get('faction')} {d.get('name') or d.get('original_name')} "
                    f"{d.get('field')} (original {d.get('original')!r}, current {d.get('current')!r}); "
                    "add it to curated/printings.json or curated/corrections.json",
                )
            )
    return out
