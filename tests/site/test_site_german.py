"""The German site: home page for German players, "Übersetzungsstand", per-faction CSV, community marks, 404, root.

Full catalogue, SQLite and PostgreSQL. The tests that import translations build their own site from
their database (``cli``/``db_path`` fixtures, Pagefind off: the browser tests cover search); the others
read the session's site of each backend (``backend_site`` in conftest.py).
"""

from __future__ import annotations

import csv
import html
import io
import json
import re
from pathlib import Path

from smashup_db.site import build_site


def _build(db: str, out: Path) -> Path:
    build_site(out, "en,de", "/", db, search=False)
    return out


def _text(path: Path) -> str:
    page = path.read_text(encoding="utf-8")
    return " ".join(html.unescape(re.sub(r"<[^>]+>", " ", page)).split())


def _status_row(page: str, name: str) -> list[str]:
    """The cells of the status table row whose first cell links ``name``."""
    for row in re.findall(r"<tr>(.*?)</tr>", page, re.S):
        cells = [
            " ".join(html.unescape(re.sub(r"<[^>]+>", " ", c)).split())
            for c in re.findall(r"<td[^>]*>(.*?)</td>", row, re.S)
        ]
        if cells and cells[0] == name:
            return cells
    raise AssertionError(f"no row for {name}")


def test_german_site_round_trip_through_the_faction_csv(cli, db_path, tmp_path):
    site = _build(db_path, tmp_path / "site")
    status = (site / "de" / "translations" / "index.html").read_text(encoding="utf-8")
    assert "<h1>Übersetzungsstand</h1>" in status
    before = _status_row(status, "Ninjas")
    cov = json.loads(cli("translations", "status", "--lang", "de", "--json").stdout)
    ninjas = next(f for f in cov["factions"] if f["id"] == "ninjas")
    assert before[1] == f"{ninjas['names']}/{ninjas['names_total']}"  # the same numbers as the CLI
    assert before[2] == f"{ninjas['names_percent']:.1f} %".replace(".", ",")

    # the site's CSV for one faction is the CLI's export of its gaps
    download = site / "data" / "translations" / "de-ninjas.csv"
    assert 'href="/data/translations/de-ninjas.csv"' in status
    exported = cli(
        "export", "translations", "--lang", "de", "--missing", "--faction", "ninjas"
    ).stdout
    assert download.read_text(encoding="utf-8") == exported
    rows = list(csv.DictReader(io.StringIO(exported)))
    for r in rows:
        if r["id"] == "ninja-master":
            r["name"] = "Ninjameister"
        if r["id"] == "tiger-assassin":
            r["name"] = "Tigerattentäter"
    filled = tmp_path / "ninjas.csv"
    with filled.open("w", encoding="utf-8", newline="") as fh:
        w = csv.DictWriter(fh, fieldnames=list(rows[0]))
        w.writeheader()
        w.writerows(rows)
    assert cli("import", "translations", str(filled)).exit_code == 0

    site = _build(db_path, tmp_path / "site")
    card = (site / "de" / "cards" / "ninja-master" / "index.html").read_text(encoding="utf-8")
    assert re.search(
        r"<h1>Ninjameister <abbr class=\"community\" title=\"Von Spielern beigetragener Name", card
    )
    assert 'class="community"' not in (
        site / "de" / "cards" / "cesium-armor" / "index.html"
    ).read_text("utf-8")
    faction = _text(site / "de" / "factions" / "ninjas" / "index.html")
    assert "Tigerattentäter" in faction
    after = _status_row(
        (site / "de" / "translations" / "index.html").read_text(encoding="utf-8"), "Ninjas"
    )
    done, total = map(int, before[1].split("/"))
    assert after[1] == f"{done + 2}/{total}"
    again = (site / "data" / "translations" / "de-ninjas.csv").read_text(encoding="utf-8")
    assert (
        "card,ninja-master,de,Ninjameister,," in again
    )  # the name is in; its German text is still a gap


def test_german_home_leads_with_german_boxes_search_and_rules(backend_site):
    site = backend_site.folder
    home = (site / "de" / "index.html").read_text(encoding="utf-8")
    main = home[home.index("<main") :]
    boxes = main.index("Auf Deutsch erschienen")
    others = main.index("Weitere Schachteln")
    assert main.index('role="search"') < boxes < others < main.index("Im Katalog")  # search first
    assert boxes < main.index("Regeln in Kürze") < others
    for title in ("Vergessene Helden", "Wahnsinnslevel 9000"):
        assert title in main[boxes:others]
    assert "Half the Battle" not in main[boxes:others]  # only in English
    assert "Half the Battle" in main[others : main.index("Im Katalog")]
    en = (site / "en" / "index.html").read_text(encoding="utf-8")
    assert "Auf Deutsch erschienen" not in en and "Boxes with a German edition" not in en


def test_404_in_both_languages_and_root_redirect(backend_site):
    site = backend_site.folder
    page = (site / "404.html").read_text(encoding="utf-8")
    assert "Seite nicht gefunden" in page and "Page not found" in page
    assert '<section lang="de">' in page and 'href="/de/"' in page and 'href="/en/"' in page
    root = (site / "index.html").read_text(encoding="utf-8")
    assert '"de": "/de/"' in root and "navigator.languages" in root and "localStorage" in root


def test_community_text_is_marked_and_the_import_counts_per_kind(cli, db_path, tmp_path):
    path = tmp_path / "text.csv"
    path.write_text(
        "kind,id,lang,name,text\ncard,ninja-master,de,Ninjameister,Zerstöre eine Kreatur.\n"
        "faction,ninjas,de,Ninjas,\n",
        encoding="utf-8",
    )
    rep = json.loads(cli("import", "translations", str(path), "--json").stdout)
    assert rep["by_kind"]["card"] == {
        "names": {"added": 1, "changed": 0, "unchanged": 0},
        "texts": {"added": 1, "changed": 0, "unchanged": 0},
    }
    assert rep["by_kind"]["faction"]["names"] == {"added": 0, "changed": 0, "unchanged": 1}
    site = _build(db_path, tmp_path / "site")
    card = _text(site / "de" / "cards" / "ninja-master" / "index.html")
    assert (
        "Zerstöre eine Kreatur." in card
        and "Community-Übersetzung" in card
        and "translations:" not in card
    )
