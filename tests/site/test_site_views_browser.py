"""Image views, the home grid and the small layout fixes in headless Chromium, at 390×844 and 1280×800, in
both languages, on the site built after ``import text`` and ``import images`` from the shared card archive
(../shared/data; skipped without it), and on the catalogue as shipped (no pictures: text tiles).

Search results, faction, product and base lists and the products and factions pages switch to a grid of faces (≥ 150 px wide on the
desktop) remembered per visitor; the phone deck is one card per row; the home shows the boxes as tiles with
faces; nothing is wider than 390 px; axe finds nothing serious; the search filters follow the query; a lone
letter is not highlighted; prev/next names are not greyed; the base page's text box stays beside its
picture; the German placeholder fits its field.
"""

from __future__ import annotations

import pytest

from helpers import ARCHIVE, has_archive, import_archive_text, missing_shared
from smashup_db.importer.thumbs import TINY_BOX

pytestmark = pytest.mark.long

PHONE = {"width": 390, "height": 844}
DESKTOP = {"width": 1280, "height": 800}
SIZES = {"phone": PHONE, "desktop": DESKTOP}
#: Pages with an image view (path under /<lang>/) and the fewest faces the first screen must show.
VIEW_PAGES = {
    "search": ("search/?q=f%3Aaliens", 4),
    "faction": ("factions/aliens/", 4),
    "product": ("products/core-set/", 4),
    "product-cards": ("products/core-set/cards/", 4),
    "bases": ("bases/", 2),
    "products-index": ("products/", 4),  # each box as the face of a card of its first faction
    "factions-index": ("factions/", 4),  # each faction as the face of its first card
}
#: Lists whose image view shows text tiles without pictures: (path, fewest tiles, what each tile's text holds).
TEXT_TILES = {
    "faction": ("factions/aliens/", 12, "×"),  # its 12 distinct cards (20 with copies)
    "products-index": ("products/", 30, "·"),
    "factions-index": ("factions/", 100, "·"),
}
#: The faces shown in the image view, loaded, with their width in CSS pixels.
#: Each box tile of the home page: its strip's faces and size, the factions it lists, where it is, whether its
#: strip is in the page (``img``) and loaded at the size it names (``loaded``).
STRIPS = """() => [...document.querySelectorAll('.boxtiles > li')].map(li => {
  const s = li.querySelector('.bt-faces'), f = li.querySelector('.bt-fac'), i = li.querySelector('.bt-faces img');
  return {faces: s ? +s.dataset.faces : 0, factions: f ? f.textContent.split(' · ').length : 0,
          w: s ? +s.dataset.w : 0, h: s ? +s.dataset.h : 0, top: li.getBoundingClientRect().top + scrollY,
          img: !!i, loaded: !!i && i.complete && i.naturalWidth === +s.dataset.w && i.naturalHeight === +s.dataset.h};
})"""
FACES = """() => [...document.querySelectorAll('.as-images img.tile-img')]
  .filter(i => { const r = i.getBoundingClientRect(); return r.top < innerHeight && r.bottom > 0; })
  .map(i => [i.complete && i.naturalWidth > 0, i.getBoundingClientRect().width])"""


@pytest.fixture(scope="module")
def pictures_site(site_build, smashup_cli, preview):
    """The address of the whole site (en + de) built after the archive's text and pictures were imported."""
    why = missing_shared("card-archive", "card-art")
    if why or not has_archive():
        pytest.skip(why or "no card archive")

    def prepare(db: str) -> None:
        from smashup_db.importer.images import import_images

        assert import_archive_text(smashup_cli, db)
        assert import_images(db, str(ARCHIVE / "card-art")).matched > 1500

    built = site_build("faces", prepare=prepare)  # the same site as test_site_faces.py's
    return preview(built.folder)


def open_page(browser, url: str, size: str, view: str | None = None):
    ctx = browser.new_context(viewport=SIZES[size])
    page = ctx.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.errors = errors
    if view:
        ctx.add_init_script(
            f"try {{ localStorage.setItem('smashup-view', '{view}'); }} catch (e) {{}}"
        )
    page.goto(url)
    page.wait_for_load_state("networkidle")
    return ctx, page


def axe_serious(page) -> list[str]:
    axe_mod = pytest.importorskip(
        "axe_playwright_python.sync_playwright", reason="axe-playwright-python not installed"
    )
    return [
        f"{v['id']}: {v['nodes'][0]['target']}"
        for v in axe_mod.Axe().run(page).response["violations"]
        if v["impact"] in ("serious", "critical")
    ]


@pytest.mark.parametrize("lang", ["en", "de"])
@pytest.mark.parametrize("size", ["phone", "desktop"])
def test_image_view_shows_faces(browser, pictures_site, lang, size):
    """The switch turns each list into a grid of loaded faces (≥ 150 px wide on the desktop), remembered
    for the next page; nothing is wider than the phone; axe finds nothing serious."""
    for name, (path, least) in VIEW_PAGES.items():
        ctx, page = open_page(browser, f"{pictures_site}/{lang}/{path}", size)
        try:
            page.click(".viewsw button[data-view=images]")
            page.wait_for_function(
                f"() => document.querySelectorAll('.as-images img.tile-img').length >= {least}"
            )
            page.evaluate("() => document.querySelector('.as-images').scrollIntoView()")
            page.wait_for_timeout(300)
            page.wait_for_load_state("networkidle")
            faces = page.evaluate(FACES)
            assert len(faces) >= least, (name, faces)
            assert all(ok for ok, _ in faces), name
            if size == "desktop":
                assert min(w for _, w in faces) >= 150, (name, faces)
            assert (
                page.evaluate("() => document.documentElement.scrollWidth") <= SIZES[size]["width"]
            )
            assert page.evaluate("() => localStorage.getItem('smashup-view')") == "images"
            assert page.get_attribute(".viewsw button[data-view=images]", "aria-pressed") == "true"
            assert not axe_serious(page), name
            assert not page.errors, page.errors
            page.reload()  # remembered
            page.wait_for_function("() => document.querySelector('.as-images') !== null")
        finally:
            ctx.close()


@pytest.mark.parametrize("lang", ["en", "de"])
def test_phone_deck_is_one_card_per_row(browser, pictures_site, lang):
    """In the list view a faction's deck is one card per row: face, name, a type · copies · power line, text."""
    ctx, page = open_page(browser, f"{pictures_site}/{lang}/factions/aliens/", "phone", "list")
    try:
        rows = page.evaluate("""() => [...document.querySelectorAll('ul.deck > li')].map(li => {
            const r = li.getBoundingClientRect();
            return {left: r.left, right: r.right, top: r.top, face: !!li.querySelector('img.thumb'),
                    meta: (li.querySelector('.tile-meta') || {}).textContent || '',
                    text: !!li.querySelector('.dtext')};
          })""")
        assert len(rows) == 12  # distinct cards (20 with copies)
        assert all(r["face"] and r["text"] and "×" in r["meta"] for r in rows)
        assert all(r["right"] <= PHONE["width"] for r in rows)
        tops = [r["top"] for r in rows]
        assert tops == sorted(tops) and len(set(tops)) == len(tops)  # one per row
        assert page.evaluate("() => document.documentElement.scrollWidth") <= PHONE["width"]
    finally:
        ctx.close()


@pytest.mark.parametrize("lang", ["en", "de"])
@pytest.mark.parametrize("size", ["phone", "desktop"])
def test_home_grid_of_boxes(browser, pictures_site, lang, size):
    """Search first, then "Random card" and "Game night", then every box as a tile with a strip of faces, one
    per faction it lists, loaded when the tile comes near the screen; the catalogue version is written once
    (in the footer)."""
    ctx, page = open_page(browser, f"{pictures_site}/{lang}/", size)
    try:
        order = page.evaluate("""() => ['main form[role=search]', 'a.random', '.boxtiles']
            .map(s => document.querySelector(s).getBoundingClientRect().top)""")
        assert order == sorted(order)
        tiles = page.evaluate("() => document.querySelectorAll('.boxtiles > li').length")
        assert tiles >= 30
        # a strip of tiny faces a tile, a face per faction listed (in that order): box_tile in home.html
        info = page.evaluate(STRIPS)
        assert len(info) == tiles
        with_factions = [t for t in info if t["factions"]]
        assert len(with_factions) >= 29
        assert all(t["faces"] == t["factions"] for t in with_factions), info
        assert all(t["faces"] <= 1 for t in info if not t["factions"])  # bases only: a base, if any
        assert all(t["h"] == TINY_BOX[1] and t["w"] >= 20 * t["faces"] for t in info if t["faces"])
        # the strips on screen are loaded; those far below are not (yet): the home page stays light
        assert all(t["loaded"] for t in info if t["faces"] and t["top"] < SIZES[size]["height"])
        assert not any(t["img"] for t in info if t["top"] > SIZES[size]["height"] + 600)
        assert any(t["top"] > SIZES[size]["height"] + 600 for t in info)
        page.evaluate("""async () => { for (const li of document.querySelectorAll('.boxtiles > li')) {
            li.scrollIntoView(); await new Promise(r => setTimeout(r, 20)); } }""")
        page.wait_for_function(
            "() => [...document.querySelectorAll('.bt-faces img')].every(i => i.complete)"
        )
        info = page.evaluate(STRIPS)
        assert all(t["loaded"] for t in info if t["faces"]), info
        version = page.evaluate(
            "() => document.querySelector('footer').textContent.match(/[0-9a-f]{12,}/)[0]"
        )
        assert page.evaluate("v => document.body.textContent.split(v).length - 1", version) == 1
        play = page.get_attribute("a.go[href$='/play/']", "href")
        assert play == f"/{lang}/play/"
        assert page.evaluate("() => document.documentElement.scrollWidth") <= SIZES[size]["width"]
        assert not axe_serious(page)
        with page.expect_navigation():
            page.click("a.random")
        assert f"/{lang}/cards/" in page.url
    finally:
        ctx.close()


@pytest.mark.parametrize("lang", ["en", "de"])
def test_home_strips_without_script(browser, pictures_site, lang):
    """Without script each box tile holds its strip as a lazy <img> (the <noscript> of box_tile)."""
    ctx = browser.new_context(viewport=DESKTOP, java_script_enabled=False)
    page = ctx.new_page()
    try:
        page.goto(f"{pictures_site}/{lang}/")
        strips = page.evaluate("""() => [...document.querySelectorAll('.bt-faces')].map(s =>
            [...s.querySelectorAll('img')].map(i => [i.loading, i.getAttribute('src') === s.dataset.src]))""")
        assert len(strips) >= 29
        assert all(imgs == [["lazy", True]] for imgs in strips), strips
    finally:
        ctx.close()


def test_home_strips_kept_for_offline(browser, pictures_site):
    """The strips a first visit loaded are kept by the service worker (from the browser's copy: their names
    hold their digest) and show without a connection."""
    ctx, page = open_page(browser, f"{pictures_site}/de/", "phone")
    try:
        shown = page.evaluate(
            "() => [...document.querySelectorAll('.bt-faces img')].map(i => i.src)"
        )
        assert shown
        page.wait_for_function(
            """async (urls) => { for (const k of await caches.keys()) { const c = await caches.open(k);
                 if ((await Promise.all(urls.map(u => c.match(u)))).every(Boolean)) return true; }
               return false; }""",
            arg=shown,
        )
        ctx.set_offline(True)
        page.reload()
        page.wait_for_function(
            "n => [...document.querySelectorAll('.bt-faces img')].filter(i => i.complete && i.naturalWidth).length >= n",
            arg=len(shown),
        )
    finally:
        ctx.close()


def test_text_tiles_without_pictures(browser, catalogue_site, preview):
    """Without imported pictures the image view shows clean text tiles (name and facts, no <img> of a card),
    and so do the home page's box tiles."""
    url = preview(catalogue_site.folder)
    for path, count, mark in TEXT_TILES.values():
        ctx, page = open_page(browser, f"{url}/en/{path}", "desktop", "images")
        try:
            tiles = page.evaluate("""() => [...document.querySelectorAll('.as-images > li')].map(li =>
                [li.getBoundingClientRect().width, !!li.querySelector('img.tile-img, img.thumb'), li.textContent.trim()])""")
            assert len(tiles) >= count, (path, len(tiles))
            assert all(w >= 150 and not img and mark in text for w, img, text in tiles), path
            assert not axe_serious(page), path
        finally:
            ctx.close()
    for lang in ("en", "de"):  # the home page's box tiles: text only
        ctx, page = open_page(browser, f"{url}/{lang}/", "phone")
        try:
            assert page.evaluate("() => document.querySelectorAll('.boxtiles > li').length") >= 30
            assert (
                page.evaluate("() => document.querySelectorAll('.boxtiles img, .bt-faces').length")
                == 0
            )
        finally:
            ctx.close()
    ctx, page = open_page(browser, f"{url}/en/search/?q=f%3Aaliens", "phone", "images")
    try:
        page.wait_for_function("() => document.querySelectorAll('#results > li').length >= 12")
        assert page.evaluate("() => document.querySelectorAll('#results img.tile-img').length") == 0
        assert page.evaluate("() => document.documentElement.scrollWidth") <= PHONE["width"]
    finally:
        ctx.close()


def test_search_filters_follow_the_query(browser, pictures_site):
    ctx, page = open_page(
        browser, f"{pictures_site}/de/search/?q=t%3Akreatur+f%3Ageister", "desktop"
    )
    try:
        page.wait_for_function(
            "() => document.getElementById('search-app').getAttribute('data-done')"
        )
        assert page.input_value("#f-type") == "minion"
        assert page.input_value("#f-faction") == "ghosts"
        page.fill("#q", "f:geister")
        page.wait_for_function(
            "() => document.getElementById('search-app').getAttribute('data-done') === 'f:geister'"
        )
        assert page.input_value("#f-type") == ""  # set by the query before, so it follows the query
        assert page.input_value("#f-faction") == "ghosts"
    finally:
        ctx.close()


def test_plain_search_does_not_mark_a_lone_letter(browser, pictures_site):
    ctx, page = open_page(browser, f"{pictures_site}/en/search/?q=gain+a+vp", "desktop")
    try:
        page.wait_for_function("() => document.querySelectorAll('#results mark').length > 0")
        marks = page.evaluate(
            "() => [...document.querySelectorAll('#results mark')].map(m => m.textContent.toLowerCase())"
        )
        assert marks and all(m.startswith(("gain", "vp")) for m in marks), marks
    finally:
        ctx.close()


def test_small_layout_items(browser, pictures_site):
    """Prev/next to an English-named card are coloured like links; the desktop base page's text box stays
    beside the floated picture; the German search placeholder fits its field on the phone."""
    ctx, page = open_page(browser, f"{pictures_site}/de/bases/uss-undertaking/", "desktop")
    try:
        colours = page.evaluate("""() => [...document.querySelectorAll('.pager a')].map(a => {
            const name = a.querySelector('span[lang=en]');
            return name ? [getComputedStyle(name).color, getComputedStyle(a).color] : null; }).filter(Boolean)""")
        assert colours and all(name == link for name, link in colours), colours
        text = page.evaluate(
            "() => document.querySelector('.sheet .text').getBoundingClientRect().right"
        )
        face = page.evaluate(
            "() => document.querySelector('figure.face').getBoundingClientRect().left"
        )
        assert text <= face
    finally:
        ctx.close()
    for path in ("", "search/"):
        ctx, page = open_page(browser, f"{pictures_site}/de/{path}", "phone")
        try:
            fits = page.evaluate("""() => [...document.querySelectorAll('input[type=search]')].filter(i => i.offsetParent).map(i => {
                const s = getComputedStyle(i, '::placeholder'), c = document.createElement('canvas').getContext('2d');
                c.font = s.fontSize + ' ' + s.fontFamily;
                const room = i.clientWidth - parseFloat(getComputedStyle(i).paddingLeft) - parseFloat(getComputedStyle(i).paddingRight);
                return [i.placeholder, c.measureText(i.placeholder).width, room]; })""")
            assert fits and all(width <= room for _, width, room in fits), fits
        finally:
            ctx.close()
