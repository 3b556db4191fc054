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
    tmp = None
    try:
        fd, tmp = tempfile.mkstemp(
            prefix=f".{final.name}.", suffix=".tmp", dir=str(final.parent or ".")
        )
        with os.fdopen(fd, "w", encoding="utf-8", newline=newline) as fh:
            fh.write(text)
            fh.flush()
            os.fsync(fh.fileno())
        os.chmod(tmp, mode if mode is not None else 0o666 & ~_umask())
        os.replace(tmp, final)
        tmp = None
    except OSError as exc:
        raise error(
            N_("cannot write {path}: {reason}"), path=str(path), reason=exc.strerror or str(exc)
        ) from None
    finally:
        if tmp is not None:
            try:
                os.unlink(tmp)
            except OSError:
                pass
    return final
