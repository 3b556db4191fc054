"""Compiled site templates kept between builds (Jinja2's bytecode cache).

Compiling the site's two dozen templates takes longer than rendering a few
hundred pages, and they change only with a new smashup. Jinja2 stores the
compiled code of each template in the user's cache folder
(``platformdirs.user_cache_dir("smashup-db")/templates``; ``XDG_CACHE_HOME``
moves it) and uses it while the template's source is unchanged: every entry
carries a checksum of its source and the Python version, so an edited or
upgraded template is compiled again.

The cache never stops a build: an unwritable or missing folder means no cache,
a damaged entry is ignored (and rewritten).
"""

from __future__ import annotations

import os

from jinja2 import FileSystemBytecodeCache


class QuietBytecodeCache(FileSystemBytecodeCache):
    """Jinja2's file cache, but a cache problem only costs the compile it would have saved."""

    def load_bytecode(self, bucket) -> None:
        """Load the entry of ``bucket``; a damaged or unreadable entry leaves it empty."""
        try:
            super().load_bytecode(bucket)
        except Exception:  # truncated, garbage or unreadable entry: compile instead
            bucket.reset()

    def dump_bytecode(self, bucket) -> None:
        """Store the entry of ``bucket``; a full disk or a read-only folder is ignored."""
        try:
            super().dump_bytecode(bucket)
        except OSError:
            pass


def cache_folder() -> str:
    """The folder of the compiled templates (it may not exist yet)."""
    from platformdirs import user_cache_dir

    return os.path.join(user_cache_dir("smashup-db"), "templates")


def bytecode_cache(variant: str = "") -> QuietBytecodeCache | None:
    """The cache for the site's Jinja2 environment, or None when its folder cannot be made.

    ``variant`` keeps apart the code of templates compiled differently from the same source
    (the site's wording is compiled in, per language and catalog: ``"de-<digest>"``).
    """
    folder = cache_folder()
    try:
        os.makedirs(folder, mode=0o700, exist_ok=True)
    except OSError:
        return None
    return QuietBytecodeCache(
        folder, f"__jinja2_{variant}_%s.cache" if variant else "__jinja2_%s.cache"
    )
