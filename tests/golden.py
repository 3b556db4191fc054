"""The golden search queries (tests/search/golden_queries.txt) and the ways to run them.

Used by test_golden_queries.py (CLI, both SQL paths, Node) and test_site_browser.py
(the site's search page in Chromium): every runner must give the same ids.
"""

from __future__ import annotations

import json
import shutil
import subprocess
from pathlib import Path

HERE = Path(__file__).resolve().parent
GOLDEN = HERE / "search" / "golden_queries.txt"
ARCHIVE = HERE.parent.parent / "shared" / "data" / "card-archive"
NODE_RUNNER = HERE / "js" / "golden_runner.js"


def golden_queries() -> list[tuple[str, bool]]:
    """``[(query, must_fail), ...]`` from the golden file (comments and blank lines skipped)."""
    out = []
    for line in GOLDEN.read_text(encoding="utf-8").splitlines():
        if not line.strip() or line.startswith("#"):
            continue
        out.append((line[1:], True) if line.startswith("!") else (line, False))
    return out


def import_archive_text(db: str) -> bool:
    """Import the card archive's rules text into ``db`` with the CLI; False when ../shared/data is absent."""
    from typer.testing import CliRunner

    from smashup_db.cli import app

    files = [ARCHIVE / "smashup-catalog.json", ARCHIVE / "smashup-bases.json"]
    if not all(f.is_file() for f in files):
        return False
    for f in files:
        res = CliRunner().invoke(app, ["import", "text", str(f), "--db", db])
        assert res.exit_code == 0, res.output
    return True


def cli_ids(run_cli, query: str) -> list[str] | None:
    """Result keys (``card:<id>``/``base:<id>``) of ``smashup search --json --limit 0``; None when refused."""
    res = run_cli("search", "--json", "--limit", "0", "--", query)
    if res.exit_code != 0:
        assert res.exit_code == 1 and res.output.strip().startswith("error:"), res.output
        assert "Traceback" not in res.output
        return None
    data = json.loads(res.output)
    assert data["total"] == data["shown"] == len(data["results"])
    return [f"{r['kind']}:{r['id']}" for r in data["results"]]


def node_ids(query_js: Path, index_file: Path, queries: list[str]) -> list[list[str] | None]:
    """Run ``queries`` through the site's evaluator in Node; per query its keys, or None when refused."""
    node = shutil.which("node") or shutil.which("nodejs")
    proc = subprocess.run([node, str(NODE_RUNNER), str(query_js), str(index_file)], input=json.dumps(queries),
                          capture_output=True, text=True, timeout=120, check=True)
    return [None if "error" in r else r["ids"] for r in json.loads(proc.stdout)]
