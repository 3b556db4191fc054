"""`smashup import text`: the card archive's rules text, errata and clarifications.

The import tests run on the full public files in ../shared/data (skipped when
absent: the text is AEG's and is never part of the project); the text helpers and
the error cases that need no archive run without them.
"""

from __future__ import annotations

import functools
import http.server
import json
import shutil
import sqlite3
import threading
from pathlib import Path

import pytest

from helpers import BASES, CATALOG, SHARED_DATA, needs_archive, one_line_error, require_shared
from smashup_db.importer.card_archive import clean_text, erratum_of

KADSUNO = SHARED_DATA / "kadsuno-factions" / "core-set.json"


@pytest.fixture
def imported(run):
    """A database with both archive files imported; the first import's JSON report as ``run.first``.
    Skips without them."""
    require_shared("card-archive", "smashup-catalog.json")
    require_shared("card-archive", "smashup-bases.json")
    res = run("import", "text", CATALOG, BASES, "--json")
    assert res.exit_code == 0, res.output
    run.first = json.loads(res.stdout)
    return run


def snapshot(db: str) -> tuple[bytes, list[str]]:
    """The database file's bytes and its full SQL dump (row for row)."""
    con = sqlite3.connect(db)
    try:
        dump = list(con.iterdump())
    finally:
        con.close()
    return Path(db).read_bytes(), dump


# --------------------------------------------------------------------------- helpers


def test_power_prefix_is_removed_in_any_case():
    assert clean_text("Power 5 - Ongoing: x") == "Ongoing: x"
    assert clean_text("power 5 - Talent: y") == "Talent: y"
    assert clean_text("Power4 - Choose") == "Choose"
    assert clean_text("Power X - Ongoing: z") == "Ongoing: z"
    assert (
        clean_text("Play on a minion. Ongoing: +1 power - ok")
        == "Play on a minion. Ongoing: +1 power - ok"
    )


@pytest.mark.parametrize(
    "value", ["No", "None", "Unknown", "Not stated", "See source", "", "  no ", None]
)
def test_errata_meaning_none_are_skipped(value):
    assert erratum_of(value) is None


def test_errata_with_content_are_kept():
    assert erratum_of("Yes, Functional (+1 changed to +2)") == "Yes, Functional (+1 changed to +2)"
    assert erratum_of("Yes, Wording") == "Yes, Wording"


# --------------------------------------------------------------------------- full import


def test_full_import_matches_every_record(imported):
    first = imported.first
    n_cards = sum(
        len(f["cards"]) for f in json.loads(CATALOG.read_text(encoding="utf-8"))["factions"]
    )
    n_bases = len(json.loads(BASES.read_text(encoding="utf-8"))["bases"])
    assert first["records"] == n_cards + n_bases
    assert first["matched"] == first["records"] and first["unmatched"] == []
    assert first["texts"]["added"] == first["records"]
    assert first["rulings"]["added"] > 400
    # the Marvel/Disney bases and Bastion have no text in the archive
    assert first["without_text"] == {"card": 0, "base": 33}


def test_laser_sword_text_without_power_prefix(imported):
    item = json.loads(imported("card", "Laser Sword", "--json").stdout)
    assert item["text"].startswith("Play on a minion.")
    assert item["text_lang"] == "en" and "smashup-catalog.json" in item["text_source"]
    assert any(r["kind"] == "erratum" for r in item["rulings"])
    minion = json.loads(imported("card", "Commandbro", "--json").stdout)
    assert minion["text"].startswith("Ongoing: At the end of your turn")
    con = sqlite3.connect(imported.db)
    assert (
        con.execute(
            "SELECT COUNT(*) FROM entity_text WHERE lower(text) LIKE 'power%-%'"
        ).fetchone()[0]
        == 0
    )


def test_base_text_shown(imported):
    res = imported("base", "USS Undertaking")
    assert res.exit_code == 0, res.output
    assert "At the start of your turn, you may move one of your minions" in res.stdout
    assert "smashup-bases.json" in res.stdout


def test_placeholders_match_titan_and_nightmare_realm(imported):
    titan = json.loads(imported("card", "mad-scientists-titan", "--json").stdout)
    assert titan["type"] == "titan" and titan["text"].startswith("Special:")
    realm = json.loads(imported("base", "Nightmare Realm", "--json").stdout)
    assert realm["text"] and "least power" in realm["text"]


def test_errata_none_values_are_not_rulings(imported):
    con = sqlite3.connect(imported.db)
    bad = con.execute(
        "SELECT COUNT(*) FROM ruling WHERE kind = 'erratum' AND lower(text) IN"
        " ('no', 'none', 'unknown', 'not stated', 'see source', '')"
    ).fetchone()[0]
    assert bad == 0
    assert (
        con.execute("SELECT COUNT(*) FROM ruling WHERE kind = 'clarification'").fetchone()[0] == 340
    )


def test_second_import_reports_no_changes(imported):
    before = snapshot(imported.db)[1]
    res = imported("import", "text", CATALOG, BASES)
    assert res.exit_code == 0, res.output
    assert "(0 changes)" in res.stdout and "0 added, 0 changed" in res.stdout
    assert snapshot(imported.db)[1] == before


@needs_archive
def test_import_from_url(run, tmp_path):
    shutil.copy(CATALOG, tmp_path / "smashup-catalog.json")

    class Quiet(http.server.SimpleHTTPRequestHandler):
        def log_message(self, *args):  # keep the server's log out of the command's stderr
            pass

    handler = functools.partial(Quiet, directory=str(tmp_path))
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        url = f"http://127.0.0.1:{server.server_address[1]}/smashup-catalog.json"
        res = run("import", "text", url, "--json")
        assert res.exit_code == 0, res.output
        assert json.loads(res.stdout)["texts"]["added"] > 1000
        one_line_error(run("import", "text", url.replace("smashup-catalog", "missing")), "HTTP 404")
    finally:
        server.shutdown()
        server.server_close()


def test_network_error_is_one_line(run):
    one_line_error(
        run("import", "text", "http://127.0.0.1:9/smashup-catalog.json"),
        "127.0.0.1:9",
        "cannot fetch",
    )


# --------------------------------------------------------------------------- bad input leaves the db as it was


@pytest.mark.parametrize("cut", [100_000, 1_000_000, -2])
def test_truncated_json_fails_and_leaves_db_unchanged(imported, tmp_path, cut):
    broken = tmp_path / "smashup-catalog.json"
    data = CATALOG.read_bytes()[:cut]
    broken.write_bytes(data)
    before = snapshot(imported.db)
    one_line_error(
        imported("import", "text", broken), str(broken), "not valid JSON", "is the file complete?"
    )
    assert snapshot(imported.db) == before


def test_other_shape_fails_and_leaves_db_unchanged(imported):
    require_shared("kadsuno-factions", "core-set.json")
    before = snapshot(imported.db)
    one_line_error(imported("import", "text", KADSUNO), str(KADSUNO), "not a card-archive file")
    assert snapshot(imported.db) == before


def test_bad_field_names_file_and_field(imported, tmp_path):
    doc = json.loads(CATALOG.read_text(encoding="utf-8"))
    doc["factions"][2]["cards"][1]["clarifications"] = "oops"
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps(doc), encoding="utf-8")
    before = snapshot(imported.db)
    # the good bases file first: nothing of it may be written either
    one_line_error(
        imported("import", "text", BASES, bad), "bad.json", "factions[2].cards[1].clarifications"
    )
    assert snapshot(imported.db) == before


def test_no_source_explains_where_to_get_it(run):
    res = run("import", "text")
    assert res.exit_code != 0
    assert "906919303-crypto/smash-up-card-archive" in res.stderr
    assert (
        "app/data/smashup-catalog.json" in res.stderr
        and "app/data/smashup-bases.json" in res.stderr
    )
    assert "Traceback" not in res.output


def test_missing_file_is_one_line(run, tmp_path):
    one_line_error(run("import", "text", tmp_path / "nope.json"), "nope.json", "file not found")


# --------------------------------------------------------------------------- unmatched records are listed


def test_unmatched_records_are_listed(run, tmp_path):
    doc = {
        "source": {"name": "test catalogue"},
        "factions": [
            {
                "name": "Aliens",
                "cards": [
                    {
                        "name": "Invader",
                        "type": "minion",
                        "text": "Power 3 - Gain 1 VP.",
                        "errata": "No",
                        "clarifications": [],
                    },
                    {
                        "name": "No Such Card",
                        "type": "action",
                        "text": "x",
                        "errata": "",
                        "clarifications": [],
                    },
                ],
            },
            {
                "name": "Nobodies",
                "cards": [
                    {
                        "name": "Ghost Writer",
                        "type": "minion",
                        "text": "y",
                        "errata": None,
                        "clarifications": None,
                    }
                ],
            },
        ],
    }
    path = tmp_path / "small.json"
    path.write_text(json.dumps(doc), encoding="utf-8")
    res = run("import", "text", path)
    assert res.exit_code == 0, res.output
    assert "1 of 3 records matched, 2 unmatched" in res.stdout
    assert "'No Such Card' (Aliens)" in res.stderr and "factions[0].cards[1]" in res.stderr
    assert (
        "'Ghost Writer' (Nobodies)" in res.stderr
        and "faction 'Nobodies' is not in the catalogue" in res.stderr
    )
    item = json.loads(run("card", "Invader", "--json").stdout)
    assert item["text"] == "Gain 1 VP." and item["rulings"] == []


# --------------------------------------------------------------------------- rebuild keeps imported text


def test_db_build_keeps_imported_text(imported):
    res = imported("db", "build")
    assert res.exit_code == 0, res.output
    assert "warning" not in res.stderr
    item = json.loads(imported("card", "Laser Sword", "--json").stdout)
    assert item["text"].startswith("Play on a minion.") and item["rulings"]
    assert json.loads(imported("stats", "--json").stdout)["text"]["en"] == imported.first["records"]


# --------------------------------------------------------------------------- source pages (issue 22)


def test_each_record_keeps_its_factions_page_at_the_source(imported):
    """The faction's wiki page of every card (catalogue) and base (bases file), for the site's source links."""
    from smashup_db.catalogue.rulings import source_pages

    with sqlite3.connect(imported.db) as conn:
        meta = dict(conn.execute("SELECT key, value FROM meta"))
    pages = source_pages(meta)
    doc = json.loads(CATALOG.read_text(encoding="utf-8"))
    urls = {f["name"]: f["sourceUrl"] for f in doc["factions"]}
    assert pages[("Smash Up faction card catalog", "card", "invader")] == urls["Aliens"]
    assert pages[("Smash Up faction card catalog", "card", "cesium-armor")] == urls["Changerbots"]
    bases = {
        b["name"]: b["sourceUrl"] for b in json.loads(BASES.read_text(encoding="utf-8"))["bases"]
    }
    assert pages[("AEG Official Rulebook Wiki", "base", "tortuga")] == bases["Tortuga"]
    cards = [k for k in pages if k[1] == "card"]
    assert len(cards) == sum(
        len(f["cards"]) for f in doc["factions"]
    )  # every card record is matched and has one
    assert not any(u.endswith("/Main_Page") for u in pages.values())


def test_a_source_page_that_is_not_http_is_left_out(run, tmp_path):
    from smashup_db.catalogue.rulings import source_pages
    from smashup_db.importer.card_archive import page_url

    assert (
        page_url("https://smashup-rulebook.alderac.com/wiki/Aliens")
        == "https://smashup-rulebook.alderac.com/wiki/Aliens"
    )
    for bad in (
        "javascript:alert(1)",
        'https://x.org/"><script>',
        "ftp://x.org/a",
        "",
        None,
        5,
        "https://" + "a" * 600,
    ):
        assert page_url(bad) is None, bad
    doc = {
        "source": {"name": "test catalogue"},
        "factions": [
            {
                "name": "Aliens",
                "sourceUrl": "javascript:alert('x')",
                "cards": [
                    {
                        "name": "Invader",
                        "type": "minion",
                        "text": "Power 3 - Gain 1 VP.",
                        "errata": "No",
                        "clarifications": [],
                    }
                ],
            },
            {
                "name": "Dinosaurs",
                "sourceUrl": "https://example.org/wiki/Dinosaurs",
                "cards": [
                    {
                        "name": "King Rex",
                        "type": "minion",
                        "text": "x",
                        "errata": "No",
                        "clarifications": [],
                    }
                ],
            },
        ],
    }
    path = tmp_path / "cat.json"
    path.write_text(json.dumps(doc), encoding="utf-8")
    res = run("import", "text", path)
    assert res.exit_code == 0, res.output
    with sqlite3.connect(run.db) as conn:
        pages = source_pages(dict(conn.execute("SELECT key, value FROM meta")))
    assert pages == {("test catalogue", "card", "king-rex"): "https://example.org/wiki/Dinosaurs"}
    assert (
        source_pages(
            {
                "source_urls:card:x": "not json",
                "source_urls:card:y": "[1]",
                "source_urls:card:z": '{"a": "javascript:x"}',
            }
        )
        == {}
    )
