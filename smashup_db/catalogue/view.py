"""Look-ups over the catalogue: products, factions, cards, bases, stats.

:class:`Catalogue` is a view of the read model (:mod:`smashup_db.catalogue.model`)
in one display language. Every result is a plain dict (ready for ``--json``).
Names are shown in the chosen language where known; otherwise the English
name is used and the result says so (``name_lang``). Names are matched by
:class:`~smashup_db.catalogue.names.NameMatcher`; a miss raises
:class:`~smashup_db.catalogue.names.NotFound` with suggestions.
"""

from __future__ import annotations

from smashup_db.catalogue import model as readmodel
from smashup_db.catalogue import printing as prt
from smashup_db.catalogue.model import LANGS, UNKNOWN_NAME, deck_totals
from smashup_db.catalogue.names import Ambiguous, NameMatcher, NotFound
from smashup_db.i18n.terms import default_lang  # noqa: F401  (re-exported: the locale's display language)

__all__ = [
    "Catalogue",
    "NotFound",
    "Ambiguous",
    "LANGS",
    "UNKNOWN_NAME",
    "default_lang",
    "deck_totals",
]


class Catalogue:
    """Read access to the catalogue in one display language (``en`` or ``de``).

    ``reader`` is a :class:`~smashup_db.db.Reader`; ``model`` a loaded
    :class:`~smashup_db.catalogue.model.Model` to share (loaded from ``reader`` when None);
    ``owned`` the printings the group owns, ``{product id: printing}`` or a function
    returning it on first use (see :func:`smashup_db.userdata.collection.owned_printings`):
    the catalogue never reads user data itself. ``printing`` is the command's ``--printing``: what
    every view of this catalogue shows where no box is owned (:meth:`printing_of`).
    """

    def __init__(
        self,
        reader,
        lang: str = "en",
        model: readmodel.Model | None = None,
        owned=None,
        printing: str | None = None,
    ):
        self.r = reader
        self.lang = lang
        self._model = model
        self._matcher: NameMatcher | None = None
        self._owned: dict[str, str] | None = None
        self._owned_source = owned
        self.printing = printing

    @property
    def model(self) -> readmodel.Model:
        """The read model, loaded from the reader on first use (:meth:`card` of a card named exactly
        reads only that card's part, :func:`~smashup_db.catalogue.model.load_named_card`)."""
        if self._model is None:
            self._model = readmodel.load(self.r)
        return self._model

    @model.setter
    def model(self, model: readmodel.Model) -> None:
        self._model = model

    @property
    def matcher(self) -> NameMatcher:
        """The :class:`~smashup_db.catalogue.names.NameMatcher` of :attr:`model` in the display language."""
        if self._matcher is None:
            self._matcher = NameMatcher(self.model, self.lang)
        return self._matcher

    # ------------------------------------------------------------------ names
    def name(self, kind: str, ref: str, lang: str | None = None) -> tuple[str, str | None]:
        """``(name, lang)`` of a thing: the chosen language, else English, else unknown (lang None)."""
        return self.model.name(kind, ref, lang or self.lang)

    def named(self, kind: str, ref: str) -> dict:
        """``{"id", "name", "name_lang", "name_en"}`` for embedding in results."""
        return self.model.named(kind, ref, self.lang)

    def resolve(self, kind: str, query: str) -> list[str]:
        """Ids of the ``kind`` things named ``query`` (see :class:`~smashup_db.catalogue.names.NameMatcher`).

        Several ids come back when reprints share a name, in catalogue order.
        Raises :class:`NotFound` with up to five suggestions, or :class:`Ambiguous`.
        """
        return self.matcher.match(kind, query)

    def matched(self, kind: str, query: str, ref: str) -> dict:
        """How ``query`` named ``ref``: ``{"query", "how", "name"}``; ``how`` is ``id``, ``name`` (an exact name
        in any language, also as spelled with other spaces, hyphens or "ae/oe/ue":
        :func:`~smashup_db.common.text.name_key`), ``printing`` (another printing's name), ``alias``
        (data/curated/aliases.json) or ``part`` (the start or a part of a name: the look-up says so rather than answering silently)."""
        from smashup_db.common.text import fold, name_key

        raw, q = (query or "").strip(), fold(query or "")
        name = self.model.name(kind, ref, self.lang)[0]
        spelled = [  # how the names are spelled, each compared as typed (fold) then by name_key
            ("name", self.model.folded.get((kind, ref), {}).values()),
            ("alias", (self.model.aliases or {}).get((kind, ref), ())),
            ("printing", prt.printing_names(self.model, kind).get(ref, ())),
        ]
        qk = name_key(raw)
        how = "part"
        if raw.lower() == ref:
            how = "id"
        else:
            for same in (lambda n: n == q, lambda n: qk != "" and name_key(n) == qk):
                how = next((h for h, names in spelled if any(same(n) for n in names)), "part")
                if how != "part":
                    break
        return {"query": raw, "how": how, "name": name}

    def suggest(self, kind: str, query: str, limit: int = 5) -> list[str]:
        """Up to ``limit`` names close to ``query`` (display language preferred)."""
        return self.matcher.suggest(kind, query, limit)

    # ------------------------------------------------------------------ products and factions
    def products(self) -> list[dict]:
        """All products in publication order: id, names, kind, year, extra decks, faction and base counts,
        and the German edition (``{"title", "release"}``; None when the product was not published in German)."""
        return [
            {
                **self.named("product", p.id),
                "kind": p.kind,
                "year": p.year,
                "extra_decks": list(p.extra_decks),
                "factions": len(p.factions),
                "bases": len(p.bases),
                "german_edition": {"title": p.german_title, "release": p.german_release}
                if p.german_title
                else None,
            }
            for p in self.model.products.values()
        ]

    def factions(self, product: str | None = None) -> list[dict]:
        """Factions in catalogue order (optionally of one product), with their products."""
        pid = self.resolve("product", product)[0] if product else None
        return [
            {
                **self.named("faction", f.id),
                "products": [self.named("product", p) for p in f.products],
            }
            for f in self.model.factions.values()
            if pid is None or pid in f.products
        ]

    def owned_printings(self) -> dict[str, str]:
        """``{product id: printing}`` of the boxes the group owns, as given by ``owned`` (empty when None)."""
        if self._owned is None:
            self._owned = dict(
                self._owned_source() if callable(self._owned_source) else self._owned_source or {}
            )
        return self._owned

    def printing_of(self, thing, printing: str | None = None) -> str:
        """The printing a view shows of ``thing`` (card or base): :func:`~smashup_db.catalogue.printing.applies`
        (the one owned of a product holding it, else ``printing`` if given, else the catalogue's
        ``printing``, else ``current``); ``german`` only where a German box holds the thing (else
        ``current``: a thing no German box holds has no German edition)."""
        products: tuple[str, ...] = ()
        if (
            getattr(thing, "faction", None)
            and hasattr(thing, "copies")
            and thing.faction in self.model.factions
        ):
            products = tuple(self.model.factions[thing.faction].products)
        used = prt.applies(thing, self.owned_printings(), printing or self.printing, products)
        if used == "german" and not prt.german_held(self.model, thing, products):
            return "current"  # no German box holds it: it has no German edition (the German site asks "german")
        return used

    def card_row(self, cid: str, printing: str | None = None) -> dict:
        """A card as a row of a faction's card list: names, type, copies, power (and whether it is none
        or unknown), keywords; the facts of ``printing`` (see :mod:`smashup_db.catalogue.printing`) when given."""
        from smashup_db.common.text import fold

        c = self.model.cards[cid]
        facts = prt.card_facts(c, self.printing_of(c, printing))
        status = prt.power_status(c, facts["power"])
        if facts["type"] not in ("minion", "fusion"):
            status = prt.NONE
        named = self.named("card", cid)
        if facts["name"] and fold(facts["name"]) != fold(named["name_en"]):
            # another card in this printing (Disenchant where the current Tricksters have Pixie)
            named = {**named, "name_en": facts["name"]}
            if named["name_lang"] == "en":
                named["name"] = facts["name"]
        return {
            **named,
            "type": facts["type"],
            "copies": facts["copies"],
            "power": facts["power"],
            "power_status": status,
            "keywords": list(c.keywords),
            **({"power_reason": c.note or "no source gives it"} if status == prt.UNKNOWN else {}),
        }

    def base_row(self, bid: str, printing: str | None = None) -> dict:
        """A base as a list row: names, product, faction, breakpoint, VP, whether stats are known, note,
        own scoring rule (``scoring``, None when VP go 1st/2nd/3rd as printed); the facts of the printing
        :meth:`printing_of` picks (the one owned, else ``printing`` when given, else current)."""
        b = self.model.bases[bid]
        row = {
            **self.named("base", bid),
            "product": self.named("product", b.product),
            "faction": self.named("faction", b.faction) if b.faction else None,
            "breakpoint": b.breakpoint,
            "vp": list(b.vp),
            "stats_known": b.stats_known,
            "note": b.note or None,
            "scoring": b.scoring,
        }
        f = prt.base_facts(b, self.printing_of(b, printing))
        row.update(
            {
                "breakpoint": f["breakpoint"],
                "vp": f["vp"],
                "stats_known": f["breakpoint"] is not None,
                "printing": f["printing"],
                "facts_from": f["facts_from"],
                "printing_name": f["name"],
                "printing_product": self.named("product", f["product"]),
            }
        )
        if f["unknown"]:
            row["note"] = f["reason"] or row["note"]
        return row

    def bases(
        self, product: str | None = None, faction: str | None = None, printing: str | None = None
    ) -> list[dict]:
        """Bases in catalogue order, optionally of one product and/or one faction, in ``printing``.

        A product's bases include those it printed that are filed under a
        later product (the Geeks bases of The Big Geeky Box).
        """
        pid = self.resolve("product", product)[0] if product else None
        fid = self.resolve("faction", faction)[0] if faction else None
        in_product = set(self.model.products[pid].bases) if pid else set()
        return [
            self.base_row(b.id, self.printing_of(b, printing))
            for b in self.model.bases.values()
            if (pid is None or b.id in in_product) and (fid is None or b.faction == fid)
        ]

    def faction(self, query: str, printing: str | None = None) -> dict:
        """One faction: its cards (copies, power, keywords), totals, bases and products, each card and base
        in the printing :meth:`printing_of` picks (owned, else ``printing``, else current)."""
        f = self.model.factions[self.resolve("faction", query)[0]]
        cards = [self.card_row(c, printing) for c in f.cards]
        return {
            **self.named("faction", f.id),
            "matched": self.matched("faction", query, f.id),
            "products": [self.named("product", p) for p in f.products],
            "cards": cards,
            "totals": deck_totals(cards),
            "bases": [self.base_row(b, printing) for b in f.bases],
        }

    # ------------------------------------------------------------------ cards and bases
    def texts(self, kind: str, ref: str) -> dict:
        """Imported text and rulings of a thing: ``{"text", "text_lang", "text_source", "texts", "rulings"}``."""
        found = self.model.texts(kind, [ref]).get((kind, ref))
        texts = {lang: dict(t) for lang, t in found.texts.items()} if found else {}
        chosen = texts.get(self.lang) or texts.get("en")
        return {
            "text": chosen["text"] if chosen else None,
            "text_lang": (self.lang if self.lang in texts else "en") if chosen else None,
            "text_source": chosen["source"] if chosen else None,
            "texts": texts,
            "rulings": list(found.rulings) if found else [],
        }

    def card(self, query: str, printing: str | None = None) -> dict:
        """One card: type, copies, power, keywords, faction, products, printings, text and rulings.

        ``same_name`` lists other cards sharing the name (reprints). Copies and
        power are those of the owned printing (else ``printing``, else the
        current one; ``printing`` says which); ``printings`` lists every
        printing (see :func:`smashup_db.catalogue.printing.rows_json`). A titan's
        products are the one selling it (TITANS packs or its own box), not
        its faction's older boxes. Raises ``NotFound``/``Ambiguous``.

        Before the catalogue is loaded, a card named by its id or exact name is looked up in the
        part of the catalogue that holds it (:func:`~smashup_db.catalogue.model.load_named_card`;
        the same answer, a few rows read); any other query loads the whole.
        """
        if self._model is None:
            part = readmodel.load_named_card(self.r, query)
            if part is not None:
                few = Catalogue(self.r, self.lang, part, self._owned_source, self.printing)
                if few.matcher.exact("card", query):
                    return few.card(query, printing)
        comp = self._exact_component(query)
        if comp is not None:
            return comp
        ids = self.resolve("card", query)
        c = self.model.cards[ids[0]]
        used = self.printing_of(c, printing)
        facts = prt.card_facts(c, used)
        products = [c.product] if c.product else list(self.model.factions[c.faction].products)
        return {
            **self.card_row(c.id, used),
            "matched": self.matched("card", query, c.id),
            "faction": self.named("faction", c.faction),
            "products": [self.named("product", p) for p in products],
            "printing": facts["printing"],
            "facts_from": facts["facts_from"],
            "printing_name": facts["name"],
            "printings": prt.rows_json(self.model, c, self.lang),
            **self.texts("card", c.id),
            "same_name": [self.named("card", i) for i in ids[1:]],
        }

    def _exact_component(self, query: str) -> dict | None:
        """The component (Madness...) ``query`` names exactly, in either language, when no card has that exact
        name; else None. A name look-up answers with the exact name first."""
        from smashup_db.common.text import fold

        q = fold(query or "")
        if not q or any(
            q in self.model.folded.get(("card", c), {}).values() for c in self.model.cards
        ):
            return None
        for comp in self.model.components.values():
            if q == comp.id or q in self.model.folded.get(("component", comp.id), {}).values():
                return self.component(comp.id)
        return None

    def component(self, cid: str) -> dict:
        """A special deck: ``{"kind": "madness"|"monster"|"treasure", "id", names, "count", "cards",
        "products", "evidence", "component": True}``."""
        comp = self.model.components[cid]
        return {
            **self.named("component", cid),
            "kind": comp.kind,
            "component": True,
            "count": comp.count,
            "copies": comp.count,
            "cards": comp.cards,
            "products": [self.named("product", p) for p in comp.products],
            "evidence": comp.evidence,
        }

    def base(self, query: str, printing: str | None = None) -> dict:
        """One base: product(s), faction, breakpoint, VP (of the owned printing, else ``printing``, else the
        current one), own scoring rule, every printing, text and rulings."""
        bid = self.resolve("base", query)[0]
        b = self.model.bases[bid]
        used = self.printing_of(b, printing)
        products = list(dict.fromkeys([b.product, *(r.product for r in b.printings)]))
        return {
            **self.base_row(bid, used),
            "matched": self.matched("base", query, bid),
            "products": [self.named("product", p) for p in products],
            "printings": prt.rows_json(self.model, b, self.lang),
            **self.texts("base", bid),
        }

    # ------------------------------------------------------------------ stats
    def _printings_by_product(self) -> dict[str, dict[str, int]]:
        """``{product id: {"original": n, "current": n, "german": n}}``: printing rows per product (cards and bases)."""
        out: dict[str, dict[str, int]] = {}
        for t in self.model.cards_and_bases():
            for r in t.printings:
                row = out.setdefault(r.product, {})
                row[r.printing] = row.get(r.printing, 0) + 1
        return {pid: dict(sorted(v.items())) for pid, v in sorted(out.items())}

    def _name_counts(self) -> dict[str, dict[str, int]]:
        """``{lang: {"products": n, "factions": n, "cards": n, "bases": n}}``: things named in each
        language that has a name (German always listed)."""
        m = self.model
        langs = sorted({lang for names in m.names.values() for lang in names} | {"de"})
        return {
            lang: {
                kind + "s": sum(1 for (k, _), n in m.names.items() if k == kind and lang in n)
                for kind in ("product", "faction", "card", "base")
            }
            for lang in langs
        }

    def _printing_stats(self) -> dict:
        """Cards and bases with more than one printing, printing rows, the compiler's differences
        (``data/`` meta) and printing rows per product."""
        import json

        m = self.model

        def several(things) -> int:
            return sum(1 for t in things if len({(r.product, r.printing) for r in t.printings}) > 1)

        return {
            "cards": several(m.cards.values()),
            "bases": several(m.bases.values()),
            "rows": sum(len(t.printings) for t in m.cards_and_bases()),
            "differences": int(m.meta.get("printing_differences") or 0),
            "unresolved": int(m.meta.get("printing_unresolved") or 0),
            "by_source": json.loads(m.meta.get("printing_sources") or "{}"),
            "by_product": self._printings_by_product(),
        }

    def stats(self) -> dict:
        """Counts: products, factions, cards, card copies, bases (and those of unknown stats), minions and
        fusions of unknown power; names and text per language; and ``sources``, what each source named in
        ``printings.by_source`` is (:mod:`smashup_db.common.provenance`)."""
        m = self.model
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
            "cards_power_unknown": sum(
                1 for c in m.cards.values() if prt.power_status(c) == prt.UNKNOWN
            ),
            "printings": self._printing_stats(),
            "names": self._name_counts(),
            "text": text,
            "rulings": m.ruling_count(),
            "sources": _sources(),
        }


def _sources() -> dict:
    """The public sources, by short name (a copy of :data:`smashup_db.common.provenance.SOURCES`)."""
    from smashup_db.common.provenance import SOURCES

    return {name: dict(info) for name, info in SOURCES.items()}
