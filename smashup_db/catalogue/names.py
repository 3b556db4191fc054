"""The one name matcher: what a person typed → the ids it names.

Used by the look-ups, the draft prompt and search. Names match in any
language, ignoring case, accents and punctuation (:func:`~smashup_db.common.text.fold`),
then also spaces, hyphens and the "ae/oe/ue/ss" spellings of umlauts
(:func:`~smashup_db.common.text.name_key`: "Wechsler-Bots", "Caesiumruestung").
Stages, tried in order, the first that finds anything wins:

1. the id itself;
2. an exact name (every thing of that name: reprints may share one), then an exact name key;
3. a unique prefix of a name (or of the id, dashes read as spaces), then of a name key;
4. a unique substring (of a name, then of a name key);
5. optionally, a clearly closest name (``fuzzy=True``: the draft prompt, where
   the choices are few; look-ups suggest instead of guessing).

Several matches at stage 3 or 4 raise :class:`Ambiguous`; no match raises
:class:`NotFound` with :meth:`NameMatcher.suggest`'s close names, names in the
display language preferred.
"""

from __future__ import annotations

from smashup_db.common.text import fold, folded_key, name_key
from smashup_db.errors import UserError
from smashup_db.i18n import N_

#: rapidfuzz WRatio score (0-100) a name needs to be suggested.
SUGGEST_CUTOFF = 60
#: A fuzzy match is taken only with at least this ratio and this lead over the next one.
FUZZY_ACCEPT, FUZZY_LEAD = 75, 5


#: Per kind of thing: the messages for no match, no match with suggestions, and several matches
#: (written out per kind: German nouns differ in gender).
_NOT_FOUND = {
    "card": (
        N_("no card named {query!r}"),
        N_("no card named {query!r}; did you mean: {names}?"),
        N_("card {query!r} is ambiguous: {names}"),
    ),
    "base": (
        N_("no base named {query!r}"),
        N_("no base named {query!r}; did you mean: {names}?"),
        N_("base {query!r} is ambiguous: {names}"),
    ),
    "faction": (
        N_("no faction named {query!r}"),
        N_("no faction named {query!r}; did you mean: {names}?"),
        N_("faction {query!r} is ambiguous: {names}"),
    ),
    "product": (
        N_("no product named {query!r}"),
        N_("no product named {query!r}; did you mean: {names}?"),
        N_("product {query!r} is ambiguous: {names}"),
    ),
    "titan": (
        N_("no titan named {query!r}"),
        N_("no titan named {query!r}; did you mean: {names}?"),
        N_("titan {query!r} is ambiguous: {names}"),
    ),
}
_ANY = (
    N_("no {kind} named {query!r}"),
    N_("no {kind} named {query!r}; did you mean: {names}?"),
    N_("{kind} {query!r} is ambiguous: {names}"),
)


class NotFound(UserError, LookupError):
    """No thing of that kind has that name. ``suggestions`` holds up to 5 close names."""

    def __init__(self, kind: str, query: str, suggestions: list[str]):
        self.kind, self.query, self.suggestions = kind, query, suggestions
        plain, hinted, _ = _NOT_FOUND.get(kind, _ANY)
        super().__init__(
            hinted if suggestions else plain, kind=kind, query=query, names=", ".join(suggestions)
        )


class Ambiguous(UserError, LookupError):
    """The name is the start (or a part) of several names; ``names`` lists them in catalogue order."""

    def __init__(self, kind: str, query: str, ids: list[str], names: list[str]):
        self.kind, self.query, self.ids, self.names = kind, query, ids, names
        more = ", ..." if len(names) > 6 else ""
        super().__init__(
            _NOT_FOUND.get(kind, _ANY)[2], kind=kind, query=query, names=", ".join(names[:6]) + more
        )


class NameMatcher:
    """Match names of one :class:`~smashup_db.catalogue.model.Model` for a display language."""

    def __init__(self, model, lang: str):
        self.model, self.lang = model, lang
        self._folded: dict[str, dict[str, tuple[str, ...]]] = {}
        self._keys: dict[str, dict[str, tuple[str, ...]]] = {}

    def folded(self, kind: str) -> dict[str, tuple[str, ...]]:
        """``{id: folded names in every language, of every printing and its aliases}`` of ``kind``, in catalogue order."""
        if kind not in self._folded:
            from smashup_db.catalogue.printing import printing_names

            folded = self.model.folded  # stored with each name: nothing to fold here
            other = printing_names(
                self.model, kind
            )  # names of other printings (Miskatonic University)
            aliases = (
                getattr(self.model, "aliases", {}) or {}
            )  # data/curated/aliases.json (Tornadoes...)
            self._folded[kind] = {
                ref: tuple(
                    dict.fromkeys(
                        [
                            *folded.get((kind, ref), {}).values(),
                            *sorted(other.get(ref, ())),
                            *aliases.get((kind, ref), ()),
                        ]
                    )
                )
                for ref in self.model.things(kind)
            }
        return self._folded[kind]

    def keys(self, kind: str) -> dict[str, tuple[str, ...]]:
        """``{id: name keys}`` of ``kind``: :func:`~smashup_db.common.text.name_key` of each of
        :meth:`folded`'s names (the key of a folded name is the key of the name)."""
        if kind not in self._keys:
            self._keys[kind] = {
                ref: tuple(dict.fromkeys(folded_key(n) for n in names))
                for ref, names in self.folded(kind).items()
            }
        return self._keys[kind]

    def match(
        self, kind: str, query: str, among: list[str] | None = None, fuzzy: bool = False
    ) -> list[str]:
        """Ids of the ``kind`` things ``query`` names (catalogue order, or ``among``'s order).

        ``among`` restricts the choices (e.g. a draft pool). Raises
        :class:`NotFound` (with suggestions) or :class:`Ambiguous`.
        """
        found = self.exact(kind, query, among)  # 1. the id itself, 2. an exact name
        if found:
            return found
        folded = self.folded(kind)
        choices = list(among) if among is not None else list(folded)
        raw = (query or "").strip()
        q = fold(raw)
        if q:
            qk, keys = name_key(raw), self.keys(kind)
            found = [i for i in choices if qk in keys.get(i, ())]  # ... or an exact name key
            if not found:
                found = self._by_part(kind, query, q, folded, choices)  # 3. and 4.
            if not found:
                found = self._by_part(kind, query, qk, keys, choices, ids=False)
            if not found and fuzzy:
                found = _closest(q, folded, choices)  # 5.
            if found:
                return found
        raise NotFound(kind, query, self.suggest(kind, raw, among=among))

    def exact(self, kind: str, query: str, among: list[str] | None = None) -> list[str]:
        """:meth:`match`'s first stages: ``[id]`` when ``query`` is an id, else the ids of every
        ``kind`` thing one of whose folded names is ``query`` folded (catalogue order, or
        ``among``'s); ``[]`` when neither (no name key, part or suggestion is tried)."""
        folded = self.folded(kind)
        choices = list(among) if among is not None else list(folded)
        raw = (query or "").strip()
        for candidate in (raw, raw.lower()):
            if candidate in folded and candidate in choices:
                return [candidate]
        q = fold(raw)
        return [i for i in choices if q in folded.get(i, ())] if q else []

    def _by_part(
        self,
        kind: str,
        query: str,
        q: str,
        folded: dict,
        choices: list[str],
        ids: bool = True,
    ) -> list[str]:
        """The one thing of ``choices`` with a name (or, with ``ids``, an id, dashes read as spaces)
        starting with the folded ``q``, else containing it; ``[]`` when none does (or ``q`` is
        empty). ``folded``: ``{id: folded names}`` or ``{id: name keys}`` (``q`` then a key).
        Raises :class:`Ambiguous` when several do at the first of the two tests that finds any."""
        if not q:
            return []
        for test in (str.startswith, str.__contains__):
            found = [
                i
                for i in choices
                if any(test(n, q) for n in folded.get(i, ()))
                or (ids and test(i.replace("-", " "), q))
            ]
            if len(found) == 1:
                return found
            if found:
                raise Ambiguous(
                    kind, query, found, [self.model.name(kind, i, self.lang)[0] for i in found]
                )
        return []

    def suggest(
        self, kind: str, query: str, limit: int = 5, among: list[str] | None = None
    ) -> list[str]:
        """Up to ``limit`` names close to ``query``, best first; a thing's name in the display language
        preferred (a close alias suggests the name of its thing)."""
        from rapidfuzz import fuzz, process

        wanted = set(among) if among is not None else None
        choices: dict[str, str] = {}
        for (k, ref), names in self.model.names.items():
            if k != kind or (wanted is not None and ref not in wanted):
                continue
            for lang in (self.lang, "en", *names):
                if lang in names:
                    choices.setdefault(fold(names[lang]), names[lang])
        aliases = getattr(self.model, "aliases", {}) or {}
        for (
            k,
            ref,
        ), folded_aliases in aliases.items():  # "Grundspil" -> Smash Up (alias Grundspiel)
            if k == kind and (wanted is None or ref in wanted):
                for alias in folded_aliases:
                    choices.setdefault(alias, self.model.name(kind, ref, self.lang)[0])
        found = process.extract(
            fold(query),
            list(choices),
            scorer=fuzz.WRatio,
            limit=limit * 3,
            score_cutoff=SUGGEST_CUTOFF,
        )
        out: list[str] = []
        for key, _score, _ in found:
            if choices[key] not in out:
                out.append(choices[key])
        return out[:limit]


def _closest(q: str, folded: dict, choices: list[str]) -> list[str]:
    """``[id]`` of the choice whose folded names come clearly closest to ``q`` (rapidfuzz ratio at
    least :data:`FUZZY_ACCEPT` and :data:`FUZZY_LEAD` ahead of the next), else ``[]``."""
    from rapidfuzz import fuzz

    scored = sorted(
        (
            (max((fuzz.ratio(q, n) for n in folded.get(i, ()) or (fold(i),)), default=0), i)
            for i in choices
        ),
        reverse=True,
    )
    if (
        scored
        and scored[0][0] >= FUZZY_ACCEPT
        and (len(scored) == 1 or scored[0][0] - scored[1][0] >= FUZZY_LEAD)
    ):
        return [scored[0][1]]
    return []
