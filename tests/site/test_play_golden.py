"""The play page's draft against ``smashup draft``: the draft table in Node, the generator port.

The table (play_golden.py, the ``golden_drafts`` fixture) is made from the CLI on every run and replayed in
Node through the page's code path (``assets/play-engine.js`` of the session's built site,
``optionsFromQuery`` over the URL, ``run``): every result must equal the CLI's ``--json`` exactly, every
refusal must be the CLI's sentence, English or German, once the engine's message is worded with the CLI's
option names (the engine itself names inputs in the rules' words). The same table runs in Chromium in
test_play_browser.py.
"""

from __future__ import annotations

import json
import random
import shutil
import subprocess
from collections import Counter
from pathlib import Path

import pytest

NODE = shutil.which("node") or shutil.which("nodejs")
needs_node = pytest.mark.skipif(NODE is None, reason="node is not installed")
RUNNER = Path(__file__).with_name("play_node_runner.js")
ENGINE = Path(__file__).resolve().parents[2] / "templates" / "site" / "assets" / "play-engine.js"


def comparable(got: dict | None, expected: dict) -> dict | None:
    """``got`` without its set-up sheet when the golden row was recorded before ``smashup draft --json`` had one
    (the ``setup`` key of branch setup; re-record to compare it too)."""
    if got is None or "setup" in expected:
        return got
    return {k: v for k, v in got.items() if k != "setup"}


def node_replay(site: Path, rows: list[dict]) -> list[dict]:
    """Each row's query through the built site's engine in Node: ``{"result"}``, ``{"error"}`` (worded as the
    CLI words it, in the row's language) or ``{"crash"}``."""
    from smashup_db.i18n.option_names import OPTIONS
    from smashup_db.site.play import engine_messages

    words = {lang: {"messages": engine_messages(lang), "labels": OPTIONS} for lang in ("en", "de")}
    inp = {"rows": [{"query": r["query"], "lang": r["case"]["lang"]} for r in rows], "words": words}
    proc = subprocess.run(
        [NODE, str(RUNNER), str(site / "assets" / "play-engine.js"), str(site / "assets")],
        input=json.dumps(inp),
        capture_output=True,
        text=True,
        timeout=300,
        check=True,
    )
    return json.loads(proc.stdout)


def test_golden_table_is_large_and_varied(golden_drafts):
    ROWS = golden_drafts
    results = [r for r in ROWS if r["result"]]
    assert len(ROWS) >= 200 and len(results) >= 180
    assert sum(1 for r in ROWS if r["error"]) >= 5  # refusals are replayed too
    assert (
        ROWS[0]["query"] == "players=Anna,Ben,Cleo,Dora&seed=11&auto=1&ban=aliens"
    )  # the acceptance draft
    formats = Counter(r["result"]["format"] for r in results)
    assert (
        set(formats) == {"snake", "random", "offer", "pick-one-random"}
        and min(formats.values()) >= 15
    ), formats
    modes = Counter(r["result"]["base_mode"] for r in results)
    assert set(modes) == {"set", "faction", "all"} and min(modes.values()) >= 15, modes
    players = Counter(len(r["case"]["players"]) for r in results)
    assert set(players) == set(range(2, 9)), players
    cases = [r["case"] for r in results]
    for key in ("ban", "include", "complexity", "products", "owned", "pool", "start", "offer"):
        assert sum(1 for c in cases if c.get(key)) >= 5, key
    assert sum(1 for c in cases if c["lang"] == "de") >= 50
    assert (
        sum(1 for c in cases if int(c["seed"]) >= 2**32) >= 10
    )  # seeds of more than one 32-bit word
    assert (
        sum(1 for c in cases if any(n == 2 for _, n in c.get("owned", []))) >= 3
    )  # two copies of a box
    # random.sample's set branch (many candidates: the plain draw from 106) and its list branch
    # (candidates <= 21 + 4 ** ceil(log4(3k)), e.g. a products filter or an owned collection) both occur
    few = [r for r in results if r["result"].get("pool_control", {}).get("candidates", 999) <= 85]
    assert len(few) >= 10 and sum(1 for r in results if "pool_control" not in r["result"]) >= 40


@needs_node
def test_node_replays_the_golden_table(catalogue_site, golden_drafts):
    ROWS = golden_drafts
    got = node_replay(catalogue_site.folder, ROWS)
    assert len(got) == len(ROWS)
    crashes = [(r["query"], g["crash"]) for r, g in zip(ROWS, got, strict=True) if "crash" in g]
    assert not crashes, crashes[:3]
    wrong = []
    for row, g in zip(ROWS, got, strict=True):
        if row["error"]:
            sentence = row["error"].split(": ", 1)[1]  # without "error: " / "Fehler: "
            if g.get("error") != sentence:
                wrong.append((row["query"], row["error"], g))
        elif comparable(g.get("result"), row["result"]) != row["result"]:
            diff = [k for k in row["result"] if row["result"][k] != (g.get("result") or {}).get(k)]
            diff += sorted(
                set(comparable(g.get("result"), row["result"]) or {}) - set(row["result"])
            )
            wrong.append((row["query"], diff, g.get("error")))
    assert not wrong, wrong[:5]
    assert all("setup" in g["result"] for g in got if "result" in g)


@needs_node
def test_the_port_of_random_random_matches_cpython(tmp_path):
    """getrandbits, _randbelow, randrange, choice, shuffle and both branches of sample, over many seeds."""
    engine = ENGINE
    seeds = [0, 1, 2, 7, 11, 999_999, 2**32 - 1, 2**32, 2**40 + 3, 2**64 + 5, -5, 10**30 + 7]
    seeds += random.Random(5).sample(range(1, 10**9), 40)
    script = tmp_path / "r.js"
    script.write_text(
        "const P = require(process.argv[2]);\n"
        "const seeds = JSON.parse(require('fs').readFileSync(0, 'utf8'));\n"
        "const range = n => [...Array(n).keys()];\n"
        "console.log(JSON.stringify(seeds.map(s => { const r = new P.PyRandom(BigInt(s));\n"
        "  const bits = [1, 5, 17, 31, 32].map(k => r.getrandbits(k));\n"
        "  const below = [1, 2, 3, 100, 106, 1000, 2 ** 31 + 1].map(n => r.randbelow(n));\n"
        "  const rr = r.randrange(7), ch = r.choice(['a', 'b', 'c', 'd', 'e']);\n"
        "  const sh = range(30); r.shuffle(sh);\n"
        "  const small = r.sample(range(22), 9), big = r.sample(range(106), 16), tiny = r.sample(range(6), 4);\n"
        "  return [bits, below, rr, ch, sh, small, big, tiny]; })));\n",
        encoding="utf-8",
    )
    proc = subprocess.run(
        [NODE, str(script), str(engine)],
        input=json.dumps([str(s) for s in seeds]),
        capture_output=True,
        text=True,
        timeout=60,
        check=True,
    )
    want = []
    for s in seeds:
        r = random.Random(s)
        bits = [r.getrandbits(k) for k in (1, 5, 17, 31, 32)]
        below = [r._randbelow(n) for n in (1, 2, 3, 100, 106, 1000, 2**31 + 1)]
        rr, ch = r.randrange(7), r.choice(["a", "b", "c", "d", "e"])
        sh = list(range(30))
        r.shuffle(sh)
        want.append(
            [
                bits,
                below,
                rr,
                ch,
                sh,
                r.sample(range(22), 9),
                r.sample(range(106), 16),
                r.sample(range(6), 4),
            ]
        )
    assert json.loads(proc.stdout) == want


def test_play_page_is_light(catalogue_site):
    """First load of /de/play/ (page, scripts, styles, catalogue JSON) stays under 150 KB."""
    site = catalogue_site.folder
    files = [site / "de" / "play" / "index.html"] + [
        site / "assets" / n
        for n in (
            "site.css",
            "play.css",
            "play-engine.js",
            "play.js",
            "play-de.json",
            "favicon.svg",
        )
    ]
    total = sum(f.stat().st_size for f in files)
    assert total <= 150_000, total
    data = json.loads((site / "assets" / "play-de.json").read_text(encoding="utf-8"))
    assert len(data["f"]) >= 100 and len(data["b"]) >= 200
    assert dict((f[0], f[1]) for f in data["f"])["dinosaurs"] == "Dinosaurier"


@pytest.mark.long
@needs_node
def test_a_codes_printings_give_the_catalogues_base_facts(catalogue_site, tmp_path):
    """Every base, every product holding it, each printing a collection code can name: the page's
    ``Catalogue.facts`` (play-engine.js with ``assets/play-printings.json``) equals ``Catalogue.base_row``
    with that box recorded in that printing (what ``smashup draft --owned`` shows)."""
    from smashup_db.catalogue.view import Catalogue
    from smashup_db.compiler.bootstrap import open_reader

    site = catalogue_site.folder
    data = json.loads((site / "assets" / "play-de.json").read_text(encoding="utf-8"))
    cases = [
        [b, pid, pr]
        for b, row in data["b"].items()
        for pid in data["h"].get(b, [row[7]])
        for pr in ("original", "current", "german")
    ]
    script = tmp_path / "f.js"
    script.write_text(
        "const P = require(process.argv[2]), fs = require('fs');\n"
        "const raw = JSON.parse(fs.readFileSync(process.argv[3] + '/play-de.json', 'utf8'));\n"
        "raw.g = JSON.parse(fs.readFileSync(process.argv[3] + '/play-printings.json', 'utf8'));\n"
        "const cat = new P.Catalogue(raw), cases = JSON.parse(fs.readFileSync(0, 'utf8'));\n"
        "console.log(JSON.stringify(cases.map(([b, pid, pr]) => { const f = cat.facts(b, {[pid]: pr});\n"
        "  return [f.printing, f.breakpoint, f.vp]; })));\n",
        encoding="utf-8",
    )
    proc = subprocess.run(
        [NODE, str(script), str(site / "assets" / "play-engine.js"), str(site / "assets")],
        input=json.dumps(cases),
        capture_output=True,
        text=True,
        timeout=120,
        check=True,
    )
    reader = open_reader(catalogue_site.db)
    try:
        want = []
        for b, pid, pr in cases:
            row = Catalogue(reader, "de", owned=lambda o={pid: pr}: o).base_row(b)
            want.append([row["printing"], row["breakpoint"], row["vp"]])
    finally:
        reader.close()
    got = json.loads(proc.stdout)
    assert (
        len(cases) > 600 and sum(w[0] == "german" for w in want) > 50
    )  # German boxes hold many bases
    wrong = [(c, g, w) for c, g, w in zip(cases, got, want, strict=True) if g != w]
    assert not wrong, wrong[:3]


def test_the_engines_name_no_option():
    """The JavaScript ports name the inputs in the rules' words, as the rules do; the page and the CLI word them."""
    import re

    for name in ("play-engine.js", "pyformat.js"):
        src = (ENGINE.parent / name).read_text(encoding="utf-8")
        code = re.sub(r"/\*.*?\*/|//[^\n]*", "", src, flags=re.S)  # comments may cite the CLI
        assert not re.findall(r"[\"'][^\"'\n]*--[a-z]", code), name
    # the scoring script holds the page too (it shows the command line of the game log): its rules' errors
    score = (ENGINE.parent / "play-score.js").read_text(encoding="utf-8")
    errors = re.findall(r'fail\("([^"]*)"', score)
    assert len(errors) >= 10 and not [e for e in errors if "--" in e]


def test_every_message_of_the_engine_is_translated():
    """The templates the engine raises or shows are the page's messages (play.py), each in the German catalog."""
    import re

    from smashup_db.i18n import gettext
    from smashup_db.site.play import ENGINE_MESSAGES

    src = ENGINE.read_text(encoding="utf-8")
    used = set(re.findall(r'(?:DraftError|msg)\(\s*(?:[^"()]*\?\s*)?"((?:[^"\\]|\\.)*)"', src))
    used |= set(
        re.findall(r':\s*"([^"]*\{[a-z_]+(?:!r)?\}[^"]*)"\s*,\s*\{', src)
    )  # the second of a ? : pair
    assert len(used) >= 30
    assert used <= set(ENGINE_MESSAGES), sorted(used - set(ENGINE_MESSAGES))
    untranslated = [m for m in ENGINE_MESSAGES if gettext(m, "de") == m]
    assert not untranslated, untranslated


#: Each row of docs/play.md's table "Same input, same answer" (by the start of its first cell) -> how it is
#: compared: ``("golden", predicate)``, cases of play_golden.agreement_cases the page replays against the
#: CLI (Node here, Chromium in test_play_browser.py), or ``("test", file, function)`` for the rows that are
#: not a draft of the page (a collection code, the CLI without a terminal, the CLI's own --limit).
ROW_CHECKS = {
    "Any whole number": (
        "golden",
        lambda c: (
            str(c.get("seed")) in ("+7", "1_000", "7.0", "\u0667", " 7")
            or str(c.get("pool", "")).startswith("+")
        ),
    ),
    "Seeds of 4,300 digits": ("golden", lambda c: len(str(c.get("seed"))) > 4300),
    "`pool`, `offer` too large": (
        "golden",
        lambda c: len(str(c.get("pool", c.get("offer", "")))) > 15,
    ),
    "`start` in another case": ("golden", lambda c: c.get("start") in ("STRASSE", "straße")),
    "`owned=id:N`": ("golden", lambda c: any(n in (0, 100) for _, n in c.get("owned", []))),
    "`base_mode=SET`": (
        "golden",
        lambda c: (
            c.get("base_mode") in ("SET", "Fraktion", "alle")
            or c.get("format") == "Schlange"
            or "niedrig" in c.get("complexity", [])
        ),
    ),
    "`format=bogus`": (
        "golden",
        lambda c: (
            "bogus" in (c.get("format"), c.get("base_mode")) or "sehr" in c.get("complexity", [])
        ),
    ),
    "The empty collection's code": (
        "test",
        "test_play_agreement_browser.py",
        "test_the_empty_collection_code_ticks_no_box_and_is_no_error",
    ),
    "`--format random` without a terminal": (
        "test",
        "../cli/test_small_refusals.py",
        "test_a_random_draft_needs_no_terminal",
    ),
    "`--limit -5`": (
        "test",
        "../cli/test_small_refusals.py",
        "test_a_negative_limit_is_refused_by_search_as_by_games_list",
    ),
}


def _table_rows() -> list[str]:
    doc = (Path(__file__).resolve().parents[2] / "docs" / "play.md").read_text(encoding="utf-8")
    part = doc.split("## Same input, same answer", 1)[1].split("\n## ", 1)[0]
    rows = [ln for ln in part.splitlines() if ln.startswith("| ") and not ln.startswith("| Input")]
    return [r.split(" | ", 1)[0].removeprefix("| ") for r in rows]


def test_every_row_of_the_agreement_table_is_compared():
    """docs/play.md promises a comparison for each row: a golden case the page replays, or a named test."""
    from play_golden import agreement_cases

    rows = _table_rows()
    assert len(rows) >= 9
    cases = agreement_cases(["p1", "p2"])
    for row in rows:
        key = next((k for k in ROW_CHECKS if row.startswith(k)), None)
        assert key is not None, f"no comparison for the row {row!r}: add a golden case or a test"
        check = ROW_CHECKS[key]
        if check[0] == "golden":
            assert any(check[1](c) for c in cases), row
        else:
            source = (Path(__file__).parent / check[1]).read_text(encoding="utf-8")
            assert f"def {check[2]}" in source, (row, check)
