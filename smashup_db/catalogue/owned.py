"""Which products hold a card or base, for ``owned:yes`` and ``printing:`` (CLI and site alike).

A thing is *owned* when a product that holds it is in the collection; the printing that
applies to it is :meth:`smashup_db.catalogue.view.Catalogue.printing_of` (the one rule,
:func:`smashup_db.catalogue.printing.applies`), which looks at the same products in the same
order. The site's evaluator (``assets/query.js``) gets these lists in its index (only where
they differ from the default: a card's faction's products, a base's own product) and applies
the same first-owned-product rule to the printings of the visitor's collection code.
"""

from __future__ import annotations


def held_products(model, thing) -> list[str]:
    """Product ids holding ``thing`` (a read-model card or base), in the order
    :func:`~smashup_db.catalogue.printing.applies` consults them: its own product, the products of
    its printing rows, then (cards) its faction's products; each once."""
    seen = [
        getattr(thing, "product", None),
        *(r.product for r in getattr(thing, "printings", ()) or ()),
    ]
    if hasattr(thing, "copies") and getattr(thing, "faction", None) in model.factions:
        seen.extend(model.factions[thing.faction].products)
    out: list[str] = []
    for pid in seen:
        if pid and pid not in out:
            out.append(pid)
    return out


def default_held(model, thing) -> list[str]:
    """What the site's evaluator assumes without a list of its own: a card's faction's products,
    a base's own product (see the module docstring)."""
    if hasattr(thing, "copies"):
        f = model.factions.get(thing.faction)
        return list(dict.fromkeys(f.products)) if f else []
    return [thing.product] if thing.product else []


def owned_keys(model, owned: set[str]) -> set[str]:
    """Search keys (``card:<id>``, ``base:<id>``) of the things a product of ``owned`` holds."""
    out = set()
    for kind, table in (("card", model.cards), ("base", model.bases)):
        for tid, thing in table.items():
            if any(p in owned for p in held_products(model, thing)):
                out.add(f"{kind}:{tid}")
    return out


def printing_keys(cat, printing: str, asked: str | None = None) -> set[str]:
    """Search keys of the things whose applying printing (:meth:`Catalogue.printing_of`, ``asked`` the
    printing shown where no box is owned) is ``printing``."""
    model = cat.model
    out = set()
    for kind, table in (("card", model.cards), ("base", model.bases)):
        for tid, thing in table.items():
            if cat.printing_of(thing, asked) == printing:
                out.add(f"{kind}:{tid}")
    return out
