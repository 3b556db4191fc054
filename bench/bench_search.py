"""Benchmark `smashup search`: 50 fixed queries in-process on the full catalogue.

Usage: python bench/bench_search.py [--db PATH] [--repeat N] [--like]

Builds a temporary database (and imports the card archive's text from
../shared/data when present) unless --db is given. Prints the median and the
95th percentile latency of Searcher.search (limit 50). Goal: p95 < 20 ms.
"""

from __future__ import annotations

import argparse
import statistics
import tempfile
import time
from pathlib import Path

QUERIES = [
    "t:minion f:wechslerbots pow>=4",
    "kw:talent -t:minion",
    "bp>=25 t:base",
    "t:kreatur f:geister",
    "(f:robots OR f:aliens) t:action",
    "f:robots -t:minion",
    "s:core t:base",
    "pow>=5",
    "pow<2 t:minion",
    "vp>=5",
    "bp<15",
    "t:titan",
    "kw:ongoing kw:play-on-base",
    "kw:extra",
    "kw:dauerhaft t:aktion",
    "leader",
    "gun",
    "cesium",
    "Cäsiumrüstung",
    '"the touch"',
    "n:ghost",
    'name:"tar pits"',
    "zombie",
    "o:destroy",
    "text:madness",
    '"extra minion"',
    'o:"play on a base"',
    "draw -t:minion",
    "gun OR o:ninja",
    'text:"power counter" pow>=3',
    "o:talent -kw:talent",
    "lang:en o:shuffle",
    "f:zombies o:discard",
    "lang:de casium",
    "lang:de t:base",
    "f:pirates OR f:ninjas OR f:wizards",
    "-(t:minion OR t:action)",
    "copies>=4",
    "t:card pow=3 -f:robots",
    "s:awesome t:minion",
    "f:dinosaurs pow>=4 OR f:ghosts pow<=2",
    "o:return o:hand",
    'o:"each other player"',
    "move minion",
    "t:base o:after",
    "kw:special o:before",
    "vp3=0",
    "f:wechsler",
    "bp>=20 bp<=22 vp>=4",
    "a",
]
assert len(QUERIES) == 50


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--db", help="existing database (default: a fresh temporary one)")
    ap.add_argument("--repeat", type=int, default=5)
    ap.add_argument("--like", action="store_true", help="force the portable LIKE path")
    args = ap.parse_args()

    from smashup_db.catalogue.view import Catalogue
    from smashup_db.compiler.bootstrap import open_reader
    from smashup_db.search import Searcher

    db = args.db or str(Path(tempfile.mkdtemp()) / "bench.db")
    reader = open_reader(db)
    archive = Path(__file__).resolve().parents[1].parent / "shared" / "data" / "card-archive"
    if not args.db and (archive / "smashup-catalog.json").is_file():
        try:
            from smashup_db.compiler.bootstrap import open_db
            from smashup_db.importer.card_archive import import_text

            import_text(
                open_db(db),
                [str(archive / "smashup-catalog.json"), str(archive / "smashup-bases.json")],
            )
            print("text imported from the card archive")
        except ImportError:
            print("no importer: names only")
    searcher = Searcher(Catalogue(reader, "de"), use_fts=False if args.like else None)
    searcher.search("warm up")  # builds the search index once
    times = []
    for _ in range(args.repeat):
        for q in QUERIES:
            t = time.perf_counter()
            searcher.search(q, limit=50)
            times.append((time.perf_counter() - t) * 1000)
    times.sort()
    p95 = times[int(0.95 * (len(times) - 1))]
    print(
        f"{len(QUERIES)} queries x {args.repeat} ({'LIKE' if args.like else 'FTS5 when available'}):"
        f" median {statistics.median(times):.2f} ms, p95 {p95:.2f} ms, max {times[-1]:.2f} ms"
    )
    reader.close()


if __name__ == "__main__":
    main()
