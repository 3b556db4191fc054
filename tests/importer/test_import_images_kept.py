"""`smashup import images` never loses a picture a user imported (issue 35), and its other hardening.

A stored picture is removed only when the archive record that matched it is read again in this run
and matches nothing now; a picture not found this time, or whose record was not read, is kept and
said; more than a few removals need ``--prune``. Also: a picture altered in place at the same size,
a folder nested ~1,000 deep, temporary files a killed import left, a file name with a newline.
Runs on a small archive made here (real Aliens names, pictures drawn by Pillow).
"""

from __future__ import annotations

import functools
import hashlib
import http.server
import json
import os
import threading
from pathlib import Path

import pytest
from test_import_images import _build_faces, _picture, images_of, report

from helpers import one_line_error

NAMES = ["Invader", "Scout", "Collector", "Abduction", "Beam Up", "Crop Circles", "Probe"]
BASES = [("Aliens", "The Homeworld", "bases/base-aliens-1.webp")]


def make(root: Path, names=NAMES, urls=None) -> Path:
    """An archive at ``root`` with pictures of the Aliens cards ``names`` and one base; returns card-art."""
    art = root / "card-art"
    for i, _ in enumerate(NAMES):
        _picture(art / f"library/aliens/aliens-{i}.webp", (20 * i, 90, 160))
    _picture(art / BASES[0][2], (200, 120, 40), (300, 214))
    write_json(root, names, urls)
    return art


def write_json(root: Path, names=NAMES, urls=None) -> None:
    """The two JSON files: card ``names[i]`` with picture ``urls[i]`` (default ``aliens-<i>.webp``)."""
    urls = urls or [f"card-art/library/aliens/aliens-{i}.webp" for i in range(len(names))]
    cards = [
        {"name": n, "type": "minion", "text": "", "imageUrl": u}
        for n, u in zip(names, urls, strict=True)
    ]
    (root / "smashup-catalog.json").write_text(
        json.dumps({"source": {"name": "t"}, "factions": [{"name": "Aliens", "cards": cards}]}),
        encoding="utf-8",
    )
    bases = [
        {"name": n, "sourceFaction": f, "text": "", "imageUrl": "card-art/" + r}
        for f, n, r in BASES
    ]
    (root / "smashup-bases.json").write_text(
        json.dumps({"source": {"name": "tb"}, "bases": bases}), encoding="utf-8"
    )


def stored(run) -> list[str]:
    folder = images_of(run)
    return sorted(p.relative_to(folder).as_posix() for p in folder.rglob("*.webp"))


ALL = sorted(
    ["base/the-homeworld.webp"] + [f"card/{n.lower().replace(' ', '-')}.webp" for n in NAMES]
)


def test_naming_only_the_bases_json_keeps_every_card_picture(run, tmp_path):
    """`import images card-art smashup-bases.json` once removed every card picture ("29 removed")."""
    root = tmp_path / "a"
    art = make(root)
    assert report(run("import", "images", art, "--json"))["images"]["added"] == 8
    rep = report(run("import", "images", art, root / "smashup-bases.json", "--json"))
    assert rep["images"]["removed"] == 0 and rep["images"]["kept"] == 7
    assert stored(run) == ALL
    res = run("import", "images", art, root / "smashup-bases.json")
    assert "kept: 7 stored pictures" in res.stdout
    digest = hashlib.sha256((root / "smashup-bases.json").read_bytes()).hexdigest()
    assert f"sha256 {digest}  smashup-bases.json" in res.stdout  # the archive read, recorded
    index = json.loads((images_of(run) / "images.json").read_text(encoding="utf-8"))
    assert index["archives"]["smashup-bases.json (tb)"] == digest


def test_pictures_a_url_answers_404_for_are_kept_and_said(run, tmp_path):
    root = tmp_path / "a"
    art = make(root)
    report(run("import", "images", art, "--json"))
    for p in (art / "library").rglob("*.webp"):
        p.unlink()
    handler = functools.partial(_Quiet, directory=str(root))
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    try:
        url = f"http://127.0.0.1:{server.server_address[1]}/card-art/"
        rep = report(run("import", "images", url, "--json"))
    finally:
        server.shutdown()
        server.server_close()
    assert rep["images"]["removed"] == 0 and rep["images"]["kept"] == 7
    assert len(rep["not_found"]) == 7 and all("kept" in m for m in rep["not_found"])
    assert stored(run) == ALL


def test_bad_image_urls_keep_those_cards_pictures(run, tmp_path):
    root = tmp_path / "a"
    art = make(root)
    report(run("import", "images", art, "--json"))
    write_json(root, urls=["../../etc/passwd"] * len(NAMES))
    rep = report(run("import", "images", art, "--json"))
    assert rep["images"]["removed"] == 0 and stored(run) == ALL


def test_a_record_read_again_that_matches_nothing_now_removes_its_picture(run, tmp_path):
    root = tmp_path / "a"
    art = make(root)
    report(run("import", "images", art, "--json"))
    write_json(root, names=["No Such Card", *NAMES[1:]])
    rep = report(run("import", "images", art, "--json"))
    assert rep["images"]["removed"] == 1 and "card/invader.webp" not in stored(run)


def test_more_than_a_few_removals_need_prune(run, tmp_path):
    root = tmp_path / "a"
    art = make(root)
    report(run("import", "images", art, "--json"))
    write_json(root, names=[f"Gone {i}" for i in range(len(NAMES))])
    res = run("import", "images", art)
    assert res.exit_code == 0 and "--prune" in res.stderr
    rep = report(run("import", "images", art, "--json"))
    assert rep["images"]["held"] == 7 and rep["images"]["removed"] == 0 and stored(run) == ALL
    rep = report(run("import", "images", art, "--prune", "--json"))
    assert rep["images"]["removed"] == 7 and stored(run) == ["base/the-homeworld.webp"]


def test_a_picture_altered_in_place_at_the_same_size_is_detected(run, tmp_path, monkeypatch):
    """Only the size was compared: the import kept the altered file, the build published it under the
    old digest. Now the build leaves it out and the next import writes it again."""
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))
    art = make(tmp_path / "a")
    report(run("import", "images", art, "--json"))
    target = images_of(run) / "card" / "invader.webp"
    data = bytearray(target.read_bytes())
    data[-1] ^= 0xFF  # same size, other bytes
    target.write_bytes(bytes(data))
    faces = _build_faces(images_of(run), tmp_path / "site")
    assert faces.stats["pictures"] == 7 and faces.stats["skipped"] == 1
    assert not list((tmp_path / "site" / "assets" / "faces" / "card").glob("invader-*"))
    rep = report(run("import", "images", art, "--json"))
    assert rep["images"]["changed"] == 1
    assert target.read_bytes() == (art / "library/aliens/aliens-0.webp").read_bytes()


def test_a_folder_nested_a_thousand_deep_is_one_error_line(run, tmp_path):
    """os.walk recursed and raised RecursionError on such a tree."""
    art = make(tmp_path / "a")
    path = art / "special"
    path.mkdir()
    rel = ""
    for _ in range(1100):
        rel += "d/"
        os.mkdir(path / rel)
    try:
        one_line_error(run("import", "images", art), "nested more than")
    finally:  # pytest's own clean-up (shutil.rmtree) would recurse as deep
        while rel:
            os.rmdir(path / rel)
            rel = rel[:-2]


def test_temporary_files_a_killed_import_left_are_removed_by_the_next(run, tmp_path, monkeypatch):
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))
    art = make(tmp_path / "a")
    rep = report(run("import", "images", art, "--json"))
    cache = Path(rep["thumbs_cache"])
    left = [
        images_of(run) / "card" / ".invader.webp.k9x2ab7q.tmp",  # common.safe_write's name
        images_of(run) / ".images.json.zz81kd0a.tmp",
        cache / ".tmp-999999999-ab12cd",  # a thumbnail writer whose process is gone
    ]
    for p in left:
        p.write_bytes(b"half a picture")
    alive = cache / f".tmp-{os.getpid()}-ef34gh"  # a writer still running: left alone
    alive.write_bytes(b"being written")
    assert report(run("import", "images", art, "--json"))["changes"] == 0
    assert [p.exists() for p in left] == [False, False, False] and alive.exists()


def test_a_file_name_with_a_newline_prints_on_one_line(run, tmp_path):
    art = make(tmp_path / "a")
    (art / "special").mkdir()
    (art / "special" / "x\nerror: fake.webp").write_bytes(b"x")
    res = run("import", "images", art)
    assert res.exit_code == 0
    lines = res.stderr.splitlines()
    assert not any(line.startswith("error:") for line in lines), lines
    assert any("x\\nerror: fake.webp" in line for line in lines), lines


class _Quiet(http.server.SimpleHTTPRequestHandler):
    def log_message(self, *args):
        pass


@pytest.fixture(autouse=True)
def _no_archive_env(monkeypatch):
    monkeypatch.delenv("SMASHUP_ARCHIVE_URL", raising=False)


def test_on_a_terminal_the_import_asks_before_removing_more_than_a_few(tmp_path):
    """Without --prune, a terminal is asked; "y" removes the pictures whose record matches nothing now."""
    import subprocess
    import sys

    from helpers import REPO, on_terminal, smashup_env

    root = tmp_path / "a"
    art = make(root)
    env = {**smashup_env(str(tmp_path / "t.db")), "TERM": "xterm", "COLUMNS": "120"}
    env["XDG_CACHE_HOME"] = str(tmp_path / "cache")
    cmd = [sys.executable, "-m", "smashup_db", "import", "images", str(art)]
    assert subprocess.run(cmd, env=env, cwd=REPO, capture_output=True, timeout=120).returncode == 0
    write_json(root, names=[f"Gone {i}" for i in range(len(NAMES))])

    def asked(answer: str) -> str:
        shown = on_terminal(cmd, env, [answer], "[y/N]", timeout=120)
        assert shown.returncode == 0 and "[y/N]" in shown.text, shown.text
        return shown.text

    out = asked("n")
    assert (
        "7 stored pictures no longer match" in out
        and len(list(tmp_path.glob("t-images/card/*"))) == 7
    )
    out = asked("y")
    assert "7 removed" in out and list(tmp_path.glob("t-images/card/*")) == []
