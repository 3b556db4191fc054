"""Time the full text import of both card-archive files (goal: under 1 s).

Usage: python bench/bench_import.py [--repeat N] [--archive DIR]

Builds a fresh catalogue in a temporary SQLite file (not timed), then times
``import_text`` (read + validate + match + write, one transaction) on
smashup-catalog.json and smashup-bases.json: a first import into an empty
text table and a re-import that changes nothing. Prints seconds.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import tempfile
import time
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
DEFAULT_ARCHIVE = REPO.parent / "shared" / "data" / "card-archive"


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--repeat", type=int, default=5)
    ap.add_argument("--archive", type=Path, default=DEFAULT_ARCHIVE)
    args = ap.parse_args()
    files = [args.archive / "smashup-catalog.json", args.archive / "smashup-bases.json"]
    if not all(f.is_file() for f in files):
        print(f"card archive not found in {args.archive}", file=sys.stderr)
        return 2

    from smashup_db.compiler.bootstrap import open_db
    from smashup_db.importer.card_archive import import_text

    first, again = [], []
    for i in range(args.repeat):
        with tempfile.TemporaryDirectory() as tmp:
            engine = open_db(str(Path(tmp) / "bench.db"))
            t0 = time.perf_counter()
            report = import_text(engine, [str(f) for f in files])
            first.append(time.perf_counter() - t0)
            t0 = time.perf_counter()
            report2 = import_text(engine, [str(f) for f in files])
            again.append(time.perf_counter() - t0)
            engine.dispose()
        if i == 0:
            print(
                f"records {report.records}, matched {report.matched}, unmatched {len(report.unmatched)}; "
                f"text rows {report.texts['added']}, rulings {report.rulings['added']}; "
                f"re-import changes {report2.changes}"
            )
    print(
        f"first import: median {statistics.median(first):.3f} s, max {max(first):.3f} s (n={len(first)})"
    )
    print(
        f"re-import:    median {statistics.median(again):.3f} s, max {max(again):.3f} s (n={len(again)})"
    )
    ok = max(first) < 1.0 and max(again) < 1.0
    print("goal < 1 s:", "met" if ok else "NOT met")
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
