"""The compact search index the site's query evaluator (``assets/query.js``) runs on.

One JSON file per site language, ``assets/search-<lang>.json``::

    {"v": catalogue version, "lang": "en",
     "items": [[key, type, faction, product, power, copies, bp, vp1, vp2, vp3, [keywords]], ...],
     "docs":  [[item index, lang, field, folded body], ...],
     "show":  [[name, name is a fallback (0/1), one-line text], ...],   # parallel to items, page language
     "url":   URL prefix of the language ("/en/"), "types": {type: label},
     "refs":  {"faction": [[id, [folded names]], ...], "product": [...]},
     "pf":    {product id: [faction ids]},
     "fp":    {faction id: [product ids]},  "held": {item index: [product ids]},  # owned:, printing:
     "asked": the printing the pages ask for where nothing owned decides ("german" on /de/, else null),
     "german": [[first, end], ...],  # the items a German box holds: runs of indices, end excluded
     "alt":   {printing: {item index: [type, power, copies, bp, vp1, vp2, vp3, name]}},  # see below
     "names": {"faction": {id: display name}, "product": {...}}}

The build writes it as two files (:func:`split_index`): ``assets/search-<lang>.json``, the names and
facts (everything above but the ``text`` documents and excerpts; the ``group`` documents as
``groups``), which answers every query without rules-text words, and
``assets/search-text-<lang>.json``, the rules text (``{"v", "lang", "docs": [...], "excerpts": [...]}``),
which the search page fetches only for a query whose words may match text (``SmashQuery.needsText``).

``items`` are in the CLI's result order (cards by faction then card order,
then bases by product then base order), ``docs`` hold exactly the folded rows
of the CLI's search index (:func:`smashup_db.search.index.documents` over the
same name and text rows), and the base keywords are found with the CLI's own
patterns, so the evaluator and ``smashup search`` give the same ids.
``alt`` holds, per printing, the items whose facts or shown name differ in that
printing from ``items``/``show``: a query asking for one printing
(``f:tricksters printing:original``) with no printing owned shows that printing,
as ``smashup search`` does (:meth:`smashup_db.search.execute.Searcher.for_query`).
Everything in it is data: the page script inserts it with ``textContent``
only, never as HTML.
"""

from __future__ import annotations

import json
from typing import Callable

from smashup_db.catalogue.owned import default_held, held_products
from smashup_db.catalogue.printing import german_held
from smashup_db.search.execute import BASE_KEYWORD_PATTERNS
from smashup_db.search.index import (
    _SOURCE_ALIASES,
    _SOURCE_NAMES,
    _SOURCE_TEXT,
    documents,
    group_rows,
)
from smashup_db.site.clean import is_placeholder
from smashup_db.site.sitedata import SiteData


def read_search_rows(reader) -> tuple[list[dict], list[dict], list[dict]]:
    """The name, text and group rows the CLI's search index is made of (same SQL)."""
    return (
        reader.all(_SOURCE_NAMES) + reader.all(_SOURCE_ALIASES),
        reader.all(_SOURCE_TEXT),
        group_rows(reader),
    )


def base_keywords(english_text: str | None) -> list[str]:
    """Keywords a base's English text carries, by the CLI's ``LIKE`` patterns (e.g. ``%ongoing:%``)."""
    low = (english_text or "").lower()
    found = []
    for kw, patterns in BASE_KEYWORD_PATTERNS.items():
        if any(p.strip("%") in low for p in patterns):
            found.append(kw)
    return found


def one_line(text: str | None) -> str:
    """``text`` with every run of white space (line breaks included) made one space."""
    return " ".join((text or "").split())


def build_index(
    data: SiteData,
    rows: tuple[list[dict], list[dict]],
    lang: str,
    t: dict,
    url: Callable[..., str],
    names,
    docs: list[dict] | None = None,
) -> dict:
    """The index for one site language (see the module docstring for the shape).

    ``rows``: from :func:`read_search_rows`; ``t``: interface strings of ``lang``;
    ``url(*segments)``: page URLs; ``names(kind, id)``: display-name dicts; ``docs``: the
    folded documents of ``rows`` (:func:`smashup_db.search.index.documents`), when already made
    for another language (they do not depend on it).
    """
    data = data.shown_for(
        lang
    )  # power, copies, breakpoint and VP of the printing the one rule picks
    items, show, pos = _items(data, lang, names)
    model = data.catalogue.model
    held = _held(model, pos)
    # the German site asks for the German edition where a German box holds a thing (Catalogue.printing_of)
    asked = "german" if lang == "de" else None
    german = runs(
        [k for key, k in sorted(pos.items(), key=lambda kv: kv[1]) if _german_held(model, key)]
    )
    docs = [
        [pos[d["key"]], d["lang"], d["field"], d["body"]]
        for d in (documents(*rows) if docs is None else docs)
        if d["key"] in pos
    ]
    refs = {
        kind: [[i, sorted(data.catalogue.matcher.folded(kind).get(i, ()))] for i in table]
        for kind, table in (("faction", data.factions), ("product", data.products))
    }
    return {
        "v": data.version,
        "lang": lang,
        "url": url(),
        "items": items,
        "types": {k: t[k] for k in ("minion", "action", "titan", "fusion", "other", "base")},
        "docs": docs,
        "show": show,
        "refs": refs,
        "pf": {p["id"]: list(p["factions"]) for p in data.products.values()},
        "fp": {f.id: list(dict.fromkeys(f.products)) for f in model.factions.values()},
        "held": held,
        "asked": asked,
        "german": german,
        "alt": {p: _alt(data, items, show, pos, p, names) for p in PRINTINGS},
        "names": {
            "faction": {i: names("faction", i)["name"] for i in data.factions},
            "product": {i: names("product", i)["name"] for i in data.products},
        },
    }


def runs(indices: list[int]) -> list[list[int]]:
    """Ascending ``indices`` as runs ``[first, end]`` (``end`` excluded): ``[0, 1, 2, 5]`` ->
    ``[[0, 3], [5, 6]]``. The German boxes hold whole factions, so a few runs say what a list of
    hundreds of numbers would (the index's bytes)."""
    out: list[list[int]] = []
    for k in indices:
        if out and out[-1][1] == k:
            out[-1][1] = k + 1
        else:
            out.append([k, k + 1])
    return out


def _items(data: SiteData, lang: str, names) -> tuple[list[list], list[list], dict[str, int]]:
    """``(items, show, pos)``: the index's items and their display rows in the CLI's result order (cards
    by faction, then bases by product), and each search key's position among them."""
    items, show, pos = [], [], {}
    for f in data.factions.values():
        for cid in f["cards"]:
            c = data.cards[cid]
            me = names("card", cid)
            pos["card:" + cid] = len(items)
            items.append(
                [
                    "card:" + cid,
                    c["type"],
                    c["faction"],
                    None,
                    c["power"],
                    c["copies"],
                    None,
                    None,
                    None,
                    None,
                    list(c["keywords"]),
                ]
            )
            # the card the shown printing holds where it was another one (Disenchant for Pixie)
            shown_name = c.get("printed_as") or me["name"]
            show.append([shown_name, 1 if me["fallback"] else 0, _excerpt(c, lang)])
    for p in data.products.values():
        for bid in p["bases"]:
            b = data.bases[bid]
            if (
                b["product"] != p["id"]
            ):  # listed again in a box that also printed it: one item, under its own box
                continue
            me = names("base", bid)
            pos["base:" + bid] = len(items)
            en_text = (b["texts"].get("en") or {}).get("text")
            items.append(
                [
                    "base:" + bid,
                    "base",
                    b["faction"],
                    b["product"],
                    None,
                    None,
                    b["breakpoint"],
                    *b["vp"],
                    base_keywords(en_text),
                ]
            )
            show.append([me["name"], 1 if me["fallback"] else 0, _excerpt(b, lang)])
    return items, show, pos


#: The printings a query can ask to be shown (``printing:X``), as the CLI knows them.
PRINTINGS = ("current", "original", "german")


def _alt(data: SiteData, items, show, pos: dict[str, int], printing: str, names) -> dict[str, list]:
    """``{item position (a string): [type, power, copies, bp, vp1, vp2, vp3, shown name]}`` of the items
    whose facts or name in ``printing`` (as :meth:`Catalogue.printing_of` picks it when ``printing`` is
    asked: owned first, German only where a German box holds the thing) differ from ``items``/``show``."""
    from smashup_db.catalogue.printing import base_facts, card_facts
    from smashup_db.common.text import fold

    cat = data.catalogue
    model = cat.model
    out = {}
    for key, k in pos.items():
        kind, ref = key.split(":", 1)
        if kind == "card":
            card = model.cards[ref]
            f = card_facts(card, cat.printing_of(card, printing))
            own = model.named("card", ref, "en")["name"] or ""
            held = f["name"] if f["name"] and fold(f["name"]) != fold(own) else None
            name = held or names("card", ref)["name"]
            row = [f["type"], f["power"], f["copies"], None, None, None, None]
        else:
            f = base_facts(model.bases[ref], cat.printing_of(model.bases[ref], printing))
            name = show[k][0]
            row = ["base", None, None, f["breakpoint"], *f["vp"]]
        if row != [items[k][1], *items[k][4:10]] or name != show[k][0]:
            out[str(k)] = [*row, name]
    return out


def _held(model, pos: dict[str, int]) -> dict[str, list[str]]:
    """``{item position (a string): products holding it}`` where they differ from the default
    (:mod:`smashup_db.catalogue.owned`), for ``owned:`` and ``printing:``."""
    held = {}
    for key, k in pos.items():
        kind, ref = key.split(":", 1)
        thing = model.cards[ref] if kind == "card" else model.bases[ref]
        hs = held_products(model, thing)
        if hs != default_held(model, thing):
            held[str(k)] = hs
    return held


def _german_held(model, key: str) -> bool:
    """Whether a German box holds the card or base of search key ``key`` (printing.german_held, with a
    card's faction's boxes as Catalogue.printing_of passes them)."""
    kind, ref = key.split(":", 1)
    if kind == "card":
        card = model.cards[ref]
        faction = model.factions.get(card.faction)
        return german_held(model, card, tuple(faction.products) if faction else ())
    return german_held(model, model.bases[ref])


def _excerpt(item: dict, lang: str) -> str:
    texts = item.get("texts") or {}
    chosen = texts.get(lang) or texts.get("en")
    return one_line(chosen["text"]) if chosen and not is_placeholder(chosen["text"]) else ""


def split_index(index: dict) -> tuple[dict, dict]:
    """``(facts, text)``: the index of :func:`build_index` cut in the two files the site ships.

    ``facts`` keeps everything but the ``text`` documents and the one-line excerpts (``show`` rows
    become ``[name, fallback, ""]``); its ``group`` documents (the faction and product names of every
    card and base, the same few bodies repeated thousands of times) are written once each:
    ``"groups": {"bodies": [[lang, body], ...], "sets": [[body index, ...], ...], "of": [set index
    per item]}``, which ``SmashQuery.prepare`` turns back into the same documents.
    ``text``: ``{"v", "lang", "docs": [the text documents], "excerpts": [excerpt per item]}``.
    """
    per_item: dict[int, set[tuple[str, str]]] = {}
    docs, text_docs = [], []
    for d in index["docs"]:
        if d[2] == "text":
            text_docs.append(d)
        elif d[2] == "group":
            per_item.setdefault(d[0], set()).add((d[1], d[3]))
        else:
            docs.append(d)
    bodies = sorted({b for found in per_item.values() for b in found})
    at = {b: i for i, b in enumerate(bodies)}
    sets: list[list[int]] = []
    set_at: dict[tuple[int, ...], int] = {}
    of = []
    for k in range(len(index["items"])):
        key = tuple(sorted(at[b] for b in per_item.get(k, ())))
        if key not in set_at:
            set_at[key] = len(sets)
            sets.append(list(key))
        of.append(set_at[key])
    facts = {
        **index,
        "docs": docs,
        "show": [[s[0], s[1], ""] for s in index["show"]],
        "groups": {"bodies": [list(b) for b in bodies], "sets": sets, "of": of},
    }
    text = {
        "v": index["v"],
        "lang": index["lang"],
        "docs": text_docs,
        "excerpts": [s[2] for s in index["show"]],
    }
    return facts, text


def index_json(index: dict) -> str:
    """Compact JSON text of an index (``</`` escaped, so it is also safe inside a page)."""
    return json.dumps(index, ensure_ascii=False, separators=(",", ":")).replace("</", "<\\/")
