"""Files shipped with the site as they are: ``smashup site build --extra DIR`` (a ``CNAME``, a favicon, ``.nojekyll``).

:func:`read_extra` lists the files of ``DIR`` and refuses anything that is not a plain file or folder
(a symbolic link, a device, a pipe), a folder name that is not an id, a file name holding a separator,
and every name the build writes itself (the language folders, ``assets/``, ``index.html``, the
markers …), so a shipped file can neither leave the output folder nor replace a page.
:func:`copy_extra` copies them into the build folder (each path resolved by
the checks of :func:`~smashup_db.site.paths.safe_path`, never linked: the site keeps no tie to ``DIR``).
"""

from __future__ import annotations

import os
import shutil
import stat
from pathlib import Path

from smashup_db.common.sanitize import has_controls
from smashup_db.common.text import is_slug
from smashup_db.i18n import N_
from smashup_db.site.paths import SiteError

#: Names at the top of the site that the build writes itself (with the language codes).
OWN_TOP = frozenset(
    {
        "assets",
        "data",
        "pagefind",
        "index.html",
        "404.html",
        "sw.js",
        "manifest.webmanifest",
        "sitemap.xml",
        "robots.txt",
        ".smashup-site",
        ".smashup-temp",
    }
)


def read_extra(folder: Path | str, langs: list[str]) -> dict[str, str]:
    """``{relative path ('/'-separated): source path}`` of every file below ``folder``.

    Raises :class:`SiteError` (one line, naming the entry) for a missing folder, a symbolic link or
    anything but a regular file or folder, a folder name that is not an id (letters, digits, ``-``;
    a leading ``.`` allowed, as in ``.well-known``), a name the build writes itself or one of the
    languages in ``langs``.
    """
    top = os.fspath(folder)
    try:
        info = os.stat(top)
    except OSError:
        raise SiteError(N_("--extra {folder}: no such folder"), folder=top) from None
    if not stat.S_ISDIR(info.st_mode):
        raise SiteError(N_("--extra {folder}: not a folder"), folder=top)
    found: dict[str, str] = {}

    def walk(path: str, rel: str) -> None:
        with os.scandir(path) as entries:
            for entry in sorted(entries, key=lambda e: e.name):
                name = rel + entry.name
                if not rel and (entry.name in OWN_TOP or entry.name in langs):
                    raise SiteError(
                        N_("--extra: {name} is written by the build itself; rename or remove it"),
                        name=name,
                    )
                mode = entry.stat(follow_symlinks=False).st_mode
                if stat.S_ISDIR(mode):
                    _check_folder(entry.name)
                    walk(entry.path, name + "/")
                elif stat.S_ISREG(mode):
                    found[name] = entry.path
                else:
                    raise SiteError(
                        N_(
                            "--extra: {name} is not a plain file or folder (links and devices are not shipped)"
                        ),
                        name=name,
                    )

    try:
        walk(top, "")
    except OSError as exc:  # a folder that cannot be read
        raise SiteError(
            N_("--extra {folder}: cannot read {file}: {reason}"),
            folder=top,
            file=exc.filename or top,
            reason=exc.strerror or exc,
        ) from None
    return found


def copy_extra(files: dict[str, str], root: Path) -> None:
    """Copy ``files`` (from :func:`read_extra`) into the build folder ``root``; every path is checked
    to lie inside it. Raises :class:`SiteError` for a path that would leave it or a file the build
    already wrote, ``OSError`` when a copy fails."""
    base = root.resolve()
    for rel, src in files.items():
        *folders, filename = rel.split("/")
        for seg in folders:
            _check_folder(seg)
        if filename in (".", "..") or "\\" in filename or has_controls(filename):
            raise SiteError(N_("refusing file name {filename!r}"), filename=filename)
        target = base.joinpath(*folders, filename)
        if base not in target.resolve().parents:
            raise SiteError(N_("refusing page path outside the site folder: {path}"), path=target)
        if os.path.lexists(target):
            raise SiteError(
                N_("--extra: {name} is written by the build itself; rename or remove it"), name=rel
            )
        target.parent.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(src, target, follow_symlinks=False)


def _check_folder(seg: str) -> None:
    """Refuse a folder name that is not an id (a leading ``.`` allowed: ``.well-known``)."""
    if not is_slug(seg[1:] if seg.startswith(".") else seg):
        raise SiteError(
            N_("refusing page path: {seg!r} is not a valid id (letters, digits and '-' only)"),
            seg=seg,
        )
