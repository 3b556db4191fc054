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
from smashup_db.catalogue.view import Catalogue
from smashup_db.compiler.datafiles import default_data_dir
from smashup_db.db import Reader
from smashup_db.userdata.collection import owned_printings


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
    #: ``{lang: SiteData}``: :meth:`shown_for`'s views, made once per language
    _views: dict = field(default_factory=dict, repr=False)

    def shown_for(self, lang: str) -> "SiteData":
        """This data as the pages of ``lang`` show it: every card's copies and power, every base's
        breakpoint and VP and every faction's totals in the printing the one rule picks
        (:func:`smashup_db.catalogue.printing.applies` through :meth:`Catalogue.printing_of`): the
        printing owned (collection), else on the German site the German edition where a German box
        holds the thing, else the current one. Each card and base says which in ``shown``
        (``{"printing", "facts_from", "product"}``); ``printings`` stays the full list.
        """
        if lang not in self._views:
            self._views[lang] = shown_in(self, lang)
        return self._views[lang]


def read_glossary() -> list[dict]:
    """Rows of ``data/glossary.tsv``: ``{"en", "de", "note"}``, then the project's own words for a
    product and a printing (:data:`smashup_db.i18n.glossary.PROJECT_TERMS`)."""
    from smashup_db.i18n.glossary import PROJECT_TERMS

    ours = [{"en": en, "de": de, "note": note} for en, de, note in PROJECT_TERMS.values()]
    path = default_data_dir() / "glossary.tsv"
    if not path.is_file():
        return ours
    with path.open(encoding="utf-8", newline="") as fh:
        return [
            {"en": r.get("en") or "", "de": r.get("de") or "", "note": r.get("note") or ""}
            for r in csv.DictReader(fh, delimiter="\t", quoting=csv.QUOTE_NONE)
        ] + ours


def load(reader: Reader) -> SiteData:
    """Read the whole catalogue (facts, links, imported texts and rulings) from ``reader``."""
    m = readmodel.load(reader)
    imported = m.texts()

    def text_of(kind: str, ref: str) -> tuple[dict, list]:
        found = imported.get((kind, ref))
        return (
            ({lang: dict(t) for lang, t in found.texts.items()}, list(found.rulings))
            if found
            else ({}, [])
        )

    products = {
        p.id: {
            "id": p.id,
            "kind": p.kind,
            "year": p.year,
            "extra_decks": list(p.extra_decks),
            "factions": list(p.factions),
            "bases": list(p.bases),
            "german_title": p.german_title,
            "german_release": p.german_release,
            "cards": [],
        }
        for p in m.products.values()
    }
    factions = {
        f.id: {
            "id": f.id,
            "products": list(f.products),
            "cards": list(f.cards),
            "bases": list(f.bases),
            "totals": m.deck_totals(f.id),
        }
        for f in m.factions.values()
    }
    cards = {}
    for c in m.cards.values():
        texts, rulings = text_of("card", c.id)
        cards[c.id] = {
            "id": c.id,
            "faction": c.faction,
            "type": c.type,
            "copies": c.copies,
            "power": c.power,
            "keywords": list(c.keywords),
            "texts": texts,
            "rulings": rulings,
            "product": c.product,
            "printings": list(c.printings),
        }
    bases = {}
    for b in m.bases.values():
        texts, rulings = text_of("base", b.id)
        bases[b.id] = {
            "id": b.id,
            "product": b.product,
            "faction": b.faction,
            "breakpoint": b.breakpoint,
            "vp": list(b.vp),
            "note": b.note,
            "texts": texts,
            "rulings": rulings,
            "scoring": b.scoring,
            "printings": list(b.printings),
            "lead_de": german_lead(m, b),
        }
    for c in (
        cards.values()
    ):  # cards sold in a product of their own (titans in their packs), per product
        if c["product"] in products:
            products[c["product"]]["cards"].append(c["id"])
    counts = m.text_counts()
    owned = owned_printings(reader)  # read now: the pages are rendered after the reader is closed
    return SiteData(
        version=m.meta.get("catalogue_version", "?"),
        date=m.meta.get("catalogue_date", "?"),
        products=products,
        factions=factions,
        cards=cards,
        bases=bases,
        glossary=read_glossary(),
        has_text=bool(counts),
        catalogue=Catalogue(reader, "en", model=m, owned=owned),
        text_counts=counts,
        community=_community(reader),
        imported=imported,
    )


def shown_in(data: SiteData, lang: str) -> SiteData:
    """A copy of ``data`` with the facts the pages of ``lang`` show (see :meth:`SiteData.shown_for`)."""
    from dataclasses import replace

    from smashup_db.catalogue.printing import base_facts, card_facts
    from smashup_db.common.text import fold

    cat = data.catalogue
    m = cat.model
    cards, bases = {}, {}
    for cid, c in data.cards.items():
        card = m.cards[cid]
        used = cat.printing_of(
            card, "german" if lang == "de" else None
        )  # german only where a German box holds it
        f = card_facts(card, used)
        own = m.named("card", cid, "en")["name"] or ""
        cards[cid] = {
            **c,
            "type": f["type"],
            "copies": f["copies"],
            "power": f["power"],
            # the card this printing holds where it was another one (Disenchant for Pixie), else None
            "printed_as": f["name"] if f["name"] and fold(f["name"]) != fold(own) else None,
            "shown": {"printing": used, "facts_from": f["facts_from"], "product": f["product"]},
        }
    for bid, b in data.bases.items():
        base = m.bases[bid]
        used = cat.printing_of(base, "german" if lang == "de" else None)
        f = base_facts(base, used)
        bases[bid] = {
            **b,
            "breakpoint": f["breakpoint"],
            "vp": list(f["vp"]),
            "shown": {"printing": used, "facts_from": f["facts_from"], "product": f["product"]},
        }
    factions = {
        fid: {**f, "totals": readmodel.deck_totals([cards[c] for c in f["cards"]])}
        for fid, f in data.factions.items()
    }
    return replace(data, cards=cards, bases=bases, factions=factions, _views={})


def german_lead(m, b) -> dict | None:
    """What the German site shows first for base ``b``: the German edition's facts where a product holding the
    base was published in German (the German edition follows the original printing, data README), with the
    other printings whose facts differ: ``{"breakpoint", "vp", "others": [{"printing", "breakpoint", "vp"}]}``;
    None when no German edition holds it. The facts come from :func:`smashup_db.catalogue.printing.base_facts`.
    """
    from smashup_db.catalogue.printing import base_facts

    held = [b.product, *(r.product for r in b.printings)]
    if not any(m.products[p].german_title for p in held if p in m.products):
        return None
    de = base_facts(b, "german")
    lead = (de["breakpoint"], tuple(de["vp"]))
    others, seen = [], {lead}
    for printing in ("current", "original"):
        f = base_facts(b, printing)
        facts = (f["breakpoint"], tuple(f["vp"]))
        if f["facts_from"] == printing and facts not in seen:
            seen.add(facts)
            others.append(
                {"printing": printing, "breakpoint": f["breakpoint"], "vp": list(f["vp"])}
            )
    return {"breakpoint": de["breakpoint"], "vp": list(de["vp"]), "others": others}


def _community(reader) -> set:
    from smashup_db.site.status_page import community_names

    return community_names(reader)
