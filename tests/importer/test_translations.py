"""`smashup export translations` / `smashup import translations`: names and text as CSV.

The CSV tests need only the compiled catalogue; the ones that also import the
English text from the card archive skip when ../shared/data is absent.
"""

from __future__ import annotations

import csv
import io
import json
import shutil
import sqlite3
from pathlib import Path

import pytest

from helpers import REPO, require_shared


@pytest.fixture
def archive():
    return require_shared("card-archive", "smashup-catalog.json"), require_shared(
        "card-archive", "smashup-bases.json"
    )


def dump(db: str) -> list[str]:
    con = sqlite3.connect(db)
    try:
        return list(con.iterdump())
    finally:
        con.close()


def read_csv(path: Path) -> list[dict]:
    with path.open(encoding="utf-8", newline="") as fh:
        return list(csv.DictReader(fh))


def write_csv(path: Path, rows: list[dict], fields=None) -> None:
    with path.open("w", encoding="utf-8", newline="") as fh:
        w = csv.DictWriter(fh, fieldnames=fields or list(rows[0]))
        w.writeheader()
        w.writerows(rows)


def one_line_error(res, *needles):
    assert res.exit_code == 1, res.output
    err = res.stderr.strip()
    assert len(err.splitlines()) == 1 and err.startswith("error: "), err
    for n in needles:
        assert n in err, err
    return err


def stats(run) -> dict:
    res = run("stats", "--json")
    assert res.exit_code == 0, res.output
    return json.loads(res.stdout)


def fill(rows, kind, ident, **values):
    for r in rows:
        if r["kind"] == kind and r["id"] == ident:
            r.update(values)
            return r
    raise AssertionError(f"{kind} {ident} not exported")


# --------------------------------------------------------------------------- export


def test_export_all_rows_to_stdout(run):
    s = stats(run)
    res = run("export", "translations", "--lang", "de")
    assert res.exit_code == 0, res.output
    rows = list(csv.DictReader(io.StringIO(res.stdout)))
    assert list(rows[0]) == ["kind", "id", "lang", "name", "text", "name_en", "text_en"]
    assert len(rows) == s["products"] + s["factions"] + s["cards"] + s["bases"]
    assert fill(rows, "faction", "changerbots")["name"] == "Wechslerbots"
    assert {r["lang"] for r in rows} == {"de"}


def test_export_missing_leaves_out_what_is_complete(run):
    out = run.tmp / "all.csv"
    assert run("export", "translations", "--lang", "de", "--missing", "--out", out).exit_code == 0
    rows = read_csv(out)
    # a faction with a German name has no text to miss, so it is complete
    assert not any(r["kind"] == "faction" and r["id"] == "changerbots" for r in rows)
    assert any(r["kind"] == "faction" and r["id"] == "giant-ants" for r in rows)
    assert all(not r["name"] or (r["kind"] in ("card", "base") and not r["text"]) for r in rows)


def test_export_bad_lang_and_bad_out(run):
    one_line_error(run("export", "translations", "--lang", "fr"), "--lang", "'fr'")
    one_line_error(
        run("export", "translations", "--lang", "de", "--out", run.tmp / "no" / "dir" / "x.csv"),
        "cannot write",
    )


# --------------------------------------------------------------------------- round trip


def test_round_trip_missing_fill_import(run, archive):
    assert run("import", "text", *archive).exit_code == 0
    before = stats(run)
    out = run.tmp / "de.csv"
    assert run("export", "translations", "--lang", "de", "--missing", "--out", out).exit_code == 0
    rows = read_csv(out)
    sword = fill(
        rows,
        "card",
        "laser-sword",
        name="Laserschwert",
        text="Spiele dies auf eine Kreatur. Dauerhaft: Diese Kreatur hat +2 Stärke.",
    )
    assert sword["text_en"].startswith("Play on a minion.")  # English for reference
    fill(
        rows,
        "base",
        "uss-undertaking",
        text="Zu Beginn deines Zuges darfst du eine deiner Kreaturen hierher verschieben.",
    )
    write_csv(out, rows)

    res = run("import", "translations", out, "--json")
    assert res.exit_code == 0, res.output
    rep = json.loads(res.stdout)
    assert rep["texts"] == {"added": 2, "changed": 0, "unchanged": 0}
    assert rep["names"]["added"] == 1  # names already known (compiled) are not copied

    card = run("card", "Laserschwert", "--lang", "de")
    assert card.exit_code == 0, card.output
    assert "Spiele dies auf eine Kreatur." in card.stdout
    item = json.loads(run("card", "laserschwert", "--lang", "de", "--json").stdout)
    assert (
        item["id"] == "laser-sword" and item["name"] == "Laserschwert" and item["text_lang"] == "de"
    )
    assert item["text_source"] == "translations:de.csv"
    assert item["texts"]["en"]["text"].startswith("Play on a minion.")
    base = json.loads(run("base", "USS Undertaking", "--lang", "de", "--json").stdout)
    assert base["text"].startswith("Zu Beginn deines Zuges")

    after = stats(run)
    assert after["text"]["de"] == before["text"]["de"] + 2
    assert after["text"]["en"] == before["text"]["en"]
    assert after["names"]["de"]["cards"] == before["names"]["de"]["cards"] + 1

    again = json.loads(run("import", "translations", out, "--json").stdout)
    assert again["changes"] == 0

    # a rebuild keeps imported text and translations, and reports nothing orphaned
    build = run("db", "build")
    assert build.exit_code == 0 and "warning" not in build.stderr
    item = json.loads(run("card", "Laserschwert", "--lang", "de", "--json").stdout)
    assert item["text"].startswith("Spiele dies") and item["texts"]["en"]["text"].startswith(
        "Play on"
    )
    assert stats(run)["text"] == after["text"]


def test_changed_translation_is_updated(run):
    path = run.tmp / "t.csv"
    path.write_text(
        "kind,id,lang,name,text\ncard,laser-sword,de,Laserschwert,Eins\n", encoding="utf-8"
    )
    assert run("import", "translations", path).exit_code == 0
    path.write_text(
        "kind,id,lang,name,text\ncard,laser-sword,de,Lichtschwert,Zwei\n", encoding="utf-8"
    )
    rep = json.loads(run("import", "translations", path, "--json").stdout)
    assert rep["names"]["changed"] == 1 and rep["texts"]["changed"] == 1
    item = json.loads(run("card", "Lichtschwert", "--lang", "de", "--json").stdout)
    assert item["name"] == "Lichtschwert" and item["text"] == "Zwei"


def test_script_text_is_stored_verbatim(run):
    payload = "<script>alert(1)</script>"
    path = run.tmp / "x.csv"
    # markup in a *name* is refused since issue 15 (tests/importer/test_hostile_import.py); text is stored as given
    path.write_text(
        f'kind,id,lang,name,text\ncard,laser-sword,de,"Laser ""&b""",{payload}\n', encoding="utf-8"
    )
    res = run("import", "translations", path)
    assert res.exit_code == 0, res.output
    con = sqlite3.connect(run.db)
    assert (
        con.execute(
            "SELECT text FROM entity_text WHERE ref = 'laser-sword' AND lang = 'de'"
        ).fetchone()[0]
        == payload
    )
    assert (
        con.execute(
            "SELECT name FROM name WHERE ref = 'laser-sword' AND lang = 'de' AND origin = 'translations'"
        ).fetchone()[0]
        == 'Laser "&b"'
    )
    item = json.loads(run("card", "laser-sword", "--lang", "de", "--json").stdout)
    assert item["text"] == payload


def test_orphans_are_reported_by_db_build(run):
    path = run.tmp / "t.csv"
    path.write_text(
        "kind,id,lang,name,text\ncard,laser-sword,de,Laserschwert,Text\n", encoding="utf-8"
    )
    assert run("import", "translations", path).exit_code == 0
    data = run.tmp / "data"
    shutil.copytree(REPO / "data", data)
    fac = data / "factions" / "astroknights.json"
    doc = json.loads(fac.read_text(encoding="utf-8"))
    for c in doc["cards"]:
        if c["id"] == "laser-sword":
            c["id"] = "laser-sabre"
    fac.write_text(json.dumps(doc), encoding="utf-8")
    res = run("db", "build", "--data", data)
    assert res.exit_code == 0, res.output
    assert "card 'laser-sword'" in res.stderr and "(kept)" in res.stderr
    res = run("db", "build")  # back to the shipped catalogue: the kept rows show again
    assert "warning" not in res.stderr
    assert (
        json.loads(run("card", "Laserschwert", "--lang", "de", "--json").stdout)["text"] == "Text"
    )


# --------------------------------------------------------------------------- validation


@pytest.mark.parametrize(
    "content, needles",
    [
        ("kind,id,lang,name\ncard,laser-sword,de,X\n", ["line 1", "column 'text' is missing"]),
        (
            "kind,id,lang,name,text\ncard,laser-sword,de,A,\nwidget,laser-sword,de,A,\n",
            ["line 3", "kind", "'widget'"],
        ),
        (
            "kind,id,lang,name,text\ncard,laser-sword,de,A,\ncard,no-such-card,de,B,\n",
            ["line 3", "id", "'no-such-card'"],
        ),
        ("kind,id,lang,name,text\ncard,laser-sword,xx,A,\n", ["line 2", "lang", "'xx'"]),
        ("kind,id,lang,name,text\ncard,laser-sword,,A,\n", ["line 2", "lang", "empty"]),
        (
            "kind,id,lang,name,text\nfaction,aliens,de,Aliens,Some text\n",
            ["line 2", "text", "only cards and bases"],
        ),
        (
            'kind,id,lang,name,text\ncard,laser-sword,de,"A\nB",\ncard,laser-sword,de,C,\n',
            ["line 4", "already on line 2"],
        ),
    ],
)
def test_bad_rows_fail_with_file_line_field_and_change_nothing(run, content, needles):
    good = run.tmp / "good.csv"
    good.write_text("kind,id,lang,name,text\ncard,laser-sword,de,Laserschwert,\n", encoding="utf-8")
    assert run("import", "translations", good).exit_code == 0
    before = dump(run.db)
    bad = run.tmp / "bad.csv"
    bad.write_text(content, encoding="utf-8")
    one_line_error(run("import", "translations", bad), "bad.csv", *needles)
    assert dump(run.db) == before


def test_missing_file_and_bad_encoding(run):
    one_line_error(
        run("import", "translations", run.tmp / "nope.csv"), "nope.csv", "file not found"
    )
    latin = run.tmp / "latin.csv"
    latin.write_bytes("kind,id,lang,name,text\ncard,laser-sword,de,Käse,\n".encode("latin-1"))
    one_line_error(run("import", "translations", latin), "latin.csv", "UTF-8")


def test_bom_and_extra_columns_are_accepted(run):
    path = run.tmp / "excel.csv"
    path.write_text(
        "\ufeffkind,id,lang,name,text,name_en,notes\nfaction,geeks,de,Nerds,,Geeks,mine\n",
        encoding="utf-8",
    )
    res = run("import", "translations", path)
    assert res.exit_code == 0, res.output
    assert json.loads(run("faction", "Nerds", "--lang", "de", "--json").stdout)["id"] == "geeks"
