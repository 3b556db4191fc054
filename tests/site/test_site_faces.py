"""Card faces on the site (issue 22): card and base pages show the picture imported with ``smashup import
images``, faction and product pages small faces, faction pages each card's text; a site without images has
no broken image link.

The site with pictures is built once for the module from the shared copy of the archive's ``card-art``
folder (../shared/data; skipped without it). The browser part needs Chromium and Playwright.
"""

from __future__ import annotations

import html
import json
import random
import re
from pathlib import Path

import pytest

from helpers import ARCHIVE, has_archive, import_archive_text, missing_shared, needs_chromium

ART = ARCHIVE / "card-art"
IMG = re.compile(r"<img\b[^>]*>")
ATTR = re.compile(r'(\w[\w-]*)="([^"]*)"')
FACE = re.compile(r'<figure class="face"[^>]*>(<img\b[^>]*>)</figure>')
TITLE = re.compile(
    r"<title>(.*) · [^<·]*</title>"
)  # the page's name, then " · " and the site's name


def attrs(tag: str) -> dict[str, str]:
    return {k: html.unescape(v) for k, v in ATTR.findall(tag)}


@pytest.fixture(scope="module")
def faces_site(site_build, tmp_path_factory, smashup_cli):
    """The whole site (en + de) with the card archive's text and pictures imported; ``(site, index)``.

    Import and build share an empty thumbnail cache of their own: the import makes every thumbnail, the
    build that follows makes none (``Faces.stats["thumbs_made"] == 0``), a second import makes none."""
    why = missing_shared("card-archive", "card-art")
    if why or not has_archive():
        pytest.skip(
            why or missing_shared("card-archive", "smashup-catalog.json") or "no card archive"
        )
    from smashup_db.site import build as build_mod

    used = []

    def recording(*args, **kwargs):
        used.append(real_load(*args, **kwargs))
        return used[-1]

    def prepare(db: str) -> None:
        from smashup_db.importer.images import import_images

        assert import_archive_text(smashup_cli, db)
        report = import_images(db, str(ART))
        assert report.matched > 1500
        assert report.thumbnails["made"] == report.matched and report.thumbnails["not_made"] == 0

    real_load = build_mod.load_faces
    with pytest.MonkeyPatch.context() as mp:
        mp.setenv("XDG_CACHE_HOME", str(tmp_path_factory.mktemp("faces-cache")))
        mp.setattr(build_mod, "load_faces", recording)
        built = site_build("faces", prepare=prepare)
        from smashup_db.importer.images import images_dir, import_images, read_index

        # built here, not earlier in the session (test_site_views_browser.py builds the same site with
        # another thumbnail cache): the build after the import made no thumbnail, a second import none
        if used:
            assert used[0].stats["thumbs_made"] == 0
            assert used[0].stats["thumbs_cached"] == used[0].stats["pictures"] > 1500
            again = import_images(built.db, str(ART))
            assert (
                again.changes == 0
                and again.thumbnails["made"] == 0
                and again.thumbnails["cached"] > 1500
            )
    assert built.result.faces > 1500
    return built.folder, read_index(images_dir(built.db))


def page(site: Path, lang: str, kind: str, ref: str) -> str:
    return (site / lang / f"{kind}s" / ref / "index.html").read_text(encoding="utf-8")


def broken_images(site: Path) -> list[str]:
    """``page: src`` of every <img> of every page whose file is not in the site."""
    broken = []
    for p in site.rglob("*.html"):
        if "pagefind" in p.parts:
            continue
        for tag in IMG.findall(p.read_text(encoding="utf-8")):
            src = attrs(tag).get("src", "")
            if src.startswith("data:"):
                continue
            target = (site / src.lstrip("/")) if src.startswith("/") else (p.parent / src)
            if not target.resolve().is_file():
                broken.append(f"{p.relative_to(site)}: {src}")
    return broken


@pytest.mark.long
def test_card_and_base_pages_show_their_face(faces_site):
    """Every imported picture shows on its page in both languages: width/height set, alt = the name in the
    page's language, lazy-loaded, the file in the site (and byte-identical to the stored picture)."""
    site, index = faces_site
    assert len(index) > 1500
    for key in index:
        kind, ref = key.split("/")
        for lang in ("en", "de"):
            text = page(site, lang, kind, ref)
            found = FACE.search(text)
            assert found, (key, lang)
            a = attrs(found.group(1))
            assert (int(a["width"]), int(a["height"])) == (
                index[key]["width"],
                index[key]["height"],
            )
            assert a["loading"] == "lazy"
            assert a["alt"] == html.unescape(TITLE.search(text).group(1)).strip(), (key, lang)
            assert (site / a["src"].lstrip("/")).is_file()
    # German page of a card with a German name: alt in German
    de = page(site, "de", "card", "cesium-armor")
    assert 'alt="Cäsiumrüstung"' in de or "Cäsium" in attrs(FACE.search(de).group(1))["alt"]


@pytest.mark.long
def test_faction_pages_list_text_thumbs_power_and_copies(faces_site):
    """A faction's deck is one card per row: small face, name, a line of type, copies and power, the text;
    each row names its full face (data-face) for the image view."""
    site, index = faces_site
    text = (site / "en" / "factions" / "aliens" / "index.html").read_text(encoding="utf-8")
    deck = re.search(r'<ul class="tiles deck"[^>]*>(.*?)</ul>', text, re.S)
    rows = re.findall(r"<li[ >](.*?)</li>", deck.group(1), re.S)
    assert len(rows) >= 10 and all('class="thumb"' in r for r in rows)
    invader = next(r for r in rows if "/en/cards/invader/" in r)
    assert "Gain 1 VP" in invader
    meta = re.search(r'<span class="tile-meta">(.*?)</span>', invader, re.S).group(1)
    assert "×2" in meta and "Power 3" in meta  # copies, power beside the name and text
    thumb = attrs(IMG.search(invader).group(0))
    assert int(thumb["width"]) <= 60 and int(thumb["height"]) <= 70 and thumb["loading"] == "lazy"
    assert (site / thumb["src"].lstrip("/")).is_file()
    tail = re.search(r'data-face="([^"]+)"', invader).group(1)
    assert (site / "assets" / "faces" / "card" / ("invader" + tail)).is_file()
    de = (site / "de" / "factions" / "aliens" / "index.html").read_text(encoding="utf-8")
    assert de.count('class="dtext"') >= 10


@pytest.mark.long
def test_product_page_small_faces(faces_site):
    """A product's bases are listed with small faces, and name their full faces for the image view."""
    site, _ = faces_site
    text = (site / "en" / "products" / "core-set" / "index.html").read_text(encoding="utf-8")
    tiles = re.findall(r'<ul class="tiles"[^>]*>(.*?)</ul>', text, re.S)
    bases = tiles[-1]
    assert len(IMG.findall(bases)) >= 8 and bases.count("data-face=") >= 8
    faces = json.loads((site / "assets" / "faces.json").read_text(encoding="utf-8"))
    assert len(faces["card"]) + len(faces["base"]) == len(index_of(site))


def index_of(site: Path) -> list[Path]:
    return [
        p
        for p in (site / "assets" / "faces").rglob("*")
        if p.is_file() and not p.name.endswith(("-s.webp", "-t.webp"))  # thumbnails, tiny faces
    ]


@pytest.mark.long
def test_no_broken_image_link_with_or_without_images(faces_site, catalogue_site):
    site, _ = faces_site
    assert broken_images(site) == []
    plain = catalogue_site.folder
    assert broken_images(plain) == []
    assert not (plain / "assets" / "faces").exists()
    card = (plain / "en" / "cards" / "invader" / "index.html").read_text(encoding="utf-8")
    assert 'class="face"' not in card and 'class="thumb"' not in card


def test_thumbnails_are_cached_and_damaged_pictures_left_out(tmp_path, monkeypatch):
    """A second build makes no thumbnail (user cache folder); a stored picture altered since the import is
    left out of the site (no link to it), the others stay."""
    from PIL import Image

    from smashup_db.importer.images import INDEX
    from smashup_db.site.faces import Faces

    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))
    folder = tmp_path / "images"
    (folder / "card").mkdir(parents=True)
    index = {}
    for i, ref in enumerate(("invader", "scout", "collector")):
        path = folder / "card" / f"{ref}.webp"
        Image.new("RGB", (375, 525), (50 * i, 10, 10)).save(path, "WEBP")
        import hashlib

        data = path.read_bytes()
        index[f"card/{ref}"] = {
            "file": f"card/{ref}.webp",
            "width": 375,
            "height": 525,
            "size": len(data),
            "sha256": hashlib.sha256(data).hexdigest(),
            "source": "test",
        }
    (folder / INDEX).write_text(json.dumps({"version": 1, "images": index}))
    first = Faces(str(folder), index)
    first.write(tmp_path / "site1")
    assert first.stats["thumbs_made"] == 3 and first.stats["pictures"] == 3
    second = Faces(str(folder), index)
    second.write(tmp_path / "site2")
    assert second.stats["thumbs_made"] == 0 and second.stats["thumbs_cached"] == 3
    assert list((tmp_path / "cache" / "smashup-db" / "thumbs").glob("*.webp"))
    with (folder / "card" / "scout.webp").open("ab") as fh:
        fh.write(b"tampered")
    third = Faces(str(folder), index)
    third.write(tmp_path / "site3")
    assert third.face("card", "scout") is None and third.thumb("card", "scout") is None
    assert third.face("card", "invader")["width"] == 375 and third.stats["skipped"] == 1
    assert not list((tmp_path / "site3" / "assets" / "faces" / "card").glob("scout-*"))


def test_build_makes_missing_thumbnails_side_by_side(tmp_path, monkeypatch):
    """With an emptied cache the build makes the thumbnails itself, on several threads (the importer's
    fill_cache), counted as made; the files are the recipe's bytes."""
    import hashlib

    from PIL import Image

    from smashup_db.importer import thumbs
    from smashup_db.site.faces import Faces

    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))
    monkeypatch.setattr(thumbs, "_workers", lambda: 2)
    folder = tmp_path / "images"
    (folder / "card").mkdir(parents=True)
    index = {}
    for i in range(12):
        path = folder / "card" / f"c{i}.webp"
        Image.new("RGB", (375, 525), (i * 8, 40, 90)).save(path, "WEBP")
        data = path.read_bytes()
        index[f"card/c{i}"] = {
            "file": f"card/c{i}.webp",
            "width": 375,
            "height": 525,
            "size": len(data),
            "sha256": hashlib.sha256(data).hexdigest(),
            "source": "test",
        }
    first = Faces(str(folder), index)
    first.write(tmp_path / "site1")
    assert first.stats["thumbs_made"] == len(index) and first.stats["thumbs_cached"] == 0
    shown = tmp_path / "site1" / first.thumb("card", "c3")["url"].lstrip("/")
    assert shown.read_bytes() == thumbs.render_thumbnail(
        str(folder / "card" / "c3.webp"), thumbs.thumb_size(375, 525)
    )
    second = Faces(str(folder), index)
    second.write(tmp_path / "site2")
    assert second.stats["thumbs_made"] == 0 and second.stats["thumbs_cached"] == len(index)


def test_home_strips_show_a_face_per_faction(tmp_path, monkeypatch):
    """A box tile's strip holds the tiny face of each of its factions, in their order, with transparent gaps
    (a box of bases only: its base); the strip comes from the cache in the next build, and other faces or
    another order make another file."""
    import hashlib

    from PIL import Image

    from smashup_db.importer import thumbs
    from smashup_db.site import faces as faces_mod
    from smashup_db.site.faces import Faces

    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))
    folder = tmp_path / "images"
    colours = {"c0": (200, 30, 30), "c1": (30, 200, 30), "c2": (30, 30, 200), "b0": (220, 220, 40)}
    index = {}
    for ref, colour in colours.items():
        kind, size = ("base", (525, 375)) if ref == "b0" else ("card", (375, 525))
        (folder / kind).mkdir(parents=True, exist_ok=True)
        path = folder / kind / f"{ref}.webp"
        Image.new("RGB", size, colour).save(path, "WEBP")
        data = path.read_bytes()
        index[f"{kind}/{ref}"] = {
            "file": f"{kind}/{ref}.webp",
            "width": size[0],
            "height": size[1],
            "size": len(data),
            "sha256": hashlib.sha256(data).hexdigest(),
            "source": "test",
        }
    tiles = {
        "box": [("card", "c2"), ("card", "c0"), ("card", "c1")],
        "bases": [("base", "b0")],
        "unseen": [("card", "not-imported")],
    }
    first = Faces(str(folder), index)
    first.write(tmp_path / "site1")
    first.write_strips(tmp_path / "site1", tiles)
    assert first.box_strip("unseen") is None
    card = thumbs.thumb_size(375, 525, thumbs.TINY_BOX)
    assert card == (26, 36) and thumbs.thumb_size(525, 375, thumbs.TINY_BOX) == (50, 36)
    box = first.box_strip("box")
    assert (box["width"], box["height"], box["faces"]) == (3 * 26 + 2 * thumbs.TINY_GAP, 36, 3)
    assert (first.box_strip("bases")["width"], first.box_strip("bases")["faces"]) == (50, 1)
    made = tmp_path / "site1" / box["url"].lstrip("/")
    assert made.parent.name == "product" and made.name.endswith("-t.webp")
    with Image.open(made) as img:
        strip = img.convert("RGBA")
    assert strip.size == (box["width"], box["height"])
    for n, ref in enumerate(("c2", "c0", "c1")):  # the faces in the order given
        pixel = strip.getpixel((n * (26 + thumbs.TINY_GAP) + 13, 18))
        assert all(abs(a - b) < 40 for a, b in zip(pixel[:3], colours[ref], strict=True)), (
            ref,
            pixel,
        )
        assert pixel[3] == 255
    assert strip.getpixel((26, 18))[3] == 0  # a gap
    monkeypatch.setattr(faces_mod, "render_strip", lambda *a: pytest.fail("not from the cache"))
    second = Faces(str(folder), index)
    second.write(tmp_path / "site2")
    second.write_strips(tmp_path / "site2", tiles)
    assert second.box_strip("box") == box
    assert (tmp_path / "site2" / box["url"].lstrip("/")).read_bytes() == made.read_bytes()
    monkeypatch.undo()
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))
    third = Faces(str(folder), index)
    third.write(tmp_path / "site3")
    third.write_strips(
        tmp_path / "site3", {"box": [("card", "c0"), ("card", "c1"), ("card", "c2")]}
    )
    assert third.box_strip("box")["url"] != box["url"]


def test_tile_faces_a_face_per_faction():
    """The faces of each box tile: the lead picture of each of its factions that has one, in their order; a
    box of bases only: its own lead (a base); a box none of whose factions has a picture: none."""
    from types import SimpleNamespace

    from smashup_db.site.home import tile_faces

    data = SimpleNamespace(
        products={
            "core": {"factions": ["aliens", "ninjas", "robots"], "bases": ["b1"]},
            "kit": {"factions": [], "bases": ["b2"]},
            "bare": {"factions": ["geeks"], "bases": ["b3"]},
        }
    )
    leads = {
        ("faction", "aliens"): ("card", "invader"),
        ("faction", "robots"): ("card", "zapbot"),
        ("product", "core"): ("card", "invader"),
        ("product", "kit"): ("base", "b2"),
        ("product", "bare"): ("base", "b3"),
    }
    assert tile_faces(data, leads) == {
        "core": [("card", "invader"), ("card", "zapbot")],
        "kit": [("base", "b2")],
    }


@pytest.mark.long
def test_home_tiles_name_a_strip_per_box(faces_site):
    """The home page's box tiles (both languages) each name a strip of the tiny faces of the box's factions,
    in the site, of the size given; the strips are the only tiny faces (none in the faces index)."""
    from PIL import Image

    site, _ = faces_site
    for lang in ("en", "de"):
        text = (site / lang / "index.html").read_text(encoding="utf-8")
        tiles = re.findall(r"<li><a href=[^>]*/products/.*?</li>", text, re.S)
        assert len(tiles) >= 30
        faced = 0
        for tile in tiles:
            spot = re.search(r'<span class="bt-faces"([^>]*)>', tile)
            listed = re.search(r'<span class="bt-fac">(.*?)</span>', tile, re.S)
            if not spot:
                assert listed is None, tile  # every faction of the archive has a picture
                continue
            a = attrs(spot.group(1))
            if listed:
                assert int(a["data-faces"]) == len(listed.group(1).split(" · ")), tile
                faced += 1
            with Image.open(site / a["data-src"].lstrip("/")) as img:
                assert img.size == (int(a["data-w"]), int(a["data-h"]))
        assert faced >= 29
    strips = list((site / "assets" / "faces").rglob("*-t.webp"))
    assert strips and all(p.parent.name == "product" for p in strips)


# --------------------------------------------------------------------------- in Chromium


@pytest.fixture(scope="module")
def faces_url(faces_site, preview):
    return preview(faces_site[0])


SHOWN = """() => { const img = document.querySelector('figure.face img');
  if (!img) return null;
  img.scrollIntoView();
  return new Promise(done => { const check = () => img.complete ? done({w: img.naturalWidth, alt: img.alt,
      fits: document.documentElement.scrollWidth <= window.innerWidth}) : setTimeout(check, 20); check(); }); }"""


@pytest.mark.long
@needs_chromium
@pytest.mark.parametrize("viewport", [(390, 844), (1280, 800)], ids=["phone", "desktop"])
@pytest.mark.parametrize("lang", ["en", "de"])
def test_face_shows_in_chromium_on_100_sampled_pages(
    faces_site, faces_url, browser, viewport, lang
):
    """Issue 22 acceptance: after `import images` of the shared folder the card face shows (naturalWidth > 0)
    on 100 sampled card and base pages, at 390x844 and 1280x800, in both languages, without sideways scroll."""
    _, index = faces_site
    keys = sorted(index)
    sample = random.Random(22).sample(
        [k for k in keys if k.startswith("card/")], 80
    ) + random.Random(22).sample([k for k in keys if k.startswith("base/")], 20)
    ctx = browser.new_context(viewport={"width": viewport[0], "height": viewport[1]})
    pg = ctx.new_page()
    failed = []
    try:
        for key in sample:
            kind, ref = key.split("/")
            pg.goto(f"{faces_url}/{lang}/{kind}s/{ref}/", wait_until="domcontentloaded")
            shown = pg.evaluate(SHOWN)
            if not shown or shown["w"] <= 0 or not shown["alt"] or not shown["fits"]:
                failed.append((key, shown))
    finally:
        ctx.close()
    assert failed == []


@pytest.mark.long
@needs_chromium
def test_site_without_images_has_no_broken_image_in_chromium(catalogue_site, browser, preview):
    url = preview(catalogue_site.folder)
    pg = browser.new_page(viewport={"width": 390, "height": 844})
    try:
        for path in (
            "",
            "factions/aliens/",
            "cards/invader/",
            "bases/the-homeworld/",
            "products/core-set/",
        ):
            for lang in ("en", "de"):
                pg.goto(f"{url}/{lang}/{path}", wait_until="load")
                bad = pg.evaluate(
                    "() => [...document.images].filter(i => !i.complete || i.naturalWidth === 0)"
                    ".map(i => i.src)"
                )
                assert bad == [], (lang, path, bad)
                assert (
                    pg.evaluate("() => document.querySelectorAll('figure.face, img.thumb').length")
                    == 0
                )
    finally:
        pg.close()


def test_app_icons_are_drawn_once_and_then_taken_from_the_cache(tmp_path, monkeypatch):
    """The PNG icons of the manifest: drawn with Pillow into the cache folder on the first build and taken
    from it after that, with the same bytes; once the cache is emptied they are drawn again, alike."""
    from PIL import Image

    from smashup_db.site import local

    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))
    drawn = []
    real = local._draw_icon
    monkeypatch.setattr(local, "_draw_icon", lambda size: drawn.append(size) or real(size))
    sites = [tmp_path / f"site{i}" for i in range(3)]
    for i, site in enumerate(sites):
        if i == 2:
            for cached in (tmp_path / "cache").rglob("icon-*.png"):
                cached.unlink()
        (site / "assets").mkdir(parents=True)
        icons = local._icons(site)
        assert [i["src"] for i in icons] == ["assets/icon.svg"] + [
            f"assets/icon-{s}.png" for s in local.ICON_SIZES
        ]
    assert (
        drawn == list(local.ICON_SIZES) * 2
    )  # the first build and the one after the cache was emptied
    for size in local.ICON_SIZES:
        files = [(site / "assets" / f"icon-{size}.png").read_bytes() for site in sites]
        assert files[0] == files[1] == files[2]
        with Image.open(sites[1] / "assets" / f"icon-{size}.png") as img:
            assert img.format == "PNG" and img.size == (size, size)
