"""Static reference site: the catalogue rendered as HTML in English and German.

``build_site(out, langs, base_url, db=...)`` renders every page with Jinja2
(autoescape on) into a temporary folder beside ``out`` and swaps it in only
when complete; ``make_server(folder, port)`` serves a built site on 127.0.0.1 for a preview.
Errors a person can cause raise :class:`SiteError` (a ``UserError``).
"""

from __future__ import annotations

from smashup_db.site.build import BuildResult, build_site
from smashup_db.site.paths import SiteError, safe_path, templates_dir
from smashup_db.site.serve import make_server

__all__ = ["BuildResult", "SiteError", "build_site", "make_server", "safe_path", "templates_dir"]
