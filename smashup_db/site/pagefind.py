"""Pagefind: find its binary and index a built tree, one bundle per language.

Each language gets its own bundle, ``<site>/pagefind/<lang>/``, made from the pages under
``<site>/<lang>/`` only; the search page of a language loads its own. Only elements inside
``data-pagefind-body`` are indexed: the faction, product, glossary and rules pages (the
"other pages" the search page offers). Cards and bases are found by the search page's own
index (``assets/search-<lang>.json``), so their pages are not in Pagefind's.

A rebuild (issue 22) runs Pagefind only for a language whose pages changed: the *key* of a
bundle is the hash of the binary's identity and of every page it indexes under ``<lang>/``; when it
is the key of the previous build's bundle and that bundle's files are still there, they are linked
into the new build instead. Pagefind does not write the same bytes twice, so a bundle made anew
differs from the old one in its file names, not in what it finds. Pagefind starts once the
indexed pages are written (:class:`IndexJob`), while the build renders the rest.
"""

from __future__ import annotations

import hashlib
import os
import re
import shutil
import stat
import subprocess
from pathlib import Path

from smashup_db.site.paths import SiteError
from smashup_db.i18n import N_

#: Where the bundles go, relative to the site: ``pagefind/<lang>/``.
BUNDLE_DIR = "pagefind"
#: The folders under ``<lang>/`` of the pages Pagefind indexes (those with ``data-pagefind-body``;
#: ``*`` is one folder name). Pagefind is given only these: reading every page to find them
#: costs it four times as long.
INDEXED = ("factions/*", "products/*", "glossary", "rules")
_INDEXED = re.compile("(?:" + "|".join(re.escape(p).replace(r"\*", "[^/]+") for p in INDEXED) + ")/index\\.html")


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


def _command(binary: str, site: Path, lang: str) -> list[str]:
    folders = ",".join(INDEXED)
    return [binary, "--site", str(site), "--glob", f"{lang}/{{{folders}}}/index.html",
            "--output-subdir", f"{BUNDLE_DIR}/{lang}"]


def _pages(stdout: str) -> int | None:
    """The number of pages Pagefind says it indexed (``Indexed 130 pages``), or None."""
    for ln in stdout.splitlines():
        words = ln.strip().split()
        if len(words) == 3 and words[0] == "Indexed" and words[2] == "pages" and words[1].isdigit():
            return int(words[1])
    return None


class _Run:
    """Pagefind indexing the pages of one language in its own process (:class:`IndexJob`)."""

    def __init__(self, binary: str, site: Path, lang: str):
        try:
            self.proc: subprocess.Popen | None = subprocess.Popen(
                _command(binary, site, lang), stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
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
                raise SiteError(N_("pagefind failed (exit {returncode}): {last}"),
                                returncode=proc.returncode, last=last)
            return _pages(out)
        except (OSError, subprocess.TimeoutExpired) as exc:
            raise SiteError(N_("pagefind could not index the site: {exc}"), exc=exc) from None
        finally:
            self.stop()

    def stop(self) -> None:
        """Kill it if it still runs (an abandoned build)."""
        if self.proc is not None and self.proc.poll() is None:
            self.proc.kill()
            self.proc.wait()


def bundle_key(binary: str, lang: str, hashes: dict[str, str]) -> str:
    """The key of the bundle of ``lang``: the binary (path, size, time) and every page of ``hashes``
    (``{relative path: sha256}`` of the build's files) that Pagefind indexes for ``lang`` (:func:`indexed`)."""
    h = hashlib.sha256()
    try:
        st = os.stat(binary)
        h.update(f"{binary}\0{st.st_size}\0{st.st_mtime_ns}\n".encode("utf-8"))
    except OSError:
        h.update(binary.encode("utf-8"))
    for rel in sorted(hashes):
        if indexed(rel, lang):
            h.update(rel.encode("utf-8") + b"\0" + hashes[rel].encode("ascii") + b"\n")
    return h.hexdigest()


def bundle_files(site: Path, lang: str) -> dict[str, int]:
    """``{relative path: size}`` of every file of the bundle of ``lang`` in ``site``."""
    root = site / BUNDLE_DIR / lang
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
    """The bundles of one build, a language at a time (:meth:`start`): the previous build's where its key
    (:func:`bundle_key`) is unchanged and its files are still in ``old_site``, else a new one made by
    Pagefind in the background while the build goes on; :meth:`finish` waits for them.

    ``hashes``: ``{relative path: sha256}`` of the build's pages, filled as they are written (a language's
    pages that Pagefind indexes must all be written when it is started); ``previous``: the records
    :meth:`finish` returned last time for ``old_site`` (``{}`` for none).
    """

    def __init__(self, binary: str, site: Path, hashes: dict[str, str], old_site: Path, previous: dict):
        self.binary, self.site, self.hashes, self.old_site = binary, site, hashes, old_site
        self.previous = previous if isinstance(previous, dict) else {}
        self.kept: list[str] = []
        self.records: dict = {}
        self._runs: dict[str, _Run] = {}

    def start(self, lang: str) -> None:
        """Give ``lang`` its bundle: link the previous one, or start Pagefind on the language's pages.
        Raises :class:`SiteError` when Pagefind cannot be started."""
        key = bundle_key(self.binary, lang, self.hashes)
        old = self.previous.get(lang)
        if (isinstance(old, dict) and old.get("key") == key and isinstance(old.get("files"), dict)
                and reuse_bundle(self.old_site, self.site, old["files"])):
            self.records[lang] = old
            self.kept.append(lang)
        else:
            self.records[lang] = {"key": key}
            self._runs[lang] = _Run(self.binary, self.site, lang)

    def finish(self) -> tuple[dict[str, int | None], list[str], dict]:
        """Wait for Pagefind; returns ``({lang indexed: pages}, [langs whose bundle was reused], records for
        next time: {lang: {"key", "files": {relative path: size}}})``. Raises :class:`SiteError` when it failed."""
        counts = {}
        try:
            for lang, run in self._runs.items():
                counts[lang] = run.wait()
                self.records[lang]["files"] = bundle_files(self.site, lang)
        finally:
            self.stop()
        return counts, self.kept, self.records

    def stop(self) -> None:
        """Stop Pagefind (the build is abandoned); nothing else to undo, the build folder is removed."""
        for run in self._runs.values():
            run.stop()
        self._runs = {}
