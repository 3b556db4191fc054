"""Run a parsed search query over the cards and bases of the catalogue.

The query tree is compiled into one SQL statement with bound parameters over a
unified "item" relation (a CTE: every card and every base, with type, faction,
product, power, breakpoint and VP); the matches are put in catalogue order in Python
(:meth:`Searcher.order`), which spares the statement its joins and sort. Word terms become ``key IN (...)``
sub-queries on the search index (see :mod:`.index`): FTS5 ``MATCH`` when
available, else ``LIKE`` on the folded words; both read the same folded rows,
so they give the same results. Every condition is NULL-safe, so ``-term`` is
exactly the complement of ``term``.

Names are also matched as typed with other spaces, hyphens or "ae/oe/ue" spellings: unquoted
words (one term, or the plain words of an AND together) also match an item whose name or
faction/product name has a :func:`~smashup_db.common.text.name_key` starting with theirs
("Wechsler-Bots", "Astro Knights", "Caesiumruestung"); see :meth:`Searcher.key_matches`. The
site's ``assets/query.js`` does the same with ``assets/fold.js``.
"""

from __future__ import annotations

import re
from functools import lru_cache

from smashup_db.catalogue.names import Ambiguous, NotFound
from smashup_db.catalogue.owned import owned_keys, printing_keys
from smashup_db.catalogue.view import Catalogue
from smashup_db.common.text import ascii_fold, folded_key, name_key
from smashup_db.db import in_params
from smashup_db.search.index import META_KEY, uses_fts
from smashup_db.search.parser import (
    UNKNOWN_VALUE,
    And,
    Compare,
    Everything,
    Is,
    Not,
    Or,
    Query,
    QueryError,
    Words,
    _hint,
    parse,
    suggest,
)

#: Numeric fields -> item column.
NUMBER_COLUMNS = {
    "power": "power",
    "copies": "copies",
    "breakpoint": "breakpoint",
    "vp": "vp1",
    "vp2": "vp2",
    "vp3": "vp3",
}
#: A typed name's key (:func:`~smashup_db.common.text.name_key`) is compared only from this many
#: letters on: shorter keys ("ae" -> "a") would match most names.
MIN_KEY = 4
SQL_OPS = {"=": "=", "!=": "<>", "<": "<", "<=": "<=", ">": ">", ">=": ">="}

#: Bases carry no keyword rows; these patterns find keywords in a base's imported English text.
BASE_KEYWORD_PATTERNS = {
    "ongoing": ["%ongoing:%"],
    "talent": ["%talent:%"],
    "special": ["%special:%"],
    "extra-play": ["%extra minion%", "%extra action%", "%extra character%"],
}

ITEMS_CTE = (
    "WITH item AS ("
    " SELECT 'card:' || c.id AS key, 'card' AS kind, c.id AS ref, c.type AS type, c.faction_id AS faction_id,"
    " CAST(NULL AS VARCHAR) AS product_id, c.power AS power, c.copies AS copies,"
    " CAST(NULL AS INTEGER) AS breakpoint, CAST(NULL AS INTEGER) AS vp1, CAST(NULL AS INTEGER) AS vp2,"
    " CAST(NULL AS INTEGER) AS vp3"
    " FROM card c"
    " UNION ALL"
    " SELECT 'base:' || b.id, 'base', b.id, 'base', b.faction_id, b.product_id, CAST(NULL AS INTEGER),"
    " CAST(NULL AS INTEGER), b.breakpoint, b.vp1, b.vp2, b.vp3"
    " FROM base b)"
)


class Searcher:
    """Search the cards and bases of a :class:`~smashup_db.catalogue.view.Catalogue`.

    ``use_fts``: None picks FTS5 when the database has it; False forces the
    portable LIKE path (True falls back to LIKE when FTS5 is missing).
    """

    def __init__(self, cat: Catalogue, use_fts: bool | None = None, printing: str | None = None):
        self.cat = cat
        self.r = cat.r
        self.use_fts = use_fts
        #: ``--printing``: the printing shown where the group owns none (see :meth:`Catalogue.printing_of`)
        self.printing = printing
        self._shown: dict[str, tuple] | None = None  # shown_facts, worked out on first use
        self._names: list[str] | None = None  # suggestion_names, worked out on first use
        self._keys: list[tuple[str, str]] | None = None  # (name key, body), on first use
        self._order: dict[str, tuple] | None = None  # order(), on first use

    def shown_facts(self) -> dict[str, tuple]:
        """``{key: (power, copies, breakpoint, vp1, vp2, vp3, type)}`` of every card and base whose shown
        printing (:meth:`~smashup_db.catalogue.view.Catalogue.printing_of`: owned, else ``printing``,
        else current) has other numbers (or, for a card, another type: Disenchant, an action, where
        the current Tricksters have the minion Pixie) than the current ones the ``card``/``base`` tables hold.

        The number filters (``pow>=4``, ``bp>=20`` ...) compare these, so a filter and the numbers a
        result prints always agree. Worked out once per searcher: the read model and the catalogue's
        owned printings it comes from are read once too.
        """
        if self._shown is not None:
            return self._shown
        out: dict[str, tuple] = {}
        model = self.cat.model
        for c in model.cards.values():
            if not c.printings:
                continue
            row = self.cat.card_row(c.id, self.printing)
            if (row["power"], row["copies"], row["type"]) != (c.power, c.copies, c.type):
                out["card:" + c.id] = (
                    row["power"],
                    row["copies"],
                    None,
                    None,
                    None,
                    None,
                    row["type"],
                )
        for b in model.bases.values():
            if not b.printings:
                continue
            row = self.cat.base_row(b.id, self.printing)
            if (row["breakpoint"], tuple(row["vp"])) != (b.breakpoint, tuple(b.vp)):
                out["base:" + b.id] = (None, None, row["breakpoint"], *row["vp"], "base")
        self._shown = out
        return out

    def order(self) -> dict[str, tuple]:
        """``{key: sort key}`` of every card and base, in catalogue order: the cards by their faction's
        ``sort``, then their own ``sort`` and id; after them the bases by their product's ``sort``, then
        their own ``sort`` and id. The search sorts its matches by it, so the SQL needs no joins and no
        ORDER BY (measured: about a third of a broad query's time). Worked out once per searcher."""
        if self._order is None:
            model = self.cat.model
            order = {
                "card:" + c.id: (0, model.factions[c.faction].sort, c.sort, c.id)
                for c in model.cards.values()
            }
            order.update(
                ("base:" + b.id, (1, model.products[b.product].sort, b.sort, b.id))
                for b in model.bases.values()
            )
            self._order = order
        return self._order

    def items_cte(self, params: dict) -> str:
        """The ``item`` relation (see :data:`ITEMS_CTE`) with the numbers of the shown printing
        (:meth:`shown_facts`), given as bound parameters in a ``shown`` relation."""
        shown = self.shown_facts()
        if not shown:
            return ITEMS_CTE
        rows = []
        for n, (key, facts) in enumerate(sorted(shown.items())):
            params[f"s{n}k"] = key
            cells = [f"CAST(:s{n}k AS VARCHAR)"]
            for j, v in enumerate(facts):
                params[f"s{n}v{j}"] = v
                cells.append(f"CAST(:s{n}v{j} AS {'VARCHAR' if j == 6 else 'INTEGER'})")
            rows.append("(" + ", ".join(cells) + ")")

        def col(alias: str, name: str) -> str:
            return f"CASE WHEN s.key IS NULL THEN {alias}.{name} ELSE s.{name} END"

        return (
            "WITH shown(key, power, copies, breakpoint, vp1, vp2, vp3, type) AS (VALUES "
            + ", ".join(rows)
            + "),"
            " item AS ("
            f" SELECT 'card:' || c.id AS key, 'card' AS kind, c.id AS ref, {col('c', 'type')} AS type, c.faction_id AS faction_id,"
            f" CAST(NULL AS VARCHAR) AS product_id, {col('c', 'power')} AS power, {col('c', 'copies')} AS copies,"
            " CAST(NULL AS INTEGER) AS breakpoint, CAST(NULL AS INTEGER) AS vp1, CAST(NULL AS INTEGER) AS vp2,"
            " CAST(NULL AS INTEGER) AS vp3"
            " FROM card c LEFT JOIN shown s ON s.key = 'card:' || c.id"
            " UNION ALL"
            " SELECT 'base:' || b.id, 'base', b.id, 'base', b.faction_id, b.product_id, CAST(NULL AS INTEGER),"
            f" CAST(NULL AS INTEGER), {col('b', 'breakpoint')}, {col('b', 'vp1')}, {col('b', 'vp2')},"
            f" {col('b', 'vp3')}"
            " FROM base b LEFT JOIN shown s ON s.key = 'base:' || b.id)"
        )

    # ------------------------------------------------------------------ resolving
    def resolve(self, kind: str, value: str, column: int = 0) -> list[str]:
        """Ids of the faction or product ``value`` names (see :class:`~smashup_db.catalogue.names.NameMatcher`).

        Raises :class:`QueryError` at ``column`` with the closest names when
        nothing (or more than one thing) matches.
        """
        try:
            return self.cat.matcher.match(kind, value)
        except Ambiguous as exc:
            raise QueryError(exc, column) from None
        except NotFound as exc:
            raise QueryError(
                UNKNOWN_VALUE[kind], column, value=value, hint=_hint(exc.suggestions[:3])
            ) from None

    def owned_keys(self) -> set[str]:
        """Keys of the cards and bases a box of the collection (any owner) holds
        (:func:`smashup_db.catalogue.owned.owned_keys`); none without a collection."""
        try:
            owned = {
                r["product_id"] for r in self.r.all("SELECT DISTINCT product_id FROM collection")
            }
        except Exception:  # a database without the collection table: nothing owned
            owned = set()
        return owned_keys(self.cat.model, owned)

    # ------------------------------------------------------------------ names as typed
    def key_matches(self, words: list[Words]) -> list[str] | None:
        """The folded name bodies of the index that a run of plain ``words`` names as typed with
        other spaces, hyphens or "ae/oe/ue" spellings: those whose
        :func:`~smashup_db.common.text.name_key` starts with the key of the words' tokens joined
        (the caller selects the items with such a ``name`` or ``group`` document). None when that
        key is shorter than :data:`MIN_KEY`."""
        want = name_key(" ".join(t for w in words for t in w.tokens))
        if len(want) < MIN_KEY:
            return None
        if self._keys is None:  # the index's bodies are folded: their keys need no second fold
            self._keys = [
                (folded_key(r[0]), r[0])
                for r in self.r.tuples(
                    "SELECT DISTINCT body FROM search_doc WHERE field IN ('name', 'group')"
                )
            ]
        return sorted(body for k, body in self._keys if k.startswith(want))

    # ------------------------------------------------------------------ compiling
    def compile(self, query: Query, fts: bool) -> tuple[str, dict]:
        """``(sql, params)`` selecting the ``key`` of every match, in no order (:meth:`keys` sorts them)."""
        params: dict = {}
        counter = [0]

        def p(value) -> str:
            counter[0] += 1
            name = f"q{counter[0]}"
            params[name] = value
            return f":{name}"

        def words(node: Words) -> str:
            filters = ""
            if node.where != "any":
                filters += f" AND field = {p(node.where)}"
            if query.lang:
                filters += f" AND lang = {p(query.lang)}"
            phrase = " ".join(node.tokens)
            if fts:
                match = f'"{phrase}"' + ("" if node.exact else "*")
                return f"i.key IN (SELECT key FROM search_fts WHERE search_fts MATCH {p(match)}{filters})"
            pattern = f"% {phrase}" + (" %" if node.exact else "%")
            return f"i.key IN (SELECT key FROM search_doc WHERE (' ' || body || ' ') LIKE {p(pattern)}{filters})"

        def typed(items: list[Words], plain: str) -> str:
            """``plain`` or the items named by the words as typed (:meth:`key_matches`): with such a
            ``name`` document (or ``group``, unless a word is ``name:``), in the query's language."""
            bodies = self.key_matches(items)
            if not bodies:
                return plain
            counter[0] += 1
            plist, pvals = in_params(f"n{counter[0]}_", bodies)
            params.update(pvals)
            fields = "'name'" if any(w.where == "name" for w in items) else "'name', 'group'"
            lang = f" AND lang = {p(query.lang)}" if query.lang else ""
            if fts:  # the phrases find the rows through the full-text index; ``body IN`` keeps the whole ones
                phrases = p(" OR ".join(f'"{body}"' for body in bodies))
                source = f"search_fts WHERE search_fts MATCH {phrases} AND"
            else:
                source = "search_doc WHERE"
            return (
                f"({plain} OR i.key IN (SELECT key FROM {source} field IN ({fields})"
                f" AND body IN {plist}{lang}))"
            )

        def cond(node) -> str:
            if isinstance(node, Words):
                return typed([node], words(node)) if _as_typed(node) else words(node)
            if isinstance(node, Compare):
                col = NUMBER_COLUMNS[node.field]
                return f"(i.{col} IS NOT NULL AND i.{col} {SQL_OPS[node.op]} {p(node.number)})"
            if isinstance(node, Is):
                return is_cond(node)
            if isinstance(node, Not):
                return f"NOT ({cond(node.item)})"
            if isinstance(node, And):
                plain = "(" + " AND ".join(cond(x) for x in node.items) + ")"
                run = [x for x in node.items if isinstance(x, Words) and _as_typed(x)]
                if len(run) < 2:
                    return plain
                rest = [cond(x) for x in node.items if x not in run]
                together = typed(run, "1 = 0")
                if together == "1 = 0":
                    return plain
                return "(" + plain + " OR (" + " AND ".join([together, *rest]) + "))"
            if isinstance(node, Or):
                return "(" + " OR ".join(cond(x) for x in node.items) + ")"
            if isinstance(node, Everything):
                return "1 = 1"
            raise TypeError(node)  # pragma: no cover

        def is_cond(node: Is) -> str:
            if node.field == "type":
                if node.value in ("card", "base"):
                    return f"i.kind = {p(node.value)}"
                return f"i.type = {p(node.value)}"
            if node.field == "kw":
                card = f"(i.kind = 'card' AND i.ref IN (SELECT card_id FROM card_keyword WHERE keyword = {p(node.value)}))"
                pats = BASE_KEYWORD_PATTERNS.get(node.value)
                if not pats:
                    return card
                likes = " OR ".join(f"LOWER(text) LIKE {p(x)}" for x in pats)
                base = (
                    "(i.kind = 'base' AND i.ref IN (SELECT ref FROM entity_text WHERE kind = 'base'"
                    f" AND lang = 'en' AND ({likes})))"
                )
                return f"({card} OR {base})"
            if node.field in ("owned", "printing"):
                keys = sorted(
                    self.owned_keys()
                    if node.field == "owned"
                    else printing_keys(self.cat, node.value, self.printing)
                )
                counter[0] += 1
                plist, pvals = in_params(f"k{counter[0]}_", keys)
                params.update(pvals)
                return f"i.key IN {plist}"
            ids = self.resolve(node.field, node.value, node.column)
            counter[0] += 1
            plist, pvals = in_params(f"r{counter[0]}_", ids)
            params.update(pvals)
            if node.field == "faction":
                return f"(i.faction_id IS NOT NULL AND i.faction_id IN {plist})"
            return (
                f"((i.kind = 'base' AND i.product_id IN {plist}) OR (i.kind = 'card' AND i.faction_id IN"
                f" (SELECT faction_id FROM product_faction WHERE product_id IN {plist})))"
            )

        where = cond(query.root)
        sql = f"{self.items_cte(params)} SELECT i.key FROM item i WHERE {where}"
        return sql, params

    # ------------------------------------------------------------------ running
    def for_query(self, q: Query) -> Searcher:
        """The searcher that shows ``q``'s matches: this one, or, where neither ``--printing`` nor an
        owned box picks a printing and ``q`` asks for one (``printing:original``, the whole query or
        one of its AND terms), one that shows that printing, so ``f:tricksters printing:original``
        lists the original Tricksters (Disenchant, not Pixie) as ``faction --printing original`` does."""
        terms = q.root.items if isinstance(q.root, And) else (q.root,)
        asked = [t.value for t in terms if isinstance(t, Is) and t.field == "printing"]
        if self.printing or len(set(asked)) != 1 or self.cat.owned_printings():
            return self
        return Searcher(self.cat, self.use_fts, asked[0])

    def keys(self, query: str | Query) -> list[str]:
        """Keys (``card:<id>`` / ``base:<id>``) of every match, in catalogue order."""
        q = parse(query) if isinstance(query, str) else query
        if self.for_query(q) is not self:
            return self.for_query(q).keys(q)
        fts = self.use_fts is not False and uses_fts(self.cat.model.meta.get(META_KEY))
        sql, params = self.compile(q, fts)
        return sorted(
            (row[0] for row in self.r.tuples(sql, **params)), key=self.order().__getitem__
        )

    def search(self, query: str, limit: int | None = 50) -> dict:
        """Run ``query``: ``{"query", "lang", "total", "shown", "results": [...]}``.

        Each result has kind, id, name (display language, English fallback in
        ``name_lang``), type, faction, product (bases), power, copies, keywords,
        breakpoint, vp, and ``excerpt`` with ``highlights`` (character spans) when
        text was imported. ``did_you_mean``: close names (both languages) when nothing matched,
        else ``[]``. Raises :class:`QueryError` for a malformed query.
        """
        q = parse(query)
        shower = self.for_query(q)
        keys = shower.keys(q)
        page = keys if not limit or limit < 0 else keys[:limit]
        return {
            "query": query,
            "lang": self.cat.lang,
            "restricted_to_lang": q.lang,
            "total": len(keys),
            "shown": len(page),
            "results": shower.details(page, q),
            "did_you_mean": [] if keys else self.did_you_mean(q),
        }

    def did_you_mean(self, q: Query) -> list[str]:
        """Names close to the words of ``q`` (:mod:`smashup_db.search.suggest`), for a query that found nothing."""
        from smashup_db.search.suggest import did_you_mean, query_words, suggestion_names

        words = query_words(q)
        if not words:
            return []
        if self._names is None:
            self._names = suggestion_names(self.cat.model)
        return did_you_mean(words, self._names)

    def details(self, keys: list[str], q: Query) -> list[dict]:
        """Result records for ``keys`` (in that order), facts from the read model."""
        model = self.cat.model
        texts: dict[str, dict[str, str]] = {}
        for kind in ("card", "base"):
            refs = [k[5:] for k in keys if k.startswith(kind + ":")]
            if refs:
                for (k, ref), found in model.texts(kind, refs).items():
                    texts[f"{k}:{ref}"] = {lang: t["text"] for lang, t in found.texts.items()}
        terms = q.highlight_terms()
        out = []
        for key in keys:
            kind, ref = key.split(":", 1)
            thing = model.cards[ref] if kind == "card" else model.bases[ref]
            item = {
                "kind": kind,
                **self.cat.named(kind, ref),
                "type": model.cards[ref].type if kind == "card" else "base",
                "faction": self.cat.named("faction", thing.faction) if thing.faction else None,
            }
            if (
                kind == "card"
            ):  # the facts of the printing the one rule picks (Catalogue.printing_of)
                row = self.cat.card_row(ref, self.printing)
                item.update(  # the card this printing holds (Disenchant where Pixie is current)
                    name=row["name"],
                    name_lang=row["name_lang"],
                    name_en=row["name_en"],
                    type=row["type"],
                    power=row["power"],
                    copies=row["copies"],
                    keywords=list(model.cards[ref].keywords),
                )
            else:
                row = self.cat.base_row(ref, self.printing)
                item.update(
                    product=self.cat.named("product", model.bases[ref].product),
                    breakpoint=row["breakpoint"],
                    vp=list(row["vp"]),
                )
            item.update(text_excerpt(texts.get(key, {}), terms, q.lang or self.cat.lang))
            out.append(item)
        return out


# ---------------------------------------------------------------------- excerpts


class _FoldTable(dict):
    """``str.translate`` table folding one character at a time (no collapsing), filled on first use.

    A character maps to its :func:`~smashup_db.common.text.ascii_fold` then ``casefold``, each
    resulting character outside ``[0-9a-z]`` made a space, and a character folding to nothing made
    one space: ``"Ä"`` -> ``"a"``, ``"ß"`` -> ``"ss"``, ``"…"`` -> ``"   "``, ``"!"`` -> ``" "``.
    """

    def __missing__(self, code: int) -> str:
        piece = ascii_fold(chr(code)).casefold() or " "
        piece = "".join(c if ("0" <= c <= "9" or "a" <= c <= "z") else " " for c in piece)
        self[code] = piece
        return piece


_FOLD = _FoldTable()


def _as_typed(node: Words) -> bool:
    """True for words that may name a thing as typed (:meth:`Searcher.key_matches`): unquoted, in
    names or anywhere (not ``text:``)."""
    return not node.exact and node.where in ("any", "name")


def _folded_with_map(text: str) -> tuple[str, list[int] | range]:
    """Fold ``text`` char by char (no collapsing): folded string and, per folded char, its source index.

    The whole string is folded by one ``str.translate``; the source index is walked character by
    character only when some character folded to more than one (``"ß"``, ``"…"``), else it is the
    identity (a ``range``).
    """
    folded = text.translate(_FOLD)
    if (
        text.isascii()
        or len(folded) == len(text)
        and all(len(_FOLD[ord(ch)]) == 1 for ch in set(text))
    ):
        return folded, range(len(text))
    index: list[int] = []
    for k, ch in enumerate(text):
        index.extend([k] * len(_FOLD[ord(ch)]))
    return folded, index


@lru_cache(maxsize=256)
def _term_pattern(term: Words) -> re.Pattern:
    """The regular expression finding ``term`` in a folded text (see :func:`find_spans`)."""
    body = " +".join(re.escape(tok) for tok in term.tokens)
    tail = r"(?![0-9a-z])" if term.exact else r"[0-9a-z]*"
    return re.compile(r"(?<![0-9a-z])" + body + tail)


def find_spans(text: str, terms: list[Words]) -> list[tuple[int, int]]:
    """Character spans of ``text`` where the word terms match (sorted, non-overlapping)."""
    if not text or not terms:
        return []
    folded, index = _folded_with_map(text)
    spans = []
    for t in terms:
        for m in _term_pattern(t).finditer(folded):
            if m.end() > m.start():
                spans.append((index[m.start()], index[m.end() - 1] + 1))
    spans.sort()
    merged: list[tuple[int, int]] = []
    for s, e in spans:
        if merged and s <= merged[-1][1]:
            merged[-1] = (merged[-1][0], max(e, merged[-1][1]))
        else:
            merged.append((s, e))
    return merged


def text_excerpt(texts: dict[str, str], terms: list[Words], lang: str, width: int = 140) -> dict:
    """``{"text_lang", "excerpt", "highlights"}`` for the best text (``lang``, else English, else any).

    The excerpt is about ``width`` characters around the first match; ``highlights``
    are ``[start, end]`` spans inside the excerpt. All None/empty without text.
    """
    if not texts:
        return {"text_lang": None, "excerpt": None, "highlights": []}
    chosen = lang if lang in texts else ("en" if "en" in texts else sorted(texts)[0])
    text = " ".join(texts[chosen].split())
    spans = find_spans(text, terms)
    start = 0
    if spans and spans[0][1] > width - 20:
        start = max(0, spans[0][0] - 40)
        while start > 0 and not text[start - 1].isspace():
            start -= 1
    end = min(len(text), start + width)
    if end < len(text):
        cut = text.rfind(" ", start + width // 2, end)
        end = cut if cut > 0 else end
    prefix = "…" if start > 0 else ""
    suffix = "…" if end < len(text) else ""
    excerpt = prefix + text[start:end] + suffix
    shift = len(prefix) - start
    hl = [[max(s, start) + shift, min(e, end) + shift] for s, e in spans if e > start and s < end]
    return {"text_lang": chosen, "excerpt": excerpt, "highlights": hl}


def search(cat: Catalogue, query: str, limit: int | None = 50, use_fts: bool | None = None) -> dict:
    """Search ``cat`` for ``query`` (see :meth:`Searcher.search`)."""
    return Searcher(cat, use_fts).search(query, limit)


__all__ = ["Searcher", "search", "find_spans", "text_excerpt", "QueryError", "suggest"]
