"""Weights and timing of the site's pages in Chromium (issue 33 item 4), for ``bench_site.py --weights``.

Bytes are counted where a static host sends them: at the site's own preview server (gzip like a static
host), per TCP connection, headers and bodies, every request of the visit included (the page's, and the
service worker's that the page causes: its script and the files it keeps). Each visit is a fresh
browser context (no cache, no service worker yet) that is left to settle: the page loaded, the network
idle, the service worker active, then 2 s more and idle again.

Goals (issue 33): the home page <= 60 KB after it settles; the search page with a name query <= 100 KB;
the first result of a name query <= 300 ms at a 4x CPU throttle (Chromium's
``Emulation.setCPUThrottlingRate``, through a CDP session); the play page's first load <= 150 KB; the
names index of the autocomplete <= 60 KB.
"""

from __future__ import annotations

import gzip
import shutil
import statistics
import threading
from pathlib import Path

CHROMIUM = "/usr/bin/chromium"
ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking"]
#: (label, path, goal in KB or None)
VISITS = (
    ("home page (en)", "/en/", 60),
    ("home page (de)", "/de/", 60),
    (
        "card page (de)",
        "/de/cards/cesium-armor/",
        None,
    ),  # no goal: its full card face alone is ~30 KB
    ("search page, empty (en)", "/en/search/", None),
    ("search page, name query n:cesium (en)", "/en/search/?q=n%3Acesium", 100),
    ("search page, field query t:minion f:ninjas (en)", "/en/search/?q=t%3Aminion+f%3Aninjas", 100),
    (
        "search page, plain words 'cesium armor' (en, text index too)",
        "/en/search/?q=cesium+armor",
        None,
    ),
    ("play page (en)", "/en/play/", 150),
    # the visits above are at 390x844; Chromium loads lazy pictures within about 1,250 px below the
    # screen, so on a laptop the home page's box tiles load more faces
    ("home page (en), at 1280x800", "/en/", 60),
    ("home page (de), at 1280x800", "/de/", 60),
)
DESKTOP = {"width": 1280, "height": 800}
#: Queries timed to their first result at a 4x CPU throttle: (label, path).
TIMED = (
    ("name query n:cesium", "/en/search/?q=n%3Acesium"),
    ("plain words 'cesium armor' (names first)", "/en/search/?q=cesium+armor"),
    ("German name 'Cäsiumrüstung'", "/de/search/?q=C%C3%A4siumr%C3%BCstung"),
)
#: Notes the time of the first result in the page and says so on the console, where the bench waits for
#: it: waiting with ``page.wait_for_function`` would run Playwright's own script in the page while it
#: loads (tens of milliseconds at a 4x throttle, in the figure measured).
FIRST_HIT = """
window.__firstHit = null;
new MutationObserver(function (m, obs) {
  var r = document.getElementById("results");
  if (r && r.querySelector("li.hit")) {
    window.__firstHit = performance.now(); obs.disconnect(); console.debug("smashup-first-hit");
  }
}).observe(document, {childList: true, subtree: true});
"""


class _Counter:
    """Bytes the server sent, summed over every connection (reset per visit)."""

    def __init__(self):
        self.lock, self.sent = threading.Lock(), 0

    def add(self, n: int) -> None:
        with self.lock:
            self.sent += n


class _CountingSocket:
    """A socket whose ``sendall`` counts what it sends; everything else is the socket's."""

    def __init__(self, sock, counter: _Counter):
        self._sock, self._counter = sock, counter

    def sendall(self, data, *args):
        self._counter.add(len(data))
        return self._sock.sendall(data, *args)

    def __getattr__(self, name):
        return getattr(self._sock, name)


def _serve(folder: Path, counter: _Counter):
    from smashup_db.site import make_server

    server = make_server(folder, 0)
    finish = server.finish_request
    server.finish_request = lambda request, address: finish(  # type: ignore[method-assign]
        _CountingSocket(request, counter), address
    )
    server.handle_error = lambda request, address: None  # type: ignore[method-assign] # a visit closed early
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server, f"http://127.0.0.1:{server.server_address[1]}"


def _settle(page) -> None:
    """Until the page and its service worker are done: the page idle, the worker active (it has kept
    its scripts), 2 s for the files the page asks it to keep, idle again."""
    page.wait_for_load_state("networkidle")
    page.wait_for_function(
        "!('serviceWorker' in navigator) || navigator.serviceWorker.ready.then(() => true)"
    )
    page.wait_for_timeout(2000)
    page.wait_for_load_state("networkidle")


def measure(folder: Path, runs: int = 3) -> None:
    """Print the weights and timings of the site in ``folder`` (a build with rules text is the real case)."""
    from playwright.sync_api import sync_playwright

    counter = _Counter()
    server, url = _serve(folder, counter)
    names = folder / "assets" / "complete.json"
    gz = len(gzip.compress(names.read_bytes(), 6))
    print(
        f"names index assets/complete.json: {gz / 1024:.1f} KB gzip (goal <= 60 KB: {_ok(gz, 60)})"
    )
    try:
        with sync_playwright() as pw:
            browser = pw.chromium.launch(executable_path=CHROMIUM, args=ARGS, headless=True)
            try:
                for label, path, goal in VISITS:
                    size = DESKTOP if "1280x800" in label else {"width": 390, "height": 844}
                    ctx = browser.new_context(viewport=size)
                    page = ctx.new_page()
                    counter.sent = 0
                    page.goto(url + path, wait_until="load")
                    _settle(page)
                    sent = counter.sent
                    ctx.close()
                    verdict = f" (goal <= {goal} KB: {_ok(sent, goal)})" if goal else ""
                    print(f"{label}: {sent / 1024:.1f} KB after it settles{verdict}")
                for label, path in TIMED:
                    times = [_first_hit(pw, url + path) for _ in range(runs)]
                    med = statistics.median(times)
                    print(
                        f"first result, {label}, 4x CPU throttle: {med:.0f} ms median of {runs} "
                        f"(from navigation start; goal <= 300 ms: {'ok' if med <= 300 else 'MISSED'})"
                    )
                print(
                    f"for scale, a page without scripts of its own (glossary) first shows anything after "
                    f"{_first_paint(pw, url + '/en/glossary/', runs):.0f} ms at the same throttle"
                )
            finally:
                browser.close()
    finally:
        server.shutdown()
        server.server_close()


def _first_hit(pw, address: str) -> float:
    """Time (ms from navigation start) to the first result on ``address`` at a 4x CPU throttle, in a
    browser of its own, as a visitor's first visit: in one browser that had opened dozens of pages
    before, the same visits took longer and longer (paired, 10 each: median 832 ms against 606 ms)."""
    browser = pw.chromium.launch(executable_path=CHROMIUM, args=ARGS, headless=True)
    try:
        ctx = browser.new_context(viewport={"width": 390, "height": 844})
        page = ctx.new_page()
        ctx.new_cdp_session(page).send("Emulation.setCPUThrottlingRate", {"rate": 4})
        page.add_init_script(FIRST_HIT)
        with page.expect_console_message(lambda m: m.text == "smashup-first-hit", timeout=30_000):
            page.goto(address, wait_until="commit")
        return page.evaluate("window.__firstHit")
    finally:
        browser.close()


def _first_paint(pw, address: str, runs: int) -> float:
    """Median first contentful paint (ms from navigation start) of ``address`` at a 4x CPU throttle, each
    visit in a browser of its own (as :func:`_first_hit`)."""
    times = []
    for _ in range(runs):
        browser = pw.chromium.launch(executable_path=CHROMIUM, args=ARGS, headless=True)
        try:
            ctx = browser.new_context(viewport={"width": 390, "height": 844})
            page = ctx.new_page()
            ctx.new_cdp_session(page).send("Emulation.setCPUThrottlingRate", {"rate": 4})
            page.goto(address, wait_until="load")
            page.wait_for_function(
                "performance.getEntriesByName('first-contentful-paint').length > 0"
            )
            times.append(
                page.evaluate("performance.getEntriesByName('first-contentful-paint')[0].startTime")
            )
        finally:
            browser.close()
    return statistics.median(times)


def largest(folder: Path, count: int = 3) -> None:
    """Print the ``count`` largest HTML pages of the site in ``folder`` (raw bytes; goal <= 60 KB each)."""
    pages = sorted(
        (p for p in folder.rglob("*.html") if "pagefind" not in p.parts),
        key=lambda p: p.stat().st_size,
        reverse=True,
    )
    for page in pages[:count]:
        size = page.stat().st_size
        print(
            f"HTML page {page.relative_to(folder).as_posix()}: {size / 1024:.1f} KB raw "
            f"(goal <= 60 KB: {_ok(size, 60)}, {60 - size / 1024:.1f} KB to spare)"
        )


def _ok(sent: int, goal_kb: int) -> str:
    return "ok" if sent <= goal_kb * 1024 else "MISSED"


def build_and_measure(runs: int, site: Path | None) -> None:
    """Measure ``site``, or a site built now (both languages, the card archive's rules text and pictures
    imported when ../shared/data has them, no Pagefind) in a temporary folder."""
    import tempfile

    if site is not None:
        largest(site)
        return measure(site, runs)
    from smashup_db.compiler.bootstrap import open_reader
    from smashup_db.site import build_site

    archive = Path(__file__).resolve().parents[2] / "shared" / "data" / "card-archive"
    tmp = Path(tempfile.mkdtemp(prefix="smashup-bench-weights-"))
    try:
        db = str(tmp / "cat.db")
        open_reader(db).close()
        texts = [archive / "smashup-catalog.json", archive / "smashup-bases.json"]
        if all(p.is_file() for p in texts):
            import subprocess
            import sys

            for f in texts:
                subprocess.run(
                    [sys.executable, "-m", "smashup_db", "import", "text", str(f), "--db", db],
                    check=True,
                    capture_output=True,
                )
            print("rules text imported from the card archive")
        else:
            print("rules text not imported (../shared/data missing): the text index is empty")
        art = archive / "card-art"
        if art.is_dir():  # the real case of issue 33: faces on the home page, lists and card pages
            from smashup_db.importer.images import import_images

            report = import_images(db, str(art))
            print(f"pictures imported from the card archive: {report.matched}")
        else:
            print("pictures not imported (../shared/data missing): no faces")
        build_site(tmp / "site", "en,de", "/", db, search=False)
        largest(tmp / "site")
        measure(tmp / "site", runs)
    finally:
        shutil.rmtree(tmp, ignore_errors=True)
