"""owned: and printing: on the CLI (the user's collection) and in the site's evaluator (the visitor's code).

The collection is recorded with the CLI, its code printed by ``smashup collection code``; the site's
evaluator (``assets/query.js`` in Node) runs the golden owned queries over the site's index with the
boxes ``assets/local.js`` decodes from that code, and must return exactly the CLI's ids.
"""

from __future__ import annotations

import json
import shutil
import subprocess
from pathlib import Path

import pytest

from helpers import node_ids

GOLDEN = Path(__file__).with_name("golden_owned_queries.txt")
NODE = shutil.which("node") or shutil.which("nodejs")


def owned_queries() -> list[tuple[str, bool]]:
    out = []
    for line in GOLDEN.read_text(encoding="utf-8").splitlines():
        if line.strip() and not line.startswith("#"):
            out.append((line[1:], True) if line.startswith("!") else (line, False))
    return out


@pytest.fixture(scope="module")
def owned_db(texted_site, tmp_path_factory, smashup_cli):
    """A copy of the texted site's database with a collection; returns (db, code)."""
    db = str(tmp_path_factory.mktemp("owned") / "owned.db")
    shutil.copyfile(texted_site.db, db)
    for args in (
        ["Core Set", "--printing", "original"],
        ["Vergessene Helden"],
        ["Pretty Pretty Smash Up"],
        ["Monster Smash", "--printing", "current", "--owner", "Ann"],
    ):
        res = smashup_cli("collection", "add", *args, "--db", db)
        assert res.exit_code == 0, res.output
    res = smashup_cli("collection", "code", "--db", db)
    assert res.exit_code == 0, res.output
    return db, res.stdout.splitlines()[0]  # the code, then what it is


def _cli(run_cli, db: str, query: str):
    res = run_cli("search", "--json", "--limit", "0", "--db", db, "--", query)
    if res.exit_code:
        assert (
            res.exit_code == 1 and res.output.startswith("error:") and "Traceback" not in res.output
        ), res.output
        return None
    return [f"{r['kind']}:{r['id']}" for r in json.loads(res.output)["results"]]


def test_cli_owned_queries(owned_db, smashup_cli):
    db, _code = owned_db
    answers = {q: _cli(smashup_cli, db, q) for q, _ in owned_queries()}
    for q, bad in owned_queries():
        assert (answers[q] is None) == bad, q
    owned, rest = set(answers["owned:yes"]), set(answers["-owned:yes"])
    assert owned and rest and not owned & rest
    assert {"base:the-homeworld", "card:invader"} <= owned  # Core Set
    german, original = set(answers["printing:german"]), set(answers["printing:original"])
    assert german and original and not german & original and german | original <= owned
    assert set(answers["-printing:current"]) == german | original
    assert (
        answers["printing:current t:base"]
        and "base:the-homeworld" not in answers["printing:current t:base"]
    )


@pytest.mark.skipif(NODE is None, reason="node is not installed")
@pytest.mark.parametrize("lang", ["en", pytest.param("de", marks=pytest.mark.long)])
def test_site_owned_queries_match_the_cli(owned_db, texted_site, lang, tmp_path, smashup_cli):
    db, code = owned_db
    site = texted_site.folder
    decoded = subprocess.run(
        [
            NODE,
            "-e",
            "const O=require(process.argv[1]);"
            "process.stdout.write(JSON.stringify(O.decode(process.argv[2])))",
            str(site / "assets" / "local.js"),
            code,
        ],
        capture_output=True,
        text=True,
        check=True,
    )
    from smashup_db.userdata.boxcode import decode

    assert json.loads(decoded.stdout) == decode(code)
    owned = tmp_path / "owned.json"
    owned.write_text(decoded.stdout, encoding="utf-8")
    queries = [q for q, _ in owned_queries()]
    expected = [
        _cli(smashup_cli, db, q) if lang == "en" else _cli_lang(smashup_cli, db, q, lang)
        for q in queries
    ]
    got = node_ids(
        site / "assets" / "query.js", site / "assets" / f"search-{lang}.json", queries, owned
    )
    diffs = [
        (q, e if e is None else len(e), g if g is None else len(g))
        for q, e, g in zip(queries, expected, got, strict=True)
        if e != g
    ]
    assert not diffs, diffs
    nobody = node_ids(
        site / "assets" / "query.js",
        site / "assets" / f"search-{lang}.json",
        ["owned:yes", "printing:current", "printing:german", "-printing:current"],
    )
    doc = json.loads((site / "assets" / f"search-{lang}.json").read_text(encoding="utf-8"))
    total = len(doc["items"])
    german = [doc["items"][k][0] for first, end in doc["german"] for k in range(first, end)]
    # without a code nothing is owned; a query asking for one printing shows that one (every thing has a
    # current printing; the German edition where a German box holds the thing), as smashup search does;
    # otherwise English pages show every current printing, German pages the German edition where they can
    assert nobody[0] == [] and len(nobody[1]) == total > 1000 and nobody[2] == german
    assert 0 < len(german) < total
    assert nobody[3] == ([] if lang == "en" else german)


def _cli_lang(run_cli, db: str, query: str, lang: str):
    # the German site leads with the German edition where nothing owned says otherwise: the CLI's --printing german
    extra = ["--printing", "german"] if lang == "de" else []
    res = run_cli(
        "search", "--json", "--limit", "0", "--lang", lang, *extra, "--db", db, "--", query
    )
    if res.exit_code:
        return None
    return [f"{r['kind']}:{r['id']}" for r in json.loads(res.output)["results"]]
