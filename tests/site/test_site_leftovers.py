"""A site build removes only folders it created (an ownership file inside), removes the leftovers of a
killed build, and no thread or process of it outlives it."""

from __future__ import annotations

import json
import os
import shutil
import signal
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest

from helpers import one_line_error


@pytest.fixture
def site_db(tmp_path):
    from smashup_db.compiler.bootstrap import open_reader

    db = tmp_path / "cat.db"
    open_reader(str(db)).close()
    return db


def _env(db) -> dict:
    env = {k: v for k, v in os.environ.items() if not k.startswith("SMASHUP_")}
    return {**env, "SMASHUP_DB": str(db), "LANG": "C.UTF-8"}


def _children(pid: int) -> list[int]:
    try:
        return [int(c) for c in Path(f"/proc/{pid}/task/{pid}/children").read_text().split()]
    except OSError:
        return []


def _alive(pid: int) -> bool:
    try:
        state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
    except OSError:
        return False
    return state != "Z"


def test_site_build_keeps_user_folders_named_like_its_own(site_db, tmp_path):
    from smashup_db.site import build_site

    mine = [
        tmp_path / ".site.old-2024",
        tmp_path / ".site.build-final",
        tmp_path / ".site.old-1-keep",
    ]
    for folder in mine:
        folder.mkdir()
        (folder / "notes.txt").write_text("my own\n", encoding="utf-8")
    build_site(tmp_path / "site", "en", "/", str(site_db), search=False)
    build_site(
        tmp_path / "site", "en", "/", str(site_db), search=False
    )  # again: the swap makes an .old- folder
    for folder in mine:
        assert (folder / "notes.txt").read_text(encoding="utf-8") == "my own\n"
    # the replaced site is kept beside it, to be emptied by the next build
    names = sorted(
        p.name for p in tmp_path.iterdir() if p.name.startswith(".site.") and p not in mine
    )
    assert len(names) == 1 and names[0].startswith(".site.retired-"), names
    retired = tmp_path / names[0]
    assert json.loads((retired / ".smashup-temp").read_text(encoding="utf-8")) == {
        "pid": None,
        "kind": "retired",
    }  # no process of its own: a build's leftover only by its name and this file
    assert (retired / "en" / "cards" / "invader" / "index.html").is_file()
    assert not (tmp_path / "site" / ".smashup-temp").exists()
    build_site(tmp_path / "site", "en", "/", str(site_db), search=False)
    again = sorted(
        p.name for p in tmp_path.iterdir() if p.name.startswith(".site.") and p not in mine
    )
    assert len(again) == 1 and again != names  # taken by the third build, which left its own
    for folder in mine:
        assert (folder / "notes.txt").read_text(encoding="utf-8") == "my own\n"


@pytest.mark.long
@pytest.mark.skipif(
    not Path("/proc/self/task").is_dir(), reason="needs /proc to find helper processes"
)
def test_killed_build_leaves_no_writer_and_its_folder_goes_next_time(site_db, tmp_path):
    """The pages are written by threads of the build (no helper process that could outlive it): after a
    SIGKILL nothing goes on writing, and the next build removes the folder left behind."""
    out = tmp_path / "site"
    proc = subprocess.Popen(
        [sys.executable, "-m", "smashup_db", "site", "build", "--out", str(out), "--no-search"],
        env=_env(site_db),
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    helpers: list[int] = []
    try:
        deadline = time.monotonic() + 180
        while (
            len(list(tmp_path.glob(".site.build-*/en/cards/*/index.html"))) < 50
        ):  # pages are being written
            assert proc.poll() is None and time.monotonic() < deadline, (
                "the build ended before it could be killed"
            )
            helpers += _children(proc.pid)
            time.sleep(0.005)
        helpers += _children(proc.pid)
        os.kill(proc.pid, signal.SIGKILL)
        proc.wait(timeout=30)
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait()
    assert not helpers, "the build started helper processes"
    (left,) = list(tmp_path.glob(".site.build-*"))
    count = sum(1 for _ in left.rglob("*"))
    time.sleep(0.5)
    assert sum(1 for _ in left.rglob("*")) == count, (
        "pages were still written after the build was killed"
    )
    from smashup_db.site import build_site

    build_site(out, "en", "/", str(site_db), search=False)
    assert not list(tmp_path.glob(".site.build-*")) and (out / "en" / "index.html").is_file()


def _helpers_of_this_process(before: frozenset[int] = frozenset()) -> tuple[list[str], list[int]]:
    """The page-writer threads and the child processes of this process that are not in ``before``
    (children other tests of the session left running, such as the shared browser)."""
    threads = [t.name for t in threading.enumerate() if t.name.startswith("page-writer")]
    return threads, [pid for pid in _children(os.getpid()) if pid not in before]


def test_no_thread_or_process_of_a_build_outlives_it(site_db, tmp_path, monkeypatch):
    """After a build, and after a build that failed (a full disk while the pages are written), neither a
    writer thread nor a child process is left."""
    from smashup_db.site import build_site, writer
    from smashup_db.site.paths import SiteError

    before = frozenset(_children(os.getpid()))
    build_site(tmp_path / "site", "en", "/", str(site_db), search=False)
    assert _helpers_of_this_process(before) == ([], [])

    def full_disk(path: str, data: bytes) -> None:
        raise OSError(28, "No space left on device", path)

    monkeypatch.setattr(writer, "write_page", full_disk)
    with pytest.raises(SiteError, match="No space left on device"):
        build_site(tmp_path / "site", "en", "/", str(site_db), search=False, incremental=False)
    assert _helpers_of_this_process(before) == ([], [])
    assert not list(tmp_path.glob(".site.build-*"))


def test_site_out_as_dangling_symlink_is_refused(site_db, tmp_path):
    from typer.testing import CliRunner

    from smashup_db.cli import app

    link = tmp_path / "www"
    link.symlink_to(tmp_path / "nonexistent" / "x")
    res = CliRunner().invoke(
        app, ["site", "build", "--out", str(link), "--no-search", "--db", str(site_db)]
    )
    one_line_error(res, str(link), "does not exist")
    assert not (tmp_path / "nonexistent").exists() and link.is_symlink()


def _retired(tmp_path: Path) -> Path:
    """The replaced site beside ``tmp_path/site``, kept for the next build to empty and build in."""
    found = sorted(tmp_path.glob(".site.retired-*"))
    assert len(found) == 1, found
    return found[0]


def test_a_build_starts_from_the_retired_site_folders_and_keeps_none_it_does_not_use(
    site_db, tmp_path
):
    """The folders of the site before last are reused (no folder made twice); one the build has no page
    for is removed, so the site is the same as one built from nothing."""
    from smashup_db.site import build_site

    out = tmp_path / "site"
    build_site(out, "en", "/", str(site_db), search=False)
    build_site(out, "en", "/", str(site_db), search=False)
    retired = _retired(tmp_path)
    kept = (retired / "en" / "cards" / "invader").stat().st_ino
    (retired / "en" / "cards" / "no-such-card").mkdir()
    build_site(out, "en", "/", str(site_db), search=False)
    assert (
        out / "en" / "cards" / "invader"
    ).stat().st_ino == kept  # the retired site's folder, now the site's
    assert not (out / "en" / "cards" / "no-such-card").exists()
    assert not retired.exists()
    fresh = tmp_path / "fresh"
    build_site(fresh, "en", "/", str(site_db), search=False)
    listing = lambda root: sorted(p.relative_to(root).as_posix() for p in root.rglob("*"))  # noqa: E731
    assert listing(out) == listing(fresh)


@pytest.mark.long
@pytest.mark.parametrize("planted", ["file", "link"])
def test_what_is_planted_in_the_retired_site_is_removed_not_followed(site_db, tmp_path, planted):
    """A file or a link put into the retired site is removed with its files: a link is not followed
    (what it points to is untouched), nothing is written through it and the new site holds neither."""
    from smashup_db.site import build_site

    out = tmp_path / "site"
    build_site(out, "en", "/", str(site_db), search=False)
    build_site(out, "en", "/", str(site_db), search=False)
    retired = _retired(tmp_path)
    outside = tmp_path / "outside"
    outside.mkdir()
    (outside / "keep.txt").write_text("mine\n", encoding="utf-8")
    if planted == "file":
        (retired / "en" / "stray.txt").write_text("not ours\n", encoding="utf-8")
    else:
        shutil.rmtree(retired / "en" / "cards")
        (retired / "en" / "cards").symlink_to(outside, target_is_directory=True)
    build_site(out, "en", "/", str(site_db), search=False)
    assert [p.name for p in outside.iterdir()] == ["keep.txt"]
    assert not retired.exists()
    assert not (out / "en" / "stray.txt").exists() and not (out / "en" / "cards").is_symlink()
    assert (out / "en" / "cards" / "invader" / "index.html").is_file()


@pytest.mark.long
def test_a_failing_pagefind_leaves_the_previous_site_and_no_helper(site_db, tmp_path, monkeypatch):
    """Pagefind is started per language while pages render: when it fails, the build says so in one line,
    the previous site stays as it was and no build folder is left behind."""
    from smashup_db.site import build as site_build
    from smashup_db.site.paths import SiteError

    out = tmp_path / "pub"
    site_build.build_site(out, "en,de", "/", str(site_db), search=False)
    marker = (out / ".smashup-site").read_bytes()
    fake = tmp_path / "pagefind"
    fake.write_text("#!/bin/sh\necho 'Error: no room' >&2\nexit 3\n", encoding="utf-8")
    fake.chmod(0o755)
    monkeypatch.setattr(site_build, "find_pagefind", lambda: str(fake))
    with pytest.raises(SiteError) as err:
        site_build.build_site(out, "en,de", "/", str(site_db), search=True)
    assert str(err.value) == "pagefind failed (exit 3): Error: no room"
    assert (out / ".smashup-site").read_bytes() == marker and (out / "en" / "index.html").is_file()
    assert not [p.name for p in tmp_path.iterdir() if ".build-" in p.name]
    fake.unlink()  # a binary that cannot be started at all
    with pytest.raises(SiteError, match="pagefind could not index the site"):
        site_build.build_site(out, "en,de", "/", str(site_db), search=True)
    assert (out / ".smashup-site").read_bytes() == marker
