"""Benchmark: build the full static site (English and German) from a fresh database.

Prints pages, seconds and pages/second for each run, with and without the
Pagefind index, and the size of the biggest card page plus the stylesheet.
Goal (issue 5): a full build, search index included, under 10 s.

Usage: python bench/bench_site.py [--runs N] [--no-search]
"""

from __future__ import annotations

import argparse
import shutil
import statistics
import tempfile
from pathlib import Path


def main() -> None:
    """Run the benchmark and print one line per run and a summary."""
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--runs", type=int, default=3)
    ap.add_argument("--no-search", action="store_true", help="skip the Pagefind index")
    args = ap.parse_args()

    from smashup_db.storage import open_reader
    from smashup_db.site import build_site

    tmp = Path(tempfile.mkdtemp(prefix="smashup-bench-site-"))
    try:
        db = str(tmp / "cat.db")
        open_reader(db).close()  # build the catalogue once; the benchmark times the site only
        times = []
        for i in range(args.runs):
            res = build_site(tmp / "site", "en,de", "/", db, search=not args.no_search)
            times.append(res.seconds)
            print(f"run {i + 1}: {res.pages} pages in {res.seconds:.2f} s "
                  f"({res.pages / res.seconds:.0f} pages/s); {res.search_note}")
        site = tmp / "site"
        css = (site / "assets" / "site.css").stat().st_size
        card = max(p.stat().st_size for p in site.glob("*/cards/*/index.html"))
        med = statistics.median(times)
        print(f"pages: {res.pages}  median: {med:.2f} s  best: {min(times):.2f} s  "
              f"pages/s: {res.pages / med:.0f}  (goal < 10 s: {'ok' if med < 10 else 'MISSED'})")
        print(f"biggest card page + CSS: {(card + css) / 1024:.1f} KB (goal < 30 KB)")
    finally:
        shutil.rmtree(tmp, ignore_errors=True)


if __name__ == "__main__":
    main()
