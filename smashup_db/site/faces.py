"""Card faces on the site: the pictures ``smashup import images`` stored, copied into the build, with thumbnails.

:func:`load_faces` reads the images folder of the database the site is built
from (:func:`smashup_db.importer.images.images_dir`); :meth:`Faces.write` puts
into the site, before the pages are rendered:

* ``assets/faces/<kind>/<id>-<sha8>.<ext>``: the full picture (hard-linked or
  copied; the digest in the name changes with the picture, so browsers and the
  offline cache never keep an old one);
* ``assets/faces/product/<id>-<sha8>-t.webp``: the strip of tiny faces (each within :data:`TINY_BOX`
  pixels, shown at that size) of a product's factions, made by :meth:`Faces.write_strips` for the home
  page's box tiles;
* ``assets/faces/<kind>/<id>-<sha8>-s.webp``: a thumbnail at most
  :data:`THUMB_BOX` pixels (shown at half that size, sharp on phones), made with
  Pillow and cached between builds in the user cache folder
  (``platformdirs.user_cache_dir("smashup-db")/thumbs``, keyed by the
  picture's sha256). ``smashup import images`` fills that cache with the same
  code (:mod:`smashup_db.importer.thumbs`); a build makes only those missing
  (side by side on every core, like the import).

A picture whose file is missing, is not a regular file of the size and SHA-256 the
import stored (altered in place, even at the same size), or cannot be decoded is left out, so a page never links a picture that is not in
the site; without images the site has no ``<img>`` of a card at all. The
templates ask :meth:`Faces.face` and :meth:`Faces.thumb` (``None`` when there is
no picture) through the globals ``face`` and ``thumb``.
"""

from __future__ import annotations

import json
import os
import shutil
import stat

from smashup_db.importer.images import images_dir, read_index, stored_intact
from smashup_db.importer.thumbs import (  # noqa: F401
    THUMB_BOX,
    THUMB_RECIPE,
    TINY_BOX,
    cache_path,
    fill_cache,
    is_cached,
    render_strip,
    render_thumbnail,
    store_cached,
    strip_digest,
    strip_size,
    thumb_size,
    thumbs_cache_dir,
    usable_cache,
)


class Faces:
    """The pictures one build shows: ``face(kind, id)`` and ``thumb(kind, id)`` give
    ``{"url", "width", "height"}`` (site-relative URL, pixels as shown) or None."""

    def __init__(self, folder: str | None, index: dict, base: str = "/"):
        self.folder, self.index, self.base = folder, index, base
        self._faces: dict[str, dict] = {}
        self._thumbs: dict[str, dict] = {}
        self._strips: dict[str, dict] = {}  # product id: its strip of tiny faces
        self._fresh: set[str] = set()  # cache paths of the thumbnails this build made
        self.stats = {"pictures": 0, "thumbs_made": 0, "thumbs_cached": 0, "skipped": 0}

    def __bool__(self) -> bool:
        return bool(self._faces)

    def face(self, kind: str, ref: str) -> dict | None:
        """The full picture of card or base ``ref`` in this build, or None."""
        return self._faces.get(f"{kind}/{ref}")

    def thumb(self, kind: str, ref: str) -> dict | None:
        """The thumbnail of card or base ``ref`` in this build, or None."""
        return self._thumbs.get(f"{kind}/{ref}")

    def box_strip(self, pid: str) -> dict | None:
        """The strip of tiny faces of product ``pid`` (:meth:`write_strips`) in this build, or None:
        ``{"url", "width", "height", "faces"}`` (pixels as shown; how many faces it holds)."""
        return self._strips.get(pid)

    def write_strips(self, root, tiles: dict[str, list[tuple[str, str]]]) -> None:
        """Put into ``root/assets/faces/product`` the strip of tiny faces of each product of ``tiles``
        (``{product id: [(kind, ref), ...]}``, a face per faction in the order shown): the faces that
        have a picture in this build (:meth:`write` first), each within :data:`TINY_BOX` pixels, side by
        side (:func:`~smashup_db.importer.thumbs.render_strip`); from the cache when it has the strip, else
        made and kept there. A product none of whose faces has a picture gets no strip."""
        from smashup_db.site.paths import safe_path

        cache = usable_cache()
        for pid in sorted(tiles):
            keys = [f"{kind}/{ref}" for kind, ref in tiles[pid]]
            entries = [self.index[k] for k in keys if k in self._faces and k in self.index]
            if not entries:
                continue
            sizes = [thumb_size(e["width"], e["height"], TINY_BOX) for e in entries]
            digest = strip_digest([str(e["sha256"]) for e in entries], sizes)
            size = strip_size(sizes)
            name = f"{pid}-{digest[:8]}-t.webp"
            dst = safe_path(root, "assets", "faces", "product", filename=name)
            srcs = [os.path.join(self.folder, e["file"]) for e in entries]
            if self._strip(cache, digest, srcs, sizes, str(dst)):
                self._strips[pid] = {
                    "url": f"{self.base}assets/faces/product/{name}",
                    "width": size[0],
                    "height": size[1],
                    "faces": len(entries),
                }

    def _strip(self, cache, digest: str, srcs: list[str], sizes: list, dst: str) -> bool:
        """Put the strip of ``srcs`` at ``sizes`` (named by ``digest``) at ``dst``, from ``cache`` when it
        has it, else made (and kept there); False when a picture cannot be decoded."""
        path = cache_path(cache, digest, strip_size(sizes), tiny=True) if cache else None
        os.makedirs(os.path.dirname(dst), exist_ok=True)
        return _put(path, dst, lambda: render_strip(srcs, sizes)) is not None

    def shown(self) -> list[dict]:
        """What the pages show of this build's pictures (full faces, thumbnails, the box tiles' strips):
        the page cache (:mod:`smashup_db.site.incremental`) renders a page again when it changes."""
        return [self._faces, self._thumbs, self._strips]

    def tail(self, kind: str, ref: str) -> str:
        """What follows ``assets/faces/<kind>/<ref>`` in the full picture's URL (``-<sha8>.webp``), or ``""``
        without a picture: the image views (``assets/views.js``) make the URL from the page's link and it."""
        face = self._faces.get(f"{kind}/{ref}")
        return face["url"].rpartition("/")[2][len(ref) :] if face else ""

    def write_map(self, root) -> None:
        """Write ``assets/faces.json`` (``{"card": {id: tail}, "base": {...}}``, :meth:`tail`) for the search
        page's image view; nothing without pictures."""
        if not self._faces:
            return
        table: dict[str, dict[str, str]] = {"card": {}, "base": {}}
        for key in sorted(self._faces):
            kind, ref = key.split("/")
            table.setdefault(kind, {})[ref] = self.tail(kind, ref)
        path = os.path.join(str(root), "assets", "faces.json")
        with open(path, "w", encoding="utf-8") as fh:
            json.dump(table, fh, separators=(",", ":"), sort_keys=True)

    def write(self, root, base: str | None = None) -> None:
        """Put every usable picture and its thumbnail into ``root/assets/faces`` (see the module doc).

        Files are hard-linked where the file system allows it (the importer and the
        cache replace files, never rewrite them, so a link keeps its content) and
        copied otherwise. A picture that is missing, not a regular file, of another
        size than the import stored, or not decodable is skipped.
        """
        if not self.index:
            return
        base = self.base if base is None else base
        cache = usable_cache()  # None (read-only home, say): thumbnails are made in the site only
        self._fresh = self._fill(cache) if cache else set()
        made: set[str] = set()
        for key in sorted(self.index):
            entry = self.index[key]
            kind, ref = key.split("/")
            src = os.path.join(self.folder, entry["file"])
            digest = str(entry.get("sha256") or "")
            if len(digest) != 64 or not stored_intact(self.folder, entry):  # altered: left out
                self.stats["skipped"] += 1
                continue
            folder = os.path.join(str(root), "assets", "faces", kind)
            if kind not in made:
                os.makedirs(folder, exist_ok=True)
                made.add(kind)
            name = f"{ref}-{digest[:8]}"
            ext = os.path.splitext(entry["file"])[1]
            tw, th = thumb_size(entry["width"], entry["height"])
            tdst = os.path.join(folder, name + "-s.webp")
            if not self._thumbnail(cache, digest, src, (tw, th), tdst):
                self.stats["skipped"] += 1
                continue
            _link_or_copy(src, os.path.join(folder, name + ext))
            url = f"{base}assets/faces/{kind}/{name}"
            self._faces[key] = {
                "url": url + ext,
                "width": entry["width"],
                "height": entry["height"],
            }
            self._thumbs[key] = {
                "url": url + "-s.webp",
                "width": (tw + 1) // 2,
                "height": (th + 1) // 2,
            }
            self.stats["pictures"] += 1

    def _fill(self, cache: str) -> set[str]:
        """Make the thumbnails missing from ``cache`` side by side (as ``import images`` does, with
        :func:`~smashup_db.importer.thumbs.fill_cache`; a cache emptied since the import, say); returns
        their cache paths (counted as made, not as cached)."""
        jobs = []
        for key in sorted(self.index):
            entry = self.index[key]
            digest = str(entry.get("sha256") or "")
            src = os.path.join(self.folder, entry["file"])
            if len(digest) != 64 or not _regular(src, entry.get("size")):
                continue
            size = thumb_size(entry["width"], entry["height"])
            path = cache_path(cache, digest, size)
            if not is_cached(path):
                jobs.append((src, size, path))
        if not jobs:
            return set()
        fill_cache(jobs)
        return {path for _, _, path in jobs if is_cached(path)}

    def _thumbnail(
        self, cache: str | None, digest: str, src: str, size: tuple[int, int], dst: str
    ) -> bool:
        """Put the thumbnail of picture ``src`` (``size`` pixels) at ``dst``, from the cache when it has it
        (``smashup import images`` fills it; :func:`~smashup_db.importer.thumbs.render_thumbnail` otherwise).

        Returns False when the picture cannot be decoded (it is then left out of the site).
        """
        path = cache_path(cache, digest, size) if cache else None
        got = _put(path, dst, lambda: render_thumbnail(src, size))
        if got is None:
            return False
        self.stats["thumbs_made" if got == "made" or path in self._fresh else "thumbs_cached"] += 1
        return True


def _put(path: str | None, dst: str, make) -> str | None:
    """Put a picture at ``dst``: linked or copied from the cache file ``path`` when it is there
    (``"cached"``), else ``make()``'s bytes, kept at ``path`` too (``"made"``); None when ``make()`` gives
    None (a picture Pillow cannot decode). ``path`` None: no cache."""
    if path and is_cached(path):
        _link_or_copy(path, dst)
        return "cached"
    data = make()
    if data is None:
        return None
    if path:
        store_cached(path, data)
    with open(dst, "wb") as fh:
        fh.write(data)
    return "made"


def _regular(path: str, size=None) -> bool:
    """``path`` is a regular file (not a link), of ``size`` bytes when given."""
    try:
        info = os.lstat(path)
    except OSError:
        return False
    return stat.S_ISREG(info.st_mode) and (size is None or info.st_size == size)


def _link_or_copy(src: str, dst: str) -> None:
    """Hard-link ``src`` at ``dst`` (a new name in a fresh build folder), or copy it across file systems."""
    try:
        os.link(src, dst, follow_symlinks=False)
    except OSError:
        shutil.copyfile(src, dst, follow_symlinks=False)


def load_faces(url: str | None, base: str = "/", images: bool = True) -> Faces:
    """The pictures stored for the database at ``url`` (see :func:`~smashup_db.importer.images.images_dir`);
    empty when ``images`` is False or nothing was imported."""
    if not images or not url:
        return Faces(None, {}, base)
    try:
        folder = images_dir(url)
    except Exception:  # an in-memory or unusual URL: no images folder
        return Faces(None, {}, base)
    return Faces(folder, read_index(folder), base)


def site_css(templates, root) -> None:
    """Append the card-face rules (``templates/site/faces.css``) to the built ``assets/site.css``."""
    extra = os.path.join(str(templates), "faces.css")
    if os.path.isfile(extra):
        with (
            open(extra, encoding="utf-8") as src,
            open(os.path.join(str(root), "assets", "site.css"), "a", encoding="utf-8") as dst,
        ):
            shutil.copyfileobj(src, dst)
