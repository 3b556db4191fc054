"""A whole game at the table of the play page (assets/play-table.js), in German at 390x844, in headless Chromium.

From ``/de/play/?players=Anna,Ben,Cleo&seed=7&auto=1`` to the winner, through the labelled regions,
inputs and buttons only; after every scoring the VP in ``#table-state`` are those of ``smashup score``
for the same base, printing and powers, and the base laid is the documented next one
(rules/basedraw.py on ``smashup draft --json``'s ``base_deck``); the end is ``smashup game end``'s,
and the game-log link records the game. A reload and an offline reload mid-game resume it; undo gives
back the state before a step; the first load does not carry the table's code.
"""

from __future__ import annotations

import json
from urllib.parse import urlparse

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from helpers import REPO, needs_chromium
from smashup_db.rules.basedraw import start_piles

pytestmark = [needs_chromium, pytest.mark.long]
PHONE = {"width": 390, "height": 844}
QUERY = "players=Anna,Ben,Cleo&seed=7&auto=1"
PLAYERS = ["Anna", "Ben", "Cleo"]
SCREENS = REPO / "build" / "screens"


@pytest.fixture(scope="module")
def site(catalogue_site, preview):
    return preview(catalogue_site.folder), catalogue_site.db


def state(page) -> dict:
    return json.loads(page.text_content("#table-state"))


def cli_json(smashup_cli, *args):
    res = smashup_cli(*args)
    assert res.exit_code == 0, res.output
    return json.loads(res.stdout)


def set_power(region, name: str, value: int) -> None:
    box = region.get_by_label(name, exact=True)
    box.fill(str(value))
    box.dispatch_event("change")


def test_whole_game_in_german_on_a_phone(browser, site, smashup_cli):
    url, db = site
    SCREENS.mkdir(parents=True, exist_ok=True)
    draft = cli_json(
        smashup_cli,
        "draft",
        "--players",
        "Anna,Ben,Cleo",
        "--seed",
        "7",
        "--auto",
        "--json",
        "--db",
        db,
    )
    piles = start_piles(draft["base_deck"], draft["bases_in_play"], int(draft["seed"]))
    ctx = browser.new_context(viewport=PHONE, device_scale_factor=1, locale="de-DE", has_touch=True)
    page = ctx.new_page()
    page.set_default_timeout(20_000)
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    loaded: list[str] = []
    page.on("request", lambda r: loaded.append(urlparse(r.url).path))
    try:
        page.goto(f"{url}/de/play/?{QUERY}")
        page.wait_for_selector("#play-app[data-state=done]", state="attached")
        assert page.locator("header nav a", has_text="Spieleabend").count() >= 1
        assert not [p for p in loaded if "play-table" in p or "play-score" in p], loaded
        page.get_by_role("button", name="Spiel starten").tap()
        page.wait_for_selector("#table-state", state="attached")
        assert "/assets/play-table.js" in loaded
        st = state(page)
        assert [b["id"] for b in st["bases"]] == draft["bases_in_play"]
        assert st["players"] == PLAYERS and st["madness"] is None  # no faction of the Cthulhu set

        # Madness for one player: the cards are put in by hand, Cleo draws two
        page.get_by_label("Mit Wahnsinnskarten (Cthulhu-Set)").check()
        for _ in range(2):
            page.get_by_role("button", name="Cleo: Wahnsinnskarten +1").tap()
        assert state(page)["madness"] == {"Anna": 0, "Ben": 0, "Cleo": 2}

        scorings = 0
        own_rule = tie = False
        while True:
            st = state(page)
            base = st["bases"][0]
            region = page.get_by_role("region", name=base["name"], exact=True)
            vp = st["vp"]
            if scorings == 0:  # a tie for first place
                powers = {"Anna": 12, "Ben": 12, "Cleo": 5}
            elif (
                not own_rule
            ):  # the one behind takes the base: nobody reaches 15 before the own-rule base
                low = min(PLAYERS, key=lambda p: (vp[p], PLAYERS.index(p)))
                powers = {p: (base["breakpoint"] or 20) if p == low else 0 for p in PLAYERS}
            else:  # then the leader wins
                high = max(PLAYERS, key=lambda p: (vp[p], -PLAYERS.index(p)))
                powers = {p: 30 if p == high else 1 for p in PLAYERS}
            for p in PLAYERS:
                set_power(region, p, powers[p])
            # a stepper: +1 then -1 leaves the power as typed
            region.get_by_role("button", name=f"{PLAYERS[0]} +1").tap()
            region.get_by_role("button", name=f"{PLAYERS[0]} −1").tap()
            before = state(page)
            assert before["bases"][0]["power"] == powers
            region.get_by_role("button", name="Werten").tap()
            after = state(page)
            # the VP of smashup score for the same base, printing and powers
            cli = cli_json(
                smashup_cli,
                "score",
                base["id"],
                *(f"{p}={powers[p]}" for p in PLAYERS),
                "--printing",
                base["printing"],
                "--json",
                "--db",
                db,
            )
            assert after["scored"][-1]["results"] == cli["results"], base["id"]
            assert {p: after["vp"][p] - before["vp"][p] for p in PLAYERS} == {
                r["player"]: r["vp"] for r in cli["results"]
            }
            if scorings == 0:
                places = [r["place"] for r in cli["results"]]
                tie = places[:2] == [1, 1]
            if base["scoring"]:
                own_rule = True
                assert (
                    cli["notice"] and after["scored"][-1]["notice"]
                )  # the base's own rule is named
            # the base laid is the documented next one
            laid = piles.score(base["id"])
            assert after["bases"][0]["id"] == laid and after["deck"] == piles.deck
            assert after["discard"] == piles.discard
            scorings += 1
            if (
                scorings == 3
            ):  # undo gives back the state before a step; a reload and an offline reload resume
                mid = state(page)
                page.get_by_role("button", name="Anna +1").first.tap()
                assert state(page) != mid
                page.get_by_role("button", name="Rückgängig").tap()
                assert state(page) == mid
                page.reload()
                page.wait_for_selector("#table-state", state="attached")
                assert state(page) == mid
                # a second tab with the draft's link resumes the same game, and follows the first one's steps
                other = ctx.new_page()
                other.goto(page.url.split("#")[0])
                other.wait_for_selector("#table-state", state="attached")
                assert state(other) == mid
                page.get_by_role("button", name="Anna +1").first.tap()
                other.wait_for_function(
                    "s => document.getElementById('table-state').textContent === s",
                    arg=page.text_content("#table-state"),
                )
                other.close()
                page.get_by_role("button", name="Rückgängig").tap()
                assert state(page) == mid
                page.wait_for_function("navigator.serviceWorker.controller !== null")
                ctx.set_offline(True)
                page.reload()
                page.wait_for_selector("#table-state", state="attached")
                assert state(page) == mid
                ctx.set_offline(False)
            page.get_by_role("button", name="Zug beenden").tap()
            end = state(page)["end"]
            if end and end["status"] == "win":
                break
            assert scorings < 40, "the game never ended"
        assert tie and own_rule
        print(f"{scorings} bases scored; end: {state(page)['end']}")
        page.screenshot(path=str(SCREENS / "play-table-de-phone.png"), full_page=True)
        st = state(page)
        cli_end = cli_json(
            smashup_cli,
            "game",
            "end",
            *(f"{p}={st['vp'][p]}" for p in PLAYERS),
            "--madness",
            "Cleo=2",
            "--json",
            "--db",
            db,
        )
        # the CLI's advice about the counts it was given (Madness counted without a Cthulhu faction:
        # here switched on by hand, on purpose) is not part of the result the page keeps
        cli_end.pop("remark", None)
        assert st["end"] == cli_end
        assert cli_end["winner"] in page.text_content(".table-end .end-line")
        # the game-log link records the game
        link = page.get_attribute(".table-end a.record-url", "href")
        rec = cli_json(smashup_cli, "game", "record", "--from-url", link, "--json", "--db", db)
        assert rec["winner"] == cli_end["winner"]
        assert {p["player"]: (p["vp"], p["madness"]) for p in rec["players"]} == {
            p: (st["vp"][p], st["madness"][p]) for p in PLAYERS
        }
        assert [p["factions"] for p in rec["players"]] == [draft["players"][p] for p in PLAYERS]
        page.get_by_role("button", name="QR-Code des Links fürs Spielprotokoll").tap()
        page.wait_for_selector("#table .qr-box svg, #table .qr-box p", state="attached")
        # the table on a phone: nothing scrolls sideways, 44 px targets, axe
        assert page.evaluate("document.documentElement.scrollWidth") <= 390
        small = page.evaluate("""() => Array.from(document.querySelectorAll(
              '#table a, #table button, #table input:not([type=checkbox]), #table label.zero'))
            .filter(e => e.offsetParent !== null)
            .map(e => [e.outerHTML.slice(0, 60), e.getBoundingClientRect()])
            .filter(([h, r]) => r.height < 44 || r.width < 44).map(([h, r]) => h + ' ' + r.width + 'x' + r.height)""")
        assert not small, small
        axe_mod = pytest.importorskip("axe_playwright_python.sync_playwright", exc_type=ImportError)
        bad = [
            f"{v['id']} ({v['impact']}): {v['nodes'][0]['target']}"
            for v in axe_mod.Axe().run(page).response["violations"]
            if v["impact"] in ("serious", "critical")
        ]
        assert not bad, bad
        assert not errors, errors
    finally:
        ctx.close()


def test_play_page_is_linked_from_every_page_kind(catalogue_site):
    """ "Game night"/"Spieleabend" in the menu of every page kind, in both languages, and on the home page."""
    folder = catalogue_site.folder
    for lang, word in (("en", "Game night"), ("de", "Spieleabend")):
        pages = [folder / lang / "index.html"] + [
            next((folder / lang / kind).glob("*/index.html"), folder / lang / kind / "index.html")
            for kind in (
                "products",
                "factions",
                "cards",
                "bases",
                "rules",
                "glossary",
                "search",
                "play",
            )
        ]
        for path in pages:
            html = path.read_text(encoding="utf-8")
            assert f'href="/{lang}/play/">{word}</a>' in html, path
        home = (folder / lang / "index.html").read_text(encoding="utf-8")
        assert (
            home.count(f'href="/{lang}/play/">{word}</a>') >= 3
        )  # menu, sheet and the home page's own line


def test_drafting_by_taps_offers_card_list_and_complexity(browser, site):
    """Each faction offered while drafting by taps links to its page (its cards) and names its complexity."""
    url, _ = site
    page = browser.new_page(viewport=PHONE)
    try:
        page.goto(f"{url}/de/play/?players=Anna,Ben,Cleo&seed=7")
        page.wait_for_selector("#play-app[data-state=drafting]", state="attached")
        first = page.locator("#draft-pool li").first
        faction = first.locator("button.pick").get_attribute("data-faction")
        link = first.locator("a")
        assert link.get_attribute("href") == f"/de/factions/{faction}/"
        assert link.text_content().startswith("Karten · Komplexität: ")
        assert page.locator("#score").is_hidden()  # no scoring or QR button before a result
    finally:
        page.close()


ACTION = st.one_of(
    st.tuples(st.sampled_from(["+1", "−1"]), st.integers(0, 3), st.sampled_from(PLAYERS)),
    st.tuples(st.just("score"), st.integers(0, 3), st.just("")),
    st.tuples(st.sampled_from(["end", "madness"]), st.just(0), st.just("")),
)


@pytest.fixture(scope="module")
def table_page(browser, site):
    url, _ = site
    ctx = browser.new_context(viewport=PHONE, locale="de-DE", has_touch=True)
    page = ctx.new_page()
    page.set_default_timeout(20_000)
    yield url, page
    ctx.close()


@settings(
    max_examples=8, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(actions=st.lists(ACTION, min_size=1, max_size=12))
def test_undo_after_any_action_gives_back_the_table_state(table_page, actions):
    """Through the page's buttons: after any action that changed the game, "Rückgängig" gives back the
    ``#table-state`` before it (and doing it again gives the same state as the first time)."""
    url, page = table_page
    page.goto(f"{url}/de/play/?{QUERY}")
    page.evaluate("localStorage.clear()")
    page.goto(f"{url}/de/play/?{QUERY}")
    page.get_by_role("button", name="Spiel starten").click()
    page.wait_for_selector("#table-state", state="attached")

    def act(kind, slot, player):
        if kind in ("+1", "−1"):
            button = (
                page.locator("#table section.tbase")
                .nth(slot)
                .get_by_role("button", name=f"{player} {kind}", exact=True)
            )
        elif kind == "score":
            button = (
                page.locator("#table section.tbase").nth(slot).get_by_role("button", name="Werten")
            )
        elif kind == "end":
            button = page.get_by_role("button", name="Zug beenden")
        else:
            button = page.get_by_label("Mit Wahnsinnskarten (Cthulhu-Set)")
        if button.is_enabled():
            button.click()

    for kind, slot, player in actions:
        before = page.text_content("#table-state")
        act(kind, slot, player)
        after = page.text_content("#table-state")
        if after == before:
            continue  # refused (a disabled button, a step after the end): nothing to take back
        page.get_by_role("button", name="Rückgängig").click()
        assert page.text_content("#table-state") == before, (kind, slot, player)
        act(kind, slot, player)
        assert page.text_content("#table-state") == after
