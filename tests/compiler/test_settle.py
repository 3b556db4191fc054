"""The printing reconciliation: the Difference record, the ordered settling rules, inputs left as given."""

from __future__ import annotations

import copy
import inspect
import json

from helpers import DATA
from smashup_db.common.text import key
from smashup_db.compiler import settle as rules
from smashup_db.compiler.compile import _Compile
from smashup_db.compiler.difference import Difference
from smashup_db.compiler.printdiff import PrintingInputs, build_printings
from smashup_db.compiler.settle import Evidence, settle

DIFFERENCES = json.loads((DATA / "printings.json").read_text(encoding="utf-8"))["differences"]
PRODUCTS = json.loads((DATA / "curated" / "products.json").read_text(encoding="utf-8"))["products"]


def _base(sources: str, original, **kw) -> Difference:
    return Difference(
        "base",
        sources,
        "",
        "Some Base",
        "Some Base",
        "vp",
        original,
        [4, 3, 2],
        id="some-base",
        **kw,
    )


def test_every_committed_difference_reads_back_into_the_same_record():
    """as_record keeps the key order of data/printings.json for each pair of sources."""
    assert len({d["sources"] for d in DIFFERENCES}) == 4
    for d in DIFFERENCES:
        again = Difference.from_record(d).as_record()
        assert list(again.items()) == list(d.items()), d


def test_the_first_rule_that_applies_settles_a_difference():
    pod = _base("card-archive/zhuanggenhua-pod", [3, 2, 1])
    review = {"source": "zhuanggenhua", "name": "Some Base", "status": "reviewed", "reason": "seen"}
    given = Evidence([], [review], {})
    reviewed, used = settle([pod], rules.OTHER_SOURCE_RULES, given)
    assert used == {0} and given.used == set()  # the review settled it; the evidence given is kept
    assert (reviewed[0].status, reviewed[0].rule, reviewed[0].reason) == (
        "reviewed",
        "curated",
        "seen",
    )
    third = settle([pod], rules.OTHER_SOURCE_RULES, Evidence([], [], {}))[0]
    assert (third[0].status, third[0].rule) == ("reviewed", "pod-third-opinion")
    assert pod.status == "unresolved"  # the record given is left as it was


def test_two_older_sources_agreeing_make_an_original_printing():
    classic = _base("card-archive/zhuanggenhua-classic", [3, 2, 1])
    early = _base("card-archive/fabikw", [3, 2, 1], product="Core Set")
    given = [classic, early]
    out = settle(given, rules.OTHER_SOURCE_RULES, Evidence([], [], {}))[0]
    assert [(d.status, d.rule) for d in out] == [("printing", "two-against-one")] * 2
    alone = settle([classic], rules.OTHER_SOURCE_RULES, Evidence([], [], {}))[0]
    assert alone[0].status == "unresolved"
    assert given == [classic, early]


def test_weak_evidence_comes_from_the_data_not_from_the_rule():
    early = _base("card-archive/fabikw", [9, 9, 9], product="Some Box")
    weak = Evidence([], [], {}, weak_products={"fabikw": {key("Some Box")}})
    assert settle([early], rules.OTHER_SOURCE_RULES, weak)[0][0].rule == "weak-evidence"
    assert (
        settle([early], rules.OTHER_SOURCE_RULES, Evidence([], [], {}))[0][0].status == "unresolved"
    )


def test_rules_are_named_documented_and_name_no_product():
    names = [p["en"] for p in PRODUCTS] + [a for p in PRODUCTS for a in p.get("aliases", [])]
    for rule in (*rules.KADSUNO_RULES, *rules.OTHER_SOURCE_RULES, rules.classic_and_pod):
        assert rule.__doc__, rule
        source = inspect.getsource(rule)
        assert not [n for n in names if n in source], rule
    used = {d["rule"] for d in DIFFERENCES if d["rule"]}
    assert used <= set(rules.RULES)


def test_build_printings_changes_nothing_it_is_given(shared_data):
    c = _Compile(shared_data, DATA)
    for step in (
        c.products,
        c.factions,
        c.order,
        c.cards,
        c.bases,
        c.german_names,
        c.german_editions,
    ):
        step()
    given = PrintingInputs(
        products=c.products_,
        factions=c.factions_,
        bases=c.bases_,
        raw_factions=c.raw_factions,
        decks=c.original_decks,
        curated=c.curated_printings,
        corrections=c.corrections,
        product_by_key=c.product_by_key,
        engine=c.engine,
        scoring_tool=c.scoring_tool,
    )
    before = copy.deepcopy(given)
    found = build_printings(given)
    assert given == before
    assert found.titans and found.base_stats and found.differences
    # what the catalogue takes comes back instead: titans' products, the engine-only base stats
    titan_ids = {c["id"] for f in c.factions_ for c in f["cards"] if c["type"] == "titan"}
    assert set(found.titans) == titan_ids
    unknown = {b["id"] for b in c.bases_ if b["breakpoint"] is None}
    assert set(found.base_stats) <= unknown
