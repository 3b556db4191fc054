"""Hostile values on the published site and a hostile place to build it (issue 15), without a browser.

Markup and formulas already stored in the database (as a database from before the import checks may
hold them) stay inert in the pages, the Pagefind metadata and the downloads; the build never writes
outside its output folder, replaces a foreign file or a link, or ignores the umask. The browser part of
the XSS item is tests/site/test_hostile_browser.py; the import side tests/importer/test_hostile_import.py.
"""

from __future__ import annotations

import csv
import io
import json
import os
import stat
import subprocess
import sys
from pathlib import Path

import pytest

from helpers import XSS, make_db, one_line_error, set_name

# =========================================================================== stored XSS


def test_stored_xss_pagefind_filters_are_inert(cli, db_path, tmp_path):
    """Even a hostile name already in the database reaches no Pagefind filter or metadata as markup."""
    from smashup_db.site import build_site

    assert cli("stats").exit_code == 0
    set_name(db_path, "faction", "aliens", "en", f"Aliens{XSS}")
    set_name(db_path, "product", "core-set", "en", f"Core{XSS}")
    set_name(db_path, "base", "the-homeworld", "en", f"Home{XSS}")
    out = tmp_path / "site"
    build_site(out, "en", "/", db_path, search=False)
    pages = [
        out / "en/factions/aliens/index.html",
        out / "en/cards/collector/index.html",
        out / "en/products/core-set/index.html",
        out / "en/bases/the-homeworld/index.html",
    ]
    import re

    for page in pages:
        html = page.read_text(encoding="utf-8")
        assert XSS not in html
        for attr in re.findall(r'data-pagefind-(?:filter|meta)="([^"]*)"', html):
            assert "&lt;" not in attr and "<" not in attr, (page, attr)
        titles = re.findall(r'data-pagefind-meta="title">([^<]*)<', html)
        if page.parts[-3] in (
            "cards",
            "bases",
        ):  # not in Pagefind's index: the search page's own index has them
            assert not re.search(r"data-pagefind-(?:body|meta|filter)", html), page
            continue
        assert len(titles) == 1 and "&lt;" not in titles[0], (page, titles)
        assert "‹img src=x onerror=alert(1)›" in titles[0], (
            page,
            titles,
        )  # the faction and product carry one
    faction = pages[0].read_text(encoding="utf-8")
    assert 'data-pagefind-filter="faction:Aliens‹img src=x onerror=alert(1)›"' in faction
    assert "Aliens&lt;img src=x onerror=alert(1)&gt;" in faction  # the visible name is escaped HTML


# =========================================================================== CSV formula injection


def test_csv_formula_injection_site_downloads(cli, db_path, tmp_path):
    from smashup_db.site import build_site

    assert cli("stats").exit_code == 0
    set_name(db_path, "faction", "aliens", "en", "=1+1")
    set_name(db_path, "card", "collector", "en", "@SUM(A1)")
    set_name(db_path, "product", "core-set", "en", "-2+3")
    set_name(db_path, "base", "the-homeworld", "en", "+cmd|' /C calc'!A0")
    build_site(tmp_path / "site", "en", "/", db_path, search=False)
    seen = {}
    for name in ("cards", "bases", "factions", "products"):
        text = (tmp_path / "site" / "data" / f"{name}.csv").read_text(encoding="utf-8")
        for row in csv.DictReader(io.StringIO(text)):
            for key, value in row.items():
                assert not (value and value[0] in "=+-@\t\r"), (name, key, value)
            seen[row["id"]] = row["name_en"]
    assert seen["aliens"] == "'=1+1" and seen["collector"] == "'@SUM(A1)"
    assert seen["core-set"] == "'-2+3" and seen["the-homeworld"].startswith("'+cmd")
    doc = json.loads((tmp_path / "site" / "data" / "factions.json").read_text(encoding="utf-8"))
    assert any(f["name_en"] == "=1+1" for f in doc["factions"])  # JSON keeps the value as it is


# =========================================================================== site build output


@pytest.fixture
def site_db(tmp_path) -> Path:
    """A fresh catalogue database of this test's own."""
    return Path(make_db(tmp_path / "cat.db"))


@pytest.mark.long
def test_site_build_refuses_database_inside_out(site_db, tmp_path, smashup_cli):
    out = tmp_path / "pub"
    assert (
        smashup_cli(
            "site", "build", "--out", str(out), "--no-search", "--db", str(site_db)
        ).exit_code
        == 0
    )
    from smashup_db.compiler.bootstrap import open_reader

    inside = out / "collection.db"  # e.g. --out pointed at the folder the collection lives in
    open_reader(str(inside)).close()
    res = smashup_cli("site", "build", "--out", str(out), "--no-search", "--db", str(inside))
    one_line_error(res, "the database", "inside the output folder", "choose another --out")
    assert inside.is_file() and (out / "en" / "index.html").is_file()


@pytest.mark.long
def test_site_build_refuses_foreign_files(site_db, tmp_path, smashup_cli):
    out = tmp_path / "pub"
    args = ["site", "build", "--out", str(out), "--no-search", "--db", str(site_db)]
    assert smashup_cli(*args).exit_code == 0
    assert smashup_cli(*args).exit_code == 0  # a rebuild over its own files is fine
    (out / "en" / "notes.txt").write_text("mine", encoding="utf-8")
    marker = (out / ".smashup-site").read_bytes()
    # told after the pages are made (the check reads the whole old site beside them), before anything is replaced
    one_line_error(smashup_cli(*args), "en/notes.txt", "not written by a site build", "move")
    assert (out / "en" / "notes.txt").read_text(encoding="utf-8") == "mine"
    assert (out / ".smashup-site").read_bytes() == marker and (out / "en" / "index.html").is_file()
    assert not [
        p.name for p in tmp_path.iterdir() if p.name.startswith(".pub.build-")
    ]  # the refused build's folder


def test_site_build_symlinked_out_keeps_link(site_db, tmp_path):
    from smashup_db.site import build_site

    target = tmp_path / "real"
    link = tmp_path / "www"
    link.symlink_to(target, target_is_directory=True)
    res = build_site(link, "en", "/", str(site_db), search=False)
    assert link.is_symlink() and os.readlink(link) == str(target)
    assert (target / "en" / "index.html").is_file() and res.out == target
    first = (target / ".smashup-site").stat().st_mtime_ns
    build_site(
        link, "en", "/", str(site_db), search=False
    )  # again: the link stays, the target is new
    assert link.is_symlink() and (target / ".smashup-site").stat().st_mtime_ns != first


def test_site_build_respects_umask(site_db, tmp_path):
    from smashup_db.site import build_site

    old = os.umask(0o022)
    try:
        build_site(tmp_path / "site", "en", "/", str(site_db), search=False)
    finally:
        os.umask(old)
    mode = stat.S_IMODE((tmp_path / "site").stat().st_mode)
    assert mode == 0o755, oct(mode)


def test_site_build_removes_stale_temp_folders(site_db, tmp_path):
    import json

    from smashup_db.site import build_site
    from smashup_db.site.outdir import TEMP_MARKER

    dead = subprocess.Popen([sys.executable, "-c", "pass"])
    dead.wait()
    stale = [
        tmp_path / f".site.build-{dead.pid}-abcd1234",
        tmp_path / f".site.old-{dead.pid}-ef567890",
    ]
    for folder in stale:  # left by a killed build: they carry its ownership file
        (folder / "en").mkdir(parents=True)
        (folder / "en" / "index.html").write_text("half", encoding="utf-8")
        (folder / TEMP_MARKER).write_text(
            json.dumps({"pid": dead.pid, "kind": "build"}), encoding="utf-8"
        )
    running = tmp_path / f".site.build-{os.getppid()}-00000000"  # a build of a live process: kept
    running.mkdir()
    (running / TEMP_MARKER).write_text(
        json.dumps({"pid": os.getppid(), "kind": "build"}), encoding="utf-8"
    )
    unmarked = (
        tmp_path / ".site.build-k3j_x9qz"
    )  # named like a temp folder, but not marked as one: kept
    unmarked.mkdir()
    other = tmp_path / ".other.build-k3j_x9qz"  # another output folder's: kept
    other.mkdir()
    build_site(tmp_path / "site", "en", "/", str(site_db), search=False)
    assert not any(f.exists() for f in stale)
    assert running.is_dir() and other.is_dir() and unmarked.is_dir()
    assert sorted(p.name for p in tmp_path.iterdir() if p.name.startswith(".site.")) == sorted(
        [running.name, unmarked.name]
    )


def test_site_build_unwritable_out_one_line(site_db, tmp_path, smashup_cli):
    res = smashup_cli("site", "build", "--out", "/sys/x", "--no-search", "--db", str(site_db))
    one_line_error(res, "/sys/x")


@pytest.mark.parametrize("port", ["99999", "-1"])
def test_site_serve_bad_port_one_line(site_db, tmp_path, port, smashup_cli):
    from smashup_db.site import build_site

    build_site(tmp_path / "site", "en", "/", str(site_db), search=False)
    res = smashup_cli("site", "serve", "--port", port, "--dir", str(tmp_path / "site"))
    one_line_error(res, port)
