"""Benchmark (issue 21 item 14): the per-faction translation CSVs of a site build, at 1x and 4x the catalogue.

The 4x catalogue repeats every faction (with its cards and bases, under new
ids) three more times. Linear work takes about 4x as long at 4x; the old
quadratic build took about 16x (0.13 s -> 0.41 s measured in the issue on a
smaller multiple). Prints the median of ``--runs`` for each size and the ratio.

Usage: python bench/bench_faction_csvs.py [--runs 5]
"""

from __future__ import annotations

import argparse
import os
import statistics
import tempfile
import time
from dataclasses import replace
from pathlib import Path


def scaled(data, times: int):
    """``data`` (SiteData) with every faction, its cards and its bases repeated ``times`` times in all."""
    m = data.catalogue.model
    factions, cards, bases, names = dict(m.factions), dict(m.cards), dict(m.bases), dict(m.names)
    for k in range(1, times):
        for f in m.factions.values():
            cids = tuple(f"{c}-x{k}" for c in f.cards)
            bids = tuple(f"{b}-x{k}" for b in f.bases)
            for old, new in zip(f.cards, cids, strict=True):
                cards[new] = m.cards[old]._replace(id=new)
                names[("card", new)] = m.names.get(("card", old), {})
            for old, new in zip(f.bases, bids, strict=True):
                bases[new] = m.bases[old]._replace(id=new)
                names[("base", new)] = m.names.get(("base", old), {})
            fid = f"{f.id}-x{k}"
            factions[fid] = f._replace(id=fid, cards=cids, bases=bids)
            names[("faction", fid)] = m.names.get(("faction", f.id), {})
    cat = type(data.catalogue).__new__(type(data.catalogue))
    cat.__dict__.update(data.catalogue.__dict__)
    cat.model = m._replace(factions=factions, cards=cards, bases=bases, names=names)
    return replace(data, catalogue=cat, factions={fid: {"id": fid} for fid in factions})


def timed(data, runs: int) -> float:
    from smashup_db.site.status_page import write_faction_csvs

    times = []
    for _ in range(runs):
        with tempfile.TemporaryDirectory() as out:
            t = time.perf_counter()
            write_faction_csvs(data, Path(out))
            times.append(time.perf_counter() - t)
    return statistics.median(times)


def timed_in_memory(data, runs: int) -> float:
    """The same work without creating files (file creation is the kernel's, and noisy: see bench_site.py)."""
    import io

    from smashup_db.importer.translation_csv import export_rows_per_faction, write_translations
    from smashup_db.site.status_page import TARGET

    times = []
    for _ in range(runs):
        t = time.perf_counter()
        for rows in export_rows_per_faction(
            data.catalogue, TARGET, data.factions, missing=True, texts=data.imported
        ).values():
            write_translations(rows, io.StringIO())
        times.append(time.perf_counter() - t)
    return statistics.median(times)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--runs", type=int, default=5)
    args = ap.parse_args()
    from smashup_db.compiler.bootstrap import open_reader
    from smashup_db.site.sitedata import load

    with tempfile.TemporaryDirectory() as tmp:
        reader = open_reader(os.path.join(tmp, "bench.db"))
        try:
            data = load(reader)
        finally:
            reader.close()
    big = scaled(data, 4)
    for label, fn in (("rows and CSV text", timed_in_memory), ("with the files written", timed)):
        one, four = fn(data, args.runs), fn(big, args.runs)
        print(
            f"per-faction CSVs, {label}: 1x ({len(data.factions)} factions) {one:.3f} s,"
            f" 4x ({len(big.factions)} factions) {four:.3f} s, ratio {four / one:.1f} (linear ~4, quadratic ~16)"
        )


if __name__ == "__main__":
    main()
