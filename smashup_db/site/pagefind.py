"""Pagefind: find its binary and index a built tree (one index per language).

Pagefind reads ``<html lang>`` of each page and writes a separate index per
language into ``<site>/pagefind/``; the search page loads the index of its
own language. Only elements inside ``data-pagefind-body`` are indexed.
"""

from __future__ import annotations

import os
import shutil
import subprocess
from pathlib import Path

from smashup_db.site.paths import SiteError
from smashup_db.i18n import N_


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


def run_pagefind(binary: str, site: Path, timeout: float = 300) -> str:
    """Index ``site`` with Pagefind; returns its summary line. Raises :class:`SiteError` on failure."""
    try:
        proc = subprocess.run([binary, "--site", str(site)], capture_output=True, text=True, timeout=timeout)
    except (OSError, subprocess.TimeoutExpired) as exc:
        raise SiteError(N_("pagefind could not index the site: {exc}"), exc=exc) from None
    if proc.returncode != 0:
        last = (proc.stderr.strip() or proc.stdout.strip() or "no output").splitlines()[-1]
        raise SiteError(N_("pagefind failed (exit {returncode}): {last}"), returncode=proc.returncode, last=last)
    found = [ln.strip() for ln in proc.stdout.splitlines()
             if ln.strip().startswith("Indexed") and ("languages" in ln or "pages" in ln)]
    return "Pagefind " + ", ".join(found).lower() if found else "Pagefind index built"
