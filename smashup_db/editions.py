"""Which products were published in German (the German edition of a box).

Until the German editions are part of the catalogue (issue 11 compiles
``editions-de.tsv`` into printings: German titles and release dates), the
read model knows a German box by its German title: a product with a German
name came out in German, one without is only known in English. This module
is the one place that decides it, so the printings can replace the rule here.
"""

from __future__ import annotations


def german_edition(model, product: str) -> bool:
    """True when ``product`` is known to have a German edition (it has a German title in the catalogue)."""
    return "de" in model.names.get(("product", product), {})


def german_products(model) -> list[str]:
    """Ids of the products with a German edition, in publication order."""
    return [pid for pid in model.products if german_edition(model, pid)]
