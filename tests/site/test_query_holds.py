"""The word test of the site's query evaluator (``SmashQuery.holds`` in ``assets/query.js``) against the
rule it stands for: a folded body holds words when ``(" " + body + " ")`` contains ``" " + words`` (and a
space after them for an exact phrase), as ``smashup search`` tests its documents. ``holds`` answers it
without making the padded string (issue 33: the search page's first result); this checks every body of
up to six letters and spaces against every run of up to three words, both ways."""

from __future__ import annotations

import json
import shutil
import subprocess
from pathlib import Path

import pytest

from smashup_db.site.browse import query_js

NODE = shutil.which("node") or shutil.which("nodejs")
TEMPLATES = Path(__file__).resolve().parents[2] / "templates" / "site"

CHECK = r"""
const Q = require(process.argv[1]);
const bodies = [""];
for (let n = 0; n < 6; n++) for (const b of bodies.slice()) if (b.length === n) for (const c of "ab ") bodies.push(b + c);
const words = [];
for (const a of ["a", "b", "ab", "ba", "aa"]) {
  words.push(a);
  for (const b of ["a", "b", "ab"]) { words.push(a + " " + b); words.push(a + " " + b + " a"); }
}
let checked = 0; const wrong = [];
for (const b of bodies) for (const w of words) for (const exact of [false, true]) {
  const want = (" " + b + " ").indexOf(" " + w + (exact ? " " : "")) >= 0;
  if (Q.holds(b, w, exact) !== want) wrong.push([b, w, exact, want]);
  checked++;
}
process.stdout.write(JSON.stringify({checked: checked, wrong: wrong.slice(0, 10)}));
"""


@pytest.mark.skipif(NODE is None, reason="node is not installed")
def test_holds_is_the_padded_test(tmp_path):
    script = tmp_path / "query.js"
    script.write_text(
        query_js((TEMPLATES / "query.js").read_text(encoding="utf-8"), ["en"]), encoding="utf-8"
    )
    shutil.copy(
        TEMPLATES / "assets" / "fold.js", tmp_path / "fold.js"
    )  # query.js requires it beside it
    out = subprocess.run(
        [NODE, "-e", CHECK, str(script)], capture_output=True, text=True, timeout=120, check=True
    )
    result = json.loads(out.stdout)
    assert result["checked"] > 40_000
    assert result["wrong"] == []
