"""The site build's page writer (a pool of threads) and its compiled-template cache."""

from __future__ import annotations

import errno
import os
import signal
import threading
import time

import pytest

from smashup_db.site import tplcache
from smashup_db.site import writer as writer_module
from smashup_db.site.writer import PageWriter


def test_every_page_is_written_with_its_content(tmp_path):
    pages = {
        str(tmp_path / "en" / "cards" / f"c{i}" / "index.html"): f"<p>Seite {i} – ä</p>"
        for i in range(300)
    }
    with PageWriter() as writer:
        for path, html in pages.items():
            writer.add(path, html)
    assert writer.written == 300
    for path, html in pages.items():
        assert open(path, encoding="utf-8").read() == html


def test_sync_waits_for_the_pages_so_far_and_links_come_many_at_once(tmp_path):
    """``sync`` returns once every page handed over is on disk (Pagefind then reads them while the build goes
    on); ``link_many`` hard-links the previous build's files in one message."""
    old = tmp_path / "old"
    old.mkdir()
    sources = []
    for i in range(200):
        (old / f"p{i}.html").write_text(f"alt {i}", encoding="utf-8")
        sources.append(str(old / f"p{i}.html"))
    with PageWriter() as writer:
        for i in range(300):
            writer.add(str(tmp_path / "new" / f"c{i}" / "index.html"), f"<p>{i}</p>")
        writer.link_many(
            [(str(tmp_path / "new" / f"l{i}" / "index.html"), src) for i, src in enumerate(sources)]
        )
        writer.sync()
        assert all(
            (tmp_path / "new" / f"c{i}" / "index.html").read_text(encoding="utf-8") == f"<p>{i}</p>"
            for i in range(300)
        )
        assert all(
            os.path.samefile(tmp_path / "new" / f"l{i}" / "index.html", src)
            for i, src in enumerate(sources)
        )
        writer.add(str(tmp_path / "new" / "later" / "index.html"), "after the sync")
    assert writer.written == 501
    assert (tmp_path / "new" / "later" / "index.html").read_text(
        encoding="utf-8"
    ) == "after the sync"


def test_a_write_failed_before_a_sync_is_raised_by_it(tmp_path):
    (tmp_path / "en").write_text("a file where a folder should be")
    with pytest.raises(OSError) as info:
        with PageWriter() as writer:
            writer.add(str(tmp_path / "en" / "x" / "index.html"), "never")
            writer.sync()
            raise AssertionError("sync returned although a write had failed")
    assert str(tmp_path / "en") in str(info.value.filename)


def test_a_failed_write_is_raised_with_its_errno_and_file(tmp_path):
    (tmp_path / "en").write_text("a file where a folder should be")
    bad = str(tmp_path / "en" / "cards" / "x" / "index.html")
    with pytest.raises(OSError) as info:
        with PageWriter() as writer:
            writer.add(str(tmp_path / "ok" / "index.html"), "fine")
            writer.add(bad, "never")
    assert info.value.errno in (errno.ENOTDIR, errno.EEXIST)
    assert str(tmp_path / "en") in str(info.value.filename)
    assert (tmp_path / "ok" / "index.html").read_text() == "fine"


def _writer_threads() -> list[threading.Thread]:
    return [t for t in threading.enumerate() if t.name.startswith("page-writer")]


def _slow_disk(monkeypatch, seconds: float) -> None:
    """Each page write waits ``seconds`` first, as on a slow disk."""
    real = writer_module.write_page

    def slow(path, data):
        time.sleep(seconds)
        real(path, data)

    monkeypatch.setattr(writer_module, "write_page", slow)


def test_an_error_while_rendering_stops_the_writer(tmp_path):
    with pytest.raises(RuntimeError):
        with PageWriter() as writer:
            writer.add(str(tmp_path / "a" / "index.html"), "a")
            writer.sync()
            raise RuntimeError("render failed")
    assert not _writer_threads()  # joined: nothing writes into the folder any more
    assert (tmp_path / "a" / "index.html").read_text() == "a"  # what was written before is complete


def test_pages_not_begun_when_the_build_fails_are_dropped(tmp_path, monkeypatch):
    _slow_disk(monkeypatch, 0.02)
    with pytest.raises(RuntimeError):
        with PageWriter() as writer:
            for i in range(400):
                writer.add(str(tmp_path / f"p{i}" / "index.html"), "x")
            raise RuntimeError("render failed")
    assert not _writer_threads()
    count = len(list(tmp_path.glob("p*/index.html")))
    assert count < 400
    time.sleep(0.3)
    assert len(list(tmp_path.glob("p*/index.html"))) == count, (
        "pages were written after the writer raised"
    )


@pytest.mark.skipif(not hasattr(signal, "setitimer"), reason="needs an interval timer")
def test_a_ctrl_c_while_the_last_pages_are_written_stops_the_writer(tmp_path, monkeypatch):
    """Rendering may end long before a slow disk has taken the pages: the build then waits in ``close``.
    A Ctrl+C there (here: an alarm raising KeyboardInterrupt) must leave no thread writing on into the
    folder the build removes next."""
    _slow_disk(monkeypatch, 0.02)  # 400 pages on 4 threads: 2 s of writes

    def interrupt(_signum, _frame):
        raise KeyboardInterrupt

    previous = signal.signal(signal.SIGALRM, interrupt)
    try:
        with pytest.raises(KeyboardInterrupt):
            with PageWriter() as writer:
                for i in range(400):
                    writer.add(str(tmp_path / f"p{i}" / "index.html"), "x")
                signal.setitimer(
                    signal.ITIMER_REAL, 0.3
                )  # fires while leaving the block waits for the writes
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, previous)
    assert not _writer_threads()
    count = len(list(tmp_path.glob("p*/index.html")))
    assert count < 400
    time.sleep(0.5)
    assert len(list(tmp_path.glob("p*/index.html"))) == count, (
        "pages were written after the writer raised"
    )


def test_after_a_failed_write_later_pages_are_skipped(tmp_path, monkeypatch):
    real = writer_module.write_page

    def full_disk(path, data):
        if "/p1/" in path:
            raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC), path)
        real(path, data)

    monkeypatch.setattr(writer_module, "write_page", full_disk)
    with pytest.raises(OSError) as info:
        with PageWriter(threads=1) as writer:
            for i in range(3):
                writer.add(str(tmp_path / f"p{i}" / "index.html"), "x")
    assert info.value.errno == errno.ENOSPC and "/p1/" in info.value.filename
    assert (tmp_path / "p0" / "index.html").is_file() and not (tmp_path / "p2").exists()
    assert not _writer_threads()


def _environment_with_cache(folder):
    from jinja2 import DictLoader, Environment

    return Environment(
        loader=DictLoader({"t.html": "<b>{{ x }}</b>"}),
        autoescape=True,
        bytecode_cache=tplcache.QuietBytecodeCache(str(folder)),
    )


def test_compiled_templates_are_reused_and_damaged_entries_ignored(tmp_path):
    env = _environment_with_cache(tmp_path)
    assert env.get_template("t.html").render(x="<i>") == "<b>&lt;i&gt;</b>"
    entries = list(tmp_path.iterdir())
    assert len(entries) == 1
    entries[0].write_bytes(b"garbage, not a cache entry")
    assert _environment_with_cache(tmp_path).get_template("t.html").render(x="&") == "<b>&amp;</b>"
    entries[0].write_bytes(entries[0].read_bytes()[:3])  # truncated
    assert _environment_with_cache(tmp_path).get_template("t.html").render(x="1") == "<b>1</b>"


def test_a_cache_that_cannot_be_written_costs_only_the_cache(tmp_path, monkeypatch):
    import jinja2.bccache

    def read_only(*args, **kwargs):
        raise OSError(errno.EROFS, os.strerror(errno.EROFS))

    monkeypatch.setattr(jinja2.bccache.tempfile, "NamedTemporaryFile", read_only)
    assert _environment_with_cache(tmp_path).get_template("t.html").render(x="ok") == "<b>ok</b>"
    assert list(tmp_path.iterdir()) == []


def test_the_site_build_survives_a_cache_folder_that_cannot_be_made(tmp_path, monkeypatch):
    blocker = tmp_path / "cache"
    blocker.write_text("a file, so no folder can be made here")
    monkeypatch.setattr(tplcache, "cache_folder", lambda: str(blocker / "templates"))
    assert tplcache.bytecode_cache() is None
