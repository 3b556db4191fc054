"""The play engine reads option values as the CLI does: its table is the glossary's OPTION_VALUES and its key
the name key (smashup_db/catalogue/option_values.py), so ``base_mode=SET`` or ``format=Schlange`` in a link mean
what ``--mode SET`` or ``--format Schlange`` mean."""

from __future__ import annotations

import json
import shutil
import subprocess
from pathlib import Path

import pytest

from smashup_db.common.text import name_key
from smashup_db.i18n.glossary import OPTION_VALUES

ENGINE = Path(__file__).resolve().parents[2] / "templates" / "site" / "assets" / "play-engine.js"
KINDS = ("complexity", "base_mode", "format")
TYPED = [
    "SET",
    "Fraktion",
    "alle",
    "Schlange",
    "zufällig",
    "Zufaellig",
    "pick-one-random",
    "Eine zufällig, eine gewählt",
    "NIEDRIG",
    "mittel",
    "Hoch",
    "setx",
    "",
    "Straße",
]

pytestmark = pytest.mark.skipif(shutil.which("node") is None, reason="Node.js not installed")


def _node(script: str):
    out = subprocess.run(
        ["node", "-e", script, str(ENGINE)], capture_output=True, text=True, check=True, timeout=60
    )
    return json.loads(out.stdout)


def test_the_engine_table_is_the_glossary_table():
    got = _node("const e = require(process.argv[1]); console.log(JSON.stringify(e.OPTION_VALUES));")
    want = {
        kind: {name_key(spelled): value for spelled, value in OPTION_VALUES[kind].items()}
        for kind in KINDS
    }
    assert got == want


def test_the_engine_key_is_the_name_key():
    got = _node(
        "const e = require(process.argv[1]);"
        f"console.log(JSON.stringify({json.dumps(TYPED)}.map(e.optionKey)));"
    )
    assert got == [name_key(t) for t in TYPED]
