"""`smashup import text` / `import images` with no argument fetch the public card archive at its pinned
commit (issue 32 item 1), named in `--help`, the hints and the README; checksums checked and recorded;
offline, one line says what to download and how to import the local copy.

No test reaches the internet: the ``archive_server`` fixture (tests/conftest.py) points
``$SMASHUP_ARCHIVE_URL`` at a local HTTP server (a thread on 127.0.0.1) serving the ``../shared``
copy of the archive in the upstream layout (``app/data/*.json``, ``public/card-art/``); skipped
without it.
"""

from __future__ import annotations

import json
import os
import re
import socket
from pathlib import Path

import pytest
from rich.cells import cell_len

from helpers import REPO, db_rows, on_terminal, one_line_error
from smashup_db.importer import pinned


def test_import_text_without_argument_fetches_the_pinned_files_and_records_their_checksums(
    run, archive_server
):
    root, url, paths = archive_server
    res = run("import", "text", "--json")
    assert res.exit_code == 0, res.output
    rep = json.loads(res.stdout)
    assert sorted(paths) == sorted("/" + p for p, _ in pinned.FILES.values())
    assert rep["matched"] > 1500 and rep["changes"] > 0
    assert sorted(rep["sha256"].values()) == sorted(d for _, d in pinned.FILES.values())
    stored = dict(db_rows(run.db, "SELECT key, value FROM meta WHERE key LIKE 'source_sha256:%'"))
    assert sorted(json.loads(v)["sha256"] for v in stored.values()) == sorted(
        d for _, d in pinned.FILES.values()
    )
    text = run("import", "text")
    assert text.exit_code == 0 and "0 changes" in text.stdout
    for _, digest in pinned.FILES.values():
        assert f"sha256 {digest}" in text.stdout
    assert text.stderr.count("downloading") == 0  # no progress bar without a terminal


def test_a_fetched_file_with_another_checksum_is_refused(run, archive_server):
    root, url, _ = archive_server
    target = root / "app" / "data" / "smashup-bases.json"
    doc = json.loads(target.read_text(encoding="utf-8"))
    target.unlink()
    doc["bases"] = doc["bases"][:3]
    target.write_text(json.dumps(doc), encoding="utf-8")
    one_line_error(run("import", "text"), "SHA-256", pinned.COMMIT[:12])


def _closed_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


@pytest.mark.parametrize("command", ["text", "images"])
def test_offline_one_line_says_what_to_download_and_how_to_import_it(run, monkeypatch, command):
    monkeypatch.setenv(pinned.URL_VAR, f"http://127.0.0.1:{_closed_port()}/")
    err = one_line_error(run("import", command), pinned.REPOSITORY, pinned.COMMIT)
    assert "smashup import text app/data/smashup-catalog.json app/data/smashup-bases.json" in err
    assert "smashup import images public/card-art" in err


def test_help_hints_and_readme_name_repository_commit_and_files(run, monkeypatch):
    monkeypatch.delenv(pinned.URL_VAR, raising=False)
    assert pinned.base_url() == pinned.BASE_URL
    needles = [pinned.REPOSITORY, pinned.COMMIT, *(p for p, _ in pinned.FILES.values())]
    for command in ("text", "images"):
        res = run("import", command, "--help")
        flat = "".join(res.stdout.split()).replace("│", "")  # Rich wraps and boxes the help
        for needle in (pinned.REPOSITORY, pinned.COMMIT, "app/data/smashup-catalog.json"):
            assert needle in flat, (command, needle)
    # the hint of a card without text, and of a site built without text
    card = run("card", "invader")
    assert "smashup import text" in card.stdout and pinned.REPOSITORY in card.stdout
    assert pinned.COMMIT[:12] in card.stdout
    readme = (REPO / "README.md").read_text(encoding="utf-8")
    for needle in [*needles, pinned.URL_VAR, pinned.CARD_ART]:
        assert needle in readme, needle
    for template in ("home.html", "textblock.html"):
        html = (REPO / "templates" / "site" / template).read_text(encoding="utf-8")
        assert pinned.REPOSITORY in html and pinned.COMMIT in html


def test_readme_and_stats_explain_every_named_source(run):
    """ "Kadsuno files", "fabikw", "zhuanggenhua" appeared in the README and `stats --json` unexplained."""
    readme = (REPO / "README.md").read_text(encoding="utf-8")
    res = run("stats", "--json")
    assert res.exit_code == 0, res.output
    sources = json.loads(res.stdout)["sources"]
    for name, repo in (
        ("card-archive", "906919303-crypto/smash-up-card-archive"),
        ("kadsuno", "Kadsuno/smash-up-randomizer"),
        ("fabikw", "fabikw/Smash-UP"),
        ("zhuanggenhua", "zhuanggenhua/BoardGame"),
        ("pinkepop", "PinkePop/smashup-drafter"),
    ):
        assert repo in readme, repo
        assert sources[name]["repository"] == repo and sources[name]["what"], name


@pytest.mark.long
def test_import_images_without_argument_fetches_the_pinned_card_art(
    run, archive_server, tmp_path, monkeypatch
):
    """The whole archive's pictures over the local server (1,608 files): long."""
    root, url, paths = archive_server
    if not (root / "public" / "card-art").exists():
        pytest.skip("../shared/data/card-archive/card-art is absent")
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))
    res = run("import", "images", "--json")
    assert res.exit_code == 0, res.output
    rep = json.loads(res.stdout)
    assert rep["source"] == url + pinned.CARD_ART
    assert rep["matched"] > 1500 and rep["images"]["added"] == rep["matched"]
    assert sorted(rep["archives"].values()) == sorted(d for _, d in pinned.FILES.values())
    index = json.loads((Path(run.tmp) / "t-images" / "images.json").read_text())
    assert index["archives"] == rep["archives"]
    assert any(p.startswith("/public/card-art/") for p in paths)


def test_the_download_shows_a_progress_bar_on_a_terminal_only(archive_server, tmp_path):
    """On a pseudo-terminal the fetch draws a Rich progress bar on stderr; piped, it draws none."""
    import subprocess
    import sys

    env = {
        **{k: v for k, v in os.environ.items() if not k.startswith("SMASHUP_")},
        "SMASHUP_DB": str(tmp_path / "t.db"),
        pinned.URL_VAR: archive_server[1],
        "LANG": "C.UTF-8",
        "TERM": "xterm",
        "COLUMNS": "100",
    }
    cmd = [sys.executable, "-m", "smashup_db", "import", "text"]
    shown = on_terminal(cmd, env, timeout=120)
    assert shown.returncode == 0, shown.text
    out = shown.text
    assert "downloading smashup-catalog.json" in out and "downloading smashup-bases.json" in out
    # the summary and the new database's path wrap between words on the terminal, not inside them
    assert max(cell_len(ln) for ln in shown.lines) <= 100, shown.lines
    assert re.search(r"\(\d+ changes\)", " ".join(out.split())), out
    piped = subprocess.run(cmd, capture_output=True, env=env, cwd=REPO, timeout=120)
    assert piped.returncode == 0 and b"downloading" not in piped.stderr + piped.stdout
    assert b"0 changes" in piped.stdout
