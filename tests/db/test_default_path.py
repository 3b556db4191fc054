"""The default database's folder: smashup-db's own Linux rule gives platformdirs' answer."""

from __future__ import annotations

import sys

import pytest
from platformdirs import user_data_dir

from smashup_db.db.engine import APP_NAME, default_path, linux_data_folder

pytestmark = pytest.mark.skipif(sys.platform != "linux", reason="the written-out rule is Linux's")

HOMES = ["/home/anna", "/home/anna/", "/", "relative/home", ""]
XDG = [None, "", "   ", "/data/xdg", "/data/xdg/", "relative/xdg", "~/xdg"]


@pytest.mark.parametrize("home", HOMES)
@pytest.mark.parametrize("xdg", XDG)
def test_the_linux_rule_gives_platformdirs_answer(monkeypatch, home, xdg):
    monkeypatch.delenv("ANDROID_DATA", raising=False)
    monkeypatch.setenv("HOME", home)
    if xdg is None:
        monkeypatch.delenv("XDG_DATA_HOME", raising=False)
    else:
        monkeypatch.setenv("XDG_DATA_HOME", xdg)
    ours = linux_data_folder()
    if ours is None:  # platformdirs decides: only where HOME is not absolute and XDG does not help
        assert not home.startswith("/") and not (xdg or "").startswith("/")
        return
    assert ours == user_data_dir(APP_NAME, appauthor=False)
    assert default_path() == f"{ours}/smashup.db"


def test_android_is_left_to_platformdirs(monkeypatch):
    monkeypatch.setenv("ANDROID_DATA", "/data")
    assert linux_data_folder() is None


def test_a_card_look_up_does_not_import_platformdirs(tmp_path):
    """The reason for the written-out rule: the default database's path costs no platformdirs import."""
    import os
    import subprocess

    env = {k: v for k, v in os.environ.items() if not k.startswith(("SMASHUP_", "XDG_"))}
    env["HOME"] = str(tmp_path)
    code = (
        "import sys; from smashup_db.db.engine import resolve_url; resolve_url(); "
        "print('platformdirs' in sys.modules)"
    )
    out = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True)
    assert out.stdout.strip() == "False", out.stderr
