"""Game-night commands: draft, bases deck, collection, score."""

from __future__ import annotations

import sys
from typing import Annotated, List, Optional

import typer

from ..sanitize import for_rich, printable
from ..terms import term
from .app import DbOpt, JsonOpt, LangOpt, app, catalogue, console, emit_json, fail
from .lookup_cmds import bases_app, fmt_vp, label

collection_app = typer.Typer(help="Record the boxes you (and your friends) own.", no_args_is_help=True)
app.add_typer(collection_app, name="collection")

SeedOpt = Annotated[Optional[int], typer.Option("--seed", help="Seed for every random step (printed, so a result can be replayed).",
                                                show_default=False)]
OwnedOpt = Annotated[bool, typer.Option("--owned", help="Only use boxes in the collection (all owners).")]
CollectionOpt = Annotated[Optional[List[str]], typer.Option(
    "--collection", "-c", help="Only use boxes of this owner; repeat to pool several owners' boxes.", show_default=False)]
ModeOpt = Annotated[str, typer.Option("--base-mode", "--mode", help="Base deck: set (rulebook: bases of the factions' boxes), "
                                      "faction (bases tied to the factions) or all (every owned base).")]


def _split(value: str) -> list[str]:
    return [v.strip() for v in value.split(",") if v.strip()]


def _print_result(cat, res: dict, n_players: int) -> None:
    L, c = cat.lang, console()
    from rich.table import Table

    t = Table(title=f"Draft (seed {res['seed']})" if L == "en" else f"Draft (Seed {res['seed']})")
    t.add_column("player" if L == "en" else "Spieler")
    t.add_column(term("factions", L))
    for player, facs in res["players"].items():
        t.add_row(for_rich(player), " + ".join(label(cat.named("faction", f), L) for f in facs))
    c.print(t)
    start = "start player" if L == "en" else "Startspieler"
    c.print(f"{start}: {for_rich(res['start_player'])}")
    _print_bases(cat, res, n_players)


def _print_bases(cat, res: dict, n_players: int) -> None:
    L, c = cat.lang, console()
    from rich.table import Table

    t = Table(title=(f"Bases in play ({len(res['bases_in_play'])} of a {res['base_mode']}-matched deck of {len(res['base_deck'])})"
                     if L == "en" else
                     f"Basen im Spiel ({len(res['bases_in_play'])} aus einem Basisdeck von {len(res['base_deck'])}, Modus {res['base_mode']})"))
    for h in ("name", "breakpoint", "vp", "faction", "product"):
        t.add_column(term(h, L))
    for b in res["bases_in_play"]:
        row = cat.base(b)
        t.add_row(label(row, L), "?" if row["breakpoint"] is None else str(row["breakpoint"]), fmt_vp(row["vp"]),
                  label(row["faction"], L), label(row["product"], L))
    c.print(t)
    boxes = ", ".join(label(cat.named("product", p), L) for p in res["boxes"])
    c.print(("Boxes to pull: " if L == "en" else "Diese Schachteln holen: ") + boxes)
    if res["extra_decks"]:
        c.print(("Also bring: " if L == "en" else "Außerdem: ") + ", ".join(term(d, L) for d in res["extra_decks"]))
    for w in res["warnings"]:
        c.print(f"[yellow]warning:[/yellow] {for_rich(w)}")


def _pool_table(cat, state) -> None:
    from rich.table import Table

    L = cat.lang
    prof = _profiles(cat, state.pool)
    t = Table(title=f"Pool ({len(state.pool)})")
    for h in ("#", term("faction", L), term("product", L), "minions/actions" if L == "en" else "Kreaturen/Aktionen",
              term("power", L), term("keywords", L), "taken by" if L == "en" else "genommen von"):
        t.add_column(h)
    for i, f in enumerate(state.pool, 1):
        p = prof[f]
        t.add_row(str(i), label(cat.named("faction", f), L), p["product"], f"{p['minions']}/{p['actions']}",
                  str(p["power"]), p["keywords"], for_rich(", ".join(state.holders(f))))
    console().print(t)


def _profiles(cat, factions: list[str]) -> dict:
    from ..query import in_params

    marks, params = in_params("f", factions)
    rows = cat.r.all(f"SELECT faction_id, type, SUM(copies) AS n, SUM(copies * COALESCE(power, 0)) AS pw"
                     f" FROM card WHERE faction_id IN {marks} AND type != 'titan' GROUP BY faction_id, type", **params)
    kws = cat.r.all(f"SELECT c.faction_id, k.keyword, COUNT(*) AS n FROM card_keyword k JOIN card c ON c.id = k.card_id"
                    f" WHERE c.faction_id IN {marks} GROUP BY c.faction_id, k.keyword", **params)
    out = {f: {"minions": 0, "actions": 0, "power": 0, "keywords": "", "product": ""} for f in factions}
    for r in rows:
        if r["type"] == "minion":
            out[r["faction_id"]].update(minions=r["n"], power=r["pw"])
        elif r["type"] == "action":
            out[r["faction_id"]]["actions"] = r["n"]
    top = {}
    for r in kws:
        top.setdefault(r["faction_id"], []).append((r["n"], r["keyword"]))
    for f, items in top.items():
        out[f]["keywords"] = ", ".join(term(k, cat.lang) for _, k in sorted(items, reverse=True)[:2])
    for f in factions:
        prods = cat.r.all("SELECT pf.product_id FROM product_faction pf JOIN product p ON p.id = pf.product_id"
                          " WHERE pf.faction_id = :f ORDER BY p.sort", f=f)
        out[f]["product"] = ", ".join(label(cat.named("product", p["product_id"]), cat.lang) for p in prods)
    return out


def _interactive(cat, state, rng) -> None:
    """Ask each player in turn; numbers, names (en/de, fuzzy), u = undo, ? N = card list, q = quit."""
    from ..draft import DraftError
    from ..gamenight import resolve_in

    c = console()
    L = cat.lang
    help_line = ("Type a number or a faction name (English or German), 'u' to undo, '? N' for a faction's cards, 'q' to quit."
                 if L == "en" else
                 "Nummer oder Fraktionsname (deutsch oder englisch), 'u' = rückgängig, '? N' = Kartenliste, 'q' = abbrechen.")
    c.print(help_line)
    show_pool = True
    while not state.done:
        if show_pool:
            _pool_table(cat, state)
            held = "; ".join(f"{for_rich(p)}: " + (" + ".join(label(cat.named("faction", f), L) for f in fs) or "-")
                             for p, fs in state.holdings.items())
            c.print(held)
        show_pool = True
        player = state.current_player
        player = printable(player)  # typer.prompt writes it raw
        prompt = f"{player}, round {state.current_round} - your pick" if L == "en" else f"{player}, Runde {state.current_round} - deine Wahl"
        try:
            answer = typer.prompt(prompt).strip()
        except (EOFError, typer.Abort):
            fail("draft abandoned (no more input)")
        if answer.lower() in ("q", "quit", "exit"):
            fail("draft abandoned")
        if answer.lower() in ("u", "undo"):
            try:
                undone = state.undo()
                c.print(f"undone: {for_rich(undone['player'])} - {label(cat.named('faction', undone['faction']), L)}")
            except DraftError as exc:
                c.print(f"[red]{for_rich(exc)}[/red]")
            continue
        if answer.startswith("?"):
            try:
                fid = resolve_in(cat, answer[1:].strip(), state.pool)
                f = cat.faction(fid)
                for card in f["cards"]:
                    c.print(f"  {card['copies']}x {label(card, L)} ({term(card['type'], L)}"
                            + ("" if card["power"] is None else f", {card['power']}") + ")")
            except DraftError as exc:
                c.print(f"[red]{for_rich(exc)}[/red]")
            show_pool = False
            continue
        try:
            fid = resolve_in(cat, answer, state.pool)
            pick = state.pick(fid)
            c.print(f"{for_rich(pick['player'])} → {label(cat.named('faction', fid), L)}")
        except DraftError as exc:
            c.print(f"[red]{for_rich(exc)}[/red]")
            show_pool = False


@app.command()
def draft(players: Annotated[str, typer.Option("--players", "-p", help="Comma-separated names, 2 to 8 players, e.g. \"Anna,Ben,Cleo\".")],
          pool: Annotated[Optional[int], typer.Option("--pool", help="Factions laid out (default max(8, 2 x players)).", show_default=False)] = None,
          start: Annotated[Optional[str], typer.Option("--start", help="Start player (default: drawn at random).", show_default=False)] = None,
          auto: Annotated[bool, typer.Option("--auto", help="Random picks (fills whatever --pick leaves open).")] = False,
          pick: Annotated[Optional[List[str]], typer.Option("--pick", help="Scripted pick PLAYER=FACTION, repeat in draft order.", show_default=False)] = None,
          interactive: Annotated[bool, typer.Option("--interactive", "-i", help="Ask for picks even when input is not a terminal.")] = False,
          owned: OwnedOpt = False, collection: CollectionOpt = None, base_mode: ModeOpt = "set",
          seed: SeedOpt = None, db: DbOpt = None, lang: LangOpt = None, json_out: JsonOpt = False) -> None:
    """Run the rulebook's formal snake draft, then build the base deck and lay out the bases.

    Pool of random factions, random start player, one pick each clockwise, then back
    (1 2 3 3 2 1); nobody holds a faction twice, and two players share one only when two
    copies of a box with it are owned (German rulebook, "Prügeln wir uns nach Regeln!").

    Examples:

      smashup draft --players "Anna,Ben,Cleo"                 (interactive)

      smashup draft --players "Anna,Ben,Cleo" --auto --seed 1

      smashup draft -p "Anna,Ben" --seed 3 --pick Anna=1 --pick Ben=4 --auto --json   (picks by pool number or name)

      smashup draft -p "Anna,Ben,Cleo" --collection Anna --collection Ben
    """
    from ..gamenight import finish, new_seed, resolve_in, setup

    with catalogue(db, lang) as cat:
        names = _split(players)
        if not (auto or pick or interactive or sys.stdin.isatty()):
            fail("no terminal to ask for picks: add --auto for random picks or --pick PLAYER=FACTION ...")
        seed = new_seed() if seed is None else seed
        state, rng, lk, owned_map = setup(cat, names, seed=seed, pool_size=pool, start=start,
                                          owners=collection, use_collection=owned)
        for item in pick or []:
            who, sep, what = item.partition("=")
            if not sep:
                fail(f"--pick expects PLAYER=FACTION, got {item!r}")
            if state.done:
                fail(f"--pick {item!r}: the draft is already complete")
            if who.strip().casefold() != state.current_player.casefold():
                fail(f"--pick {item!r}: it is {state.current_player}'s turn (order: {' '.join(state.order)})")
            state.pick(resolve_in(cat, what, state.pool))
        if not state.done:
            if auto:
                while not state.done:
                    state.auto_pick(rng)
            elif pick and not interactive and not sys.stdin.isatty():
                fail(f"--pick covers {len(state.picks)} of {len(state.order)} picks; add --auto to fill the rest")
            else:
                if not json_out:
                    console().print(f"seed {seed}; start player: {for_rich(state.players[0])}")
                _interactive(cat, state, rng)
        res = finish(cat, state, rng, lk, owned_map, seed, base_mode)
        if json_out:
            return emit_json(res)
        _print_result(cat, res, len(names))
        console().print(f"[dim]{'replay with' if cat.lang == 'en' else 'wiederholen mit'} --seed {seed}[/dim]")


@bases_app.command("deck")
def bases_deck(factions: Annotated[str, typer.Option("--factions", "-f", help="Comma-separated factions (names in English or German, or ids).")],
               players: Annotated[int, typer.Option("--players", "-n", help="Number of players (2 to 8).")],
               base_mode: ModeOpt = "set", owned: OwnedOpt = False, collection: CollectionOpt = None,
               seed: SeedOpt = None, db: DbOpt = None, lang: LangOpt = None, json_out: JsonOpt = False) -> None:
    """Build the base deck for chosen factions and lay out players + 1 bases.

    Set mode follows the rulebook: only the bases of the boxes the factions come from.

    Example: smashup bases deck --factions "Steampunks,Wechslerbots,Zombies,Astroritter" --players 2
    """
    import random

    from ..collection import owned_copies
    from ..gamenight import base_deck, new_seed

    with catalogue(db, lang) as cat:
        ids = [cat.resolve("faction", f)[0] for f in _split(factions)]
        if not ids:
            fail("--factions is empty")
        seed = new_seed() if seed is None else seed
        own = owned_copies(cat, collection) if (owned or collection) else None
        res = {"seed": seed, "factions": ids,
               **base_deck(cat, ids, players, rng=random.Random(seed), mode=base_mode, owned=own)}
        if json_out:
            return emit_json(res)
        _print_bases(cat, res, players)
        console().print(f"[dim]seed {seed}[/dim]")


def _show_entry(cat, row: dict, json_out: bool) -> None:
    if json_out:
        return emit_json(row)
    console().print(f"{for_rich(row['owner'])}: {label(row['product'], cat.lang)} x{row['copies']}")


@collection_app.command("add")
def collection_add(product: Annotated[str, typer.Argument(help="Product name in English or German, or its id.")],
                   copies: Annotated[int, typer.Option("--copies", help="How many copies.")] = 1,
                   owner: Annotated[str, typer.Option("--owner", help="Whose box it is.")] = "me",
                   db: DbOpt = None, lang: LangOpt = None, json_out: JsonOpt = False) -> None:
    """Add a box to a collection. Example: smashup collection add "Vergessene Helden" --owner Ben"""
    from .. import collection as coll

    with catalogue(db, lang) as cat:
        _show_entry(cat, coll.add(cat, product, copies, owner), json_out)


@collection_app.command("remove")
def collection_remove(product: Annotated[str, typer.Argument(help="Product name in English or German, or its id.")],
                      copies: Annotated[Optional[int], typer.Option("--copies", help="How many copies (default: all).", show_default=False)] = None,
                      owner: Annotated[str, typer.Option("--owner", help="Whose box it is.")] = "me",
                      db: DbOpt = None, lang: LangOpt = None, json_out: JsonOpt = False) -> None:
    """Remove a box from a collection. Example: smashup collection remove "Core Set" """
    from .. import collection as coll

    with catalogue(db, lang) as cat:
        _show_entry(cat, coll.remove(cat, product, copies, owner), json_out)


@collection_app.command("list")
def collection_list(owner: CollectionOpt = None, db: DbOpt = None, lang: LangOpt = None, json_out: JsonOpt = False) -> None:
    """List the collection (all owners, or --collection NAME ...). Example: smashup collection list"""
    from .. import collection as coll

    with catalogue(db, lang) as cat:
        rows = coll.entries(cat, owner)
        if json_out:
            return emit_json(rows)
        if not rows:
            console().print("the collection is empty; add boxes with: smashup collection add PRODUCT")
        for r in rows:
            _show_entry(cat, r, False)


@app.command()
def score(base: Annotated[str, typer.Argument(help="The base being scored (English or German name, or id).")],
          powers: Annotated[List[str], typer.Argument(help="Total power per player: NAME=POWER ...", show_default=False)],
          minion: Annotated[Optional[List[str]], typer.Option("--minion", help="Player whose 0 power comes from a minion (0-power minions still score).", show_default=False)] = None,
          vp: Annotated[Optional[str], typer.Option("--vp", help="VP for 1st,2nd,3rd when the base's are unknown, e.g. 4,2,1.", show_default=False)] = None,
          db: DbOpt = None, lang: LangOpt = None, json_out: JsonOpt = False) -> None:
    """Who gets which VP when a base scores, with the rulebook's tie rules.

    Places by total power; a player needs a minion there; tied players all get the full
    VP of their place and push the next player down (10, 10, 5: both 10s take 1st place,
    the 5 takes 3rd place); 4th place gets nothing (German rulebook, "Die große Wertung").

    Example: smashup score "USS Undertaking" Anna=12 Ben=12 Cleo=5
    """
    from ..scoring import ScoringError, parse_powers, score_base

    with catalogue(db, lang) as cat:
        b = cat.base(base)
        try:
            if vp:
                values = tuple(int(v) for v in vp.split(","))
            elif b["stats_known"]:
                values = tuple(b["vp"])
            else:
                fail(f"the VP of {b['name']} are unknown; give them with --vp 1ST,2ND,3RD")
            result = score_base(parse_powers(powers), values, set(minion or []))
        except ValueError as exc:
            if isinstance(exc, ScoringError):
                fail(str(exc))
            fail(f"--vp expects three whole numbers like 4,2,1, got {vp!r}")
        rows = [{"player": p.player, "power": p.power, "place": p.place, "vp": p.vp} for p in result]
        if json_out:
            return emit_json({"base": cat.named("base", b["id"]), "vp": list(values), "results": rows})
        from rich.table import Table

        L = cat.lang
        t = Table(title=f"{label(b, L)} ({term('vp', L)} {fmt_vp(list(values))})")
        for h in ("player" if L == "en" else "Spieler", term("power", L), "place" if L == "en" else "Platz", term("vp", L)):
            t.add_column(h)
        for r in rows:
            t.add_row(for_rich(r["player"]), str(r["power"]), "-" if r["place"] is None else str(r["place"]), str(r["vp"]))
        console().print(t)
