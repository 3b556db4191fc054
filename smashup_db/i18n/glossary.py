"""The one glossary of game words: card types, keywords, search fields and languages, in English and German.

Read by the CLI and the site (display words, through :func:`smashup_db.i18n.terms.term`),
by the query parser (:mod:`smashup_db.search.parser`: which spellings a query may use) and,
generated from it at site-build time, by the browser's query evaluator (``assets/query.js``,
see :func:`browser_tables`). German forms follow the German edition (Pegasus Spiele):
Kreatur, Aktion, Basis, Zerstörungswert, Siegpunkte, Stärke, Dauerhaft, Extra, Erweiterung
(``../shared/data/german/glossary-de.tsv``).

Display words are English, marked with ``N_`` for the gettext catalog (German in
``messages.po``); the search spellings are folded (:func:`smashup_db.common.text.fold`).
"""

from __future__ import annotations

from smashup_db.i18n import N_, NP_

#: Card types (:data:`smashup_db.common.vocabulary.CARD_TYPES`) as counted words: ``(singular, plural)``.
CARD_TYPE_WORDS = {
    "minion": NP_("minion", "minions"),
    "action": NP_("action", "actions"),
    "titan": NP_("titan", "titans"),
    "fusion": NP_("fusion", "fusions"),
    "other": NP_("other", "others"),
}
#: Keywords (:data:`smashup_db.common.vocabulary.KEYWORDS`) as shown on a card.
KEYWORD_WORDS = {
    "ongoing": N_("Ongoing"),
    "talent": N_("Talent"),
    "special": N_("Special"),
    "play-on-minion": N_("play on a minion"),
    "play-on-base": N_("play on a base"),
    "extra-play": N_("extra play"),
}

#: The project's own words for two things the German edition has no single word for, used by the
#: CLI (headings, messages) and the site alike through the gettext catalog: a **product** is a
#: "Schachtel" (a box: core set, expansion, big box; "Erweiterung" is only the kind of box), a
#: **printing** is an "Auflage" (the original, the current or the German one; never "Druck" or
#: "Ausgabe"). ``{key: (English, German, note)}``; ``tests/i18n`` checks the catalog keeps to them.
PROJECT_TERMS = {
    "product": (
        "box (product)",
        "Schachtel",
        "any published product: core set, expansion, big box",
    ),
    "printing": ("printing", "Auflage", "original, current or German printing of a card or base"),
}

#: Canonical field -> kind of value. Text fields take words; enum fields a fixed
#: vocabulary; ref fields a catalogue name; number fields a comparison.
FIELD_KINDS = {
    "name": "text",
    "text": "text",
    "type": "enum",
    "kw": "enum",
    "lang": "enum",
    "owned": "enum",
    "printing": "enum",
    "faction": "ref",
    "product": "ref",
    "power": "number",
    "copies": "number",
    "breakpoint": "number",
    "vp": "number",
    "vp2": "number",
    "vp3": "number",
}

#: Every accepted spelling of a field (folded, English and German) -> canonical field.
FIELD_ALIASES = {
    "name": "name",
    "n": "name",
    "text": "text",
    "o": "text",
    "oracle": "text",
    "faction": "faction",
    "f": "faction",
    "fraktion": "faction",
    "product": "product",
    "s": "product",
    "set": "product",
    "p": "product",
    "erweiterung": "product",
    "schachtel": "product",
    "type": "type",
    "t": "type",
    "typ": "type",
    "kw": "kw",
    "keyword": "kw",
    "k": "kw",
    "schlusselwort": "kw",
    "power": "power",
    "pow": "power",
    "starke": "power",
    "staerke": "power",
    "copies": "copies",
    "anzahl": "copies",
    "breakpoint": "breakpoint",
    "bp": "breakpoint",
    "zerstorungswert": "breakpoint",
    "zerstoerungswert": "breakpoint",
    "zw": "breakpoint",
    "vp": "vp",
    "vp1": "vp",
    "sp": "vp",
    "siegpunkte": "vp",
    "vp2": "vp2",
    "sp2": "vp2",
    "vp3": "vp3",
    "sp3": "vp3",
    "lang": "lang",
    "language": "lang",
    "sprache": "lang",
    "owned": "owned",
    "own": "owned",
    "have": "owned",
    "besitz": "owned",
    "vorhanden": "owned",
    "printing": "printing",
    "print": "printing",
    "druck": "printing",
    "auflage": "printing",
}

#: Accepted (folded) values of ``type:``; ``card`` means any card, ``base`` any base.
TYPE_VALUES = {
    "minion": "minion",
    "minions": "minion",
    "character": "minion",
    "characters": "minion",
    "kreatur": "minion",
    "kreaturen": "minion",
    "action": "action",
    "actions": "action",
    "aktion": "action",
    "aktionen": "action",
    "titan": "titan",
    "titans": "titan",
    "titanen": "titan",
    "fusion": "fusion",
    "fusions": "fusion",
    "fusionen": "fusion",
    "other": "other",
    "sonstige": "other",
    "base": "base",
    "bases": "base",
    "basis": "base",
    "basen": "base",
    "card": "card",
    "cards": "card",
    "karte": "card",
    "karten": "card",
}

#: Accepted (folded) values of ``kw:``. German "Extra" is the Special keyword.
KEYWORD_VALUES = {
    "ongoing": "ongoing",
    "dauerhaft": "ongoing",
    "talent": "talent",
    "special": "special",
    "extra": "special",
    "play on minion": "play-on-minion",
    "play on a minion": "play-on-minion",
    "auf eine kreatur spielen": "play-on-minion",
    "auf kreatur": "play-on-minion",
    "play on base": "play-on-base",
    "play on a base": "play-on-base",
    "auf eine basis spielen": "play-on-base",
    "auf basis": "play-on-base",
    "extra play": "extra-play",
    "zusatzlich": "extra-play",
    "zusaetzlich": "extra-play",
}

#: Accepted (folded) values of ``owned:`` (the boxes of the user's collection, or of the site's
#: collection code): one value; ``-owned:yes`` is the complement.
OWNED_VALUES = {"yes": "yes", "y": "yes", "true": "yes", "ja": "yes"}

#: Accepted (folded) values of ``printing:``: the printing that applies to a card or base by the
#: collection (:func:`smashup_db.catalogue.printing.applies`; ``current`` without one).
PRINTING_VALUES = {
    "german": "german",
    "deutsch": "german",
    "de": "german",
    "original": "original",
    "erstauflage": "original",
    "current": "current",
    "aktuell": "current",
    "neu": "current",
}

#: Values of the command-line options, as typed in English or German (the words the CLI shows for
#: them: ``preset list`` prints "niedrig", ``--printing`` is shown as "deutsch") -> the value the
#: rules take. Keys are compared by :func:`smashup_db.common.text.name_key` (case, accents, spaces,
#: hyphens, "ae/oe/ue" ignored), see :mod:`smashup_db.catalogue.option_values`.
OPTION_VALUES = {
    "complexity": {
        "low": "low",
        "niedrig": "low",
        "medium": "medium",
        "mittel": "medium",
        "high": "high",
        "hoch": "high",
    },
    "printing": PRINTING_VALUES,
    "base_mode": {
        "set": "set",
        "erweiterung": "set",
        "faction": "faction",
        "fraktion": "faction",
        "all": "all",
        "alle": "all",
    },
    "format": {
        "snake": "snake",
        "schlange": "snake",
        "random": "random",
        "zufallig": "random",
        "offer": "offer",
        "angebot": "offer",
        "pick-one-random": "pick-one-random",
        "eine zufallig, eine gewahlt": "pick-one-random",
    },
}

#: The word the CLI shows for each value of an option (English, marked for the catalog: German in
#: ``messages.po``): what ``preset list`` and ``collection list`` print and what a refusal lists as
#: allowed (:func:`smashup_db.i18n.option_names.cli_worded`). Every word, in either language, is
#: one of the spellings :data:`OPTION_VALUES` accepts (``tests/cli/test_refused_values_in_language.py``).
OPTION_WORDS: dict[str, dict[str, str | tuple[str, str]]] = {
    "complexity": {"low": N_("low"), "medium": N_("medium"), "high": N_("high")},
    "printing": {"original": N_("original"), "current": N_("current"), "german": N_("german")},
    # "faction" is the catalog's counted word (one entry for "faction"/"factions"), shown in the singular
    "base_mode": {"set": N_("set"), "faction": NP_("faction", "factions"), "all": N_("all")},
    "format": {
        "snake": N_("snake"),
        "random": N_("random"),
        "offer": N_("offer"),
        "pick-one-random": N_("pick-one-random"),
    },
}

LANG_VALUES = {
    "en": "en",
    "english": "en",
    "englisch": "en",
    "de": "de",
    "german": "de",
    "deutsch": "de",
}


def browser_tables() -> dict:
    """The query language's vocabulary as plain data for ``assets/query.js`` (written at site-build time)."""
    return {
        "field_kinds": FIELD_KINDS,
        "field_aliases": FIELD_ALIASES,
        "type_values": TYPE_VALUES,
        "keyword_values": KEYWORD_VALUES,
        "lang_values": LANG_VALUES,
        "owned_values": OWNED_VALUES,
        "printing_values": PRINTING_VALUES,
    }
