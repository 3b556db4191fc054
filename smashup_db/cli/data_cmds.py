"""``smashup data``: maintain the compiled catalogue in data/ (compile, check; for maintainers)."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from smashup_db.cli.opts import DataDirOpt, JsonOpt
from smashup_db.cli.output import emit_json, fail, user_errors
from smashup_db.i18n import N_, _

app = typer.Typer(
    add_completion=False,
    name="data",
    help=_("Maintain the compiled catalogue in data/ (for maintainers)."),
    no_args_is_help=True,
)


@app.command(
    "compile",
    help=_(
        "Compile the public sources into data/ (deterministic: twice gives identical files).\n"
        "\n"
        "Applies data/curated/corrections.json and prints what it could not match.\n"
        "Example: smashup data compile --sources ../shared/data"
    ),
)
def data_compile(
    sources: Annotated[
        Path, typer.Option("--sources", help=_("Folder of public source data (../shared/data)."))
    ],
    data: DataDirOpt = None,
) -> None:
    from smashup_db.compiler.compile import compile_catalogue
    from smashup_db.compiler.datafiles import PACKAGE_DIR

    target = data or PACKAGE_DIR.parent / "data"
    if not (target / "curated").is_dir():
        fail(
            N_(
                "{path}: no curated/ folder (products.json, corrections.json); use --data to point at data/"
            ),
            path=target,
        )
    with user_errors():
        if not (target / "curated").is_dir():
            fail(
                f"{target}: no curated/ folder (products.json, corrections.json); use --data to point at data/"
            )
        report = compile_catalogue(sources, target)
    from smashup_db.i18n import render
    from smashup_db.i18n.terms import active_lang, msg

    L = active_lang()
    for w in report.warnings:
        typer.echo(f"{msg('warning', L)} {render(w, L)}", err=True)
    typer.echo(
        msg(
            "wrote_files",
            L,
            n=report.files,
            target=target,
            counts=", ".join(f"{k} {v}" for k, v in report.counts.items()),
        )
    )
    from smashup_db.compiler.printdiff import RULES

    used = set()
    for sources, s in report.by_source.items():
        typer.echo(
            msg(
                "source_differences",
                L,
                sources=sources,
                n=s["found"],
                settled=", ".join(f"{how} {n}" for how, n in s["settled"].items()),
            )
        )
        used |= {how.partition("(")[2].rstrip(")") for how in s["settled"]}
    for rule in RULES:
        if rule in used:
            typer.echo(msg("settling_rule", L, rule=rule, why=RULES[rule]))


@app.command(
    "check",
    help=_(
        "Validate data/: ids, faction decks of 20, minion power, base stats, translated names.\n"
        "\n"
        "Prints each problem as 'file: field: message'; exits 0 only when clean.\n"
        "Example: smashup data check"
    ),
)
def data_check(data: DataDirOpt = None, json_out: JsonOpt = False) -> None:
    from smashup_db.compiler.check import check_data

    with user_errors():
        problems = check_data(data)
    from smashup_db.i18n.terms import active_lang, count, msg

    L = active_lang()
    if json_out:
        emit_json([p.__dict__ for p in problems])
    else:
        for p in problems:
            typer.echo(str(p))
        if not problems:
            typer.echo(msg("data_clean", L))
    if (
        problems
    ):  # problems end in one error line (the count) on stderr, as every command that fails does
        typer.echo(f"{msg('error_prefix', L)} {count('problem', len(problems), L)}", err=True)
    if problems:
        raise typer.Exit(1)
