"""Hostile values on the terminal (issue 15): control characters and Rich markup in stored names and
texts, in typed player and owner names, never reach the terminal as escapes or markup.

Runs on SQLite and, with ``SMASHUP_TEST_PG_URL``, on PostgreSQL. The import side of the same values is
tests/importer/test_hostile_import.py; the site's tests/site/test_hostile_site.py.
"""

from __future__ import annotations

from helpers import ESC, db_execute, one_line_error, set_name, set_text, write_csv

# =========================================================================== terminal escapes


def test_terminal_escapes_escaped_on_output(cli, db_path, monkeypatch):
    """Values stored before the import checks (or typed by users) reach the terminal without ESC/BEL."""
    monkeypatch.setenv("COLUMNS", "400")  # wide tables: the escapes are not folded across lines
    assert cli("stats").exit_code == 0
    set_name(db_path, "card", "laser-sword", "en", f"Laser{ESC}")
    set_name(db_path, "faction", "astroknights", "en", f"Astro{ESC}")
    set_name(db_path, "base", "the-homeworld", "en", f"Home{ESC}")
    set_text(db_path, "card", "laser-sword", "en", f"Play on a minion.{ESC}")
    set_text(db_path, "base", "the-homeworld", "en", f"After{ESC}")
    one_line_error(
        cli("collection", "add", "Core Set", "--owner", f"Eve{ESC}"), "--owner"
    )  # refused now
    # (issue 21 item 7); one stored before that check:
    db_execute(
        db_path,
        "INSERT INTO collection (owner, product_id, copies) VALUES (:o, 'core-set', 1)",
        o=f"Eve{ESC}",
    )
    runs = [
        ("card", "laser-sword"),
        ("base", "the-homeworld"),
        ("faction", "astroknights"),
        ("factions",),
        ("search", "f:astroknights t:action"),
        ("collection", "list"),
        ("draft", "--players", f"Eve{ESC},Bob", "--auto", "--seed", "1"),
        ("draft", "--players", f"Eve{ESC},Bob", "--owned", "--auto", "--seed", "1"),
    ]
    for args in runs:
        res = cli(*args)
        assert res.exit_code == 0, (args, res.output)
        assert "\x1b" not in res.output and "\x07" not in res.output, (args, res.output)
        assert "\\x1b" in res.output, (args, res.output)  # shown, visibly escaped
    res = cli("card", f"Laser{ESC}x")  # an unknown name quoted in the error line
    assert res.exit_code == 1 and "\x1b" not in res.output


# =========================================================================== Rich markup


def test_rich_markup_in_user_values(cli, db_path, tmp_path):
    assert cli("stats").exit_code == 0
    path = write_csv(
        tmp_path / "m.csv",
        [
            ["faction", "aliens", "en", "Aliens [/]", ""],
            ["card", "collector", "en", "Collector [bold]", ""],
            ["product", "core-set", "en", "Core [/] Set", ""],
        ],
    )
    assert cli("import", "translations", str(path)).exit_code == 0
    for owner in ("[/]", "Anna [club]"):
        res = cli("collection", "add", "core-set", "--owner", owner)
        assert res.exit_code == 0 and f"{owner}: Core [/] Set, 1 copy" in res.stdout, res.output
    res = cli("collection", "list")
    assert res.exit_code == 0, res.output
    assert "Anna [club]: Core [/] Set x1" in res.stdout and "[/]: Core [/] Set x1" in res.stdout
    res = cli("card", "collector")
    assert res.exit_code == 0 and "Collector [bold]" in res.stdout and "Aliens [/]" in res.stdout, (
        res.output
    )
    res = cli("faction", "aliens")
    assert res.exit_code == 0 and res.stdout.startswith("Aliens [/] (aliens)"), res.output
    res = cli("search", "f:aliens t:minion")
    assert res.exit_code == 0 and "Collector [bold]" in res.stdout, res.output
    res = cli(
        "draft",
        "--players",
        "[/],Anna [club]",
        "--collection",
        "Anna [club]",
        "--auto",
        "--seed",
        "2",
    )
    assert res.exit_code == 0, res.output
    assert "Anna [club]" in res.stdout and "start player: " in res.stdout
