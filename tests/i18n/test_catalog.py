"""The gettext catalog: every message extracted, every German entry translated, the .mo compiled from the .po."""

from __future__ import annotations

import io
from pathlib import Path

import pytest

babel = pytest.importorskip("babel", reason="Babel not installed (pip install -e '.[test]')")
from babel.messages.extract import extract_from_dir  # noqa: E402
from babel.messages.mofile import read_mo, write_mo  # noqa: E402
from babel.messages.pofile import read_po  # noqa: E402

ROOT = Path(__file__).resolve().parents[2]
LOCALE = ROOT / "smashup_db" / "i18n" / "locale"
PO = LOCALE / "de" / "LC_MESSAGES" / "messages.po"
MO = PO.with_suffix(".mo")
POT = LOCALE / "messages.pot"
#: The keywords of tools/update-messages: Babel's defaults plus NP_ (a singular/plural pair).
KEYWORDS = {
    "_": None,
    "gettext": None,
    "ngettext": (1, 2),
    "N_": None,
    "NP_": (1, 2),
    "in_lang": None,
}


def _ids(catalog) -> set:
    return {m.id if isinstance(m.id, str) else tuple(m.id) for m in catalog if m.id}


def _extracted() -> set:
    method_map = [
        ("smashup_db/**.py", "python"),
        ("templates/**.html", "jinja2"),
        ("templates/**.md", "jinja2"),
    ]
    options = {
        "templates/**.html": {"extensions": "jinja2.ext.i18n"},
        "templates/**.md": {"extensions": "jinja2.ext.i18n"},
    }
    found = set()
    for _file, _line, message, _comments, _context in extract_from_dir(
        str(ROOT), method_map, options_map=options, keywords=KEYWORDS
    ):
        found.add(message if isinstance(message, str) else tuple(message))
    return {m for m in found if m}


def test_pot_is_up_to_date():
    with POT.open("rb") as fh:
        pot = _ids(read_po(fh))
    extracted = _extracted()
    assert extracted - pot == set(), (
        "run tools/update-messages: new messages are not in messages.pot"
    )
    assert pot - extracted == set(), (
        "run tools/update-messages: messages.pot has messages no code uses"
    )


def test_every_german_entry_is_translated_and_none_is_fuzzy():
    with PO.open("rb") as fh:
        po = read_po(fh)
    untranslated = [
        m.id for m in po if m.id and not (m.string if isinstance(m.string, str) else all(m.string))
    ]
    fuzzy = [m.id for m in po if m.id and m.fuzzy]
    assert untranslated == [] and fuzzy == [] and not po.fuzzy
    with POT.open("rb") as fh:
        assert _ids(read_po(fh)) == _ids(po), (
            "run tools/update-messages: the .po and the .pot differ"
        )


def test_the_committed_mo_is_compiled_from_the_po():
    with PO.open("rb") as fh:
        po = read_po(fh)
    fresh = io.BytesIO()
    write_mo(fresh, po)
    fresh.seek(0)
    with MO.open("rb") as fh:
        committed = read_mo(fh)
    compiled = read_mo(fresh)

    def table(cat):
        return {str(m.id): str(m.string) for m in cat if m.id}

    assert table(committed) == table(compiled)


def test_german_comes_from_the_catalog():
    from smashup_db.i18n import gettext, ngettext

    assert gettext("Breakpoint", "de") == "Zerstörungswert"
    assert ngettext("minion", "minions", 1, "de") == "Kreatur"
    assert ngettext("minion", "minions", 10, "de") == "Kreaturen"
    assert gettext("Breakpoint", "en") == "Breakpoint"


def test_the_browser_query_language_speaks_the_catalog():
    """query.js raises the parser's own templates: each is a message of the catalog, so the built page has German."""
    import re

    js = (ROOT / "templates" / "site" / "query.js").read_text(encoding="utf-8")
    used = set(re.findall(r'new (?:QueryError|Msg)\(\s*"([^"\\]*)"', js))  # plain messages
    used |= set(
        re.findall(r'"([^"\\]*\{\w+(?:!r)?\}[^"\\]*)"', js)
    )  # every template with a placeholder
    with POT.open("rb") as fh:
        pot = _ids(read_po(fh))
    assert len(used) > 20
    assert used - pot == set(), "query.js uses messages that smashup_db/search does not"
