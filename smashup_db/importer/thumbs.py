"""Thumbnails of the imported card pictures, cached between site builds (one recipe for importer and site).

``smashup import images`` fills the cache for every picture it stored (so the
first ``smashup site build`` after an import copies thumbnails instead of making
them); the site build (:mod:`smashup_db.site.faces`) makes any still missing,
e.g. after the cache folder was emptied. Both go through :func:`render_thumbnail`
and :func:`cache_path`, so a thumbnail is the same bytes whoever made it.

The cache folder is ``platformdirs.user_cache_dir("smashup-db")/thumbs``
(``$XDG_CACHE_HOME`` is honoured); a thumbnail is the file
``<sha256 of the picture>-<THUMB_RECIPE>-<w>x<h>.webp``. A cache that cannot be
made or written is never an error: the build then makes its thumbnails in the
site only.

Pillow is imported only when a thumbnail is made.
"""

from __future__ import annotations

import io
import os
import stat
import tempfile
from collections.abc import Callable, Iterable

#: Largest thumbnail (width, height) in pixels; pages show it at half size.
THUMB_BOX = (120, 140)
#: Largest tiny face (width, height) in pixels, shown at that size: a card 26x36, a base 50x36. The home
#: page's box tiles show a strip of them, one per faction (:func:`render_strip`), where every byte counts
#: (issue 33: the home page <= 60 KB after it settles).
TINY_BOX = (52, 36)
#: Transparent pixels between two tiny faces of a strip.
TINY_GAP = 2
#: Version of the strips' recipe (:data:`TINY_BOX`, :data:`TINY_GAP`, Lanczos, WebP quality 35, method 6).
TINY_RECIPE = "v2-strip-lanczos-q35m6"
#: Version of the thumbnail recipe (size, quality): a new one makes new cache entries.
THUMB_RECIPE = "v1-lanczos-q70"
#: Most threads that make thumbnails side by side (fewer on a machine with fewer cores).
MAX_WORKERS = 4


def thumbs_cache_dir() -> str:
    """The folder thumbnails are cached in between builds (``$XDG_CACHE_HOME`` is honoured by platformdirs)."""
    from platformdirs import user_cache_dir

    return os.path.join(user_cache_dir("smashup-db"), "thumbs")


def usable_cache() -> str | None:
    """:func:`thumbs_cache_dir`, created if need be; None when it cannot be made or is not a folder.

    A folder that exists but cannot be written is returned (its thumbnails can
    still be read); writing into it then fails quietly (:func:`store_cached`).
    """
    try:
        cache = thumbs_cache_dir()
        os.makedirs(cache, exist_ok=True)
    except (OSError, ValueError):
        return None
    return cache if os.path.isdir(cache) else None


def thumb_size(width: int, height: int, box: tuple[int, int] = THUMB_BOX) -> tuple[int, int]:
    """The thumbnail size of a ``width`` x ``height`` picture: within ``box`` (default :data:`THUMB_BOX`),
    same proportions."""
    scale = min(box[0] / width, box[1] / height, 1.0)
    return max(1, round(width * scale)), max(1, round(height * scale))


def cache_path(cache: str, digest: str, size: tuple[int, int], tiny: bool = False) -> str:
    """Where the cache keeps the thumbnail (``size`` pixels) of the picture whose sha256 is ``digest``;
    ``tiny``: the strip of tiny faces (:data:`TINY_RECIPE`) whose :func:`strip_digest` is ``digest``."""
    recipe = TINY_RECIPE if tiny else THUMB_RECIPE
    return os.path.join(cache, f"{digest}-{recipe}-{size[0]}x{size[1]}.webp")


def is_cached(path: str) -> bool:
    """``path`` (from :func:`cache_path`) is a regular file (not a link): the thumbnail is cached."""
    try:
        return stat.S_ISREG(os.lstat(path).st_mode)
    except OSError:
        return False


def _scaled(src: str, size: tuple[int, int]):
    """The picture file ``src`` scaled to ``size`` (Lanczos), as a Pillow image; raises what Pillow raises."""
    from PIL import Image

    with Image.open(src) as img:
        img.load()
        small = img.convert("RGBA" if img.mode in ("RGBA", "LA", "P") else "RGB")
        return small.resize(size, Image.Resampling.LANCZOS, reducing_gap=3.0)


def render_thumbnail(src: str, size: tuple[int, int]) -> bytes | None:
    """The WebP thumbnail (``size`` = (width, height) pixels) of the picture file ``src``; None when Pillow
    cannot decode it. The recipe (Lanczos, quality 70) is :data:`THUMB_RECIPE`."""
    try:
        out = io.BytesIO()
        _scaled(src, size).save(out, "WEBP", quality=70, method=4)
    except Exception:  # Pillow raises many kinds for a damaged picture
        return None
    return out.getvalue()


def strip_size(sizes: list[tuple[int, int]]) -> tuple[int, int]:
    """The (width, height) in pixels of the strip of faces of ``sizes`` (each from :func:`thumb_size` in
    :data:`TINY_BOX`), side by side with :data:`TINY_GAP` pixels between two."""
    return sum(w for w, _ in sizes) + TINY_GAP * (len(sizes) - 1), max(h for _, h in sizes)


def strip_digest(digests: list[str], sizes: list[tuple[int, int]]) -> str:
    """The sha256 (hex) that names the strip of the pictures whose sha256 are ``digests``, at ``sizes``:
    another picture, order or size makes another strip (a new file name and cache entry)."""
    import hashlib

    parts = [f"{d}:{w}x{h}" for d, (w, h) in zip(digests, sizes, strict=True)]
    return hashlib.sha256(" ".join(parts).encode("ascii")).hexdigest()


def render_strip(srcs: list[str], sizes: list[tuple[int, int]]) -> bytes | None:
    """One WebP image of the picture files ``srcs`` side by side, each scaled to its size of ``sizes``
    (from :func:`thumb_size` in :data:`TINY_BOX`), :data:`TINY_GAP` transparent pixels between two, the
    faces bottom-aligned: the home page's box tiles show one such strip, a face per faction
    (:data:`TINY_RECIPE`). None when there is no picture or Pillow cannot decode one of them."""
    if not srcs:
        return None
    try:
        from PIL import Image

        strip = Image.new("RGBA", strip_size(sizes), (0, 0, 0, 0))
        x = 0
        for src, size in zip(srcs, sizes, strict=True):
            strip.paste(_scaled(src, size), (x, strip.height - size[1]))
            x += size[0] + TINY_GAP
        out = io.BytesIO()
        strip.save(out, "WEBP", quality=35, method=6)
    except Exception:  # Pillow raises many kinds for a damaged picture
        return None
    return out.getvalue()


#: Start of the name of a thumbnail being written: ``.tmp-<pid>-<random>`` (the pid of its writer).
TMP_PREFIX = ".tmp-"
#: Seconds after which a temporary file without a writer's pid in its name counts as left over.
OLD_LEFTOVER = 3600


def remove_leftovers(cache: str) -> int:
    """Remove the temporary files writers killed while writing left in ``cache`` (a writer whose
    process is gone; a name without a pid when older than :data:`OLD_LEFTOVER` s). Returns how many."""
    import time

    removed = 0
    try:
        entries = list(os.scandir(cache))
    except OSError:
        return 0
    for entry in entries:
        if not entry.name.startswith(TMP_PREFIX) or not entry.is_file(follow_symlinks=False):
            continue
        pid = entry.name[len(TMP_PREFIX) :].partition("-")[0]
        try:
            if pid.isdigit() and len(pid) < 10:
                if _alive(int(pid)):
                    continue
            elif time.time() - entry.stat(follow_symlinks=False).st_mtime < OLD_LEFTOVER:
                continue
            os.unlink(entry.path)
            removed += 1
        except OSError:
            pass
    return removed


def _alive(pid: int) -> bool:
    """A process ``pid`` exists (ours or another user's)."""
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except OSError:
        return True
    return pid > 0


def write_atomic(path: str, data: bytes) -> None:
    """Write ``data`` at ``path`` through a temporary file beside it renamed over it (never half a file).
    Raises ``OSError``; the temporary file is then removed."""
    fd, tmp = tempfile.mkstemp(prefix=f"{TMP_PREFIX}{os.getpid()}-", dir=os.path.dirname(path))
    try:
        with os.fdopen(fd, "wb") as fh:
            fh.write(data)
        os.replace(tmp, path)
    except BaseException:
        try:
            os.unlink(tmp)
        except OSError:
            pass
        raise


def store_cached(path: str, data: bytes) -> bool:
    """Write ``data`` at the cache ``path`` (:func:`write_atomic`); False when it cannot be written."""
    try:
        write_atomic(path, data)
    except OSError:
        return False
    return True


#: What :func:`make_cached` did with one thumbnail.
MADE, UNREADABLE, UNWRITABLE = "made", "unreadable", "unwritable"


def make_cached(src: str, size: tuple[int, int], path: str) -> str:
    """Make the thumbnail of ``src`` and put it at the cache ``path``: :data:`MADE`, :data:`UNREADABLE` (the
    picture cannot be decoded) or :data:`UNWRITABLE` (the cache cannot be written). Runs on the threads of
    :func:`fill_cache`."""
    data = render_thumbnail(src, size)
    if data is None:
        return UNREADABLE
    return MADE if store_cached(path, data) else UNWRITABLE


def _workers() -> int:
    try:
        cores = len(os.sched_getaffinity(0))
    except (AttributeError, OSError):
        cores = os.cpu_count() or 1
    return max(1, min(MAX_WORKERS, cores))


def fill_cache(
    jobs: Iterable[tuple[str, tuple[int, int], str]],
    progress: Callable[[int, int], None] | None = None,
) -> dict[str, int]:
    """Make the thumbnail of every ``(picture file, size, cache path)`` of ``jobs`` (those not cached yet).

    Uses up to :data:`MAX_WORKERS` threads (one per core): Pillow lets go of the interpreter lock
    while it decodes, scales and encodes a picture, so they make thumbnails side by side without a
    helper process. ``progress(done, total)`` is called as thumbnails are done. Stops at the first
    one the cache cannot take (a full or read-only disk): never raises for that; the thumbnails not
    begun then are not made. Returns the counts ``{"made", "unreadable", "unwritable"}``
    (unwritable: the ones not made because of that).
    """
    from concurrent.futures import ThreadPoolExecutor

    todo = [j for j in jobs if not is_cached(j[2])]
    counts = {MADE: 0, UNREADABLE: 0, UNWRITABLE: 0}
    total = len(todo)
    if progress:
        progress(0, total)
    with ThreadPoolExecutor(
        max_workers=min(_workers(), total or 1), thread_name_prefix="thumbnail"
    ) as pool:
        made = [pool.submit(make_cached, *job) for job in todo]
        try:
            for done, job in enumerate(made, 1):
                status = job.result()
                if status == UNWRITABLE:
                    break
                counts[status] += 1
                if progress and (done % 25 == 0 or done == total):
                    progress(done, total)
        finally:  # the cache is full, or a Ctrl+C: the thumbnails not begun are dropped
            for job in made:
                job.cancel()
    counts[UNWRITABLE] = total - counts[MADE] - counts[UNREADABLE]
    if progress:
        progress(total, total)
    return counts
