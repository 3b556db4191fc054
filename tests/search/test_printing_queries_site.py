"""``printing:X`` without a collection, on the CLI and in the site's evaluator (issue 34).

With no box recording a printing, a query asking for one printing (the whole query or one of its AND
terms) shows that printing: ``smashup search 'f:tricksters printing:original'`` lists the original
Tricksters (Disenchant, an action, and no Pixie). The site's evaluator (``assets/query.js`` in Node, on
the built index) must return the CLI's ids and show the same printing's names.
"""

from __future__ import annotations

import json
import shutil
import subprocess

import pytest

from helpers import node_ids

NODE = shutil.which("node") or shutil.which("nodejs")

#: Queries without a collection that ask for one printing (the whole query or one of its AND terms) ...
ONE_PRINTING = [
    "printing:original",
    "printing:german",
    "printing:current",
    "f:tricksters printing:original",
    "f:pirates printing:original",
    "t:action f:tricksters printing:original",
    "t:minion f:tricksters printing:original",
    "printing:original pow>=6",
    "printing:original t:base bp>=25",
    "printing:german t:base",
    "druck:original f:robots",
]
#: ... and queries that do not (the pages' own printing applies).
OTHERS = [
    "-printing:current",
    "printing:german OR printing:original",
    "f:tricksters (printing:original OR printing:german)",
    "f:tricksters",
]
QUERIES = ONE_PRINTING + OTHERS


def _cli(run_cli, db: str, query: str, lang: str = "en", *extra: str):
    res = run_cli(
        "search", "--json", "--limit", "0", "--lang", lang, *extra, "--db", db, "--", query
    )
    assert res.exit_code == 0, res.output
    return json.loads(res.output)["results"]


def _keys(results) -> list[str]:
    return [f"{r['kind']}:{r['id']}" for r in results]


def test_cli_shows_the_printing_asked(texted_site, smashup_cli):
    got = {q: _cli(smashup_cli, texted_site.db, q) for q in QUERIES[:7]}
    names = [r["name"] for r in got["f:tricksters printing:original"]]
    assert "Disenchant" in names and "Pixie" not in names
    assert "Saucy Wench" in [r["name"] for r in got["f:pirates printing:original"]]
    assert "card:pixie" in _keys(got["t:action f:tricksters printing:original"])
    assert "card:pixie" not in _keys(got["t:minion f:tricksters printing:original"])
    assert got["printing:original"] and got["printing:german"]


@pytest.mark.skipif(NODE is None, reason="node is not installed")
@pytest.mark.parametrize("lang", ["en", pytest.param("de", marks=pytest.mark.long)])
def test_site_printing_queries_match_the_cli(texted_site, smashup_cli, lang):
    site = texted_site.folder
    # the German pages lead with the German edition where a query asks for no printing: the CLI's
    # --printing german; a query asking for one printing shows that one on both
    extra = ("--printing", "german") if lang == "de" else ()
    expected = [_keys(_cli(smashup_cli, texted_site.db, q, lang)) for q in ONE_PRINTING] + [
        _keys(_cli(smashup_cli, texted_site.db, q, lang, *extra)) for q in OTHERS
    ]
    got = node_ids(site / "assets" / "query.js", site / "assets" / f"search-{lang}.json", QUERIES)
    diffs = [
        (q, len(e), g if g is None else len(g))
        for q, e, g in zip(QUERIES, expected, got, strict=True)
        if e != g
    ]
    assert not diffs, diffs
    assert got[0] and got[3] and "card:pixie" in got[3]


@pytest.mark.skipif(NODE is None, reason="node is not installed")
def test_site_shows_the_printing_asked(texted_site):
    """The names and types the search page shows for ``f:tricksters printing:original`` are the original
    printing's (Disenchant, an action), and the pages' own for ``f:tricksters``."""
    site = texted_site.folder
    script = (
        "const Q=require(process.argv[1]);const fs=require('fs');"
        "const ix=JSON.parse(fs.readFileSync(process.argv[2],'utf8'));"
        "const out=process.argv.slice(3).map(q=>{const v=Q.shownView(ix,q,null);"
        "return Q.run(ix,q,null).map(k=>[v.show[k][0],v.items[k][1]]);});"
        "process.stdout.write(JSON.stringify(out));"
    )
    proc = subprocess.run(
        [
            NODE,
            "-e",
            script,
            str(site / "assets" / "query.js"),
            str(site / "assets" / "search-en.json"),
            "f:tricksters printing:original",
            "f:tricksters",
            "f:pirates printing:original",
        ],
        capture_output=True,
        text=True,
        check=True,
        timeout=120,
    )
    original, current, pirates = json.loads(proc.stdout)
    assert ["Disenchant", "action"] in original and not any(n == "Pixie" for n, _ in original)
    assert any(n == "Pixie" for n, _ in current) and not any(n == "Disenchant" for n, _ in current)
    assert any(n == "Saucy Wench" for n, _ in pirates) and not any(
        n == "Cut Lass" for n, _ in pirates
    )
