"""The output folder of a site build: what may be replaced, temporary folders, leftovers.

A build renders into ``.NAME.build-PID-XXXX`` beside the output folder ``NAME``
and swaps it in (the old site goes to ``.NAME.old-PID-XXXX``, is emptied of its
files and kept as ``.NAME.spare-PID-XXXX``, whose folders the next build starts from).
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
from pathlib import Path

from smashup_db.i18n import N_
from smashup_db.site.paths import SiteError

#: Name of the marker file a build writes at the top of the site (JSON, with the list of files).
MARKER = ".smashup-site"
#: Ownership file inside a build's temporary folders (JSON ``{"pid", "kind"}``): only folders
#: holding it are ever removed as leftovers.
TEMP_MARKER = ".smashup-temp"


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


def check_contents(out: Path) -> None:
    """Refuse to replace ``out`` when it holds something a build did not write.

    Raises :class:`SiteError` when ``out`` holds a file that is not in the file list of the marker
    of the previous build (sites built before that list existed are not checked file by file).
    It reads the whole folder, so a build runs it beside its pages and asks for the outcome
    before the swap, the first moment ``out`` is changed.
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
    known = set(listed)
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


_TEMP = re.compile(r"^\.(?P<name>.+)\.(?P<kind>build|old|spare)-(?:(?P<pid>\d+)-)?[^/]*$")


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


def _temp_folders(out: Path, kinds=("build", "old", "spare")) -> list[tuple[Path, int | None, str]]:
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
    process still runs (another build in progress) is kept, and so is the spare
    a build may start from (:func:`start_folder`). Returns the folders removed.
    """
    removed = []
    for entry, pid, _kind in _temp_folders(out, ("build", "old")):
        if isinstance(pid, int) and _alive(pid):
            continue
        shutil.rmtree(entry, ignore_errors=True)
        removed.append(entry)
    return removed


def hollow(old: Path, out: Path) -> None:
    """Empty the replaced site ``old`` of its files, keeping its folders as the spare ``.NAME.spare-*``
    the next build into ``out`` starts from (:func:`start_folder`); on any error it is removed altogether.

    Creating thousands of folders is the kernel's slow work (on ext4 many times slower for a while
    after many were deleted); a rebuild that reuses most pages would spend most of its time on it.
    The files are removed by a few threads (a ``ThreadPoolExecutor``: the kernel's work, done without
    the interpreter lock). The build calls this after its swap and waits for it, so nothing of it
    outlives the build; if the build is killed meanwhile, the folder (``.NAME.old-*``) is removed by the
    next one (:func:`remove_stale`).
    """
    from concurrent.futures import ThreadPoolExecutor

    from smashup_db.site.writer import THREADS

    try:
        files = [f for f in _files_below(os.fspath(old)) if f != os.path.join(old, TEMP_MARKER)]
        share = -(-len(files) // THREADS) or 1
        with ThreadPoolExecutor(max_workers=THREADS, thread_name_prefix="site-hollow") as pool:
            for _ in pool.map(
                _unlink_all, [files[i : i + share] for i in range(0, len(files), share)]
            ):
                pass  # raises the first OSError
        (old / TEMP_MARKER).write_text(
            json.dumps({"pid": None, "kind": "spare"}) + "\n", encoding="utf-8"
        )
        os.rename(old, temp_name(out, "spare"))
    except (
        BaseException
    ) as exc:  # a folder that cannot be emptied, a Ctrl+C: no spare, nothing left
        shutil.rmtree(old, ignore_errors=True)
        if not isinstance(exc, OSError):
            raise


def _files_below(top: str) -> list[str]:
    """Every file and symbolic link below ``top`` (links to folders are listed, not followed)."""
    found, folders = [], [top]
    while folders:
        with os.scandir(folders.pop()) as entries:
            for entry in entries:
                if entry.is_dir(follow_symlinks=False):
                    folders.append(entry.path)
                else:
                    found.append(entry.path)
    return found


def _unlink_all(paths: list[str]) -> None:
    for path in paths:
        os.unlink(path)


def _skeleton(root: Path) -> list[str] | None:
    """The folders below ``root`` (relative, ``/``-separated), or None when it holds anything but folders
    and its ownership file (a file, a link, a device: then it is no spare to build in)."""
    folders: list[str] = []

    def walk(path: str, rel: str) -> bool:
        with os.scandir(path) as entries:
            for entry in entries:
                if entry.is_dir(follow_symlinks=False):
                    folders.append(rel + entry.name)
                    if not walk(entry.path, rel + entry.name + "/"):
                        return False
                elif not (
                    rel == "" and entry.name == TEMP_MARKER and entry.is_file(follow_symlinks=False)
                ):
                    return False
        return True

    try:
        return folders if walk(os.fspath(root), "") else None
    except OSError:
        return None


def start_folder(out: Path) -> tuple[Path, list[str]]:
    """The build folder for ``out``: the spare a previous build left (:func:`hollow`), taken with a
    rename and checked to hold nothing but folders, else a new one (:func:`make_temp`).

    Returns ``(folder, the folders it already has)``; spares not used are removed. Raises
    :class:`SiteError` as :func:`make_temp`.
    """
    chosen = None
    for entry, _pid, kind in _temp_folders(out, ("spare",)):
        if (
            kind != "spare"
        ):  # named so only once emptied, its ownership file then says so: not one of ours
            continue
        if chosen is None:
            tmp = temp_name(out, "build")
            try:
                os.rename(entry, tmp)  # another build may take it first: then it is gone here
            except OSError:
                continue
            folders = _skeleton(tmp)
            if folders is not None:
                mark_temp(tmp, "build")
                chosen = (tmp, folders)
                continue
            entry = tmp
        shutil.rmtree(entry, ignore_errors=True)
    return chosen or (make_temp(out), [])


def prune(root: Path, folders: list[str], files: list[str]) -> None:
    """Remove the ``folders`` (relative to ``root``) that hold none of ``files``: the spare's folders
    of pages the build no longer has. Raises ``OSError``."""
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

    Creates ``out``'s parent folders when missing. Raises :class:`SiteError`
    (one line) when they cannot be created, e.g. for ``--out /sys/x``.
    """
    try:
        out.parent.mkdir(parents=True, exist_ok=True)
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
