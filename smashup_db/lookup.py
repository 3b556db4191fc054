"""Look-ups over the catalogue: products, factions, cards, bases, stats.

:class:`Catalogue` wraps a :class:`~smashup_db.query.Reader` and a display
language. Every result is a plain dict (ready for ``--json``). Names are shown
in the chosen language where known; otherwise the English name is used and
the result says so (``name_lang``). Names are matched in any language, case-
and accent-insensitively; a miss raises :class:`NotFound` with suggestions.
"""

from __future__ import annotations

from .errors import UserError

import locale
import os
from collections import defaultdict

from .query import Reader, in_params
from .textutil import fold

LANGS = ("en", "de")
UNKNOWN_NAME = {"en": "(name unknown)", "de": "(Name unbekannt)"}


class NotFound(UserError, LookupError):
    """No thing of that kind has that name. ``suggestions`` holds up to 5 close names."""

    def __init__(self, kind: str, query: str, suggestions: list[str]):
        self.kind, self.query, self.suggestions = kind, query, suggestions
        hint = f"; did you mean: {', '.join(suggestions)}?" if suggestions else ""
        super().__init__(f"no {kind} named {query!r}{hint}")


def default_lang() -> str:
    """``de`` when the locale (LC_ALL, LC_MESSAGES, LANG) is German, else ``en``."""
    for var in ("SMASHUP_LANG", "LC_ALL", "LC_MESSAGES", "LANG"):
        value = os.environ.get(var)
        if value:
            return "de" if value.lower().startswith("de") else "en"
    try:
        loc = locale.getlocale()[0] or ""
    except ValueError:
        loc = ""
    return "de" if loc.lower().startswith("de") else "en"


def deck_totals(cards: list[dict]) -> dict:
    """Totals of a faction's cards (dicts with ``type``, ``copies``, ``power``).

    ``{"cards", "minions", "actions", "other", "titans", "power"}``: copies in
    the deck (titans are kept apart and not counted in ``cards``), and the total
    printed power of the minions (unknown power counts 0).
    """
    deck = [c for c in cards if c["type"] != "titan"]
    minions = [c for c in deck if c["type"] == "minion"]
    return {"cards": sum(c["copies"] for c in deck),
            "minions": sum(c["copies"] for c in minions),
            "actions": sum(c["copies"] for c in deck if c["type"] == "action"),
            "other": sum(c["copies"] for c in deck if c["type"] == "other"),
            "titans": sum(c["copies"] for c in cards if c["type"] == "titan"),
            "power": sum(c["copies"] * (c["power"] or 0) for c in minions)}


class Catalogue:
    """Read access to the catalogue in one display language (``en`` or ``de``)."""

    def __init__(self, reader: Reader, lang: str = "en"):
        self.r = reader
        self.lang = lang
        self._names: dict[tuple[str, str], dict[str, str]] = defaultdict(dict)
        self._folded: dict[str, dict[str, set[str]]] = defaultdict(lambda: defaultdict(set))
        # Compiled names first, then imported ones (which win for display).
        for row in reader.all("SELECT kind, ref, lang, name, folded, origin FROM name "
                              "ORDER BY CASE WHEN origin = 'data' THEN 0 ELSE 1 END"):
            self._names[(row["kind"], row["ref"])][row["lang"]] = row["name"]
            self._folded[row["kind"]][row["folded"]].add(row["ref"])

    # ------------------------------------------------------------------ names
    def name(self, kind: str, ref: str, lang: str | None = None) -> tuple[str, str | None]:
        """``(name, lang)`` of a thing: the chosen language, else English, else unknown (lang None)."""
        lang = lang or self.lang
        names = self._names.get((kind, ref), {})
        if lang in names:
            return names[lang], lang
        if "en" in names:
            return names["en"], "en"
        return UNKNOWN_NAME.get(lang, UNKNOWN_NAME["en"]), None

    def named(self, kind: str, ref: str) -> dict:
        """``{"id", "name", "name_lang", "name_en"}`` for embedding in results."""
        name, used = self.name(kind, ref)
        return {"id": ref, "name": name, "name_lang": used,
                "name_en": self._names.get((kind, ref), {}).get("en")}

    def folded_names(self, kind: str) -> dict[str, set[str]]:
        """``{id: {folded names in every language}}`` for one kind (from memory, no query)."""
        out: dict[str, set[str]] = defaultdict(set)
        for folded, refs in self._folded[kind].items():
            for ref in refs:
                out[ref].add(folded)
        return out

    def resolve(self, kind: str, query: str) -> list[str]:
        """Ids of the ``kind`` things named ``query`` (id, or a name in any language).

        Several ids come back when reprints share a name, in catalogue order.
        Raises :class:`NotFound` with up to five suggestions.
        """
        table = {"product": "product", "faction": "faction", "card": "card", "base": "base"}[kind]
        q = (query or "").strip()
        ids = set()
        if q and self.r.one(f"SELECT id FROM {table} WHERE id = :id", id=q):
            ids.add(q)
        ids |= self._folded[kind].get(fold(q), set()) if q else set()
        if not ids:
            raise NotFound(kind, query, self.suggest(kind, q))
        p, params = in_params("i", sorted(ids))
        rows = self.r.all(f"SELECT id FROM {table} WHERE id IN {p} ORDER BY sort, id", **params)
        return [row["id"] for row in rows] or sorted(ids)

    def suggest(self, kind: str, query: str, limit: int = 5) -> list[str]:
        """Up to ``limit`` names close to ``query`` (display language first, then English)."""
        from rapidfuzz import fuzz, process

        choices: dict[str, str] = {}
        for (k, ref), names in self._names.items():
            if k != kind:
                continue
            for lang, name in names.items():
                choices.setdefault(fold(name), name)
        found = process.extract(fold(query), list(choices), scorer=fuzz.WRatio, limit=limit * 3, score_cutoff=60)
        out: list[str] = []
        for folded, _score, _ in found:
            name = choices[folded]
            if name not in out:
                out.append(name)
        return out[:limit]

    # ------------------------------------------------------------------ products
    def products(self) -> list[dict]:
        """All products in publication order: id, names, kind, year, faction and base counts."""
        rows = self.r.all(
            "SELECT p.id, p.kind, p.year, p.extra_decks,"
            " (SELECT COUNT(*) FROM product_faction pf WHERE pf.product_id = p.id) AS factions,"
            " (SELECT COUNT(*) FROM base b WHERE b.product_id = p.id) AS bases"
            " FROM product p ORDER BY p.sort")
        return [{**self.named("product", r["id"]), "kind": r["kind"], "year": r["year"],
                 "extra_decks": [d for d in (r["extra_decks"] or "").split(",") if d],
                 "factions": r["factions"], "bases": r["bases"]} for r in rows]

    def factions(self, product: str | None = None) -> list[dict]:
        """Factions in catalogue order (optionally of one product), with their products."""
        links = defaultdict(list)
        for r in self.r.all("SELECT pf.faction_id, pf.product_id FROM product_faction pf"
                            " JOIN product p ON p.id = pf.product_id ORDER BY p.sort"):
            links[r["faction_id"]].append(r["product_id"])
        if product:
            pid = self.resolve("product", product)[0]
            rows = self.r.all("SELECT f.id FROM faction f JOIN product_faction pf ON pf.faction_id = f.id"
                              " WHERE pf.product_id = :p ORDER BY f.sort", p=pid)
        else:
            rows = self.r.all("SELECT id FROM faction ORDER BY sort")
        return [{**self.named("faction", r["id"]),
                 "products": [self.named("product", p) for p in links[r["id"]]]} for r in rows]

    def _cards_of(self, faction_id: str) -> list[dict]:
        kws = defaultdict(list)
        for r in self.r.all("SELECT k.card_id, k.keyword FROM card_keyword k JOIN card c ON c.id = k.card_id"
                            " WHERE c.faction_id = :f ORDER BY k.keyword", f=faction_id):
            kws[r["card_id"]].append(r["keyword"])
        rows = self.r.all("SELECT id, type, copies, power FROM card WHERE faction_id = :f ORDER BY sort", f=faction_id)
        return [{**self.named("card", r["id"]), "type": r["type"], "copies": r["copies"], "power": r["power"],
                 "keywords": kws[r["id"]]} for r in rows]

    def _base_row(self, r: dict) -> dict:
        return {**self.named("base", r["id"]), "product": self.named("product", r["product_id"]),
                "faction": self.named("faction", r["faction_id"]) if r["faction_id"] else None,
                "breakpoint": r["breakpoint"], "vp": [r["vp1"], r["vp2"], r["vp3"]],
                "stats_known": r["breakpoint"] is not None, "note": r["note"] or None}

    def bases(self, product: str | None = None, faction: str | None = None) -> list[dict]:
        """Bases in catalogue order, optionally of one product and/or one faction."""
        sql, params = "SELECT * FROM base WHERE 1 = 1", {}
        if product:
            sql += " AND product_id = :p"
            params["p"] = self.resolve("product", product)[0]
        if faction:
            sql += " AND faction_id = :f"
            params["f"] = self.resolve("faction", faction)[0]
        return [self._base_row(r) for r in self.r.all(sql + " ORDER BY sort, id", **params)]

    def faction(self, query: str) -> dict:
        """One faction: its cards (copies, power, keywords), totals, bases and products."""
        fid = self.resolve("faction", query)[0]
        cards = self._cards_of(fid)
        products = [self.named("product", r["product_id"]) for r in self.r.all(
            "SELECT pf.product_id FROM product_faction pf JOIN product p ON p.id = pf.product_id"
            " WHERE pf.faction_id = :f ORDER BY p.sort", f=fid)]
        return {**self.named("faction", fid), "products": products, "cards": cards,
                "totals": deck_totals(cards),
                "bases": self.bases(faction=fid)}

    def texts(self, kind: str, ref: str) -> dict:
        """Imported text and rulings of a thing: ``{"text": {...}, "text_lang", "rulings": [...]}``."""
        texts = {r["lang"]: {"text": r["text"], "source": r["source"]} for r in self.r.all(
            "SELECT lang, text, source FROM entity_text WHERE kind = :k AND ref = :r", k=kind, r=ref)}
        chosen = texts.get(self.lang) or texts.get("en")
        rulings = self.r.all("SELECT kind, lang, text, source FROM ruling WHERE entity = :k AND ref = :r"
                             " ORDER BY kind, id", k=kind, r=ref)
        return {"text": chosen["text"] if chosen else None,
                "text_lang": (self.lang if self.lang in texts else "en") if chosen else None,
                "text_source": chosen["source"] if chosen else None,
                "texts": texts, "rulings": rulings}

    def card(self, query: str) -> dict:
        """One card: type, copies, power, keywords, faction, products, text and rulings.

        ``same_name`` lists other cards sharing the name (reprints).
        """
        ids = self.resolve("card", query)
        cid = ids[0]
        row = self.r.one("SELECT * FROM card WHERE id = :id", id=cid)
        kws = [r["keyword"] for r in self.r.all(
            "SELECT keyword FROM card_keyword WHERE card_id = :c ORDER BY keyword", c=cid)]
        products = [self.named("product", r["product_id"]) for r in self.r.all(
            "SELECT pf.product_id FROM product_faction pf JOIN product p ON p.id = pf.product_id"
            " WHERE pf.faction_id = :f ORDER BY p.sort", f=row["faction_id"])]
        return {**self.named("card", cid), "type": row["type"], "copies": row["copies"], "power": row["power"],
                "keywords": kws, "faction": self.named("faction", row["faction_id"]), "products": products,
                **self.texts("card", cid), "same_name": [self.named("card", i) for i in ids[1:]]}

    def base(self, query: str) -> dict:
        """One base: product, faction, breakpoint, VP, text and rulings."""
        bid = self.resolve("base", query)[0]
        row = self.r.one("SELECT * FROM base WHERE id = :id", id=bid)
        return {**self._base_row(row), **self.texts("base", bid)}

    # ------------------------------------------------------------------ stats
    def stats(self) -> dict:
        """Counts: products, factions, cards, card copies, bases; names and text per language."""
        def count(sql, **params):
            return self.r.scalar(sql, **params) or 0

        names = {}
        for lang in sorted({lang for names in self._names.values() for lang in names} | {"de"}):
            names[lang] = {kind + "s": count("SELECT COUNT(DISTINCT ref) FROM name WHERE kind = :k AND lang = :l",
                                             k=kind, l=lang) for kind in ("product", "faction", "card", "base")}
        text = {r["lang"]: r["n"] for r in self.r.all("SELECT lang, COUNT(*) AS n FROM entity_text GROUP BY lang")}
        for lang in ("en", "de"):
            text.setdefault(lang, 0)
        return {
            "catalogue_version": self.r.scalar("SELECT value FROM meta WHERE key = 'catalogue_version'"),
            "products": count("SELECT COUNT(*) FROM product"),
            "factions": count("SELECT COUNT(*) FROM faction"),
            "cards": count("SELECT COUNT(*) FROM card"),
            "card_copies": count("SELECT SUM(copies) FROM card"),
            "bases": count("SELECT COUNT(*) FROM base"),
            "bases_stats_unknown": count("SELECT COUNT(*) FROM base WHERE breakpoint IS NULL"),
            "names": names,
            "text": text,
            "rulings": count("SELECT COUNT(*) FROM ruling"),
        }
