"""The output folder of a site build: what may be replaced, temporary folders, leftovers.

A build renders into ``.NAME.build-PID-XXXX`` beside the output folder ``NAME``
and swaps it in (the old site goes to ``.NAME.old-PID-XXXX`` and is kept as
``.NAME.retired-PID-XXXX``, which the next build empties of its files while it reads the
catalogue and builds in: its folders need not be made again).
This module makes that safe for the files around it:

* :func:`resolve_out`: a symlinked output folder is followed, so the build
  goes into the link's target and the link itself stays as it is;
* :func:`check_database` and :func:`check_contents`: the database must not live inside the output
  folder, and the folder may only hold files a previous build wrote (listed in the
  marker file), since the swap replaces the whole folder;
* :func:`remove_stale`: temporary folders left by killed builds (whose process
  is gone) are removed at the start of the next build. A folder counts as a
  build's only when it holds the ownership file :data:`TEMP_MARKER` that the
  build wrote into it on creating it (or, for the ``.old-`` folder, before
  renaming the previous site to it): a folder of the user's that merely has
  a name like ``.site.old-2024`` is never touched;
* :func:`make_temp`: the temporary folder gets the permissions of a normal
  ``mkdir`` (the umask applies; ``tempfile.mkdtemp`` would make it 0700, which a
  web server running as another user cannot read).
"""

from __future__ import annotations

import json
import os
import re
import secrets
import shutil
from concurrent.futures import Executor, Future
from pathlib import Path

from smashup_db.i18n import N_
from smashup_db.site.paths import SiteError

#: Name of the marker file a build writes at the top of the site (JSON, with the list of files).
MARKER = ".smashup-site"
#: Ownership file inside a build's temporary folders (JSON ``{"pid", "kind"}``): only folders
#: holding it are ever removed as leftovers.
TEMP_MARKER = ".smashup-temp"
#: Threads that empty a retired site (:func:`start_folder`): the unlink calls wait on the file system.
THREADS = 4


def mark_temp(folder: Path, kind: str) -> None:
    """Write :data:`TEMP_MARKER` into ``folder``: it is a ``kind`` (build | old) folder of this process."""
    (folder / TEMP_MARKER).write_text(
        json.dumps({"pid": os.getpid(), "kind": kind}) + "\n", encoding="utf-8"
    )


def _owner(folder: Path) -> tuple[int | None, str] | bool:
    """``(build process id or None, kind)`` from ``folder``'s :data:`TEMP_MARKER`; False when there is no such marker."""
    marker = folder / TEMP_MARKER
    if marker.is_symlink() or not marker.is_file():
        return False
    try:
        doc = json.loads(marker.read_text(encoding="utf-8"))
        pid, kind = doc.get("pid"), doc.get("kind")
    except (OSError, ValueError, AttributeError):
        return None, ""
    return (pid if isinstance(pid, int) and not isinstance(pid, bool) else None), (
        kind if isinstance(kind, str) else ""
    )


def resolve_out(out: Path) -> Path:
    """``out`` as an absolute path; a symbolic link is replaced by the folder it points to.

    A link to a folder that does not exist yet is built into it when the
    folder's parent exists; a link that leads into missing folders is refused
    (:class:`SiteError`): no parent folders are created at a link's far end.
    """
    out = Path(out).expanduser().absolute()
    if out.is_symlink():
        target = out.resolve()
        if (
            not target.exists() and not target.parent.is_dir()
        ):  # no folders are created at the far end of a link
            raise SiteError(
                N_(
                    "{out} is a symbolic link to {target}, whose folder {folder} does not exist; "
                    "create it first or choose another --out"
                ),
                out=str(out),
                target=str(target),
                folder=str(target.parent),
            )
        if target.exists() and not target.is_dir():
            raise SiteError(
                N_("{out} links to {target}, which is not a folder; choose another --out"),
                out=out,
                target=target,
            )
        return target
    return out


def written_files(root: Path, skip: tuple[str, ...] = ()) -> list[str]:
    """Every file (and symlink) below ``root`` as a sorted list of '/'-separated relative paths
    (the marker excluded; ``skip``: names of folders at the top not to list). Symlinked folders are
    listed, not followed; read with ``os.scandir`` (the kind of each entry comes with the listing:
    no ``stat`` per file)."""
    files: list[str] = []

    def walk(path: str, rel: str) -> None:
        with os.scandir(path) as entries:
            for entry in entries:
                if entry.is_dir(follow_symlinks=False):
                    if rel or entry.name not in skip:
                        walk(entry.path, rel + entry.name + "/")
                else:
                    files.append(rel + entry.name)

    walk(os.fspath(root), "")
    return sorted(f for f in files if f not in (MARKER, TEMP_MARKER))


def check_database(out: Path, db_path: str | None) -> None:
    """Refuse to build into ``out`` when the database being read lies inside it (a build replaces ``out``).

    ``db_path``: the SQLite file being read (None for a server database). Raises :class:`SiteError`.
    """
    if db_path:
        db = Path(db_path).expanduser().resolve()
        if out.resolve() in db.parents:
            raise SiteError(
                N_(
                    "the database {db} is inside the output folder {out}, which a build replaces as a whole; move the database elsewhere (and point --db or SMASHUP_DB to it) or choose another --out"
                ),
                db=db,
                out=out,
            )


def check_contents(out: Path, shipped: frozenset[str] | set[str] = frozenset()) -> None:
    """Refuse to replace ``out`` when it holds something a build did not write.

    Raises :class:`SiteError` when ``out`` holds a file that is not in the file list of the marker
    of the previous build (sites built before that list existed are not checked file by file).
    It reads the whole folder, so a build runs it on a thread while it reads the catalogue and asks
    for the outcome before it writes the files made from the whole catalogue (before the swap, the
    first moment ``out`` is changed). Files ``shipped`` with ``--extra`` (relative paths) are the
    build's own.
    """
    marker = out / MARKER
    if not marker.is_file():
        return
    try:
        listed = json.loads(marker.read_text(encoding="utf-8")).get("files")
    except (OSError, ValueError, AttributeError):
        listed = None
    if not isinstance(listed, list):
        return
    known = set(listed) | shipped
    foreign = [f for f in written_files(out) if f not in known]
    if foreign:
        if len(foreign) > 1:
            raise SiteError(
                N_(
                    "{out} holds {file} and {more} more, not written by a site build; a build replaces the "
                    "whole folder, so move such files out of it or choose another --out"
                ),
                out=out,
                file=foreign[0],
                more=len(foreign) - 1,
            )
        raise SiteError(
            N_(
                "{out} holds {file}, not written by a site build; a build replaces the whole folder, so "
                "move such files out of it or choose another --out"
            ),
            out=out,
            file=foreign[0],
        )


_TEMP = re.compile(r"^\.(?P<name>.+)\.(?P<kind>build|old|retired|spare)-(?:(?P<pid>\d+)-)?[^/]*$")


def _alive(pid: int) -> bool:
    if pid == os.getpid():
        return True
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except OSError:  # exists, but belongs to someone else
        return True
    return True


def _temp_folders(
    out: Path, kinds=("build", "old", "retired", "spare")
) -> list[tuple[Path, int | None, str]]:
    """``(folder, pid, kind)`` of the temporary folders of builds into ``out`` beside it (those holding a
    build's :data:`TEMP_MARKER`; a user's folder merely named like one is not listed)."""
    try:
        entries = sorted(out.parent.iterdir())
    except OSError:
        return []
    found = []
    for entry in entries:
        m = _TEMP.match(entry.name)
        if not m or m.group("name") != out.name or m.group("kind") not in kinds:
            continue
        if entry.is_symlink() or not entry.is_dir():
            continue
        owner = _owner(entry)
        if owner is False:  # not made by a build: the user's own folder
            continue
        found.append((entry, owner[0], owner[1]))
    return found


def remove_stale(out: Path) -> list[Path]:
    """Remove ``.NAME.build-*`` / ``.NAME.old-*`` folders beside ``out`` left by killed builds.

    Only folders holding a build's :data:`TEMP_MARKER` are candidates (a
    user's folder named like one is kept); of those, a folder whose build
    process still runs (another build in progress) is kept, and so is the site before last
    (``.NAME.retired-*``) a build may start from (:func:`start_folder`). Returns the folders removed.
    """
    removed = []
    for entry, pid, _kind in _temp_folders(out, ("build", "old")):
        if isinstance(pid, int) and _alive(pid):
            continue
        shutil.rmtree(entry, ignore_errors=True)
        removed.append(entry)
    return removed


def retire(old: Path, out: Path) -> None:
    """Keep the replaced site ``old`` (a ``.NAME.old-*`` folder) as ``.NAME.retired-*``, which the next
    build into ``out`` empties of its files and builds in (:func:`start_folder`); on any error it is
    removed altogether.

    Creating thousands of folders is the kernel's slow work (on ext4 many times slower for a while
    after many were deleted); a rebuild that reuses most pages would spend most of its time on it, so
    the folders are kept. Their files are removed by the next build, on threads, while it reads the
    catalogue (:func:`empty_later`): then that work overlaps with Python's, where emptying the folder
    here would add to this build's time. Nothing runs on after the build: the folder just waits.
    """
    try:
        (old / TEMP_MARKER).write_text(
            json.dumps({"pid": None, "kind": "retired"}) + "\n", encoding="utf-8"
        )
        os.rename(old, temp_name(out, "retired"))
    except BaseException as exc:  # a Ctrl+C, a folder that cannot be renamed: nothing left
        shutil.rmtree(old, ignore_errors=True)
        if not isinstance(exc, OSError):
            raise


def _emptied(root: str, pool: Executor) -> list[str] | None:
    """Remove every file and link below ``root`` (its ownership file aside; links to folders are removed,
    not followed) on the threads of ``pool``; returns the folders left (relative, ``/``-separated), or
    None when the folder could not be read or emptied."""
    files: list[str] = []
    folders: list[str] = []
    todo = [(root, "")]
    try:
        while todo:
            path, rel = todo.pop()
            with os.scandir(path) as entries:
                for entry in entries:
                    if entry.is_dir(follow_symlinks=False):
                        folders.append(rel + entry.name)
                        todo.append((entry.path, rel + entry.name + "/"))
                    elif not (rel == "" and entry.name == TEMP_MARKER):
                        files.append(entry.path)
        share = -(-len(files) // (THREADS - 1)) or 1  # this task holds one of the pool's threads
        for _ in pool.map(_unlink_all, [files[i : i + share] for i in range(0, len(files), share)]):
            pass  # raises the first OSError
    except OSError:
        return None
    return folders


def _unlink_all(paths: list[str]) -> None:
    for path in paths:
        os.unlink(path)


def start_folder(out: Path, pool: Executor) -> tuple[Path, Future]:
    """The build folder for ``out`` and a future of the folders it already has (relative,
    ``/``-separated; None when it could not be emptied: see :func:`ready_folder`).

    The folder is the site a previous build replaced (``.NAME.retired-*``, :func:`retire`; or the
    ``.NAME.spare-*`` of an older version), taken with a rename and emptied of its files by a task on
    ``pool`` while the caller goes on (reads the catalogue); else a new one (:func:`make_temp`).
    Other such folders are removed. Raises :class:`SiteError` as :func:`make_temp`.
    """
    chosen = None
    for entry, _pid, kind in _temp_folders(out, ("retired", "spare")):
        if kind not in ("retired", "spare"):  # its ownership file says otherwise: not one of ours
            continue
        if chosen is None:
            tmp = temp_name(out, "build")
            try:
                os.rename(entry, tmp)  # another build may take it first: then it is gone here
            except OSError:
                continue
            mark_temp(tmp, "build")
            chosen = (tmp, pool.submit(_emptied, os.fspath(tmp), pool))
            continue
        shutil.rmtree(entry, ignore_errors=True)
    if chosen is None:
        done: Future = Future()
        done.set_result([])
        chosen = (make_temp(out), done)
    return chosen


def ready_folder(out: Path, tmp: Path, folders: Future) -> tuple[Path, list[str]]:
    """Wait for :func:`start_folder`'s ``folders``; returns the build folder and the folders it has. A
    folder that could not be emptied is removed and a new one made (:func:`make_temp`)."""
    skeleton = folders.result()
    if skeleton is not None:
        return tmp, skeleton
    shutil.rmtree(tmp, ignore_errors=True)
    return make_temp(out), []


def prune(root: Path, folders: list[str], files: list[str]) -> None:
    """Remove the ``folders`` (relative to ``root``) that hold none of ``files``: the folders of the site
    before last of pages the build no longer has. Raises ``OSError``."""
    used = set()
    for rel in files:
        parts = rel.split("/")[:-1]
        for i in range(1, len(parts) + 1):
            used.add("/".join(parts[:i]))
    for rel in sorted((f for f in folders if f not in used), key=lambda f: -f.count("/")):
        os.rmdir(os.path.join(root, rel))


def temp_name(out: Path, kind: str) -> Path:
    """A fresh ``.NAME.<kind>-PID-XXXXXXXX`` path beside ``out`` (not created)."""
    return out.parent / f".{out.name}.{kind}-{os.getpid()}-{secrets.token_hex(4)}"


def make_temp(out: Path) -> Path:
    """Create the build folder beside ``out`` (permissions from the umask, like ``mkdir``).

    ``out``'s parent folder must exist (no parent folders are created, as every other writer of
    ours: a mistyped ``--out`` path is refused, not built). Raises :class:`SiteError` (one line)
    when it is missing or the folder cannot be created, e.g. for ``--out /sys/x``.
    """
    if not out.parent.is_dir():
        raise SiteError(
            N_("cannot write {path}: the folder {folder} does not exist"),
            path=out,
            folder=out.parent,
        )
    try:
        for _ in range(100):
            tmp = temp_name(out, "build")
            try:
                os.mkdir(tmp)
            except FileExistsError:
                continue
            mark_temp(tmp, "build")
            return tmp
        raise FileExistsError(f"cannot find a free temporary name beside {out}")
    except OSError as exc:
        raise SiteError(
            N_(
                "cannot create the site folder {out}: {value}; choose an --out in a folder you can write to"
            ),
            out=out,
            value=exc.strerror or exc,
        ) from None
