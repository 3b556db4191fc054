"""Look-up and game-log output that explains itself: bases with their own VP rule say so (not
0/0/0), the printing shown is said in words (no "german = original"), names are listed as a
sentence lists them, German output writes German dates, the log is ordered by date, English
headings are capitalised alike, and Madness cards counted for a game without a Cthulhu faction
get a remark."""

from __future__ import annotations

import pytest

from helpers import json_ok
from smashup_db.cli.output import fmt_date, fmt_vp, names_and


@pytest.mark.parametrize("base", ["Unicrave", "Rhodes Plaza Mall"])
def test_a_base_with_its_own_vp_rule_says_so_instead_of_0_0_0(cli, base):
    for args, word in ([(), "own rule"], [("--lang", "de"), "eigene Regel"]):
        shown = " ".join(cli("base", base, *args).stdout.split("\n\n")[0].split())
        assert word in shown and "0/0/0" not in shown, shown
    listed = cli("bases", "--json")
    assert listed.exit_code == 0
    table = cli("bases").stdout
    row = next(ln for ln in table.splitlines() if base.split()[0] in ln)
    assert "own rule" in row and "0/0/0" not in row
    scored = cli("score", base, "A=20", "B=5").stdout
    assert "0/0/0" not in scored


def test_the_set_up_sheet_says_own_rule_and_explains_the_english_names(cli, tmp_path):
    """`smashup setup` laid out "Unicrave (20; 0/0/0)", on the terminal and on the printed page,
    and marked English names with '*' without saying why."""
    own_rule = {"unicrave", "rhodes-plaza-mall"}
    args = ["setup", "-f", "changerbots,zombies", "-n", "2"]
    seed = next(
        s
        for s in range(1, 60)
        if own_rule
        & {b["id"] for b in json_ok(cli(*args, "--seed", str(s), "--json"))["bases"]["in_play"]}
    )
    for lang, words in (("en", "own rule"), ("de", "eigene Regel")):
        out = cli(*args, "--seed", str(seed), "--lang", lang).stdout
        laid = " ".join(out.split("\n\n")[0].split())
        assert words in laid and "0/0/0" not in out, out
        page = tmp_path / f"setup-{lang}.html"
        cli(*args, "--seed", str(seed), "--lang", lang, "--format-out", "html", "-o", str(page))
        html = page.read_text(encoding="utf-8")
        assert f"<td>{words}</td>" in html and "0/0/0" not in html
    de = cli(*args, "--seed", str(seed), "--lang", "de").stdout
    assert "*" in de and "* kein deutscher Name bekannt, englischer Name gezeigt" in de, de


def test_fmt_vp_keeps_real_vp_and_unknowns():
    assert fmt_vp([4, 2, 1], "extra-vp") == "4/2/1"
    assert fmt_vp([None, 2, 1]) == "?/2/1"
    assert fmt_vp([0, 0, 0], "replaced", "de") == "eigene Regel"


def test_the_printing_shown_is_said_in_words(cli):
    out = cli("score", "Unicrave", "A=20", "B=5", "--printing", "german").stdout
    assert "german = " not in out and "German edition: same facts as the original printing" in out
    de = cli("score", "Unicrave", "A=20", "B=5", "--printing", "german", "--lang", "de").stdout
    assert "deutsch = " not in de and "deutsche Auflage: dieselben Werte wie die Erstauflage" in de


def test_names_are_listed_as_a_sentence_lists_them():
    assert names_and(["Anna"], "de") == "Anna"
    assert names_and(["Anna", "Cleo"], "de") == "Anna und Cleo"
    assert names_and(["Anna", "Ben", "Cleo"], "en") == "Anna, Ben and Cleo"


def test_the_madness_tie_break_names_the_tied_players_as_a_sentence(cli):
    out = cli(
        "game", "end", "Anna=15", "Ben=15", "Cleo=15", "--madness", "Ben=1,Cleo=1", "--lang", "de"
    )
    assert "wie Ben und Cleo" in " ".join(out.stdout.split()), out.stdout


def test_german_output_writes_german_dates(cli):
    assert (
        fmt_date("2026-12-03", "de") == "03.12.2026"
        and fmt_date("2026-12-03", "en") == "2026-12-03"
    )
    cli(
        "game",
        "record",
        "Anna=16",
        "Ben=3",
        "-f",
        "Anna=Aliens+Ninjas,Ben=Pirates+Robots",
        "--date",
        "2026-11-30",
    )
    de = cli("games", "list", "--lang", "de").stdout
    assert "30.11.2026" in de and "2026-11-30" not in de
    assert "2026-11-30" in cli("games", "list").stdout


def test_games_list_is_ordered_by_date_not_by_number(cli):
    f = ["-f", "Anna=Aliens+Ninjas,Ben=Pirates+Robots"]
    cli("game", "record", "Anna=16", "Ben=3", *f, "--date", "2026-11-30")
    cli(
        "game", "record", "Anna=16", "Ben=3", *f, "--date", "2026-10-01"
    )  # recorded later, played before
    cli("game", "record", "Anna=16", "Ben=3", *f, "--date", "2026-12-01")
    dates = [g["played_on"] for g in json_ok(cli("games", "list", "--json"))]
    assert dates == ["2026-12-01", "2026-11-30", "2026-10-01"]


def test_english_headings_are_capitalised_alike(cli):
    out = cli("score", "USS Undertaking", "Anna=12", "Ben=5").stdout
    assert "Player" in out and "Place" in out and "player" not in out
    draft = cli("draft", "-p", "Anna,Ben", "--auto", "--seed", "1").stdout
    assert "┃ Player" in draft and "┃ player" not in draft


def test_madness_counted_without_a_cthulhu_faction_gets_a_remark(cli):
    cli(
        "draft",
        "-p",
        "Anna,Ben",
        "--auto",
        "--seed",
        "1",
        "--ban",
        "elder-things,innsmouth,minions-of-cthulhu,miskatonic-university",
    )
    out = cli("game", "end", "Anna=16", "Ben=3", "--madness", "Ben=2", "--record")
    assert out.exit_code == 0, out.output
    assert "none of the factions played" in " ".join(out.stdout.split())
    quiet = cli("game", "end", "Anna=16", "Ben=3")  # no Madness cards counted: no remark
    assert "Madness cards were counted" not in quiet.stdout


def test_madness_with_a_cthulhu_faction_gets_no_remark(cli):
    drafted = cli(
        "draft",
        "-p",
        "Anna,Ben",
        "--seed",
        "1",
        "--include",
        "innsmouth",
        "--pick",
        "Anna=innsmouth",
        "--start",
        "Anna",
        "--auto",
    )
    assert drafted.exit_code == 0, drafted.output
    out = cli("game", "end", "Anna=16", "Ben=3", "--madness", "Ben=2", "--record", "--json")
    assert "remark" not in json_ok(out)


def test_search_titles_say_what_they_count(cli):
    some = cli("search", "t:minion f:ninjas").stdout.splitlines()[0].strip()
    assert some.endswith(" results") and some.split()[0].isdigit()
    many = cli("search", "t:minion").stdout.splitlines()[0].strip()
    assert many.startswith("50 of ") and "(--limit 0 shows all)" in many
    de = cli("search", "t:minion", "--lang", "de").stdout.splitlines()[0].strip()
    assert de.startswith("50 von ") and "Treffern" in de


def test_a_german_text_search_without_hits_says_card_text_is_english(cli):
    out = cli("search", "Karte ziehen", "--lang", "de")
    assert out.exit_code == 0
    text = " ".join(out.stdout.split())
    assert text.startswith("keine Treffer") and "Kartentext" in text and "englisch" in text
    fields_only = cli("search", "t:kreatur pow>=99", "--lang", "de")  # no free words: no hint
    assert "Kartentext" not in fields_only.stdout


def test_several_bad_csv_rows_are_listed_one_per_line_without_a_literal_backslash_n(cli, tmp_path):
    bad = tmp_path / "bad\nname.csv"  # a line break in a value stays escaped
    bad.write_text("kind,id,lang,name,text\ncard,nope,de,X,\nfoo,bar,de,Z,\n", encoding="utf-8")
    out = cli("import", "translations", str(bad))
    assert out.exit_code == 1
    lines = out.stderr.splitlines()
    assert lines[0].startswith("error: ") and lines[0].endswith("2 bad rows; nothing was imported")
    assert "bad\\nname.csv" in lines[0]
    assert [ln.split(":")[0] for ln in lines[1:]] == ["  line 2", "  line 3"]
    assert "\\n  line" not in out.stderr
