"""The catalogue as the site needs it, read in a handful of bulk queries.

:func:`load` returns a :class:`SiteData` with every product, faction, card
and base as plain dicts (language-independent facts), plus the imported
texts and rulings. Display names come from :class:`~smashup_db.lookup.Catalogue`
per language, with the English fallback flagged.
"""

from __future__ import annotations

import csv
from collections import defaultdict
from dataclasses import dataclass, field

from ..catalogue.datafiles import default_data_dir
from ..lookup import Catalogue, deck_totals
from ..query import Reader


@dataclass
class SiteData:
    """Everything a build renders. Dict values keyed by id keep catalogue order."""

    version: str
    date: str
    products: dict[str, dict]
    factions: dict[str, dict]
    cards: dict[str, dict]
    bases: dict[str, dict]
    glossary: list[dict]
    has_text: bool
    catalogue: Catalogue
    text_counts: dict[str, int] = field(default_factory=dict)


def read_glossary() -> list[dict]:
    """Rows of ``data/glossary.tsv``: ``{"en", "de", "note"}`` (empty list if the file is missing)."""
    path = default_data_dir() / "glossary.tsv"
    if not path.is_file():
        return []
    with path.open(encoding="utf-8", newline="") as fh:
        return [{"en": r.get("en") or "", "de": r.get("de") or "", "note": r.get("note") or ""}
                for r in csv.DictReader(fh, delimiter="\t", quoting=csv.QUOTE_NONE)]


def load(reader: Reader) -> SiteData:
    """Read the whole catalogue (facts, links, imported texts and rulings) from ``reader``."""
    meta = {r["key"]: r["value"] for r in reader.all("SELECT key, value FROM meta")}
    products = {r["id"]: {"id": r["id"], "kind": r["kind"], "year": r["year"],
                          "extra_decks": [d for d in (r["extra_decks"] or "").split(",") if d],
                          "factions": [], "bases": []}
                for r in reader.all("SELECT * FROM product ORDER BY sort, id")}
    factions = {r["id"]: {"id": r["id"], "products": [], "cards": [], "bases": []}
                for r in reader.all("SELECT id FROM faction ORDER BY sort, id")}
    for r in reader.all("SELECT pf.product_id, pf.faction_id FROM product_faction pf"
                        " JOIN product p ON p.id = pf.product_id JOIN faction f ON f.id = pf.faction_id"
                        " ORDER BY p.sort, f.sort"):
        factions[r["faction_id"]]["products"].append(r["product_id"])
    for f in factions.values():  # a product lists its factions in catalogue order
        for pid in f["products"]:
            products[pid]["factions"].append(f["id"])

    texts: dict[tuple[str, str], dict[str, dict]] = defaultdict(dict)
    counts: dict[str, int] = defaultdict(int)
    for r in reader.all("SELECT kind, ref, lang, text, source FROM entity_text"):
        texts[(r["kind"], r["ref"])][r["lang"]] = {"text": r["text"], "source": r["source"]}
        counts[r["lang"]] += 1
    rulings: dict[tuple[str, str], list[dict]] = defaultdict(list)
    for r in reader.all("SELECT entity, ref, kind, lang, text, source FROM ruling ORDER BY kind, id"):
        rulings[(r["entity"], r["ref"])].append(r)

    keywords: dict[str, list[str]] = defaultdict(list)
    for r in reader.all("SELECT card_id, keyword FROM card_keyword ORDER BY keyword"):
        keywords[r["card_id"]].append(r["keyword"])
    cards = {}
    for r in reader.all("SELECT * FROM card ORDER BY sort, id"):
        card = {"id": r["id"], "faction": r["faction_id"], "type": r["type"], "copies": r["copies"],
                "power": r["power"], "keywords": keywords[r["id"]],
                "texts": texts.get(("card", r["id"]), {}), "rulings": rulings.get(("card", r["id"]), [])}
        cards[r["id"]] = card
        factions[r["faction_id"]]["cards"].append(r["id"])
    bases = {}
    for r in reader.all("SELECT * FROM base ORDER BY sort, id"):
        base = {"id": r["id"], "product": r["product_id"], "faction": r["faction_id"],
                "breakpoint": r["breakpoint"], "vp": [r["vp1"], r["vp2"], r["vp3"]], "note": r["note"] or "",
                "texts": texts.get(("base", r["id"]), {}), "rulings": rulings.get(("base", r["id"]), [])}
        bases[r["id"]] = base
        products[r["product_id"]]["bases"].append(r["id"])
        if r["faction_id"]:
            factions[r["faction_id"]]["bases"].append(r["id"])

    for f in factions.values():
        f["totals"] = deck_totals([cards[c] for c in f["cards"]])
    return SiteData(version=meta.get("catalogue_version", "?"), date=meta.get("catalogue_date", "?"),
                    products=products, factions=factions, cards=cards, bases=bases,
                    glossary=read_glossary(), has_text=bool(counts), catalogue=Catalogue(reader, "en"),
                    text_counts=dict(counts))
