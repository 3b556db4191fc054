"""Benchmark: the site build of one source tree against another's, paired (issue 30: "within 10% of today").

Usage: python bench/bench_site_trees.py OLD_TREE NEW_TREE [--runs N] [--out FOLDER]

OLD_TREE and NEW_TREE are checkouts of this repository (``git worktree add --detach /tmp/old
COMMIT``); each build runs as ``build_site`` in a Python process of its own with that tree first on
``PYTHONPATH``, its own database (made by that tree from its own shipped ``data/``) and its own user
cache folder. Three variants take turns, in a rotating order, in every run: ``old``, ``new``, and
``new-noog``, the new tree with Pillow hidden, so that it draws and links no shared-link pictures
(``og:image``, issue 33; the pages then name the site's icon): the closest to a like-for-like build
when the old tree has no such pictures. Before the runs each variant builds twice into the folder
of its rebuilds and once into a spare folder (caches warm: the shared-link pictures come from the
user cache, as in every build after the first).

Per run and variant: one German card name is changed (as ``import translations`` does, through the
library: the old tree's CLI may need another Typer), a full build goes into a fresh folder
(``incremental=False``; nothing is deleted until the end: ext4 creates files slowly for minutes after
many were deleted), and a rebuild (``incremental=True``) into the folder holding the previous build.
Printed per build: the build's own seconds (``BuildResult.seconds``), the wall time until the last
process it started ended, and the CPU time (user + system, from the kernel's rusage of every
process it started). The benchmark makes itself the "child subreaper" of its builds (Linux
``prctl(PR_SET_CHILD_SUBREAPER)``): an old tree's helper that detached itself to empty the replaced
site is handed to it and waited for, so its time counts as the new tree's clearing thread's does.
Also the load average; at the end, per variant, the medians and the median of the paired ratios
to ``old``. Pagefind is left out (the same program in both trees).
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

BUILD = (
    "import json, os, sys\n"
    "if os.environ.get('BENCH_NO_PIL'):\n"
    "    sys.modules.update(dict.fromkeys(('PIL', 'PIL.Image'), None))\n"
    "from smashup_db.site import build_site\n"
    "r = build_site(sys.argv[1], None, '/', sys.argv[2], **json.loads(sys.argv[3]))\n"
    "print(json.dumps({'seconds': r.seconds, 'pages': r.pages, 'reused': r.reused}))\n"
)
TRANSLATE = (
    "import sys\n"
    "from smashup_db.catalogue.model import load\n"
    "from smashup_db.compiler.bootstrap import open_reader\n"
    "from smashup_db.importer.translation_csv import (\n"
    "    import_translations, parse_translations, read_translations_text)\n"
    "r = open_reader(sys.argv[2])\n"
    "m = load(r)\n"
    "known = {k: set(m.things(k)) for k in ('product', 'faction', 'card', 'base')}\n"
    "r.close()\n"
    "rows = parse_translations(read_translations_text(sys.argv[1]), sys.argv[1], known)\n"
    "import_translations(sys.argv[2], rows, 'one.csv', sys.argv[1])\n"
)


class Variant:
    """One tree built one way, in its own folder below the benchmark's."""

    def __init__(self, name: str, tree: Path, root: Path, no_pil: bool = False):
        self.name, self.tree, self.folder = name, tree, root / name
        self.folder.mkdir(parents=True, exist_ok=True)
        self.env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
        self.env.update(
            PYTHONPATH=str(tree),
            LANG="C.UTF-8",
            **{
                var: str(self.folder / sub)
                for var, sub in (
                    ("XDG_CACHE_HOME", "cache"),
                    ("XDG_DATA_HOME", "data"),
                    ("XDG_CONFIG_HOME", "config"),
                )
            },
        )
        if no_pil:
            self.env["BENCH_NO_PIL"] = "1"
        self.db = str(self.folder / "cat.db")
        self.times: dict[str, list[float]] = {
            "full": [],
            "rebuild": [],
            "full cpu": [],
            "rebuild cpu": [],
            "full wall": [],
            "rebuild wall": [],
        }

    def python(self, code: str, *args: str) -> None:
        """Run ``python -c code args`` in this variant's environment (exit on failure)."""
        done = subprocess.run(
            [sys.executable, "-c", code, *args], env=self.env, cwd=self.folder, capture_output=True
        )
        if done.returncode:
            sys.exit(f"{self.name}: {done.stderr.decode(errors='replace')[-2000:]}")

    def build(self, folder: str, incremental: bool) -> dict:
        """Build into ``folder`` (below this variant's); the result with ``cpu`` (seconds)."""
        options = json.dumps({"search": False, "incremental": incremental})
        start = time.perf_counter()
        proc = subprocess.Popen(
            [sys.executable, "-c", BUILD, str(self.folder / folder), self.db, options],
            env=self.env,
            cwd=self.folder,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
        )
        out = proc.stdout.read() if proc.stdout else b""
        err = proc.stderr.read() if proc.stderr else b""
        _, status, usage = os.wait4(proc.pid, 0)
        if status:
            sys.exit(f"{self.name}: build failed: {err.decode(errors='replace')[-2000:]}")
        result = json.loads(out.decode().strip().splitlines()[-1])
        result["cpu"] = usage.ru_utime + usage.ru_stime + wait_for_orphans()
        result["wall"] = time.perf_counter() - start  # until the last process it started ended
        return result

    def translate(self, n: int) -> None:
        """Change one German card name in this variant's database (run ``n``)."""
        csv = self.folder / "one.csv"
        csv.write_text(
            f"kind,id,lang,name,text\ncard,invader,de,Eindringling {n},\n", encoding="utf-8"
        )
        subprocess.run(
            [sys.executable, "-c", TRANSLATE, str(csv), self.db],
            env=self.env,
            cwd=self.folder,
            check=True,
            capture_output=True,
        )


PR_SET_CHILD_SUBREAPER = 36  # linux/prctl.h


def adopt_orphans() -> None:
    """Make this process the subreaper of the builds (Linux): a helper a build leaves running is
    re-parented here instead of to init, so :func:`wait_for_orphans` can count it."""
    import ctypes

    if ctypes.CDLL(None, use_errno=True).prctl(PR_SET_CHILD_SUBREAPER, 1, 0, 0, 0) != 0:
        sys.exit("cannot become the builds' subreaper (Linux only)")


def wait_for_orphans() -> float:
    """Wait for every helper a build left behind; their CPU time (user + system, seconds)."""
    cpu = 0.0
    while True:
        try:
            _, _, usage = os.wait4(-1, 0)
        except ChildProcessError:
            return cpu
        cpu += usage.ru_utime + usage.ru_stime


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("old", type=Path)
    ap.add_argument("new", type=Path)
    ap.add_argument("--runs", type=int, default=5)
    ap.add_argument("--out", type=Path, help="folder for the builds (default: a temporary one)")
    args = ap.parse_args()
    adopt_orphans()
    root = args.out or Path(tempfile.mkdtemp(prefix="smashup-bench-trees-"))
    variants = [
        Variant("old", args.old.resolve(), root),
        Variant("new", args.new.resolve(), root),
        Variant("new-noog", args.new.resolve(), root, no_pil=True),
    ]
    try:
        for v in variants:
            v.python(
                "import sys; from smashup_db.compiler.bootstrap import open_reader; "
                "open_reader(sys.argv[1]).close()",
                v.db,
            )
            for folder in ("rebuild", "rebuild", "spare"):
                r = v.build(folder, incremental=False)
                print(
                    f"warm-up {v.name}: {r['pages']} pages, {r['seconds']:.2f} s, CPU {r['cpu']:.2f} s"
                )
        for run in range(args.runs):
            order = variants[run % 3 :] + variants[: run % 3]
            for v in order:
                load = " ".join(open("/proc/loadavg").read().split()[:3])
                v.translate(run)
                time.sleep(2)
                full = v.build(f"full-{run}", incremental=False)
                time.sleep(2)
                rebuild = v.build("rebuild", incremental=True)
                for key, r in (("full", full), ("rebuild", rebuild)):
                    v.times[key].append(r["seconds"])
                    v.times[key + " cpu"].append(r["cpu"])
                    v.times[key + " wall"].append(r["wall"])
                print(
                    f"run {run + 1} {v.name:8}: full {full['seconds']:.2f} s (CPU {full['cpu']:.2f} s, "
                    f"{full['pages']} pages); rebuild {rebuild['seconds']:.2f} s (CPU "
                    f"{rebuild['cpu']:.2f} s, {rebuild['reused']} reused); load {load}",
                    flush=True,
                )
        old = variants[0]
        for v in variants[1:]:
            for key, values in v.times.items():
                ratios = [n / o for n, o in zip(values, old.times[key], strict=True)]
                print(
                    f"{v.name:8} {key:12} old {statistics.median(old.times[key]):.2f} s, "
                    f"{v.name} {statistics.median(values):.2f} s, paired ratio median "
                    f"{statistics.median(ratios):.2f} ({', '.join(f'{x:.2f}' for x in ratios)})"
                )
    finally:
        if not args.out:
            shutil.rmtree(root, ignore_errors=True)


if __name__ == "__main__":
    main()
