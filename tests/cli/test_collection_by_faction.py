"""`collection add/remove` with a faction's name means the box holding it (issue 32).

``smashup collection add "Wechsler-Bots"`` adds the one product holding the Changerbots and says so
in one line ("Wechslerbots ist in der Schachtel „…“: …"); a faction sold in several products is
refused with one line naming them. In German and English, on the full catalogue.
"""

from __future__ import annotations

import pytest

from helpers import TYPED, json_ok, one_line_error
from smashup_db.catalogue.view import Catalogue


@pytest.fixture(scope="module")
def cats(catalogue_reader):
    return {lang: Catalogue(catalogue_reader, lang) for lang in ("en", "de")}


def _in_lang(monkeypatch, lang: str) -> None:
    monkeypatch.setenv("LANG", "de_DE.UTF-8" if lang == "de" else "C.UTF-8")
    monkeypatch.setenv("COLUMNS", "200")  # the one line unwrapped


def _product_names(cat, fid: str) -> list[str]:
    return [cat.name("product", p)[0] for p in cat.model.factions[fid].products]


@pytest.mark.parametrize("lang", ["en", "de"])
def test_every_typed_faction_spelling_adds_and_removes_its_one_box(cli, cats, monkeypatch, lang):
    _in_lang(monkeypatch, lang)
    cat = cats[lang]
    factions = {typed: ref for typed, (kind, ref) in TYPED.items() if kind == "faction"}
    assert factions
    checked = 0
    for typed, fid in factions.items():
        products = cat.model.factions[fid].products
        if len(products) != 1:
            continue
        checked += 1
        box = cat.name("product", products[0])[0]
        said = (
            f"{cat.name('faction', fid)[0]} ist in der Schachtel „{box}“: "
            if lang == "de"
            else f"{cat.name('faction', fid)[0]} is in the box “{box}”: "
        )
        added = cli("collection", "add", typed)
        assert added.exit_code == 0, added.output
        lines = added.stdout.strip().splitlines()
        assert len(lines) == 1 and lines[0].startswith(said), lines
        row = json_ok(cli("collection", "remove", typed, "--json"))
        assert row["product"]["id"] == products[0] and row["faction"]["id"] == fid
        assert row["copies"] == 0 and row["removed"] == 1
    assert checked >= 4, checked  # Wechsler-Bots, Wechsler Bots, Kungfu Kämpfer, Astro Knights ...
    listed = json_ok(cli("collection", "list", "--json"))
    assert listed == []


@pytest.mark.parametrize("lang", ["en", "de"])
def test_a_faction_in_several_boxes_is_refused_naming_them(cli, cats, monkeypatch, lang):
    _in_lang(monkeypatch, lang)
    cat = cats[lang]
    several = [f for f, x in cat.model.factions.items() if len(x.products) > 1]
    assert several  # the Geeks: The Big Geeky Box and The Bigger Geekier Box
    checked = 0
    for fid in several[:5]:
        for typed in (fid, cat.name("faction", fid, "en")[0], cat.name("faction", fid, "de")[0]):
            if cat.matcher.match("faction", typed)[0] != fid:
                continue
            try:
                cat.resolve("product", typed)
                continue  # the name is (a part of) a box's name too: that box is meant
            except LookupError:
                pass
            for cmd in ("add", "remove"):
                res = cli("collection", cmd, typed)
                assert res.exit_code == 1, res.output
                err = res.stderr.strip()
                assert len(err.splitlines()) == 1, err
                assert err.startswith("Fehler: " if lang == "de" else "error: "), err
                for name in _product_names(cat, fid):
                    assert name in err, (err, name)
                checked += 1
    assert checked >= 4, checked
    assert json_ok(cli("collection", "list", "--json")) == []


def test_a_box_name_still_comes_first_and_no_name_is_still_refused(cli):
    row = json_ok(cli("collection", "add", "Core Set", "--json"))
    assert row["product"]["id"] == "core-set" and "faction" not in row
    one_line_error(cli("collection", "add", "xyzzy"), "xyzzy")
    one_line_error(cli("collection", "remove", "xyzzy"), "xyzzy")
