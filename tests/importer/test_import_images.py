"""`smashup import images`: the card archive's pictures, matched to cards and bases, stored beside the database.

The acceptance tests (issue 22) run on the shared copy of the archive's ``card-art`` folder
(../shared/data/card-archive; skipped without it: the pictures are AEG's and never part of the
project). The error, limit and safety cases run on a small archive made here: real catalogue names
(Aliens) with pictures drawn by Pillow.
"""

from __future__ import annotations

import functools
import hashlib
import http.server
import json
import os
import shutil
import threading
from pathlib import Path

import pytest

from helpers import ARCHIVE, REPO, one_line_error, require_shared
from smashup_db.importer import images as images_mod

CARDS = [
    ("Aliens", "Invader", "minion", "library/aliens/aliens-1.webp"),
    ("Aliens", "Supreme Overlord", "minion", "library/aliens/aliens-2.webp"),
    ("Aliens", "Not A Real Card", "minion", "library/aliens/aliens-3.webp"),
]
BASES = [("Aliens", "The Homeworld", "bases/base-aliens-1.webp")]


def _picture(path: Path, colour: tuple[int, int, int], size=(375, 525)) -> None:
    from PIL import Image

    path.parent.mkdir(parents=True, exist_ok=True)
    Image.new("RGB", size, colour).save(path, "WEBP", quality=60)


def make_archive(root: Path, extra_file: bool = True) -> Path:
    """A small card archive at ``root``: the two JSON files and ``card-art/`` (returns the card-art folder)."""
    art = root / "card-art"
    for i, (_, _, _, rel) in enumerate(CARDS):
        _picture(art / rel, (40 * i, 90, 160))
    _picture(art / BASES[0][2], (200, 120, 40), (300, 214))
    if extra_file:
        _picture(art / "special" / "madness.webp", (0, 0, 0))
    (root / "smashup-catalog.json").write_text(
        json.dumps(
            {
                "source": {"name": "test catalogue"},
                "factions": [
                    {
                        "name": "Aliens",
                        "cards": [
                            {"name": n, "type": t, "text": "", "imageUrl": "card-art/" + rel}
                            for _, n, t, rel in CARDS
                        ],
                    }
                ],
            }
        ),
        encoding="utf-8",
    )
    (root / "smashup-bases.json").write_text(
        json.dumps(
            {
                "source": {"name": "test bases"},
                "bases": [
                    {"name": n, "sourceFaction": f, "text": "", "imageUrl": "card-art/" + rel}
                    for f, n, rel in BASES
                ],
            }
        ),
        encoding="utf-8",
    )
    return art


def folder_state(folder: Path) -> dict[str, tuple[int, str]]:
    """Every file below ``folder``: relative path -> (mtime_ns, sha256)."""
    out = {}
    for p in sorted(folder.rglob("*")) if folder.exists() else []:
        if p.is_file():
            out[p.relative_to(folder).as_posix()] = (
                p.stat().st_mtime_ns,
                hashlib.sha256(p.read_bytes()).hexdigest(),
            )
    return out


def images_of(run) -> Path:
    return Path(run.tmp) / "t-images"


def report(res) -> dict:
    assert res.exit_code == 0, res.output
    return json.loads(res.stdout)


# --------------------------------------------------------------------------- the shared card-art folder


@pytest.mark.long
def test_import_shared_folder_twice_second_reports_no_change(run, tmp_path, monkeypatch):
    """Issue 22 acceptance: import the shared card-art folder, then again: the second reports 0 changes
    (and makes no thumbnail: the first made every one)."""
    art = require_shared("card-archive", "card-art")
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))
    first = report(run("import", "images", art, "--json"))
    assert (
        first["matched"] >= 1500
        and first["images"]["added"] == first["matched"] == first["changes"]
    )
    assert first["thumbnails"] == {"made": first["matched"], "cached": 0, "not_made": 0}
    assert first["records"] >= first["matched"]
    stored = images_of(run)
    index = json.loads((stored / "images.json").read_text(encoding="utf-8"))["images"]
    assert len(index) == first["matched"]
    entry = index["card/invader"]
    assert (stored / entry["file"]).is_file() and entry["width"] == 375 and entry["height"] == 525
    assert (
        entry["source"].startswith("card-art/library/aliens/")
        and "smashup-catalog.json" in entry["source"]
    )
    before = folder_state(stored)

    again = run("import", "images", art)
    assert again.exit_code == 0, again.output
    assert "(0 changes)" in again.stdout
    assert f"thumbnails: 0 made, {first['matched']} already cached" in again.stdout
    assert folder_state(stored) == before  # not a file rewritten
    # the pictures live beside the database, never in the repository or the package
    assert not any(REPO.rglob("invader*.webp"))

    card = report(run("card", "invader", "--json"))
    assert card["image"] == str(stored / "card" / "invader.webp")
    base = report(run("base", "The Homeworld", "--json"))
    assert base["image"] and Path(base["image"]).is_file()
    assert "picture: " + str(stored / "card" / "invader.webp") in run("card", "invader").stdout


@pytest.mark.long
def test_truncated_webp_in_a_copy_is_named_and_nothing_changes(run, tmp_path):
    """Issue 22 acceptance: a truncated .webp in a copy of the folder is named in one line; nothing else changes
    (on a fresh database nothing is written at all; after a good import the images folder stays as it was)."""
    require_shared("card-archive", "card-art")
    copy = tmp_path / "copy"
    shutil.copytree(ARCHIVE, copy, copy_function=_link_or_copy)
    victim = copy / "card-art" / "library" / "aliens" / "aliens-1.webp"
    data = victim.read_bytes()
    victim.unlink()  # a new file: the hard-linked original stays whole
    victim.write_bytes(data[: len(data) // 2])

    res = run("import", "images", copy / "card-art")
    one_line_error(res, str(victim))
    assert not images_of(run).exists()

    assert run("import", "images", ARCHIVE / "card-art").exit_code == 0
    before = folder_state(images_of(run))
    res = run("import", "images", copy / "card-art")
    line = one_line_error(res, "aliens-1.webp")
    assert "damaged picture" in line or "not a picture" in line
    assert folder_state(images_of(run)) == before


def _link_or_copy(src, dst):
    try:
        os.link(src, dst)
    except OSError:
        shutil.copy2(src, dst)


# --------------------------------------------------------------------------- a small archive made here


def test_small_archive_matched_missing_unmatched(run, tmp_path):
    art = make_archive(tmp_path / "arch")
    rep = report(run("import", "images", art, "--json"))
    assert rep["matched"] == 3 and rep["images"]["added"] == 3 and rep["changes"] == 3
    unmatched = " ".join(rep["unmatched"])
    assert "Not A Real Card" in unmatched and "madness.webp" in unmatched
    assert rep["missing"]["card"] > 0 and rep["missing"]["base"] > 0
    stored = images_of(run)
    assert sorted(p.relative_to(stored).as_posix() for p in stored.rglob("*.webp")) == [
        "base/the-homeworld.webp",
        "card/invader.webp",
        "card/supreme-overlord.webp",
    ]
    # a picture that changed is counted as changed; one not found this time is kept (issue 35)
    _picture(art / CARDS[0][3], (255, 255, 255))
    (art / BASES[0][2]).unlink()
    rep = report(run("import", "images", art, "--json"))
    assert rep["images"] == {
        "added": 0,
        "changed": 1,
        "unchanged": 1,
        "removed": 0,
        "kept": 1,
        "held": 0,
    }
    assert any("The Homeworld" in m and "kept" in m for m in rep["not_found"])
    assert (stored / "base" / "the-homeworld.webp").exists()


def test_report_in_german(run, tmp_path, monkeypatch):
    art = make_archive(tmp_path / "arch")
    monkeypatch.setenv("SMASHUP_LANG", "de")
    res = run("import", "images", art)
    assert res.exit_code == 0, res.output
    assert "Bilder: 3 hinzugefügt" in res.stdout and "noch ohne Bild" in res.stdout
    (art / CARDS[1][3]).write_bytes(b"GIF89a not really")
    res = run("import", "images", art)
    assert (
        res.exit_code == 1
        and res.stderr.startswith("Fehler: ")
        and len(res.stderr.splitlines()) == 1
    )
    assert "aliens-2.webp" in res.stderr and "kein Bild" in res.stderr


def test_non_image_and_other_format_refused_by_name(run, tmp_path):
    art = make_archive(tmp_path / "arch")
    from PIL import Image

    Image.new("RGB", (375, 525)).save(art / CARDS[1][3], "GIF")  # a GIF named .webp
    one_line_error(run("import", "images", art), "aliens-2.webp", "GIF")
    (art / CARDS[1][3]).write_text("<html>not a picture</html>")
    one_line_error(run("import", "images", art), "aliens-2.webp", "not a picture")
    assert not images_of(run).exists()


def test_limits(run, tmp_path, monkeypatch):
    art = make_archive(tmp_path / "arch")
    monkeypatch.setattr(images_mod, "MAX_IMAGE_BYTES", 100)
    one_line_error(run("import", "images", art), "larger than")
    monkeypatch.undo()
    monkeypatch.setattr(images_mod, "MAX_IMAGES", 3)
    one_line_error(run("import", "images", art), "more than 3")
    monkeypatch.undo()
    from PIL import Image

    Image.new("RGB", (5000, 10)).save(art / CARDS[0][3], "WEBP")
    one_line_error(run("import", "images", art), "5000x10")
    assert not images_of(run).exists()


def test_untrusted_paths_never_leave_the_folders(run, tmp_path):
    """An imageUrl climbing out of card-art is not read; a link out of the folder is refused; a link planted
    where a picture would be stored is never replaced."""
    root = tmp_path / "arch"
    art = make_archive(root)
    secret = tmp_path / "secret.webp"
    _picture(secret, (1, 2, 3))
    doc = json.loads((root / "smashup-catalog.json").read_text())
    doc["factions"][0]["cards"][0]["imageUrl"] = "card-art/../../secret.webp"
    (root / "smashup-catalog.json").write_text(json.dumps(doc))
    rep = report(run("import", "images", art, "--json"))
    assert any("imageUrl" in m for m in rep["unmatched"]) and rep["matched"] == 2
    assert "card/invader" not in json.loads((images_of(run) / "images.json").read_text())["images"]

    (art / CARDS[1][3]).unlink()
    os.symlink(secret, art / CARDS[1][3])
    one_line_error(run("import", "images", art), "outside the folder")

    os.unlink(art / CARDS[1][3])
    _picture(art / CARDS[1][3], (9, 9, 9))
    doc["factions"][0]["cards"][0]["imageUrl"] = "card-art/" + CARDS[0][3]
    (root / "smashup-catalog.json").write_text(json.dumps(doc))
    target = images_of(run) / "card" / "invader.webp"
    os.symlink(secret, target)
    secret_before = secret.read_bytes()
    one_line_error(run("import", "images", art), "invader.webp")
    assert target.is_symlink() and secret.read_bytes() == secret_before


def test_missing_source_or_archive(run, tmp_path):
    one_line_error(run("import", "images", tmp_path / "nothing"), "folder not found")
    lonely = tmp_path / "lonely" / "card-art"
    lonely.mkdir(parents=True)
    one_line_error(run("import", "images", lonely), "smashup-catalog.json")
    # the archive JSON given beside the folder
    root = tmp_path / "arch"
    art = make_archive(root)
    moved = tmp_path / "json"
    moved.mkdir()
    for name in ("smashup-catalog.json", "smashup-bases.json"):
        shutil.move(root / name, moved / name)
    rep = report(
        run(
            "import",
            "images",
            art,
            moved / "smashup-catalog.json",
            moved / "smashup-bases.json",
            "--json",
        )
    )
    assert rep["matched"] == 3


def test_from_a_url(run, tmp_path):
    """The base URL of a card-art folder: pictures and (by default) the JSON beside it come over HTTP."""
    root = tmp_path / "arch"
    make_archive(root)
    handler = functools.partial(_Quiet, directory=str(root))
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        url = f"http://127.0.0.1:{server.server_address[1]}/card-art/"
        rep = report(run("import", "images", url, "--json"))
        assert rep["matched"] == 3 and rep["changes"] == 3
        assert report(run("import", "images", url, "--json"))["changes"] == 0
        entry = json.loads((images_of(run) / "images.json").read_text())["images"]["card/invader"]
        assert entry["source"].startswith(url)
    finally:
        server.shutdown()
        server.server_close()


class _Quiet(http.server.SimpleHTTPRequestHandler):
    def log_message(self, *args):
        pass


def test_images_folder_follows_the_database(tmp_path, monkeypatch):
    monkeypatch.delenv("SMASHUP_IMAGES", raising=False)
    assert images_mod.images_dir(str(tmp_path / "games.db")) == str(tmp_path / "games-images")
    monkeypatch.setenv("SMASHUP_IMAGES", str(tmp_path / "pics"))
    assert images_mod.images_dir(str(tmp_path / "games.db")) == str(tmp_path / "pics")


def test_both_backends_with_an_images_folder_of_choice(cli, tmp_path, monkeypatch):
    """On SQLite and PostgreSQL alike (SMASHUP_IMAGES names the folder): matched, then 0 changes; card --json."""
    monkeypatch.setenv("SMASHUP_IMAGES", str(tmp_path / "pics"))
    art = make_archive(tmp_path / "arch")
    assert report(cli("import", "images", str(art), "--json"))["changes"] == 3
    assert report(cli("import", "images", str(art), "--json"))["changes"] == 0
    assert report(cli("card", "invader", "--json"))["image"] == str(
        tmp_path / "pics" / "card" / "invader.webp"
    )
    assert report(cli("card", "scout", "--json"))["image"] is None


# --------------------------------------------------------------------------- thumbnails made by the import


def _build_faces(images: Path, out: Path):
    """What the site build does with the pictures (:meth:`Faces.write`); returns the Faces."""
    from smashup_db.importer.images import read_index
    from smashup_db.site.faces import Faces

    faces = Faces(str(images), read_index(str(images)))
    faces.write(out)
    return faces


def test_import_makes_the_thumbnails_the_build_then_copies(run, tmp_path, monkeypatch):
    """The import fills the thumbnail cache (same recipe and key as the build); the first build after it makes
    none, a second import makes none; after the cache is emptied the build makes them again."""
    from smashup_db.importer import thumbs

    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))
    art = make_archive(tmp_path / "arch")
    rep = report(run("import", "images", art, "--json"))
    assert rep["thumbnails"] == {"made": 3, "cached": 0, "not_made": 0}
    cache = Path(rep["thumbs_cache"])
    assert cache == tmp_path / "cache" / "smashup-db" / "thumbs"
    index = json.loads((images_of(run) / "images.json").read_text())["images"]
    for entry in index.values():
        size = thumbs.thumb_size(entry["width"], entry["height"])
        cached = Path(thumbs.cache_path(str(cache), entry["sha256"], size))
        assert cached.read_bytes() == thumbs.render_thumbnail(
            str(images_of(run) / entry["file"]), size
        )

    faces = _build_faces(images_of(run), tmp_path / "site1")
    assert (
        faces.stats["thumbs_made"] == 0
        and faces.stats["thumbs_cached"] == faces.stats["pictures"] == 3
    )

    again = run("import", "images", art)
    assert again.exit_code == 0 and "thumbnails: 0 made, 3 already cached" in again.stdout
    assert report(run("import", "images", art, "--json"))["thumbnails"] == {
        "made": 0,
        "cached": 3,
        "not_made": 0,
    }

    shutil.rmtree(cache)
    faces = _build_faces(images_of(run), tmp_path / "site2")
    assert faces.stats["thumbs_made"] == 3 and faces.stats["pictures"] == 3


def test_import_without_a_usable_cache_still_imports(run, tmp_path, monkeypatch):
    """A cache folder that cannot be made, or a cache that cannot be written, never fails the import: the
    pictures are stored, the report says the thumbnails were not made, the build makes them."""
    from smashup_db.importer import thumbs

    blocker = tmp_path / "not-a-folder"
    blocker.write_text("a file where the cache folder would be")
    monkeypatch.setenv("XDG_CACHE_HOME", str(blocker))
    art = make_archive(tmp_path / "arch")
    res = run("import", "images", art, "--json")
    rep = report(res)
    assert rep["changes"] == 3 and rep["thumbs_cache"] is None
    assert rep["thumbnails"] == {"made": 0, "cached": 0, "not_made": 3}
    assert "thumbnails: none made" in run("import", "images", art).stdout

    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))
    monkeypatch.setattr(
        thumbs, "store_cached", lambda path, data: False
    )  # a full or read-only disk
    (art / CARDS[0][3]).unlink()
    _picture(art / CARDS[0][3], (1, 200, 3))
    res = run("import", "images", art)
    assert res.exit_code == 0, res.output
    assert "1 changed" in res.stdout and "0 made, 0 already cached, 3 not made" in res.stdout
    monkeypatch.undo()
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))
    faces = _build_faces(images_of(run), tmp_path / "site")
    assert faces.stats["pictures"] == 3 and faces.stats["thumbs_made"] == 3


def test_report_of_thumbnails_in_german(run, tmp_path, monkeypatch):
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))
    monkeypatch.setenv("SMASHUP_LANG", "de")
    res = run("import", "images", make_archive(tmp_path / "arch"))
    assert res.exit_code == 0, res.output
    assert "Vorschaubilder: 3 erstellt, 0 schon zwischengespeichert" in res.stdout


def test_thumbnails_made_side_by_side_equal_serial_ones(tmp_path, monkeypatch):
    """fill_cache on several threads makes the same bytes as render_thumbnail, one after another too;
    cached ones are not made again; a picture that cannot be decoded is counted, not fatal."""
    from smashup_db.importer import thumbs

    jobs = []
    for i in range(30):
        src = tmp_path / "pics" / f"p{i}.webp"
        _picture(src, (i * 7 % 256, 30, 200 - i))
        jobs.append((str(src), thumbs.thumb_size(375, 525), str(tmp_path / "c1" / f"t{i}.webp")))
    (tmp_path / "c1").mkdir()
    seen = []
    monkeypatch.setattr(thumbs, "_workers", lambda: 2)
    counts = thumbs.fill_cache(jobs, lambda done, total: seen.append((done, total)))
    assert counts == {"made": len(jobs), "unreadable": 0, "unwritable": 0}
    assert seen[0] == (0, len(jobs)) and seen[-1] == (len(jobs), len(jobs))
    for src, size, path in jobs:
        assert Path(path).read_bytes() == thumbs.render_thumbnail(src, size)
    assert thumbs.fill_cache(jobs)["made"] == 0

    monkeypatch.setattr(thumbs, "_workers", lambda: 1)
    (tmp_path / "c2").mkdir()
    serial = [(src, size, str(tmp_path / "c2" / Path(path).name)) for src, size, path in jobs]
    Path(serial[3][0]).write_bytes(b"not a picture")
    counts = thumbs.fill_cache(serial)
    assert counts == {"made": len(jobs) - 1, "unreadable": 1, "unwritable": 0}
    assert Path(serial[0][2]).read_bytes() == Path(jobs[0][2]).read_bytes()


def test_thumbnails_stop_at_a_cache_that_cannot_be_written(tmp_path, monkeypatch):
    """The first thumbnail the cache cannot take ends the work (a full disk): no error, the rest counted
    as not made."""
    from smashup_db.importer import thumbs

    jobs = []
    for i in range(20):
        src = tmp_path / "pics" / f"p{i}.webp"
        _picture(src, (i * 9 % 256, 60, 100))
        jobs.append((str(src), thumbs.thumb_size(375, 525), str(tmp_path / "cache" / f"t{i}.webp")))
    (tmp_path / "cache").mkdir()
    real_store = thumbs.store_cached

    def full_after_five(path: str, data: bytes) -> bool:
        return int(Path(path).stem[1:]) < 5 and real_store(path, data)

    monkeypatch.setattr(thumbs, "store_cached", full_after_five)
    monkeypatch.setattr(thumbs, "_workers", lambda: 1)
    assert thumbs.fill_cache(jobs) == {"made": 5, "unreadable": 0, "unwritable": 15}
    assert sorted(p.name for p in (tmp_path / "cache").iterdir()) == [
        f"t{i}.webp" for i in range(5)
    ]
