"""Search over cards and bases with a card-search-site style query language.

``parse(query)`` turns a query into a tree (:mod:`.parser`); ``Searcher`` runs
it over the catalogue (:mod:`.execute`), using the search index kept in step
by :mod:`.index`. The language is documented in ``docs/search.md``.
"""

from .execute import Searcher, search
from .parser import Query, QueryError, parse

__all__ = ["Query", "QueryError", "Searcher", "parse", "search"]
