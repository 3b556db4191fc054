""" "Did you mean": names of the catalogue close to the words of a query that found nothing.

The same rule runs in ``smashup search`` (here, with rapidfuzz) and on the site's search page
(``templates/site/search.js``, over ``assets/names.json`` written by the site build from
:func:`suggestion_names`), so both offer the same names:

* the words are the query's word terms that are not negated and search names (plain words, ``name:``),
  their folded tokens joined by one space (``"Shogoth"`` -> ``"shogoth"``);
* each name (cards, bases, factions, products; every language; catalogue order) scores the best
  ``fuzz.ratio`` (normalized Indel similarity, 0-100) of the words against the whole folded name and
  against every run of as many consecutive words of it as the query has words;
* names scoring at least :data:`CUTOFF` are offered, best first (ties in catalogue order), at most
  :data:`LIMIT`, each once.
"""

from __future__ import annotations

from smashup_db.common.text import fold

#: Smallest score (``fuzz.ratio``, 0-100) a name needs to be offered.
CUTOFF = 80.0
#: How many names are offered at most.
LIMIT = 3
#: Kinds whose names are offered, in this order.
KINDS = ("card", "base", "faction", "product")


def suggestion_names(model) -> list[str]:
    """Every display name of cards, bases, factions and products, each once, in catalogue order.

    ``model`` is the read model (:class:`smashup_db.catalogue.model.Model`); per thing its English
    name comes first, then the others by language code.
    """
    out: dict[str, None] = {}
    for kind in KINDS:
        for ref in model.things(kind):
            names = model.names.get((kind, ref), {})
            for lang in sorted(names, key=lambda code: (code != "en", code)):
                if names[lang]:
                    out.setdefault(names[lang], None)
    return list(out)


def query_words(query) -> str:
    """The folded words a suggestion is made for (``""`` when the query has none), from a parsed query."""
    from smashup_db.search.parser import And, Not, Or, Words

    found: list[str] = []

    def walk(node, negated: bool) -> None:
        if isinstance(node, Words):
            if not negated and node.where in ("any", "name"):
                found.append(" ".join(node.tokens))
        elif isinstance(node, Not):
            walk(node.item, not negated)
        elif isinstance(node, (And, Or)):
            for item in node.items:
                walk(item, negated)

    walk(query.root, False)
    return " ".join(w for w in found if w)


def score(words: str, name_folded: str) -> float:
    """The best ``fuzz.ratio`` of ``words`` against ``name_folded`` and its runs of as many words."""
    from rapidfuzz import fuzz

    best = fuzz.ratio(words, name_folded)
    parts, n = name_folded.split(), len(words.split())
    if 0 < n < len(parts):
        for i in range(len(parts) - n + 1):
            best = max(best, fuzz.ratio(words, " ".join(parts[i : i + n])))
    return best


def did_you_mean(
    words: str, names: list[str], limit: int = LIMIT, cutoff: float = CUTOFF
) -> list[str]:
    """Up to ``limit`` of ``names`` close to the folded ``words`` (see the module docstring), best first."""
    if not words:
        return []
    scored = []
    for pos, name in enumerate(names):
        folded = fold(name)
        if not folded or folded == words:
            continue
        s = score(words, folded)
        if s >= cutoff:
            scored.append((-s, pos, name))
    scored.sort()
    out: list[str] = []
    for _s, _pos, name in scored:
        if name not in out:
            out.append(name)
        if len(out) == limit:
            break
    return out
