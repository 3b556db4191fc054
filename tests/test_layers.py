"""The layering of the package (docs/architecture.md): contracts, no import cycles (found by grimp, the
import graph import-linter builds), one job per name."""

from __future__ import annotations

import shutil
import subprocess
import sys
from collections import defaultdict
from pathlib import Path

import pytest

PACKAGE = Path(__file__).resolve().parents[1] / "smashup_db"


def _modules() -> dict[str, Path]:
    out = {}
    for path in PACKAGE.rglob("*.py"):
        parts = list(path.relative_to(PACKAGE.parent).with_suffix("").parts)
        if parts[-1] == "__init__":
            parts.pop()
        out[".".join(parts)] = path
    return out


def import_cycles(graph) -> list[tuple[str, str]]:
    """The imports ``(a, b)`` of a grimp graph that close a cycle: ``a`` imports ``b`` and a chain of
    imports leads from ``b`` back to ``a``. Empty when there is no cycle."""
    return sorted(
        (a, b)
        for a in graph.modules
        for b in graph.find_modules_directly_imported_by(a)
        if graph.chain_exists(importer=b, imported=a)
    )


def test_a_cycle_through_an_import_inside_a_function_is_found(tmp_path, monkeypatch):
    grimp = pytest.importorskip("grimp", reason="grimp not installed (pip install -e '.[test]')")
    pkg = tmp_path / "cyclepkg"
    pkg.mkdir()
    (pkg / "__init__.py").write_text("", encoding="utf-8")
    (pkg / "a.py").write_text("from cyclepkg import b\n", encoding="utf-8")
    (pkg / "b.py").write_text("def f():\n    from cyclepkg import a\n", encoding="utf-8")
    (pkg / "c.py").write_text("from cyclepkg import a\n", encoding="utf-8")
    monkeypatch.syspath_prepend(str(tmp_path))
    graph = grimp.build_graph("cyclepkg", cache_dir=None)
    assert import_cycles(graph) == [("cyclepkg.a", "cyclepkg.b"), ("cyclepkg.b", "cyclepkg.a")]


def test_no_import_cycle_among_our_modules_even_inside_functions():
    """grimp (import-linter's graph) reads every import statement, those inside functions too."""
    grimp = pytest.importorskip("grimp", reason="grimp not installed (pip install -e '.[test]')")
    graph = grimp.build_graph("smashup_db", cache_dir=None)
    assert len(graph.modules) > 50
    assert import_cycles(graph) == []


def test_the_import_contracts_hold():
    exe = shutil.which("lint-imports") or str(Path(sys.executable).with_name("lint-imports"))
    if not Path(exe).exists():
        pytest.skip("import-linter not installed (pip install -e '.[test]')")
    run = subprocess.run([exe], cwd=PACKAGE.parent, capture_output=True, text=True)
    assert run.returncode == 0, run.stdout[-3000:] + run.stderr[-2000:]
    assert "0 broken" in run.stdout


def test_at_most_four_modules_at_the_top_of_the_package():
    top = sorted(p.name for p in PACKAGE.glob("*.py"))
    assert len(top) <= 4, top


def test_no_two_modules_share_a_basename():
    by_name = defaultdict(list)
    for name in _modules():
        base = name.rpartition(".")[2]
        if base not in {"smashup_db"} and not (PACKAGE / base).is_dir():
            by_name[base].append(name)
    shared = {
        b: ms
        for b, ms in by_name.items()
        if len(ms) > 1 and not all(m.endswith(f".{b}") and ".versions." in m for m in ms)
    }
    assert shared == {}
