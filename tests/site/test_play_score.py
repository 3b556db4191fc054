"""The play page's scoring part (assets/play-score.js) against the Python rules, in Node and in Chromium.

The golden table is made here from the Python rules themselves (scoring.score_base,
basescoring.score_named_base on every base of the catalogue with its own scoring rule and a sample
of the others, endgame.end_game, players.check_player_name, endgame.madness_penalty), so it never
goes stale: the script must give the same result, or the same error template with the same English
and German sentence. A copy is written to build/play-score-golden.json for review.

Also: the page's base facts are the CLI's (``smashup score``), the game-log link round-trips through
``smashup game record --from-url``, hostile links are refused in one line, and the QR library's
matrix equals segno's for the same text and error level.
"""

from __future__ import annotations

import json
import random
import shutil
import subprocess

import pytest

from helpers import REPO, make_db, one_line_error
from smashup_db.i18n import gettext, render
from smashup_db.i18n.terms import term
from smashup_db.rules import basescoring, endgame, players, scoring
from smashup_db.site import play_score

JS = REPO / "templates" / "site" / "assets" / "play-score.js"
RUNNER = REPO / "tests" / "site" / "play_score_golden.js"
NODE = shutil.which("node") or shutil.which("nodejs")
needs_node = pytest.mark.skipif(NODE is None, reason="node is not installed")

#: Names that make the port's formatting and ordering work: quotes (repr), digits (object key order),
#: markup, accents, emoji, the longest allowed.
NAMES = [
    "Anna",
    "Ben",
    "Cleo",
    "Dora",
    "O'Brien",
    'Zoë "Z"',
    "1",
    "10",
    "<b>x</b>",
    "Émile",
    "🐙 Kraken",
    "x" * 40,
    "Ünal & Öz",
    'it\'s "both"',
]


@pytest.fixture(scope="module")
def site_data(tmp_path_factory):
    from smashup_db.compiler.bootstrap import open_reader
    from smashup_db.site.sitedata import load

    db = make_db(tmp_path_factory.mktemp("play-score") / "cat.db")
    reader = open_reader(db)
    try:
        data = load(reader)
    finally:
        reader.close()
    return db, data


def names_for(data, lang):
    return lambda kind, ref: {"name": data.catalogue.name(kind, ref, lang)[0]}


def expect(fn):
    try:
        out = fn()
    except (scoring.ScoringError, endgame.EndError, players.PlayerInputError) as exc:
        return {"error": {"template": exc.template, "en": str(exc), "de": render(exc, "de")}}
    return {"ok": out}


def _powers(rng, names):
    return [[n, rng.choice([0, 0, 1, 3, 5, 5, 8, 10, 10, 12, 20])] for n in names]


def make_cases(data) -> list[dict]:
    """The golden table (seeded: the same cases every run)."""
    rng = random.Random(23)
    cases = []
    # ---- score_base: ties, 0-power minions, 4th place, bad input
    for _ in range(250):
        names = rng.sample(NAMES, rng.randint(1, 6))
        powers = _powers(rng, names)
        vp = rng.choice([[4, 2, 1], [5, 3, 2], [3, 2, 2], [0, 0, 0], [6, 3, 1]])
        has = [n for n, p in powers if p == 0 and rng.random() < 0.5]
        r = rng.random()
        if r < 0.05:
            powers[0][1] = -rng.randint(1, 3)
        elif r < 0.08:
            vp = rng.choice([[4, 2], [4, -1, 0], [1, 2, 3, 4]])
        elif r < 0.11:
            has = has + ["Nobody"]
        elif r < 0.13:
            powers[-1][1] = 2.5
        cases.append(
            {
                "kind": "score",
                "powers": powers,
                "vp": vp,
                "has_minion": has,
                "expected": expect(
                    lambda: [
                        p.__dict__
                        for p in scoring.score_base(
                            dict(powers), tuple(vp) if len(vp) != 3 else vp, set(has)
                        )
                    ]
                ),
            }
        )
    # ---- score_named_base: every base with its own rule, a sample of the others, both languages
    for lang in ("en", "de"):
        rows = play_score.score_data(data, lang, names_for(data, lang))["bases"]
        own = [b for b in rows if b["scoring"]]
        assert {b["scoring"] for b in own} >= {"replaced", "per-minion", "extra-vp"}, (
            "the catalogue's own-rule bases"
        )
        unknown = [b for b in rows if not b["stats_known"]]
        sample = (
            own
            + unknown[:5]
            + rng.sample([b for b in rows if b["stats_known"] and not b["scoring"]], 40)
        )
        for base in sample:
            for _ in range(3):
                names = rng.sample(NAMES, rng.randint(2, 5))
                powers = _powers(rng, names)
                has = [n for n, p in powers if p == 0 and rng.random() < 0.5]
                vp = rng.choice([None, None, [4, 2, 1], [3, 3, 0]])
                minions = []
                if base["scoring"] == "per-minion" and rng.random() < 0.7:
                    minions = [[n, rng.randint(0, 4)] for n in names if rng.random() < 0.8]
                    if rng.random() < 0.2:
                        minions.append(["Nobody", 1])
                cases.append(
                    {
                        "kind": "named",
                        "base": base,
                        "powers": powers,
                        "has_minion": has,
                        "vp": vp,
                        "minions": minions,
                        "lang": lang,
                        "notices": {f: t[lang] for f, t in basescoring.NOTICES.items()},
                        "applied": basescoring.APPLIED[lang],
                        "expected": expect(
                            lambda: basescoring.score_named_base(
                                base,
                                dict(powers),
                                set(has),
                                tuple(vp) if vp else None,
                                dict(minions),
                                lang,
                            )
                        ),
                    }
                )
    # ---- end_game: 15 VP, Madness, ties broken by fewer Madness cards, play on, not over
    for _ in range(250):
        names = rng.sample(NAMES, rng.randint(1, 5))
        vp = [[n, rng.choice([8, 12, 14, 15, 15, 16, 17, 20])] for n in names]
        madness = [[n, rng.randint(0, 6)] for n in names if rng.random() < 0.6]
        r = rng.random()
        if r < 0.04:
            vp[0][1] = -1
        elif r < 0.07:
            madness.append(["Nobody", 2])
        elif r < 0.09 and madness:
            madness[0][1] = -2
        cases.append(
            {
                "kind": "end",
                "vp": vp,
                "madness": madness,
                "expected": expect(lambda: endgame.end_game(dict(vp), dict(madness)).as_dict()),
            }
        )
    # ---- names and the Madness penalty
    for name in NAMES + [
        "",
        "   ",
        " Anna ",
        "a\x00b",
        "a\u200bb",
        "y" * 41,
        "\u3000Anna\u3000",
        "\ufeffAnna",
        "Ab\tc",
    ]:
        cases.append(
            {
                "kind": "name",
                "name": name,
                "expected": expect(lambda: players.check_player_name(name)),
            }
        )
    for n in range(-2, 12):
        cases.append(
            {"kind": "penalty", "n": n, "expected": expect(lambda: endgame.madness_penalty(n))}
        )
    return cases


@pytest.fixture(scope="module")
def golden(site_data, tmp_path_factory):
    cases = make_cases(site_data[1])
    table = {"cases": cases, "messages_de": {m: gettext(m, "de") for m in play_score.MESSAGES}}
    errors = {c["expected"]["error"]["template"] for c in cases if "error" in c["expected"]}
    assert errors <= set(play_score.MESSAGES), (
        "every error the rules raise has its translation on the page"
    )
    assert len(errors) >= 12 and sum("ok" in c["expected"] for c in cases) >= 500
    path = tmp_path_factory.mktemp("golden") / "play-score-golden.json"
    path.write_text(json.dumps(table, ensure_ascii=False), encoding="utf-8")
    (REPO / "build").mkdir(exist_ok=True)
    shutil.copyfile(path, REPO / "build" / "play-score-golden.json")
    return path, table


def test_golden_table_covers_the_rules(golden):
    cases = golden[1]["cases"]
    results = [c["expected"].get("ok") for c in cases]
    ties = [
        r
        for c, r in zip(cases, results, strict=True)
        if c["kind"] == "score"
        and r
        and len({x["place"] for x in r if x["place"]}) < len([x for x in r if x["place"]])
    ]
    ends = {r["status"] for c, r in zip(cases, results, strict=True) if c["kind"] == "end" and r}
    decided = [
        r
        for c, r in zip(cases, results, strict=True)
        if c["kind"] == "end"
        and r
        and r["status"] == "win"
        and r["standings"][0]["final"] == r["standings"][1]["final"]
    ]
    applied = [
        r
        for c, r in zip(cases, results, strict=True)
        if c["kind"] == "named" and r and r["rule_applied"]
    ]
    assert len(ties) > 30 and ends == {"win", "play-on", "not-over"} and decided and applied


@needs_node
def test_golden_in_node(golden):
    res = subprocess.run(
        [NODE, str(RUNNER), str(JS), str(golden[0])], capture_output=True, text=True, timeout=120
    )
    assert res.returncode == 0, res.stderr
    out = json.loads(res.stdout)
    assert out["failed"] == 0, json.dumps(out["failures"][:3], ensure_ascii=False, indent=1)
    assert out["checked"] == len(golden[1]["cases"]) > 800


def test_page_bases_are_the_cli_facts(site_data):
    """The page scores with the facts ``smashup score BASE --printing current|german`` uses."""
    from smashup_db.catalogue.view import Catalogue
    from smashup_db.compiler.bootstrap import open_reader

    db, data = site_data
    reader = open_reader(db)
    try:
        for lang in ("en", "de"):
            cat = Catalogue(reader, lang, owned=lambda: {})
            page = play_score.score_data(data, lang, names_for(data, lang))
            assert len(page["bases"]) == len(data.bases) > 100
            for row in page["bases"]:
                b = cat.base(row["id"], play_score.printing_for(lang))
                assert (row["breakpoint"], row["vp"], row["scoring"], row["stats_known"]) == (
                    b["breakpoint"],
                    b["vp"],
                    b["scoring"],
                    b["stats_known"],
                ), row["id"]
            assert page["notices"]["replaced"] == basescoring.NOTICES["replaced"][lang]
            assert all(page["messages"][m] for m in play_score.MESSAGES)
    finally:
        reader.close()


# --------------------------------------------------------------------------- the game-log link
def node_eval(script: str) -> str:
    res = subprocess.run(
        [NODE, "-e", f"const S = require({json.dumps(str(JS))});\n{script}"],
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert res.returncode == 0, res.stderr
    return res.stdout.strip()


@needs_node
def test_record_link_round_trip(run):
    """The link the page writes becomes the same game in the log: hostile names, Madness, factions, bases."""
    game = {
        "vp": [["Anna", 16], ["Zoë O'Brien", 15], ["<b>Ben</b> & 🐙", 9]],
        "madness": [["Anna", 4], ["Zoë O'Brien", 1], ["<b>Ben</b> & 🐙", 0]],
        "factions": [
            ["Anna", ["aliens", "ninjas"]],
            ["Zoë O'Brien", ["pirates", "robots"]],
            ["<b>Ben</b> & 🐙", ["zombies", "wizards"]],
        ],
        "bases": ["the-homeworld", "tar-pits"],
        "date": "2026-12-01",
    }
    url = node_eval(
        f"console.log(S.recordUrl('https://example.org/de/play/?players=a&seed=7#r', {json.dumps(game)}))"
    )
    assert url.startswith("https://example.org/de/play/?record=1&") and "seed" not in url
    res = run("game", "record", "--from-url", url, "--json")
    assert res.exit_code == 0, res.output
    g = json.loads(res.output)
    assert g["winner"] == "Zoë O'Brien"  # 16 - 2 = 14 < 15: Madness decided it
    assert (
        g["played_on"] == "2026-12-01" and g["bases"] == game["bases"] and g["status"] == "finished"
    )
    assert [(p["player"], p["factions"], p["vp"], p["madness"]) for p in g["players"]] == [
        (n, f, v, m)
        for (n, v), (_, m), (_, f) in zip(
            game["vp"], game["madness"], game["factions"], strict=True
        )
    ]
    # the same result as smashup game end
    js_end = json.loads(
        node_eval(
            f"console.log(JSON.stringify(S.endGame({json.dumps(game['vp'])}, "
            f"{json.dumps(game['madness'])})))"
        )
    )
    assert js_end["winner"] == g["winner"]
    # a name the CLI syntax cannot hold: no link rather than a wrong one
    assert (
        node_eval("console.log(S.recordUrl('https://x/', {vp: [['A,B', 16], ['C', 1]]}))") == "null"
    )


#: Hostile or broken links: (link, a word of the one-line error). The first ones fail in the link's
#: own checks (result_url), the last ones in the rules' and catalogue's checks of its values.
BAD_LINKS = [
    ("", "--from-url"),
    ("https://x.org/de/play/?players=Anna,Ben&seed=7", "record=1"),
    ("javascript:alert(1)//?record=1&vp=A=16,B=1", "http"),
    ("https://x.org/?record=1&vp=A=16,B=1&vp=A=1", "twice"),
    ("https://x.org/?record=1&vp=A%3D16%2CB%3D1 x", "spaces"),
    ("https://x.org/?record=1&vp=A%3D16%2CB%3D1\x1b[31m", "control"),
    ("https://x.org/?record=1&vp=A%3D16%2CB%3D1&date=2026-02-30", "date"),
    ("https://x.org/?" + "a=1&" * 60 + "record=1&vp=A%3D16", "parameters"),
    ("https://x.org/?record=1&vp=" + "A" * 5000, "at most"),
    ("https://x.org/?record=1&vp=%E0%A4%A", "encoding"),
]
CLI_BAD_LINKS = [
    ("https://x.org/?record=1&vp=A%00B%3D16%2CC%3D1", "control characters"),
    ("https://x.org/?record=1&vp=A%3D16%2CB%3D-1", "below 0"),
    (
        "https://x.org/?record=1&vp=A%3D16%2CB%3D1&factions=A%3Dnosuch%2Bninjas%2CB%3Daliens%2Bzombies",
        "nosuch",
    ),
    (
        "https://x.org/?record=1&vp=A%3D12%2CB%3D1&factions=A%3Daliens%2Bninjas%2CB%3Drobots%2Bzombies",
        "15",
    ),
]


@pytest.mark.parametrize("url,needle", BAD_LINKS)
def test_record_link_checks(url, needle):
    from smashup_db.gamenight.result_url import ResultUrlError, parse_record_url

    with pytest.raises(ResultUrlError) as exc:
        parse_record_url(url)
    assert needle.lower() in str(exc.value).lower() and "\n" not in str(exc.value)
    assert render(exc.value, "de") != str(exc.value)  # in German too


def test_from_url_refuses_bad_links_in_one_line(run):
    """Through the command: one line, exit 1, nothing stored (the log stays empty)."""
    for url, needle in BAD_LINKS[2:4] + CLI_BAD_LINKS:
        res = run("game", "record", "--from-url", url)
        one_line_error(res)
        assert needle.lower() in res.output.lower(), res.output
    res = run(
        "game", "record", "A=16", "B=1", "--from-url", "https://x/?record=1&vp=A%3D16%2CB%3D1"
    )
    one_line_error(res)
    res = run("games", "list", "--json")
    assert res.exit_code == 0 and json.loads(res.output) == [], res.output


# --------------------------------------------------------------------------- the QR code
class _Gray:
    """A grey image of a module matrix (4 px a module, 4 modules of quiet zone) for zxing-cpp."""

    def __init__(self, matrix, scale=4, quiet=4):
        n = len(matrix)
        size = (n + 2 * quiet) * scale
        px = bytearray()
        for y in range(size):
            r = y // scale - quiet
            for x in range(size):
                c = x // scale - quiet
                px.append(0 if 0 <= r < n and 0 <= c < n and matrix[r][c] else 255)
        self.__array_interface__ = {
            "shape": (size, size),
            "typestr": "|u1",
            "data": bytes(px),
            "version": 3,
        }


@needs_node
def test_qr_library_reads_back_and_matches_segno():
    """qrcode-generator (npm, copied into the site at build) as the page calls it: a decoder (zxing-cpp)
    reads the share link back from its matrix at error level M, and the symbol has segno's size (the
    smallest version for that text and level), so it is no bigger than the CLI's ``--qr`` would print."""
    segno = pytest.importorskip("segno")
    zxing = pytest.importorskip("zxingcpp")
    lib = play_score.qr_library()
    if lib is None:
        pytest.skip("the QR library is not installed (npm ci --prefix tools/js)")
    texts = [
        "https://example.org/de/play/?players=Anna,Ben,Cleo&seed=7&auto=1",
        "https://example.org/en/play/?players=Zo%C3%AB,%F0%9F%90%99&seed=123456789&format=offer&offer=3"
        "&ban=aliens,ninjas&base_mode=set&products=core-set,awesome-level-9000",
        "Zoë & 🐙 " * 12,
        "x",
    ]
    script = (
        f"const q = require({json.dumps(str(lib))}); const S = require({json.dumps(str(JS))});"
        f"console.log(JSON.stringify({json.dumps(texts)}.map(t => S.qrMatrix(q, t))));"
    )
    res = subprocess.run([NODE, "-e", script], capture_output=True, text=True, timeout=60)
    assert res.returncode == 0, res.stderr
    for text, matrix in zip(texts, json.loads(res.stdout), strict=True):
        found = zxing.read_barcodes(_Gray(matrix))
        assert [(r.text, r.ec_level) for r in found] == [(text, "M")], text
        qr = segno.make(
            text, error="m", mode="byte", micro=False, boost_error=False, encoding="utf-8"
        )
        assert len(matrix) == len(qr.matrix), text
        assert [(r.text, r.ec_level) for r in zxing.read_barcodes(_Gray(qr.matrix))] == [
            (text, "M")
        ]


# --------------------------------------------------------------------------- in Chromium: the table, the page
from helpers import needs_chromium  # noqa: E402

PHONE = {"width": 390, "height": 844}
DRAFT = {
    "players": {
        "Anna": ["aliens", "ninjas"],
        "Ben": ["pirates", "robots"],
        "Cleo": ["zombies", "wizards"],
    },
    "base_deck": ["the-homeworld", "tar-pits", "rhodes-plaza-mall"],
    "bases_in_play": ["the-homeworld"],
}

#: The test page: the fragment as the play page includes it, with a draft result as play-draft's page shows it.
HARNESS = """<!doctype html><html lang="{{ lang }}"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1"><title>{{ _("Scoring") }}</title>
<link rel="stylesheet" href="{{ base }}assets/site.css"></head><body><main id="main">
<h1>{{ _("Scoring") }}</h1>
{% if draft %}<script type="application/json" id="result">{{ draft|tojson }}</script>{% endif %}
{% include "play/score.html" ignore missing %}
</main></body></html>"""


@pytest.mark.long
@needs_chromium
def test_golden_in_chromium(browser, golden):
    page = browser.new_page()
    try:
        page.set_content("<!doctype html><title>golden</title>")
        page.add_script_tag(path=str(JS.with_name("pyformat.js")))
        page.add_script_tag(path=str(JS))
        page.add_script_tag(path=str(RUNNER))
        out = page.evaluate("t => runScoreCases(window.SmashScore, t)", golden[1])
    finally:
        page.close()
    assert out["failed"] == 0, json.dumps(out["failures"][:3], ensure_ascii=False, indent=1)
    assert out["checked"] == len(golden[1]["cases"])


@pytest.fixture(scope="module")
def test_site(site_data, tmp_path_factory, preview):
    """A folder with /de/play/ and /en/play/ (the fragment on a test page) and the site's assets, served."""
    from smashup_db.site.build import _environment, language_environment, speak
    from smashup_db.site.paths import templates_dir

    root = tmp_path_factory.mktemp("play-site")
    assets = root / "assets"
    shutil.copytree(templates_dir() / "assets", assets)
    shutil.copyfile(templates_dir() / "site.css", assets / "site.css")
    play_score.write_assets(
        assets, site_data[1], ["de", "en"], lambda lang: names_for(site_data[1], lang)
    )
    (root / "index.html").write_text("<!doctype html><title>play</title>", encoding="utf-8")
    env = _environment()
    data = site_data[1]
    for lang in ("de", "en"):
        lenv = language_environment(env, lang)
        speak(lenv, lang)
        for name, draft in (("play", DRAFT), ("typed", None)):
            html = lenv.from_string(HARNESS).render(lang=lang, base="/", draft=draft)
            (root / lang / name).mkdir(parents=True)
            (root / lang / name / "index.html").write_text(html, encoding="utf-8")
    return preview(root), data


def _rows(page, selector):
    return page.eval_on_selector_all(
        selector + " tbody tr", "rs => rs.map(r => Array.from(r.children).map(c => c.textContent))"
    )


@pytest.mark.long
@needs_chromium
def test_phone_german_three_players_tied_base_and_madness_end(browser, test_site, site_data):
    """At 390×844 in German: the draft's three players score a tied base, then the game ends with Madness."""
    url, data = test_site
    ctx = browser.new_context(viewport=PHONE, device_scale_factor=1, locale="de-DE", has_touch=True)
    page = ctx.new_page()
    page.set_default_timeout(20_000)
    errors = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    try:
        page.goto(f"{url}/de/play/")
        assert page.locator(
            "#score-body"
        ).is_hidden()  # script and data load when the part is opened
        page.tap("button[name=open-score]")
        page.wait_for_selector(".score-row legend")
        assert page.locator(".score-row legend").all_text_contents() == ["Anna", "Ben", "Cleo"]
        assert page.input_value("#score-base") == "the-homeworld"  # the draft's base in play first
        base = next(
            b
            for b in play_score.score_data(data, "de", names_for(data, "de"))["bases"]
            if b["id"] == "the-homeworld"
        )
        for i, power in enumerate((12, 12, 5)):
            page.fill(f"#score-power-{i}", str(power))
        page.tap("button[name=score]")
        want = basescoring.score_named_base(base, {"Anna": 12, "Ben": 12, "Cleo": 5}, lang="de")
        got = _rows(page, ".score-result")
        assert got == [
            [r["player"], str(r["power"]), str(r["place"]), str(r["vp"])] for r in want["results"]
        ]
        assert (
            got[0][2] == got[1][2] == "1" and got[2][2] == "3"
        )  # tied for 1st, the next drops to 3rd
        assert page.locator(".score-result th").all_text_contents()[:4] == [
            term(k, "de") for k in ("player", "power", "place", "vp")
        ]
        assert page.locator(".score-result th").all_text_contents()[0] == "Spieler"
        page.tap(".score-add")
        assert [page.input_value(f"#score-vp-{i}") for i in range(3)] == [
            str(r["vp"]) for r in want["results"]
        ]
        # the end: Anna 16 with 2 Madness cards (-1) ties Ben's 15; fewer Madness cards win
        for i, (vp, mad) in enumerate(((16, 2), (15, 0), (9, 5))):
            page.fill(f"#score-vp-{i}", str(vp))
            page.fill(f"#score-madness-{i}", str(mad))
        page.tap("button[name=end]")
        out = endgame.end_game({"Anna": 16, "Ben": 15, "Cleo": 9}, {"Anna": 2, "Cleo": 5}).as_dict()
        assert out["winner"] == "Ben"
        assert _rows(page, ".end-result") == [
            [
                s["player"],
                str(s["vp"]),
                str(s["madness"]),
                f"-{s['penalty']}" if s["penalty"] else "0",
                str(s["final"]),
            ]
            for s in out["standings"]
        ]
        assert page.text_content(".end-line") == gettext("{winner} wins.", "de").format(
            winner="Ben"
        )
        assert page.locator(".end-result .note").count() == 1  # the Madness tie-break is named
        link = page.get_attribute(".record-url", "href")
        assert "record=1" in link and "factions=" in link and "the-homeworld" in link
        # the QR code of the share link
        page.tap("button[name=qr]")
        if play_score.qr_library() is not None:
            page.wait_for_selector(".qr-box svg.qr")
            assert page.get_attribute(".qr-box svg", "aria-label") == gettext(
                "QR code of the share link", "de"
            )
        SCREENS = REPO / "build" / "screens"
        SCREENS.mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(SCREENS / "play-score-de-phone.png"), full_page=True)
        # the first load is only the fragment and its style sheet: the script and data came on opening
        assert page.evaluate(
            "performance.getEntriesByType('resource').map(e => e.name.split('/').pop())"
            ".filter(n => n.startsWith('play-score'))"
        ) == ["play-score.css", "play-score-de.js", "play-score.js"]
        # nothing scrolls sideways; every control is a 44 px touch target
        assert page.evaluate("document.documentElement.scrollWidth") <= 390
        small = page.evaluate("""() => Array.from(document.querySelectorAll(
              'main a, main button, main select, main input:not([type=checkbox]), main label.score-zero'))
            .filter(e => e.offsetParent !== null)
            .map(e => [e.outerHTML.slice(0, 60), e.getBoundingClientRect()])
            .filter(([h, r]) => r.height < 44 || r.width < 44).map(([h, r]) => h + ' ' + r.width + 'x' + r.height)""")
        assert not small, small
        axe_mod = pytest.importorskip("axe_playwright_python.sync_playwright", exc_type=ImportError)
        result = axe_mod.Axe().run(page)
        bad = [
            f"{v['id']} ({v['impact']}): {v['nodes'][0]['target']}"
            for v in result.response["violations"]
            if v["impact"] in ("serious", "critical")
        ]
        assert not bad, bad
        assert not errors, errors
        # the record link opened on the page shows the same end again
        page.goto(link)
        page.wait_for_selector(".score-row")
        assert [page.input_value(f"#score-vp-{i}") for i in range(3)] == ["16", "15", "9"]
        assert page.input_value("#score-madness-0") == "2"
    finally:
        ctx.close()


@needs_chromium
def test_typed_hostile_names_stay_text(browser, test_site):
    """Without a result the part and its buttons are hidden; a draft that finishes later hands its result over
    (the "smashup:result" event); the players can be typed anew; markup in a name is shown as text, errors in
    one German line."""
    url, _ = test_site
    page = browser.new_page()
    try:
        page.goto(f"{url}/de/typed/")
        assert page.locator("#score").is_hidden()
        assert page.locator("button[name=qr]").is_hidden()
        page.evaluate("""document.dispatchEvent(new CustomEvent('smashup:result', {detail: {players:
            {'Dora': ['aliens', 'ninjas'], 'Emil': ['robots', 'zombies']}, bases_in_play: ['tar-pits']}}))""")
        page.click("button[name=open-score]")
        page.wait_for_selector("#score-base option", state="attached")
        assert page.locator(".score-row legend").all_text_contents() == ["Dora", "Emil"]
        assert page.input_value("#score-base") == "tar-pits"
        page.fill("#score-players", "<img src=x onerror=alert(1)>, Ben")
        page.click("form.score-players button")
        assert page.locator(".score-row legend").all_text_contents() == [
            "<img src=x onerror=alert(1)>",
            "Ben",
        ]
        page.fill("#score-power-0", "-3")
        page.click("button[name=score]")
        msg = page.text_content(".score-result .error")
        assert msg.startswith("Fehler: ") and "nie kleiner als 0" in msg
        page.click("button[name=end]")
        assert (
            "Spiel geht weiter" in page.text_content(".end-line")
            or page.locator(".end-line").count() == 1
        )
        assert page.locator("main img").count() == 0
    finally:
        page.close()
