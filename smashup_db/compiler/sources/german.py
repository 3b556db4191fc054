"""The German tables (``german/``): German names, game terms and the German editions.

Compiled for this project from German rulebooks and reviews (shared/data/README.md): each name with
a confidence and its evidence; the glossary of the German edition's game terms; the 14 products
published in German, which follow the original printings.
"""

from __future__ import annotations

from pathlib import Path

from smashup_db.compiler.sources.readers import read_tsv

NAMES = Path("german/names-de.tsv")
EDITIONS = Path("german/editions-de.tsv")
GLOSSARY = Path("german/glossary-de.tsv")


def read_names(root: Path) -> list[dict]:
    """German names: ``[{"kind", "english", "german", "confidence", "evidence"}]``."""
    return read_tsv(root / NAMES, ("kind", "english", "german", "confidence", "evidence"))


def read_glossary(root: Path) -> list[dict]:
    """German game terms: ``[{"english", "german", "note"}]``."""
    return read_tsv(root / GLOSSARY, ("english", "german", "note"))


def read_editions(root: Path) -> list[dict]:
    """German editions: ``[{"english_product", "german_title", "german_release", "evidence"}]``."""
    return read_tsv(
        root / EDITIONS, ("english_product", "german_title", "german_release", "evidence")
    )
