"""Site commands: ``smashup site build`` and ``smashup site serve``."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from smashup_db.cli.opts import WHOLE, DbOpt
from smashup_db.cli.output import user_errors
from smashup_db.i18n import _

app = typer.Typer(
    add_completion=False,
    name="site",
    help=_("Build or preview the static reference website (English and German)."),
    no_args_is_help=True,
)


@app.command(
    "build",
    help=_(
        "Render the catalogue as a static website: one tree per language, downloads, search.\n"
        "\n"
        "Builds into a temporary folder beside --out and swaps it in only when every\n"
        "page is written; on any error the previous site stays as it was.\n"
        "\n"
        "Examples: smashup site build; smashup site build --out public --base-url /smashup/;\n"
        "smashup site build --out docs --extra static (ships static/CNAME)"
    ),
)
def build(
    out: Annotated[
        Path,
        typer.Option(
            "--out", "-o", help=_("Output folder (replaced only when the build is complete).")
        ),
    ] = Path("site"),
    lang: Annotated[
        str, typer.Option("--lang", "-l", help=_("Languages, comma-separated: en, de."))
    ] = "en,de",
    base_url: Annotated[
        str,
        typer.Option(
            "--base-url",
            help=_("Where the site will be published: / or /path/ or https://host/path/."),
        ),
    ] = "/",
    search: Annotated[
        bool,
        typer.Option(
            "--search/--no-search",
            help=_("Build the Pagefind search index (needs the pagefind binary)."),
        ),
    ] = True,
    db: DbOpt = None,
    images: Annotated[
        bool,
        typer.Option(
            "--images/--no-images",
            help=_("Show the card pictures imported with smashup import images."),
        ),
    ] = True,
    extra: Annotated[
        Path | None,
        typer.Option(
            "--extra",
            help=_(
                "Folder of files shipped as they are at the top of the site (CNAME, favicon.ico, .nojekyll)."
            ),
        ),
    ] = None,
) -> None:
    from smashup_db.cli.output import stage_progress
    from smashup_db.site import build_site

    with user_errors(), stage_progress() as progress:
        result = build_site(
            out,
            lang,
            base_url,
            db,
            search=search,
            progress=progress,
            images=images,
            extra=extra,
        )
    from smashup_db.cli.output import say
    from smashup_db.i18n import render
    from smashup_db.i18n.terms import active_lang, msg

    L = active_lang()
    say(
        msg(
            "built_site",
            L,
            pages=result.pages,
            langs=", ".join(result.langs),
            secs=f"{result.seconds:.1f}",
            out=result.out,
        )
    )
    if result.reused:
        say(
            _("{n} of them unchanged since the last build: taken from it, not rendered").format(
                n=result.reused
            )
        )
    say(render(result.search_note, L))
    if not result.has_text:
        from smashup_db.importer.pinned import where

        say(msg("no_rules_text", L, source=where()))
    if result.faces:
        say(_("card pictures shown: {n}").format(n=result.faces))


@app.command(
    "serve",
    help=_(
        "Preview a built site on http://127.0.0.1:PORT/ (Ctrl+C stops).\n"
        "\n"
        "Example: smashup site serve --port 8000 --dir site"
    ),
)
def serve(
    port: Annotated[
        int, typer.Option("--port", "-p", help=_("Port on 127.0.0.1."), **WHOLE)
    ] = 8000,
    folder: Annotated[Path, typer.Option("--dir", "-d", help=_("Folder of a built site."))] = Path(
        "site"
    ),
) -> None:
    from smashup_db.site import make_server

    with user_errors():
        server = make_server(folder, port, quiet=False)
        from smashup_db.cli.output import say
        from smashup_db.i18n.terms import active_lang, msg

        say(msg("serving", active_lang(), folder=folder, port=server.server_address[1]))
        try:
            server.serve_forever()
        except KeyboardInterrupt:
            say(msg("stopped", active_lang()))
        finally:
            server.server_close()
