"""The one folding rule for names (``smashup_db.common.text.fold``/``name_key``) and its JavaScript
twin (``templates/site/assets/fold.js``, the site's search and name look-ups) agree on every name of
the catalogue, in every language, and on the spellings people type."""

from __future__ import annotations

import json
import shutil
import subprocess
from pathlib import Path

import pytest

from helpers import db_rows, make_db
from smashup_db.common.text import fold, folded_key, name_key

FOLD_JS = Path(__file__).resolve().parents[2] / "templates" / "site" / "assets" / "fold.js"
NODE = shutil.which("node") or shutil.which("nodejs")

#: Spellings people type (issue 32) -> the folded key of the catalogue's name they mean.
TYPED = {
    "Wechsler-Bots": "Wechslerbots",
    "Wechsler Bots": "Wechslerbots",
    "Caesiumruestung": "Cäsiumrüstung",
    "cäsium rüstung": "Cäsiumrüstung",
    "Schmusekaetzchen": "Schmusekätzchen",
    "Kungfu Kämpfer": "Kung-Fu-Kämpfer",
    "Astro Knights": "Astroknights",
    "SCHLOSS": "Schloß",
}
#: Hand-picked corners: other scripts, ligatures, typographic quotes, dashes, a lone "ß".
CORNERS = [
    "Ниндзя",
    "ﬁre",
    "Grimms’ Tales",
    "Smash Up – Munchkin",
    "ß",
    "ÆØ",
    "Öl-Ölé",
    "__a__",
    "",
]


def test_typed_spellings_give_the_key_of_the_name():
    for typed, name in TYPED.items():
        assert name_key(typed) == name_key(name), typed
    assert name_key("Wechsler-Bots") == "wechslerbots"
    assert name_key("Caesiumruestung") == "casiumrustung"
    assert name_key("Zombies") != name_key("Zauberer")


def test_the_fast_replacements_are_the_rule():
    """folded_key's three str.replace calls equal the rule's regular expression on every string of
    the letters that matter (a, o, u, e, x) up to 6 long."""
    import itertools
    import re

    from smashup_db.common.text import folded_key

    rule = re.compile(r"([aou])e")
    for n in range(7):
        for letters in itertools.product("aouex", repeat=n):
            word = "".join(letters)
            assert folded_key(word) == rule.sub(r"\1", word), word


def _js(texts: list[str]) -> list[list[str]]:
    script = (
        "const F = require(process.argv[1]);"
        "const t = JSON.parse(require('fs').readFileSync(0, 'utf8'));"
        "process.stdout.write(JSON.stringify(t.map((x) => [F.fold(x), F.key(x), F.foldedKey(F.fold(x))])));"
    )
    proc = subprocess.run(
        [NODE, "-e", script, str(FOLD_JS)],
        input=json.dumps(texts),
        capture_output=True,
        text=True,
        timeout=120,
        check=True,
    )
    return json.loads(proc.stdout)


@pytest.mark.skipif(NODE is None, reason="node is not installed")
def test_python_and_javascript_fold_every_name_alike(tmp_path):
    """Every name and alias of the catalogue (products, factions, cards, bases; English, German and
    any other language the data holds) and the typed spellings fold and key the same in both."""
    db = make_db(tmp_path / "c.db")
    names = sorted(
        {r[0] for r in db_rows(db, "SELECT name FROM name UNION SELECT name FROM alias")}
    )
    assert len(names) > 1500
    texts = names + list(TYPED) + list(TYPED.values()) + CORNERS
    got = _js(texts)
    # the third: the key of a text folded already (the search index's bodies), as Python's folded_key
    wrong = [
        (t, (fold(t), name_key(t), folded_key(fold(t))), tuple(g))
        for t, g in zip(texts, got, strict=True)
        if (fold(t), name_key(t), folded_key(fold(t))) != tuple(g)
    ]
    assert not wrong, wrong[:10]
