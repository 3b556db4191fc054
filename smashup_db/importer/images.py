"""Import the card archive's pictures of cards and bases (``smashup import images``).

The card archive publishes a picture of each card and base: its JSON records
name it in ``imageUrl`` (``card-art/<folder>/<file>.webp``, a path below the
``card-art`` folder's parent). Like the rules text, the pictures are AEG's work:
they are never part of the project, its database or its package; each user
imports them into the *images folder* beside the database (:func:`images_dir`).

What an import does:

1. reads the archive JSON (the files given, else ``smashup-catalog.json`` and
   ``smashup-bases.json`` beside the ``card-art`` folder or URL) and matches its
   records to the catalogue exactly as ``import text`` does
   (:class:`~smashup_db.importer.card_archive.Matcher`);
2. reads every matched record's picture from the folder (or base URL), bounded
   (:data:`MAX_IMAGE_BYTES` per file, :data:`MAX_IMAGES` files,
   :data:`MAX_TOTAL_BYTES` in all) and checks with Pillow that it is a whole
   picture (WebP, PNG or JPEG, at most :data:`MAX_SIDE` pixels a side); a damaged
   or non-image file stops the import with one line naming it, before anything
   is written;
3. writes the new or changed pictures as ``<kind>/<id>.<ext>`` (names made from
   our catalogue ids, never from the source) and the index ``images.json``
   (per picture: file, width, height, size in bytes, sha256, source, and the archive
   ``record`` it came from: data set and ``imageUrl``; the index also keeps the latest
   SHA-256 of each archive JSON read, under ``archives``). A stored picture is removed only
   when its record is read again in this run and matches no card or base now (more
   than :data:`PRUNE_FEW` such removals need ``prune`` or a yes from ``confirm``); a
   picture not found this time, or whose record was not read, is kept and counted
   as ``kept``. Temporary files a killed import left are removed first, under the
   folder's lock (``images.json.lock``). Importing the same folder again changes
   nothing (0 changes);
4. makes the thumbnail the site shows of every stored picture whose thumbnail is
   not in the thumbnail cache yet (:mod:`smashup_db.importer.thumbs`, on up to
   four processes), so the next site build copies them instead of making them.
   A cache folder that cannot be made or written leaves them to the build; the
   import does not fail for it.

The images folder layout::

    images.json                     {"version": 1, "images": {"card/<id>": {...}, "base/<id>": {...}}}
    card/<id>.webp   base/<id>.webp

Pillow is imported only when pictures are checked.
"""

from __future__ import annotations

import json
import os
import re
import stat
import time
from collections import Counter

from smashup_db.errors import Message
from smashup_db.i18n import N_
from smashup_db.importer import ImportFileError
from smashup_db.importer.files import RunClock, is_url, label_of
from smashup_db.importer.image_index import (  # noqa: F401  (the read side, re-exported)
    ENV_VAR,
    FORMATS,
    INDEX,
    KINDS,
    SAFE_ID,
    images_dir,
    picture,
    read_index,
)

#: Largest picture accepted (the archive's are at most 200 KB).
MAX_IMAGE_BYTES = 4 * 1024 * 1024
#: Most pictures one import reads (the archive has 1,608).
MAX_IMAGES = 10_000
#: Most bytes one import reads in all (the archive's folder is 75 MB).
MAX_TOTAL_BYTES = 1024 * 1024 * 1024
#: Longest side of a picture in pixels (the archive's are 375 x 525).
MAX_SIDE = 4096
#: Deepest folder below ``card-art`` that is looked at (the archive's are 2 deep; ``imageUrl`` allows 9).
MAX_DEPTH = 16
#: Most stored pictures one run removes without ``--prune`` (or a yes on a terminal).
PRUNE_FEW = 5
#: A temporary file :func:`~smashup_db.common.safe_write.write_atomic` leaves when killed: ``.<name>.<random>.tmp``.
#: Its random part (checked apart: one pattern for the whole name would backtrack over the dots).
LEFTOVER_RANDOM = re.compile(r"[A-Za-z0-9_]{6,}")


def is_leftover(name: str) -> bool:
    """True when ``name`` is a temporary file :func:`~smashup_db.common.safe_write.write_atomic` left:
    ``.<name>.<random>.tmp`` (linear time: split at the last dot, no backtracking pattern)."""
    if not (name.startswith(".") and name.endswith(".tmp")):
        return False
    head, _, random_part = name[1:-4].rpartition(".")
    return bool(head) and LEFTOVER_RANDOM.fullmatch(random_part) is not None


#: An archive ``imageUrl``: ``card-art/`` then plain path segments (no "..", no absolute path, no query).
IMAGE_URL = re.compile(
    r"card-art/((?:[A-Za-z0-9_-][A-Za-z0-9_.-]{0,99}/){0,8}[A-Za-z0-9_-][A-Za-z0-9_.-]{0,99}"
    r"\.(?:webp|png|jpe?g))"
)
ARCHIVE_NAMES = ("smashup-catalog.json", "smashup-bases.json")


def _index_archives(folder: str) -> dict[str, str]:
    """``{archive label: SHA-256}`` of the archive JSON files recorded in the index (the latest of each)."""
    try:
        with open(os.path.join(folder, INDEX), encoding="utf-8") as fh:
            doc = json.load(fh)
    except (OSError, ValueError):
        return {}
    found = doc.get("archives") if isinstance(doc, dict) else None
    if not isinstance(found, dict):
        return {}
    return {str(k): v for k, v in found.items() if isinstance(v, str)}


class ImageImportReport:
    """What ``import images`` did.

    ``source``: the folder or URL as recorded; ``folder``: the images folder;
    ``records``: archive records read; ``matched``: pictures stored for a card
    or base; ``unmatched``: records no catalogue entry was found for, and files
    of the folder no matched record names (:class:`Message` list);
    ``not_found``: matched records whose picture is not in the source;
    ``missing``: kind -> catalogue entries still without a picture;
    ``images``: added, changed, unchanged, removed, kept (stored pictures this run
    did not bring again and did not remove), held (of those, pictures whose record
    matches nothing now, kept for want of ``--prune``); ``archives``: archive JSON
    label -> SHA-256 of the bytes read; ``thumbnails``: made (now),
    cached (there before), not_made (the cache folder could not take them, or a
    picture could not be decoded: the site build tries again); ``thumbs_cache``:
    the thumbnail cache folder, None when it cannot be used; ``seconds``: wall time.
    """

    def __init__(self, source: str, folder: str):
        self.source, self.folder = source, folder
        self.records = 0
        self.matched = 0
        self.unmatched: list[Message] = []
        self.not_found: list[Message] = []
        self.missing: dict[str, int] = {}
        self.archives: dict[str, str] = {}
        self.images: Counter = Counter()
        self.thumbnails: Counter = Counter()
        self.thumbs_cache: str | None = None
        self.seconds = 0.0

    @property
    def changes(self) -> int:
        """Pictures added, changed or removed (0 when the folder already had exactly these)."""
        return self.images["added"] + self.images["changed"] + self.images["removed"]

    def as_dict(self) -> dict:
        """The report as JSON-ready data (messages as English sentences)."""
        return {
            "source": self.source,
            "folder": self.folder,
            "records": self.records,
            "matched": self.matched,
            "unmatched": [str(m) for m in self.unmatched],
            "not_found": [str(m) for m in self.not_found],
            "images": {
                k: self.images[k]
                for k in ("added", "changed", "unchanged", "removed", "kept", "held")
            },
            "archives": self.archives,
            "changes": self.changes,
            "missing": self.missing,
            "thumbnails": {k: self.thumbnails[k] for k in ("made", "cached", "not_made")},
            "thumbs_cache": self.thumbs_cache,
            "seconds": round(self.seconds, 3),
        }


# --------------------------------------------------------------------------- the source


class _Source:
    """A ``card-art`` folder or the base URL of one; reads pictures by their path below it."""

    def __init__(self, source: str, pinned: bool = False):
        self.given = source
        self.url = is_url(source)
        self.pinned = pinned
        #: one deadline for every URL of the run, the archive JSON files and the pictures
        self.clock = RunClock(source)
        if self.url:
            self.root = source.rstrip("/") + "/"
            return
        root = os.path.abspath(os.path.expanduser(source))
        if not os.path.isdir(root):
            if os.path.exists(root):
                raise ImportFileError(
                    N_("not a folder; give the archive's card-art folder or the URL of one"),
                    prefix=source,
                )
            raise ImportFileError(N_("folder not found"), prefix=source)
        self.root = os.path.realpath(root)

    def archives(self) -> list[str]:
        """The archive JSON files beside the folder (or URL): those of :data:`ARCHIVE_NAMES` that exist."""
        if self.url:
            from urllib.parse import urljoin

            return [urljoin(self.root, "../" + name) for name in ARCHIVE_NAMES]
        parent = os.path.dirname(self.root)
        return [p for p in (os.path.join(parent, n) for n in ARCHIVE_NAMES) if os.path.isfile(p)]

    def files(self) -> set[str]:
        """Every picture file below a local folder, as a path relative to it (``/``-separated); empty for a URL."""
        if self.url:
            return set()
        found: set[str] = set()
        stack = [("", 0)]  # a walk of our own: os.walk recurses, and a deep tree would overflow it
        while stack:
            rel, depth = stack.pop()
            try:
                entries = sorted(os.scandir(os.path.join(self.root, rel)), key=lambda e: e.name)
            except OSError:
                continue
            for entry in entries:
                if entry.name.startswith("."):
                    continue
                path = f"{rel}/{entry.name}" if rel else entry.name
                if entry.is_dir(follow_symlinks=False):
                    if depth >= MAX_DEPTH:
                        raise ImportFileError(
                            N_("folders nested more than {n} deep; not a card-art folder"),
                            prefix=self.given,
                            n=MAX_DEPTH,
                        )
                    stack.append((path, depth + 1))
                    continue
                found.add(path)
                if len(found) > MAX_IMAGES:
                    raise ImportFileError(
                        N_("more than {n} files; not imported"), prefix=self.given, n=MAX_IMAGES
                    )
        return found

    def shown(self, rel: str) -> str:
        """How a picture of the source is named in messages: the URL, or the file's path (on one line:
        control characters, a newline too, written as escapes)."""
        from smashup_db.common.sanitize import printable

        name = self.root + rel if self.url else os.path.join(self.given, *rel.split("/"))
        return printable(name, one_line=True)

    def read(self, rel: str) -> bytes | None:
        """The bytes of picture ``rel`` (at most :data:`MAX_IMAGE_BYTES`), None when it is not there.

        A local picture must be a regular file inside the folder (a link out of
        it is refused). Raises :class:`ImportFileError` naming the file.
        """
        shown = self.shown(rel)
        too_big = ImportFileError(
            N_("larger than {n} MB; not a card picture; nothing imported"),
            prefix=shown,
            n=MAX_IMAGE_BYTES // (1024 * 1024),
        )
        if self.url:
            return self._download(rel, too_big)
        path = os.path.join(self.root, *rel.split("/"))
        real = os.path.realpath(path)
        if os.path.commonpath([real, self.root]) != self.root:
            raise ImportFileError(
                N_("points outside the folder {folder}; not imported"),
                prefix=shown,
                folder=self.given,
            )
        try:
            info = os.stat(real)
        except FileNotFoundError:
            return None
        except OSError as exc:
            raise ImportFileError(
                N_("cannot read: {value}"), prefix=shown, value=exc.strerror or exc
            ) from None
        if not stat.S_ISREG(info.st_mode):
            raise ImportFileError(N_("not a regular file; nothing imported"), prefix=shown)
        if info.st_size > MAX_IMAGE_BYTES:
            raise too_big
        try:
            with open(real, "rb") as fh:
                data = fh.read(MAX_IMAGE_BYTES + 1)
        except OSError as exc:
            raise ImportFileError(
                N_("cannot read: {value}"), prefix=shown, value=exc.strerror or exc
            ) from None
        if len(data) > MAX_IMAGE_BYTES:
            raise too_big
        return data

    def _download(self, rel: str, too_big: ImportFileError) -> bytes | None:
        """Picture ``rel`` of a URL source, read no further than :data:`MAX_IMAGE_BYTES` and within the
        time left of the whole import (:class:`~smashup_db.importer.files.RunClock`); None for HTTP 404."""
        from smashup_db.importer.files import FetchError, TooLargeError

        try:
            data = self.clock.read(self.root + rel, max_bytes=MAX_IMAGE_BYTES)
        except TooLargeError:
            raise too_big from None
        except FetchError as exc:
            if self.pinned:
                from smashup_db.importer.pinned import offline_error

                raise offline_error(exc) from None
            raise
        except ImportFileError as exc:
            if exc.values.get("code") == 404:
                return None
            raise
        return data


def check_picture(shown: str, data: bytes) -> tuple[str, int, int]:
    """``(extension, width, height)`` of a whole picture; :class:`ImportFileError` naming ``shown`` otherwise.

    The picture is decoded in full with Pillow (a truncated WebP fails here);
    only WebP, PNG and JPEG of at most :data:`MAX_SIDE` pixels a side are accepted.
    """
    import io

    from PIL import Image, UnidentifiedImageError

    try:
        with Image.open(io.BytesIO(data)) as img:
            fmt, (width, height) = img.format, img.size
            if fmt not in FORMATS:
                raise ImportFileError(
                    N_("a {format} picture; only WebP, PNG or JPEG is accepted; nothing imported"),
                    prefix=shown,
                    format=fmt,
                )
            if width > MAX_SIDE or height > MAX_SIDE or width < 1 or height < 1:
                raise ImportFileError(
                    N_(
                        "{width}x{height} pixels is not the size of a card picture; nothing imported"
                    ),
                    prefix=shown,
                    width=width,
                    height=height,
                )
            img.load()
    except ImportFileError:
        raise
    except UnidentifiedImageError:
        raise ImportFileError(
            N_("not a picture (Pillow cannot read it); nothing imported"), prefix=shown
        ) from None
    except (OSError, ValueError, SyntaxError, Image.DecompressionBombError) as exc:
        raise ImportFileError(
            N_("a damaged picture ({why}); nothing imported"),
            prefix=shown,
            why=str(exc).splitlines()[0][:120] if str(exc) else type(exc).__name__,
        ) from None
    return FORMATS[fmt], width, height


# --------------------------------------------------------------------------- matching


def _image_url(doc, where: str):
    """The raw ``imageUrl`` of the record at ``where`` (``factions[3].cards[2]`` or ``bases[5]``) in ``doc``."""
    node = doc
    for name, index in re.findall(r"(\w+)\[(\d+)\]", where):
        node = node[name][int(index)]
    return node.get("imageUrl") if isinstance(node, dict) else None


def record_key(upstream: str, image_url: str) -> str:
    """The archive record a picture came from, as stored in the index: its data set and the
    ``imageUrl`` it names (what stays when the archive corrects the record's name)."""
    return f"{upstream} / {image_url[:300]}"


def _read_archives(
    archive_sources: list[str], pinned: bool, report: ImageImportReport, progress, clock: RunClock
):
    """``[(ArchiveFile, document)]`` of the archive JSON files; their SHA-256 go into ``report.archives``.
    Those read from URLs count against the run's ``clock``."""
    import hashlib

    from smashup_db.importer.card_archive import parse_archive
    from smashup_db.importer.files import decode, parse_json, read_bytes

    archives = []
    for s in archive_sources:
        if pinned:
            from smashup_db.importer import pinned as pinned_archive

            data = pinned_archive.fetch(
                s, lambda done, total: progress and progress("archive", done, total), clock
            )
        else:
            data = clock.read(s) if is_url(s) else read_bytes(s)
        doc = parse_json(s, decode(s, data))
        f = parse_archive(s, doc)
        report.archives[f.label] = hashlib.sha256(data).hexdigest()
        archives.append((f, doc))
    return archives


def _plan(
    db, archives: list, report: ImageImportReport
) -> tuple[dict[str, tuple], dict[str, str | None]]:
    """``(plan, seen)``: ``plan`` is ``{"card/<id>": (relative path below card-art, archive label, archive
    name, record key)}`` for every matched record with a picture; ``seen`` maps the key of every
    record read (:func:`record_key`) to the ``kind/id`` it matches now, or None."""
    from smashup_db.compiler.bootstrap import open_reader
    from smashup_db.importer.card_archive import Matcher, _describe, load_corrections

    plan: dict[str, tuple] = {}
    seen: dict[str, str | None] = {}
    claimed: dict[str, str] = {}
    reader = open_reader(db)
    try:
        matcher = Matcher(reader, load_corrections())
        for f, doc in archives:
            for rec in f.records:
                report.records += 1
                raw = _image_url(doc, rec.where)
                rkey = record_key(f.upstream, raw) if isinstance(raw, str) and raw else None
                ref, reason = matcher.match(rec)
                key = f"{rec.entity}/{ref}" if ref is not None and SAFE_ID.fullmatch(ref) else None
                if rkey is not None:  # what this record's picture matches now
                    seen[rkey] = key if seen.get(rkey) in (None, key) else seen[rkey]
                if key is None:
                    report.unmatched.append(_describe(rec, f.source, reason))
                    continue
                if raw is None or raw == "":
                    continue  # the archive has no picture of it: counted among the missing
                m = IMAGE_URL.fullmatch(raw) if isinstance(raw, str) else None
                if m is None or ".." in raw.split("/"):
                    report.unmatched.append(
                        _describe(
                            rec,
                            f.source,
                            Message(
                                N_("its imageUrl {url!r} is not a path below card-art/; ignored"),
                                url=str(raw)[:200],
                            ),
                        )
                    )
                    continue
                if key in claimed:
                    report.unmatched.append(
                        _describe(
                            rec,
                            f.source,
                            Message(
                                N_("same {entity} ({ref}) as {where}; ignored"),
                                entity=rec.entity,
                                ref=ref,
                                where=claimed[key],
                            ),
                        )
                    )
                    continue
                claimed[key] = rec.where
                plan[key] = (m.group(1), f.label, rec.name, rkey)
        ids = {kind: {r["id"] for r in reader.all(f"SELECT id FROM {kind}")} for kind in KINDS}
    finally:
        reader.close()
    report._ids = ids
    return plan, seen


# --------------------------------------------------------------------------- writing


def _regular_or_absent(path: str) -> bool:
    try:
        return stat.S_ISREG(os.lstat(path).st_mode)
    except FileNotFoundError:
        return True


def _safe_folder(folder: str, kind: str | None = None) -> str:
    """``folder`` (or its ``kind`` subfolder), created; refused when it is a link or not a folder."""
    path = os.path.join(folder, kind) if kind else folder
    os.makedirs(path, exist_ok=True)
    if kind and (os.path.islink(path) or not os.path.isdir(path)):
        raise ImportFileError(
            N_("{path} is not a folder this import made; move it away and import again"), path=path
        )
    return path


def import_images(
    db,
    source: str | None,
    archives: list[str] | None = None,
    folder: str | None = None,
    progress=None,
    thumbnails: bool = True,
    prune: bool = False,
    confirm=None,
) -> ImageImportReport:
    """Import the pictures of ``source`` (a ``card-art`` folder or its base URL) into the images folder.

    ``source`` None: the pinned archive (:mod:`smashup_db.importer.pinned`:
    its ``card-art`` URL and its two JSON files, checksums checked; offline,
    one line says how to import a local copy). ``archives``: the card archive's
    JSON files or URLs (default: those beside ``source``); ``folder``: the
    images folder (default :func:`images_dir` of ``db``). Everything is read and
    checked before anything is written; see the module doc for what is stored
    and when a stored picture is removed. ``prune``: remove every picture whose
    record matches nothing now; else more than :data:`PRUNE_FEW` are removed
    only when ``confirm(n)`` returns True (no ``confirm``: they are kept, counted
    ``held``). A URL import must finish within one deadline (:class:`~smashup_db.importer.files.RunClock`).
    Then the thumbnail cache is filled for the stored pictures (unless
    ``thumbnails`` is False). ``progress(stage, done, total)`` is called while
    pictures are read (stage ``"pictures"``) and thumbnails made
    (``"thumbnails"``). Returns an :class:`ImageImportReport`. Raises
    :class:`ImportFileError` (one line naming the file) for a missing source or
    archive, a damaged or non-image file, a limit exceeded, an answer that is
    not valid HTTP or the deadline passed; the images folder is then unchanged.
    """
    start = time.perf_counter()
    pinned = source is None
    if pinned:
        from smashup_db.importer import pinned as pinned_archive

        source = pinned_archive.card_art_url()
        archives = archives or pinned_archive.text_urls()
    src = _Source(source, pinned)
    folder = os.path.abspath(folder or images_dir(db))
    report = ImageImportReport(source if src.url else label_of(source), folder)
    archive_sources = list(archives or src.archives())
    if not archive_sources:
        raise ImportFileError(
            N_(
                "no card archive JSON (smashup-catalog.json, smashup-bases.json) beside this "
                "folder; give them after it: smashup import images FOLDER smashup-catalog.json "
                "smashup-bases.json"
            ),
            prefix=source,
        )
    plan, seen = _plan(
        db, _read_archives(archive_sources, pinned, report, progress, src.clock), report
    )
    if len(plan) > MAX_IMAGES:
        raise ImportFileError(
            N_("more than {n} pictures; not imported"), prefix=source, n=MAX_IMAGES
        )
    old = read_index(folder)
    new, payload = _read_pictures(src, plan, old, folder, report, progress)
    _count_matches(src, plan, new, report)
    _check_targets(folder, new, payload)
    gone = _count_changes(old, new, payload, seen, report, prune, confirm)
    _count_missing(new, report)
    archives = {**_index_archives(folder), **report.archives}
    # pictures, what the index says of them, or the archive files' checksums
    write = bool(report.changes or new != old or archives != _index_archives(folder))
    if write or os.path.isdir(folder):
        from smashup_db.db.transaction import file_lock

        if write:
            _safe_folder(folder)
        with file_lock(os.path.join(folder, INDEX)):  # one import writes the folder at a time
            _remove_leftovers(folder)
            if write and read_index(folder) != old:
                raise ImportFileError(
                    N_(
                        "another import changed this folder meanwhile; nothing written, import again"
                    ),
                    prefix=folder,
                )
            if write:
                _write_images(folder, old, new, payload, gone, archives)
    if thumbnails and new:
        _make_thumbnails(folder, new, report, progress)
    report.seconds = time.perf_counter() - start
    return report


def _remove_leftovers(folder: str) -> None:
    """Remove the temporary files a killed import left in ``folder`` and its kind folders
    (called under the folder's lock, so no running import owns them)."""
    for sub in ("", *KINDS):
        path = os.path.join(folder, sub)
        try:
            entries = list(os.scandir(path))
        except OSError:
            continue
        for entry in entries:
            if is_leftover(entry.name) and entry.is_file(follow_symlinks=False):
                try:
                    os.unlink(entry.path)
                except OSError:
                    pass


def _read_pictures(
    src: _Source, plan: dict, old: dict, folder: str, report: ImageImportReport, progress=None
) -> tuple[dict[str, dict], dict[str, bytes]]:
    """``(new index, {key: bytes to write})``: each planned picture read and checked; a picture
    already stored with the same bytes (its stored file's digest checked too) keeps its entry
    (with this source) and is not written again. Pictures the source lacks go to
    ``report.not_found``; too many bytes in all raise :class:`ImportFileError`."""
    import hashlib

    new: dict[str, dict] = {}
    payload: dict[str, bytes] = {}
    total = 0
    every = 1 if src.url else 50
    for done, key in enumerate(sorted(plan)):
        if progress and done % every == 0:
            progress("pictures", done, len(plan))
        rel, label, name, rkey = plan[key]
        data = src.read(rel)
        if data is None:
            report.not_found.append(_not_in_source(key, name, rel, key in old))
            continue
        total += len(data)
        if total > MAX_TOTAL_BYTES:
            raise ImportFileError(
                N_("more than {n} MB of pictures; not imported"),
                prefix=src.given,
                n=MAX_TOTAL_BYTES // (1024 * 1024),
            )
        digest = hashlib.sha256(data).hexdigest()
        prev = old.get(key)
        entry_source = (
            f"{report.source}/{rel} ({label})" if not src.url else f"{src.root}{rel} ({label})"
        )
        if prev and prev.get("sha256") == digest and stored_intact(folder, prev):
            new[key] = {**prev, "size": len(data), "source": entry_source, "record": rkey}
            continue
        ext, width, height = check_picture(src.shown(rel), data)
        kind, ref = key.split("/")
        new[key] = {
            "file": f"{kind}/{ref}{ext}",
            "width": width,
            "height": height,
            "size": len(data),
            "sha256": digest,
            "source": entry_source,
            "record": rkey,
        }
        payload[key] = data
    if progress:
        progress("pictures", len(plan), len(plan))
    return new, payload


def _not_in_source(key: str, name: str, rel: str, stored: bool = False) -> Message:
    """The line for a matched record whose picture the source lacks (``stored``: a picture is kept)."""
    if stored:
        template = (
            N_(
                "card {name!r}: its picture {file} is not in the source this time; the stored one is kept"
            )
            if key.startswith("card/")
            else N_(
                "base {name!r}: its picture {file} is not in the source this time; the stored one is kept"
            )
        )
    else:
        template = (
            N_("card {name!r}: its picture {file} is not in the source")
            if key.startswith("card/")
            else N_("base {name!r}: its picture {file} is not in the source")
        )
    return Message(template, name=name, file=rel)


def _count_matches(src: _Source, plan: dict, new: dict, report: ImageImportReport) -> None:
    """``report``'s matched pictures, the source's files no name matched, and things left without one."""
    report.matched = len(new)
    named = {entry[0] for entry in plan.values()}
    for rel in sorted(src.files() - named):
        report.unmatched.append(
            Message(
                N_("no matched card or base names this file; not imported"), prefix=src.shown(rel)
            )
        )


def _count_missing(new: dict, report: ImageImportReport) -> None:
    """``report.missing``: per kind, the catalogue entries without a picture in the index ``new``."""
    for kind in KINDS:
        report.missing[kind] = len(
            report._ids[kind] - {k.split("/")[1] for k in new if k.startswith(kind + "/")}
        )


def _check_targets(folder: str, new: dict, payload: dict) -> None:
    """Every target checked before the first write: never replace a link or device we did not create."""
    for key, entry in new.items():
        if key in payload and not _regular_or_absent(os.path.join(folder, entry["file"])):
            raise ImportFileError(
                N_("{path} is not a file this import made; move it away and import again"),
                path=os.path.join(folder, entry["file"]),
            )


def _count_changes(
    old: dict,
    new: dict,
    payload: dict,
    seen: dict,
    report: ImageImportReport,
    prune: bool = False,
    confirm=None,
) -> list[str]:
    """Count pictures added, changed, unchanged, removed, kept and held in ``report``; returns the
    keys to remove. A stored picture not in ``new`` is removed only when its record was read in
    this run (``seen``) and matches another entry or none now; any other is carried into ``new``
    as it is (kept). More than :data:`PRUNE_FEW` removals need ``prune`` or ``confirm(n)``."""
    for key in new:
        if key not in payload:
            report.images["unchanged"] += 1
        elif key in old:
            report.images["changed"] += 1
        else:
            report.images["added"] += 1
    stale = []
    for k in sorted(old):
        record = old[k].get("record")  # an index written by hand may hold anything here
        if k not in new and isinstance(record, str) and record in seen and seen[record] != k:
            stale.append(k)
    if len(stale) > PRUNE_FEW and not prune and not (confirm and confirm(len(stale))):
        report.images["held"] = len(stale)
        stale = []
    for k in old:
        if k not in new and k not in stale:
            new[k] = old[k]
            report.images["kept"] += 1
    report.images["removed"] = len(stale)
    return stale


def _write_images(
    folder: str, old: dict, new: dict, payload: dict, gone: list[str], archives: dict | None = None
) -> None:
    """Write the new pictures, remove the ones gone or renamed, then the index (each file atomically)."""
    # here, not at the top: a look-up reads pictures (picture()) without the writers' imports
    from smashup_db.common.safe_write import write_atomic

    _safe_folder(folder)
    for kind in KINDS:
        if any(k.startswith(kind + "/") for k in payload):
            _safe_folder(folder, kind)
    for key, data in payload.items():
        write_atomic(os.path.join(folder, new[key]["file"]), data, durable=False)
    for key in gone + [k for k in payload if k in old and old[k]["file"] != new[k]["file"]]:
        path = os.path.join(folder, old[key]["file"])
        if _regular_or_absent(path) and os.path.lexists(path):
            os.unlink(path)
    doc = {"version": 1, "archives": dict(sorted((archives or {}).items()))}
    doc["images"] = {k: new[k] for k in sorted(new)}
    write_atomic(
        os.path.join(folder, INDEX),
        (json.dumps(doc, ensure_ascii=False, indent=1) + "\n").encode(),
        durable=False,
    )


def _make_thumbnails(
    folder: str, index: dict[str, dict], report: ImageImportReport, progress=None
) -> None:
    """Fill the thumbnail cache for the pictures of ``index`` (stored in ``folder``); counts in ``report``."""
    from smashup_db.importer import thumbs

    cache = thumbs.usable_cache()
    report.thumbs_cache = cache
    if cache is None:
        report.thumbnails["not_made"] = len(index)
        return
    writable = os.access(cache, os.W_OK | os.X_OK)
    if writable:
        thumbs.remove_leftovers(cache)  # of an import or build killed while writing
    jobs = []
    for key in sorted(index):
        entry = index[key]
        digest = str(entry.get("sha256") or "")
        if len(digest) != 64:  # an index written by hand: the build leaves such a picture out
            report.thumbnails["not_made"] += 1
            continue
        size = thumbs.thumb_size(entry["width"], entry["height"])
        path = thumbs.cache_path(cache, digest, size)
        if thumbs.is_cached(path):
            report.thumbnails["cached"] += 1
        else:
            jobs.append((os.path.join(folder, entry["file"]), size, path))
    if not writable:  # a read-only cache: its thumbnails serve the build, the rest the build makes
        report.thumbnails["not_made"] += len(jobs)
        return
    counts = thumbs.fill_cache(
        jobs, (lambda done, total: progress("thumbnails", done, total)) if progress else None
    )
    report.thumbnails["made"] = counts[thumbs.MADE]
    report.thumbnails["not_made"] += counts[thumbs.UNREADABLE] + counts[thumbs.UNWRITABLE]


def stored_intact(folder: str, entry: dict) -> bool:
    """The stored file of index ``entry`` is a regular file (not a link) of the size and SHA-256 the
    index records: a picture altered in place since the import, even at the same size, is not."""
    import hashlib

    path = os.path.join(folder, entry["file"])
    try:
        info = os.lstat(path)
        if not stat.S_ISREG(info.st_mode) or info.st_size != entry.get("size"):
            return False
        with open(path, "rb") as fh:
            digest = hashlib.sha256(fh.read(MAX_IMAGE_BYTES + 1)).hexdigest()
    except OSError:
        return False
    return digest == entry.get("sha256")
