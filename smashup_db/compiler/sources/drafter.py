"""The drafter's product list (``pinkepop/sets.json``): products, release dates, their factions.

Source: GitHub ``PinkePop/smashup-drafter``, ``src/datas/sets.json`` (shared/data/README.md). The
compiler takes a product's year from it where the curated product table has none, and the product
links of factions. Known errors (a wrong year, no Sheep) are fixed in ``curated/corrections.json``.
"""

from __future__ import annotations

from pathlib import Path

from smashup_db.compiler.sources.readers import load_json, require

SETS = Path("pinkepop/sets.json")


def read_products(root: Path) -> list[dict]:
    """The products: ``[{"name", "release_date", "factions": [names]}]`` (English; unnamed ones left out)."""
    path = root / SETS
    data = load_json(path)
    out = []
    for s in require(data, "sets", path, "top level"):
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
