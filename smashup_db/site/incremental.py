"""Rebuilds that render only what changed: a page's inputs compared, its old file reused when they are the same.

A full build renders every page; most rebuilds (a translation imported, one name fixed)
change a handful. So each build records

* its global fingerprint (:func:`global_fingerprint`: templates, gettext catalogs, the
  package's code, options, the card pictures of the build, the printings the collection owns,
  the text counts, and every catalogue fact except names and texts — any change there renders
  everything again),
* per page, its template, size, hash and the things whose names it showed (every call of the
  page's name helper ``n(kind, id)`` is recorded while it renders: a faction page records its
  cards, a card page itself and its faction and boxes, a list page everything it lists), and
* per thing and page language, its fingerprint: its names, imported texts and community marks
  in that language and in English (the fallback), and its rulings. A German name changed
  renders German pages again, no English one.

The next build into the same folder reuses a page when the global fingerprint is the same and
none of the things the page showed has another fingerprint now: the old file, if it is there
with the recorded size, is linked (or copied) into the new build instead of rendering the page.
The translation status (it counts every language's names), the root page and the 404 page are
always rendered. Everything else of the build (downloads, search indexes, the swap) is done as
always; Pagefind indexes only the languages whose indexed pages changed (:mod:`.pagefind`). So
a rebuild's output is byte for byte that of a full build, Pagefind's file names aside.

The records live in the user's cache folder (``site-builds/<hash of the output path>.json``),
tied to the marker of the build they describe: a site changed or built elsewhere since is
simply rendered in full.
"""

from __future__ import annotations

import hashlib
import json
import os
import stat
from pathlib import Path

from smashup_db.common.safe_write import write_atomic

#: Templates whose pages may be taken from the previous build. The others are always rendered: the
#: translation status (it counts the names of every language) and, outside the page loop, the root and 404 pages.
REUSABLE = frozenset(
    {
        "product.html",
        "product_cards.html",
        "faction.html",
        "checklist.html",
        "card.html",
        "basecard.html",
        "home.html",
        "products.html",
        "factions.html",
        "cards.html",
        "bases.html",
        "rules.html",
        "glossary.html",
        "downloads.html",
        "search.html",
        "syntax.html",
        "boxes.html",
        "play.html",
    }
)
_VERSION = 4


def _sha(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()


def _json(value) -> bytes:
    return json.dumps(value, sort_keys=True, ensure_ascii=False, default=repr).encode("utf-8")


#: The kinds of file of the package, its templates and catalogs that a page may depend on.
_SOURCES = frozenset({".html", ".md", ".js", ".css", ".svg", ".mo", ".py", ".json", ".tsv"})


def global_fingerprint(data, langs, base: str, search_on: bool, extra=None) -> str:
    """The hash of everything a page may read besides the things' names and texts (see the module doc);
    ``extra``: more the pages show (JSON-able), e.g. the card pictures of the build."""
    from smashup_db.i18n import LOCALE_DIR
    from smashup_db.site.paths import templates_dir

    h = hashlib.sha256()
    h.update(
        _json(
            [
                _VERSION,
                list(langs),
                base,
                search_on,
                data.version,
                data.date,
                data.has_text,
                data.glossary,
                data.text_counts,
                sorted(data.catalogue.owned_printings().items()),
                extra,
            ]
        )
    )
    for root in (templates_dir().parent, Path(LOCALE_DIR), Path(__file__).resolve().parent.parent):
        for path in sorted(root.rglob("*")):
            if path.suffix in _SOURCES and "__pycache__" not in path.parts and path.is_file():
                h.update(str(path.relative_to(root)).encode("utf-8") + b"\0" + path.read_bytes())
    # repr, as for the things' fingerprints: plain values in the order they were read, three times as fast as JSON
    for table in (data.products, data.factions, data.cards, data.bases):
        h.update(
            repr(
                [
                    [(k, v) for k, v in item.items() if k not in ("texts", "rulings")]
                    for item in table.values()
                ]
            ).encode("utf-8")
        )
    return h.hexdigest()


class PageCache:
    """The page records of the previous build into ``out`` and those of this build (see the module doc).

    ``reuse(lang, pages, root, writer)`` links the old pages whose inputs did not change into the
    build, ``rendered(rel, tpl, lang, seen, html)`` records a page just rendered; ``save()`` after
    a successful swap. ``hashes``: ``{relative path: sha256}`` of every page of this build.
    """

    def __init__(
        self, out: Path, data, langs, base: str, search_on: bool, use_old: bool = True, extra=None
    ):
        self.out, self.data = out, data
        self.out_text = str(out)
        self.glob = global_fingerprint(data, langs, base, search_on, extra)
        self._fps: dict[tuple[str, str, str], str] = {}
        self._names = data.catalogue.model.names  # {(kind, id): {lang: name}}
        self.pages: dict[
            str, list
        ] = {}  # rel -> [template, size, sha, ["kind\0id" of the things it showed]]
        self.hashes: dict[str, str] = {}
        self.reused = 0
        #: Pagefind's bundles (:class:`.pagefind.IndexJob`): those of the previous build, those of this one
        self.old_pagefind: dict = {}
        self.pagefind: dict = {}
        self.old_fps: dict[str, str] = {}  # "kind\0id\0lang": fingerprint, of the previous build
        self._changed: dict[
            str, set[str]
        ] = {}  # lang: {"kind\0id"} whose fingerprint is not the recorded one
        self._known: dict[str, set[str]] = {}  # lang: {"kind\0id"} whose fingerprint was recorded
        self.old = self._load() if use_old else {}  # a full build still records its pages

    # ------------------------------------------------------------------ records
    @staticmethod
    def record_file(out: Path) -> Path:
        """Where the records of the site in ``out`` are kept."""
        from platformdirs import user_cache_dir

        digest = _sha(str(out.resolve()).encode("utf-8"))[:20]
        return Path(user_cache_dir("smashup-db")) / "site-builds" / f"{digest}.json"

    def _marker_sha(self) -> str | None:
        try:
            return _sha((self.out / ".smashup-site").read_bytes())
        except OSError:
            return None

    def _load(self) -> dict:
        try:
            doc = json.loads(self.record_file(self.out).read_text(encoding="utf-8"))
        except (OSError, ValueError):
            return {}
        if not isinstance(doc, dict) or doc.get("v") != _VERSION:
            return {}
        if doc.get("marker") is None or doc.get("marker") != self._marker_sha():
            return {}
        if isinstance(
            doc.get("pagefind"), dict
        ):  # keyed by the pages' bytes: valid whatever else changed
            self.old_pagefind = doc["pagefind"]
        if doc.get("global") != self.glob:
            return {}
        pages, fps = doc.get("pages"), doc.get("things")
        if not isinstance(pages, dict) or not isinstance(fps, dict):
            return {}
        self.old_fps = fps
        return pages

    def save(self) -> None:
        """Store this build's records (after the swap: tied to the new marker). A cache problem is ignored."""
        path = self.record_file(self.out)
        try:
            path.parent.mkdir(parents=True, exist_ok=True)
            write_atomic(
                path,
                json.dumps(
                    {
                        "v": _VERSION,
                        "global": self.glob,
                        "marker": self._marker_sha(),
                        "things": {"\0".join(k): fp for k, fp in self._fps.items()},
                        "pages": self.pages,
                        "pagefind": self.pagefind,
                    }
                ).encode("utf-8"),
                durable=False,
            )
        except OSError:
            pass

    # ------------------------------------------------------------------ keys
    def fingerprint(self, kind: str, ref: str, lang: str) -> str:
        """The hash of what a page in ``lang`` may show of one thing: its names, texts and community marks
        in ``lang`` and in English (the fallback of every name and text), and its rulings."""
        key = (kind, ref, lang)
        fp = self._fps.get(key)
        if fp is None:
            data = self.data
            item = getattr(data, kind + "s", {}).get(ref) or {}
            names = (
                self._names.get((kind, ref)) or {}
            )  # the display name is the one of lang, else English
            texts = item.get("texts") or {}
            community = data.community
            # repr, not JSON: the values are text, numbers, None, lists and dicts (in the order they were
            # read, so a different order only renders a page again), and repr is three times as fast
            fp = self._fps[key] = _sha(
                repr(
                    (
                        kind,
                        ref,
                        names.get(lang),
                        names.get("en"),
                        (kind, ref, lang) in community,
                        (kind, ref, "en") in community,
                        texts.get(lang),
                        texts.get("en"),
                        item.get("rulings"),
                    )
                ).encode("utf-8")
            )
        return fp

    def changed(self, lang: str) -> set[str]:
        """``{"kind\0id"}`` of the things the previous build recorded for pages in ``lang`` whose
        fingerprint is another now (a thing no longer in the catalogue included)."""
        if lang not in self._changed:
            found, known = set(), set()
            suffix = "\0" + lang
            for key, fp in self.old_fps.items():
                thing = key[: -len(suffix)] if key.endswith(suffix) else ""
                if (
                    thing.count("\0") != 1
                ):  # another language's, or not of this shape (then not known)
                    continue
                known.add(thing)
                kind, ref = thing.split("\0")
                if self.fingerprint(kind, ref, lang) != fp:
                    found.add(thing)
            self._changed[lang], self._known[lang] = found, known
        return self._changed[lang]

    # ------------------------------------------------------------------ pages
    def reuse(self, lang: str, pages: list[tuple[str, str]], root: str, writer) -> set[str]:
        """Hand the previous build's pages to ``writer`` (linked below ``root``, all in one call) where
        nothing they showed changed; returns the relative paths of those reused.

        ``pages``: ``[(relative path, template)]`` of one language ``lang``. A page is reused when its
        template may be (:data:`REUSABLE`), its record is of this shape and names that template, none of
        the things it showed changed and all were recorded, and its old file is a regular file of the
        recorded size."""
        changed, known = self.changed(lang), self._known[lang]
        out, pairs, reused = self.out_text + "/", [], set()
        for rel, tpl in pages:
            old = self.old.get(rel)
            if tpl not in REUSABLE or type(old) is not list or len(old) != 4 or old[0] != tpl:
                continue
            deps = old[3]
            try:
                if not changed.isdisjoint(deps) or not known.issuperset(deps):
                    continue  # something it showed changed, or was not recorded (then it cannot be told)
                st = os.lstat(out + rel)
            except (
                TypeError,
                ValueError,
                OSError,
            ):  # a record not of this shape, or no old file: render it
                continue
            if not stat.S_ISREG(st.st_mode) or st.st_size != old[1]:
                continue
            pairs.append((root + "/" + rel, out + rel))
            self.pages[rel] = old
            self.hashes[rel] = old[2]
            reused.add(rel)
        writer.link_many(pairs)
        self.reused += len(reused)
        return reused

    def rendered(self, rel: str, tpl: str, lang: str, seen, html: str) -> None:
        """Record a page just rendered (``seen``: the ``(kind, id)`` whose names it showed)."""
        body = html.encode("utf-8")
        sha = _sha(body)
        self.hashes[rel] = sha
        if tpl in REUSABLE:
            deps = sorted(seen)
            for kind, ref in deps:  # recorded for the next build (save)
                self.fingerprint(kind, ref, lang)
            self.pages[rel] = [tpl, len(body), sha, [kind + "\0" + ref for kind, ref in deps]]
