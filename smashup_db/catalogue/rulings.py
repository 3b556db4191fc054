"""How an erratum's kind flag reads in the display language.

The card archive opens each erratum with a bookkeeping flag in English
("Yes, Functional (+1 power changed to +2)", "Yes, Wording", "Yes - Functional",
"Yes, Reversion - ..."). :func:`shown_ruling` puts the flag into the display
language and leaves the rest (the archive's own words, data) as it is.
"""

from __future__ import annotations

import re

from smashup_db.i18n import N_, gettext

#: The archive's erratum flags (folded to lower case) and how they read.
FLAGS = {
    "functional": N_("functional change"),
    "wording": N_("wording change"),
    "reversion": N_("reverted"),
}
#: The flag word after "Yes" and an optional separator (the spaces and the separator are handled in Python,
#: so the pattern has no quantifier to run over long runs of spaces: linear under search and match).
_FLAG = re.compile(r"(functional|wording|reversion)\b", re.IGNORECASE)


def shown_ruling(text: str, kind: str, lang: str) -> str:
    """An erratum's ``text`` with its leading flag in ``lang`` ("Yes, Functional (x)" -> "funktionale Änderung (x)").

    Only errata carry flags; other rulings, texts without a flag and English (the archive's own
    words) come back unchanged.
    """
    if kind != "erratum" or not text or lang == "en":
        return text
    head = text.lstrip()
    if head[:3].lower() != "yes":
        return text
    after = head[3:].lstrip()
    if after[:1] in (",", "-", "–", ":"):
        after = after[1:].lstrip()
    m = _FLAG.match(after)
    if not m:
        return text
    word = gettext(FLAGS[m.group(1).lower()], lang)
    rest = after[m.end() :].lstrip()
    if rest[:1] in ("-", "–", ":"):
        rest = rest[1:]
    rest = rest.strip()
    if not rest:
        return word
    return f"{word} {rest}" if rest.startswith("(") else f"{word}: {rest}"


def source_pages(meta) -> dict[tuple[str, str, str], str]:
    """``{(upstream name, kind, id): url}``: the page at its source of each card and base with imported text.

    ``meta`` is the database's key/value table (``Model.meta``); ``import text`` stores there, per
    upstream data set, the page of each record's faction (``source_urls:<kind>:<upstream>``, a JSON
    object ``{id: url}``, http(s) addresses only; see :mod:`smashup_db.importer.card_archive`).
    A value that is not such an object is ignored.
    """
    import json

    out: dict[tuple[str, str, str], str] = {}
    for key, value in meta.items():
        if not key.startswith("source_urls:"):
            continue
        _, kind, upstream = (key.split(":", 2) + ["", ""])[:3]
        try:
            pages = json.loads(value)
        except ValueError:
            continue
        if not isinstance(pages, dict):
            continue
        for ref, url in pages.items():
            if (
                isinstance(ref, str)
                and isinstance(url, str)
                and url.lower().startswith(("https://", "http://"))
            ):
                out[(upstream, kind, ref)] = url
    return out
