"""What the site keeps in a visitor's browser: their boxes (collection code) and an offline copy.

* ``assets/local.js`` (from ``templates/site/local.js``): decodes the code of
  :mod:`smashup_db.userdata.boxcode` (slots written in), marks owned products and
  factions, shows the owned printing's facts on card and base pages, registers the
  service worker.
* ``sw.js`` (from ``templates/site/sw.js``) at the top of the site: keeps every page,
  index and image the visitor fetched, for use without a connection; its cache is named
  after the build id, so a new build replaces it.
* ``manifest.webmanifest`` and ``assets/icon-*.png|svg``: a phone can install the site.

The build id is the hash of every other file of the build (names and bytes), so two
builds of the same site write the same ``sw.js`` (a rebuild that changes nothing keeps the
visitors' caches) and any change gives a new one.
"""

from __future__ import annotations

import hashlib
import io
import json
import os
from pathlib import Path

from smashup_db.catalogue.owned import held_products
from smashup_db.catalogue.printing import base_facts, card_facts
from smashup_db.common.text import key
from smashup_db.site.inject import inject
from smashup_db.site.paths import safe_path, templates_dir
from smashup_db.site.play import without_comment_lines
from smashup_db.userdata.boxcode import SLOTS

ICON_SIZES = (192, 512)


def owned_info(data, kind: str, ref: str) -> dict:
    """For a card or base page: ``{"held": "p1 p2", "leads": [{"printing", facts...}]}``.

    ``held``: the products :func:`smashup_db.catalogue.printing.applies` consults, in its order
    (:func:`smashup_db.catalogue.owned.held_products`); ``leads``: the facts of the ``german`` and
    ``original`` printings (:func:`~smashup_db.catalogue.printing.card_facts` /
    :func:`~smashup_db.catalogue.printing.base_facts`) where a printing row gives them, shown by
    ``assets/local.js`` when the visitor's boxes make that printing apply.
    """
    model = data.catalogue.model
    thing = model.cards[ref] if kind == "card" else model.bases[ref]
    facts = card_facts if kind == "card" else base_facts
    own = model.named(kind, ref, "en")["name"] or ""
    leads = []
    for printing in ("german", "original"):
        f = facts(thing, printing)
        if f["facts_from"] != "current":
            # the card that printing held where it was another one (Disenchant for Pixie)
            f["other_card"] = (
                f["name"] if kind == "card" and f["name"] and key(f["name"]) != key(own) else None
            )
            leads.append(f)
    return {"held": " ".join(held_products(model, thing)), "leads": leads}


def local_js(data, base: str) -> str:
    """``assets/local.js`` with the code's slots, the products' factions and the base path written in."""
    src = (templates_dir() / "local.js").read_text(encoding="utf-8")
    pf = {p["id"]: list(p["factions"]) for p in data.products.values()}
    return inject(
        src,
        {
            "SLOTS": json.dumps(list(SLOTS)),
            "PF": json.dumps(pf, sort_keys=True),
            "BASE": json.dumps(base),
        },
        "assets/local.js",
    )


def write_local(root: Path, data, base: str, langs: list[str]) -> None:
    """Write ``assets/local.js``, the manifest and the icons (``sw.js`` comes last: :func:`write_sw`)."""
    safe_path(root, "assets", filename="local.js").write_text(
        without_comment_lines(local_js(data, base)), encoding="utf-8"
    )
    icons = _icons(root)
    manifest = {
        "name": "Smash Up catalogue",
        "short_name": "Smash Up",
        "start_url": base,
        "scope": base,
        "display": "standalone",
        "background_color": "#ffffff",
        "theme_color": "#7a1f1f",
        "lang": langs[0],
        "icons": [dict(i, src=base + i["src"]) for i in icons],
    }
    safe_path(root, filename="manifest.webmanifest").write_text(
        json.dumps(manifest, indent=1) + "\n", encoding="utf-8"
    )


_SVG = (
    '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><rect width="64" height="64" rx="12" '
    'fill="#7a1f1f"/><text x="32" y="43" font-family="sans-serif" font-size="30" font-weight="bold" '
    'text-anchor="middle" fill="#fff">SU</text></svg>\n'
)


#: The drawing of the PNG icons (:func:`_draw_icon`); change it with the drawing, so that cached icons are made anew.
ICON_RECIPE = "v1"


def _icons(root: Path) -> list[dict]:
    """Our own icons (no publisher art): an SVG always, PNGs drawn with Pillow when it is installed."""
    safe_path(root, "assets", filename="icon.svg").write_text(_SVG, encoding="utf-8")
    icons = [{"src": "assets/icon.svg", "sizes": "any", "type": "image/svg+xml"}]
    for size in ICON_SIZES:
        png = _icon_png(size)
        if png is None:
            break
        safe_path(root, "assets", filename=f"icon-{size}.png").write_bytes(png)
        icons.append(
            {"src": f"assets/icon-{size}.png", "sizes": f"{size}x{size}", "type": "image/png"}
        )
    return icons


def _icon_png(size: int) -> bytes | None:
    """The PNG icon of ``size`` x ``size`` pixels, from the thumbnail cache folder when drawn before (loading
    Pillow and drawing both cost more than the rest of a rebuild's files); None without Pillow."""
    from smashup_db.importer.thumbs import is_cached, store_cached, usable_cache

    cache = usable_cache()
    path = os.path.join(cache, f"icon-{ICON_RECIPE}-{size}.png") if cache else None
    if path and is_cached(path):
        try:
            with open(path, "rb") as fh:
                return fh.read()
        except OSError:
            pass
    png = _draw_icon(size)
    if png is not None and path:
        store_cached(path, png)
    return png


def _draw_icon(size: int) -> bytes | None:
    """A ``size`` pixel square PNG drawn with Pillow (a frame and a diagonal on the site's red); None without it."""
    try:
        from PIL import Image, ImageDraw
    except ImportError:
        return None
    img = Image.new("RGB", (size, size), (0x7A, 0x1F, 0x1F))
    draw = ImageDraw.Draw(img)
    m = size // 6
    draw.rectangle((m, m, size - m, size - m), outline=(255, 255, 255), width=max(2, size // 24))
    draw.line((m, size - m, size - m, m), fill=(255, 255, 255), width=max(2, size // 24))
    out = io.BytesIO()
    img.save(out, format="PNG", optimize=False)
    return out.getvalue()


def build_id(hashes: dict[str, str]) -> str:
    """The id of a build from ``{relative path: sha256 of its bytes}`` of every file but ``sw.js``."""
    h = hashlib.sha256()
    for path in sorted(hashes):
        h.update(path.encode("utf-8") + b"\0" + hashes[path].encode("ascii") + b"\n")
    return h.hexdigest()[:16]


def file_hashes(
    root: Path, files: list[str] | None = None, skip=("sw.js",), known: dict[str, str] | None = None
) -> dict[str, str]:
    """``{relative path: sha256}`` of every file below ``root`` (the build marker, ``skip`` and Pagefind's
    index left out: Pagefind does not write the same bytes twice, and it indexes the pages, which count;
    ``files``: the relative paths, when already listed);
    ``known``: hashes already computed (of the pages, by the build), not read again."""
    from smashup_db.site.outdir import written_files

    known = known or {}
    out = {}
    for rel in written_files(root) if files is None else files:
        if rel in skip or rel.startswith("pagefind/"):
            continue
        out[rel] = known.get(rel) or hashlib.sha256((root / rel).read_bytes()).hexdigest()
    return out


def write_sw(root: Path, base: str, langs: list[str], ident: str) -> None:
    """Write ``sw.js`` for build ``ident`` (see the module docstring).

    The worker keeps on install what the search page needs (each page has it keep that page too), so the
    search works offline after one visit of any page; every other page's files are kept when it is
    visited (the play page's table, say, when a game starts)."""
    src = (templates_dir() / "sw.js").read_text(encoding="utf-8")
    core = [
        base + p
        for p in (
            "assets/site.css",
            "assets/fold.js",
            "assets/query.js",
            "assets/search.js",
            "assets/local.js",
            "assets/views.js",
        )
    ]
    script = inject(
        src,
        {"BUILD": json.dumps(ident), "BASE": json.dumps(base), "CORE": json.dumps(core)},
        "sw.js",
    )
    safe_path(root, filename="sw.js").write_text(script, encoding="utf-8")
