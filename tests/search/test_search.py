"""`smashup search` on the full catalogue: expected results computed from data/, both SQL paths.

Expected sets come from the compiled data files (data/factions, data/products),
never hard-coded. Text tests import the card archive from ../shared/data and
skip when it is absent.
"""

from __future__ import annotations

import json
import sqlite3

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from helpers import ARCHIVE, DATA, require_shared, smashup, smashup_env
from smashup_db.catalogue.view import Catalogue
from smashup_db.common.text import ascii_fold, fold
from smashup_db.compiler.bootstrap import open_reader
from smashup_db.search import QueryError, Searcher
from smashup_db.search.execute import _folded_with_map, find_spans
from smashup_db.search.parser import parse

# --------------------------------------------------------------------------- expected data


def _factions() -> dict[str, dict]:
    return {
        p.stem: json.loads(p.read_text(encoding="utf-8"))
        for p in (DATA / "factions").glob("*.json")
    }


def _products() -> dict[str, dict]:
    return {
        p.stem: json.loads(p.read_text(encoding="utf-8"))
        for p in (DATA / "products").glob("*.json")
    }


FACTIONS = _factions()
PRODUCTS = _products()
CARDS = {c["id"]: {**c, "faction": f["id"]} for f in FACTIONS.values() for c in f["cards"]}
BASES = {b["id"]: {**b, "product": p["id"]} for p in PRODUCTS.values() for b in p.get("bases", [])}


def cards(pred) -> set[str]:
    return {f"card:{i}" for i, c in CARDS.items() if pred(c)}


def bases(pred) -> set[str]:
    return {f"base:{i}" for i, b in BASES.items() if pred(b)}


ALL = cards(lambda c: True) | bases(lambda b: True)


# --------------------------------------------------------------------------- fixtures


@pytest.fixture(scope="module")
def plain(tmp_path_factory):
    """A catalogue database without imported text; yields (reader, path)."""
    path = str(tmp_path_factory.mktemp("search") / "plain.db")
    reader = open_reader(path)
    yield reader, path
    reader.close()


def _import_text(path: str) -> None:
    try:
        from smashup_db.compiler.bootstrap import open_db
        from smashup_db.importer.card_archive import import_text
    except ImportError:  # the importer is not there: insert the English text directly
        _insert_text_directly(path)
        return
    import_text(
        open_db(path), [str(ARCHIVE / "smashup-catalog.json"), str(ARCHIVE / "smashup-bases.json")]
    )


def _insert_text_directly(path: str) -> None:
    catalog = json.loads((ARCHIVE / "smashup-catalog.json").read_text(encoding="utf-8"))
    by_name = {(c["faction"], fold(c["name"])): i for i, c in CARDS.items()}
    conn = sqlite3.connect(path)
    with conn:
        for f in catalog["factions"]:
            for c in f["cards"]:
                cid = by_name.get((f["slug"], fold(c["name"])))
                if cid and c.get("text"):
                    conn.execute(
                        "INSERT OR REPLACE INTO entity_text (kind, ref, lang, text, source)"
                        " VALUES ('card', ?, 'en', ?, 'test')",
                        (cid, c["text"]),
                    )
    conn.close()


@pytest.fixture(scope="module")
def texted(tmp_path_factory):
    """A catalogue database with the card archive's English text imported; yields (reader, path)."""
    require_shared("card-archive", "smashup-catalog.json")
    require_shared("card-archive", "smashup-bases.json")
    path = str(tmp_path_factory.mktemp("search") / "text.db")
    open_reader(path).close()
    _import_text(path)
    reader = open_reader(path)
    yield reader, path
    reader.close()


def keys(reader, query, lang="en", use_fts=None) -> set[str]:
    return set(Searcher(Catalogue(reader, lang), use_fts=use_fts).keys(query))


# --------------------------------------------------------------------------- facts

EXPECTED = [
    (
        "t:minion f:wechslerbots pow>=4",
        cards(
            lambda c: (
                c["faction"] == "changerbots" and c["type"] == "minion" and (c["power"] or 0) >= 4
            )
        ),
    ),
    ("kw:talent -t:minion", cards(lambda c: "talent" in c["keywords"] and c["type"] != "minion")),
    ("bp>=25 t:base", bases(lambda b: b["breakpoint"] is not None and b["breakpoint"] >= 25)),
    ("t:kreatur f:geister", cards(lambda c: c["faction"] == "ghosts" and c["type"] == "minion")),
    ("t:Basis bp<20", bases(lambda b: b["breakpoint"] is not None and b["breakpoint"] < 20)),
    (
        "(f:robots OR f:aliens) t:minion pow>=4",
        cards(
            lambda c: (
                c["faction"] in ("robots", "aliens")
                and c["type"] == "minion"
                and (c["power"] or 0) >= 4
            )
        ),
    ),
    (
        "f:robots -t:minion",
        cards(lambda c: c["faction"] == "robots" and c["type"] != "minion")
        | bases(lambda b: b.get("faction") == "robots"),
    ),
    (
        "f:robots NOT t:base NOT t:minion",
        cards(lambda c: c["faction"] == "robots" and c["type"] != "minion"),
    ),
    (
        "t:titan OR vp>=5",
        cards(lambda c: c["type"] == "titan") | bases(lambda b: (b["vp"][0] or 0) >= 5),
    ),
    ("t:base -bp<100", bases(lambda b: b["breakpoint"] is None)),
    ("s:core t:base", bases(lambda b: b["product"] == "core-set")),
    (
        "s:core-set -t:base -t:action pow=5",
        cards(
            lambda c: (
                c["faction"] in PRODUCTS["core-set"]["factions"]
                and c["type"] == "minion"
                and c["power"] == 5
            )
        ),
    ),
    (
        "kw:dauerhaft kw:play-on-base",
        cards(lambda c: {"ongoing", "play-on-base"} <= set(c["keywords"])),
    ),
    (
        "kw:extra f:wechslerbots",
        cards(lambda c: c["faction"] == "changerbots" and "special" in c["keywords"]),
    ),
    ("copies>=4 t:minion", cards(lambda c: c["type"] == "minion" and c["copies"] >= 4)),
    (
        "pow!=2 t:kreatur f:robots",
        cards(lambda c: c["faction"] == "robots" and c["type"] == "minion" and c["power"] != 2),
    ),
    ("t:card", cards(lambda c: True)),
    ("lang:de", ALL),
    (
        "f:zombies t:base OR f:zombies kw:ongoing",
        bases(lambda b: b.get("faction") == "zombies")
        | cards(lambda c: c["faction"] == "zombies" and "ongoing" in c["keywords"]),
    ),
    (
        "vp3=0 bp<=15",
        bases(lambda b: b["vp"][2] == 0 and b["breakpoint"] is not None and b["breakpoint"] <= 15),
    ),
]


@pytest.mark.parametrize("query, expected", EXPECTED, ids=[q for q, _ in EXPECTED])
@pytest.mark.parametrize("use_fts", [None, False], ids=["fts", "like"])
def test_query_finds_exactly_the_expected_items(plain, query, expected, use_fts):
    assert expected, "the expectation must not be empty"
    assert keys(plain[0], query, use_fts=use_fts) == expected


def test_changerbots_example_is_not_trivial(plain):
    found = keys(plain[0], "t:minion f:wechslerbots pow>=4")
    assert 0 < len(found) < sum(1 for c in CARDS.values() if c["faction"] == "changerbots")


QUERIES_FOR_COMPLEMENT = [
    "pow>=4",
    "bp<20",
    "f:robots",
    "s:core",
    "kw:talent",
    "t:minion",
    "vp>3",
    "leader",
    '"the touch"',
    "f:robots OR bp>20",
]


@pytest.mark.parametrize("query", QUERIES_FOR_COMPLEMENT)
def test_negation_is_the_complement(plain, query):
    yes = keys(plain[0], query)
    no = keys(plain[0], f"-({query})")
    assert yes.isdisjoint(no) and yes | no == ALL


# --------------------------------------------------------------------------- names


@pytest.mark.parametrize(
    "query",
    [
        "Cäsiumrüstung",
        "casiumrustung",
        "CÄSIUM",
        "cesium armor",
        '"Cesium Armor"',
        "n:cäsium",
        'name:"cesium armor"',
    ],
)
@pytest.mark.parametrize("use_fts", [None, False], ids=["fts", "like"])
def test_names_in_any_language_case_and_accent_insensitive(plain, query, use_fts):
    assert "card:cesium-armor" in keys(plain[0], query, use_fts=use_fts)


def test_lang_restricts_name_matching(plain):
    r = plain[0]
    assert "card:cesium-armor" in keys(r, "lang:de cäsium")
    assert "card:cesium-armor" not in keys(r, "lang:de cesium")
    assert "card:cesium-armor" in keys(r, "lang:en cesium")
    assert "card:cesium-armor" not in keys(r, "lang:en cäsium")


def test_words_match_word_starts_and_phrases_whole_words(plain):
    r = plain[0]
    assert "card:leader-two" in keys(r, "lead")
    assert "card:leader-two" not in keys(r, "eader")
    assert "card:leader-two" not in keys(r, '"lead two"')
    assert keys(r, '"leader two"') == {"card:leader-two"}


def test_faction_and_product_values_resolve(plain):
    r = plain[0]
    changer = cards(lambda c: c["faction"] == "changerbots") | bases(
        lambda b: b.get("faction") == "changerbots"
    )
    for value in (
        "changerbots",
        "Wechslerbots",
        "WECHSLER",
        "changerb",
        '"Wechslerbots"',
        "wechslerböts",
    ):
        assert keys(r, f"f:{value}") == changer, value
    core = keys(r, "s:core-set")
    assert core == keys(r, 's:"Core Set"') == keys(r, "s:CORE")
    assert core >= cards(lambda c: c["faction"] in PRODUCTS["core-set"]["factions"])


def test_unknown_and_ambiguous_values_are_query_errors(plain):
    s = Searcher(Catalogue(plain[0], "en"))
    with pytest.raises(QueryError) as err:
        s.search("t:minion f:wexlerbots")
    assert "unknown faction 'wexlerbots'" in str(err.value) and "Wechslerbots" in str(err.value)
    assert str(err.value).endswith("at column 12")
    with pytest.raises(QueryError) as err:
        s.search("f:s")
    assert "ambiguous" in str(err.value)
    with pytest.raises(QueryError) as err:
        s.search("s:nosuchbox")
    assert "unknown product" in str(err.value)


def test_results_carry_display_fields(plain):
    found = Searcher(Catalogue(plain[0], "de")).search("t:minion f:wechslerbots pow>=4", limit=1)
    assert found["total"] >= 2 and found["shown"] == 1
    item = found["results"][0]
    assert (
        item["kind"] == "card"
        and item["type"] == "minion"
        and item["faction"]["name"] == "Wechslerbots"
    )
    assert item["power"] >= 4 and item["name_lang"] in ("de", "en") and item["excerpt"] is None
    base = Searcher(Catalogue(plain[0], "en")).search("bp>=25 t:base", limit=None)["results"][0]
    assert base["breakpoint"] >= 25 and len(base["vp"]) == 3 and base["product"]["id"]


def test_results_are_in_catalogue_order_cards_then_bases(plain):
    found = Searcher(Catalogue(plain[0], "en")).search("f:robots", limit=None)["results"]
    kinds = [i["kind"] for i in found]
    assert kinds == sorted(kinds, key=lambda k: k != "card")
    assert [i["id"] for i in found if i["kind"] == "card"] == [
        c["id"] for c in FACTIONS["robots"]["cards"]
    ]


# --------------------------------------------------------------------------- text

TEXT_QUERIES = [
    '"extra minion"',
    "o:destroy",
    "text:madness",
    'o:"play on a base"',
    "draw -t:minion",
    "gun OR o:ninja",
    'text:"power counter" pow>=3',
    "o:talent -kw:talent",
    "lang:en o:shuffle",
    "f:zombies o:discard",
    "zerstor",
    "o:ongoing t:base",
]


@pytest.mark.parametrize("query", TEXT_QUERIES)
def test_fts_and_like_give_the_same_results(texted, query):
    assert keys(texted[0], query, use_fts=None) == keys(texted[0], query, use_fts=False)


def test_fts_is_used_when_available(texted):
    from smashup_db.search.index import META_KEY, uses_fts

    r = texted[0]
    assert uses_fts(r.scalar("SELECT value FROM meta WHERE key = :k", k=META_KEY))
    assert (
        r.scalar("SELECT COUNT(*) FROM search_fts")
        == r.scalar("SELECT COUNT(*) FROM search_doc")
        > 2000
    )


def test_text_matches_and_highlights(texted):
    found = Searcher(Catalogue(texted[0], "en")).search('"extra minion" t:action', limit=None)
    assert found["total"] > 10
    for item in found["results"]:
        assert item["type"] == "action" and item["excerpt"]
        spans = item["highlights"]
        assert spans, item["id"]
        s, e = spans[0]
        assert fold(item["excerpt"][s:e]) == "extra minion"


def test_kw_on_bases_uses_their_text(texted):
    found = keys(texted[0], "kw:talent -t:minion")
    assert cards(lambda c: "talent" in c["keywords"] and c["type"] != "minion") <= found
    r = texted[0]
    for key in found:
        kind, ref = key.split(":")
        if kind == "base":
            assert (
                "talent:"
                in r.scalar(
                    "SELECT text FROM entity_text WHERE kind = 'base' AND ref = :r AND lang = 'en'",
                    r=ref,
                ).lower()
            )


def test_index_follows_new_text(texted, tmp_path):
    """A writer (here: import translations) updates the index in its own transaction; a search only reads."""
    from smashup_db.importer.translation_csv import import_translations, parse_translations

    reader, path = texted
    assert keys(reader, "xylophonic") == set()

    def give_text(text: str) -> None:
        rows = parse_translations(
            "kind,id,lang,name,text\ncard,leader-two,de,,%s\n" % text, "t.csv"
        )
        import_translations(reader.url, rows, "t.csv")

    give_text("Ein xylophonischer Text")
    for fts in (None, False):
        assert keys(reader, "xylophon", use_fts=fts) == {"card:leader-two"}
        assert keys(reader, "lang:de o:xylophon", use_fts=fts) == {"card:leader-two"}
        assert keys(reader, "lang:en xylophon", use_fts=fts) == set()
    give_text("Ein anderer Text")
    assert keys(reader, "xylophon") == set() and keys(reader, "xylophon", use_fts=False) == set()


def test_find_spans_maps_folded_matches_back_to_the_text():
    text = "Play an extra Minion; Cäsium-Rüstung!"
    q = parse('"extra minion" casium')
    assert [text[s:e] for s, e in find_spans(text, q.highlight_terms())] == [
        "extra Minion",
        "Cäsium",
    ]


def _fold_one_by_one(text: str) -> tuple[str, list[int]]:
    """The folding the excerpts' highlights are defined by: each character on its own."""
    chars, index = [], []
    for k, ch in enumerate(text):
        for c in ascii_fold(ch).casefold() or " ":
            chars.append(c if ("0" <= c <= "9" or "a" <= c <= "z") else " ")
            index.append(k)
    return "".join(chars), index


@settings(deadline=None, suppress_health_check=[HealthCheck.too_slow])  # green on a loaded machine
@given(
    st.text(
        st.one_of(
            st.characters(max_codepoint=0x2FFF, exclude_categories=["Cs"]),
            st.sampled_from("ßẞÆæØøÄöü’‘“”–—…•ﬁ½İ\u0301ǅ"),  # folding to 0, 2 or 3 characters
        ),
        max_size=40,
    )
)
def test_folding_a_whole_text_equals_folding_it_character_by_character(text):
    """The whole-string fold of the excerpts gives the same string and source offsets as the
    character-by-character one (ASCII texts, ones whose characters keep their length, and not)."""
    folded, index = _folded_with_map(text)
    assert (folded, list(index)) == _fold_one_by_one(text)


def test_highlights_after_characters_that_fold_longer():
    text = "Straße … Weiße Rüstung: ﬁnal"
    q = parse("weisse rustung final")
    assert [text[s:e] for s, e in find_spans(text, q.highlight_terms())] == [
        "Weiße",
        "Rüstung",
        "ﬁnal",
    ]


# --------------------------------------------------------------------------- CLI


def test_cli_table_json_and_errors(cli, db_path):
    res = cli("search", "t:minion f:wechslerbots pow>=4", "--lang", "de")
    assert res.exit_code == 0, res.output
    assert "Wechslerbots" in res.output and "Kreatur" in res.output
    res = cli("search", "bp>=25 t:base", "--json", "--limit", "3")
    data = json.loads(res.output)
    assert data["shown"] == 3 and data["total"] == len(EXPECTED[2][1])
    assert all(r["breakpoint"] >= 25 for r in data["results"])
    res = cli("search", "pow>=4 OR (bp<20 AND t:base))")
    assert res.exit_code == 1
    assert res.output.strip() == "error: unexpected ')' at column 29"
    res = cli("search", "f:wexlerbots")
    assert res.exit_code == 1 and "Wechslerbots" in res.output
    res = cli("search", "powr>=4")
    assert res.exit_code == 1 and "did you mean 'power'" in res.output


def test_cli_help_documents_the_language(tmp_path):
    """In a child process: help texts are built once per process, in the language of the first
    command line that loads them (an in-process run after ``--lang de`` would show German help)."""
    res = smashup(smashup_env(str(tmp_path / "help.db")), "search", "--help")
    assert res.returncode == 0, res.stderr
    for word in ("faction:", "kw:", "breakpoint", "OR", "Kreatur", "Examples"):
        assert word in res.stdout


def test_a_part_of_a_german_compound_finds_the_word(cli, db_path):
    """German compound words: searching a part of the word finds it ("Rüstung" -> Cäsiumrüstung)."""
    import json

    for query in ("Rüstung", "rüstung lang:de", "rüst", "RUSTUNG"):
        found = json.loads(cli("search", query, "--lang", "de", "--json").stdout)
        assert "cesium-armor" in [r["id"] for r in found["results"]], query
    # an English word is not split, and a short ending alone finds nothing new
    found = json.loads(cli("search", "armor lang:en", "--json").stdout)
    assert "cesium-armor" in [r["id"] for r in found["results"]]
    assert json.loads(cli("search", "ung lang:de", "--json").stdout)["total"] == 0


def test_word_parts_of_a_compound():
    from smashup_db.common.text import word_parts

    parts = word_parts("casiumrustung")
    assert "rustung" in parts and "umrustung" in parts and "casiumrustung" not in parts
    assert all(len(p) >= 4 for p in parts)
    assert word_parts("laser") == [] and word_parts("12345678") == []
