"""Build the static site: every page in every language, downloads, search index.

The build renders into a temporary folder beside ``out`` and replaces ``out``
only when everything (pages, downloads, Pagefind index) is complete; any
error removes the temporary folder and leaves the previous site untouched.

Layout (``L`` = ``en`` or ``de``)::

    index.html                      language choice
    L/                              home
    L/products/  L/products/<id>/   products
    L/factions/  L/factions/<id>/   factions, and L/factions/<id>/checklist/
    L/cards/     L/cards/<id>/      cards
    L/bases/     L/bases/<id>/      bases
    L/rules/  L/glossary/  L/downloads/  L/search/  L/play/ (game night: assets/play-*.js, play-L.json)
    data/{cards,bases,factions,products}.{json,csv}
    assets/site.css   pagefind/L/ (when Pagefind is available: one bundle per language)
    assets/og/<hash>.png            shared-link pictures drawn from the facts (:mod:`.ogimage`)
    assets/views.js  assets/faces.json  assets/card-ids.json   image views, random card
    sitemap.xml  robots.txt  (:mod:`.publish`)   and the files of ``--extra DIR`` (:mod:`.extra`)
"""

from __future__ import annotations

import csv
import functools
import gc
import io
import json
import os
import shutil
import time
from concurrent.futures import Future, ThreadPoolExecutor
from dataclasses import dataclass
from pathlib import Path
from typing import Callable, Iterable
from urllib.parse import urlparse

from smashup_db.catalogue.coverage import format_percent
from smashup_db.catalogue.rulings import shown_ruling, source_pages
from smashup_db.common.sanitize import csv_cell, pagefind_safe
from smashup_db.common.text import fold
from smashup_db.errors import Message
from smashup_db.i18n import N_, gettext, ngettext
from smashup_db.site import play_score
from smashup_db.site.browse import (
    Attrs,
    faction_letters,
    name_html,
    nav_urls,
    page_path,
    write_assets,
)
from smashup_db.site.clean import FILTERS
from smashup_db.site.contrib import box_progress
from smashup_db.site.extra import copy_extra, read_extra
from smashup_db.site.faces import load_faces, site_css
from smashup_db.site.home import lead_faces, random_card, tile_faces, write_card_ids
from smashup_db.site.local import build_id, file_hashes, owned_info, write_local, write_sw
from smashup_db.site.ogimage import OgPictures
from smashup_db.site.ogimage import things as og_things
from smashup_db.site.outdir import (
    TEMP_MARKER,
    check_contents,
    check_database,
    mark_temp,
    prune,
    ready_folder,
    remove_stale,
    resolve_out,
    retire,
    start_folder,
    temp_name,
    written_files,
)
from smashup_db.site.outdir import (
    THREADS as BESIDE_THREADS,
)
from smashup_db.site.pagefind import BUNDLE_DIR, IndexJob, bundles, find_pagefind, indexed
from smashup_db.site.paths import SiteError, page_url, safe_path, templates_dir
from smashup_db.site.play import engine_messages, page_json, write_play_assets
from smashup_db.site.publish import write_publish
from smashup_db.site.query_index import read_search_rows
from smashup_db.site.sitedata import SiteData, load
from smashup_db.site.status_page import status_context, write_faction_csvs
from smashup_db.site.strings import LANG_NAMES, strings
from smashup_db.site.writer import PageWriter

SITE_LANGS = ("en", "de")
MARKER = ".smashup-site"

Progress = Callable[[str, int, int], None]


@dataclass
class BuildResult:
    """What a build produced: ``pages`` HTML pages, ``seconds`` taken, search on/off and why."""

    out: Path
    pages: int
    seconds: float
    langs: list[str]
    search: bool
    search_note: Message
    has_text: bool
    #: pages taken unchanged from the previous build instead of being rendered (:mod:`.incremental`)
    reused: int = 0
    #: card and base pictures shown (``smashup import images``; 0 without images)
    faces: int = 0


def parse_langs(value: str | Iterable[str] | None) -> list[str]:
    """``"en,de"`` -> ``["en", "de"]``; raises :class:`SiteError` for unknown or no languages."""
    if value is None:
        return list(SITE_LANGS)
    items = value.split(",") if isinstance(value, str) else list(value)
    langs = []
    for item in items:
        item = item.strip().lower()
        if not item:
            continue
        if item not in SITE_LANGS:
            raise SiteError(
                N_("unknown site language {item!r}; use one or more of: {site_langs}"),
                item=item,
                site_langs=", ".join(SITE_LANGS),
            )
        if item not in langs:
            langs.append(item)
    if not langs:
        raise SiteError(N_("no site language given; use e.g. --lang en,de"))
    return langs


def normalize_base_url(value: str | None) -> str:
    """A base URL ending in '/': a path (``/``, ``/smashup/``) or an http(s) URL. Raises :class:`SiteError`."""
    from smashup_db.common.urls import check_base

    value = (value or "/").strip()
    base = check_base(value)
    if base is None:
        raise SiteError(
            N_(
                "bad --base-url {value!r}; use a path like / or /smashup/, or https://example.org/smashup/"
            ),
            value=value,
        )
    return base


def render_page(template, context: dict) -> str:
    """Render one page (a seam for tests that simulate a failing render)."""
    return template.render(context)


def _environment():
    from jinja2 import Environment, FileSystemLoader, StrictUndefined

    from smashup_db.site.tplcache import bytecode_cache

    # auto_reload off: a build's templates do not change while it runs (saves a stat per include and extends)
    env = Environment(
        loader=FileSystemLoader(str(templates_dir())),
        autoescape=True,
        auto_reload=False,
        undefined=StrictUndefined,
        trim_blocks=True,
        lstrip_blocks=True,
        bytecode_cache=bytecode_cache(),
        extensions=["jinja2.ext.i18n"],
    )
    # in_lang("English", lang): plain text in a given language, for pages that show several languages
    # (root, 404) and for strings handed to scripts as JSON (escaped where they are inserted)
    env.globals["in_lang"] = gettext
    speak(env, "en")
    env.filters["pf"] = (
        pagefind_safe  # values in data-pagefind-filter/-meta: the Pagefind UI inserts them as HTML
    )
    env.filters.update(FILTERS)
    env.filters["pct"] = format_percent
    env.filters["page_json"] = page_json
    env.filters["ruling"] = (
        shown_ruling  # an erratum's flag ("Yes, Functional") in the page's language
    )
    return env


@functools.lru_cache(maxsize=None)
def compiled_gettext():
    """The Jinja2 extension (a class) by which ``_("literal")`` becomes its translation when a template is compiled.

    One environment per language (:func:`language_environment`) compiles the site's templates
    with their wording already in that language, so a page pays nothing per message (a call
    of Jinja2's gettext costs as much as rendering several values). The translation is a
    string constant, escaped on output like any text. Anything else (``{% trans %}`` blocks,
    ``_()`` with values) is left to the runtime callables of :func:`speak`.
    """
    from jinja2.ext import Extension
    from jinja2.lexer import Token

    class CompiledGettext(Extension):
        """``_("English")`` compiled as the environment's ``page_lang`` translation of it."""

        def filter_stream(self, stream):
            lang = getattr(self.environment, "page_lang", "en")
            pattern = ("name", "lparen", "string", "rparen")  # _ ( "English" )
            pending: list = []
            for tok in stream:
                if not pending:
                    if tok.type == "name" and tok.value == "_":
                        pending.append(tok)
                    else:
                        yield tok
                    continue
                pending.append(tok)
                if tok.type != pattern[len(pending) - 1]:
                    yield from pending
                    pending = []
                elif len(pending) == len(pattern):
                    yield Token(pending[0].lineno, "string", gettext(pending[2].value, lang))
                    pending = []
            yield from pending

    return CompiledGettext


def language_environment(env, lang: str):
    """An overlay of the site's environment whose templates are compiled in ``lang`` (:func:`compiled_gettext`).

    Its compiled templates are cached per language and per catalog (a new ``messages.mo``
    compiles them again).
    """
    import hashlib

    from smashup_db.i18n import LOCALE_DIR
    from smashup_db.site.tplcache import bytecode_cache

    mo = os.path.join(LOCALE_DIR, lang, "LC_MESSAGES", "messages.mo")
    try:
        with open(mo, "rb") as fh:
            digest = hashlib.sha1(fh.read()).hexdigest()[:12]
    except OSError:
        digest = "none"
    overlay = env.overlay(
        extensions=[compiled_gettext()], bytecode_cache=bytecode_cache(f"{lang}-{digest}")
    )
    overlay.page_lang = lang
    return overlay


def speak(env, lang: str) -> None:
    """Make the templates' ``_()``, ``gettext`` and ``ngettext`` (Jinja2's i18n extension) speak ``lang``.

    English is written in the templates; the translation comes from the gettext catalog
    (``smashup_db/i18n/locale``). Installed once per language before its pages are rendered.
    """
    from markupsafe import escape

    # escaped: a translation is text, never markup (a quote in it cannot end an attribute)
    env.install_gettext_callables(
        lambda text: escape(gettext(text, lang)),
        lambda one, many, n: escape(ngettext(one, many, n, lang)),
        newstyle=True,
    )


class _Names:
    """Display names with links for one language, cached."""

    def __init__(self, data: SiteData, lang: str, base: str):
        self.data, self.lang, self.base = data, lang, base
        self._cache: dict[tuple[str, str], dict] = {}
        self.fb_title = strings(lang)["fallback_mark"]
        self.unnamed, self.unnamed_title = strings(lang)["unnamed"], strings(lang)["unnamed_title"]
        self.community_title = strings(lang)["community_title"]
        self.seen: set[tuple[str, str]] = (
            set()
        )  # the things named since the last clear (incremental builds)

    def __call__(self, kind: str, ref: str) -> dict:
        key = (kind, ref)
        self.seen.add(key)
        if key not in self._cache:
            name, used = self.data.catalogue.name(kind, ref, self.lang)
            if (
                used is None
            ):  # no source gives a name: say so instead of showing a placeholder as a name
                name = self.unnamed
            self._cache[key] = _Name(
                {
                    "id": ref,
                    "name": name,
                    "fallback": used not in (None, self.lang),
                    "fb_title": self.fb_title,
                    "unknown": used is None,
                    "unknown_title": self.unnamed_title,
                    "name_lang": used or self.lang,
                    "community": (kind, ref, used) in self.data.community,
                    "community_title": self.community_title,
                    "url": page_url(self.base, self.lang, kind + "s", ref),
                }
            )
        return self._cache[key]


class _Name(Attrs):
    """A display-name dict (:class:`_Names`) whose markup, ``html`` and ``a`` (:func:`.browse.name_html`),
    is made on first use: the search index and the play page's data need only the name."""

    __slots__ = ()

    def __missing__(self, key):
        if key in ("html", "a"):
            self.update(name_html(self))
            return self[key]
        raise KeyError(key)


def _check_out(out: Path, shipped: frozenset[str] | set[str] = frozenset()) -> None:
    """Refuse an ``out`` that is not a folder, or a folder not built by smashup holding anything but the
    files ``shipped`` with ``--extra`` (a GitHub Pages folder holding its ``CNAME``)."""
    if out.exists() and not out.is_dir():
        raise SiteError(N_("{out} exists and is not a folder; choose another --out"), out=out)
    if (
        out.is_dir()
        and any(out.iterdir())
        and not (out / MARKER).is_file()
        and not set(written_files(out)) <= shipped
    ):
        raise SiteError(
            N_(
                "{out} is not empty and was not built by smashup; choose another --out or empty the folder (it would be replaced)"
            ),
            out=out,
        )


@dataclass
class _Loaded:
    """What the load stage read: the catalogue, the rows of the query index, the card faces, Pagefind."""

    data: SiteData
    search_rows: list
    faces: object
    binary: str | None
    search_note: Message


def build_site(
    out: Path | str = "site",
    langs: str | Iterable[str] | None = None,
    base_url: str | None = "/",
    db: str | None = None,
    *,
    reader=None,
    search: bool = True,
    progress: Progress | None = None,
    images: bool = True,
    incremental: bool = True,
    extra: Path | str | None = None,
) -> BuildResult:
    """Render the whole site into ``out`` (replaced atomically when complete).

    ``incremental`` (default): pages whose inputs are those of the previous build into ``out``
    are taken from it instead of being rendered (:mod:`.incremental`); the output is the same.

    ``langs``: ``"en,de"`` or a list (default both); ``base_url``: where the
    site will be published (default ``/``); ``db``: database path or URL (as
    ``--db``), or pass an open ``reader``. ``search=False`` skips Pagefind.
    ``progress(stage, done, total)`` is called while rendering. ``images=False``
    leaves out the card faces imported with ``smashup import images`` (:mod:`.faces`).
    ``extra``: a folder whose files are shipped as they are (a ``CNAME``, a favicon; :mod:`.extra`);
    a folder ``out`` holding only such files is built into.
    A symlinked ``out`` is built into its target; stale temporary folders of
    killed builds beside ``out`` are removed first (see :mod:`.outdir`).
    Raises :class:`SiteError` (bad option, unusable folder, an ``out`` holding
    the database or files a build did not write, failing Pagefind,
    a file that cannot be written, e.g. on a full disk) or ``DatabaseError``; in every error case ``out`` is left as it was.

    The stages, in order: :func:`_load` (the catalogue), :func:`_render` (the pages, written by the
    writer's threads as they come, Pagefind started on those it indexes), :func:`_write` (the files made
    from the whole catalogue), :func:`_index` (Pagefind's bundles) and :func:`_swap` (the new site in
    place of the old, which is kept for the next build to empty and build in).
    """
    started = time.perf_counter()
    langs = parse_langs(langs)
    base = normalize_base_url(base_url)
    out = resolve_out(out)  # a symlink: build into its target, keep the link
    shipped = read_extra(extra, langs) if extra is not None else {}
    _check_out(out, set(shipped))
    env = _environment()
    remove_stale(out)  # leftovers of killed builds
    # work beside the build's own while the catalogue is read: the site before last (where there is
    # one) is emptied of its files, its folders kept (:func:`.outdir.start_folder`), and the old site
    # is checked (:func:`.outdir.check_contents`)
    pool = ThreadPoolExecutor(max_workers=BESIDE_THREADS, thread_name_prefix="site-beside")
    tmp, folders = start_folder(out, pool)
    checked = pool.submit(check_contents, out, set(shipped))
    job = None  # Pagefind at work (:class:`.pagefind.IndexJob`)
    done = False
    try:
        loaded = _load(out, db, reader, base, images, search)
        tmp, skeleton = ready_folder(out, tmp, folders)
        # The catalogue read above lives as long as the build: the garbage collector need not look at
        # it again and again (a tenth of a rebuild's time).
        gc.freeze()
        cache, drawn = _page_cache(env, loaded, tmp, out, langs, base, incremental, pool)
        if loaded.binary:
            job = IndexJob(
                loaded.binary,
                tmp,
                cache.hashes,
                loaded.data.factions,
                out,
                cache.old_pagefind if incremental else {},
            )
        pages = _render(env, loaded.data, tmp, langs, base, progress, cache, job)
        drawn()
        files = _write(loaded, tmp, langs, base, cache, checked, shipped)
        search_note = _index(job, cache, progress) if job else loaded.search_note
        files += [rel for rec in cache.pagefind.values() for rel in rec["files"]]
        _swap(
            tmp,
            out,
            skeleton,
            files,
            {"catalogue_version": loaded.data.version, "langs": langs, "base_url": base},
        )
        cache.save()
        done = True
    except OSError as exc:  # e.g. a full disk: the previous site is still in place
        raise _cannot_write(exc, out) from None
    finally:
        pool.shutdown(cancel_futures=True)  # waits for the removals under way
        gc.unfreeze()
        if not done:  # Pagefind is stopped before the folder it writes into is removed
            if job is not None:
                job.stop()
            shutil.rmtree(tmp, ignore_errors=True)
    return BuildResult(
        out=out,
        pages=pages,
        seconds=time.perf_counter() - started,
        langs=langs,
        search=bool(loaded.binary),
        search_note=search_note,
        has_text=loaded.data.has_text,
        faces=loaded.faces.stats["pictures"],
        reused=cache.reused,
    )


def _cannot_write(exc: OSError, out: Path) -> SiteError:
    """The one-line error of a build that could not write a file (``exc``); ``out`` was left as it was."""
    if exc.filename:
        return SiteError(
            N_("cannot write the site: {reason} ({file}); {out} was left as it was"),
            reason=exc.strerror or exc,
            file=exc.filename,
            out=out,
        )
    return SiteError(
        N_("cannot write the site: {reason}; {out} was left as it was"),
        reason=exc.strerror or exc,
        out=out,
    )


def _load(out: Path, db: str | None, reader, base: str, images: bool, search: bool) -> _Loaded:
    """Stage 1: read the catalogue, the query index's rows and the card faces from ``reader`` (or the
    database ``db``, opened and closed here); find Pagefind when ``search``. Raises :class:`SiteError`
    when the database lies inside ``out``."""
    from smashup_db.db import sqlite_path

    own_reader = reader is None
    if own_reader:
        from smashup_db.compiler.bootstrap import open_reader

        reader = open_reader(db)
    try:
        check_database(out, sqlite_path(getattr(reader, "url", "") or ""))
        data = load(reader)
        search_rows = read_search_rows(reader)
        faces = load_faces(getattr(reader, "url", None), base, images)
    finally:
        if own_reader:
            reader.close()
    binary = find_pagefind() if search else None
    note = Message(
        N_("search index built with Pagefind")
        if binary
        else N_("search is off: --no-search given")
        if not search
        else N_(
            "search is off: the pagefind binary was not found (pip install 'pagefind[extended]')"
        )
    )
    return _Loaded(data, search_rows, faces, binary, note)


def _page_cache(
    env,
    loaded: _Loaded,
    tmp: Path,
    out: Path,
    langs: list[str],
    base: str,
    incremental: bool,
    pool: ThreadPoolExecutor | None = None,
):
    """The pictures put into ``tmp``, the templates' globals set; returns the
    :class:`.incremental.PageCache` of this build (the pages it may take from the previous one) and
    ``drawn``, to call before the site's files are listed: the shared-link pictures are drawn on
    ``pool`` meanwhile (:meth:`.ogimage.OgPictures.write`)."""
    from smashup_db.site.incremental import PageCache

    data, faces = loaded.data, loaded.faces
    env.filters["card_count"] = lambda fid: len(data.factions[fid]["cards"])
    faces.write(tmp)  # before the pages: they show only the pictures that made it into the site
    faces.write_map(tmp)
    # the picture standing for a faction or product (image views); the home page's box tiles show those
    # of each box's factions, tiny, as one strip
    leads = lead_faces(data, lambda kind, ref: faces.face(kind, ref) is not None)
    faces.write_strips(tmp, tile_faces(data, leads))
    env.globals.update(
        face=faces.face,
        thumb=faces.thumb,
        face_strip=faces.box_strip,
        face_tail=faces.tail,
        has_faces=bool(faces),
        lead_face=lambda kind, ref: leads.get((kind, ref)),
    )
    # the picture a shared link shows: the face where imported, else one drawn from the facts
    og = OgPictures(base)
    named = {lang: _Names(data, lang, base) for lang in langs}
    # drawn on the build's pool while the pages render (their URLs are known at once)
    drawn = og.write(
        tmp,
        og_things(
            data,
            langs,
            lambda kind, ref, lang: named[lang](kind, ref)["name"],
            lambda kind, ref: faces.face(kind, ref) is not None,
        ),
        pool,
    )
    env.globals["og_image"] = lambda kind, ref, lang: (
        (faces.face(kind, ref) or {}).get("url") or og.url(kind, ref, lang)
    )
    at_source = source_pages(
        data.catalogue.model.meta
    )  # a card's or base's page at its source (its faction's)
    env.globals["source_page"] = lambda upstream, kind, ref: at_source.get(
        (upstream, kind, ref), ""
    )
    env.globals["owned_info"] = lambda kind, ref: owned_info(data, kind, ref)
    # the search page loads its language's first bundle and merges the others in (:mod:`.pagefind`)
    env.globals["pagefind_bundles"] = lambda lang: [
        [f"{BUNDLE_DIR}/{b.name}/", b.url] for b in bundles(lang, data.factions)
    ]
    # what pages show besides the catalogue: the pictures of this build, the source pages of rulings
    shown = [
        *faces.shown(),
        sorted(at_source.items()),
    ]  # (the shared pictures are not: they show facts, which are global, and names a page records)
    cache = PageCache(out, data, langs, base, bool(loaded.binary), use_old=incremental, extra=shown)
    return cache, drawn


def _render(
    env,
    data: SiteData,
    tmp: Path,
    langs: list[str],
    base: str,
    progress: Progress | None,
    cache,
    job,
) -> int:
    """Stage 2: render every page and hand it to a :class:`.writer.PageWriter` (its threads write them
    while the next ones render); once the pages Pagefind indexes are on disk, ``job`` (an
    :class:`.pagefind.IndexJob`, or None) starts on them. Returns the page count; raises the first
    write's ``OSError``."""
    with PageWriter() as writer:

        def start_search() -> (
            None
        ):  # the pages Pagefind indexes are done: it reads them while the rest renders
            writer.sync()
            for lang in langs:
                job.start(lang)

        return _render_all(
            env,
            data,
            tmp.resolve(),
            langs,
            base,
            job is not None,
            progress,
            cache,
            writer,
            start_search if job is not None else None,
        )


def _write(
    loaded: _Loaded,
    tmp: Path,
    langs: list[str],
    base: str,
    cache,
    checked: Future,
    shipped: dict[str, str] | None = None,
) -> list[str]:
    """Stage 3: raise what the check that the old site holds only files of builds raised (``checked``:
    the future of :func:`.outdir.check_contents`, run on a thread while the catalogue was read; before
    the old site is replaced), write the files made from the whole catalogue, then ``sw.js``, whose
    build id is the hash of every other file (Pagefind's bundles aside: it does not write the same bytes
    twice, and the pages it indexes count). ``sitemap.xml``, ``robots.txt`` and the files ``shipped``
    with ``--extra`` (:mod:`.extra`) come before ``sw.js``. Returns the files of the build so far
    (relative paths)."""
    checked.result()
    _write_data_files(loaded.data, loaded.search_rows, tmp, langs, base)
    write_publish(tmp, base, langs, [segments for segments, _, _ in _pages(loaded.data)])
    write_card_ids(tmp, loaded.data)
    copy_extra(shipped or {}, tmp)
    # the pages, as handed to the writer (the language folders hold nothing else: the folder the build
    # started from was emptied of files, :func:`.outdir.start_folder`), and the files written beside them
    files = sorted(cache.hashes) + written_files(tmp, skip=(*langs, BUNDLE_DIR))
    write_sw(tmp, base, langs, build_id(file_hashes(tmp, files, known=cache.hashes)))
    return files


def _index(job: IndexJob, cache, progress: Progress | None) -> Message:
    """Stage 4: wait for Pagefind (started while the pages rendered) and keep its records in ``cache``;
    returns what the build says of the search index. Raises :class:`SiteError` when Pagefind failed."""
    if progress:
        progress("search index", 0, 1)
    done, kept, cache.pagefind = job.finish()
    if progress:
        progress("search index", 1, 1)
    return _search_note(done, kept)


def _swap(tmp: Path, out: Path, skeleton: list[str], files: list[str], marker: dict) -> None:
    """Stage 5: remove the folders of the site before last that the build did not use, write the marker
    (``marker`` and the file list) and replace ``out`` by ``tmp`` with two renames; the old site is then
    kept as the folder the next build empties and starts from (:func:`.outdir.retire`)."""
    prune(tmp, skeleton, files)
    (tmp / MARKER).write_text(
        json.dumps({**marker, "files": sorted({*files, "sw.js"})}) + "\n", encoding="utf-8"
    )
    old = None
    if out.exists():
        old = temp_name(out, "old")
        mark_temp(
            out, "old"
        )  # so that a kill right after the rename leaves a folder the next build may remove
        os.replace(out, old)
    try:
        os.replace(tmp, out)
    except OSError:
        if old is not None:
            os.replace(old, out)
            (out / TEMP_MARKER).unlink(missing_ok=True)
        raise
    (out / TEMP_MARKER).unlink(missing_ok=True)
    if old is not None:
        retire(old, out)


def _write_data_files(data: SiteData, search_rows, root: Path, langs: list[str], base: str) -> None:
    """Everything of a build that is made from the whole catalogue, not page by page: the downloads,
    the translation CSVs, ``assets/`` (search indexes, scripts, style sheets, the play page's data), the
    manifest and icons. Raises ``OSError`` or :class:`SiteError` (a path that would leave ``root``)."""
    _write_downloads(data, root)
    write_faction_csvs(data, root)
    write_assets(
        root,
        data,
        search_rows,
        langs,
        lambda lang: _Names(data, lang, base),
        lambda lang: lambda *segs: page_url(base, lang, *segs),
    )
    shutil.copyfile(templates_dir() / "site.css", root / "assets" / "site.css")
    site_css(templates_dir(), root)
    write_play_assets(root, data.catalogue, langs, templates_dir(), data.version)
    # the play page's scoring part: its data per language, the QR library (installed by npm, not committed)
    play_score.write_assets(root / "assets", data, langs, lambda lang: _Names(data, lang, base))
    write_local(root, data, base, langs)  # your boxes, manifest, icons (issue 22)


def _search_note(made: dict[str, int | None], kept: list[str]) -> Message:
    """What the build says of Pagefind: the pages it indexed per language, the bundles it kept (unchanged)."""
    pages = sum(n or 0 for n in made.values())
    if made and kept:
        return Message(
            N_(
                "search: Pagefind indexed {pages} pages ({langs}); the index of {kept} was unchanged"
            ),
            pages=pages,
            langs=", ".join(made),
            kept=", ".join(kept),
        )
    if made:
        return Message(
            N_("search: Pagefind indexed {pages} pages ({langs})"),
            pages=pages,
            langs=", ".join(made),
        )
    return Message(N_("search: the Pagefind index of {kept} was unchanged"), kept=", ".join(kept))


# --------------------------------------------------------------------------- pages
def _pages(data: SiteData) -> list[tuple[tuple[str, ...], str, Callable[[_Names, str], dict]]]:
    """Every page of one language: (path segments under /L/, template, context maker)."""
    status = functools.cache(lambda: status_context(data))  # the same for every language: made once
    progress = functools.cache(lambda: box_progress(data))  # German boxes: names and texts known
    pages: list = [
        ((), "home.html", lambda n, lang: {"random_card": random_card(data)}),
        (("products",), "products.html", lambda n, lang: {}),
        (("factions",), "factions.html", lambda n, lang: {}),
        (("cards",), "cards.html", lambda n, lang: {}),
        (("bases",), "bases.html", lambda n, lang: {}),
        (("rules",), "rules.html", lambda n, lang: {}),
        (("glossary",), "glossary.html", lambda n, lang: {}),
        (("downloads",), "downloads.html", lambda n, lang: {}),
        (("search",), "search.html", lambda n, lang: {}),
        (("search", "syntax"), "syntax.html", lambda n, lang: {}),
        (("boxes",), "boxes.html", lambda n, lang: {}),
        (("translations",), "translations.html", lambda n, lang: status()),
        (("factions", "a-z"), "factions.html", lambda n, lang: {"az": True}),
        (("play",), "play.html", lambda n, lang: {"play_messages": engine_messages(lang)}),
        (("translations", "mine"), "mine.html", lambda n, lang: {}),
    ]
    for pid in data.products:
        pages.append(
            (
                ("products", pid),
                "product.html",
                lambda n, lang, pid=pid: {
                    "p": Attrs(data.products[pid]),
                    "progress": _progress(n, lang, progress().get(pid)),
                },
            )
        )
        if data.products[pid]["factions"]:
            pages.append(
                (
                    ("products", pid, "cards"),
                    "product_cards.html",
                    lambda n, lang, pid=pid: {"p": Attrs(data.products[pid])},
                )
            )
    for fid in data.factions:
        pages.append(
            (
                ("factions", fid),
                "faction.html",
                lambda n, lang, fid=fid: {"f": Attrs(data.shown_for(lang).factions[fid])},
            )
        )
        pages.append(
            (
                ("factions", fid, "checklist"),
                "checklist.html",
                lambda n, lang, fid=fid: {"f": Attrs(data.shown_for(lang).factions[fid])},
            )
        )
    for cid in data.cards:
        pages.append(
            (
                ("cards", cid),
                "card.html",
                lambda n, lang, cid=cid: {"c": Attrs(data.shown_for(lang).cards[cid])},
            )
        )
    for bid in data.bases:
        pages.append(
            (
                ("bases", bid),
                "basecard.html",
                lambda n, lang, bid=bid: {"b": Attrs(data.shown_for(lang).bases[bid])},
            )
        )
    return pages


def _progress(n, lang: str, box: dict | None) -> dict | None:
    """A German box's translation progress for its German page (:func:`.contrib.box_progress`), its things
    named through ``n`` so that the page is rendered again when one of their names or texts changes."""
    if box is None or lang != "de":
        return None
    for kind, ref in box["things"]:
        n(kind, ref)
    return box


def _text_for(item: dict, lang: str) -> dict | None:
    texts = item.get("texts") or {}
    chosen = texts.get(lang) or texts.get("en")
    if not chosen:
        return None
    return {
        "text": chosen["text"],
        "source": chosen["source"],
        "lang": lang if lang in texts else "en",
    }


def _render_all(
    env,
    data: SiteData,
    root: Path,
    langs: list[str],
    base: str,
    search_on: bool,
    progress: Progress | None,
    pages_cache,
    writer: PageWriter,
    indexed_done=None,
) -> int:
    pages = _pages(data)
    total = len(pages) * len(langs) + 2
    common = {
        "base": base,
        "langs": langs,
        "lang_names": LANG_NAMES,
        "version": data.version,
        "date": data.date,
        "data": data,
        "has_text": data.has_text,
        "search_on": search_on,
        "css": base + "assets/site.css",
        "base_path": urlparse(base).path if "://" in base else base,
        "text_for": _text_for,
        "fold": fold,
        "az": False,
        "faction_letters": lambda names: faction_letters(data, names),
    }
    cache: dict[tuple[str, str], object] = {}
    envs = {lang: language_environment(env, lang) for lang in langs}
    current = [langs[0]]

    def template(name):
        key = (current[0], name)
        if key not in cache:
            cache[key] = envs[current[0]].get_template(name)
        return cache[key]

    def speak_in(lang):
        current[0] = lang
        speak(envs[lang], lang)

    template.speak = speak_in

    return _render_pages(
        data,
        pages,
        template,
        writer,
        common,
        root,
        langs,
        base,
        progress,
        total,
        pages_cache,
        indexed_done,
    )


def _render_pages(
    data: SiteData,
    pages,
    template,
    writer: PageWriter,
    common: dict,
    root: Path,
    langs: list[str],
    base: str,
    progress: Progress | None,
    total: int,
    cache,
    indexed_done=None,
) -> int:
    """Render every page of ``pages`` in every language and hand it to ``writer``; returns the page count.

    ``cache`` (:class:`.incremental.PageCache`): pages it can take from the previous build are not rendered.
    The pages Pagefind indexes (:func:`.pagefind.indexed`) come first, in every language; then
    ``indexed_done()`` is called (Pagefind may start on them) and the other pages follow. (Starting the
    language a translation changed as soon as its own pages were written measured slower on two cores:
    Pagefind then competes with the rest of the first pass.)"""
    done = 0
    root_text = os.fspath(root)
    per_lang: dict[str, tuple] = {}

    def language(lang: str) -> tuple:
        template.speak(lang)
        if lang not in per_lang:
            t, nav = Attrs(strings(lang)), Attrs(nav_urls(base, lang))
            per_lang[lang] = (
                _Names(data, lang, base),
                data.shown_for(lang),
                t,
                nav,
                _chrome(template, {**common, "lang": lang, "t": t, "nav": nav}),
            )
        return per_lang[lang]

    # per page once: its path under the language folder (each segment checked, page_path) and whether
    # Pagefind indexes it
    placed = [
        (tail, indexed("x/" + tail, "x"))
        for tail in (page_path("", *segments)[1:] for segments, _, _ in pages)
    ]
    for first_pass in (True, False):  # the pages Pagefind indexes, then the others
        for lang in langs:
            names, shown, t, nav, chrome = language(lang)
            these = [
                (page, lang + "/" + tail)
                for page, (tail, in_index) in zip(pages, placed, strict=True)
                if in_index is first_pass
            ]
            reused = cache.reuse(lang, [(rel, page[1]) for page, rel in these], root_text, writer)
            done += len(reused)
            for (segments, tpl, make), rel in these:
                if rel in reused:
                    continue
                target = root_text + "/" + rel
                names.seen.clear()
                ctx = {
                    **common,
                    "lang": lang,
                    "t": t,
                    "n": names,
                    "segments": segments,
                    "nav": nav,
                    "chrome": chrome,
                    "data": shown,  # the facts of the printing the one rule picks for this language (SiteData.shown_for)
                    "alt": {other: page_url(base, other, *segments) for other in langs},
                    "url": lambda *segs, _lang=lang: page_url(base, _lang, *segs),
                    **make(names, lang),
                }
                html = render_page(template(tpl), ctx)
                cache.rendered(rel, tpl, lang, names.seen, html)
                writer.add(target, html)
                done += 1
                if progress and done % 200 == 0:
                    progress("pages", done, total)
        if first_pass and indexed_done is not None:
            indexed_done()
    first = langs[0]
    template.speak(first)
    chrome = _chrome(
        template, {**common, "lang": first, "t": strings(first), "nav": nav_urls(base, first)}
    )
    for tpl, filename in (("root.html", "index.html"), ("404.html", "404.html")):
        ctx = {
            **common,
            "lang": first,
            "t": strings(first),
            "n": _Names(data, first, base),
            "segments": (),
            "nav": nav_urls(base, first),
            "chrome": chrome,
            "all_nav": {lang: Attrs(nav_urls(base, lang)) for lang in langs},
            "alt": {other: page_url(base, other) for other in langs},
            "url": lambda *segs: page_url(base, first, *segs),
        }
        writer.add(str(safe_path(root, filename=filename)), render_page(template(tpl), ctx))
        done += 1
    if progress:
        progress("pages", done, total)
    return done


def _chrome(template, ctx: dict) -> Attrs:
    """The header bar, search box and footer of one language (``templates/site/chrome.html``), as markup.

    They differ only by language, so they are rendered once per language instead of once per page.
    """
    module = template("chrome.html").make_module(ctx)
    return Attrs(bar=module.bar(), searchbox=module.searchbox(), footer=module.footer())


# --------------------------------------------------------------------------- downloads
def dataset_rows(data: SiteData) -> dict[str, list[dict]]:
    """The download tables (facts only, never rules text): ``{"cards": [...], "bases": [...], ...}``.

    Copies, power, breakpoints, VP and totals are those of the printing the one rule picks
    (:meth:`~smashup_db.site.sitedata.SiteData.shown_for`: owned, else current), named in ``printing``
    (``facts_from``: the printing whose facts those are, e.g. the German edition's are the original's).
    """
    cat = data.catalogue
    data = data.shown_for("en")

    def names(kind, ref):
        out = {}
        for lang in SITE_LANGS:
            name, used = cat.name(kind, ref, lang)
            out[f"name_{lang}"] = name if used == lang else ""
        return out

    return {
        "cards": [
            {
                "id": c["id"],
                **names("card", c["id"]),
                **({"name_en": c["printed_as"], "name_de": ""} if c.get("printed_as") else {}),
                "faction": c["faction"],
                "type": c["type"],
                "copies": c["copies"],
                "power": c["power"],
                "keywords": c["keywords"],
                "printing": c["shown"]["printing"],
                "facts_from": c["shown"]["facts_from"],
            }
            for c in data.cards.values()
        ],
        "bases": [
            {
                "id": b["id"],
                **names("base", b["id"]),
                "product": b["product"],
                "faction": b["faction"],
                "breakpoint": b["breakpoint"],
                "vp1": b["vp"][0],
                "vp2": b["vp"][1],
                "vp3": b["vp"][2],
                "printing": b["shown"]["printing"],
                "facts_from": b["shown"]["facts_from"],
            }
            for b in data.bases.values()
        ],
        "factions": [
            {
                "id": f["id"],
                **names("faction", f["id"]),
                "products": f["products"],
                "cards": f["totals"]["cards"],
                "minions": f["totals"]["minions"],
                "actions": f["totals"]["actions"],
                "power": f["totals"]["power"],
                "bases": f["bases"],
            }
            for f in data.factions.values()
        ],
        "products": [
            {
                "id": p["id"],
                **names("product", p["id"]),
                "kind": p["kind"],
                "year": p["year"],
                "factions": p["factions"],
                "bases": p["bases"],
            }
            for p in data.products.values()
        ],
    }


def _table_json(head: dict, name: str, rows: list[dict]) -> str:
    """``{**head, name: rows}`` as JSON text with one row per line (readable and diffable, and made by
    the json module's fast encoder, which an ``indent`` would turn off)."""
    dump = functools.partial(json.dumps, ensure_ascii=False)
    lines = ",\n".join(" " + dump(row) for row in rows)
    return (
        dump(head)[:-1]
        + (", " if head else "")
        + dump(name)
        + ": ["
        + ("\n" + lines + "\n" if rows else "")
        + "]}\n"
    )


def _write_downloads(data: SiteData, root: Path) -> None:
    folder = safe_path(root, "data", filename="")
    folder.mkdir(parents=True, exist_ok=True)
    for name, rows in dataset_rows(data).items():
        safe_path(root, "data", filename=f"{name}.json").write_text(
            _table_json(
                {"catalogue_version": data.version, "catalogue_date": data.date}, name, rows
            ),
            encoding="utf-8",
        )
        buf = io.StringIO()
        fields = list(rows[0]) + ["catalogue_version", "catalogue_date"] if rows else ["id"]
        writer = csv.DictWriter(buf, fieldnames=fields, lineterminator="\n")
        writer.writeheader()
        for row in rows:
            writer.writerow(
                {
                    k: csv_cell(";".join(v) if isinstance(v, list) else "" if v is None else v)
                    for k, v in row.items()
                }
                | {"catalogue_version": data.version, "catalogue_date": data.date}
            )
        safe_path(root, "data", filename=f"{name}.csv").write_text(buf.getvalue(), encoding="utf-8")
