"""The 2015 scoring tool's tables (``fabikw/``): original base VP and faction names of 2015.

Source: GitHub ``fabikw/Smash-UP``, its Python data module (shared/data/README.md): VP of 84 bases and 42
faction names with their product, the original printings and names. Its rows of boxes released after
it was written are weak evidence (``curated/printings.json`` ``weak_evidence``). Differences with the
card archive get ``sources`` ``card-archive/fabikw``.
"""

from __future__ import annotations

from pathlib import Path

from smashup_db.common.text import key
from smashup_db.compiler.difference import Difference
from smashup_db.compiler.sources.readers import read_tsv, straight_quotes, vp_triple

BASES = Path("fabikw/bases-2015.tsv")
FACTIONS = Path("fabikw/factions-2015.tsv")
SOURCES = "card-archive/fabikw"


def read_scoring_tool(root: Path) -> dict:
    """``{"bases": [{"name", "vp", "product", "row"}], "factions": [{"name", "product", "row"}]}``
    (``row``: the line number in the file, for evidence)."""
    bpath = root / BASES
    bases = [
        {
            "name": straight_quotes(r["name_en"]),
            "vp": vp_triple(r["vp"], bpath, f"line {i}"),
            "product": r["product"].strip(),
            "row": i,
        }
        for i, r in enumerate(read_tsv(bpath, ("name_en", "vp", "product")), start=2)
    ]
    fpath = root / FACTIONS
    factions = [
        {"name": r["name_en"].strip(), "product": r["product"].strip(), "row": i}
        for i, r in enumerate(read_tsv(fpath, ("name_en", "product")), start=2)
    ]
    return {"bases": bases, "factions": factions}


def _pair(
    rows: list[dict], mine: list[dict], named: dict[str, dict | None]
) -> tuple[list, list[str]]:
    """Pair one product's rows: by name (also a name of another printing), else with the product's
    only base of the same VP that no other row names. Returns ``(pairs, notes)``."""
    pairs, rest, notes = [], [], []
    for r in rows:
        hit = next((b for b in mine if key(b["en"]) == key(r["name"])), None) or named.get(
            key(r["name"])
        )
        if hit is None:
            rest.append(r)
            continue
        if hit in mine:
            mine.remove(hit)
        pairs.append((hit, r))
    for r in rest:
        fits = [b for b in mine if list(b["vp"]) == r["vp"]]
        if len(fits) == 1:
            mine.remove(fits[0])
            pairs.append((fits[0], r))
        else:
            notes.append(
                f"fabikw: base {r['name']!r} ({r['product']}) pairs with no catalogue base; "
                "not compared"
            )
    return pairs, notes


def _differences(b: dict, r: dict) -> list[Difference]:
    """The name (folded) and VP the tool gives otherwise than the archive (VP: now or before corrections)."""
    raw = b.get("raw") or {}
    found = []
    if key(r["name"]) != key(b["en"]):
        found.append(("name", r["name"], b["en"], raw.get("en", b["en"])))
    vp, raw_vp = list(b["vp"]), raw.get("vp")
    if r["vp"] != vp or r["vp"] != raw_vp:
        found.append(("vp", r["vp"], vp, raw_vp))
    return [
        Difference(
            "base",
            SOURCES,
            "",
            b["en"],
            r["name"],
            fld,
            fv,
            cv,
            id=b["id"],
            raw=rv,
            product=r["product"],
            evidence=f"fabikw/bases-2015.tsv line {r['row']}",
        )
        for fld, fv, cv, rv in found
    ]


def compare_bases(
    bases: list[dict], table: dict, product_by_key: dict, other_names: dict[str, str | None]
) -> tuple[list[Difference], list[str]]:
    """Differences between the card archive's bases and the tool's 2015 VP (``name``, ``vp``).

    ``bases``: the compiler's bases (``id``, ``en``, ``product``, ``vp``, ``raw``); ``table``: from
    :func:`read_scoring_tool`; ``product_by_key``: product records by folded name or alias;
    ``other_names``: ``{folded name of another printing: base id}``. Returns ``(differences, notes)``.
    """
    by_prod: dict[str, list[dict]] = {}
    for b in bases:
        by_prod.setdefault(b["product"], []).append(b)
    named: dict[str, dict | None] = {key(b["en"]): b for b in bases}
    by_id = {b["id"]: b for b in bases}
    for old_name, bid in other_names.items():
        named.setdefault(old_name, by_id.get(bid))
    notes: list[str] = []
    rows_by_prod: dict[str, list[dict]] = {}
    for r in table["bases"]:
        prod = product_by_key.get(key(r["product"]))
        if prod is None:
            notes.append(
                f"fabikw: base {r['name']!r}: product {r['product']!r} unknown; not compared"
            )
            continue
        rows_by_prod.setdefault(prod["id"], []).append(r)
    out: list[Difference] = []
    for pid, rows in rows_by_prod.items():
        pairs, more = _pair(rows, list(by_prod.get(pid, [])), named)
        notes += more
        for b, r in pairs:
            out += _differences(b, r)
    return out, notes
