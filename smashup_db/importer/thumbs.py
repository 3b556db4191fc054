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
#: Version of the thumbnail recipe (size, quality): a new one makes new cache entries.
THUMB_RECIPE = "v1-lanczos-q70"
#: Most helper processes that make thumbnails side by side (fewer on a machine with fewer cores).
MAX_WORKERS = 4
#: Below this many thumbnails to make, starting helper processes costs more than they save.
POOL_FROM = 24


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


def thumb_size(width: int, height: int) -> tuple[int, int]:
    """The thumbnail size of a ``width`` x ``height`` picture: within :data:`THUMB_BOX`, same proportions."""
    scale = min(THUMB_BOX[0] / width, THUMB_BOX[1] / height, 1.0)
    return max(1, round(width * scale)), max(1, round(height * scale))


def cache_path(cache: str, digest: str, size: tuple[int, int]) -> str:
    """Where the cache keeps the thumbnail (``size`` pixels) of the picture whose sha256 is ``digest``."""
    return os.path.join(cache, f"{digest}-{THUMB_RECIPE}-{size[0]}x{size[1]}.webp")


def is_cached(path: str) -> bool:
    """``path`` (from :func:`cache_path`) is a regular file (not a link): the thumbnail is cached."""
    try:
        return stat.S_ISREG(os.lstat(path).st_mode)
    except OSError:
        return False


def render_thumbnail(src: str, size: tuple[int, int]) -> bytes | None:
    """The WebP thumbnail (``size`` = (width, height) pixels) of the picture file ``src``; None when Pillow
    cannot decode it. The recipe (Lanczos, quality 70) is :data:`THUMB_RECIPE`."""
    try:
        from PIL import Image

        with Image.open(src) as img:
            img.load()
            small = img.convert("RGBA" if img.mode in ("RGBA", "LA", "P") else "RGB")
            small = small.resize(size, Image.Resampling.LANCZOS, reducing_gap=3.0)
            out = io.BytesIO()
            small.save(out, "WEBP", quality=70, method=4)
    except Exception:  # Pillow raises many kinds for a damaged picture
        return None
    return out.getvalue()


def write_atomic(path: str, data: bytes) -> None:
    """Write ``data`` at ``path`` through a temporary file beside it renamed over it (never half a file).
    Raises ``OSError``; the temporary file is then removed."""
    fd, tmp = tempfile.mkstemp(prefix=".tmp-", dir=os.path.dirname(path))
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
    picture cannot be decoded) or :data:`UNWRITABLE` (the cache cannot be written). Runs in helper processes."""
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

    Uses up to :data:`MAX_WORKERS` helper processes (one per core; see
    :func:`_in_helpers`; on POSIX systems) and makes them here, one after another,
    where a helper cannot start or ends early. ``progress(done, total)``
    is called as thumbnails are done. Stops at the first one the cache cannot take
    (a full or read-only disk): never raises for that. Returns the counts
    ``{"made", "unreadable", "unwritable"}`` (unwritable: the ones not made because of that).
    """
    todo = [j for j in jobs if not is_cached(j[2])]
    counts = {MADE: 0, UNREADABLE: 0, UNWRITABLE: 0}
    total = len(todo)
    done = 0
    if progress:
        progress(0, total)

    def tally(status: str) -> None:
        nonlocal done
        counts[status] += 1
        done += 1
        if progress and (done % 25 == 0 or done == total):
            progress(done, total)

    workers = _workers()
    if workers > 1 and total >= POOL_FROM and os.name == "posix":  # selectors on pipes: POSIX only
        todo = _in_helpers(todo, min(workers, total), tally)
    for job in todo:
        status = make_cached(*job)
        if status == UNWRITABLE:
            break
        tally(status)
    counts[UNWRITABLE] = total - counts[MADE] - counts[UNREADABLE]
    if progress:
        progress(total, total)
    return counts


#: How a helper is started: this file run by path (``runpy``), so nothing of the caller's main module or of
#: the package is imported again, and the file's own folder is not put first on ``sys.path``.
_BOOT = (
    "import sys\nif sys.path and sys.path[0] == '':\n    del sys.path[0]\n"
    "import runpy\nrunpy.run_path(sys.argv[1])['_helper_main']()"
)


def _in_helpers(todo: list, workers: int, tally: Callable[[str], None]) -> list:
    """Make the thumbnails of ``todo`` in ``workers`` helper processes (an even share each); returns the jobs left
    to make here: all of them when no helper could start, those of a helper that ended early, none when the
    cache could not be written (the rest is then not made at all).

    A helper is this file run by the same Python (:data:`_BOOT`), started fresh
    rather than forked, so it is safe beside threads (a progress bar's) and does
    not run the caller's script again (as ``multiprocessing``'s spawn would). It
    reads its jobs as one JSON list on stdin and answers one status word per line.
    """
    import json
    import selectors
    import subprocess
    import sys

    shares = [todo[i::workers] for i in range(workers)]
    procs: list = []
    left: list = []
    full = False
    try:
        for share in shares:
            try:
                proc = subprocess.Popen(
                    [sys.executable, "-c", _BOOT, os.path.abspath(__file__), str(os.getpid())],
                    stdin=subprocess.PIPE,
                    stdout=subprocess.PIPE,
                    stderr=subprocess.DEVNULL,
                )
            except (OSError, ValueError):
                left.extend(share)
                continue
            procs.append([proc, share, 0, b""])  # process, jobs, answered, partial line
        for proc, share, _, _ in procs:
            try:
                proc.stdin.write(
                    json.dumps([[src, list(size), path] for src, size, path in share]).encode()
                )
                proc.stdin.close()
            except OSError:  # the helper ended already: its share is made here
                pass
        with selectors.DefaultSelector() as sel:
            for item in procs:
                sel.register(item[0].stdout.fileno(), selectors.EVENT_READ, item)
            while sel.get_map() and not full:
                for key, _ in sel.select():
                    item = key.data
                    data = os.read(key.fd, 65536)
                    if not data:
                        sel.unregister(key.fd)
                        continue
                    *lines, item[3] = (item[3] + data).split(b"\n")
                    for line in lines:
                        if line == UNWRITABLE.encode():
                            full = True
                        elif line in (MADE.encode(), UNREADABLE.encode()) and item[2] < len(
                            item[1]
                        ):
                            item[2] += 1
                            tally(line.decode())
                    if full:
                        break
    finally:
        for proc, _, _, _ in procs:
            if proc.poll() is None:
                proc.kill()
            proc.wait()
            proc.stdout.close()
    if full:
        return []
    for _, share, done, _ in procs:
        left.extend(share[done:])
    return left


def _helper_main() -> None:
    """A helper process (see :func:`_in_helpers`): make each job of the JSON list on stdin, print its status.

    Stops at the first thumbnail the cache cannot take, and when the process that started it has ended.
    """
    import json
    import sys

    parent = int(sys.argv[2]) if len(sys.argv) > 2 else None
    jobs = json.loads(sys.stdin.buffer.read() or b"[]")
    for src, size, path in jobs:
        if parent is not None and os.getppid() != parent:
            return
        status = make_cached(src, (int(size[0]), int(size[1])), path)
        print(status, flush=True)
        if status == UNWRITABLE:
            return
