"""Translation coverage: how many names and texts exist in a language, per product, per faction, overall.

Computed from the read model (:mod:`smashup_db.catalogue.model`) and the imported
texts; used by ``smashup translations status`` and the site's
"Übersetzungsstand" page. A *name* counts when the thing has a name in the
language (compiled or imported); a *text* when a card or base has rules text
in it. Titans count as cards.
"""

from __future__ import annotations


def things_of(model, kind: str, ref: str) -> list[tuple[str, str]]:
    """The ``(kind, id)`` things a product or faction covers, in catalogue order.

    A faction: itself, its cards, its bases. A product: itself, each of its
    factions with their cards, and its bases (bases tied to a faction of the box included once).
    """
    out: list[tuple[str, str]] = []
    if kind == "faction":
        f = model.factions[ref]
        out = [("faction", ref)] + [("card", c) for c in f.cards] + [("base", b) for b in f.bases]
    elif kind == "product":
        p = model.products[ref]
        out = [("product", ref)]
        for fid in p.factions:
            out += [("faction", fid)] + [("card", c) for c in model.factions[fid].cards]
        out += [("base", b) for b in p.bases]
    return list(dict.fromkeys(out))


def _counts(things, names, texted, lang: str) -> dict:
    with_text = [t for t in things if t[0] in ("card", "base")]
    n_names = sum(1 for t in things if lang in names.get(t, {}))
    n_texts = sum(1 for t in with_text if t in texted)

    def pct(n, total):
        return round(100.0 * n / total, 1) if total else 100.0

    return {
        "names": n_names,
        "names_total": len(things),
        "names_percent": pct(n_names, len(things)),
        "texts": n_texts,
        "texts_total": len(with_text),
        "texts_percent": pct(n_texts, len(with_text)),
    }


def coverage(model, lang: str, texts: dict | None = None) -> dict:
    """Coverage of ``lang`` in ``model``.

    Returns ``{"lang", "overall", "products": [...], "factions": [...]}``; each
    entry has ``id``, ``names``/``names_total``/``names_percent`` and
    ``texts``/``texts_total``/``texts_percent`` (percent rounded to one decimal;
    100 when there is nothing to count). ``overall`` counts every product,
    faction, card and base once. ``texts``: :meth:`~smashup_db.catalogue.model.Model.texts` when already read.
    """
    names = model.names
    texted = {
        key
        for key, found in (model.texts() if texts is None else texts).items()
        if lang in found.texts
    }
    everything = (
        [("product", p) for p in model.products]
        + [("faction", f) for f in model.factions]
        + [("card", c) for c in model.cards]
        + [("base", b) for b in model.bases]
    )
    return {
        "lang": lang,
        "overall": _counts(everything, names, texted, lang),
        "products": [
            {"id": p, **_counts(things_of(model, "product", p), names, texted, lang)}
            for p in model.products
        ],
        "factions": [
            {"id": f, **_counts(things_of(model, "faction", f), names, texted, lang)}
            for f in model.factions
        ],
    }


def format_percent(value: float, lang: str, sign: bool = True) -> str:
    """``12.5 %`` (English) or ``12,5 %`` (German decimal comma); without ``sign`` just the number."""
    number = f"{value:.1f}"
    if lang == "de":
        number = number.replace(".", ",")
    return f"{number} %" if sign else number
