"""A draft result to share: a Markdown snippet for a group chat or a small HTML page (one A4 page).

Every name (players typed them; imported names come from files) is escaped:
HTML by Jinja2's autoescape, Markdown by :func:`md_escape`; control
characters are dropped in both.
"""

from __future__ import annotations

import os
import re
from datetime import date
from pathlib import Path

from smashup_db.catalogue.view import Catalogue
from smashup_db.common.sanitize import strip_controls
from smashup_db.common.urls import check_base, join
from smashup_db.errors import UserError
from smashup_db.i18n import N_

KINDS = ("markdown", "html")
_MD_SPECIAL = re.compile(r"([\\`*_{}\[\]()<>|~])")  # names are always inline, never at a line start

#: Each draft format's name as a person reads it (:data:`smashup_db.rules.formats.FORMATS`).
FORMAT_NAMES = {
    "snake": N_("snake draft"),
    "random": N_("random draft"),
    "offer": N_("offer draft"),
    "pick-one-random": N_("draft: pick one, one at random"),
}


def format_name(fmt: str, lang: str) -> str:
    """The name of draft format ``fmt`` in ``lang`` (the id itself for an unknown one)."""
    from smashup_db.i18n import gettext

    return gettext(FORMAT_NAMES[fmt], lang) if fmt in FORMAT_NAMES else fmt


class ShareError(UserError, ValueError):
    """Unknown output kind or unwritable file; one line."""


def clean(text: str) -> str:
    """``text`` on one line, without control and bidi characters
    (:func:`smashup_db.common.sanitize.strip_controls`)."""
    return strip_controls(str(text), keep_lines=False)


def md_escape(text: str) -> str:
    """``text`` safe inside Markdown (special characters backslash-escaped, control characters dropped)."""
    return _MD_SPECIAL.sub(r"\\\1", clean(text))


def md_code(text: str) -> str:
    """``text`` as one Markdown code span whose content renders as ``text`` exactly (CommonMark 6.1).

    The fence is one backtick longer than the longest backtick run inside, so backticks in ``text``
    neither close the span nor need replacing: a replay line copied out of the span is the line that
    was quoted for the shell. The content is padded with one space on each side (which a renderer
    strips again) only where it must be: when it starts or ends with a backtick, or with spaces on
    both ends. ``text`` must be one line.
    """
    longest = max((len(run) for run in re.findall(r"`+", text)), default=0)
    fence = "`" * (longest + 1)
    pad = " " if text[:1] == "`" or text[-1:] == "`" or (text[:1] == " " == text[-1:]) else ""
    return f"{fence}{pad}{text}{pad}{fence}"


def context(cat: Catalogue, res: dict) -> dict:
    """Template data from a draft result (:func:`smashup_db.gamenight.session.finish` output): names in ``cat.lang``."""

    def nm(kind, ref):
        return clean(cat.name(kind, ref)[0])

    bases = []
    for b in res["bases_in_play"]:
        row = cat.base(
            b, res.get("printing")
        )  # the one printing rule (owned, else --printing, else current)
        vp = "/".join("?" if v is None else str(v) for v in row["vp"])
        bases.append(
            {
                "name": clean(row["name"]),
                "breakpoint": "?" if row["breakpoint"] is None else row["breakpoint"],
                "vp": vp,
            }
        )
    from smashup_db.i18n.terms import term

    return {
        "lang": cat.lang,
        "date": date.today().isoformat(),
        "seed": res["seed"],
        "format": format_name(res.get("format", "snake"), cat.lang),
        "start_player": clean(res["start_player"]),
        "players": [
            {"player": clean(p), "factions": [nm("faction", f) for f in fs]}
            for p, fs in res["players"].items()
        ],
        "bases": bases,
        "boxes": [nm("product", p) for p in res["boxes"]],
        "extra": [clean(term(d, cat.lang)) for d in res.get("extra_decks", [])],
        # not clean()ed: valid names hold no control characters, and any change would alter the command
        "replay": res.get("replay") or f"smashup draft --seed {res['seed']}",
    }


#: Where the published site is, for share links (``https://example.org/smashup/``).
SITE_URL_VAR = "SMASHUP_SITE_URL"


def check_site_url(url: str | None) -> str:
    """The site's address for share links: ``url`` (``--site-url``) or $SMASHUP_SITE_URL, ending in ``/``.

    Raises :class:`ShareError` when neither is given or it is not an ``http(s)://`` address
    (a QR code of a relative path opens nothing on a phone).
    """
    url = (url or os.environ.get(SITE_URL_VAR) or "").strip()
    if not url:
        raise ShareError(
            N_("--qr needs the address of the published site: --site-url https://... or ${var}"),
            var=SITE_URL_VAR,
        )
    base = check_base(url, path_ok=False)
    if base is None:
        raise ShareError(N_("--site-url {url!r} is not an http:// or https:// address"), url=url)
    return base


def replay_args(
    res: dict,
    players: list[str],
    *,
    options: dict | None = None,
    start: str | None = None,
    pool_size: int | None = None,
    owned: dict[str, int] | None = None,
    auto: bool = True,
    typed: list[dict] | None = None,
) -> list[tuple[str, str]]:
    """The draft's arguments that replay it, as ``[(name, value)]`` pairs in the play page's URL contract
    (issue 23; :func:`play_link`, :func:`replay_command`).

    ``players`` (as typed, in that order: the start player is drawn from it), ``seed``,
    then ``picks`` (faction ids in pick order) for the picks the players made (``typed``: the
    ``res["picks"]`` entries they typed or tapped; default: every pick unless ``auto``) and
    ``auto=1`` when random picks filled the rest (``--pick ... --auto``: the typed picks and
    ``auto=1``, so the random picks draw the same numbers again), and only the options that differ from the defaults: ``ban``,
    ``include``, ``complexity``, ``products``, ``format``, ``offer``, ``base_mode``,
    ``pool``, ``start``, ``owned`` (product ids of the boxes owned, when the pool was
    drawn from a collection).
    """
    o = options or {}
    q: list[tuple[str, str]] = [("players", ",".join(players)), ("seed", str(res["seed"]))]
    if typed is None:
        typed = [] if auto else res["picks"]
    if typed:
        q.append(("picks", ",".join(p["faction"] for p in typed)))
    if auto:
        q.append(("auto", "1"))
    for key in ("ban", "include", "complexity", "products"):
        if o.get(key):
            q.append((key, ",".join(o[key])))
    if o.get("format", "snake") != "snake":
        q.append(("format", o["format"]))
        if o["format"] == "offer":
            q.append(("offer", str(o["offer"])))
    if o.get("avoid_recent"):
        q.append(("avoid_recent", str(o["avoid_recent"])))
    if res.get("base_mode", "set") != "set":
        q.append(("base_mode", res["base_mode"]))
    if pool_size is not None:
        q.append(("pool", str(pool_size)))
    if start:
        q.append(("start", start))
    if owned is not None:
        q.append(("owned", ",".join(p for p, n in owned.items() if n)))
    return q


def play_link(site_url: str, lang: str, args: list[tuple[str, str]]) -> str:
    """The share link of a draft: the site's play page, ``{site}{lang}/play/?{args}`` (:func:`replay_args`);
    ``site_url`` as :func:`check_site_url` gives it."""
    return join(site_url, f"{lang}/play/", args, safe=",")


def replay_argv(res: dict, args: list[tuple[str, str]]) -> list[str]:
    """The ``smashup draft`` arguments (``argv``, unquoted) that replay a draft from :func:`replay_args`:
    picks the players made become ``--pick PLAYER=FACTION`` in pick order; ``owned`` becomes ``--owned``."""
    out = ["smashup", "draft"]
    for key, value in args:
        if key == "auto":
            out.append("--auto")
        elif key == "picks":
            by_faction = {p["faction"]: p["player"] for p in res["picks"]}
            out += [x for f in value.split(",") for x in ("--pick", f"{by_faction[f]}={f}")]
        elif key == "owned":
            out.append("--owned")
        else:
            out += ["--" + key.replace("_", "-"), value]
    return out


def replay_command(res: dict, args: list[tuple[str, str]]) -> str:
    """:func:`replay_argv` as one POSIX shell line (``shlex.join``): ``shlex.split`` of it gives the
    arguments back whatever the names hold, so pasting it runs ``smashup draft`` and nothing else."""
    import shlex

    return shlex.join(replay_argv(res, args))


def qr_text(link: str) -> str:
    """``link`` as a QR code drawn with block characters (segno), for a terminal."""
    import io

    import segno

    out = io.StringIO()
    segno.make(link, error="m").terminal(out=out, compact=True, border=2)
    return out.getvalue()


def render(cat: Catalogue, res: dict, kind: str) -> str:
    """The draft result as ``markdown`` or ``html`` text; :class:`ShareError` for another kind."""
    kind = (kind or "").strip().lower()
    if kind in ("md",):
        kind = "markdown"
    if kind not in KINDS:
        raise ShareError(
            N_("--format-out {kind!r} is not one of: {kinds}"), kind=kind, kinds=", ".join(KINDS)
        )
    return (
        environment(kind, cat.lang)
        .get_template("draft.html" if kind == "html" else "draft.md")
        .render(context(cat, res))
    )


def environment(kind: str, lang: str):
    """The Jinja2 environment of the share templates (``templates/share``) for ``kind`` (``html``:
    autoescaped, translations escaped as text) with gettext in ``lang``."""
    from jinja2 import Environment, FileSystemLoader, StrictUndefined

    from smashup_db.common.resources import templates_root
    from smashup_db.i18n import gettext, ngettext

    folder = templates_root() / "share"
    env = Environment(
        loader=FileSystemLoader(str(folder)),
        autoescape=(kind == "html"),
        undefined=StrictUndefined,
        trim_blocks=True,
        lstrip_blocks=True,
        keep_trailing_newline=True,
        extensions=["jinja2.ext.i18n"],
    )
    if kind == "html":  # a translation is text, never markup
        from markupsafe import escape
    else:

        def escape(text):
            return text

    env.install_gettext_callables(
        lambda text: escape(gettext(text, lang)),
        lambda one, many, n: escape(ngettext(one, many, n, lang)),
        newstyle=True,
    )
    env.filters["md"] = md_escape
    env.filters["md_code"] = md_code
    return env


def write(text: str, out: Path) -> Path | None:
    """Write ``text`` to the user-named ``out`` whole or not at all (``-``: standard output).

    Through :func:`smashup_db.common.safe_write.write_text`: a new name or a
    regular file is replaced atomically, a symlink to a regular file is
    followed, anything else is refused untouched. Returns the file written
    (None for ``-``); :class:`ShareError` (one line naming the file) on failure.
    """
    from smashup_db.common.safe_write import write_text

    return write_text(out, text, ShareError)
