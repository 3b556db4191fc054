"""Game-night commands at the top level: ``smashup draft`` and ``smashup score``."""

from __future__ import annotations

import sys
from typing import Annotated, List, Optional

import typer

from smashup_db.cli import gamenight_print as show
from smashup_db.cli import opts as do
from smashup_db.cli.lookups import catalogue, check_printing
from smashup_db.cli.opts import (
    CollectionOpt,
    DbOpt,
    JsonOpt,
    LangOpt,
    ModeOpt,
    OwnedOpt,
    OwnerOpt,
    SeedOpt,
    owners,
)
from smashup_db.cli.opts import (
    GamePrintingOpt as PrintingOpt,
)
from smashup_db.cli.output import (
    emit_json,
    fail,
    fmt_vp,
    footnote,
    label,
    line,
    printing_source,
    say,
    table,
    terminal_width,
)
from smashup_db.common.sanitize import printable
from smashup_db.i18n import N_, _
from smashup_db.i18n.terms import msg, term

app = typer.Typer(
    add_completion=False
)  # commands of the top level (merged into the root application)


def split_list(value: str) -> list[str]:
    """The non-empty items of a comma-separated option value, stripped."""
    return [v.strip() for v in value.split(",") if v.strip()]


def add_base_stats(cat, res: dict, printing: str | None) -> None:
    """Add ``bases_in_play_stats`` to ``res``: each base's breakpoint, VP, printing and own scoring rule."""
    res["bases_in_play_stats"] = []
    for bid in res["bases_in_play"]:
        row = cat.base(bid, printing)
        res["bases_in_play_stats"].append(
            {
                "id": bid,
                "printing": row.get("printing"),
                "breakpoint": row["breakpoint"],
                "vp": row["vp"],
                "scoring": row["scoring"],
            }
        )


def _interactive(cat, state, rng) -> None:
    """Ask each player in turn; numbers, names (en/de, fuzzy), u = undo, ? = the pool again,
    ? N = a faction's cards, q = stop (exit code 0, nothing kept).

    The pool is shown once; after each pick one line says who took what and one line
    what is left (pool numbers stay the same).
    """
    from smashup_db.i18n import render
    from smashup_db.i18n.option_names import cli_worded
    from smashup_db.rules.draft import DraftError

    L = cat.lang
    show.pool(cat, state)
    line(term("draft_help", L))
    while not state.done:
        try:
            answer = typer.prompt(
                printable(
                    msg("draft_prompt", L, player=state.current_player, round=state.current_round)
                )
            ).strip()
        except (EOFError, typer.Abort):
            fail(N_("draft abandoned (no more input)"))
        if answer.lower() in ("q", "quit", "exit"):
            line(msg("draft_stopped", L))
            raise typer.Exit(0)
        try:
            _answer(cat, state, answer)
        except DraftError as exc:
            line((render(cli_worded(exc), L), "red"))


def _answer(cat, state, answer: str) -> None:
    """Act on one answer at the draft prompt (not ``q``); :class:`DraftError` for a refused one."""
    from smashup_db.gamenight.session import resolve_in

    L = cat.lang
    if answer.lower() in ("u", "undo"):
        undone = state.undo()
        line(
            msg(
                "undone",
                L,
                player=undone["player"],
                faction=label(cat.named("faction", undone["faction"]), L),
            )
        )
        show.left(cat, state)
    elif answer == "?":
        show.pool(cat, state)
        show.holdings(cat, state)
    elif answer.startswith("?"):
        show.faction_cards(cat, resolve_in(cat, answer[1:].strip(), state.pool))
    else:
        picked = state.pick(resolve_in(cat, answer, state.pool))
        line(f"{picked['player']} → {label(cat.named('faction', picked['faction']), L)}")
        if not state.done:
            show.left(cat, state)


@app.command(
    help=_(
        "Run the rulebook's formal snake draft, then build the base deck and lay out the bases.\n"
        "\n"
        "Pool of random factions, random start player, one pick each clockwise, then back "
        "(1 2 3 3 2 1); nobody holds a faction twice, and two players share one only when two "
        'copies of a box with it are owned (German rulebook, "Prügeln wir uns nach Regeln!"). '
        "Without --auto or --pick each player is asked in turn; --pick takes a pool number or a "
        "faction name.\n"
        "\n"
        "Examples:\n"
        "\n"
        '  smashup draft --players "Anna,Ben,Cleo"\n'
        "\n"
        '  smashup draft --players "Anna,Ben,Cleo" --auto --seed 1\n'
        "\n"
        "  smashup draft -p Anna,Ben --seed 3 --pick Anna=1 --pick Ben=4 --auto --json\n"
        "\n"
        "  smashup draft -p Anna,Ben,Cleo --owner Anna --owner Ben\n"
        "\n"
        "  smashup draft -p Anna,Ben,Cleo --auto --ban Zombies --complexity low,medium\n"
        "\n"
        "  smashup draft -p Anna,Ben,Cleo --auto --avoid-recent 2\n"
        "\n"
        "  smashup draft -p Anna,Ben,Cleo --format offer --offer 3 --record\n"
        "\n"
        "  smashup draft -p Anna,Ben,Cleo --auto --format-out markdown --out draft.md"
    )
)
def draft(
    players: Annotated[
        str,
        typer.Option(
            "--players",
            "-p",
            help=_('Comma-separated names, 2 to 8 players, e.g. "Anna,Ben,Cleo".'),
        ),
    ],
    pool: Annotated[
        Optional[int],
        typer.Option(
            "--pool",
            metavar="N",
            **do.WHOLE,
            help=_("Factions laid out (default max(8, 2 x players))."),
            show_default=False,
        ),
    ] = None,
    start: Annotated[
        Optional[str],
        typer.Option(
            "--start", help=_("Start player (default: drawn at random)."), show_default=False
        ),
    ] = None,
    auto: Annotated[
        bool, typer.Option("--auto", help=_("Random picks (fills whatever --pick leaves open)."))
    ] = False,
    pick: Annotated[
        Optional[List[str]],
        typer.Option(
            "--pick",
            help=_("Scripted pick PLAYER=FACTION, repeat in draft order."),
            show_default=False,
        ),
    ] = None,
    interactive: Annotated[
        bool,
        typer.Option(
            "--interactive", "-i", help=_("Ask for picks even when input is not a terminal.")
        ),
    ] = False,
    owned: OwnedOpt = False,
    owner: OwnerOpt = None,
    collection: CollectionOpt = None,
    base_mode: ModeOpt = "set",
    titans: do.TitansOpt = False,
    qr: do.QrOpt = False,
    site_url: do.SiteUrlOpt = None,
    seed: SeedOpt = None,
    db: DbOpt = None,
    lang: LangOpt = None,
    json_out: JsonOpt = False,
    ban: do.BanOpt = None,
    include: do.IncludeOpt = None,
    complexity: do.ComplexityOpt = None,
    products: do.ProductsOpt = None,
    fmt: do.FormatOpt = None,
    offer: do.OfferOpt = None,
    avoid_recent: do.AvoidOpt = None,
    preset: do.PresetOpt = None,
    record: do.RecordOpt = False,
    format_out: do.FormatOutOpt = None,
    out: do.OutOpt = None,
    printing: PrintingOpt = None,
) -> None:
    from smashup_db.gamenight.session import finish, new_seed, setup

    with catalogue(
        db, lang, owners(owner, collection)
    ) as cat:  # the printings of those owners' boxes (all when none named)
        cat.printing = check_printing(
            printing
        )  # every view of the draft (pool totals, bases, share page)
        names = split_list(players)
        collection = owners(owner, collection)
        if qr:
            from smashup_db.gamenight.share import check_site_url

            site_url = check_site_url(site_url)
        seed = new_seed() if seed is None else seed
        from smashup_db.gamenight.options import prepare

        ext = prepare(
            cat,
            names,
            pool,
            ban=ban,
            include=include,
            complexity=complexity,
            products=products,
            fmt=fmt,
            offer=offer,
            avoid_recent=avoid_recent,
            preset=preset,
        )
        session = setup(
            cat,
            names,
            seed=seed,
            pool_size=pool,
            start=start,
            owners=collection,
            use_collection=owned,
            **(ext.kwargs() if ext else {}),
        )
        state = session.state
        # --format random asks nothing: the draft is done before any pick
        if not (state.done or auto or pick or interactive or sys.stdin.isatty()):
            fail(
                N_(
                    "no terminal to ask for picks: add --auto for random picks or --pick PLAYER=FACTION ..."
                )
            )
        drawn = len(state.picks)  # picks the format made itself (pick-one-random)
        auto_from = _make_picks(
            cat, session, seed, pick=pick, auto=auto, interactive=interactive, json_out=json_out
        )
        res = finish(cat, session, base_mode)
        res["printing"] = check_printing(printing)
        add_base_stats(cat, res, res["printing"])
        from smashup_db.gamenight import setup_sheet

        res[setup_sheet.KEY] = setup_sheet.build(
            cat,
            [p["faction"] for p in state.picks],
            len(state.players),
            res,
            holders=state.holdings,
            titans=titans,
            printing=res["printing"],
        )
        from smashup_db.gamenight import share

        args = share.replay_args(
            res,
            names,
            options=ext.opts.as_dict() if ext else None,
            start=start,
            pool_size=pool,
            owned=session.owned,
            auto=auto_from is not None,
            typed=res["picks"][drawn:auto_from],
        )
        if format_out:
            res["replay"] = share.replay_command(res, args)
        if qr:
            res["share_link"] = share.play_link(site_url, cat.lang, args)
        if after_draft(
            cat, res, state, ext, record=record, format_out=format_out, out=out, json_out=json_out
        ):
            return
        if json_out:
            return emit_json(res)
        _show_draft(cat, res, names, qr=qr, record=record)


def _show_draft(cat, res: dict, names: list[str], *, qr: bool, record: bool) -> None:
    """A finished draft on the terminal: who holds what, the bases in play, the set-up sheet (each base
    and box once), the '*' legend, how to replay it, the share link, and how to record its result."""
    from smashup_db.gamenight import setup_sheet

    show.result(cat, res, boxes=False)  # the set-up sheet's table says which boxes
    show.setup_sheet(cat, res[setup_sheet.KEY], lay_out=False)  # the table above has the bases
    footnote(
        cat.lang,
        [cat.named("faction", f) for fs in res["players"].values() for f in fs]
        + [cat.named("base", b) for b in res["bases_in_play"]]
        + [cat.named("product", p) for p in res["boxes"]],
    )
    line((msg("replay_with", cat.lang, seed=res["seed"]), "dim"))
    if qr:
        show.qr(cat, res["share_link"])
    if not record:
        line(msg("g.draft_waits", cat.lang))
        for part in shell_lines(result_command(cat.lang, names), terminal_width()):
            say(part)  # never wrapped by the terminal: the lines are one command to copy


def _make_picks(cat, session, seed: int, *, pick, auto: bool, interactive: bool, json_out: bool):
    """The draft's picks: ``--pick`` ones first, then random (``--auto``) or asked at the terminal.

    Returns the index in ``state.picks`` where random picks began (None when none were random);
    ends the command when ``--pick`` leaves picks open and there is no terminal to ask.
    """
    from smashup_db.gamenight.session import scripted_pick

    state, rng = session.state, session.rng
    for item in pick or []:
        scripted_pick(cat, state, item)
    if state.done:
        return None
    if auto:
        auto_from = len(state.picks)
        state.auto_finish(rng)
        return auto_from
    if pick and not interactive and not sys.stdin.isatty():
        fail(
            N_("--pick covers {n} of {total} picks; add --auto to fill the rest"),
            n=len(state.picks),
            total=len(state.order),
        )
    if not json_out:
        line(msg("seed_and_start", cat.lang, seed=seed, player=state.players[0]))
    _interactive(cat, state, rng)
    return None


def shell_lines(words: list[str], width: int) -> list[str]:
    """The shell ``words`` of one command indented by two spaces on lines of at most ``width``
    characters where the words allow, each line but the last ending in `` \\`` (a POSIX shell's line
    continuation, never inside a quoted word), so the lines copied together are the one command."""
    lines: list[str] = []
    current = " "
    for word in words:
        if len(current) > 2 and len(current) + 1 + len(word) + 2 > width:
            lines.append(current + " \\")
            current = "   "
        current += " " + word
    return [*lines, current]


def result_command(lang: str, names: list[str]) -> list[str]:
    """The shell words of the command that records this draft's result:
    ``smashup game end A=VP B=VP --record`` (each argument quoted with :func:`shlex.quote` where needed)."""
    import shlex

    args = [shlex.quote(msg("vp_argument", lang, player=n)) for n in names]
    return ["smashup", "game", "end", *args, "--record"]


@app.command(
    help=_(
        "Who gets which VP when a base scores, with the rulebook's tie rules.\n"
        "\n"
        "Places by total power; a player needs a minion there; tied players all get the full\n"
        "VP of their place and push the next player down (10, 10, 5: both 10s take 1st place,\n"
        'the 5 takes 3rd place); 4th place gets nothing (German rulebook, "Die große Wertung").\n'
        "Bases with their own rule (Unicrave, Rhodes Plaza Mall, Factory 436-1337, ...) are\n"
        "never scored silently by place: the rule is applied when the input allows\n"
        "(--minions) or a notice says what to do.\n"
        "\n"
        'Examples: smashup score "USS Undertaking" Anna=12 Ben=12 Cleo=5;\n'
        "smashup score Unicrave A=20 B=5 --printing german"
    )
)
def score(
    base: Annotated[
        str, typer.Argument(help=_("The base being scored (English or German name, or id)."))
    ],
    powers: Annotated[
        List[str],
        typer.Argument(help=_("Total power per player: NAME=POWER ..."), show_default=False),
    ],
    minion: Annotated[
        Optional[List[str]],
        typer.Option(
            "--minion",
            help=_("Player whose 0 power comes from a minion (0-power minions still score)."),
            show_default=False,
        ),
    ] = None,
    vp: Annotated[
        Optional[str],
        typer.Option(
            "--vp",
            help=_(
                "VP for 1st,2nd,3rd when the base's are unknown (or for the base replacing Unicrave), e.g. 4,2,1."
            ),
            show_default=False,
        ),
    ] = None,
    minions: Annotated[
        Optional[str],
        typer.Option(
            "--minions",
            help=_(
                "Minions per player, for bases giving VP per minion (Rhodes Plaza Mall), e.g. Anna=3,Ben=1."
            ),
            show_default=False,
        ),
    ] = None,
    printing: Annotated[
        Optional[str],
        typer.Option(
            "--printing",
            help=_(
                "Which printing's facts where you own none: original, current or german (the printing you own comes first, "
                "else this, else current)."
            ),
            show_default=False,
        ),
    ] = None,
    owner: Annotated[
        Optional[str],
        typer.Option(
            "--owner",
            help=_(
                "Whose boxes decide the printing shown (an owner of the collection; default: every owner's)."
            ),
            show_default=False,
        ),
    ] = None,
    db: DbOpt = None,
    lang: LangOpt = None,
    json_out: JsonOpt = False,
) -> None:
    from smashup_db.catalogue.printing import check
    from smashup_db.rules.basescoring import parse_counts, score_named_base
    from smashup_db.rules.scoring import parse_powers, parse_vp

    with catalogue(db, lang, owner) as cat:
        b = cat.base(base, check(printing))
        values = parse_vp(vp) if vp else None
        from smashup_db.i18n.option_names import option_of

        res = score_named_base(
            b,
            parse_powers(powers),
            set(minion or []),
            values,
            parse_counts(minions),
            cat.lang,
            label=option_of,
        )
        rows = res["results"]
        if json_out:
            return emit_json(
                {"base": cat.named("base", b["id"]), "printing": b.get("printing"), **res}
            )
        L = cat.lang
        if res["notice"]:
            line(res["notice"])
            if b.get("text"):
                line((b["text"], "dim"))
        bp = "?" if res["breakpoint"] is None else str(res["breakpoint"])
        src = printing_source(b.get("printing"), b.get("facts_from"), L)
        line(
            f"{label(b, L)} ({src}): {term('breakpoint', L)} {bp}, {term('vp', L)} {fmt_vp(res['vp'], b.get('scoring'), L)}"
        )
        table(
            None,
            [term("player", L), term("power", L), term("place", L), term("vp", L)],
            [
                [
                    r["player"],
                    str(r["power"]),
                    "-" if r["place"] is None else str(r["place"]),
                    str(r["vp"]),
                ]
                for r in rows
            ],
        )
        total = sum(r["power"] for r in rows)
        if res["breakpoint"] is not None and total < res["breakpoint"]:
            line(
                (term("warning", L), "yellow"),
                " "
                + _(
                    "the total power given ({total}) is below the breakpoint "
                    "({breakpoint}): this base does not score yet",
                    L,
                ).format(total=total, breakpoint=res["breakpoint"]),
            )


def after_draft(
    cat, res: dict, state, ext, *, record: bool, format_out: str | None, out, json_out: bool
) -> bool:
    """Finish ``smashup draft``: pool-control notes, ``--record``, ``--format-out``.

    Returns True when it printed the whole output (``--format-out`` without
    ``--out``), so the draft command prints nothing more.
    """
    from smashup_db.errors import UserError

    try:
        res.setdefault("format", "snake")
        if ext is not None:
            ext.annotate(res, state)
        if record:
            from smashup_db.userdata.gamelog import record_draft

            res["game"] = record_draft(
                cat, res["players"], seed=res["seed"], bases=res["bases_in_play"]
            )
            if not json_out and not (format_out and out is None):
                L = cat.lang
                say(msg("g.recorded_draft", L, id=res["game"]["id"]))
        else:
            from smashup_db.userdata import waiting

            waiting.keep(cat, res["players"], seed=res["seed"], bases=res["bases_in_play"])
        if format_out:
            from smashup_db.gamenight import share

            text = share.render(cat, res, format_out)
            if out is not None and str(out) == "-":
                out = None
            if out is None:
                if json_out:
                    fail(
                        _(
                            "--format-out without --out prints the page; leave out --json or add --out FILE"
                        )
                    )
                typer.echo(text, nl=False)
                return True
            if share.write(text, out) is not None and not json_out:
                say(msg("g.wrote", cat.lang, out=out))
    except UserError as exc:
        fail(exc)
    return False
