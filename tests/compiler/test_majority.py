"""The majority rule (compiler/settle.py), printed spellings and The Bride, on the committed data."""

from __future__ import annotations

import json
import shutil

import pytest

from helpers import DATA
from smashup_db.compiler.check import check_data
from smashup_db.compiler.difference import KADSUNO, Difference
from smashup_db.compiler.settle import by_majority, tally


def _diff(sources: str, original, current, evidence: str = "") -> Difference:
    return Difference(
        "card", sources, "Sheep", "Black Sheep", "Black Sheep", "power", original, current,
        id="black-sheep", evidence=evidence,
    )  # fmt: skip


def test_two_sources_against_the_archive_decide():
    diffs = [
        _diff(KADSUNO, 4, 3, "kadsuno-factions/x.json"),
        _diff("card-archive/zhuanggenhua-classic", 4, 3, "zhuanggenhua/cards.tsv line 1"),
        _diff("card-archive/zhuanggenhua-pod", 5, 3, "zhuanggenhua/cards.tsv line 2"),
    ]
    t = tally(diffs)
    assert t.value == 4
    # the engine's pod file is the same source as its classic file: one vote
    assert t.votes == {"Kadsuno": 4, "zhuanggenhua": 4, "card archive": 3}
    assert t.worded() == "Kadsuno 4, zhuanggenhua 4 against card archive 3"
    settled, decided, split = by_majority(diffs)
    assert [d.rule for d in settled] == ["majority"] * 3
    assert all(d.status == "corrected" for d in settled) and decided and not split


def test_one_against_one_stays_unresolved_and_names_the_sources():
    diffs = [_diff(KADSUNO, 4, 3)]
    settled, decided, split = by_majority(diffs)
    assert settled[0].status == "unresolved" and not decided
    assert split[0].value is None
    assert split[0].worded() == "evenly split: Kadsuno 4, card archive 3"


def _cards(fid: str) -> dict:
    doc = json.loads((DATA / "factions" / f"{fid}.json").read_text(encoding="utf-8"))
    return {c["id"]: c for c in doc["cards"]}


@pytest.mark.parametrize(("fid", "cid"), [("sheep", "black-sheep"), ("musketeers", "dartagnan")])
def test_majority_powers_with_their_sources(fid, cid):
    card = _cards(fid)[cid]
    assert card["power"] == 4 and "note" not in card
    doc = json.loads((DATA / "printings.json").read_text(encoding="utf-8"))
    rows = [r for r in doc["printings"] if r["id"] == cid]
    assert rows and all(r["power"] == 4 for r in rows)
    for r in rows:
        assert "kadsuno-factions/" in r["evidence"] and "zhuanggenhua/cards.tsv" in r["evidence"]
        assert r["reason"].startswith("the majority decides power 4: Kadsuno 4, zhuanggenhua 4")
    diffs = [d for d in doc["differences"] if d.get("id") == cid and d["field"] == "power"]
    assert diffs and all(d["rule"] == "majority" for d in diffs)


def test_data_check_fails_on_unknown_power_a_majority_decides(tmp_path):
    target = tmp_path / "data"
    shutil.copytree(DATA, target)
    path = target / "factions" / "sheep.json"
    doc = json.loads(path.read_text(encoding="utf-8"))
    for c in doc["cards"]:
        if c["id"] == "black-sheep":
            c.update(power=None, note="power unknown")
    path.write_text(json.dumps(doc), encoding="utf-8")
    problems = [str(p) for p in check_data(target)]
    assert any("black-sheep.power" in p and "a majority decides 4" in p for p in problems)


def test_no_minion_of_unknown_power_left():
    for path in sorted((DATA / "factions").glob("*.json")):
        doc = json.loads(path.read_text(encoding="utf-8"))
        for c in doc["cards"]:
            if c["type"] in ("minion", "fusion"):
                assert c["power"] is not None, (path.name, c["name"])


def _corrections() -> list[dict]:
    doc = json.loads((DATA / "curated" / "corrections.json").read_text(encoding="utf-8"))
    return doc["corrections"]


def test_printed_spellings_are_the_names_with_evidence():
    renamed = {
        c["set"]["name"]: c
        for c in _corrections()
        if c["kind"] == "card" and c.get("set", {}).get("name")
    }
    assert _cards("goblins")["bushwacking"]["name"] == "Bushwhacking"
    assert _cards("tricksters")["take-the-shinies"]["name"] == "Take the Shinies"
    assert _cards("mad-scientists")["mad-scientists-titan"]["name"] == "The Bride"
    for name, corr in renamed.items():
        assert "card-archive/card-art/" in corr["evidence"], name
        # the printed picture and at least one other source
        assert "kadsuno-factions/" in corr["evidence"] or "zhuanggenhua/" in corr["evidence"]


def test_archive_spelling_resolves(cli):
    for query, name in (
        ("Bushwacking", "Bushwhacking"),
        ("Take The Shinies", "Take the Shinies"),
        ("Bushwhacking", "Bushwhacking"),
    ):
        result = cli("card", query, "--json")
        assert result.exit_code == 0, result.output
        assert json.loads(result.output)["name"] == name
