"""Publishing the site: Open Graph and Twitter card tags on every page, ``sitemap.xml`` with hreflang
alternates, ``robots.txt``, and ``site build --extra DIR`` (files such as a ``CNAME`` shipped as they are,
paths checked like every other output)."""

from __future__ import annotations

import html
import os
import re
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

from smashup_db.site.extra import copy_extra, read_extra
from smashup_db.site.paths import SiteError
from smashup_db.site.publish import robots_txt, sitemap_xml

META = re.compile(r'<meta (?:property|name)="((?:og|twitter):[a-z:_]+)" content="([^"]*)">')
NS = {"s": "http://www.sitemaps.org/schemas/sitemap/0.9", "x": "http://www.w3.org/1999/xhtml"}


def pages_of(site: Path) -> list[Path]:
    """Every HTML page of a built site (Pagefind's files aside)."""
    return sorted(
        p for p in site.rglob("*.html") if "pagefind" not in p.relative_to(site).parts[:1]
    )


def test_every_page_has_open_graph_tags(catalogue_site):
    """og:title, og:description and og:image (and the Twitter card's) on every page, none empty; the
    picture is a file of the site; a card page's description holds its facts."""
    site = catalogue_site.folder
    pages = pages_of(site)
    assert len(pages) > 3000
    missing = []
    images = set()
    for page in pages:
        tags = {k: html.unescape(v) for k, v in META.findall(page.read_text(encoding="utf-8"))}
        for key in ("og:title", "og:description", "og:image", "twitter:card", "twitter:image"):
            if not tags.get(key, "").strip():
                missing.append(f"{page.relative_to(site)}: {key}")
        images.add(tags.get("og:image", ""))
    assert not missing, missing[:10]
    for url in images:
        assert url.startswith("/assets/"), url
        assert (site / url.lstrip("/")).is_file(), url
    card = (site / "de" / "cards" / "laser-sword" / "index.html").read_text(encoding="utf-8")
    tags = dict(META.findall(card))
    assert "Aktion" in tags["og:description"] or "Kreatur" in tags["og:description"]
    assert tags["og:image"].endswith(".png")  # drawn from the facts: no picture imported here


def test_sitemap_lists_every_page_once_with_its_alternate(catalogue_site):
    """Every page of both language trees is in sitemap.xml exactly once, with an alternate for each
    language and x-default; nothing else is listed; robots.txt is written."""
    site = catalogue_site.folder
    tree = ET.parse(site / "sitemap.xml")
    locs = [u.find("s:loc", NS).text for u in tree.getroot().findall("s:url", NS)]
    assert len(locs) == len(set(locs))
    expected = {
        "/" + str(p.parent.relative_to(site)) + "/"
        for p in pages_of(site)
        if p.relative_to(site).parts[0] in ("en", "de") and p.name == "index.html"
    }
    assert set(locs) == expected
    for url in tree.getroot().findall("s:url", NS):
        alts = {a.get("hreflang"): a.get("href") for a in url.findall("x:link", NS)}
        loc = url.find("s:loc", NS).text
        assert set(alts) == {"en", "de", "x-default"}
        assert alts[loc.split("/")[1]] == loc
        assert alts["en"].replace("/en/", "/de/", 1) == alts["de"]
    assert (site / "robots.txt").read_text(encoding="utf-8").startswith("User-agent: *\n")


def test_sitemap_with_an_address_and_robots_naming_it():
    xml = sitemap_xml("https://example.org/su/", ["en", "de"], [(), ("cards", "a-b")])
    root = ET.fromstring(xml)
    locs = [u.find("s:loc", NS).text for u in root.findall("s:url", NS)]
    assert locs == [
        "https://example.org/su/en/",
        "https://example.org/su/de/",
        "https://example.org/su/en/cards/a-b/",
        "https://example.org/su/de/cards/a-b/",
    ]
    assert "Sitemap: https://example.org/su/sitemap.xml" in robots_txt("https://example.org/su/")
    assert "Sitemap" not in robots_txt("/su/")


def test_extra_files_are_read_and_copied_inside_the_site(tmp_path):
    extra = tmp_path / "extra"
    (extra / ".well-known").mkdir(parents=True)
    (extra / "CNAME").write_text("cards.example.org\n")
    (extra / ".nojekyll").write_text("")
    (extra / ".well-known" / "security.txt").write_text("x")
    files = read_extra(extra, ["en", "de"])
    assert sorted(files) == [".nojekyll", ".well-known/security.txt", "CNAME"]
    root = tmp_path / "site"
    root.mkdir()
    copy_extra(files, root)
    assert (root / "CNAME").read_text() == "cards.example.org\n"
    assert (root / ".well-known" / "security.txt").is_file()
    with pytest.raises(SiteError, match="written by the build"):
        copy_extra(files, root)  # the build wrote it already: never replaced


@pytest.mark.parametrize(
    "make",
    [
        lambda d: os.symlink("/etc/passwd", d / "CNAME"),
        lambda d: os.mkfifo(d / "pipe"),
        lambda d: (d / "index.html").write_text("x"),
        lambda d: (d / "en").mkdir(),
        lambda d: (d / "assets").mkdir(),
        lambda d: (d / "bad name").mkdir(),
        lambda d: (d / "..x").mkdir(),
    ],
    ids=["symlink", "fifo", "own-page", "language", "assets", "bad-folder", "dots"],
)
def test_extra_refuses_links_devices_and_the_builds_own_names(tmp_path, make):
    extra = tmp_path / "extra"
    extra.mkdir()
    make(extra)
    with pytest.raises(SiteError):
        read_extra(extra, ["en", "de"])


def test_extra_missing_folder_is_one_clear_error(tmp_path):
    with pytest.raises(SiteError, match="no such folder"):
        read_extra(tmp_path / "nope", ["en"])


@pytest.mark.long
def test_build_ships_a_cname_into_a_folder_that_holds_it(tmp_path, smashup_cli):
    """A GitHub Pages folder holding only its CNAME is built into when --extra provides it (and refused
    without); the CNAME, the sitemap and robots.txt are in the site and in its file list."""
    from helpers import make_db

    db = str(tmp_path / "cat.db")
    make_db(db)
    out = tmp_path / "docs"
    out.mkdir()
    (out / "CNAME").write_text("cards.example.org\n")
    extra = tmp_path / "static"
    extra.mkdir()
    (extra / "CNAME").write_text("cards.example.org\n")
    refused = smashup_cli(*["site", "build", "--out", str(out), "--db", db, "--no-search"])
    assert refused.exit_code != 0 and "not empty" in refused.output
    result = smashup_cli(
        *["site", "build", "--out", str(out), "--db", db, "--no-search", "--extra", str(extra)]
    )
    assert result.exit_code == 0, result.output
    assert (out / "CNAME").read_text() == "cards.example.org\n"
    assert (out / "sitemap.xml").is_file() and (out / "robots.txt").is_file()
    listed = (out / ".smashup-site").read_text()
    assert '"CNAME"' in listed and '"sitemap.xml"' in listed
    again = smashup_cli(
        *["site", "build", "--out", str(out), "--db", db, "--no-search", "--extra", str(extra)]
    )
    assert again.exit_code == 0, again.output


def test_extra_unreadable_folder_is_one_clear_error(tmp_path, monkeypatch):
    extra = tmp_path / "extra"
    (extra / "locked").mkdir(parents=True)
    real = os.scandir

    def scandir(path):
        if str(path).endswith("locked"):
            raise PermissionError(13, "Permission denied", str(path))
        return real(path)

    monkeypatch.setattr(os, "scandir", scandir)
    with pytest.raises(SiteError, match="cannot read .*locked: Permission denied"):
        read_extra(extra, ["en"])
