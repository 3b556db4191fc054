"""Which products were published in German (the German edition of a box).

The compiler reads ``editions-de.tsv`` (the 14 boxes published in German,
with their German titles and release dates) into the products; the read
model's ``Product.german_title`` is set exactly for those. This module is the
one place that decides it.
"""

from __future__ import annotations


def german_edition(model, product: str) -> bool:
    """True when ``product`` was published in German (``editions-de.tsv``, compiled into the catalogue)."""
    return bool(model.products[product].german_title)
