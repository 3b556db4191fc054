"""Write a file the user named (an export, a share page) without ever replacing what is not a regular file.

Every writer of a user-named path goes through :func:`write_text`:

* ``-`` means standard output;
* a new name, or an existing regular file, is written atomically: the text
  goes into a temporary file in the same folder, is flushed to disk and then
  renamed over the target, so the target holds the old text or the new one,
  never a part. An existing file keeps its permissions; a new one gets those
  of a plain ``open()`` (``0666`` less the umask), not the ``0600`` of a
  temporary file;
* a symbolic link is followed: when it ends at a regular file, that file is
  replaced as above and the link stays as it is; a link that ends nowhere
  (dangling) or at anything else is refused (nothing is created at the far end);
* anything else (a folder, a device node, a FIFO, a socket) is refused with one
  line and left untouched;
* the folder must exist: no parent folders are created.

:func:`write_atomic` is the one atomic writer of the program (temporary file
beside the target, optionally flushed to disk, renamed over it); :func:`write_text`
adds the checks above for user-named paths, other callers (image files, caches)
use it directly.

Replacing a file by rename gives it a new inode, so other hard links to the old
file keep the old text. Errors are raised as the caller's error class (one
line naming the file), e.g. ``cannot write boxes.json: No space left on device``.
"""

from __future__ import annotations

import os
import stat
import sys
import tempfile
from pathlib import Path

from smashup_db.errors import N_, UserError


class WriteRefused(UserError, ValueError):
    """A target that must not be replaced (not a regular file, a dangling link, no folder) or cannot be written."""


def _umask() -> int:
    mask = os.umask(0)
    os.umask(mask)
    return mask


def target_of(path: Path, error: type[UserError] = WriteRefused) -> tuple[Path, int | None]:
    """``(file to replace, its permission bits or None when new)`` for the user-named ``path``.

    Raises ``error`` (one line) for a target that must not be replaced or a
    missing folder; nothing is created or changed.
    """
    try:
        info = os.lstat(path)
    except FileNotFoundError:
        folder = path.parent if str(path.parent) else Path(".")
        if not folder.is_dir():
            raise error(
                N_("cannot write {path}: the folder {folder} does not exist"),
                path=str(path),
                folder=str(folder),
            ) from None
        return path, None
    except OSError as exc:
        raise error(
            N_("cannot write {path}: {reason}"), path=str(path), reason=exc.strerror or str(exc)
        ) from None
    if stat.S_ISLNK(info.st_mode):
        real = Path(os.path.realpath(path))
        try:
            final = os.stat(path)
        except OSError:
            raise error(
                N_(
                    "{path} is a symbolic link to {target}, which does not exist; "
                    "nothing was written (give the target itself or another name)"
                ),
                path=str(path),
                target=os.readlink(path),
            ) from None
        if not stat.S_ISREG(final.st_mode):
            raise error(
                N_("{path} links to {target}, which is not a regular file; it was left untouched"),
                path=str(path),
                target=str(real),
            )
        return real, stat.S_IMODE(final.st_mode)
    if not stat.S_ISREG(info.st_mode):
        raise error(
            N_(
                "{path} is not a regular file (a folder, device, FIFO or socket); "
                "it was left untouched, choose another name"
            ),
            path=str(path),
        )
    return path, stat.S_IMODE(info.st_mode)


def write_text(
    target, text: str, error: type[UserError] = WriteRefused, newline: str = "\n"
) -> Path | None:
    """Write ``text`` (UTF-8) to the user-named ``target`` as the module doc says; returns the file written.

    ``target``: a path, or ``-`` for standard output (returns None then).
    ``newline``: how ``\\n`` is written (``""``: as it is). Raises ``error``
    (one line naming the file) when the target is refused or cannot be
    written (no permission, full disk); the target is then as it was.
    """
    if str(target) == "-":
        out = sys.stdout
        out.write(text)
        out.flush()
        return None
    path = Path(target)
    final, mode = target_of(path, error)
    try:
        write_atomic(
            final,
            text.encode("utf-8") if newline == "" else text.replace("\n", newline).encode("utf-8"),
            mode=mode if mode is not None else 0o666 & ~_umask(),
        )
    except OSError as exc:
        raise error(
            N_("cannot write {path}: {reason}"), path=str(path), reason=exc.strerror or str(exc)
        ) from None
    return final


def write_atomic(path, data: bytes, *, mode: int | None = None, durable: bool = True) -> None:
    """Write ``data`` at ``path`` whole or not at all: into a temporary file in the same folder,
    flushed to disk when ``durable`` (a file that must survive a power cut; a cache need not),
    given permission bits ``mode`` (None: the temporary file's ``0600``), then renamed over ``path``.

    No checks of what ``path`` is (see :func:`write_text` for user-named paths). Raises
    ``OSError``; the temporary file is then removed and ``path`` is as it was.
    """
    folder = os.path.dirname(os.fspath(path)) or "."
    fd, tmp = tempfile.mkstemp(prefix=f".{os.path.basename(path)}.", suffix=".tmp", dir=folder)
    try:
        with os.fdopen(fd, "wb") as fh:
            fh.write(data)
            if durable:
                fh.flush()
                os.fsync(fh.fileno())
        if mode is not None:
            os.chmod(tmp, mode)
        os.replace(tmp, path)
    except BaseException:
        try:
            os.unlink(tmp)
        except OSError:
            pass
        raise
