"""Pagefind: find its binary and index a built tree, a few bundles per language.

Each language has its own bundles, made from the pages under ``<site>/<lang>/`` only; the search
page of a language loads its own. Only elements inside ``data-pagefind-body`` are indexed: the
faction, product, glossary and rules pages (the "other pages" the search page offers). Cards and
bases are found by the search page's own index (``assets/search-<lang>.json``), so their pages are
not in Pagefind's.

A language's pages are split into bundles (:func:`bundles`): ``pagefind/<lang>/`` holds the product,
glossary and rules pages and is the one the search page loads first; ``pagefind/<lang>-f0/`` …
hold the faction pages, a third each (by a hash of the faction's id), and are merged into it
(Pagefind's ``mergeIndex``) when the search page asks for them. So a changed faction page is indexed
again with a third of the faction pages, not with all 140 pages of its language.

A rebuild (issue 22) runs Pagefind only for a bundle whose pages changed: the *key* of a bundle
is the hash of the binary's identity and of every page it indexes; when it is the key of the
previous build's bundle and that bundle's files are still there, they are linked into the new
build instead. Pagefind does not write the same bytes twice, so a bundle made anew differs from
the old one in its file names, not in what it finds. Pagefind starts once the indexed pages are
written (:class:`IndexJob`), while the build renders the rest.
"""

from __future__ import annotations

import hashlib
import os
import re
import shutil
import stat
import subprocess
import zlib
from pathlib import Path
from typing import NamedTuple

from smashup_db.i18n import N_
from smashup_db.site.paths import SiteError

#: Where the bundles go, relative to the site: ``pagefind/<lang>/``.
BUNDLE_DIR = "pagefind"
#: The folders under ``<lang>/`` of the pages Pagefind indexes (those with ``data-pagefind-body``;
#: ``*`` is one folder name). Pagefind is given only these: reading every page to find them
#: costs it four times as long.
INDEXED = ("factions/*", "products/*", "glossary", "rules")
_INDEXED = re.compile(
    "(?:" + "|".join(re.escape(p).replace(r"\*", "[^/]+") for p in INDEXED) + ")/index\\.html"
)


def indexed(rel: str, lang: str) -> bool:
    """Whether the site file ``rel`` (``"de/factions/aliens/index.html"``) is one Pagefind indexes for ``lang``."""
    return rel.startswith(lang + "/") and _INDEXED.fullmatch(rel, len(lang) + 1) is not None


def find_pagefind() -> str | None:
    """Path of a runnable pagefind binary, or None (search is then left off).

    Looks at ``$PAGEFIND_BINARY_PATH``, the ``pagefind`` Python package
    (``pagefind[extended]`` / ``pagefind_bin``) and ``PATH``.
    """
    env = os.environ.get("PAGEFIND_BINARY_PATH")
    if env:
        return env if os.access(env, os.X_OK) else None
    try:
        from pagefind.service import get_executable  # type: ignore

        path = get_executable()
        if path and os.access(str(path), os.X_OK):
            return str(path)
    except Exception:  # package missing or its binary not installed
        pass
    return shutil.which("pagefind_extended") or shutil.which("pagefind")


#: Bundles of the faction pages of a language (``<lang>-f0`` …), besides the language's first one.
FACTION_BUNDLES = 3


class Bundle(NamedTuple):
    """One Pagefind bundle of a language (:func:`bundles`).

    ``lang``: the language of its pages; ``name``: its folder under ``pagefind/`` (``"de"``, ``"de-f1"``);
    ``folder``: the site folder Pagefind is given (``"de"``, ``"de/factions"``), ``glob``: its pages there;
    ``url``: the URL path of that folder relative to the site's base (``"de/"``, ``"de/factions/"``),
    Pagefind's ``baseUrl`` for the bundle."""

    lang: str
    name: str
    folder: str
    glob: str
    url: str


def _faction_bundle(lang: str, faction: str) -> str:
    return f"{lang}-f{zlib.crc32(faction.encode('utf-8')) % FACTION_BUNDLES}"


def bundle_of(rel: str, lang: str) -> str | None:
    """The bundle (:func:`bundles`) that indexes the site file ``rel`` of ``lang``, or None (not indexed)."""
    if not indexed(rel, lang):
        return None
    parts = rel.split("/")
    return _faction_bundle(lang, parts[2]) if parts[1] == "factions" else lang


def bundles(lang: str, factions) -> list[Bundle]:
    """The bundles of ``lang`` for the faction ids ``factions``: the language's own first (products,
    glossary, rules), then those of the faction pages that hold at least one faction (ids sorted)."""
    first = Bundle(
        lang,
        lang,
        lang,
        "{" + ",".join(p for p in INDEXED if not p.startswith("factions/")) + "}/index.html",
        f"{lang}/",
    )
    groups: dict[str, list[str]] = {}
    for fid in sorted(factions):
        groups.setdefault(_faction_bundle(lang, fid), []).append(fid)
    return [first] + [
        Bundle(
            lang,
            name,
            f"{lang}/factions",
            "{" + ",".join(ids) + "}/index.html",
            f"{lang}/factions/",
        )
        for name, ids in sorted(groups.items())
    ]


#: Elements Pagefind leaves out besides those marked ``data-pagefind-ignore``: the "EN" after an English
#: name on a German page (:func:`.browse.name_html`; hundreds on a list, so not marked one by one).
EXCLUDE = "abbr.fb"


def _command(binary: str, site: Path, bundle: Bundle) -> list[str]:
    return [
        binary,
        "--site",
        str(site / bundle.folder),
        "--glob",
        bundle.glob,
        "--exclude-selectors",
        EXCLUDE,
        "--output-path",
        str(site / BUNDLE_DIR / bundle.name),
    ]


def _pages(stdout: str) -> int | None:
    """The number of pages Pagefind says it indexed (``Indexed 130 pages``), or None."""
    for ln in stdout.splitlines():
        words = ln.strip().split()
        if len(words) == 3 and words[0] == "Indexed" and words[2] == "pages" and words[1].isdigit():
            return int(words[1])
    return None


class _Run:
    """Pagefind making one bundle in its own process (:class:`IndexJob`)."""

    def __init__(self, binary: str, site: Path, bundle: Bundle):
        try:
            self.proc = subprocess.Popen(
                _command(binary, site, bundle),
                stdout=subprocess.PIPE,
                stderr=subprocess.PIPE,
                text=True,
            )
        except OSError as exc:
            raise SiteError(N_("pagefind could not index the site: {exc}"), exc=exc) from None

    def wait(self, timeout: float = 300) -> int | None:
        """The pages indexed (None where Pagefind's output did not say) once the process ended.
        Raises :class:`SiteError` when it failed or took longer than ``timeout`` seconds."""
        proc = self.proc
        try:
            out, err = proc.communicate(timeout=timeout)
            if proc.returncode != 0:
                last = (err.strip() or out.strip() or "no output").splitlines()[-1]
                raise SiteError(
                    N_("pagefind failed (exit {returncode}): {last}"),
                    returncode=proc.returncode,
                    last=last,
                )
            return _pages(out)
        except (OSError, subprocess.TimeoutExpired) as exc:
            raise SiteError(N_("pagefind could not index the site: {exc}"), exc=exc) from None
        finally:
            self.stop()

    def stop(self) -> None:
        """Kill it if it still runs (an abandoned build)."""
        if self.proc.poll() is None:
            self.proc.kill()
            self.proc.wait()


def bundle_key(binary: str, bundle: Bundle, pages: dict[str, str]) -> str:
    """The key of ``bundle``: the binary (path, size, time), the bundle's place and its ``pages``
    (``{relative path: sha256}``, :func:`pages_of`)."""
    h = hashlib.sha256()
    try:
        st = os.stat(binary)
        h.update(f"{binary}\0{st.st_size}\0{st.st_mtime_ns}\n".encode("utf-8"))
    except OSError:
        h.update(binary.encode("utf-8"))
    h.update(repr(tuple(bundle)).encode("utf-8") + b"\n")
    for rel in sorted(pages):
        h.update(rel.encode("utf-8") + b"\0" + pages[rel].encode("ascii") + b"\n")
    return h.hexdigest()


def pages_of(lang: str, hashes: dict[str, str]) -> dict[str, dict[str, str]]:
    """``{bundle name: {relative path: sha256}}``: the pages of ``hashes`` (the build's files) that each
    bundle of ``lang`` indexes (:func:`bundle_of`)."""
    found: dict[str, dict[str, str]] = {}
    prefix = lang + "/"
    for rel, sha in hashes.items():
        if rel.startswith(prefix):
            name = bundle_of(rel, lang)
            if name is not None:
                found.setdefault(name, {})[rel] = sha
    return found


def bundle_files(site: Path, name: str) -> dict[str, int]:
    """``{relative path: size}`` of every file of the bundle ``name`` (``"de-f1"``) in ``site``."""
    root = site / BUNDLE_DIR / name
    found = {}
    for path in root.rglob("*"):
        if path.is_file():
            found[path.relative_to(site).as_posix()] = path.stat().st_size
    return found


def reuse_bundle(old_site: Path, new_site: Path, files: dict[str, int]) -> bool:
    """Link (or copy) the previous build's bundle ``files`` (``{relative path: size}``) into ``new_site``.

    True when every file was there as a regular file of the recorded size; False (and nothing
    left behind) otherwise, so the caller indexes the language anew."""
    if not files:
        return False
    for rel in files:
        parts = rel.split("/") if isinstance(rel, str) else []
        if len(parts) < 3 or parts[0] != BUNDLE_DIR or any(p in ("", ".", "..") for p in parts):
            return False  # not a file of a bundle (the records are read back from the cache folder)
        try:
            st = os.lstat(old_site / rel)
        except OSError:
            return False
        if not stat.S_ISREG(st.st_mode) or st.st_size != files[rel]:
            return False
    made = []
    try:
        for rel in sorted(files):
            dst = new_site / rel
            dst.parent.mkdir(parents=True, exist_ok=True)
            try:
                os.link(old_site / rel, dst)
            except OSError:
                shutil.copyfile(old_site / rel, dst)
            made.append(dst)
    except OSError:
        for dst in made:
            dst.unlink(missing_ok=True)
        return False
    return True


class IndexJob:
    """The bundles of one build, a language at a time (:meth:`start`): for each of the language's bundles
    (:func:`bundles`), the previous build's where its key (:func:`bundle_key`) is unchanged and its files
    are still in ``old_site``, else a new one made by Pagefind in the background while the build goes on;
    :meth:`finish` waits for them.

    ``hashes``: ``{relative path: sha256}`` of the build's pages, filled as they are written (a language's
    pages that Pagefind indexes must all be written when it is started); ``factions``: the faction ids of
    the site; ``previous``: the records :meth:`finish` returned last time for ``old_site`` (``{}`` for none).
    """

    def __init__(
        self,
        binary: str,
        site: Path,
        hashes: dict[str, str],
        factions,
        old_site: Path,
        previous: dict,
    ):
        self.binary, self.site, self.hashes, self.old_site = binary, site, hashes, old_site
        self.factions = sorted(factions)
        self.previous = previous if isinstance(previous, dict) else {}
        self.langs: list[str] = []  # as started
        self.records: dict = {}
        self._runs: dict[Bundle, _Run] = {}

    def start(self, lang: str) -> None:
        """Give each bundle of ``lang`` its files: link the previous ones, or start Pagefind on its pages.
        Raises :class:`SiteError` when Pagefind cannot be started."""
        self.langs.append(lang)
        pages = pages_of(lang, self.hashes)
        for bundle in bundles(lang, self.factions):
            key = bundle_key(self.binary, bundle, pages.get(bundle.name, {}))
            old = self.previous.get(bundle.name)
            if (
                isinstance(old, dict)
                and old.get("key") == key
                and isinstance(old.get("files"), dict)
                and reuse_bundle(self.old_site, self.site, old["files"])
            ):
                self.records[bundle.name] = old
            else:
                self.records[bundle.name] = {"key": key}
                self._runs[bundle] = _Run(self.binary, self.site, bundle)

    def finish(self) -> tuple[dict[str, int | None], list[str], dict]:
        """Wait for Pagefind; returns ``({lang: pages indexed}, [langs all of whose bundles were reused],
        records for next time: {bundle name: {"key", "files": {relative path: size}}})``.
        Raises :class:`SiteError` when it failed."""
        counts: dict[str, int | None] = {}
        try:
            for bundle, run in self._runs.items():
                n, lang = run.wait(), bundle.lang
                counts[lang] = (
                    None
                    if n is None or (lang in counts and counts[lang] is None)
                    else counts.get(lang, 0) + n
                )
                self.records[bundle.name]["files"] = bundle_files(self.site, bundle.name)
        finally:
            self.stop()
        return counts, [lang for lang in self.langs if lang not in counts], self.records

    def stop(self) -> None:
        """Stop Pagefind (the build is abandoned); nothing else to undo, the build folder is removed."""
        for run in self._runs.values():
            run.stop()
        self._runs = {}
