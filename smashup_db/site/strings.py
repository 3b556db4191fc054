"""The words the site looks up by value (``t[card.type]``, ``t[ruling.kind]``) and hands to its scripts.

Page wording is written in the templates (``{{ _("...") }}``, Jinja2's i18n extension,
German from the gettext catalog). Game terms (card types, keywords, headings) come from
:mod:`smashup_db.i18n.terms` so that the site, the CLI and the glossary use the same German words.
"""

from __future__ import annotations

from smashup_db.i18n.terms import PLURALS, TERMS, term

LANG_NAMES = {"en": "English", "de": "Deutsch"}

#: The site's interface wording lives in the one message table (:data:`smashup_db.i18n.terms.TERMS`).


def strings(lang: str) -> dict[str, str]:
    """Every interface string and game term in ``lang`` (English where a German one is missing)."""
    out = {k: term(k, lang) for k in (*TERMS, *PLURALS)}
    out["lang_name"] = LANG_NAMES.get(lang, lang)
    return out
