"""The names index of the header search's autocomplete: ``assets/complete.json``.

One small file for every language of the site (the header's script, ``assets/complete.js``, fetches it
the first time a visitor uses the search field of any page)::

    {"v": catalogue version,
     "kinds": ["card", "base", "faction", "product"],
     "items": [[kind index, id, English name, German name or "" (when the same or unknown),
                [folded aliases that are not the folded names]], ...],
     "words": {lang: {"card": "Card", ..., "list": "Suggestions", "count": "Suggestions: {n}"}}}

Names are those the pages show (:meth:`smashup_db.catalogue.view.Catalogue.name`: a community
translation included); a thing without any known name is left out. Aliases are the catalogue's
(``data/curated/aliases.json``), already folded: they match, the name is what is offered. Everything in
it is data: the script inserts it with ``textContent`` only.
"""

from __future__ import annotations

from smashup_db.common.text import fold
from smashup_db.i18n import N_, gettext

#: Kinds offered, in this order (their index is the first column of an item).
KINDS = ("card", "base", "faction", "product")

#: The words of the suggestion list (English; German from the catalog).
WORDS = {
    "card": N_("Card"),
    "base": N_("Base"),
    "faction": N_("Faction"),
    "product": N_("Product"),
    "list": N_("Suggestions"),
    "count": N_("Suggestions: {n}"),
}


def complete_index(data, langs: list[str]) -> dict:
    """The autocomplete's index (shape in the module docstring) for the things ``data`` has pages for
    (:class:`smashup_db.site.sitedata.SiteData`), with its words in each of ``langs``."""
    model, cat = data.catalogue.model, data.catalogue
    tables = {
        "card": data.cards,
        "base": data.bases,
        "faction": data.factions,
        "product": data.products,
    }
    items = []
    for k, kind in enumerate(KINDS):
        for ref in tables[kind]:
            en, en_used = cat.name(kind, ref, "en")
            de, de_used = cat.name(kind, ref, "de")
            en = en if en_used else ""
            de = de if de_used == "de" and de != en else ""
            if not (en or de):
                continue
            known = {fold(en), fold(de)}
            aliases = sorted(a for a in model.aliases.get((kind, ref), ()) if a and a not in known)
            items.append([k, ref, en, de, aliases])
    return {
        "v": data.version,
        "kinds": list(KINDS),
        "items": items,
        "words": {
            lang: {key: gettext(text, lang) for key, text in WORDS.items()} for lang in langs
        },
    }
