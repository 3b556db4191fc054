"""The catalogue as the site needs it: the read model, as plain dicts for the templates.

:func:`load` returns a :class:`SiteData` with every product, faction, card
and base as plain dicts (language-independent facts) plus the imported texts
and rulings, all taken from :mod:`smashup_db.catalogue.model`. Display names come
from :class:`~smashup_db.catalogue.view.Catalogue` per language, with the English
fallback flagged.
"""

from __future__ import annotations

import csv
from dataclasses import dataclass, field

from smashup_db.catalogue import model as readmodel
from smashup_db.compiler.datafiles import default_data_dir
from smashup_db.catalogue.view import Catalogue
from smashup_db.userdata.collection import owned_printings
from smashup_db.db import Reader


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
    #: ``{(kind, id, lang)}`` of names players contributed (see :mod:`.status_page`)
    community: set = field(default_factory=set)
    #: the read model's imported texts (:meth:`~smashup_db.catalogue.model.Model.texts`), read while the reader was open
    imported: dict = field(default_factory=dict)


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
    m = readmodel.load(reader)
    imported = m.texts()

    def text_of(kind: str, ref: str) -> tuple[dict, list]:
        found = imported.get((kind, ref))
        return ({lang: dict(t) for lang, t in found.texts.items()}, list(found.rulings)) if found else ({}, [])

    products = {p.id: {"id": p.id, "kind": p.kind, "year": p.year, "extra_decks": list(p.extra_decks),
                       "factions": list(p.factions), "bases": list(p.bases),
                       "german_title": p.german_title, "german_release": p.german_release, "cards": []}
                for p in m.products.values()}
    factions = {f.id: {"id": f.id, "products": list(f.products), "cards": list(f.cards), "bases": list(f.bases),
                       "totals": m.deck_totals(f.id)} for f in m.factions.values()}
    cards = {}
    for c in m.cards.values():
        texts, rulings = text_of("card", c.id)
        cards[c.id] = {"id": c.id, "faction": c.faction, "type": c.type, "copies": c.copies, "power": c.power,
                       "keywords": list(c.keywords), "texts": texts, "rulings": rulings,
                       "product": c.product, "printings": list(c.printings)}
    bases = {}
    for b in m.bases.values():
        texts, rulings = text_of("base", b.id)
        bases[b.id] = {"id": b.id, "product": b.product, "faction": b.faction, "breakpoint": b.breakpoint,
                       "vp": list(b.vp), "note": b.note, "texts": texts, "rulings": rulings,
                       "scoring": b.scoring, "printings": list(b.printings)}
    for c in cards.values():  # cards sold in a product of their own (titans in their packs), per product
        if c["product"] in products:
            products[c["product"]]["cards"].append(c["id"])
    counts = m.text_counts()
    return SiteData(version=m.meta.get("catalogue_version", "?"), date=m.meta.get("catalogue_date", "?"),
                    products=products, factions=factions, cards=cards, bases=bases,
                    glossary=read_glossary(), has_text=bool(counts), catalogue=Catalogue(reader, "en", model=m, owned=lambda: owned_printings(reader)),
                    text_counts=counts, community=_community(reader), imported=imported)


def _community(reader) -> set:
    from smashup_db.site.status_page import community_names

    return community_names(reader)
