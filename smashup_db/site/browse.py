"""Browsing helpers and static files of the site: A–Z groups, assets, search index files.

Kept apart from :mod:`.build` so the page loop stays as it is; the build calls
:func:`write_assets` once and passes :func:`faction_letters` to the templates.
"""

from __future__ import annotations

import json
import re
import shutil
from itertools import groupby
from pathlib import Path

from markupsafe import Markup, escape

from smashup_db.common.text import fold, is_slug
from smashup_db.i18n import N_
from smashup_db.search.index import documents
from smashup_db.site.paths import SiteError, page_url, safe_path, templates_dir
from smashup_db.site.play import without_comment_lines
from smashup_db.site.query_index import build_index, index_json, split_index
from smashup_db.site.strings import strings

#: Static files copied from templates/site/assets/ (own work: no publisher art).
ASSET_FILES = ("query.js", "search.js", "complete.js")


#: Top-level pages of a language, linked from every header and footer.
NAV_PAGES = ("products", "factions", "cards", "bases", "rules", "glossary", "downloads", "search")


def nav_urls(base: str, lang: str) -> dict[str, str]:
    """``{"home": "/en/", "products": "/en/products/", ..., "syntax": "/en/search/syntax/", "play": "/en/play/"}``,
    computed once."""
    urls = {key: page_url(base, lang, key) for key in NAV_PAGES}
    urls.update(
        home=page_url(base, lang),
        syntax=page_url(base, lang, "search", "syntax"),
        play=page_url(base, lang, "play"),
    )
    return urls


def name_html(x: dict) -> dict:
    """The escaped HTML of a display name (``html``) and of a link to its page (``a``), made once per thing.

    ``x`` is a display-name dict (name, url, fallback, unknown, fb_title, unknown_title);
    an English fallback is tagged ``lang="en"`` and marked EN, an unknown name is shown as such.
    """

    # plain strings joined, not Markup.format: the same markup, made several times faster
    def e(value) -> str:
        return str(escape(value))

    if x["unknown"]:
        html = '<i class="unknown" title="' + e(x["unknown_title"]) + '">' + e(x["name"]) + "</i>"
    elif x["fallback"]:
        html = (
            '<span lang="en">'
            + e(x["name"])
            + '</span><abbr class="fb" title="'
            + e(x["fb_title"])
            + '">EN</abbr>'  # not indexed: Pagefind ignores abbr.fb (.pagefind.EXCLUDE)
        )
    else:
        html = e(x["name"])
    if x.get("community"):  # a name players contributed, not one of a published edition
        html += (
            ' <abbr class="community" title="'
            + e(x["community_title"])
            + '" data-pagefind-ignore>✎</abbr>'
        )
    return {"html": Markup(html), "a": Markup('<a href="' + e(x["url"]) + '">' + html + "</a>")}


def faction_letters(data, names) -> list[tuple[str, list[str]]]:
    """Faction ids grouped by the first letter of their display name, A–Z (accents folded).

    ``names(kind, id)`` gives the display-name dict of the page language.
    Returns ``[("A", [ids...]), ...]``; names starting with a digit go under "#".
    """
    keyed = []
    for fid in data.factions:
        folded = fold(names("faction", fid)["name"]) or fid
        letter = folded[0].upper() if folded[0].isalpha() else "#"
        keyed.append((letter, folded, fid))
    keyed.sort(key=lambda k: (k[0] == "#", k[0], k[1]))
    return [(letter, [k[2] for k in group]) for letter, group in groupby(keyed, key=lambda k: k[0])]


_JS_STRING = re.compile(r'"((?:[^"\\\n]|\\.)*)"')


def query_js(template: str, langs) -> str:
    """``assets/query.js`` from its template: the glossary's vocabulary and the messages' translations written in.

    The vocabulary is :func:`smashup_db.i18n.glossary.browser_tables` (the same tables the CLI's parser
    reads). Every string literal of the script that is a message of the gettext catalog is given
    with its translation for each non-English site language (``{lang: {English: translated}}``).
    """
    from smashup_db.i18n import catalog, gettext
    from smashup_db.i18n.glossary import browser_tables

    literals = {json.loads(f'"{m.group(1)}"') for m in _JS_STRING.finditer(template)}
    messages = {}
    for lang in langs:
        if lang != "en":
            known = catalog(lang)._catalog
            messages[lang] = {t: gettext(t, lang) for t in sorted(literals) if t in known}
    from smashup_db.site.inject import inject

    return inject(
        template,
        {
            "GLOSSARY": json.dumps(browser_tables(), ensure_ascii=False, sort_keys=True),
            "MESSAGES": json.dumps(messages, ensure_ascii=False, sort_keys=True),
        },
        "assets/query.js",
    )


def search_js(template: str) -> str:
    """``assets/search.js`` from its template: the type marks written in as ``data:`` URIs.

    The results list shows a mark per hit; written into the script they cost the search page no
    request each (the same files as ``assets/marks/``).
    """
    from urllib.parse import quote

    marks = {
        p.stem: "data:image/svg+xml," + quote(p.read_text(encoding="utf-8").strip(), safe=" =:/\"'")
        for p in sorted((templates_dir() / "assets" / "marks").glob("*.svg"))
    }
    from smashup_db.site.inject import inject

    return inject(
        template,
        {"MARKS": json.dumps(marks, sort_keys=True).replace("</", "<\\/")},
        "assets/search.js",
    )


def write_assets(root: Path, data, rows, langs, names_for, url_for) -> dict[str, int]:
    """Write ``assets/``: scripts, favicon, type marks, the names for the header's autocomplete
    (:mod:`.complete`) and per language the search index in two files (names and facts, rules text:
    :func:`~.query_index.split_index`).

    ``names_for(lang)``/``url_for(lang)`` give the display-name and URL helpers of a language.
    Returns the byte size of each language's two index files together (``{"en": 123456, ...}``).
    """
    src = templates_dir()
    assets = safe_path(root, "assets", filename="")
    assets.mkdir(parents=True, exist_ok=True)
    for name in ASSET_FILES:  # sent without their comment lines, as the scripts of assets/ below
        text = (src / name).read_text(encoding="utf-8")
        if name == "query.js":
            text = query_js(text, langs)
        elif name == "search.js":
            text = search_js(text)
        (assets / name).write_text(without_comment_lines(text), encoding="utf-8")
    shutil.copytree(src / "assets", assets, dirs_exist_ok=True)
    for script in sorted(
        (src / "assets").glob("*.js")
    ):  # sent without their comment lines (page weight)
        (assets / script.name).write_text(
            without_comment_lines(script.read_text(encoding="utf-8")), encoding="utf-8"
        )
    from smashup_db.search.suggest import suggestion_names

    # "did you mean": every name in every language, fetched by the search page only when a query finds nothing
    safe_path(root, "assets", filename="names.json").write_text(
        index_json({"v": data.version, "names": suggestion_names(data.catalogue.model)}),
        encoding="utf-8",
    )
    from smashup_db.site.complete import complete_index

    # the header search's autocomplete, fetched the first time a visitor uses the field
    safe_path(root, "assets", filename="complete.json").write_text(
        index_json(complete_index(data, langs)), encoding="utf-8"
    )
    from smashup_db.site.contrib import contribute_js

    (assets / "contribute.js").write_text(contribute_js(data), encoding="utf-8")
    sizes = {}
    docs = list(documents(*rows))  # the same folded rows for every language
    for lang in langs:
        index = build_index(data, rows, lang, strings(lang), url_for(lang), names_for(lang), docs)
        facts, text = split_index(index)
        sizes[lang] = 0
        for filename, part in ((f"search-{lang}.json", facts), (f"search-text-{lang}.json", text)):
            body = index_json(part)
            safe_path(root, "assets", filename=filename).write_text(body, encoding="utf-8")
            sizes[lang] += len(body.encode("utf-8"))
    return sizes


def page_path(root: str, *segments: str) -> str:
    """``root/seg1/.../index.html`` (text) for a page of the build, checked lexically (no file-system calls).

    Every segment must be a slug (``[a-z0-9-]``, no dots, no slashes), so the
    path cannot leave ``root``; ``root`` is the build's own fresh temporary
    folder, which holds no symbolic links. Same refusal as :func:`.paths.safe_path`
    (which also resolves links, at one ``lstat`` per path component).
    Raises :class:`SiteError` naming the bad segment.
    """
    for seg in segments:
        if not isinstance(seg, str) or not is_slug(seg):
            raise SiteError(
                N_("refusing page path: {seg!r} is not a valid id (letters, digits and '-' only)"),
                seg=seg,
            )
    return "/".join((root, *segments, "index.html"))


class Attrs(dict):
    """A dict whose keys also read as attributes (``x.name``), for templates.

    Jinja2 tries ``getattr`` before ``[]`` for ``x.name``; on a plain dict that
    first try raises and catches an ``AttributeError`` each time, which is a good
    part of rendering thousands of pages. Keys that are dict methods (``items``,
    ``keys``, ...) still read as the methods, so callers must not use them as keys.
    """

    __slots__ = ()

    def __getattr__(self, key):
        try:
            return self[key]
        except KeyError:
            raise AttributeError(key) from None
