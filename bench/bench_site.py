"""Benchmark: build the full static site (English and German) from a fresh database.

Prints pages, seconds and pages/second for each run, with and without the
Pagefind index, and the size of the biggest card page plus the stylesheet.
Goal (issue 5): a full build, search index included, under 10 s.

Side by side (issue 14): the build without Pagefind against a size-matched
Jinja2 render-only loop: the same number of pages, each rendered from one
small template (a table of escaped rows) to the byte size of the real page,
nothing written. Goal: build <= 2.5x the loop. Also prints the largest HTML
page (goal <= 60 KB) and the size of the query index shipped for the search page.

File creation is the kernel's work and depends on the disk's recent past: on
ext4 it is several times slower for a few minutes after many files were
deleted (it skips recently freed inodes). So run it on a disk that has not
just deleted a site, and not twice within five minutes (this script deletes its
own folders at the end).

With ``--hostile-rulings N`` (issue 21 item 12) it instead builds the site
(without Pagefind) from a database with N imported rulings of 10,000
characters made to stall a backtracking regular expression (``"yes"``, 9,990
blanks, ``"x"``), interleaved with builds from the same database without
them, and prints both medians and their ratio (goal <= 2x).

With ``--images [FOLDER]`` (issue 22) it imports the card pictures of FOLDER
(default ``../shared/data/card-archive/card-art``) with ``smashup import images``
and builds the site (without Pagefind) with them and without them
(``images=False``), interleaved; it prints the import (which makes the
thumbnails), the first build after it (thumbnails from the cache the import
filled), a build after the thumbnail cache was emptied (the build makes them),
both medians and their ratio (goal <= 1.3x), and the size of the pictures in
the site.

With ``--incremental`` (issue 22) it changes one German card name per run
(``import translations``), builds the whole site into one folder
(``incremental=False``) and rebuilds another that holds the previous build
(each build in a process of its own, as ``smashup site build``; each build empties the site
before last while it reads the catalogue, so that work is in the times),
and prints both times, their ratio (goal <= 25%), the pages reused and whether
both trees have the same bytes (Pagefind's bundles aside). Both folders have
their site before last (``.NAME.retired-*``), as a real rebuild has.

With ``--weights [SITE]`` (issue 33) it measures in Chromium the bytes each kind of visit costs (home,
card, search with a name, field and plain-words query, play page; gzip as a static host sends them,
after the page settles) and the time to the first result of a name query at a 4x CPU throttle, on
SITE or on a site it builds with the card archive's rules text (``bench/site_weights.py``).

With ``--og`` (issue 33) it times the pictures a shared link shows (``og:image``, drawn with Pillow
from the facts for every card, base, faction, product and the site, per language): drawn into an empty
cache, then taken from the cache (what every later build does), and prints their count and size.

Usage: python bench/bench_site.py [--runs N] [--og] [--no-search] [--incremental [--in-process]] [--hostile-rulings 300] [--images [FOLDER]] [--weights [SITE]]
"""

from __future__ import annotations

import argparse
import shutil
import statistics
import tempfile
import time
from pathlib import Path

LOOP_TEMPLATE = """<!doctype html><html lang="{{ lang }}"><head><title>{{ title }}</title></head><body><main>
<h1>{{ title }}</h1><table>{% for r in rows %}<tr><td><a href="/{{ lang }}/cards/{{ r.id }}/">{{ r.name }}</a></td>
<td>{{ r.kind }}</td><td class="num">{{ r.n }}</td></tr>{% endfor %}</table></main></body></html>"""


def render_loop(sizes: list[int], out: Path | None = None) -> float:
    """Seconds to render one page per entry of ``sizes`` (bytes) from LOOP_TEMPLATE.

    Nothing is written unless ``out`` is given: then each page goes to ``out/<n>/index.html``
    (one folder per page, as on the site)."""
    from jinja2 import Environment

    env = Environment(autoescape=True)
    tpl = env.from_string(LOOP_TEMPLATE)
    row = {"id": "cesium-armor", "name": "Cäsiumrüstung <x>", "kind": "action", "n": 3}
    per_row = len(tpl.render(lang="en", title="t", rows=[row] * 2)) - len(
        tpl.render(lang="en", title="t", rows=[row])
    )
    head = len(tpl.render(lang="en", title="t", rows=[]))
    started = time.perf_counter()
    total = 0
    for n, size in enumerate(sizes):
        page = tpl.render(
            lang="en", title="A page title", rows=[row] * max(0, (size - head) // per_row)
        )
        total += len(page)
        if out is not None:
            folder = out / str(n)
            folder.mkdir(parents=True)
            (folder / "index.html").write_text(page, encoding="utf-8")
    seconds = time.perf_counter() - started
    assert total > 0
    return seconds


def main() -> None:
    """Run the benchmark and print one line per run and a summary."""
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--runs", type=int, default=3)
    ap.add_argument("--no-search", action="store_true", help="skip the Pagefind index")
    ap.add_argument(
        "--hostile-rulings",
        type=int,
        default=0,
        metavar="N",
        help="compare builds with N adversarial 10,000-character rulings against builds without",
    )
    ap.add_argument(
        "--incremental",
        action="store_true",
        help="time a rebuild after one changed translation against a full build (issue 22)",
    )
    ap.add_argument(
        "--in-process",
        action="store_true",
        help="with --incremental: time the builds in this process, one after another, not each in its own",
    )
    ap.add_argument(
        "--images",
        nargs="?",
        const=str(SHARED_ART),
        default=None,
        metavar="FOLDER",
        help="compare builds with the card pictures of FOLDER against builds without",
    )
    ap.add_argument(
        "--weights",
        nargs="?",
        const="",
        default=None,
        metavar="SITE",
        help="bytes per visit and time to the first result in Chromium (on SITE, else on a new build)",
    )
    ap.add_argument(
        "--og",
        action="store_true",
        help="time drawing the shared-link pictures (og:image) with an empty cache and from the cache",
    )
    args = ap.parse_args()
    if args.weights is not None:
        from site_weights import build_and_measure

        return build_and_measure(args.runs, Path(args.weights) if args.weights else None)
    if args.og:
        return og_figures(args.runs)
    if args.images:
        return image_figures(Path(args.images), args.runs)
    if args.hostile_rulings:
        return hostile_rulings(args.hostile_rulings, args.runs)
    if args.incremental:
        return incremental(args.runs, not args.no_search, args.in_process)

    from smashup_db.compiler.bootstrap import open_reader
    from smashup_db.site import build_site

    tmp = Path(tempfile.mkdtemp(prefix="smashup-bench-site-"))
    try:
        db = str(tmp / "cat.db")
        open_reader(db).close()  # build the catalogue once; the benchmark times the site only
        times = []
        for i in range(args.runs):
            res = build_site(tmp / "site", "en,de", "/", db, search=not args.no_search)
            times.append(res.seconds)
            print(
                f"run {i + 1}: {res.pages} pages in {res.seconds:.2f} s "
                f"({res.pages / res.seconds:.0f} pages/s); {res.search_note}"
            )
        site = tmp / "site"
        pages = [p for p in site.rglob("*.html") if "pagefind" not in p.parts]
        sizes = [p.stat().st_size for p in pages]
        plain, loop, written = [], [], []
        # Interleaved, so a busy machine slows both alike. Nothing is deleted until the end: ext4
        # skips inodes freed in the last minutes when it allocates new ones, so deleting thousands
        # of files between runs makes the next run's file creation several times slower.
        for i in range(max(3, args.runs)):
            plain.append(
                build_site(tmp / f"site-plain-{i}", "en,de", "/", db, search=False).seconds
            )
            loop.append(render_loop(sizes))
            written.append(render_loop(sizes, tmp / f"loop-{i}"))
        for label, pick in (("median", statistics.median), ("best", min)):
            ratio = pick(plain) / pick(loop)
            print(
                f"side by side, {label} ({len(sizes)} pages, {sum(sizes) / 1e6:.1f} MB HTML, fresh folder): "
                f"build without search {pick(plain):.2f} s, Jinja2 render-only loop {pick(loop):.2f} s, "
                f"ratio {ratio:.2f}x (goal <= 2.5x: {'ok' if ratio <= 2.5 else 'MISSED'}); the same loop writing "
                f"its pages {pick(written):.2f} s, ratio {pick(plain) / pick(written):.2f}x"
            )
        largest = max(pages, key=lambda p: p.stat().st_size)
        print(
            f"largest HTML page: {largest.stat().st_size / 1024:.1f} KB ({largest.relative_to(site).as_posix()}; "
            f"goal <= 60 KB: {'ok' if largest.stat().st_size <= 60 * 1024 else 'MISSED'})"
        )
        for idx in sorted((site / "assets").glob("search-*.json")):
            print(f"query index {idx.name}: {idx.stat().st_size / 1024:.0f} KB")
        css = (site / "assets" / "site.css").stat().st_size
        card = max(p.stat().st_size for p in site.glob("*/cards/*/index.html"))
        med = statistics.median(times)
        print(
            f"pages: {res.pages}  median: {med:.2f} s  best: {min(times):.2f} s  "
            f"pages/s: {res.pages / med:.0f}  (goal < 10 s: {'ok' if med < 10 else 'MISSED'})"
        )
        print(f"biggest card page + CSS: {(card + css) / 1024:.1f} KB (goal < 30 KB)")
    finally:
        shutil.rmtree(tmp, ignore_errors=True)


#: A ruling that made the erratum-flag pattern backtrack quadratically (issue 21: 118.9 s for 300 of them).
HOSTILE_RULING = "yes" + " " * 9990 + "x"


def incremental(runs: int, search: bool, in_process: bool = False) -> None:
    """Issue 22: a rebuild after a change of one translation against a full build of the same database.

    Per run: one German card name is changed (``import translations``), then the site is built
    in full into one folder (``incremental=False``) and incrementally into another that holds the
    previous build; prints both times, the ratio (goal <= 25%) and the pages reused, and checks that
    both trees are byte-identical (Pagefind's index aside: it differs between two full builds too).

    Each timed build runs in a process of its own, as ``smashup site build`` does (the time is the
    build's own, :attr:`BuildResult.seconds`, without starting Python). ``in_process``: in this process
    instead, one after another; a build then runs in the memory the previous one left (on the 2-core
    machine of issue 22 a rebuild right after a full build took 0.81 s in the same process, 0.66 s in
    its own, medians of 5 each).
    """
    import filecmp

    from typer.testing import CliRunner

    from smashup_db.cli import app
    from smashup_db.compiler.bootstrap import open_reader
    from smashup_db.site import build_site

    build = (
        (lambda out, db, **kw: build_site(out, None, "/", db, **kw)) if in_process else _build_alone
    )
    tmp = Path(tempfile.mkdtemp(prefix="smashup-bench-incr-"))
    try:
        db = str(tmp / "cat.db")
        open_reader(db).close()
        # the sites the runs start from, each built twice: a build's first into a folder makes its 3,850
        # folders, later ones start from the site before last (smashup_db.site.outdir.start_folder)
        for name in ("inc", "full", "inc", "full"):
            build_site(tmp / name, None, "/", db, search=search, incremental=False)
            _settled(tmp)
        fulls, incs = [], []
        for run in range(runs):
            csv = tmp / "one.csv"
            csv.write_text(
                f"kind,id,lang,name,text\ncard,invader,de,Eindringling {run},\n", encoding="utf-8"
            )
            res = CliRunner().invoke(app, ["import", "translations", str(csv), "--db", db])
            assert res.exit_code == 0, res.output
            _settled(tmp)
            full = build(tmp / "full", db, search=search, incremental=False)
            _settled(tmp)
            inc = build(tmp / "inc", db, search=search, incremental=True)
            cmp = filecmp.dircmp(tmp / "full", tmp / "inc", ignore=["pagefind", ".smashup-site"])
            same = not (cmp.diff_files or cmp.left_only or cmp.right_only) and _same_tree(
                tmp / "full", tmp / "inc"
            )
            fulls.append(full.seconds)
            incs.append(inc.seconds)
            print(
                f"run {run + 1}: full {full.seconds:.2f} s, rebuild {inc.seconds:.2f} s "
                f"({inc.seconds / full.seconds:.0%}), {inc.reused} of {inc.pages} pages reused, "
                f"identical: {same}"
            )
        f, i = statistics.median(fulls), statistics.median(incs)
        print(
            f"median: full {f:.2f} s, rebuild after one translation {i:.2f} s = {i / f:.0%} of a full build "
            f"(goal <= 25%), search {'on' if search else 'off'}"
        )
    finally:
        shutil.rmtree(tmp, ignore_errors=True)


def _build_alone(out: Path, db: str, **options):
    """``build_site(out, None, "/", db, **options)`` in a new Python process; returns its result's
    ``seconds``, ``pages`` and ``reused`` (as attributes)."""
    import json
    import subprocess
    import sys
    from types import SimpleNamespace

    code = (
        "import json, sys; from smashup_db.site import build_site; "
        "r = build_site(sys.argv[1], None, '/', sys.argv[2], **json.loads(sys.argv[3])); "
        "print(json.dumps({'seconds': r.seconds, 'pages': r.pages, 'reused': r.reused}))"
    )
    done = subprocess.run(
        [sys.executable, "-c", code, str(out), db, json.dumps(options)],
        capture_output=True,
        text=True,
        check=True,
    )
    return SimpleNamespace(**json.loads(done.stdout.strip().splitlines()[-1]))


def _settled(folder: Path, limit: float = 30.0) -> None:
    """Wait (at most ``limit`` seconds) until no build's replaced site below ``folder`` is still being
    emptied (``.NAME.old-*``: older builds emptied it in the background; a build now keeps it as
    ``.NAME.retired-*``, which the next build empties while it reads), so that each timed build has
    the machine to itself."""
    end = time.monotonic() + limit
    while any(folder.glob(".*.old-*")) and time.monotonic() < end:
        time.sleep(0.02)


def _same_tree(a: Path, b: Path) -> bool:
    """Every file below ``a`` and ``b`` (Pagefind's folder and the marker aside) has the same bytes."""

    def files(root):
        return sorted(
            p.relative_to(root).as_posix()
            for p in root.rglob("*")
            if p.is_file()
            and not p.relative_to(root).as_posix().startswith(("pagefind/", ".smashup-site"))
        )

    fa, fb = files(a), files(b)
    return fa == fb and all((a / r).read_bytes() == (b / r).read_bytes() for r in fa)


def hostile_rulings(n: int, runs: int) -> None:
    """Median site build (no search) with ``n`` hostile rulings against one without; prints the ratio."""
    from smashup_db.compiler.bootstrap import open_reader
    from smashup_db.db import writing
    from smashup_db.site import build_site

    tmp = Path(tempfile.mkdtemp(prefix="smashup-bench-rulings-"))
    try:
        plain_db, hostile_db = str(tmp / "plain.db"), str(tmp / "hostile.db")
        for db in (plain_db, hostile_db):
            reader = open_reader(db)
            cards = [r["id"] for r in reader.all("SELECT id FROM card ORDER BY id LIMIT :n", n=n)]
            reader.close()
        with writing(f"sqlite:///{hostile_db}", "bench") as w:
            w.execute(
                "INSERT INTO ruling (entity, ref, kind, lang, text, source) VALUES"
                " ('card', :ref, 'clarification', 'en', :text, 'bench')",
                [{"ref": cards[i % len(cards)], "text": HOSTILE_RULING} for i in range(n)],
            )
        plain, hostile = [], []
        for i in range(max(3, runs)):  # interleaved, so a busy machine slows both alike
            plain.append(
                build_site(tmp / f"plain-{i}", "en,de", "/", plain_db, search=False).seconds
            )
            hostile.append(
                build_site(tmp / f"hostile-{i}", "en,de", "/", hostile_db, search=False).seconds
            )
        a, b = statistics.median(plain), statistics.median(hostile)
        print(
            f"site build without search, median of {len(plain)}: normal {a:.2f} s, with {n} rulings of "
            f"10,000 characters ('yes' + blanks + 'x') {b:.2f} s, ratio {b / a:.2f}x "
            f"(goal <= 2x: {'ok' if b / a <= 2 else 'MISSED'})"
        )
    finally:
        shutil.rmtree(tmp, ignore_errors=True)


#: The shared copy of the card archive's pictures (beside the checkout; never part of the project).
SHARED_ART = Path(__file__).resolve().parents[2] / "shared" / "data" / "card-archive" / "card-art"


def image_figures(folder: Path, runs: int) -> None:
    """Site builds (no search) with the pictures of ``folder`` against builds without; prints the figures."""
    import os

    from smashup_db.compiler.bootstrap import open_reader
    from smashup_db.importer.images import import_images
    from smashup_db.site import build_site

    if not folder.is_dir():
        raise SystemExit(
            f"{folder} is not a folder (the card archive's card-art; see ../shared/data/README.md)"
        )
    tmp = Path(tempfile.mkdtemp(prefix="smashup-bench-images-"))
    cache_before = os.environ.get("XDG_CACHE_HOME")
    try:
        db = str(tmp / "cat.db")
        open_reader(db).close()
        cache = tmp / "cache"
        os.environ["XDG_CACHE_HOME"] = str(
            cache
        )  # a thumbnail cache of its own, empty before the import
        started = time.perf_counter()
        report = import_images(db, str(folder))
        took = time.perf_counter() - started
        started = time.perf_counter()
        again = import_images(db, str(folder))
        print(
            f"import images: {report.matched} pictures in {took:.2f} s, {report.thumbnails['made']} thumbnails "
            f"made; again: {time.perf_counter() - started:.2f} s, {again.changes} changes, "
            f"{again.thumbnails['made']} thumbnails made"
        )
        from smashup_db.site import build as build_mod

        used, real_load = [], build_mod.load_faces
        build_mod.load_faces = lambda *a, **k: (
            used.append(real_load(*a, **k)) or used[-1]
        )  # to read its stats
        try:
            warm = build_site(tmp / "warm", "en,de", "/", db, search=False)
            print(
                f"first build after the import (thumbnails from the cache it filled): {warm.seconds:.2f} s, "
                f"{warm.faces} pictures, {used[-1].stats['thumbs_made']} thumbnails made"
            )
            shutil.rmtree(cache / "smashup-db" / "thumbs")
            cold = build_site(tmp / "cold", "en,de", "/", db, search=False)
            print(
                f"build after the thumbnail cache was emptied (the build makes them): {cold.seconds:.2f} s, "
                f"{used[-1].stats['thumbs_made']} thumbnails made"
            )
        finally:
            build_mod.load_faces = real_load
        with_images, without = [], []
        for i in range(max(3, runs)):  # interleaved, so a busy machine slows both alike
            without.append(
                build_site(tmp / f"plain-{i}", "en,de", "/", db, search=False, images=False).seconds
            )
            with_images.append(
                build_site(tmp / f"images-{i}", "en,de", "/", db, search=False).seconds
            )
        a, b = statistics.median(without), statistics.median(with_images)
        faces = tmp / "images-0" / "assets" / "faces"
        size = sum(p.stat().st_size for p in faces.rglob("*") if p.is_file())
        thumbs = sum(p.stat().st_size for p in faces.rglob("*-s.webp"))
        print(
            f"site build without search, median of {len(without)}: without images {a:.2f} s, with images "
            f"(thumbnails cached) {b:.2f} s, ratio {b / a:.2f}x (goal <= 1.3x: {'ok' if b / a <= 1.3 else 'MISSED'})"
        )
        print(
            f"pictures in the site: {size / 1e6:.1f} MB, of which thumbnails {thumbs / 1e6:.1f} MB"
        )
    finally:
        if cache_before is None:
            os.environ.pop("XDG_CACHE_HOME", None)
        else:
            os.environ["XDG_CACHE_HOME"] = cache_before
        shutil.rmtree(tmp, ignore_errors=True)


def og_figures(runs: int) -> None:
    """Time :meth:`smashup_db.site.ogimage.OgPictures.write` cold (an empty cache) and warm, ``runs`` times."""
    import os

    from smashup_db.compiler.bootstrap import open_reader
    from smashup_db.site.build import _Names
    from smashup_db.site.ogimage import OgPictures, things
    from smashup_db.site.sitedata import load

    tmp = Path(tempfile.mkdtemp(prefix="smashup-bench-og-"))
    old = os.environ.get("XDG_CACHE_HOME")
    try:
        reader = open_reader(str(tmp / "cat.db"))
        data = load(reader)
        reader.close()
        named = {lang: _Names(data, lang, "/") for lang in ("en", "de")}
        start = time.perf_counter()
        items = things(
            data, ["en", "de"], lambda k, r, lang: named[lang](k, r)["name"], lambda k, r: False
        )
        listed = time.perf_counter() - start
        from concurrent.futures import ThreadPoolExecutor

        alone, cold, warm = [], [], []
        for i in range(runs):  # interleaved, so a busy machine slows all alike
            for kind, times in (("alone", alone), ("cold", cold), ("warm", warm)):
                os.environ["XDG_CACHE_HOME"] = str(tmp / f"cache-{i}-{kind == 'alone'}")
                out = tmp / f"site-{i}-{kind}"
                pictures = OgPictures("/")
                start = time.perf_counter()
                if kind == "alone":  # one after another, as builds before issue 33 item 3 did
                    pictures.write(out, items)
                else:  # on a pool like the build's (which renders pages meanwhile)
                    with ThreadPoolExecutor(max_workers=4) as pool:
                        pictures.write(out, items, pool)()
                times.append(time.perf_counter() - start)
            size = sum(f.stat().st_size for f in (out / "assets" / "og").iterdir())
            print(
                f"run {i + 1}: {len(items)} pictures ({pictures.stats}), drawn one after another "
                f"{alone[-1]:.2f} s, drawn on a pool {cold[-1]:.2f} s, from the cache {warm[-1]:.2f} s"
            )
        print(
            f"shared-link pictures: {len(items)} ({size / 1e6:.1f} MB), listing their facts {listed:.2f} s; "
            f"median drawn (empty cache) one after another {statistics.median(alone):.2f} s, on a pool "
            f"{statistics.median(cold):.2f} s; from the cache {statistics.median(warm):.2f} s"
        )
    finally:
        if old is None:
            os.environ.pop("XDG_CACHE_HOME", None)
        else:
            os.environ["XDG_CACHE_HOME"] = old
        shutil.rmtree(tmp, ignore_errors=True)


if __name__ == "__main__":
    main()
