"""The picture a shared link shows (``og:image``, ``twitter:image``) for pages without a card face.

A card or base page whose face was imported (``smashup import images``) shares that face. Every
other page shares a picture drawn here with Pillow from the facts alone (name, type, power,
breakpoint, counts, in the page's language): never publisher art. The pictures are small palette
PNGs (:data:`SIZE`), named after the hash of what they show (``assets/og/<hash>.png``), so two pages
showing the same facts share one file and a picture changes name when its facts do. Drawn pictures
are kept in the user cache folder beside the thumbnails (``og-<recipe>-<hash>.png``) and linked
into the next build, which then draws only those whose facts changed.

The font: DejaVu Sans where the system has it (it has the German letters), else Pillow's own.
Without Pillow every page shares the site's icon (``assets/icon.svg``).
"""

from __future__ import annotations

import hashlib
import io
import os
from typing import Callable, Iterable

from smashup_db.common.safe_write import write_atomic

#: Width and height of a drawn picture in pixels (1.91:1, the ratio Open Graph and Twitter cards use).
SIZE = (600, 315)
#: Version of the drawing: a new one draws every picture again (new cache names).
RECIPE = "og1"
#: Palette: the site's red, paper, ink, muted ink.
PALETTE = (0x7A, 0x1F, 0x1F, 0xFF, 0xF8, 0xEE, 0x1D, 0x1D, 0x1F, 0x5B, 0x60, 0x67)
RED, PAPER, INK, MUTED = range(4)

Lines = tuple[str, ...]


class OgPictures:
    """The shared pictures of one build: :meth:`write` draws them, :meth:`url` names one.

    ``base``: the site's base URL (an address or a path; the URL is made under it).
    """

    def __init__(self, base: str):
        self.base = base
        self._urls: dict[tuple[str, str, str], str] = {}
        self.stats = {"drawn": 0, "cached": 0}

    def url(self, kind: str, ref: str, lang: str) -> str:
        """The URL of the picture of ``kind``/``ref`` on ``lang`` pages; the site's picture of ``lang``
        when that thing has none, the icon when no picture could be drawn."""
        return (
            self._urls.get((kind, ref, lang))
            or self._urls.get(("site", "", lang))
            or self.base + "assets/icon.svg"
        )

    def write(
        self, root, items: Iterable[tuple[tuple[str, str, str], Lines]], pool=None
    ) -> Callable[[], None]:
        """Draw (or take from the cache) the picture of each ``((kind, ref, lang), lines)`` into
        ``root/assets/og/``. ``lines``: title, facts, more facts …, the site's name (written in the bottom band).

        The URLs (:meth:`url`) are known at once, and the cached pictures linked; the others are drawn in
        :data:`CHUNKS` parts side by side on ``pool`` (a ``concurrent.futures`` executor: the build's,
        which then renders pages meanwhile; Pillow draws text and compresses without the interpreter
        lock), each part with fonts of its own (a FreeType face is not shared between threads), or here
        one after another without a pool. Returns ``wait``: call it before the site's files are listed;
        it raises the ``OSError`` of a file that could not be written into ``root``. Does nothing
        without Pillow. A picture's bytes depend on its lines only, whichever part draws it.
        """
        if _drawer() is None:
            return lambda: None
        from smashup_db.importer.thumbs import is_cached, usable_cache

        cache = usable_cache()
        folder = os.path.join(os.fspath(root), "assets", "og")
        os.makedirs(folder, exist_ok=True)
        todo: dict[str, Lines] = {}  # file name -> lines, each name once
        seen: set[str] = set()
        for key, lines in items:
            digest = hashlib.sha256("\n".join((RECIPE, *lines)).encode()).hexdigest()[:16]
            name = digest + ".png"
            self._urls[key] = f"{self.base}assets/og/{name}"
            if name in seen:
                continue
            seen.add(name)
            kept = os.path.join(cache, f"og-{RECIPE}-{name}") if cache else None
            if kept and is_cached(kept):
                try:
                    os.link(kept, os.path.join(folder, name))
                    self.stats["cached"] += 1
                    continue
                except OSError:
                    pass
            todo[name] = lines
        names = sorted(todo)
        parts = [[(name, todo[name]) for name in names[i::CHUNKS]] for i in range(CHUNKS)]
        parts = [part for part in parts if part]
        if pool is None:
            for part in parts:
                self.stats["drawn"] += _draw_part(part, folder, cache)
            return lambda: None
        futures = [pool.submit(_draw_part, part, folder, cache) for part in parts]

        def wait() -> None:
            for future in futures:
                self.stats["drawn"] += future.result()

        return wait


#: Parts the pictures to draw are cut into, drawn side by side on the build's pool.
CHUNKS = 4


def _draw_part(part: list[tuple[str, Lines]], folder: str, cache: str | None) -> int:
    """Draw each ``(file name, lines)`` of ``part`` into ``folder`` (and keep it in ``cache``) with a drawer
    of its own; returns how many were drawn. Raises ``OSError`` when a file cannot be written."""
    draw = _drawer()
    assert draw is not None  # Pillow was found by the caller
    for name, lines in part:
        png = draw(lines)
        if cache:
            _keep(os.path.join(cache, f"og-{RECIPE}-{name}"), png)
        with open(os.path.join(folder, name), "wb") as fh:  # a new name in a fresh build folder
            fh.write(png)
    return len(part)


def _keep(path: str, png: bytes) -> None:
    """Keep a drawn picture in the cache, readable by all like the site's files (it is linked into
    builds); not synced to disk (a lost one is drawn again). A cache that cannot be written is skipped."""
    try:
        write_atomic(path, png, mode=0o644, durable=False)
    except OSError:
        pass


def _drawer():
    """A function drawing ``lines`` into PNG bytes, or None without Pillow."""
    try:
        from PIL import Image, ImageDraw, ImageFont
    except ImportError:
        return None

    def font(size: int):
        try:
            return ImageFont.truetype("DejaVuSans.ttf", size)
        except OSError:
            return ImageFont.load_default(size=size)

    title_fonts = [font(s) for s in (44, 38, 32, 27)]
    small = font(24)
    width = SIZE[0] - 2 * 44

    def fit(text: str, fonts) -> tuple[str, object]:
        for f in fonts:
            if f.getlength(text) <= width:
                return text, f
        f = fonts[-1]
        while text and f.getlength(text + "…") > width:
            text = text[:-1]
        return text + "…", f

    blanks: dict[str, object] = {}  # the frame and the bottom band with the site's name, per name

    def blank(footer: str):
        if footer not in blanks:
            img = Image.new("P", SIZE, RED)
            img.putpalette(PALETTE)
            pen = ImageDraw.Draw(img)
            pen.rectangle((20, 20, SIZE[0] - 21, SIZE[1] - 71), fill=PAPER)
            pen.text((44, SIZE[1] - 60), fit(footer, [small])[0], font=small, fill=PAPER)
            blanks[footer] = img
        return blanks[footer].copy()

    def draw(lines: Lines) -> bytes:
        img = blank(lines[-1])
        pen = ImageDraw.Draw(img)
        title, tf = fit(lines[0], title_fonts)
        pen.text((44, 48), title, font=tf, fill=INK)
        y = 124
        for line in lines[1:-1]:
            text, f = fit(line, [small])
            pen.text((44, y), text, font=f, fill=MUTED)
            y += 40
        out = io.BytesIO()
        img.save(out, format="PNG", compress_level=1)
        return out.getvalue()

    return draw


def things(data, langs: list[str], name, has_face) -> list[tuple[tuple[str, str, str], Lines]]:
    """What each picture shows, per language: ``((kind, ref, lang), lines)`` for the site, every
    product, faction, card and base, except cards and bases whose face is imported (``has_face(kind,
    ref)``; those pages share the face). ``data``: :class:`~smashup_db.site.sitedata.SiteData`;
    ``name(kind, ref, lang)``: the display name in ``lang``. Facts only, never rules text."""
    from smashup_db.i18n import gettext
    from smashup_db.site.strings import strings

    out: list = []
    for lang in langs:
        t = strings(lang)
        shown = data.shown_for(lang)
        site = gettext("Smash Up catalogue", lang)

        def n(kind, ref, _lang=lang):
            return name(kind, ref, _lang)

        out.append(
            (
                ("site", "", lang),
                (
                    site,
                    f"{len(data.products)} {t['products']} · {len(data.factions)} {t['factions']}",
                    f"{len(data.cards)} {t['cards']} · {len(data.bases)} {t['bases']}",
                    site,
                ),
            )
        )
        for pid, p in data.products.items():
            facts = " · ".join(str(x) for x in (t.get(p["kind"], p["kind"]), p["year"]) if x)
            fac = f"{len(p['factions'])} {t['factions']} · {len(p['bases'])} {t['bases']}"
            out.append((("product", pid, lang), (n("product", pid), facts, fac, site)))
        for fid, f in shown.factions.items():
            tot = f["totals"]
            facts = f"{tot['cards']} {t['cards']} · {t['power']} {tot['power']}"
            bases = f"{t['faction']} · {len(f['bases'])} {t['bases']}"
            # names of the faction only: a page records the names it shows (.incremental), and the
            # faction's pages show its own
            out.append((("faction", fid, lang), (n("faction", fid), facts, bases, site)))
        for cid, c in shown.cards.items():
            if has_face("card", cid):
                continue
            facts = [t.get(c["type"], c["type"]), f"{c['copies']}×"]
            if c["power"] is not None:
                facts.append(f"{t['power']} {c['power']}")
            out.append(
                (
                    ("card", cid, lang),
                    (n("card", cid), " · ".join(facts), n("faction", c["faction"]), site),
                )
            )
        for bid, b in shown.bases.items():
            if has_face("base", bid):
                continue
            bp = "?" if b["breakpoint"] is None else b["breakpoint"]
            vp = "/".join("?" if v is None else str(v) for v in b["vp"])
            facts = f"{t['base']} · {t['breakpoint']} {bp} · {t['vp']} {vp}"
            out.append(
                (("base", bid, lang), (n("base", bid), facts, n("product", b["product"]), site))
            )
    return out
