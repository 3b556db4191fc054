"""The contribution path for German names: status, export of one faction, fill in a spreadsheet, import.

Runs on the full catalogue, on SQLite and (with SMASHUP_TEST_PG_URL) PostgreSQL.
"""

from __future__ import annotations

import csv
import io

import pytest

from helpers import json_ok


def _by_id(entries, ident):
    return next(e for e in entries if e["id"] == ident)


def _excel(rows: list[dict], fields: list[str]) -> bytes:
    """What Excel or LibreOffice save for a German locale: BOM, ';' separator, CRLF line ends."""
    buf = io.StringIO()
    w = csv.DictWriter(buf, fieldnames=fields, delimiter=";", lineterminator="\r\n")
    w.writeheader()
    w.writerows(rows)
    return ("\ufeff" + buf.getvalue()).encode("utf-8")


def test_status_counts_and_percent(cli, db_path):
    cov = json_ok(cli("translations", "status", "--lang", "de", "--json"))
    o = cov["overall"]
    assert o["names_total"] > 1700 and 0 < o["names"] < o["names_total"]
    assert o["names_percent"] == round(100 * o["names"] / o["names_total"], 1)
    ninjas = _by_id(cov["factions"], "ninjas")
    faction = json_ok(cli("faction", "ninjas", "--json"))
    assert (
        ninjas["names_total"] == 1 + len(faction["cards"]) + len(faction["bases"]) == 16
    )  # titan included
    assert ninjas["texts_total"] == len(faction["cards"]) + len(faction["bases"])
    assert len(cov["factions"]) == len(json_ok(cli("factions", "--json")))
    assert len(cov["products"]) == len(json_ok(cli("products", "--json")))
    res = cli("translations", "status", "--lang", "de")
    assert (
        res.exit_code == 0
        and "gesamt (de): Namen" in res.stdout
        and "Fraktionen: Namen und Text auf 'de'" in res.stdout
    )


def test_export_one_faction_fill_import_and_see_it_everywhere(cli, db_path, tmp_path):
    before = json_ok(cli("translations", "status", "--lang", "de", "--json"))
    out = tmp_path / "ninjas.csv"
    res = cli(
        "export",
        "translations",
        "--lang",
        "de",
        "--missing",
        "--faction",
        "ninjas",
        "--out",
        str(out),
    )
    assert res.exit_code == 0, res.output
    with out.open(encoding="utf-8", newline="") as fh:
        reader = csv.DictReader(fh)
        fields, rows = reader.fieldnames, list(reader)
    faction = json_ok(cli("faction", "ninjas", "--json"))
    ours = (
        {("card", c["id"]) for c in faction["cards"]}
        | {("base", b["id"]) for b in faction["bases"]}
        | {("faction", "ninjas")}
    )
    assert rows and {(r["kind"], r["id"]) for r in rows} <= ours
    assert all(r["name_en"] for r in rows)  # the English beside each empty German cell
    empty_names = [r for r in rows if not r["name"] and r["kind"] == "card"]
    assert len(empty_names) >= 3
    filled = {
        "ninja-master": "Ninjameister",
        "tiger-assassin": "Tigerattentäter",
        "shinobi": "Shinobi-Krieger",
    }
    for r in rows:
        if r["kind"] == "card" and r["id"] in filled:
            r["name"] = filled[r["id"]]
    assert sum(1 for r in rows if r["name"] in filled.values()) == 3
    out.write_bytes(_excel(rows, fields))  # as a spreadsheet saves it

    rep = cli("import", "translations", str(out), "--json")
    report = json_ok(rep)
    assert report["names"] == {"added": 3, "changed": 0, "unchanged": 0}
    assert report["texts"]["added"] == 0

    card = json_ok(cli("card", "Ninjameister", "--lang", "de", "--json"))
    assert (
        card["id"] == "ninja-master"
        and card["name"] == "Ninjameister"
        and card["name_lang"] == "de"
    )
    text = cli("faction", "ninjas", "--lang", "de").stdout
    assert (
        "Tigerattentäter" in text and "Tigerattentäter*" not in text and "Shinobi-Krieger" in text
    )
    found = json_ok(cli("search", "attentäter", "--lang", "de", "--json"))
    assert "tiger-assassin" in [
        r["id"] for r in found["results"]
    ]  # a part of the new compound finds it

    after = json_ok(cli("translations", "status", "--lang", "de", "--json"))
    assert after["overall"]["names"] == before["overall"]["names"] + 3
    assert (
        _by_id(after["factions"], "ninjas")["names"]
        == _by_id(before["factions"], "ninjas")["names"] + 3
    )
    core_b, core_a = _by_id(before["products"], "core-set"), _by_id(after["products"], "core-set")
    assert core_a["names"] == core_b["names"] + 3
    changed = [f["id"] for f in after["factions"] if f != _by_id(before["factions"], f["id"])]
    assert changed == ["ninjas"]

    again = json_ok(cli("import", "translations", str(out), "--json"))
    assert again["changes"] == 0 and again["names"]["unchanged"] == 3


def test_three_bad_rows_are_all_listed_and_nothing_is_imported(cli, db_path, tmp_path):
    before = json_ok(cli("translations", "status", "--lang", "de", "--json"))
    bad = tmp_path / "bad.csv"
    bad.write_text(
        "kind,id,lang,name,text\n"
        "card,ninja-master,de,Ninjameister,\n"  # line 2: fine
        "card,no-such-card,de,Niemand,\n"  # line 3: unknown id
        "card,shinobi,de,Shinobi-Krieger,\n"  # line 4: fine
        "widget,shinobi,de,X,\n"  # line 5: unknown kind
        "card,tiger-assassin,fr,Tigre,\n"  # line 6: unknown language
        "faction,ninjas,de,Ninjas,\n",
        encoding="utf-8",
    )
    res = cli("import", "translations", str(bad))
    assert res.exit_code == 1
    err = res.stderr
    assert err.startswith("error: ") and "3 bad rows; nothing was imported" in err
    for n in (3, 5, 6):
        assert f"line {n}:" in err
    assert "line 2:" not in err and "line 4:" not in err and "Traceback" not in err
    assert json_ok(cli("translations", "status", "--lang", "de", "--json")) == before
    assert cli("card", "Ninjameister").exit_code == 1


def test_unclosed_quote_imports_nothing(cli, db_path, tmp_path):
    bad = tmp_path / "quote.csv"
    bad.write_text(
        'kind,id,lang,name,text\ncard,ninja-master,de,Ninjameister,\ncard,shinobi,de,"Shinobi,\n'
        "card,tiger-assassin,de,Tiger,\n",
        encoding="utf-8",
    )
    res = cli("import", "translations", str(bad))
    assert res.exit_code == 1 and "line 3" in res.stderr and "never closed" in res.stderr
    assert cli("card", "Ninjameister").exit_code == 1


@pytest.mark.parametrize("sep,newline", [(";", "\r\n"), ("\t", "\n"), (",", "\r\n")])
def test_spreadsheet_csv_variants_are_read(cli, db_path, tmp_path, sep, newline):
    path = tmp_path / "x.csv"
    path.write_bytes(
        (
            "\ufeff"
            + newline.join(
                [
                    sep.join(["kind", "id", "lang", "name", "text"]),
                    sep.join(["card", "ninja-master", "de", "Ninjameister", ""]),
                    "",
                ]
            )
        ).encode("utf-8")
    )
    rep = json_ok(cli("import", "translations", str(path), "--json"))
    assert rep["names"]["added"] == 1
    assert json_ok(cli("card", "ninjameister", "--json"))["id"] == "ninja-master"


def test_export_of_a_product_and_unknown_faction(cli, db_path):
    res = cli("export", "translations", "--lang", "de", "--product", "Core Set")
    assert res.exit_code == 0
    rows = list(csv.DictReader(io.StringIO(res.stdout)))
    kinds = {r["kind"] for r in rows}
    assert {"product", "faction", "card", "base"} == kinds
    assert {r["id"] for r in rows if r["kind"] == "faction"} == set(
        f["id"] for f in json_ok(cli("factions", "--product", "Core Set", "--json"))
    )
    bad = cli("export", "translations", "--lang", "de", "--faction", "ninjaz")
    assert (
        bad.exit_code == 1 and "no faction named 'ninjaz'" in bad.stderr and "Ninjas" in bad.stderr
    )


def test_imported_names_carry_source_and_confidence(cli, db_path, tmp_path):
    from helpers import db_rows

    path = tmp_path / "mine.csv"
    path.write_text(
        "kind,id,lang,name,text\ncard,ninja-master,de,Ninjameister,\n", encoding="utf-8"
    )
    assert cli("import", "translations", str(path)).exit_code == 0
    rows = db_rows(
        db_path,
        "SELECT origin, confidence, evidence FROM name WHERE ref = 'ninja-master' AND lang = 'de'",
    )
    assert rows == [("translations", "community", "translations:mine.csv")]


def test_optional_source_and_confidence_columns(cli, db_path, tmp_path):
    from helpers import db_rows

    path = tmp_path / "cards.csv"
    path.write_text(
        "kind,id,lang,name,text,source,confidence\n"
        "card,ninja-master,de,Ninjameister,Zerstöre eine Kreatur.,German card in hand,Card\n",
        encoding="utf-8",
    )
    assert cli("import", "translations", str(path)).exit_code == 0
    assert db_rows(
        db_path, "SELECT confidence, evidence FROM name WHERE ref = 'ninja-master' AND lang = 'de'"
    ) == [("card", "translations:cards.csv (German card in hand)")]
    assert db_rows(
        db_path, "SELECT source FROM entity_text WHERE ref = 'ninja-master' AND lang = 'de'"
    ) == [("translations:cards.csv (German card in hand)",)]
    bad = tmp_path / "bad.csv"
    bad.write_text(
        "kind,id,lang,name,text,confidence\ncard,shinobi,de,Shinobi-Krieger,,very sure!\n",
        encoding="utf-8",
    )
    res = cli("import", "translations", str(bad))
    assert res.exit_code == 1 and "line 2: confidence" in res.stderr
