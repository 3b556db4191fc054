"""Rebuilds that render only what changed (issue 22): same bytes as a full build, most pages reused."""

from __future__ import annotations

from pathlib import Path

from typer.testing import CliRunner

from helpers import make_db
from smashup_db.cli import app
from smashup_db.site import build_site


def _tree(root: Path) -> dict[str, bytes]:
    return {p.relative_to(root).as_posix(): p.read_bytes() for p in sorted(root.rglob("*")) if p.is_file()}


def test_rebuild_after_one_translation_is_a_full_build(tmp_path):
    db = make_db(tmp_path / "cat.db")
    site, full = tmp_path / "site", tmp_path / "full"
    first = build_site(site, None, "/", db, search=False)
    assert first.reused == 0
    sw = (site / "sw.js").read_text(encoding="utf-8")
    same = build_site(site, None, "/", db, search=False)  # nothing changed: only the always-rendered pages
    assert same.reused >= first.pages - 40
    assert (site / "sw.js").read_text(encoding="utf-8") == sw  # the same build id: visitors keep their cache
    csv = tmp_path / "one.csv"
    csv.write_text("kind,id,lang,name,text\ncard,invader,de,Eindringling Neu,\n", encoding="utf-8")
    res = CliRunner().invoke(app, ["import", "translations", str(csv), "--db", db])
    assert res.exit_code == 0, res.output
    again = build_site(site, None, "/", db, search=False)
    assert first.pages - 200 < again.reused < same.reused  # the pages naming the card are rendered again
    assert (site / "sw.js").read_text(encoding="utf-8") != sw  # a new build id: the service worker's cache goes
    build_site(full, None, "/", db, search=False, incremental=False)
    a, b = _tree(site), _tree(full)
    assert sorted(a) == sorted(b)
    assert [k for k in a if a[k] != b[k]] == []  # byte-identical, marker and sw.js (build id) included
    assert "Eindringling Neu" in (site / "de" / "factions" / "aliens" / "index.html").read_text(encoding="utf-8")
    assert "Eindringling Neu" in (site / "de" / "cards" / "invader" / "index.html").read_text(encoding="utf-8")
    assert "Eindringling Neu" in (site / "assets" / "search-de.json").read_text(encoding="utf-8")


def test_a_changed_old_page_is_rendered_again(tmp_path):
    """A page of the previous site edited by hand (another size) is not trusted: it is rendered."""
    db = make_db(tmp_path / "cat.db")
    site = tmp_path / "site"
    build_site(site, "en", "/", db, search=False)
    page = site / "en" / "cards" / "invader" / "index.html"
    good = page.read_bytes()
    page.write_bytes(good + b"<!-- edited -->")
    build_site(site, "en", "/", db, search=False)
    assert page.read_bytes() == good
