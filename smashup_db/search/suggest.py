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

from functools import lru_cache

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


@lru_cache(maxsize=16)
def _runs(names: tuple[str, ...], n: int) -> tuple[list[str], list[int], list[str]]:
    """What :func:`score` compares a query of ``n`` words with, for every name at once.

    ``(texts, owners, folded)``: each name's folded form and its runs of ``n`` words (as
    :func:`score` makes them) in ``texts``, the position of the name each came from in ``owners``,
    and the folded name per position. Kept: the same catalogue names serve every query.
    """
    texts: list[str] = []
    owners: list[int] = []
    folded_names = [fold(name) for name in names]
    for pos, folded in enumerate(folded_names):
        if not folded:
            continue
        parts = folded.split()
        texts.append(folded)
        owners.append(pos)
        if 0 < n < len(parts):
            for i in range(len(parts) - n + 1):
                texts.append(" ".join(parts[i : i + n]))
                owners.append(pos)
    return texts, owners, folded_names


def did_you_mean(
    words: str, names: list[str], limit: int = LIMIT, cutoff: float = CUTOFF
) -> list[str]:
    """Up to ``limit`` of ``names`` close to the folded ``words`` (see the module docstring), best first.

    Scores as :func:`score` does, all names in one ``rapidfuzz.process.extract`` call.
    """
    from rapidfuzz import fuzz, process

    if not words:
        return []
    texts, owners, folded_names = _runs(tuple(names), len(words.split()))
    best: dict[int, float] = {}
    for _text, s, i in process.extract(
        words, texts, scorer=fuzz.ratio, score_cutoff=cutoff, limit=None
    ):
        pos = owners[i]
        if folded_names[pos] != words and s > best.get(pos, -1.0):
            best[pos] = s
    scored = sorted((-s, pos, names[pos]) for pos, s in best.items())
    out: list[str] = []
    for _s, _pos, name in scored:
        if name not in out:
            out.append(name)
        if len(out) == limit:
            break
    return out
