"""Benchmark: `db build` and a look-up command on the full catalogue.

Prints median and best of several runs. Goals (issue 2): build under 0.5 s;
a look-up command, interpreter start-up included, under 0.3 s.

Usage: python bench/bench_catalogue.py [--runs N]
"""

from __future__ import annotations

import argparse
import os
import shutil
import statistics
import subprocess
import tempfile
import time
from pathlib import Path


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--runs", type=int, default=7)
    args = ap.parse_args()

    from smashup_db.compiler.datafiles import read_data
    from smashup_db.compiler.load import build_catalogue_db

    tmp = Path(tempfile.mkdtemp(prefix="smashup-bench-"))
    try:
        builds, fresh = [], []
        for i in range(args.runs):
            url = f"sqlite:///{tmp / f'fresh{i}.db'}"
            t = time.perf_counter()
            build_catalogue_db(url, read_data())
            fresh.append(time.perf_counter() - t)
        url = f"sqlite:///{tmp / 'fresh0.db'}"
        for _ in range(args.runs):
            t = time.perf_counter()
            build_catalogue_db(url, read_data())
            builds.append(time.perf_counter() - t)
        print(
            f"db build, new database (read data/ + create + load): median {statistics.median(fresh):.3f} s, "
            f"best {min(fresh):.3f} s"
        )
        print(
            f"db build, rebuild existing database:                  median {statistics.median(builds):.3f} s, "
            f"best {min(builds):.3f} s"
        )

        env = dict(os.environ, SMASHUP_DB=str(tmp / "fresh0.db"))
        exe = shutil.which("smashup") or "smashup"
        for cmd in (
            ["card", "Cäsiumrüstung"],
            ["faction", "Wechslerbots"],
            ["card", "Laser Sword", "--json"],
        ):
            times = []
            for _ in range(args.runs):
                t = time.perf_counter()
                subprocess.run([exe, *cmd], env=env, stdout=subprocess.DEVNULL, check=True)
                times.append(time.perf_counter() - t)
            print(
                f"smashup {' '.join(cmd):32s} (process start-up included): median {statistics.median(times):.3f} s, "
                f"best {min(times):.3f} s"
            )
    finally:
        shutil.rmtree(tmp, ignore_errors=True)


if __name__ == "__main__":
    main()
