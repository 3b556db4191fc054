"""A draft result to share: a Markdown snippet for a group chat or a small HTML page (one A4 page).

Every name (players typed them; imported names come from files) is escaped:
HTML by Jinja2's autoescape, Markdown by :func:`md_escape`; control
characters are dropped in both.
"""

from __future__ import annotations

import re
from datetime import date
from pathlib import Path

from smashup_db.errors import UserError
from smashup_db.catalogue.view import Catalogue
from smashup_db.i18n import N_

KINDS = ("markdown", "html")
_CONTROL = re.compile(r"[\x00-\x1f\x7f-\x9f\u200b-\u200f\u202a-\u202e\u2066-\u2069]")
_MD_SPECIAL = re.compile(r"([\\`*_{}\[\]()<>|~])")  # names are always inline, never at a line start

#: Each draft format's name as a person reads it (:data:`smashup_db.rules.formats.FORMATS`).
FORMAT_NAMES = {"snake": N_("snake draft"), "random": N_("random draft"), "offer": N_("offer draft"),
                "pick-one-random": N_("draft: pick one, one at random")}


def format_name(fmt: str, lang: str) -> str:
    """The name of draft format ``fmt`` in ``lang`` (the id itself for an unknown one)."""
    from smashup_db.i18n import gettext

    return gettext(FORMAT_NAMES[fmt], lang) if fmt in FORMAT_NAMES else fmt


class ShareError(UserError, ValueError):
    """Unknown output kind or unwritable file; one line."""


def clean(text: str) -> str:
    """``text`` without control and bidi-override characters."""
    return _CONTROL.sub("", str(text))


def md_escape(text: str) -> str:
    """``text`` safe inside Markdown (special characters backslash-escaped, control characters dropped)."""
    return _MD_SPECIAL.sub(r"\\\1", clean(text))


def context(cat: Catalogue, res: dict) -> dict:
    """Template data from a draft result (:func:`smashup_db.gamenight.session.finish` output): names in ``cat.lang``."""
    def nm(kind, ref):
        return clean(cat.name(kind, ref)[0])

    bases = []
    for b in res["bases_in_play"]:
        row = cat.base(b)
        vp = "/".join("?" if v is None else str(v) for v in row["vp"])
        bases.append({"name": clean(row["name"]), "breakpoint": "?" if row["breakpoint"] is None else row["breakpoint"],
                      "vp": vp})
    from smashup_db.i18n.terms import term

    return {"lang": cat.lang, "date": date.today().isoformat(), "seed": res["seed"],
            "format": format_name(res.get("format", "snake"), cat.lang), "start_player": clean(res["start_player"]),
            "players": [{"player": clean(p), "factions": [nm("faction", f) for f in fs]}
                        for p, fs in res["players"].items()],
            "bases": bases, "boxes": [nm("product", p) for p in res["boxes"]],
            "extra": [clean(term(d, cat.lang)) for d in res.get("extra_decks", [])]}


def render(cat: Catalogue, res: dict, kind: str) -> str:
    """The draft result as ``markdown`` or ``html`` text; :class:`ShareError` for another kind."""
    from jinja2 import Environment, FileSystemLoader, StrictUndefined

    from smashup_db.common.resources import templates_root

    kind = (kind or "").strip().lower()
    if kind in ("md",):
        kind = "markdown"
    if kind not in KINDS:
        raise ShareError(N_("--format-out {kind!r} is not one of: {kinds}"), kind=kind, kinds=', '.join(KINDS))
    folder = templates_root() / "share"
    from smashup_db.i18n import gettext, ngettext

    env = Environment(loader=FileSystemLoader(str(folder)), autoescape=(kind == "html"),
                      undefined=StrictUndefined, trim_blocks=True, lstrip_blocks=True, keep_trailing_newline=True,
                      extensions=["jinja2.ext.i18n"])
    lang = cat.lang  # the page's wording: English in the templates, German from the gettext catalog
    if kind == "html":  # a translation is text, never markup
        from markupsafe import escape
    else:
        def escape(text):
            return text
    env.install_gettext_callables(lambda text: escape(gettext(text, lang)),
                                  lambda one, many, n: escape(ngettext(one, many, n, lang)), newstyle=True)
    env.filters["md"] = md_escape
    return env.get_template("draft.html" if kind == "html" else "draft.md").render(context(cat, res))


def write(text: str, out: Path) -> Path | None:
    """Write ``text`` to the user-named ``out`` whole or not at all (``-``: standard output).

    Through :func:`smashup_db.common.safe_write.write_text`: a new name or a
    regular file is replaced atomically, a symlink to a regular file is
    followed, anything else is refused untouched. Returns the file written
    (None for ``-``); :class:`ShareError` (one line naming the file) on failure.
    """
    from smashup_db.common.safe_write import write_text

    return write_text(out, text, ShareError)
