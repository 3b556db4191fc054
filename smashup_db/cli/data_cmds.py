"""Maintainer and database commands: data compile, data check, db build."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated, Optional

import typer

from smashup_db.cli.app import DbOpt, JsonOpt, app, emit_json, fail, user_errors

data_app = typer.Typer(help="Maintain the compiled catalogue in data/ (for maintainers).", no_args_is_help=True)
db_app = typer.Typer(help="Manage the database.", no_args_is_help=True)
app.add_typer(data_app, name="data")
app.add_typer(db_app, name="db")

DataDirOpt = Annotated[Optional[Path], typer.Option("--data", help="The data/ folder (default: the shipped one).",
                                                     show_default=False)]


@data_app.command("compile")
def data_compile(sources: Annotated[Path, typer.Option("--sources", help="Folder of public source data (../shared/data).")],
                 data: DataDirOpt = None) -> None:
    """Compile the public sources into data/ (deterministic: twice gives identical files).

    Applies data/curated/corrections.json and prints what it could not match.
    Example: smashup data compile --sources ../shared/data
    """
    from smashup_db.compiler.compile import compile_catalogue
    from smashup_db.compiler.datafiles import PACKAGE_DIR

    target = data or PACKAGE_DIR.parent / "data"
    if not (target / "curated").is_dir():
        fail(f"{target}: no curated/ folder (products.json, corrections.json); use --data to point at data/")
    with user_errors():
        report = compile_catalogue(sources, target)
    from smashup_db.i18n.terms import active_lang, msg

    L = active_lang()
    for w in report.warnings:
        typer.echo(f"{msg('warning', L)} {w}", err=True)
    typer.echo(msg("wrote_files", L, n=report.files, target=target,
                   counts=", ".join(f"{k} {v}" for k, v in report.counts.items())))
    from smashup_db.compiler.printdiff import RULES

    used = set()
    for sources, s in report.by_source.items():
        typer.echo(msg("source_differences", L, sources=sources, n=s["found"],
                       settled=", ".join(f"{how} {n}" for how, n in s["settled"].items())))
        used |= {how.partition("(")[2].rstrip(")") for how in s["settled"]}
    for rule in RULES:
        if rule in used:
            typer.echo(msg("settling_rule", L, rule=rule, why=RULES[rule]))


@data_app.command("check")
def data_check(data: DataDirOpt = None, json_out: JsonOpt = False) -> None:
    """Validate data/: ids, faction decks of 20, minion power, base stats, translated names.

    Prints each problem as 'file: field: message'; exits 0 only when clean.
    Example: smashup data check
    """
    from smashup_db.compiler.check import check_data

    problems = check_data(data)
    if json_out:
        emit_json([p.__dict__ for p in problems])
    else:
        for p in problems:
            typer.echo(str(p))
        from smashup_db.i18n.terms import active_lang, count, msg

        L = active_lang()
        typer.echo(count("problem", len(problems), L) if problems else msg("data_clean", L), err=bool(problems))
    if problems:
        raise typer.Exit(1)


@db_app.command("build")
def db_build(db: DbOpt = None, data: DataDirOpt = None) -> None:
    """Rebuild the catalogue facts from data/ in one transaction.

    Imported text, translations and your collection are kept; imported rows
    whose id no longer exists are listed. Example: smashup db build
    """
    from smashup_db.cli.writes import db_build as run

    run(db=db, data=data)


@db_app.command("recover")
def db_recover(db: DbOpt = None, json_out: JsonOpt = False) -> None:
    """Rescue your data from a damaged database file into a fresh one.

    Reads your collection, game log, presets and imported names, text and
    rulings as far as the damaged file still allows, keeps that file as
    FILE.damaged-TIME, builds a fresh database in its place and writes the
    rescued rows into it. SQLite files only. Example: smashup db recover
    """
    from smashup_db.db import resolve_url
    from smashup_db.userdata.recover import recover

    with user_errors():
        report = recover(resolve_url(db))
    if json_out:
        return emit_json(report.as_dict())
    from smashup_db.i18n.terms import active_lang, msg

    L = active_lang()
    typer.echo(msg("kept_damaged", L, path=report.damaged_copy))
    for table, n in report.salvaged.items():
        lost = report.unreadable.get(table, 0)
        typer.echo(msg("rescued", L, table=table, n=n) + (msg("unreadable", L, n=lost) if lost else ""))

