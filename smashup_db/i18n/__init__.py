"""Display words and messages in English and German: the gettext catalog and the display language.

English is written once, in the code (``_("...")``, ``ngettext``, ``N_`` for
tables); German lives in the gettext catalog
``smashup_db/i18n/locale/de/LC_MESSAGES/messages.po`` (extracted with Babel to
``messages.pot``; the compiled ``messages.mo`` beside it is committed, so a
source checkout speaks German without a build step). German terms follow the
German edition (Pegasus Spiele): Kreatur, Aktion, Basis, Zerstörungswert,
Siegpunkte, Dauerhaft, Extra (``../shared/data/german/glossary-de.tsv``).

The display language comes from ``--lang``, else ``SMASHUP_LANG``, ``LC_ALL``,
``LC_MESSAGES``, ``LANG`` or the locale (:func:`default_lang`).
"""

from __future__ import annotations

import os

#: The languages smashup speaks.
LANGS = ("en", "de")
#: The folder of the compiled catalogs (``<lang>/LC_MESSAGES/messages.mo``).
LOCALE_DIR = os.path.join(os.path.dirname(os.path.abspath(__file__)), "locale")
DOMAIN = "messages"

_CATALOGS: dict = {}
_ACTIVE: list = [None]


def N_(message: str) -> str:
    """Mark ``message`` for extraction without translating it (a table entry translated where shown)."""
    return message


def NP_(singular: str, plural: str) -> tuple[str, str]:
    """Mark a singular/plural pair for extraction (keyword ``NP_:1,2``); translated with :func:`ngettext`."""
    return singular, plural


def catalog(lang: str):
    """The gettext translations of ``lang`` (a ``gettext.NullTranslations`` for English or a missing catalog)."""
    found = _CATALOGS.get(lang)
    if found is None:
        import gettext as stdlib_gettext

        found = stdlib_gettext.translation(DOMAIN, LOCALE_DIR, languages=[lang], fallback=True)
        _CATALOGS[lang] = found
    return found


def gettext(message: str, lang: str | None = None) -> str:
    """``message`` (English) in ``lang`` (default: the active language); English when no translation exists."""
    lang = lang or active_lang()
    if lang == "en" or not message:
        return message
    return catalog(lang).gettext(message)


def ngettext(singular: str, plural: str, n: int, lang: str | None = None) -> str:
    """The form of ``singular``/``plural`` for ``n`` things in ``lang`` (German: the same two forms)."""
    lang = lang or active_lang()
    if lang == "en":
        return singular if n == 1 else plural
    return catalog(lang).ngettext(singular, plural, n)


def render(message, lang: str | None = None) -> str:
    """A :class:`smashup_db.errors.Message` (or any error) as one sentence in ``lang`` (default: the active one)."""
    lang = lang or active_lang()
    if hasattr(message, "render") and hasattr(message, "template"):
        return message.render(lambda text: gettext(text, lang))
    return str(message)


#: The conventional name in code: ``_("...")``.
_ = gettext


def set_active_lang(lang: str) -> None:
    """Make ``lang`` the language of messages that have no other way to know it (errors, warnings)."""
    _ACTIVE[0] = lang


def default_lang() -> str:
    """``de`` when the locale (SMASHUP_LANG, LC_ALL, LC_MESSAGES, LANG) is German, else ``en``."""
    for var in ("SMASHUP_LANG", "LC_ALL", "LC_MESSAGES", "LANG"):
        value = os.environ.get(var)
        if value:
            return "de" if value.lower().startswith("de") else "en"
    import locale

    try:
        loc = locale.getlocale()[0] or ""
    except ValueError:
        loc = ""
    return "de" if loc.lower().startswith("de") else "en"


def active_lang() -> str:
    """The language set by :func:`set_active_lang` (the command's ``--lang``), else the locale's."""
    if _ACTIVE[0] is None:
        _ACTIVE[0] = default_lang()
    return _ACTIVE[0]
