"""The read model: the whole catalogue in memory, as immutable typed objects.

The objects are named tuples (immutable, with named and typed fields listed
in each class), not dataclasses: a look-up must start in a few tens of
milliseconds, and importing ``dataclasses`` (with ``inspect`` and ``typing``)
and building frozen dataclasses cost about a tenth of that.

:func:`load` reads the facts in seven bulk queries (a few tens of
milliseconds on the full catalogue) into a :class:`Model`. Every reader of the
catalogue (look-ups, game night, collection, search details, the site) takes
its products, factions, cards, bases, links, names and deck totals from here;
none of them writes its own SQL for these. Imported rules text and rulings are
not part of the facts: :meth:`Model.texts` reads them on demand (one thing, or
all of them for the site).

Names: :meth:`Model.name` is the one place that decides "this language, else
English, marked" (the returned language says which was used; ``None`` when
no name is known at all).
"""

from __future__ import annotations

from collections import defaultdict, namedtuple
from types import MappingProxyType

TYPE_CHECKING = False  # typing is not imported at run time (start-up; annotations are strings)
if TYPE_CHECKING:
    from typing import Iterator, Mapping

    from smashup_db.db.reader import Reader


LANGS = ("en", "de")
UNKNOWN_NAME = {"en": "(name unknown)", "de": "(Name unbekannt)"}


class Printing(
    namedtuple(
        "Printing",
        "kind ref product printing name type copies power breakpoint vp unknown reason evidence",
    )
):
    """One product's version of a card or base (a row of the ``printing`` table, :mod:`smashup_db.db.tables`).

    ``vp`` is (1st, 2nd, 3rd); ``unknown`` names the facts no source gives for
    this printing (their value is None). ``printing`` is original, current or german.
    """

    __slots__ = ()

    kind: str
    ref: str
    product: str
    printing: str
    name: str
    type: str
    copies: int | None
    power: int | None
    breakpoint: int | None
    vp: tuple[int | None, int | None, int | None]
    unknown: tuple[str, ...]
    reason: str
    evidence: str


class Product(
    namedtuple(
        "Product",
        "id kind year sort extra_decks factions bases german_title german_release",
        defaults=(
            None,
            None,
        ),
    )
):
    """A box. ``year`` None when unknown; links are ids in catalogue order.

    ``german_title`` is the German edition's title (None: no German edition).
    """

    __slots__ = ()

    id: str
    kind: str
    year: int | None
    sort: int
    extra_decks: tuple[str, ...]
    factions: tuple[str, ...]
    bases: tuple[str, ...]
    german_title: str | None
    german_release: str | None


class Faction(namedtuple("Faction", "id sort products cards bases complexity", defaults=(None,))):
    """A faction deck: its products (publication order), cards and bases (catalogue order)."""

    __slots__ = ()

    id: str
    sort: int
    products: tuple[str, ...]
    cards: tuple[str, ...]
    bases: tuple[str, ...]
    complexity: str | None  # low, low-medium, medium, medium-high, high; None when unknown


class Card(
    namedtuple(
        "Card",
        "id faction type copies power sort keywords product note printings",
        defaults=(
            None,
            "",
            (),
        ),
    )
):
    """One distinct card: ``copies`` in the deck, printed ``power`` (None: none or unknown)."""

    __slots__ = ()

    id: str
    faction: str
    type: str
    copies: int
    power: int | None
    sort: int
    keywords: tuple[str, ...]
    product: str | None  # the product selling it apart from its faction's boxes (titans)
    note: str  # why the power is unknown, when it is
    printings: tuple[Printing, ...]  # rows where printings differ (none: one printing)


class Base(
    namedtuple(
        "Base",
        "id product faction breakpoint vp sort note scoring printings",
        defaults=(
            None,
            (),
        ),
    )
):
    """A base: ``breakpoint`` and ``vp`` (1st, 2nd, 3rd) are None where no source has them."""

    __slots__ = ()

    id: str
    product: str
    faction: str | None
    breakpoint: int | None
    vp: tuple[int | None, int | None, int | None]
    sort: int
    note: str
    scoring: str | None  # own scoring rule (models.SCORING_FLAGS); None: VP as printed
    printings: tuple[Printing, ...]  # rows where printings differ, or further products

    @property
    def stats_known(self) -> bool:
        """True when the breakpoint is known."""
        return self.breakpoint is not None


class Texts(namedtuple("Texts", "texts rulings")):
    """Imported text of one thing: ``texts`` ``{lang: {"text", "source"}}`` and its rulings (dicts)."""

    __slots__ = ()

    texts: Mapping[str, Mapping[str, str]]
    rulings: tuple[dict, ...]


class Component(namedtuple("Component", "id kind count cards products evidence")):
    """A special deck (Madness, Munchkin's Monster and Treasure decks): ``kind`` tells it from faction cards;
    ``count`` physical cards and ``cards`` different ones (None: no source), ``products`` the boxes shipping it."""

    __slots__ = ()

    id: str
    kind: str
    count: int | None
    cards: int | None
    products: tuple[str, ...]
    evidence: str


class Model(
    namedtuple(
        "Model",
        "meta products factions cards bases names reader folded aliases components",
        defaults=({}, {}),
    )
):
    """The catalogue's facts. Mappings keep catalogue order and are read-only."""

    __slots__ = ()

    meta: Mapping[str, str]
    products: Mapping[str, Product]
    factions: Mapping[str, Faction]
    cards: Mapping[str, Card]
    bases: Mapping[str, Base]
    #: ``{(kind, id): {lang: name}}``; imported names override compiled ones.
    names: Mapping[tuple[str, str], Mapping[str, str]]
    reader: Reader
    #: ``{(kind, id): (folded alias, ...)}``: other names people type (``data/curated/aliases.json``)
    aliases: Mapping[tuple[str, str], tuple[str, ...]]
    #: ``{(kind, id): {lang: folded name}}``: the matching key of each name in ``names``, as stored with it
    #: (:func:`~smashup_db.common.text.fold`; every writer stores it), so a look-up folds no names.
    folded: Mapping[tuple[str, str], Mapping[str, str]]

    def cards_and_bases(self) -> Iterator[Card | Base]:
        """Every card, then every base."""
        yield from self.cards.values()
        yield from self.bases.values()

    # ------------------------------------------------------------------ names
    def name(self, kind: str, ref: str, lang: str) -> tuple[str, str | None]:
        """``(name, lang used)``: ``lang``, else English, else a placeholder with lang None."""
        names = self.names.get((kind, ref), {})
        if lang in names:
            return names[lang], lang
        if "en" in names:
            return names["en"], "en"
        return UNKNOWN_NAME.get(lang, UNKNOWN_NAME["en"]), None

    def named(self, kind: str, ref: str, lang: str) -> dict:
        """``{"id", "name", "name_lang", "name_en"}`` for embedding in results."""
        name, used = self.name(kind, ref, lang)
        return {
            "id": ref,
            "name": name,
            "name_lang": used,
            "name_en": self.names.get((kind, ref), {}).get("en"),
        }

    def things(self, kind: str) -> Mapping[str, object]:
        """The mapping of one kind: ``product``, ``faction``, ``card``, ``base`` or ``component``."""
        return {
            "product": self.products,
            "faction": self.factions,
            "card": self.cards,
            "base": self.bases,
            "component": self.components,
        }[kind]

    # ------------------------------------------------------------------ derived facts
    def deck_totals(self, faction: str) -> dict:
        """Totals of a faction's deck (see :func:`deck_totals`)."""
        return deck_totals([self.cards[c] for c in self.factions[faction].cards])

    def keyword_counts(self, faction: str) -> list[tuple[int, str]]:
        """``[(cards carrying it, keyword)]`` of a faction, most frequent first (ties: keyword, descending)."""
        counts: dict[str, int] = defaultdict(int)
        for cid in self.factions[faction].cards:
            for k in self.cards[cid].keywords:
                counts[k] += 1
        return sorted(((n, k) for k, n in counts.items()), reverse=True)

    # ------------------------------------------------------------------ imported text
    def texts(
        self, kind: str | None = None, refs: list[str] | tuple[str, ...] | None = None
    ) -> dict[tuple[str, str], Texts]:
        """Imported text and rulings, ``{(kind, id): Texts}``: of some things of one kind, of one kind, or all.

        Read on demand (it is not part of the facts); rulings come errata
        first, then clarifications, in import order. Things without any
        imported text or ruling are absent from the result.
        """
        from smashup_db.db.reader import in_params

        where, params = "", {}
        if kind is not None:
            where, params = " WHERE kind = :k", {"k": kind}
            if refs is not None:
                marks, ids = in_params("r", refs)
                where, params = f"{where} AND ref IN {marks}", {**params, **ids}
        texts: dict[tuple[str, str], dict] = defaultdict(dict)
        for r in self.reader.all(
            "SELECT kind, ref, lang, text, source FROM entity_text" + where, **params
        ):
            texts[(r["kind"], r["ref"])][r["lang"]] = {"text": r["text"], "source": r["source"]}
        rwhere = where.replace("kind = :k", "entity = :k")
        rulings: dict[tuple[str, str], list] = defaultdict(list)
        for r in self.reader.all(
            "SELECT entity, ref, kind, lang, text, source FROM ruling"
            + rwhere
            + " ORDER BY kind, id",
            **params,
        ):
            rulings[(r["entity"], r["ref"])].append(
                {"kind": r["kind"], "lang": r["lang"], "text": r["text"], "source": r["source"]}
            )
        return {
            key: Texts(MappingProxyType(texts.get(key, {})), tuple(rulings.get(key, ())))
            for key in set(texts) | set(rulings)
        }

    def text_counts(self) -> dict[str, int]:
        """Imported texts per language ``{lang: n}``."""
        return {
            r["lang"]: r["n"]
            for r in self.reader.all("SELECT lang, COUNT(*) AS n FROM entity_text GROUP BY lang")
        }

    def ruling_count(self) -> int:
        """How many rulings were imported."""
        return self.reader.scalar("SELECT COUNT(*) FROM ruling") or 0


def deck_totals(cards) -> dict:
    """Totals of a faction's cards (objects or dicts with ``type``, ``copies``, ``power``).

    ``{"cards", "minions", "actions", "fusions", "other", "titans", "power"}``:
    copies in the deck (titans are kept apart and not counted in ``cards``;
    fusions, played as a minion or an action, are counted apart), and the total
    printed power of the minions (unknown power counts 0).
    """

    def get(c, key):
        return c[key] if isinstance(c, dict) else getattr(c, key)

    deck = [c for c in cards if get(c, "type") != "titan"]
    minions = [c for c in deck if get(c, "type") == "minion"]
    return {
        "cards": sum(get(c, "copies") for c in deck),
        "minions": sum(get(c, "copies") for c in minions),
        "actions": sum(get(c, "copies") for c in deck if get(c, "type") == "action"),
        "fusions": sum(get(c, "copies") for c in deck if get(c, "type") == "fusion"),
        "other": sum(get(c, "copies") for c in deck if get(c, "type") == "other"),
        "titans": sum(get(c, "copies") for c in cards if get(c, "type") == "titan"),
        "power": sum(get(c, "copies") * (get(c, "power") or 0) for c in minions),
    }


def load(reader) -> Model:
    """Read the catalogue's facts from ``reader`` (a :class:`~smashup_db.db.Reader`).

    Raises :class:`~smashup_db.errors.DatabaseError` when the database cannot be read.
    """
    printings = _printings(reader)
    return _model(
        reader,
        _cards(reader, printings),
        _bases(reader, printings),
        reader.all("SELECT id, sort, complexity FROM faction ORDER BY sort, id"),
        _grouped(
            reader,
            "SELECT pf.faction_id AS k, pf.product_id AS v FROM product_faction pf"
            " JOIN product p ON p.id = pf.product_id ORDER BY p.sort, pf.faction_id",
        ),
        _names(reader),
    )


def load_named_card(reader, query: str) -> Model | None:
    """The part of the catalogue a look-up of one card reads, when ``query`` is a card's id or the
    exact name of one (folded as :func:`~smashup_db.common.text.fold` folds it: in any language, an
    alias, another printing's name); None when it is neither (the caller loads the whole catalogue).

    The :class:`Model` holds every card so named (and may hold a card whose replaced name matched:
    the name matcher decides on the names the model holds), their factions and rows, every product,
    component and alias, and the names of all of these; nothing else (no bases), so a faction's
    and a product's lists of cards, bases and factions are incomplete. A look-up by name reads a few
    rows through the ``name`` table's index on ``folded`` instead of the whole catalogue (start-up:
    ``smashup card NAME`` reads one card).
    """
    from smashup_db.common.text import fold
    from smashup_db.db.reader import in_params

    raw = (query or "").strip()
    q = fold(raw)
    ids = {
        r[0]
        for r in reader.tuples("SELECT id FROM card WHERE id IN (:a, :b)", a=raw, b=raw.lower())
    }
    if q:
        for table in ("name", "alias"):
            sql = f"SELECT ref FROM {table} WHERE kind = 'card' AND folded = :q"
            ids.update(r[0] for r in reader.tuples(sql, q=q))
        ids.update(
            ref
            for ref, name in reader.tuples(
                "SELECT ref, name FROM printing WHERE kind = 'card' AND name IS NOT NULL"
            )
            if fold(name) == q
        )
    if not ids:
        return None
    marks, named = in_params("c", sorted(ids))
    printings = _printings(reader, f"WHERE pr.kind = 'card' AND pr.ref IN {marks}", **named)
    cards = _cards(reader, printings, f"IN {marks}", **named)
    fmarks, factions = in_params("f", sorted({c.faction for c in cards.values()}))
    return _model(
        reader,
        cards,
        {},
        reader.all(
            f"SELECT id, sort, complexity FROM faction WHERE id IN {fmarks} ORDER BY sort, id",
            **factions,
        ),
        _grouped(
            reader,
            "SELECT pf.faction_id AS k, pf.product_id AS v FROM product_faction pf"
            f" JOIN product p ON p.id = pf.product_id WHERE pf.faction_id IN {fmarks}"
            " ORDER BY p.sort, pf.faction_id",
            **factions,
        ),
        _names(
            reader,
            f"WHERE (kind = 'card' AND ref IN {marks}) OR (kind = 'faction' AND ref IN {fmarks})"
            " OR kind IN ('product', 'component')",
            **named,
            **factions,
        ),
    )


def _model(reader, cards: dict, bases: dict, faction_rows, faction_products, names_folded) -> Model:
    """A :class:`Model` of ``cards``, ``bases``, the factions of ``faction_rows`` (linked to their
    products by ``faction_products``) and ``names_folded`` (:func:`_names`), with every product,
    alias and component and the meta values read from ``reader``."""
    meta = {r["key"]: r["value"] for r in reader.all("SELECT key, value FROM meta")}
    product_rows = reader.all(
        "SELECT id, kind, year, sort, german_title, german_release FROM product ORDER BY sort, id"
    )
    extra = _grouped(
        reader,
        "SELECT product_id AS k, deck AS v FROM product_extra_deck ORDER BY product_id, position",
    )
    names, folded = names_folded
    factions = _factions(faction_rows, faction_products, cards, bases)
    products = _products(product_rows, extra, factions, bases)
    aliases = _grouped(
        reader, "SELECT kind, ref, folded AS v FROM alias ORDER BY kind, ref, folded", pair=True
    )
    ro = MappingProxyType
    return Model(
        ro(meta),
        ro(products),
        ro(factions),
        ro(cards),
        ro(bases),
        ro({k: ro(v) for k, v in names.items()}),
        reader,
        ro(folded),
        ro({k: tuple(v) for k, v in aliases.items()}),
        ro(_components(reader)),
    )


def _grouped(reader, sql: str, pair: bool = False, **params) -> dict:
    """``{k: [v, ...]}`` from the rows of ``sql`` with ``params`` (columns ``k`` and ``v``; with
    ``pair``, the key is ``(kind, ref)``), in the rows' order."""
    out: dict = defaultdict(list)
    for r in reader.all(sql, **params):
        out[(r["kind"], r["ref"]) if pair else r["k"]].append(r["v"])
    return out


def _printings(reader, where: str = "", **params) -> dict[tuple[str, str], list[Printing]]:
    """``{(kind, ref): [Printing, ...]}`` in box order (original before current in a box); of the rows
    ``where`` (a WHERE clause on ``pr``, the printing table, with ``params``) when given."""
    printings: dict[tuple[str, str], list[Printing]] = defaultdict(list)
    for r in reader.all(
        "SELECT pr.kind, pr.ref, pr.product_id, pr.printing, pr.name, pr.type, pr.copies, pr.power,"
        " pr.breakpoint, pr.vp1, pr.vp2, pr.vp3, pr.unknown, pr.reason, pr.evidence"
        f" FROM printing pr JOIN product p ON p.id = pr.product_id {where}"
        " ORDER BY pr.kind, pr.ref, p.sort,"
        " CASE pr.printing WHEN 'original' THEN 0 WHEN 'current' THEN 1 ELSE 2 END",
        **params,
    ):
        printings[(r["kind"], r["ref"])].append(
            Printing(
                r["kind"],
                r["ref"],
                r["product_id"],
                r["printing"],
                r["name"],
                r["type"],
                r["copies"],
                r["power"],
                r["breakpoint"],
                (r["vp1"], r["vp2"], r["vp3"]),
                tuple(u for u in r["unknown"].split(",") if u),
                r["reason"],
                r["evidence"],
            )
        )
    return printings


def _cards(reader, printings: dict, ids: str = "", **params) -> dict[str, Card]:
    """``{card id: Card}`` in catalogue order, with keywords and printings; of the cards whose id is
    ``ids`` (``IN (:c0, ...)`` with ``params``) when given."""
    # the largest tables (cards, their keywords, names) are read as tuples: no dict per row (start-up)
    keywords: dict[str, list[str]] = defaultdict(list)
    for card_id, keyword in reader.tuples(
        "SELECT card_id, keyword FROM card_keyword"
        + (f" WHERE card_id {ids}" if ids else "")
        + " ORDER BY card_id, keyword",
        **params,
    ):
        keywords[card_id].append(keyword)
    return {
        cid: Card(
            cid,
            faction_id,
            type_,
            copies,
            power,
            sort,
            tuple(keywords.get(cid, ())),
            product_id,
            note or "",
            tuple(printings.get(("card", cid), ())),
        )
        for cid, faction_id, type_, copies, power, sort, product_id, note in reader.tuples(
            "SELECT id, faction_id, type, copies, power, sort, product_id, note FROM card"
            + (f" WHERE id {ids}" if ids else "")
            + " ORDER BY sort, id",
            **params,
        )
    }


def _bases(reader, printings: dict) -> dict[str, Base]:
    """``{base id: Base}`` in catalogue order, with printings."""
    return {
        r["id"]: Base(
            r["id"],
            r["product_id"],
            r["faction_id"],
            r["breakpoint"],
            (r["vp1"], r["vp2"], r["vp3"]),
            r["sort"],
            r["note"] or "",
            r["scoring"],
            tuple(printings.get(("base", r["id"]), ())),
        )
        for r in reader.all(
            "SELECT id, product_id, faction_id, breakpoint, vp1, vp2, vp3, sort, note, scoring"
            " FROM base ORDER BY sort, id"
        )
    }


def _names(reader, where: str = "", **params) -> tuple[dict, dict]:
    """``({(kind, ref): {lang: name}}, {(kind, ref): {lang: folded name}})``; imported names read
    after the compiled ones, so they win. Of the rows ``where`` (a WHERE clause, with ``params``) when given."""
    names: dict[tuple[str, str], dict[str, str]] = defaultdict(dict)
    folded: dict[tuple[str, str], dict[str, str]] = defaultdict(dict)
    for kind, ref, lang, name, folded_name in reader.tuples(
        f"SELECT kind, ref, lang, name, folded FROM name {where}"
        " ORDER BY CASE WHEN origin = 'data' THEN 0 ELSE 1 END",
        **params,
    ):
        names[(kind, ref)][lang] = name
        folded[(kind, ref)][lang] = folded_name
    return names, folded


def _factions(rows, products_of: dict, cards: dict, bases: dict) -> dict[str, Faction]:
    """``{faction id: Faction}`` from the faction rows, with their boxes, cards and bases."""
    cards_of: dict[str, list[str]] = defaultdict(list)
    for c in cards.values():
        cards_of[c.faction].append(c.id)
    bases_of: dict[str, list[str]] = defaultdict(list)
    for b in bases.values():
        if b.faction:
            bases_of[b.faction].append(b.id)
    return {
        r["id"]: Faction(
            r["id"],
            r["sort"],
            tuple(products_of.get(r["id"], ())),
            tuple(cards_of.get(r["id"], ())),
            tuple(bases_of.get(r["id"], ())),
            r["complexity"],
        )
        for r in rows
    }


def _products(rows, extra: dict, factions: dict, bases: dict) -> dict[str, Product]:
    """``{product id: Product}`` from the product rows, with extra decks, factions and bases."""
    bases_of: dict[str, list[str]] = defaultdict(list)
    for b in bases.values():
        bases_of[b.product].append(b.id)
    factions_of: dict[str, list[str]] = defaultdict(list)
    for f in factions.values():  # a product lists its factions in catalogue order
        for pid in f.products:
            factions_of[pid].append(f.id)
    for b in (
        bases.values()
    ):  # a base printed in a further product (The Big Geeky Box) is in its list too
        for pr in b.printings:
            if pr.product != b.product and b.id not in bases_of[pr.product]:
                bases_of[pr.product].append(b.id)
    return {
        r["id"]: Product(
            r["id"],
            r["kind"],
            r["year"],
            r["sort"],
            tuple(extra.get(r["id"], ())),
            tuple(factions_of.get(r["id"], ())),
            tuple(bases_of.get(r["id"], ())),
            r["german_title"],
            r["german_release"],
        )
        for r in rows
    }


def _components(reader) -> dict[str, Component]:
    """``{component id: Component}`` in catalogue order, with the boxes holding each."""
    comp_products = _grouped(
        reader,
        "SELECT cp.component_id AS k, cp.product_id AS v FROM component_product cp"
        " JOIN product p ON p.id = cp.product_id ORDER BY p.sort",
    )
    return {
        r["id"]: Component(
            r["id"],
            r["kind"],
            r["count"],
            r["cards"],
            tuple(comp_products.get(r["id"], ())),
            r["evidence"] or "",
        )
        for r in reader.all(
            "SELECT id, kind, count, cards, evidence FROM component ORDER BY sort, id"
        )
    }
