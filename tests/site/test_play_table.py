"""The play page's table (assets/play-table.js) against the Python rules, in Node and in Chromium.

The golden table is made here, on every run, from the Python rules (rules/basedraw.py for the next base
and the reshuffles, rules/basescoring.py for each scoring, rules/endgame.py for the end of a turn) on
the CLI's facts of each base (``smashup score BASE --printing current``): 200 recorded games of steps
(powers per base, minion counts, 0-power minions, VP of a replacing base, Madness, scoring, end of turn),
from drafts of ``smashup draft --json`` and from base decks heavy with bases that have their own rule.
The script must reach the same state after every step. A copy goes to build/play-table-golden.json.

Also: undo after any step gives back the state before it (Hypothesis over random step sequences).
"""

from __future__ import annotations

import json
import random
import shutil
import subprocess

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from helpers import REPO, make_db, needs_chromium
from smashup_db.rules import basescoring, endgame
from smashup_db.rules.basedraw import start_piles

ASSETS = REPO / "templates" / "site" / "assets"
JS = ASSETS / "play-table.js"
RUNNER = REPO / "tests" / "site" / "play_table_golden.js"
NODE = shutil.which("node") or shutil.which("nodejs")
needs_node = pytest.mark.skipif(NODE is None, reason="node is not installed")
GAMES = 200


@pytest.fixture(scope="module")
def catalogue(tmp_path_factory):
    """(db, {lang: Catalogue view}, {lang: play-LANG.json data})."""
    from smashup_db.catalogue.view import Catalogue
    from smashup_db.compiler.bootstrap import open_reader
    from smashup_db.site.play import play_data

    db = make_db(tmp_path_factory.mktemp("play-table") / "cat.db")
    reader = open_reader(db)
    cats = {lang: Catalogue(reader, lang, owned=lambda: {}) for lang in ("en", "de")}
    yield db, cats, {lang: play_data(cats[lang], lang) for lang in cats}
    reader.close()


class Reference:
    """A table game by the Python rules: what play-table.js must reach after each step."""

    def __init__(self, result, facts, madness):
        picks = [k["player"] for k in result.get("picks", [])]
        self.players = list(dict.fromkeys(picks + list(result["players"])))
        self.piles = start_piles(result["base_deck"], result["bases_in_play"], int(result["seed"]))
        self.facts = facts
        self.bases = [self.slot(b) for b in result["bases_in_play"]]
        self.vp = dict.fromkeys(self.players, 0)
        self.madness = dict.fromkeys(self.players, 0) if madness else None
        self.turn, self.scored, self.end = 1, [], None

    def slot(self, bid):
        return {
            "id": bid,
            "power": dict.fromkeys(self.players, 0),
            "minions": dict.fromkeys(self.players, 0),
            "zero": set(),
            "vp": None,
        }

    def apply(self, step: str) -> dict:
        kind, rest = step[0], step[1:]
        if kind in "pnz":
            where, value = rest.split("=")
            b, j = (int(x) for x in where.split("."))
            base, p = self.bases[b], self.players[j]
            if kind == "p":
                base["power"][p] = int(value)
            elif kind == "n":
                base["minions"][p] = int(value)
            else:
                (base["zero"].add if value == "1" else base["zero"].discard)(p)
        elif kind == "v":
            b, value = rest.split("=")
            self.bases[int(b)]["vp"] = tuple(int(x) for x in value.split(",")) if value else None
        elif kind == "m":
            j, value = rest.split("=")
            self.madness[self.players[int(j)]] = int(value)
        elif kind == "s":
            self.score(int(rest))
        elif kind == "e":
            self.turn += 1
            out = endgame.end_game(self.vp, self.madness or {}).as_dict()
            self.end = None if out["status"] == "not-over" else out
        return self.view()

    def score(self, i):
        slot = self.bases[i]
        base = self.facts(slot["id"])
        per_minion = base["scoring"] == "per-minion"
        res = basescoring.score_named_base(
            base,
            slot["power"],
            slot["zero"],
            slot["vp"],
            slot["minions"] if per_minion else None,
            "en",
        )
        for r in res["results"]:
            self.vp[r["player"]] += r["vp"]
        self.scored.append({"base": slot["id"], "results": res["results"]})
        laid = self.piles.score(slot["id"])
        if laid is None:
            del self.bases[i]
        else:
            self.bases[i] = self.slot(laid)

    def view(self) -> dict:
        return {
            "bases": [b["id"] for b in self.bases],
            "deck": list(self.piles.deck),
            "discard": list(self.piles.discard),
            "vp": dict(self.vp),
            "madness": dict(self.madness) if self.madness is not None else None,
            "turn": self.turn,
            "end": self.end,
            "scored": json.loads(json.dumps(self.scored)),
        }


def play(rng, ref, steps_out, expected_out, scorings):
    """Random steps of a whole game on ``ref`` (the same steps for the script)."""
    players = ref.players

    def do(step):
        steps_out.append(step)
        expected_out.append(ref.apply(step))

    for _ in range(scorings):
        if not ref.bases or (ref.end and ref.end["status"] == "win"):
            return
        i = rng.randrange(len(ref.bases))
        base = ref.facts(ref.bases[i]["id"])
        top = rng.choice([3, 6, 12, 25])
        for j in range(len(players)):
            power = rng.choice([0, 0, top, top, rng.randint(0, top)])
            do(f"p{i}.{j}={power}")
            if power == 0 and rng.random() < 0.3:
                do(f"z{i}.{j}=1")
            if base["scoring"] == "per-minion":
                do(f"n{i}.{j}={rng.randint(0, 4)}")
        if not base["stats_known"] or (base["scoring"] == "replaced" and rng.random() < 0.7):
            do(f"v{i}={rng.randint(2, 6)},{rng.randint(0, 3)},{rng.randint(0, 2)}")
        do(f"s{i}")
        if ref.madness is not None and rng.random() < 0.3:
            do(f"m{rng.randrange(len(players))}={rng.randint(0, 7)}")
        if rng.random() < 0.6:
            do("e")


def base_facts(cats):
    """The CLI's facts of a base (``smashup score BASE --printing current``), as score_named_base takes them."""
    memo = {}

    def facts(lang):
        def one(bid):
            if (lang, bid) not in memo:
                b = cats[lang].base(bid, "current")
                memo[lang, bid] = {
                    k: b[k] for k in ("name", "breakpoint", "vp", "scoring", "stats_known")
                }
            return memo[lang, bid]

        return one

    return facts


def make_games(db, cats, smashup_cli) -> list[dict]:
    rng = random.Random(31)
    facts = base_facts(cats)
    every = list(cats["en"].model.bases)
    own = [b for b in every if cats["en"].model.bases[b].scoring]
    unknown = [b for b in every if not facts("en")(b)["stats_known"]]
    games = []
    names = ["Anna", "Ben", "Cleo", "Dora", "1", "Zoë O'Brien"]
    for n in range(GAMES):
        lang = "de" if n % 2 else "en"
        players = rng.sample(names, rng.randint(2, 5))
        seed = rng.randint(1, 2**40)
        if n % 4 == 0:  # a real draft (bases tied to the factions: a small deck, so it runs out)
            res = smashup_cli(
                "draft",
                "--players",
                ",".join(players),
                "--seed",
                seed,
                "--auto",
                "--json",
                "--mode",
                rng.choice(["faction", "set"]),
                "--db",
                db,
            )
            assert res.exit_code == 0, res.output
            result = json.loads(res.stdout)
        else:  # a deck heavy with bases of their own rule and of unknown facts
            deck = rng.sample(own, min(len(own), rng.randint(2, 6))) + rng.sample(
                unknown, min(len(unknown), rng.randint(0, 2))
            )
            deck += rng.sample([b for b in every if b not in deck], rng.randint(1, 10))
            rng.shuffle(deck)
            laid = rng.sample(deck, min(len(deck) - 1, len(players) + 1))
            result = {
                "seed": seed,
                "players": {p: [] for p in players},
                "picks": [{"player": p} for p in players],
                "base_deck": deck,
                "bases_in_play": laid,
            }
        madness = rng.random() < 0.4
        ref = Reference(result, facts(lang), madness)
        steps, expected = [], []
        play(rng, ref, steps, expected, rng.randint(4, 25))
        games.append(
            {
                "lang": lang,
                "result": {
                    k: result[k] for k in ("seed", "players", "picks", "base_deck", "bases_in_play")
                },
                "madness": madness,
                "steps": steps,
                "expected": expected,
            }
        )
    return games


@pytest.fixture(scope="module")
def golden(catalogue, smashup_cli, tmp_path_factory):
    db, cats, data = catalogue
    table = {
        "catalogue": data,
        "notices": {
            lang: {f: t[lang] for f, t in basescoring.NOTICES.items()} for lang in ("en", "de")
        },
        "applied": {lang: basescoring.APPLIED[lang] for lang in ("en", "de")},
        "games": make_games(db, cats, smashup_cli),
    }
    path = tmp_path_factory.mktemp("golden") / "play-table-golden.json"
    path.write_text(json.dumps(table, ensure_ascii=False), encoding="utf-8")
    (REPO / "build").mkdir(exist_ok=True)
    shutil.copyfile(path, REPO / "build" / "play-table-golden.json")
    return path, table


def test_golden_games_cover_the_rules(golden):
    games = golden[1]["games"]
    assert len(games) == GAMES
    scored = [s for g in games for s in (g["expected"][-1]["scored"] if g["expected"] else [])]
    places = [[r["place"] for r in s["results"] if r["place"]] for s in scored]
    assert sum(1 for p in places if p.count(1) > 1) > 50, "ties for first place"
    flags = {cat for g in games for s in g["steps"] if s.startswith("v") for cat in [s]}
    assert flags, "VP of a replacing base given"
    own = {s["base"] for s in scored} & {
        b
        for b, f in golden[1]["catalogue"]["en"]["b"].items()
        if f[6] in ("per-minion", "replaced")
    }
    assert len(own) >= 2, own
    reshuffled = [
        g
        for g in games
        if g["expected"]
        and any(len(e["discard"]) == 0 for e in g["expected"][1:])
        and any(e["discard"] for e in g["expected"])
    ]
    assert reshuffled, "some deck runs out and the discard pile is shuffled"
    ends = {
        g["expected"][-1]["end"]["status"]
        for g in games
        if g["expected"] and g["expected"][-1]["end"]
    }
    assert "win" in ends


@needs_node
def test_golden_games_in_node(golden):
    res = subprocess.run(
        [NODE, str(RUNNER), str(JS), str(golden[0])], capture_output=True, text=True, timeout=300
    )
    assert res.returncode == 0, res.stderr
    out = json.loads(res.stdout)
    assert out["failed"] == 0, json.dumps(out["failures"][:2], ensure_ascii=False)[:3000]
    assert out["checked"] == sum(len(g["steps"]) for g in golden[1]["games"]) > 2000


@pytest.mark.long
@needs_chromium
def test_golden_games_in_chromium(browser, golden):
    page = browser.new_page()
    try:
        page.set_content("<!doctype html><title>golden</title>")
        for name in ("pyformat.js", "play-engine.js", "play-score.js", "play-table.js"):
            page.add_script_tag(path=str(ASSETS / name))
        page.add_script_tag(path=str(RUNNER))
        out = page.evaluate("t => runTableGames(window.SmashTable, window.SmashPlay, t)", golden[1])
    finally:
        page.close()
    assert out["failed"] == 0, json.dumps(out["failures"][:2], ensure_ascii=False)[:3000]


# --------------------------------------------------------------------------- undo, a property
UNDO_SCRIPT = r"""
const T = require(process.argv[1]), P = require(process.argv[2]);
const fs = require("fs");
const input = JSON.parse(fs.readFileSync(0, "utf8"));
const cat = new P.Catalogue(input.catalogue);
const ctx = {facts: T.catalogueFacts(cat, null), notices: {}, applied: "", label: x => x};
const out = [];
for (const c of input.cases) {
  const game = new T.Game(c.result, ctx, c.madness);
  let bad = null;
  for (const s of c.steps) {
    const before = JSON.stringify(game.state);
    try { game.apply(s); } catch (e) { if (JSON.stringify(game.state) !== before) bad = "a refused step changed the state"; continue; }
    const after = JSON.stringify(game.state);
    game.undo();
    if (JSON.stringify(game.state) !== before) { bad = "undo after " + s; break; }
    game.apply(s);
    if (JSON.stringify(game.state) !== after) { bad = "redo of " + s; break; }
  }
  out.push(bad);
}
console.log(JSON.stringify(out));
"""

STEP = st.one_of(
    st.builds(
        lambda b, j, v: f"p{b}.{j}={v}", st.integers(0, 4), st.integers(0, 3), st.integers(0, 30)
    ),
    st.builds(
        lambda b, j, v: f"n{b}.{j}={v}", st.integers(0, 4), st.integers(0, 3), st.integers(0, 5)
    ),
    st.builds(
        lambda b, j, v: f"z{b}.{j}={v}", st.integers(0, 4), st.integers(0, 3), st.integers(0, 1)
    ),
    st.builds(lambda b: f"v{b}=4,2,1", st.integers(0, 4)),
    st.builds(lambda b: f"s{b}", st.integers(0, 4)),
    st.builds(lambda j, v: f"m{j}={v}", st.integers(0, 3), st.integers(0, 9)),
    st.sampled_from(["M0", "M1", "e", "e", "x", "p9.9=1"]),
)


@needs_node
@settings(
    max_examples=20, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(cases=st.lists(st.lists(STEP, min_size=1, max_size=40), min_size=5, max_size=5))
def test_undo_after_any_step_gives_the_state_before(catalogue, cases):
    _, _, data = catalogue
    rng = random.Random(len(cases[0]))
    deck = rng.sample(sorted(data["en"]["b"]), 8) + ["rhodes-plaza-mall", "unicrave"]
    result = {
        "seed": 7,
        "players": {"Anna": [], "Ben": [], "Cleo": []},
        "base_deck": deck,
        "bases_in_play": deck[:4],
    }
    payload = {
        "catalogue": data["en"],
        "cases": [
            {"result": result, "madness": i % 2 == 0, "steps": s} for i, s in enumerate(cases)
        ],
    }
    res = subprocess.run(
        [NODE, "-e", UNDO_SCRIPT, str(JS), str(ASSETS / "play-engine.js")],
        input=json.dumps(payload),
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert res.returncode == 0, res.stderr
    assert json.loads(res.stdout) == [None] * len(cases)


@needs_node
def test_madness_counters_come_with_a_faction_of_the_cthulhu_set(catalogue):
    """A faction sold in a box with the Madness deck (the Cthulhu set) turns the counters on; others do not."""
    _, cats, data = catalogue
    cthulhu = [f[0] for f in data["en"]["f"] if "the-obligatory-cthulhu-set" in f[3]]
    assert "minions-of-cthulhu" in cthulhu
    script = (
        f"const T = require({json.dumps(str(JS))}), P = require({json.dumps(str(ASSETS / 'play-engine.js'))});"
        "const cat = new P.Catalogue(JSON.parse(require('fs').readFileSync(0, 'utf8')));"
        "console.log(JSON.stringify([T.hasMadness(cat, {players: {A: ['aliens', 'minions-of-cthulhu'], B: ['ninjas', 'robots']}}),"
        " T.hasMadness(cat, {players: {A: ['aliens', 'zombies'], B: ['ninjas', 'robots']}})]));"
    )
    res = subprocess.run(
        [NODE, "-e", script],
        input=json.dumps(data["en"]),
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert res.returncode == 0, res.stderr
    assert json.loads(res.stdout) == [True, False]


def test_play_js_is_copied_without_comment_lines(tmp_path):
    """play.js in the site is its source without comment lines: every other line kept in order, still valid."""
    from smashup_db.site.play import without_comment_lines

    src = (REPO / "templates" / "site" / "play.js").read_text(encoding="utf-8")
    lean = without_comment_lines(src)
    assert len(lean) < len(src) - 1500
    kept = iter(src.splitlines())
    assert all(any(line == s for s in kept) for line in lean.splitlines()), "lines kept in order"
    assert not any(x.strip().startswith(("//", "/*")) for x in lean.splitlines())
    assert (
        without_comment_lines("a();\n  // x\n/* y\n z */\nb(); // c\n/** d */\n")
        == "a();\nb(); // c\n"
    )
    with pytest.raises(ValueError):
        without_comment_lines("a();\n/* never ends\n")
    if NODE:
        path = tmp_path / "play.js"
        path.write_text(lean, encoding="utf-8")
        assert subprocess.run([NODE, "--check", str(path)], capture_output=True).returncode == 0
