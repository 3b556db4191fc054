"""Where templates live and where pages go; refuses any path that leaves the site.

Every folder name on the site comes from an id (slug). :func:`safe_path`
checks each segment with :func:`smashup_db.common.text.is_slug` and then checks
that the resolved path still lies inside the output folder, so a bad id can
never write outside it (``../../etc`` or ``/tmp/x`` are refused).
"""

from __future__ import annotations

from functools import lru_cache
from pathlib import Path

from smashup_db.common.resources import templates_root
from smashup_db.common.text import is_slug
from smashup_db.errors import UserError
from smashup_db.i18n import N_


class SiteError(UserError, ValueError):
    """The site cannot be built or served as asked (bad option, bad id, unusable folder)."""


def templates_dir() -> Path:
    """The Jinja2 templates of the site (``smashup_db/_templates/site`` in a wheel,
    ``<repo>/templates/site`` in a source checkout). Raises :class:`SiteError` if missing."""
    try:
        return templates_root() / "site"
    except UserError as exc:
        raise SiteError(exc) from None


def safe_path(root: Path, *segments: str, filename: str = "index.html") -> Path:
    """``root/seg1/seg2/.../filename`` after checking every segment is a slug.

    ``root`` is the output folder; the result is resolved and must lie inside it.
    Raises :class:`SiteError` naming the bad segment (e.g. ``'../etc'``).
    """
    for seg in segments:
        if not isinstance(seg, str) or not is_slug(seg):
            raise SiteError(
                N_("refusing page path: {seg!r} is not a valid id (letters, digits and '-' only)"),
                seg=seg,
            )
    if filename and (filename in (".", "..") or "/" in filename or "\\" in filename):
        raise SiteError(N_("refusing file name {filename!r}"), filename=filename)
    base = _resolved(str(root))
    path = base.joinpath(*segments, filename) if filename else base.joinpath(*segments)
    path = path.resolve()
    if path != base and base not in path.parents:
        raise SiteError(N_("refusing page path outside the site folder: {path}"), path=path)
    return path


@lru_cache(maxsize=64)
def _resolved(root: str) -> Path:
    return Path(root).resolve()


def page_url(base_url: str, *segments: str) -> str:
    """The URL of a folder page: ``base_url + 'en/cards/laser-sword/'`` (segments must be slugs)."""
    for seg in segments:
        if not is_slug(seg):
            raise SiteError(N_("refusing URL: {seg!r} is not a valid id"), seg=seg)
    return base_url + "".join(f"{seg}/" for seg in segments)
