"""Which printing of a card or base applies, and its facts.

A card or base has one identity and one or more printings (see
:class:`~smashup_db.catalogue.model.Printing`); the ``card``/``base`` row holds the
current printing. The German edition was translated from the original
printings (shared/data/README.md): a German box uses the ``german`` row where
one exists, else the ``original`` one, else the current facts. Pure functions
over the read model; no database access.
"""

from __future__ import annotations

from smashup_db.common.text import fold
from smashup_db.errors import Choices, UserError
from smashup_db.i18n import N_

PRINTINGS = ("original", "current", "german")
#: How a fact's absence is described: no such fact (an action's power) or no source for it.
NONE, UNKNOWN = "none", "unknown"


class PrintingError(UserError, ValueError):
    """An unknown printing name (the message lists the valid ones)."""


def check(printing: str | None) -> str | None:
    """``printing`` lower-cased when it is one of :data:`PRINTINGS`, or its German or other spelling
    (``deutsch``, ``aktuell``: :mod:`~smashup_db.catalogue.option_values`); None passes; else
    :class:`PrintingError`."""
    if printing is None:
        return None
    from smashup_db.catalogue.option_values import canonical

    p = str(canonical("printing", printing)).strip().lower()
    if p not in PRINTINGS:
        raise PrintingError(
            N_("unknown printing {printing!r}; use one of: {printings}"),
            printing=printing,
            printings=Choices("printing", PRINTINGS),
        )
    return p


def applies(thing, owned, asked: str | None = None, products=()) -> str:
    """THE rule for which printing a view shows (issue 20), used by every view through
    :meth:`smashup_db.catalogue.view.Catalogue.printing_of`.

    In this order: the printing the group owns of a product holding the thing (``owned``:
    ``{product id: printing}`` from the collection, of the owners a view names, see
    :func:`smashup_db.userdata.collection.owned_printings`; looked up in the thing's own product,
    the products of its printing rows, then ``products``, e.g. a card's faction's boxes); else
    ``asked`` (``--printing``, or the German site's ``german`` where a German edition holds it);
    else ``current``. The box on the table decides: a group that owns the German edition sees its
    numbers even when ``--printing`` names another one (every printing stays listed in ``printings``).
    """
    if owned:
        seen = [
            getattr(thing, "product", None),
            *(r.product for r in getattr(thing, "printings", ())),
            *products,
        ]
        for pid in seen:
            if pid and pid in owned and owned[pid]:
                return owned[pid]
    if asked:
        return asked
    return "current"


def german_held(model, thing, products=()) -> bool:
    """True when a product holding ``thing`` (its own, its printing rows', ``products``: a card's
    faction's boxes) was published in German (``german_title``, shared/data/german/editions-de.tsv)."""
    held = [
        getattr(thing, "product", None),
        *(r.product for r in getattr(thing, "printings", ())),
        *products,
    ]
    return any(model.products[p].german_title for p in held if p in model.products)


def pick(thing, printing: str | None):
    """The :class:`~smashup_db.catalogue.model.Printing` row that applies to ``thing``, or None (current facts).

    ``german`` falls back to ``original``; ``original`` to the current facts;
    ``current``/None prefer a ``current`` row in the thing's own product.
    """
    rows = getattr(thing, "printings", ()) or ()
    order = {"german": ("german", "original"), "original": ("original",)}.get(
        printing or "current", ()
    )
    home = getattr(thing, "product", None)
    for want in order:
        found = [r for r in rows if r.printing == want]
        if found:
            return next((r for r in found if r.product == home), found[0])
    return None


def base_facts(base, printing: str | None) -> dict:
    """A base's facts in ``printing``: ``{"printing", "product", "name", "breakpoint", "vp", "unknown", "reason"}``.

    ``printing`` in the result is the one asked (``current`` for None),
    ``facts_from`` the printing whose facts are given (the German edition
    follows the original printing; a thing without such a row has only its
    current facts). ``unknown`` lists the facts no source gives for it (None).
    """
    row = pick(base, printing)
    asked = printing or "current"
    if row is None:
        unknown = [] if base.breakpoint is not None else ["breakpoint", "vp"]
        return {
            "printing": asked,
            "facts_from": "current",
            "product": base.product,
            "name": None,
            "breakpoint": base.breakpoint,
            "vp": list(base.vp),
            "unknown": unknown,
            "reason": base.note or "",
        }
    return {
        "printing": asked,
        "facts_from": row.printing,
        "product": row.product,
        "name": row.name or None,
        "breakpoint": row.breakpoint,
        "vp": list(row.vp),
        "unknown": list(row.unknown),
        "reason": row.reason,
    }


def card_facts(card, printing: str | None) -> dict:
    """A card's facts in ``printing``: ``{"printing", "product", "name", "type", "copies", "power", "unknown",
    "reason"}`` (``name`` None: the card's own; a card replaced between printings has the other card's
    name and type in the printing that held it: Disenchant for Pixie in the original Core Set)."""
    row = pick(card, printing)
    asked = printing or "current"
    if row is None:
        return {
            "printing": asked,
            "facts_from": "current",
            "product": card.product,
            "name": None,
            "type": card.type,
            "copies": card.copies,
            "power": card.power,
            "unknown": ["power"] if power_status(card) == UNKNOWN else [],
            "reason": card.note,
        }
    return {
        "printing": asked,
        "facts_from": row.printing,
        "product": row.product,
        "name": row.name or None,
        "type": row.type or card.type,
        "copies": row.copies,
        "power": row.power,
        "unknown": list(row.unknown),
        "reason": row.reason,
    }


def power_status(card, power: int | None = None) -> str:
    """``known``, ``none`` (actions, titans: no power printed) or ``unknown`` (a minion or fusion no source gives)."""
    value = card.power if power is None else power
    if value is not None:
        return "known"
    return UNKNOWN if card.type in ("minion", "fusion") else NONE


#: Where the current facts of a thing without printing rows come from (see ``smashup data compile``).
CURRENT_EVIDENCE = {
    "card": "card-archive/smashup-catalog.json (source errors fixed in data/curated/corrections.json)",
    "base": "card-archive/smashup-bases.json (source errors fixed in data/curated/corrections.json)",
}


def rows_json(model, thing, lang: str) -> list[dict]:
    """Every printing of a thing for ``--json``: ``[{"product", "printing", facts..., "unknown", "reason", "evidence"}]``.

    A thing without printing rows has one: its current facts in its products, with the evidence
    :data:`CURRENT_EVIDENCE` names (the compiled card archive), or for a base the compiler's note
    where it took the numbers from elsewhere (Bastion: zhuanggenhua); never a number without a source.
    """
    out = []
    for r in thing.printings:
        row = {
            "product": model.named("product", r.product, lang),
            "printing": r.printing,
            "name": r.name or None,
        }
        if r.kind == "card":
            row.update({"type": r.type, "copies": r.copies, "power": r.power})
        else:
            row.update({"breakpoint": r.breakpoint, "vp": list(r.vp)})
        row.update({"unknown": list(r.unknown), "reason": r.reason, "evidence": r.evidence})
        out.append(row)
    if not out:
        if hasattr(thing, "breakpoint"):
            out.append(
                {
                    "product": model.named("product", thing.product, lang),
                    "printing": "current",
                    "name": None,
                    "breakpoint": thing.breakpoint,
                    "vp": list(thing.vp),
                    "unknown": [] if thing.breakpoint is not None else ["breakpoint", "vp"],
                    "reason": thing.note,
                    "evidence": ""
                    if thing.breakpoint is None
                    else (thing.note or CURRENT_EVIDENCE["base"]),
                }
            )
        else:
            products = (
                [thing.product] if thing.product else list(model.factions[thing.faction].products)
            )
            for pid in products:
                out.append(
                    {
                        "product": model.named("product", pid, lang),
                        "printing": "current",
                        "name": None,
                        "type": thing.type,
                        "copies": thing.copies,
                        "power": thing.power,
                        "unknown": ["power"] if power_status(thing) == UNKNOWN else [],
                        "reason": thing.note,
                        "evidence": CURRENT_EVIDENCE["card"],
                    }
                )
    return out


def printing_names(model, kind: str) -> dict[str, set[str]]:
    """``{id: {folded names of its other printings}}`` (Miskatonic University for Arkham University)."""
    out: dict[str, set[str]] = {}
    for thing in model.things(kind).values():
        for r in getattr(thing, "printings", ()):
            if r.name:
                out.setdefault(thing.id, set()).add(fold(r.name))
    return out


def german_default(model, product: str, query: str, lang: str = "en") -> str | None:
    """``german`` when ``query`` names ``product`` by its German edition's title or German name, else None.

    A part of a name counts as the whole name (``cthulhu`` as ``Der endgültige Cthulhu``): a
    query found only in a German name means the German edition; found in an English name
    too, the display language ``lang`` decides (``de``: the German edition).
    """
    p = model.products.get(product)
    if p is None or not p.german_title:
        return None
    q = fold(query)
    names = model.names.get(("product", product), {})
    german = {fold(p.german_title), fold(names.get("de") or "")} - {""}
    if not q or q == product:
        return None
    if q in german:
        return "german"
    if not any(q in g for g in german):
        return None
    english = {fold(names.get("en") or ""), *_alias_names(model, product)} - {""}
    return "german" if lang == "de" or not any(q in e for e in english) else None


def _alias_names(model, product: str) -> set[str]:
    """The folded aliases of ``product`` (data/curated/aliases.json), counted with its English names."""
    return set((model.aliases or {}).get(("product", product), ()))
