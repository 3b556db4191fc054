"""Look-ups over the catalogue: products, factions, cards, bases, stats.

:class:`Catalogue` is a view of the read model (:mod:`smashup_db.readmodel`)
in one display language. Every result is a plain dict (ready for ``--json``).
Names are shown in the chosen language where known; otherwise the English
name is used and the result says so (``name_lang``). Names are matched by
:class:`~smashup_db.names.NameMatcher`; a miss raises
:class:`~smashup_db.names.NotFound` with suggestions.
"""

from __future__ import annotations

import locale
import os

from . import readmodel
from .names import Ambiguous, NameMatcher, NotFound
from .readmodel import LANGS, UNKNOWN_NAME, deck_totals

__all__ = ["Catalogue", "NotFound", "Ambiguous", "LANGS", "UNKNOWN_NAME", "default_lang", "deck_totals"]


def default_lang() -> str:
    """``de`` when the locale (SMASHUP_LANG, LC_ALL, LC_MESSAGES, LANG) is German, else ``en``."""
    for var in ("SMASHUP_LANG", "LC_ALL", "LC_MESSAGES", "LANG"):
        value = os.environ.get(var)
        if value:
            return "de" if value.lower().startswith("de") else "en"
    try:
        loc = locale.getlocale()[0] or ""
    except ValueError:
        loc = ""
    return "de" if loc.lower().startswith("de") else "en"


class Catalogue:
    """Read access to the catalogue in one display language (``en`` or ``de``).

    ``reader`` is a :class:`~smashup_db.storage.Reader`; ``model`` a loaded
    :class:`~smashup_db.readmodel.Model` to share (loaded from ``reader`` when None).
    """

    def __init__(self, reader, lang: str = "en", model: readmodel.Model | None = None):
        self.r = reader
        self.lang = lang
        self.model = model or readmodel.load(reader)
        self.matcher = NameMatcher(self.model, lang)

    # ------------------------------------------------------------------ names
    def name(self, kind: str, ref: str, lang: str | None = None) -> tuple[str, str | None]:
        """``(name, lang)`` of a thing: the chosen language, else English, else unknown (lang None)."""
        return self.model.name(kind, ref, lang or self.lang)

    def named(self, kind: str, ref: str) -> dict:
        """``{"id", "name", "name_lang", "name_en"}`` for embedding in results."""
        return self.model.named(kind, ref, self.lang)

    def resolve(self, kind: str, query: str) -> list[str]:
        """Ids of the ``kind`` things named ``query`` (see :class:`~smashup_db.names.NameMatcher`).

        Several ids come back when reprints share a name, in catalogue order.
        Raises :class:`NotFound` with up to five suggestions, or :class:`Ambiguous`.
        """
        return self.matcher.match(kind, query)

    def suggest(self, kind: str, query: str, limit: int = 5) -> list[str]:
        """Up to ``limit`` names close to ``query`` (display language preferred)."""
        return self.matcher.suggest(kind, query, limit)

    # ------------------------------------------------------------------ products and factions
    def products(self) -> list[dict]:
        """All products in publication order: id, names, kind, year, extra decks, faction and base counts."""
        return [{**self.named("product", p.id), "kind": p.kind, "year": p.year, "extra_decks": list(p.extra_decks),
                 "factions": len(p.factions), "bases": len(p.bases)} for p in self.model.products.values()]

    def factions(self, product: str | None = None) -> list[dict]:
        """Factions in catalogue order (optionally of one product), with their products."""
        pid = self.resolve("product", product)[0] if product else None
        return [{**self.named("faction", f.id), "products": [self.named("product", p) for p in f.products]}
                for f in self.model.factions.values() if pid is None or pid in f.products]

    def card_row(self, cid: str) -> dict:
        """A card as a row of a faction's card list: names, type, copies, power, keywords."""
        c = self.model.cards[cid]
        return {**self.named("card", cid), "type": c.type, "copies": c.copies, "power": c.power,
                "keywords": list(c.keywords)}

    def base_row(self, bid: str) -> dict:
        """A base as a list row: names, product, faction, breakpoint, VP, whether stats are known, note."""
        b = self.model.bases[bid]
        return {**self.named("base", bid), "product": self.named("product", b.product),
                "faction": self.named("faction", b.faction) if b.faction else None,
                "breakpoint": b.breakpoint, "vp": list(b.vp), "stats_known": b.stats_known, "note": b.note or None}

    def bases(self, product: str | None = None, faction: str | None = None) -> list[dict]:
        """Bases in catalogue order, optionally of one product and/or one faction."""
        pid = self.resolve("product", product)[0] if product else None
        fid = self.resolve("faction", faction)[0] if faction else None
        return [self.base_row(b.id) for b in self.model.bases.values()
                if (pid is None or b.product == pid) and (fid is None or b.faction == fid)]

    def faction(self, query: str) -> dict:
        """One faction: its cards (copies, power, keywords), totals, bases and products."""
        f = self.model.factions[self.resolve("faction", query)[0]]
        cards = [self.card_row(c) for c in f.cards]
        return {**self.named("faction", f.id), "products": [self.named("product", p) for p in f.products],
                "cards": cards, "totals": deck_totals(cards), "bases": [self.base_row(b) for b in f.bases]}

    # ------------------------------------------------------------------ cards and bases
    def texts(self, kind: str, ref: str) -> dict:
        """Imported text and rulings of a thing: ``{"text", "text_lang", "text_source", "texts", "rulings"}``."""
        found = self.model.texts(kind, [ref]).get((kind, ref))
        texts = {lang: dict(t) for lang, t in found.texts.items()} if found else {}
        chosen = texts.get(self.lang) or texts.get("en")
        return {"text": chosen["text"] if chosen else None,
                "text_lang": (self.lang if self.lang in texts else "en") if chosen else None,
                "text_source": chosen["source"] if chosen else None,
                "texts": texts, "rulings": list(found.rulings) if found else []}

    def card(self, query: str) -> dict:
        """One card: type, copies, power, keywords, faction, products, text and rulings.

        ``same_name`` lists other cards sharing the name (reprints).
        """
        ids = self.resolve("card", query)
        c = self.model.cards[ids[0]]
        return {**self.named("card", c.id), "type": c.type, "copies": c.copies, "power": c.power,
                "keywords": list(c.keywords), "faction": self.named("faction", c.faction),
                "products": [self.named("product", p) for p in self.model.factions[c.faction].products],
                **self.texts("card", c.id), "same_name": [self.named("card", i) for i in ids[1:]]}

    def base(self, query: str) -> dict:
        """One base: product, faction, breakpoint, VP, text and rulings."""
        bid = self.resolve("base", query)[0]
        return {**self.base_row(bid), **self.texts("base", bid)}

    # ------------------------------------------------------------------ stats
    def stats(self) -> dict:
        """Counts: products, factions, cards, card copies, bases; names and text per language."""
        m = self.model
        langs = sorted({lang for names in m.names.values() for lang in names} | {"de"})
        names = {lang: {kind + "s": sum(1 for (k, _), n in m.names.items() if k == kind and lang in n)
                        for kind in ("product", "faction", "card", "base")} for lang in langs}
        text = m.text_counts()
        for lang in ("en", "de"):
            text.setdefault(lang, 0)
        return {
            "catalogue_version": m.meta.get("catalogue_version"),
            "products": len(m.products),
            "factions": len(m.factions),
            "cards": len(m.cards),
            "card_copies": sum(c.copies for c in m.cards.values()),
            "bases": len(m.bases),
            "bases_stats_unknown": sum(1 for b in m.bases.values() if b.breakpoint is None),
            "names": names,
            "text": text,
            "rulings": m.ruling_count(),
        }
