"""The output folder of a site build: what may be replaced, temporary folders, leftovers.

A build renders into ``.NAME.build-PID-XXXX`` beside the output folder ``NAME``
and swaps it in (the old site goes to ``.NAME.old-PID-XXXX`` and is removed).
This module makes that safe for the files around it:

* :func:`resolve_out`: a symlinked output folder is followed, so the build
  goes into the link's target and the link itself stays as it is;
* :func:`check_contents`: the database must not live inside the output folder,
  and the folder may only hold files a previous build wrote (listed in the
  marker file), since the swap replaces the whole folder;
* :func:`remove_stale`: temporary folders left by killed builds (whose process
  is gone) are removed at the start of the next build;
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

from smashup_db.site.paths import SiteError
from smashup_db.i18n import N_

#: Name of the marker file a build writes at the top of the site (JSON, with the list of files).
MARKER = ".smashup-site"


def resolve_out(out: Path) -> Path:
    """``out`` as an absolute path; a symbolic link is replaced by the folder it points to."""
    out = Path(out).expanduser().absolute()
    if out.is_symlink():
        target = out.resolve()
        if target.exists() and not target.is_dir():
            raise SiteError(N_("{out} links to {target}, which is not a folder; choose another --out"), out=out, target=target)
        return target
    return out


def written_files(root: Path) -> list[str]:
    """Every file (and symlink) below ``root`` as a sorted list of '/'-separated relative paths
    (the marker excluded). Symlinked folders are listed, not followed; read with ``os.scandir``
    (the kind of each entry comes with the listing: no ``stat`` per file)."""
    files: list[str] = []

    def walk(path: str, rel: str) -> None:
        with os.scandir(path) as entries:
            for entry in entries:
                if entry.is_dir(follow_symlinks=False):
                    walk(entry.path, rel + entry.name + "/")
                else:
                    files.append(rel + entry.name)

    walk(os.fspath(root), "")
    return sorted(f for f in files if f != MARKER)


def check_contents(out: Path, db_path: str | None) -> None:
    """Refuse to replace ``out`` when it holds something a build did not write.

    ``db_path``: the SQLite file being read (None for a server database).
    Raises :class:`SiteError` when the database file lies inside ``out``, or
    when ``out`` holds a file that is not in the file list of the marker of
    the previous build (sites built before that list existed are not checked
    file by file).
    """
    if db_path:
        db = Path(db_path).expanduser().resolve()
        if out.resolve() in db.parents:
            raise SiteError(N_("the database {db} is inside the output folder {out}, which a build replaces as a whole; move the database elsewhere (and point --db or SMASHUP_DB to it) or choose another --out"), db=db, out=out)
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
            raise SiteError(N_("{out} holds {file} and {more} more, not written by a site build; a build replaces the "
                               "whole folder, so move such files out of it or choose another --out"),
                            out=out, file=foreign[0], more=len(foreign) - 1)
        raise SiteError(N_("{out} holds {file}, not written by a site build; a build replaces the whole folder, so "
                           "move such files out of it or choose another --out"), out=out, file=foreign[0])


_TEMP = re.compile(r"^\.(?P<name>.+)\.(?:build|old)-(?:(?P<pid>\d+)-)?[^/]*$")


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


def remove_stale(out: Path) -> list[Path]:
    """Remove ``.NAME.build-*`` / ``.NAME.old-*`` folders beside ``out`` left by killed builds.

    A folder whose name carries the id of a running process (another build
    in progress) is kept; older folders without a process id (written by
    earlier versions) are removed. Returns the folders removed.
    """
    removed = []
    try:
        entries = list(out.parent.iterdir())
    except OSError:
        return removed
    for entry in entries:
        m = _TEMP.match(entry.name)
        if not m or m.group("name") != out.name or entry.is_symlink() or not entry.is_dir():
            continue
        if m.group("pid") and _alive(int(m.group("pid"))):
            continue
        shutil.rmtree(entry, ignore_errors=True)
        removed.append(entry)
    return removed


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
                return tmp
            except FileExistsError:
                continue
        raise FileExistsError(f"cannot find a free temporary name beside {out}")
    except OSError as exc:
        raise SiteError(N_("cannot create the site folder {out}: {value}; choose an --out in a folder you can write to"), out=out, value=exc.strerror or exc) from None
