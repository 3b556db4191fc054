"""German input where German is shown (issue 32): the option values the CLI shows in German are
taken back in German, and names typed with other spaces, hyphens or "ae/oe/ue/ss" spellings find
the right faction, card or box in every look-up."""

from __future__ import annotations

import pytest

from helpers import TYPED, json_ok


@pytest.mark.parametrize("lang", ["de", "en"])
def test_each_spelling_resolves_in_the_look_ups(cli, lang):
    for typed, (command, ref) in TYPED.items():
        res = cli(command, typed, "--lang", lang)
        assert res.exit_code == 0, (typed, res.output)
        first = res.output.splitlines()[0]
        assert f"({ref})" in first, (typed, first)  # the thing itself, not a "did you mean"
        assert json_ok(cli(command, typed, "--json", "--lang", lang))["id"] == ref


def test_spellings_work_wherever_a_name_is_typed(cli):
    """The draft's --ban/--include, bases deck -f and collection add take the same spellings."""
    res = cli("bases", "deck", "-f", "Wechsler-Bots,Astro Knights", "-n", "2", "--json")
    assert json_ok(res)["base_deck"]
    draft = json_ok(
        cli("draft", "-p", "A,B", "--auto", "--seed", "3", "--include", "Kungfu Kämpfer", "--json")
    )
    assert any("kung-fu-fighters" in facs for facs in draft["players"].values())
    for typed in ("Grundspiel", "Wahnsinns-Level 9000", "wahnsinnslevel9000"):
        res = cli("collection", "add", typed, "--owner", "Anna", "--lang", "de")
        assert res.exit_code == 0, (typed, res.output)
    owned = json_ok(cli("collection", "list", "--json"))
    assert {r["product"]["id"] for r in owned} == {"core-set", "awesome-level-9000"}


def test_unknown_names_still_get_suggestions(cli):
    res = cli("faction", "Wechslerbotz", "--lang", "de")
    assert res.exit_code == 1 and "Wechslerbots" in res.output
    res = cli("card", "Caesiumruestun", "--lang", "de")  # the start of a spelling: said, then shown
    assert res.exit_code == 0 and "(cesium-armor)" in res.output
    res = cli("collection", "add", "Grundspil", "--lang", "de")
    assert res.exit_code == 1 and "Smash Up" in res.output  # the box the alias Grundspiel names


def test_preset_takes_german_complexity_and_format(cli):
    res = cli("preset", "save", "familie", "--complexity", "niedrig,mittel", "--lang", "de")
    assert res.exit_code == 0, res.output
    res = cli("preset", "save", "abend", "--complexity", "Hoch", "--format", "Schlange")
    assert res.exit_code == 0, res.output
    shown = cli("preset", "list", "--lang", "de").output
    assert "familie:" in shown and "niedrig,mittel" in shown and "hoch" in shown
    assert "low,medium" in cli("preset", "list").output
    saved = {p["name"]: p["options"] for p in json_ok(cli("preset", "list", "--json"))}
    assert saved["familie"]["complexity"] == ["low", "medium"]
    assert saved["abend"]["format"] == "snake"
    res = cli("preset", "save", "x", "--complexity", "sehr schwer", "--lang", "de")
    assert res.exit_code == 1 and "sehr schwer" in res.output


@pytest.mark.parametrize(
    ("typed", "canonical"),
    [
        ("Schlange", "snake"),
        ("zufällig", "random"),
        ("zufaellig", "random"),
        ("Angebot", "offer"),
        ("eine zufällig, eine gewählt", "pick-one-random"),
        ("pick-one-random", "pick-one-random"),
    ],
)
def test_draft_formats_in_german(cli, typed, canonical):
    res = cli("draft", "-p", "A,B,C", "--auto", "--seed", "5", "--format", typed, "--json")
    assert json_ok(res)["format"] == canonical


@pytest.mark.parametrize(
    ("typed", "canonical"),
    [
        ("set", "set"),
        ("Erweiterung", "set"),
        ("fraktion", "faction"),
        ("Alle", "all"),
        ("faction", "faction"),
    ],
)
def test_base_modes_in_german(cli, typed, canonical):
    res = cli("bases", "deck", "-f", "zombies,ninjas", "-n", "2", "--base-mode", typed, "--json")
    assert json_ok(res)["base_mode"] == canonical


@pytest.mark.parametrize(
    ("typed", "canonical"),
    [
        ("deutsch", "german"),
        ("Deutsch", "german"),
        ("original", "original"),
        ("aktuell", "current"),
        ("german", "german"),
    ],
)
def test_printings_in_german(cli, typed, canonical):
    card = json_ok(cli("card", "soldier", "--printing", typed, "--json"))
    assert card["printing"] == canonical
    res = cli("collection", "add", "core set", "--owner", "Ben", "--printing", typed)
    assert res.exit_code == 0, res.output
