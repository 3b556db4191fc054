"""Where the package's shipped files are: the Jinja2 templates (site, share page).

A wheel carries them at ``smashup_db/_templates``; a source checkout at ``<repo>/templates``.
"""

from __future__ import annotations

from functools import lru_cache
from pathlib import Path

from smashup_db.errors import N_, UserError

#: The package folder (``smashup_db``).
PACKAGE_DIR = Path(__file__).resolve().parent.parent


@lru_cache(maxsize=None)
def templates_root() -> Path:
    """The folder that holds ``site/`` and ``share/`` templates.

    Raises :class:`~smashup_db.errors.UserError` naming the expected folder when neither exists.
    """
    for candidate in (PACKAGE_DIR / "_templates", PACKAGE_DIR.parent / "templates"):
        if (candidate / "site" / "base.html").is_file():
            return candidate
    raise UserError(N_("templates not found"), prefix=PACKAGE_DIR.parent / "templates")
