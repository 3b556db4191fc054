"""One German word for a product (Schachtel) and one for a printing (Auflage), in every message of the
catalog the CLI and the site share, and in the site's glossary."""

from __future__ import annotations

import re
from pathlib import Path

from babel.messages.pofile import read_po

from smashup_db.i18n.glossary import PROJECT_TERMS

PO = Path(__file__).resolve().parents[2] / "smashup_db/i18n/locale/de/LC_MESSAGES/messages.po"


def _entries() -> list[tuple[str, str]]:
    """``(English, German)`` of every message, plural forms joined."""
    with PO.open("rb") as fh:
        catalog = read_po(fh)
    out = []
    for m in catalog:
        if not m.id:
            continue
        en = m.id if isinstance(m.id, str) else " ".join(m.id)
        de = m.string if isinstance(m.string, str) else " ".join(m.string)
        out.append((en, de))
    return out


def test_the_glossary_names_one_word_for_each():
    assert PROJECT_TERMS["product"][1] == "Schachtel"
    assert PROJECT_TERMS["printing"][1] == "Auflage"


#: "printing" as a word of a sentence: not a {placeholder}, an --option, a file, a field or a status value.
PRINTING_WORD = re.compile(r"(?<![-.{/\w])printings?(?![}:.\w])", re.I)


def _words(en: str) -> str:
    """``en`` without placeholders, option values and quoted values (what a reader reads as words)."""
    return re.sub(r"\{[^}]*\}|--printing \w+|must be printing or reviewed", "", en)


def test_every_message_about_a_printing_says_auflage():
    wrong = [
        (en, de)
        for en, de in _entries()
        if PRINTING_WORD.search(_words(en)) and "auflage" not in de.lower()
    ]
    assert not wrong, wrong[:5]


def test_no_message_calls_a_printing_druck_or_ausgabe():
    druck = re.compile(
        r"\b(Druck|Drucks|Drucke|\w*[Dd]ruckversion\w*|Erstdruck|Druckunterschied)\b"
    )
    wrong = [(en, de) for en, de in _entries() if druck.search(de)]
    wrong += [
        (en, de) for en, de in _entries() if re.search(r"\bedition\b", en, re.I) and "Ausgabe" in de
    ]
    assert not wrong, wrong[:5]


def test_a_product_is_a_schachtel_and_erweiterung_only_the_kind_of_box():
    wrong = [(en, de) for en, de in _entries() if "Erweiterung" in de and en.lower() != "expansion"]
    assert not wrong, wrong[:5]
    products = [
        (en, de)
        for en, de in _entries()
        if re.fullmatch(r"products?", en, re.I) and "Schachtel" not in de
    ]
    assert not products, products


def test_the_sites_glossary_lists_both_words():
    from smashup_db.site.sitedata import read_glossary

    rows = {r["de"]: r["en"] for r in read_glossary()}
    assert rows["Schachtel"].startswith("box") and rows["Auflage"] == "printing"
