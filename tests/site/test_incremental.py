"""Rebuilds that render only what changed (issue 22): same bytes as a full build, most pages reused."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from helpers import make_db
from smashup_db.cli import app
from smashup_db.site import build_site
from smashup_db.site.pagefind import FACTION_BUNDLES, bundle_of, bundles, find_pagefind, indexed


def _tree(root: Path) -> dict[str, bytes]:
    return {
        p.relative_to(root).as_posix(): p.read_bytes()
        for p in sorted(root.rglob("*"))
        if p.is_file()
    }


@pytest.mark.long
def test_rebuild_after_one_translation_is_a_full_build(tmp_path):
    db = make_db(tmp_path / "cat.db")
    site, full = tmp_path / "site", tmp_path / "full"
    first = build_site(site, None, "/", db, search=False)
    assert first.reused == 0
    sw = (site / "sw.js").read_text(encoding="utf-8")
    same = build_site(
        site, None, "/", db, search=False
    )  # nothing changed: only the always-rendered pages
    assert same.reused >= first.pages - 40
    assert (site / "sw.js").read_text(
        encoding="utf-8"
    ) == sw  # the same build id: visitors keep their cache
    csv = tmp_path / "one.csv"
    csv.write_text("kind,id,lang,name,text\ncard,invader,de,Eindringling Neu,\n", encoding="utf-8")
    res = CliRunner().invoke(app, ["import", "translations", str(csv), "--db", db])
    assert res.exit_code == 0, res.output
    again = build_site(site, None, "/", db, search=False)
    assert (
        first.pages - 200 < again.reused < same.reused
    )  # the pages naming the card are rendered again
    assert (site / "sw.js").read_text(
        encoding="utf-8"
    ) != sw  # a new build id: the service worker's cache goes
    build_site(full, None, "/", db, search=False, incremental=False)
    a, b = _tree(site), _tree(full)
    assert sorted(a) == sorted(b)
    assert [
        k for k in a if a[k] != b[k]
    ] == []  # byte-identical, marker and sw.js (build id) included
    assert "Eindringling Neu" in (site / "de" / "factions" / "aliens" / "index.html").read_text(
        encoding="utf-8"
    )
    assert "Eindringling Neu" in (site / "de" / "cards" / "invader" / "index.html").read_text(
        encoding="utf-8"
    )
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


def _inode(path: Path) -> int:
    return path.stat().st_ino


def test_a_german_change_renders_no_english_page(tmp_path):
    """A page's inputs are per language: a German name changed leaves every English page as it was (linked)."""
    db = make_db(tmp_path / "cat.db")
    site = tmp_path / "site"
    build_site(site, None, "/", db, search=False)
    english = sorted(p for p in (site / "en").rglob("index.html") if "translations" not in p.parts)
    before = {p: _inode(p) for p in english}
    german = site / "de" / "factions" / "aliens" / "index.html"
    german_before = _inode(german)
    csv = tmp_path / "one.csv"
    csv.write_text("kind,id,lang,name,text\ncard,invader,de,Eindringling Neu,\n", encoding="utf-8")
    assert CliRunner().invoke(app, ["import", "translations", str(csv), "--db", db]).exit_code == 0
    build_site(site, None, "/", db, search=False)
    assert len(english) > 1500
    assert [
        p for p in english if _inode(p) != before[p]
    ] == []  # hard links to the previous build's files
    assert _inode(german) != german_before  # the German faction page names the card: rendered anew


@pytest.mark.long
def test_a_box_recorded_in_the_collection_renders_what_it_changes(tmp_path):
    """The printing a recorded box makes the pages show is an input of every page (issue 20's one rule):
    a rebuild after ``collection add`` has the bytes of a full build."""
    db = make_db(tmp_path / "cat.db")
    site, full = tmp_path / "site", tmp_path / "full"
    build_site(site, None, "/", db, search=False)
    page = site / "en" / "bases" / "field-of-honor" / "index.html"
    assert "16" in page.read_text(encoding="utf-8")  # current printing: breakpoint 16, VP 3/1/1
    res = CliRunner().invoke(
        app, ["collection", "add", "Awesome Level 9000", "--printing", "original", "--db", db]
    )
    assert res.exit_code == 0, res.output
    build_site(site, None, "/", db, search=False)
    build_site(full, None, "/", db, search=False, incremental=False)
    a, b = _tree(site), _tree(full)
    assert sorted(a) == sorted(b)
    assert [k for k in a if a[k] != b[k]] == []
    assert "<dd>18</dd>" in page.read_text(
        encoding="utf-8"
    )  # the original printing owned: 18 · 3/2/1


def _fragments(bundle: Path) -> str:
    """The text of every page a Pagefind bundle holds (its fragments are gzip'd JSON after a signature)."""
    import gzip

    return "\n".join(
        gzip.decompress(p.read_bytes()).decode("utf-8", "replace")
        for p in (bundle / "fragment").iterdir()
    )


@pytest.mark.skipif(
    find_pagefind() is None, reason="pagefind binary missing (pip install 'pagefind[extended]')"
)
def test_pagefind_indexes_again_only_the_bundle_whose_pages_changed(tmp_path):
    db = make_db(tmp_path / "cat.db")
    site = tmp_path / "site"
    first = build_site(site, None, "/", db, search=True)
    factions = sorted(
        p.name for p in (site / "en" / "factions").iterdir() if (p / "index.html").is_file()
    )
    entries = {}
    for lang in (
        "en",
        "de",
    ):  # Pagefind is given exactly the pages that ask to be indexed, each in one bundle
        pages = [p.relative_to(site).as_posix() for p in (site / lang).rglob("index.html")]
        body = [
            rel for rel in pages if "data-pagefind-body" in (site / rel).read_text(encoding="utf-8")
        ]
        assert len(body) > 100 and all(indexed(rel, lang) for rel in body)
        names = [b.name for b in bundles(lang, factions)]
        assert names[0] == lang and len(names) == 1 + FACTION_BUNDLES
        assert sorted(
            p.name for p in (site / "pagefind").iterdir() if p.name.split("-")[0] == lang
        ) == sorted(names)
        counts = {}
        for name in names:
            entries[name] = site / "pagefind" / name / "pagefind-entry.json"
            entry = json.loads(entries[name].read_text(encoding="utf-8"))
            assert list(entry["languages"]) == [lang]
            counts[name] = entry["languages"][lang]["page_count"]
        assert counts == {name: sum(bundle_of(rel, lang) == name for rel in body) for name in names}
        assert (
            sum(counts.values()) == len(body) and min(counts.values()) > 20
        )  # every bundle holds its share
    assert "en, de" in str(first.search_note) or "de, en" in str(first.search_note)
    before = {name: _inode(path) for name, path in entries.items()}
    csv = tmp_path / "one.csv"
    csv.write_text("kind,id,lang,name,text\ncard,invader,de,Eindringling Neu,\n", encoding="utf-8")
    assert CliRunner().invoke(app, ["import", "translations", str(csv), "--db", db]).exit_code == 0
    again = build_site(site, None, "/", db, search=True)
    changed = bundle_of(
        "de/factions/aliens/index.html", "de"
    )  # the only indexed page the new name is on
    # ... and the German page of the box that holds the card, whose translation progress counts it (its
    # section is left out of Pagefind's index, so the name is in the faction's bundle only)
    assert {name for name, path in entries.items() if _inode(path) != before[name]} == {
        changed,
        "de",
    }
    assert "the index of en was unchanged" in str(again.search_note)
    assert "Eindringling Neu" in _fragments(
        site / "pagefind" / changed
    )  # the German faction page, as it is now
    assert not any(
        "Eindringling Neu" in _fragments(site / "pagefind" / name)
        for name in entries
        if name != changed
    )
    marker = json.loads((site / ".smashup-site").read_text(encoding="utf-8"))
    listed = {rel for rel in marker["files"] if rel.startswith("pagefind/")}
    on_disk = {
        p.relative_to(site).as_posix() for p in (site / "pagefind").rglob("*") if p.is_file()
    }
    assert listed == on_disk  # the next build may remove exactly what this one wrote


def test_a_bundle_record_naming_a_path_outside_the_bundle_is_not_followed(tmp_path):
    """The records are read back from the cache folder: a path in them that leaves ``pagefind/`` is refused."""
    from smashup_db.site.pagefind import reuse_bundle

    old, new = tmp_path / "old", tmp_path / "new"
    (old / "pagefind" / "en").mkdir(parents=True)
    (old / "pagefind" / "en" / "a.pf").write_bytes(b"x")
    (tmp_path / "secret").write_bytes(b"y")
    new.mkdir()
    assert reuse_bundle(old, new, {"pagefind/en/a.pf": 1})
    assert (new / "pagefind" / "en" / "a.pf").read_bytes() == b"x"
    for bad in ("pagefind/en/../../secret", "../secret", "/etc/passwd", "pagefind//a"):
        assert not reuse_bundle(old, tmp_path / "other", {bad: 1})
    assert not (tmp_path / "other").exists()


@pytest.mark.long
def test_damaged_records_only_cost_a_full_render(tmp_path):
    """The records are a cache: keys or pages of another shape make the pages rendered, never a failed build."""
    from smashup_db.site.incremental import PageCache

    db = make_db(tmp_path / "cat.db")
    site, full = tmp_path / "site", tmp_path / "full"
    build_site(site, "en", "/", db, search=False)
    record = PageCache.record_file(site)
    doc = json.loads(record.read_text(encoding="utf-8"))
    doc["things"] = {
        "no-separator": 1,
        "card\0invader\0x\0en": None,
        **{k: 0 for k in list(doc["things"])[:50]},
    }
    first = next(iter(doc["pages"]))
    doc["pages"][first] = [doc["pages"][first][0], "big", None, [["not", "a", "string"]]]
    record.write_text(json.dumps(doc), encoding="utf-8")
    again = build_site(site, "en", "/", db, search=False)
    build_site(full, "en", "/", db, search=False, incremental=False)
    assert again.reused < again.pages - 10  # the pages showing the damaged things were rendered
    a, b = _tree(site), _tree(full)
    assert sorted(a) == sorted(b) and [k for k in a if a[k] != b[k]] == []


def test_the_marker_lists_exactly_the_files_of_the_site(tmp_path):
    """The marker's file list (what the next build may replace) is the tree as it is, after a full build
    and after a rebuild that took most pages from the previous one."""
    db = make_db(tmp_path / "cat.db")
    site = tmp_path / "site"
    for _ in range(2):
        build_site(site, None, "/", db, search=False)
        marker = json.loads((site / ".smashup-site").read_text(encoding="utf-8"))
        on_disk = {
            p.relative_to(site).as_posix() for p in site.rglob("*") if p.is_file() or p.is_symlink()
        }
        assert set(marker["files"]) == on_disk - {".smashup-site"}
        assert len(on_disk) > 3000
