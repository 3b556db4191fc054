"""`smashup data check` on the committed data and on data broken on purpose."""

from __future__ import annotations

import json
import shutil

import pytest

from helpers import DATA
from smashup_db.compiler.check import check_data


@pytest.fixture
def broken(tmp_path):
    target = tmp_path / "data"
    shutil.copytree(DATA, target)
    return target


def test_committed_data_is_clean(cli):
    result = cli("data", "check")
    assert result.exit_code == 0, result.output
    assert check_data() == []


def _edit(path, fn):
    doc = json.loads(path.read_text(encoding="utf-8"))
    fn(doc)
    path.write_text(json.dumps(doc, ensure_ascii=False), encoding="utf-8")


def test_broken_power_names_file_and_field(broken, cli):
    path = broken / "factions" / "changerbots.json"
    _edit(path, lambda d: d["cards"][0].update(power=None))
    result = cli("data", "check", "--data", str(broken))
    assert result.exit_code == 1
    assert f"{path}: cards[0].power: minion 'Leader Two' has no power" in result.output


def test_deck_size_duplicate_id_and_bad_base(broken):
    _edit(
        broken / "factions" / "aliens.json",
        lambda d: d["cards"][0].update(copies=d["cards"][0]["copies"] + 1),
    )
    _edit(
        broken / "factions" / "ninjas.json", lambda d: d["cards"][1].update(id=d["cards"][0]["id"])
    )
    _edit(broken / "products" / "core-set.json", lambda d: d["bases"][0].update(vp=[3, 2]))
    problems = {(p.file.rsplit("/", 1)[-1], p.field) for p in check_data(broken)}
    assert ("aliens.json", "cards") in problems
    assert ("ninjas.json", "cards[1].id") in problems
    assert ("core-set.json", "bases[0].vp") in problems


def test_dangling_german_name_and_orphan_faction(broken):
    tsv = broken / "i18n" / "de.tsv"
    tsv.write_text(
        tsv.read_text(encoding="utf-8") + "card\tno-such-card\tGibtsNicht\thigh\ttest\n",
        encoding="utf-8",
    )
    _edit(broken / "products" / "core-set.json", lambda d: d["factions"].remove("aliens"))
    problems = check_data(broken)
    fields = {(p.file.rsplit("/", 1)[-1], p.field) for p in problems}
    assert any(f[0] == "de.tsv" and f[1].endswith(".id") for f in fields)
    assert ("aliens.json", "id") in fields


def test_malformed_json_is_named(broken):
    (broken / "factions" / "aliens.json").write_text("{ not json", encoding="utf-8")
    problems = check_data(broken)
    assert (
        len(problems) == 1
        and problems[0].file.endswith("aliens.json")
        and "not valid JSON" in problems[0].message
    )
