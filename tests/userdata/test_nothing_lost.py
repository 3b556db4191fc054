"""Issue 21 ("Nothing lost, ever"): exports that never replace what they must not touch, backups
that restore, names of every script. One test per item, named after it."""

from __future__ import annotations

import errno
import json
import os
import stat

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from helpers import db_rows, one_line_error

# =========================================================================== item 1

EXPORTS = [
    ("collection export", lambda f: ("collection", "export", f)),
    ("games export", lambda f: ("games", "export", f)),
    (
        "export translations",
        lambda f: ("export", "translations", "--lang", "de", "--faction", "ninjas", "--out", f),
    ),
    (
        "draft --out",
        lambda f: (
            "draft",
            "--players",
            "Anna,Ben",
            "--auto",
            "--seed",
            "3",
            "--format-out",
            "markdown",
            "--out",
            f,
        ),
    ),
]


@pytest.mark.parametrize("name,args", EXPORTS, ids=[e[0] for e in EXPORTS])
def test_export_refuses_device_fifo_and_symlink_target(run, name, args):
    tmp = run.tmp
    assert run("collection", "add", "Core Set", "--owner", "Ben").exit_code == 0
    # a FIFO and a character device (a copy of /dev/null's numbers) at the target: refused, untouched
    fifo = tmp / "pipe"
    os.mkfifo(fifo)
    dev = tmp / "n"
    os.mknod(dev, 0o600 | stat.S_IFCHR, os.makedev(1, 3))
    for target in (fifo, dev, tmp):
        before = os.lstat(target)
        one_line_error(run(*args(str(target))), str(target), "not a regular file")
        after = os.lstat(target)
        assert (after.st_ino, after.st_mode) == (before.st_ino, before.st_mode)
    # a link to a device (/proc/self/fd/1 is how the report put it) and a dangling link: refused
    to_dev = tmp / "to-dev"
    to_dev.symlink_to(dev)
    one_line_error(run(*args(str(to_dev))), str(to_dev), "not a regular file")
    assert to_dev.is_symlink() and stat.S_ISCHR(os.stat(dev).st_mode)
    dangling = tmp / "dangling"
    dangling.symlink_to(tmp / "no" / "such" / "x")
    one_line_error(run(*args(str(dangling))), str(dangling), "does not exist")
    assert dangling.is_symlink() and not (tmp / "no").exists()
    # a link to a regular file is followed: the link stays, its target is replaced, keeping its mode
    real = tmp / "real.txt"
    real.write_text("old\n")
    os.chmod(real, 0o640)
    link = tmp / "link.json"
    link.symlink_to(real)
    res = run(*args(str(link)))
    assert res.exit_code == 0, res.output
    assert link.is_symlink() and os.readlink(link) == str(real)
    assert real.read_text() != "old\n" and stat.S_IMODE(os.stat(real).st_mode) == 0o640
    # a new name: written, with the permissions of a plain open() (umask applies), no temporary left
    new = tmp / "fresh.out"
    mask = os.umask(0o022)
    try:
        assert run(*args(str(new))).exit_code == 0
    finally:
        os.umask(mask)
    assert stat.S_IMODE(os.stat(new).st_mode) == 0o644
    assert not [p for p in os.listdir(tmp) if p.endswith(".tmp")]


def test_dash_means_standard_output(run):
    assert run("collection", "add", "Core Set", "--owner", "Ben").exit_code == 0
    res = run("collection", "export", "-")
    assert res.exit_code == 0 and json.loads(res.stdout)["entries"][0]["owner"] == "Ben"
    res = run("games", "export", "-")
    assert res.exit_code == 0 and json.loads(res.stdout)["format"] == "smashup-games"
    assert not (run.tmp / "-").exists()


def test_export_error_leaves_the_old_file(run, monkeypatch):
    """A full disk while writing: the old export is still there, whole; the error names the file."""
    from smashup_db.common import safe_write

    target = run.tmp / "boxes.json"
    target.write_text("previous backup\n")

    def full(*_a, **_k):
        raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))

    monkeypatch.setattr(safe_write.os, "fsync", full)
    one_line_error(
        run("collection", "export", str(target)),
        f"cannot write {target}",
        "No space left on device",
    )
    assert target.read_text() == "previous backup\n"
    assert sorted(os.listdir(run.tmp)) == ["boxes.json", "t.db", "t.db-shm", "t.db-wal"] or not [
        p for p in os.listdir(run.tmp) if p.endswith(".tmp")
    ]


# =========================================================================== item 7

_OWNERS = st.text(st.characters(blacklist_categories=("Cs",)), min_size=0, max_size=12)


@pytest.mark.long
@settings(
    max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(
    owners=st.lists(_OWNERS, min_size=1, max_size=3),
    product=st.sampled_from(["Core Set", "Monster Smash", "Grundspiel", "Pretty Pretty Smash Up"]),
    kind=st.sampled_from(["json", "csv"]),
)
def test_what_add_accepts_export_writes_and_import_reads_back(run, owners, product, kind):
    from helpers import db_execute

    db = run.db
    assert run("collection", "list").exit_code == 0  # the database exists
    db_execute(db, "DELETE FROM collection")
    accepted = set()
    for owner in owners:
        res = run("collection", "add", product, "--owner", owner)
        if res.exit_code == 0:
            accepted.add(owner)
        else:  # refused in one line, never a traceback
            assert res.exit_code == 1 and len(res.output.strip().splitlines()) == 1, res.output
    before = sorted(db_rows(db, "SELECT owner, product_id, copies, printing FROM collection"))
    path = run.tmp / f"backup.{kind}"
    assert run("collection", "export", str(path)).exit_code == 0
    res = run("collection", "import", str(path), "--replace")
    assert res.exit_code == 0, (res.output, path.read_text(encoding="utf-8"))
    assert (
        sorted(db_rows(db, "SELECT owner, product_id, copies, printing FROM collection")) == before
    )
    assert {r[0] for r in before} == {o.strip() for o in accepted}


@pytest.mark.parametrize("owner", ["", "\t", " ", "Ben\x1b[31m"])
def test_add_refuses_what_import_would_refuse(run, owner):
    one_line_error(run("collection", "add", "Core Set", "--owner", owner), "name")
    assert db_rows(run.db, "SELECT COUNT(*) FROM collection") == [(0,)]


def test_owner_with_trailing_space_is_one_owner(run, tmp_path):
    assert run("collection", "add", "Core Set", "--owner", "Ben").exit_code == 0
    assert run("collection", "add", "Core Set", "--owner", "Ben ").exit_code == 0
    assert db_rows(run.db, "SELECT owner, copies FROM collection") == [("Ben", 2)]
    for kind in ("json", "csv"):
        path = tmp_path / f"b.{kind}"
        assert run("collection", "export", str(path)).exit_code == 0
        assert run("collection", "import", str(path), "--replace").exit_code == 0
        assert db_rows(run.db, "SELECT owner, copies FROM collection") == [("Ben", 2)]


def test_csv_cell_round_trip():
    from smashup_db.common.sanitize import csv_cell, uncsv_cell

    for value in ["=1+1", "'=x", "''=x", "'", "'abc", "-3", "@a", "plain", "\tx", "'''"]:
        assert uncsv_cell(csv_cell(value)) == value, value
        assert not str(csv_cell(value)).startswith(("=", "+", "-", "@", "\t", "\r"))


# =========================================================================== item 9 (file names and targets)


def test_file_name_with_newline_stays_on_one_line(run):
    err = one_line_error(run("games", "import", "a\nb"), "a\\nb")
    assert "\n" not in err
    one_line_error(run("collection", "import", "x\n\ty.json"), "x\\n\\ty.json")


def test_out_as_dangling_symlink_is_refused(run, tmp_path):
    link = tmp_path / "out.md"
    link.symlink_to(tmp_path / "nonexistent" / "x")
    one_line_error(
        run(
            "draft",
            "--players",
            "Anna,Ben",
            "--auto",
            "--seed",
            "1",
            "--format-out",
            "markdown",
            "--out",
            str(link),
        ),
        str(link),
        "does not exist",
    )
    one_line_error(run("export", "translations", "--lang", "de", "--out", str(link)), str(link))
    assert not (tmp_path / "nonexistent").exists() and link.is_symlink()


def test_disk_full_names_the_file(run, monkeypatch):
    from smashup_db.common import safe_write

    def full(*_a, **_k):
        raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))

    monkeypatch.setattr(safe_write.os, "replace", full)
    target = run.tmp / "games.json"
    one_line_error(
        run("games", "export", str(target)), f"cannot write {target}", "No space left on device"
    )
    one_line_error(
        run("export", "translations", "--lang", "de", "--out", str(target)),
        str(target),
        "No space left on device",
    )
    assert not target.exists()


# =========================================================================== item 11

INTERNATIONAL = {
    "ru": "Ниндзя-воины",
    "el": "Νίντζα",
    "ja": "忍者",
    "zh": "忍者们",
    "ar": "النينجا",
    "fa": "نین‌جا",
}


def test_names_of_every_script_are_accepted(run, tmp_path):
    rows = "".join(f"faction,ninjas,de,{n},\n" for n in [INTERNATIONAL["ru"]])
    csv = tmp_path / "t.csv"
    csv.write_text("kind,id,lang,name,text\n" + rows, encoding="utf-8")
    res = run("import", "translations", str(csv))
    assert res.exit_code == 0, res.output
    assert db_rows(
        run.db, "SELECT name FROM name WHERE origin = 'translations' AND ref = 'ninjas'"
    ) == [(INTERNATIONAL["ru"],)]
    for lang, name in INTERNATIONAL.items():
        csv.write_text(f"kind,id,lang,name,text\ncard,laser-sword,de,{name},\n", encoding="utf-8")
        res = run("import", "translations", str(csv))
        assert res.exit_code == 0, (lang, res.output)
        res = run("collection", "add", "Core Set", "--owner", name)
        assert res.exit_code == 0, (lang, res.output)
    owners = {r[0] for r in db_rows(run.db, "SELECT owner FROM collection")}
    assert owners == set(INTERNATIONAL.values())
    res = run(
        "game",
        "record",
        f"{INTERNATIONAL['ja']}=15",
        f"{INTERNATIONAL['ar']}=9",
        "--factions",
        f"{INTERNATIONAL['ja']}=Ninjas+Pirates,{INTERNATIONAL['ar']}=Robots+Zombies",
    )
    assert res.exit_code == 0, res.output
    assert db_rows(run.db, "SELECT winner FROM game") == [(INTERNATIONAL["ja"],)]


def test_bidi_controls_are_stripped_from_names(run, tmp_path):
    from smashup_db.common.sanitize import printable, strip_controls

    evil = "Ben\u202eevil\u2066"
    assert strip_controls(evil) == "Benevil" and printable(evil) == "Ben\\u202eevil\\u2066"
    assert run("collection", "add", "Core Set", "--owner", evil).exit_code == 0
    assert db_rows(run.db, "SELECT owner FROM collection") == [("Benevil",)]
    csv = tmp_path / "t.csv"
    csv.write_text(
        "kind,id,lang,name,text\ncard,laser-sword,de,Laser\u202eschwert,Ein \u202eText\n",
        encoding="utf-8",
    )
    assert run("import", "translations", str(csv)).exit_code == 0
    assert db_rows(run.db, "SELECT name FROM name WHERE origin = 'translations'") == [
        ("Laserschwert",)
    ]
    assert db_rows(run.db, "SELECT text FROM entity_text WHERE lang = 'de'") == [("Ein Text",)]
