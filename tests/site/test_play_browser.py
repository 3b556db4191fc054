"""The game-night page /L/play/ (issue 23) in headless Chromium (system package) with Playwright.

The draft table (play_golden.py, made from ``smashup draft --json`` on every run) replayed in the browser's
engine; the acceptance URL; a 3-player snake draft by taps at 390×844 in German with undo, its share link;
untrusted player names; axe-core; touch targets; the weight of the first load.
"""

from __future__ import annotations

import json
from urllib.parse import urlparse

import pytest
from test_play_golden import comparable

from helpers import XSS, needs_chromium

pytestmark = [needs_chromium, pytest.mark.long]
PHONE = {"width": 390, "height": 844}
ACCEPT = "players=Anna,Ben,Cleo,Dora&seed=11&auto=1&ban=aliens"


@pytest.fixture(scope="module")
def site_url(catalogue_site, preview):
    return preview(catalogue_site.folder)


@pytest.fixture
def phone(browser):
    ctx = browser.new_context(viewport=PHONE, device_scale_factor=1, has_touch=True)
    pg = ctx.new_page()
    pg.set_default_timeout(20_000)
    errors: list[str] = []
    pg.on("pageerror", lambda e: errors.append(str(e)))
    pg.errors = errors
    yield pg
    ctx.close()


def open_play(page, site_url: str, lang: str, query: str = "", state: str = "done") -> None:
    page.goto(f"{site_url}/{lang}/play/" + (f"?{query}" if query else ""))
    page.wait_for_selector(f"#play-app[data-state={state}]", state="attached")


def result(page, expected: dict | None = None) -> dict:
    """The page's ``#result`` JSON (without the set-up sheet when ``expected`` has none, see ``comparable``)."""
    got = json.loads(page.text_content("#result"))
    return comparable(got, expected) if expected is not None else got


def test_acceptance_url_matches_the_cli_in_german(phone, site_url, golden_drafts):
    row = golden_drafts[0]
    assert (
        row["query"] == ACCEPT and row["case"]["lang"] == "de"
    )  # checked against the live CLI in test_play_golden
    open_play(phone, site_url, "de", ACCEPT)
    assert result(phone, row["result"]) == row["result"]
    body = phone.text_content("#outcome")
    assert "Startspieler: Ben" in body and "Auszulegende Basen" in body
    assert not phone.errors


def test_golden_table_in_chromium(phone, site_url, golden_drafts):
    """Every row of the table through the page's own engine and the URL parser, in the browser."""
    ROWS = golden_drafts
    open_play(phone, site_url, "en", state="form")
    inp = [{"query": r["query"], "lang": r["case"]["lang"]} for r in ROWS]
    got = phone.evaluate(
        """async (rows) => {
        const cats = {};
        for (const lang of ["en", "de"]) {
            cats[lang] = new SmashPlay.Catalogue(await (await fetch(`/assets/play-${lang}.json`)).json());
        }
        return rows.map(({query, lang}) => {
            const q = new URLSearchParams(query);
            try { return {result: SmashPlay.run(cats[lang], SmashPlay.optionsFromQuery(cats[lang], k => q.get(k))).result}; }
            catch (e) { return e instanceof SmashPlay.DraftError ? {error: e.message} : {crash: String(e)}; }
        });
    }""",
        inp,
    )
    wrong = [
        r["query"]
        for r, g in zip(ROWS, got, strict=True)
        if (r["error"] and "error" not in g)
        or (not r["error"] and comparable(g.get("result"), r["result"]) != r["result"])
    ]
    assert not wrong, wrong[:5]
    assert len(ROWS) >= 200


def test_a_few_golden_urls_render_their_result(phone, site_url, golden_drafts):
    """The URL contract on the page itself (formats, owned boxes, base modes): ``#result`` equals the CLI's JSON."""
    ROWS = golden_drafts
    chosen = [
        r
        for r in ROWS
        if r["result"]
        and (r["case"].get("owned") or r["case"].get("format") or r["case"].get("base_mode"))
    ][:8]
    for row in chosen:
        open_play(phone, site_url, row["case"]["lang"], row["query"])
        assert result(phone, row["result"]) == row["result"], row["query"]
    refused = next(r for r in ROWS if r["error"] and r["case"]["lang"] == "de")
    open_play(phone, site_url, "de", refused["query"], state="error")
    assert phone.text_content("#play-status").startswith("Fehler: ")
    assert not phone.errors


def test_three_player_snake_draft_by_taps_in_german(phone, site_url, cli):
    """Whose turn, what is left, undo; the result equals ``smashup draft --pick ...`` and the share link replays it."""
    open_play(phone, site_url, "de", "players=Anna,Ben,Cleo&seed=5", state="drafting")
    heading = phone.text_content("#draft-h")
    assert "ist dran (Runde 1)" in heading
    first = heading.split(" ist dran")[0]
    taps = []
    for i in range(7):
        button = phone.locator("#draft-pool button.pick:not([disabled])").nth(i % 3)
        faction = button.get_attribute("data-faction")
        button.tap()
        taps.append(faction)
        if i == 2:  # take the third pick back and choose again
            phone.wait_for_function("() => !document.getElementById('undo').disabled")
            phone.locator("#undo").tap()
            assert "Zurückgenommen" in phone.text_content("#play-status")
            taps.pop()
    assert len(taps) == 6
    phone.wait_for_selector("#play-app[data-state=done]", state="attached")
    res = result(phone)
    assert res["start_player"] == first and [p["faction"] for p in res["picks"]] == taps
    order = [p["player"] for p in res["picks"]]
    assert order[:3] == order[3:][::-1]  # snake: 1 2 3 3 2 1
    picks = [f"{p['player']}={p['faction']}" for p in res["picks"]]
    args = ["draft", "--players", "Anna,Ben,Cleo", "--seed", "5", "--json", "--lang", "de"]
    for p in picks:
        args += ["--pick", p]
    expected = json.loads(cli(*args).stdout)
    res = comparable(res, expected)
    assert res == expected
    shown = phone.text_content(
        "#outcome .replay code"
    )  # the command the page prints gives this result
    assert shown == " ".join(
        [
            "smashup",
            "draft",
            "--players",
            "Anna,Ben,Cleo",
            "--seed",
            "5",
            *[x for p in picks for x in ("--pick", p)],
            "--lang",
            "de",
        ]
    )
    share = phone.input_value("#share")
    assert "picks=" in share and "seed=5" in share
    phone.goto(share)
    phone.wait_for_selector("#play-app[data-state=done]", state="attached")
    assert result(phone, expected) == expected
    assert not phone.errors


def test_the_form_starts_a_draft_and_keeps_its_options(phone, site_url):
    open_play(phone, site_url, "de", state="form")
    phone.fill("#players", "Anna,Ben,Cleo")
    phone.fill("#seed", "7")
    phone.select_option("#format", "pick-one-random")
    phone.locator("#play-setup details").first.locator("summary").tap()
    phone.locator("label[for=cx-low]").tap()
    phone.locator("label[for=cx-medium]").tap()
    phone.locator("#play-setup details").nth(1).locator("summary").tap()
    for pid in (
        "core-set",
        "awesome-level-9000",
        "the-obligatory-cthulhu-set",
        "science-fiction-double-feature",
    ):
        phone.locator(f"label[for=own-{pid}]").tap()
    phone.locator("#play-form button[type=submit]").tap()
    phone.wait_for_selector("#play-app[data-state=drafting]", state="attached")
    url = phone.url
    assert "complexity=low%2Cmedium" in url or "complexity=low,medium" in url
    assert "format=pick-one-random" in url and "seed=7" in url
    assert phone.input_value("#format") == "pick-one-random" and phone.is_checked("#cx-low")
    assert (
        "owned=core-set%2Cawesome-level-9000" in url or "owned=core-set,awesome-level-9000" in url
    )
    assert phone.is_checked("#own-the-obligatory-cthulhu-set") and not phone.is_checked(
        "#own-monster-smash"
    )
    # the random first factions are on the table already: 3 picks made, each player holds one
    assert phone.locator("#draft-held li").count() == 3
    assert "noch keine" not in phone.text_content("#draft-held")


def test_a_link_listing_every_pick_replays(phone, site_url, cli):
    """smashup draft's share link lists every pick (pick-one-random's random ones too); the page replays it."""
    base = ["draft", "--players", "Anna,Ben,Cleo", "--seed", "12", "--format", "pick-one-random"]
    auto = json.loads(cli(*base, "--auto", "--json", "--lang", "en").stdout)
    picks = ",".join(p["faction"] for p in auto["picks"])
    open_play(
        phone, site_url, "en", f"players=Anna,Ben,Cleo&seed=12&format=pick-one-random&picks={picks}"
    )
    scripted = [x for p in auto["picks"][3:] for x in ("--pick", f"{p['player']}={p['faction']}")]
    expected = json.loads(cli(*base, *scripted, "--json", "--lang", "en").stdout)
    assert expected["picks"] == auto["picks"]
    assert result(phone, expected) == expected


def test_share_link_after_random_rest_replays(phone, site_url):
    open_play(
        phone,
        site_url,
        "en",
        "players=Anna,Ben,Cleo&seed=9&format=pick-one-random",
        state="drafting",
    )
    phone.locator("#draft-pool button.pick:not([disabled])").first.tap()
    phone.locator("#finish").tap()
    phone.wait_for_selector("#play-app[data-state=done]", state="attached")
    res, share = result(phone), phone.input_value("#share")
    assert "auto=1" in share and "picks=" in share
    phone.goto(share)
    phone.wait_for_selector("#play-app[data-state=done]", state="attached")
    assert result(phone) == res


def test_untrusted_player_names_stay_text(phone, site_url):
    evil = XSS.replace(",", " ")
    open_play(phone, site_url, "en", f"players={evil},Ben&seed=3&auto=1")
    assert evil in phone.text_content("#outcome")
    assert phone.locator("#outcome img").count() == 0
    assert evil in result(phone)["players"]
    open_play(phone, site_url, "en", f"players={evil},Ben&seed=3", state="drafting")
    assert phone.locator("#draft img").count() == 0
    open_play(
        phone, site_url, "en", "players=__proto__,constructor,toString&seed=1&auto=1"
    )  # no prototype games
    assert sorted(result(phone)["players"]) == ["__proto__", "constructor", "toString"]
    assert all(len(v) == 2 for v in result(phone)["players"].values())
    assert not phone.errors


@pytest.mark.parametrize("lang", ["en", "de"])
def test_phone_layout_targets_and_axe(phone, site_url, lang):
    axe_mod = pytest.importorskip(
        "axe_playwright_python.sync_playwright",
        reason="axe-playwright-python not installed",
        exc_type=ImportError,
    )
    axe = axe_mod.Axe()
    found = {}
    for state, query in (
        ("form", ""),
        ("drafting", "players=Anna,Ben,Cleo&seed=2&format=offer"),
        ("done", "players=Anna,Ben,Cleo&seed=2&auto=1&base_mode=faction"),
    ):
        open_play(phone, site_url, lang, query, state)
        if state == "form":
            phone.evaluate("() => document.querySelectorAll('details').forEach(d => d.open = true)")
        assert phone.evaluate("() => document.documentElement.scrollWidth") <= PHONE["width"], state
        small = phone.evaluate("""() => [...document.querySelectorAll('main button, main select, main input, main summary')]
            .filter(e => e.offsetParent !== null && e.type !== 'checkbox')
            .map(e => [e.id || e.textContent.trim(), e.getBoundingClientRect().height])
            .filter(([, h]) => h < 44)""")
        assert not small, (state, small)
        checks = phone.evaluate("""() => [...document.querySelectorAll('main input[type=checkbox]')]
            .filter(e => e.offsetParent !== null)
            .map(e => e.closest('.check').getBoundingClientRect().height).filter(h => h < 44)""")
        assert not checks, state
        bad = [
            f"{v['id']} ({v['impact']}): {v['nodes'][0]['target']}"
            for v in axe.run(phone).response["violations"]
            if v["impact"] in ("serious", "critical")
        ]
        if bad:
            found[state] = bad
    assert not found, found


def test_first_load_is_at_most_150_kb(browser, site_url):
    ctx = browser.new_context(viewport=PHONE)
    page = ctx.new_page()
    sizes: dict[str, int] = {}

    def seen(response):
        try:
            sizes[urlparse(response.url).path] = len(response.body())
        except Exception:  # a response without a body (redirect)
            pass

    page.on("response", seen)
    page.goto(f"{site_url}/de/play/?{ACCEPT}")
    page.wait_for_selector("#play-app[data-state=done]", state="attached")
    page.wait_for_load_state("networkidle")
    ctx.close()
    total = sum(sizes.values())
    assert "/assets/play-de.json" in sizes and "/assets/play-engine.js" in sizes
    assert (
        "/assets/play-printings.json" not in sizes
    )  # loaded only when a collection code names a printing
    assert total <= 150_000, sizes
    print(f"first load of /de/play/: {total} bytes in {len(sizes)} files")


def test_whole_game_night_by_taps_in_german(phone, site_url):
    """Issue 23's acceptance on the real page: a 3-player snake draft by taps, a tied base scored, the end of
    the game with Madness, in German at 390×844 (the scoring part is play/score.html of branch play-score)."""
    from smashup_db.rules import endgame

    open_play(phone, site_url, "de", "players=Anna,Ben,Cleo&seed=21", state="drafting")
    for _ in range(6):
        phone.locator("#draft-pool button.pick:not([disabled])").first.tap()
    phone.wait_for_selector("#play-app[data-state=done]", state="attached")
    res = result(phone)
    if phone.locator("button[name=open-score]").count() == 0:
        pytest.skip("the scoring part (templates/site/play/score.html) is not in this checkout")
    phone.tap("button[name=open-score]")
    phone.wait_for_selector(".score-row legend")
    assert phone.locator(".score-row legend").all_text_contents() == list(res["players"])
    plain = next(
        b
        for b in res["bases_in_play_stats"]
        if b["scoring"] is None and b["breakpoint"] is not None
    )
    phone.select_option("#score-base", plain["id"])
    for i, power in enumerate((12, 12, 5)):
        phone.fill(f"#score-power-{i}", str(power))
    phone.tap("button[name=score]")
    rows = phone.eval_on_selector_all(
        ".score-result tbody tr",
        "rs => rs.map(r => Array.from(r.children).map(c => c.textContent))",
    )
    assert [r[2] for r in rows] == [
        "1",
        "1",
        "3",
    ]  # tied for 1st: both get 1st place's VP, the next is 3rd
    assert rows[0][3] == rows[1][3] == str(plain["vp"][0]) and rows[2][3] == str(plain["vp"][2])
    names = list(res["players"])
    for i, (vp, mad) in enumerate(((16, 2), (15, 0), (9, 5))):
        phone.fill(f"#score-vp-{i}", str(vp))
        phone.fill(f"#score-madness-{i}", str(mad))
    phone.tap("button[name=end]")
    out = endgame.end_game(
        dict(zip(names, (16, 15, 9), strict=True)), dict(zip(names, (2, 0, 5), strict=True))
    ).as_dict()
    assert phone.text_content(".end-line") == f"{out['winner']} gewinnt." or out[
        "winner"
    ] in phone.text_content(".end-line")
    assert phone.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
    assert not phone.errors


@pytest.mark.parametrize("picked", [0, 2])
def test_the_cli_share_link_opens_the_same_night(phone, site_url, cli, picked):
    """``smashup draft --qr``'s link (typed picks, then auto=1 for the random rest) shows the CLI's result."""
    base = ("draft", "-p", "Anna,Ben,Cleo", "--seed", "21", "--site-url", "https://example.org/")
    auto = json.loads(cli(*base, "--auto", "--json", "--lang", "en").stdout)
    typed = [x for p in auto["picks"][:picked] for x in ("--pick", f"{p['player']}={p['faction']}")]
    expected = json.loads(cli(*base, *typed, "--auto", "--qr", "--json", "--lang", "en").stdout)
    link = urlparse(expected.pop("share_link"))
    assert ("picks=" in link.query) == bool(picked) and "auto=1" in link.query
    phone.goto(f"{site_url}{link.path}?{link.query}")
    phone.wait_for_selector("#play-app[data-state=done]", state="attached")
    assert result(phone, expected) == expected


def test_a_collection_code_ticks_its_boxes_and_draws_as_the_cli(phone, site_url, cli):
    """``?c=CODE`` (from ``smashup collection code``) ticks the code's boxes and draws from them exactly as
    ``smashup draft --owned`` with that collection, the German edition's facts where the code says German
    (a code holds no copies: one each, as recorded here)."""
    assert (
        cli("collection", "add", "core-set", "--printing", "german").exit_code == 0
    )  # the code keeps the printing
    assert cli("collection", "add", "the-obligatory-cthulhu-set").exit_code == 0
    made = cli("collection", "code")
    assert made.exit_code == 0, made.output
    code = made.stdout.splitlines()[0].strip()  # the code, then what it is
    draft = [
        "draft",
        "--players",
        "Anna,Ben",
        "--seed",
        "3",
        "--auto",
        "--owned",
        "--json",
        "--lang",
        "de",
    ]
    expected = json.loads(cli(*draft).stdout)
    assert set(expected["boxes"]) <= {"core-set", "the-obligatory-cthulhu-set"}
    assert "german" in {
        b["printing"] for b in expected["bases_in_play_stats"]
    }  # the German edition's facts apply
    open_play(phone, site_url, "de", f"c={code}&players=Anna,Ben&seed=3&auto=1")
    assert result(phone, expected) == expected
    assert phone.is_checked("#own-core-set") and phone.is_checked("#own-the-obligatory-cthulhu-set")
    assert phone.locator("#owned-boxes input:checked").count() == 2
    share = phone.input_value("#share")  # the boxes and their printings, without the code
    assert "owned=core-set%3Agerman%2Cthe-obligatory-cthulhu-set" in share and "c=" not in share
    phone.goto(share)
    phone.wait_for_selector("#play-app[data-state=done]", state="attached")
    assert result(phone, expected) == expected
    # the browser keeps the code: the bare form starts with its boxes ticked, a share link's own boxes win
    open_play(phone, site_url, "de", state="form")
    assert phone.locator("#owned-boxes input:checked").count() == 2
    open_play(phone, site_url, "de", "players=Anna,Ben&seed=3&auto=1&owned=core-set")
    assert phone.locator("#owned-boxes input:checked").count() == 1 and phone.is_checked(
        "#own-core-set"
    )
    assert not phone.errors


def test_a_bad_collection_code_says_so_in_one_line(phone, site_url):
    open_play(
        phone,
        site_url,
        "de",
        "c=ARtBAAAEAN8&players=Anna,Ben&seed=3&auto=1&owned=core-set",
        state="error",
    )
    line = phone.text_content("#play-status")
    assert line.startswith("Fehler: ") and "Sammlungscode" in line and "\n" not in line
    assert phone.locator("#result").count() == 0
    assert phone.locator("#owned-boxes input:checked").count() == 1 and phone.is_checked(
        "#own-core-set"
    )
    # the paste field: a bad code changes no tick, a good one ticks its boxes
    open_play(phone, site_url, "en", "owned=core-set", state="form")
    phone.evaluate("() => document.querySelectorAll('details').forEach(d => d.open = true)")
    phone.fill("#owned-code", "<img src=x onerror=alert(1)>")
    phone.tap("#owned-code-use")
    assert phone.text_content("#play-status").startswith("Error: not a collection code")
    assert (
        phone.locator("#owned-boxes input:checked").count() == 1
        and phone.locator("main img").count() == 0
    )
    assert not phone.errors
