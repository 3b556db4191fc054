"""Search over cards and bases with a card-search-site style query language.

``parse(query)`` turns a query into a tree (:mod:`.parser`); ``Searcher`` runs
it over the catalogue (:mod:`.execute`), using the search index kept in step
by :mod:`.index`. The language is documented in ``docs/search.md``.
"""

__all__ = ["Query", "QueryError", "Searcher", "parse", "search"]


def __getattr__(name: str):
    """The public names, imported on first use (writers import :mod:`.index` alone, at start-up)."""
    if name in ("Searcher", "search"):
        from smashup_db.search import execute

        return getattr(execute, name)
    if name in ("Query", "QueryError", "parse"):
        from smashup_db.search import parser

        return getattr(parser, name)
    raise AttributeError(name)
