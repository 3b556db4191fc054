"""The docs name only modules that exist.

"Docs" are README.md, docs/*.md, the package's docstrings and comments, and the site's templates
(JavaScript and HTML comments). Three kinds of names are checked:

* a path ending in ``.py`` (``site/build.py``, ``smashup_db/cli/output.py``, ``*_cmds.py``): some file
  of the repository ends with it (a bare ``tables.py`` matches a file of that name anywhere);
* a dotted name starting with ``smashup_db.`` (``smashup_db.catalogue.printing.applies``): the
  longest prefix that is a module imports, and the rest are attributes of it;
* a quoted dotted name ``module.Name`` (``models.Printing``, ``db.Reader``) whose first part is not
  an installed package: a module of ours of that name has the attribute.
"""

from __future__ import annotations

import fnmatch
import importlib
import importlib.util
import os
import re
import sysconfig
from functools import cache
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
PACKAGE = ROOT / "smashup_db"
#: Folders that hold no sources of ours: anywhere (installed packages, caches) and at the top (built output).
SKIP_DIRS = {".git", "node_modules", ".ci-venv", ".venv", "__pycache__"}
SKIP_TOP = {"site", "build", "dist"}
#: Browser globals named in the docs of the site's JavaScript (not Python modules).
JS_ROOTS = {"window", "self", "document"}

PY_PATH = re.compile(r"(?<![\w./*-])([\w*][\w./*-]*\.py)\b")
OURS = re.compile(r"\bsmashup_db(?:\.\w+)+")
QUOTED = re.compile(r"`{1,2}([a-z_]\w*(?:\.[a-z_]\w*)*\.[A-Z]\w*)(?:\(\))?`{1,2}")


def doc_files() -> list[Path]:
    """README.md, docs/*.md, the package's Python files and the site's templates."""
    files = [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]
    files += sorted(PACKAGE.rglob("*.py"))
    files += sorted(p for p in (ROOT / "templates").rglob("*") if p.suffix in (".js", ".html"))
    return files


@cache
def repo_files() -> tuple[str, ...]:
    """Every file of the repository, as a path relative to its root with ``/``."""
    out = []
    for folder, dirs, files in os.walk(ROOT):
        rel = Path(folder).relative_to(ROOT).as_posix()
        skip = SKIP_DIRS | (SKIP_TOP if rel == "." else set())
        dirs[:] = [d for d in dirs if d not in skip and not d.startswith(".pytest")]
        out += [f if rel == "." else f"{rel}/{f}" for f in files]
    return tuple(out)


def path_exists(name: str) -> bool:
    """True when some file of the repository is ``name`` or ends with ``/name`` (globs allowed);
    ``Lib/...`` is a file of CPython's standard library."""
    if name.startswith("Lib/"):
        return (Path(sysconfig.get_paths()["stdlib"]) / name[4:]).is_file()
    name = name.lstrip("./")
    if "*" in name:
        return any(
            fnmatch.fnmatch(f, name) or fnmatch.fnmatch(f, "*/" + name) for f in repo_files()
        )
    return any(f == name or f.endswith("/" + name) for f in repo_files())


@cache
def our_modules() -> dict[str, list[str]]:
    """``{last part: [dotted module name, ...]}`` of every module of the package."""
    out: dict[str, list[str]] = {}
    for path in PACKAGE.rglob("*.py"):
        parts = list(path.relative_to(ROOT).with_suffix("").parts)
        if parts[-1] == "__init__":
            parts.pop()
        out.setdefault(parts[-1], []).append(".".join(parts))
    return out


@cache
def resolves(dotted: str) -> bool:
    """True when ``dotted`` (``smashup_db.x.y.name``) is a module of ours or an attribute of one."""
    parts = dotted.split(".")
    known = {m for mods in our_modules().values() for m in mods}
    for cut in range(len(parts), 0, -1):
        module = ".".join(parts[:cut])
        if module in known:
            break
    else:
        return False
    obj = importlib.import_module(module)
    for attr in parts[cut:]:
        if not hasattr(obj, attr):
            return False
        obj = getattr(obj, attr)
    return True


def quoted_resolves(dotted: str) -> bool:
    """``module.Name``: True when a module of ours named ``module`` has it, or when ``module`` is not ours."""
    first, rest = dotted.split(".", 1)
    mods = our_modules().get(first, [])
    if not mods:
        return first in JS_ROOTS or importlib.util.find_spec(first) is not None
    return any(resolves(f"{m}.{rest}") for m in mods)


def stale_names(text: str) -> list[str]:
    """The module paths and dotted names in ``text`` that name nothing (see the module doc)."""
    bad = [m for m in PY_PATH.findall(text) if not path_exists(m)]
    bad += [m for m in OURS.findall(text) if not resolves(m)]
    bad += [m for m in QUOTED.findall(text) if not quoted_resolves(m)]
    return bad


def test_the_checks_find_stale_names():
    text = (
        "see smashup_db/site/qindex.py, site/qindex.py and ``models.Printing``; "
        "same as smashup_db.textutil.fold and smashup_db.catalogue.printing.nothing_here"
    )
    assert stale_names(text) == [
        "smashup_db/site/qindex.py",
        "site/qindex.py",
        "smashup_db.textutil.fold",
        "smashup_db.catalogue.printing.nothing_here",
        "models.Printing",
    ]


def test_the_checks_accept_names_that_exist():
    text = (
        "`smashup_db/cli/output.py`, cli/output.py, `*_cmds.py`, tables.py, "
        "smashup_db.catalogue.printing.applies, smashup_db.cli.main, `db.Reader`, "
        "``random.Random``, `window.SmashupScore`, CPython's Lib/random.py"
    )
    assert stale_names(text) == []


@pytest.mark.parametrize("path", doc_files(), ids=lambda p: p.relative_to(ROOT).as_posix())
def test_docs_name_existing_modules(path):
    assert stale_names(path.read_text(encoding="utf-8")) == []
