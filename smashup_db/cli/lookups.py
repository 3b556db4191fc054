"""The look-up commands' bodies: open the catalogue, call the library, print.

Each command's parameters are declared once, in :mod:`.lookup_cmds`
(``bases``: :mod:`.bases_cmds`); both ways in call these functions with one keyword argument per declared parameter: the
Typer commands made from the declarations (:mod:`.from_decl`) and the start-up
fast path (:mod:`.fast`). Nothing here imports Typer, SQLAlchemy or Jinja2;
Rich only when a table (or a terminal) needs it.
"""

from __future__ import annotations

from contextlib import contextmanager

from smashup_db.cli.output import (
    emit_json,
    fail,
    fmt_number,
    fmt_vp,
    footnote,
    label,
    line,
    printing_source,
    table,
    text,
    user_errors,
)
from smashup_db.i18n import N_, _
from smashup_db.i18n.terms import count, msg, term

TYPE_CHECKING = False  # typing is not imported at run time (start-up; annotations are strings)
if TYPE_CHECKING:
    from typing import Iterator


def pick_lang(lang: str | None) -> str:
    """The display language: ``--lang`` if given (must be de or en), else the locale's."""
    from smashup_db.catalogue.view import LANGS, default_lang
    from smashup_db.i18n.terms import set_active_lang

    if lang is None:
        lang = default_lang()
        set_active_lang(lang)
        return lang
    lang = lang.lower()
    if lang not in LANGS:
        fail(
            N_("unknown language {value!r}; use one of: {choices}"),
            value=lang,
            choices=", ".join(LANGS),
        )
    set_active_lang(lang)
    return lang


def _owned_printings(reader, owners: list[str] | None = None) -> dict[str, str]:
    """The printings the collection records, of ``owners`` only when given (imported only when a view asks: start-up)."""
    from smashup_db.userdata.collection import owned_printings

    return owned_printings(reader, owners)


def _owners(owner) -> list[str] | None:
    """``--owner`` (one name, or a list from ``--collection``) as a list of names, None for every owner."""
    if not owner:
        return None
    return [owner] if isinstance(owner, str) else list(owner)


@contextmanager
def catalogue(db: str | None, lang: str | None, owner=None) -> Iterator:
    """A :class:`~smashup_db.catalogue.view.Catalogue` for a command, with errors handled.

    Views show the printing of the boxes ``owner`` has (a name or a list of names; None: every
    owner's boxes), see :func:`smashup_db.catalogue.printing.applies`."""
    from smashup_db.catalogue.view import Catalogue
    from smashup_db.compiler.bootstrap import open_reader

    with user_errors():
        reader = open_reader(db)
        try:
            owners = _owners(owner)
            yield Catalogue(reader, pick_lang(lang), owned=lambda: _owned_printings(reader, owners))
        finally:
            reader.close()


def look_up(
    db: str | None, lang: str | None, json_out: bool, fetch, show, owner: str | None = None
) -> None:
    """Every look-up command: open the catalogue, ``fetch(cat)`` the result and print it,
    as JSON (``json_out``) or by ``show(result, cat)``. Errors a person can cause become one line.
    ``owner``: the printings of that owner's boxes only (``--owner``; default every owner's)."""
    with catalogue(db, lang, owner) as cat:
        result = fetch(cat)
        if json_out:
            return emit_json(result)
        show(result, cat)


def products(db: str | None, lang: str | None, json_out: bool) -> None:
    """``smashup products``: every product in publication order."""
    look_up(db, lang, json_out, lambda cat: cat.products(), _show_products)


def _show_products(rows: list[dict], cat) -> None:
    L = cat.lang
    heads = [
        "id",
        term("name", L),
        term("year", L),
        term("kind", L),
        term("factions", L),
        term("bases", L),
    ]
    cells = [
        [
            p["id"],
            label(p, L),
            fmt_number(p["year"]),
            term(p["kind"], L),
            str(p["factions"]),
            str(p["bases"]),
        ]
        for p in rows
    ]
    if L == "de":  # which boxes came out in German, and that the others exist only in English
        from smashup_db.catalogue.editions import german_edition

        german = [german_edition(cat.model, p["id"]) for p in rows]
        heads.append(term("german_edition", L))
        for row, de in zip(cells, german, strict=True):
            row.append(term("yes", L) if de else term("english_only", L))
    table(term("products", L), heads, cells, breakable=(0,))
    if L == "de":
        line(msg("de_published_note", L, n=sum(german), total=len(rows)))
    footnote(L, rows)


def factions(product: str | None, db: str | None, lang: str | None, json_out: bool) -> None:
    """``smashup factions``: factions with their products and their name in the other language."""
    look_up(db, lang, json_out, lambda cat: cat.factions(product), _show_factions)


def _show_factions(rows: list[dict], cat) -> None:
    L = cat.lang
    other = "de" if L == "en" else "en"

    def alt(fid: str) -> str:
        name, used = cat.name("faction", fid, other)
        return name if used == other else "-"

    table(
        f"{term('factions', L)} ({len(rows)})",
        ["id", term("name", L), other, term("products", L)],
        [
            [f["id"], label(f, L), alt(f["id"]), ", ".join(label(p, L) for p in f["products"])]
            for f in rows
        ],
        breakable=(0,),
    )
    footnote(L, rows)


def bases_table(rows: list[dict], L: str, title: str | None = None) -> None:
    """Bases as a table: name, breakpoint, VP, faction, product ('?' where unknown)."""
    table(
        title,
        [term(h, L) for h in ("name", "breakpoint", "vp", "faction", "product")],
        [
            [
                label(b, L),
                fmt_number(b["breakpoint"]),
                fmt_vp(b["vp"], b.get("scoring"), L),
                label(b["faction"], L),
                label(b["product"], L),
            ]
            for b in rows
        ],
    )


def faction(
    name: str,
    printing: str | None,
    owner: str | None,
    db: str | None,
    lang: str | None,
    json_out: bool,
) -> None:
    """``smashup faction NAME``: cards, totals, bases and products of one faction (in the printing the rule picks)."""
    printing = check_printing(printing)
    look_up(db, lang, json_out, lambda cat: cat.faction(name, printing), _show_faction, owner)


def _show_faction(f: dict, cat) -> None:
    L = cat.lang
    _matched_line(f, L)
    line(
        (label(f, L), "bold"),
        f" ({f['id']}) - {term('products', L)}: " + ", ".join(label(p, L) for p in f["products"]),
    )
    table(
        None,
        [term(h, L) for h in ("copies", "name", "type", "power", "keywords")],
        [
            [
                str(c["copies"]),
                label(c, L),
                term(c["type"], L),
                _power(c),
                ", ".join(term(k, L) for k in c["keywords"]),
            ]
            for c in f["cards"]
        ],
    )
    tot = f["totals"]
    parts = [count("minion", tot["minions"], L), count("action", tot["actions"], L)]
    if tot.get("fusions"):
        parts.append(count("fusion", tot["fusions"], L))
    if tot["other"]:
        parts.append(count("other", tot["other"], L))
    if tot["titans"]:
        parts.append("+" + count("titan", tot["titans"], L))
    line(
        msg(
            "deck_totals",
            L,
            cards=count("card_word", tot["cards"], L),
            parts=", ".join(parts),
            power=tot["power"],
        )
    )
    bases_table(f["bases"], L, title=term("bases", L))
    footnote(L, f["cards"] + [f])


def _text_block(item: dict, lang: str) -> None:
    if item["text"]:
        mark = (
            [(f" ({term('english_text_shown', lang)})", "dim")] if item["text_lang"] != lang else []
        )
        line(item["text"], *mark)
        line((item["text_source"] or "", "dim"))
    else:
        from smashup_db.importer.pinned import where

        line((msg("no_text", lang, source=where()), "dim"))
    from smashup_db.catalogue.rulings import shown_ruling

    for r in item["rulings"]:
        line(
            (term(r["kind"], lang), "bold"),
            f": {shown_ruling(r['text'], r['kind'], lang)} ",
            (f"({r['source']})", "dim"),
        )


def check_printing(printing: str | None) -> str | None:
    """``--printing`` checked: None, original, current or german (else one line and exit 1)."""
    from smashup_db.catalogue.printing import check

    with user_errors():
        return check(printing)


def _power(item: dict) -> str:
    """A power for a table: the number, '?' when unknown, '-' when there is none."""
    if item["power"] is not None:
        return str(item["power"])
    return "?" if item.get("power_status") == "unknown" else "-"


def _printings_block(item: dict, L: str) -> None:
    """One line per printing of a card or base (when it has more than one)."""
    rows = item.get("printings") or []
    if len(rows) < 2:
        return
    for r in rows:
        if "breakpoint" in r:
            facts = f"{term('breakpoint', L)} {fmt_number(r['breakpoint'])}, {term('vp', L)} {fmt_vp(r['vp'], item.get('scoring'), L)}"
        else:
            facts = f"({term(r['type'], L)}) {r['copies']}x"
            if r["power"] is not None or "power" in r["unknown"]:
                facts += f", {term('power', L)} {'?' if r['power'] is None else r['power']}"
        line(
            f"  {term(r['printing'], L)} ({label(r['product'], L)}): ",
            (r["name"] or "", "bold"),
            f" {facts}",
            (f" - {r['reason']}", "dim") if r["reason"] else "",
        )


def card(
    name: str,
    printing: str | None,
    owner: str | None,
    db: str | None,
    lang: str | None,
    json_out: bool,
) -> None:
    """``smashup card NAME``: one card with its printings, text and rulings."""
    printing = check_printing(printing)
    look_up(
        db,
        lang,
        json_out,
        lambda cat: with_image(db, "card", cat.card(name, printing)),
        _show_card,
        owner,
    )


def with_image(db: str | None, kind: str, item: dict) -> dict:
    """``item`` with ``image``: the path of its picture imported by ``smashup import images``, or None."""
    if item.get("component"):
        return item
    from smashup_db.importer.image_index import picture

    found = picture(db, kind, item["id"])
    return {**item, "image": found["path"] if found else None}


def _image_line(item: dict) -> None:
    """Where the card's or base's picture is, when one was imported (one line, never wrapped: a path to copy)."""
    if item.get("image"):
        from smashup_db.cli.output import say

        say(_("picture: {path}").format(path=item["image"]))


def _matched_line(item: dict, L: str) -> None:
    """Say which name an inexact look-up matched (never a different card without saying so)."""
    m = item.get("matched") or {}
    key = {"alias": "matched_alias", "printing": "matched_printing", "part": "matched_part"}.get(
        m.get("how")
    )
    if key:
        line((msg(key, L, query=m["query"], name=m["name"]), "yellow"))


def _show_card(item: dict, cat) -> None:
    L = cat.lang
    if item.get("component"):
        count = "?" if item["count"] is None else item["count"]
        line((label(item, L), "bold"), f" ({item['id']}) - {term(item['id'], L)}, {count}x")
        line(f"{term('products', L)}: " + ", ".join(label(p, L) for p in item["products"]))
        if item["evidence"]:
            line((item["evidence"], "dim"))
        return
    _matched_line(item, L)
    power = (
        ""
        if item["power_status"] == "none"
        else f", {term('power', L)} {'?' if item['power'] is None else item['power']}"
    )
    line(
        (label(item, L), "bold"),
        f" ({item['id']}) - {term(item['type'], L)}{power}, "
        f"{item['copies']}x, {term('faction', L)}: {label(item['faction'], L)}",
    )
    if item.get("power_reason"):
        line((item["power_reason"], "dim"))
    if item["keywords"]:
        line(f"{term('keywords', L)}: " + ", ".join(term(k, L) for k in item["keywords"]))
    line(f"{term('products', L)}: " + ", ".join(label(p, L) for p in item["products"]))
    _printings_block(item, L)
    _text_block(item, L)
    _image_line(item)
    for other in item["same_name"]:
        line((msg("also", L, id=other["id"]), "dim"))
    footnote(L, [item, item["faction"]])


def base(
    name: str,
    printing: str | None,
    owner: str | None,
    db: str | None,
    lang: str | None,
    json_out: bool,
) -> None:
    """``smashup base NAME``: one base with its printings, text and rulings."""
    printing = check_printing(printing)
    look_up(
        db,
        lang,
        json_out,
        lambda cat: with_image(db, "base", cat.base(name, printing)),
        _show_base,
        owner,
    )


def _show_base(item: dict, cat) -> None:
    L = cat.lang
    _matched_line(item, L)
    stats = (
        f"{term('breakpoint', L)} {item['breakpoint']}, {term('vp', L)} {fmt_vp(item['vp'], item.get('scoring'), L)}"
        if item["stats_known"]
        else f"{term('breakpoint', L)}/{term('vp', L)}: {term('unknown', L)}"
    )
    shown = item.get("printing") or "current"
    line(
        (label(item, L), "bold"),
        f" ({item['id']}) - {stats}"
        + (f" ({printing_source(shown, item.get('facts_from'), L)})" if shown != "current" else ""),
    )
    line(
        f"{term('product', L)}: {label(item['product'], L)}"
        + (f", {term('faction', L)}: {label(item['faction'], L)}" if item["faction"] else "")
    )
    if item["note"]:
        line((item["note"], "dim"))
    if item["scoring"]:
        line((term("own_scoring", L), "bold"), f": {item['scoring']}")
    _printings_block(item, L)
    _text_block(item, L)
    _image_line(item)
    footnote(L, [item, item["product"], item["faction"]])


def bases(
    product: str | None,
    faction: str | None,
    printing: str | None,
    owner: str | None,
    db: str | None,
    lang: str | None,
    json_out: bool,
) -> None:
    """``smashup bases``: bases with breakpoint and VP, optionally of one product or faction, in a printing."""
    printing = check_printing(printing)
    look_up(
        db, lang, json_out, lambda cat: cat.bases(product, faction, printing), _show_bases, owner
    )


def _show_bases(rows: list[dict], cat) -> None:
    bases_table(rows, cat.lang, title=f"{term('bases', cat.lang)} ({len(rows)})")
    footnote(cat.lang, rows)


def stats(db: str | None, lang: str | None, json_out: bool) -> None:
    """``smashup stats``: counts of the catalogue, names and text per language."""
    look_up(db, lang, json_out, lambda cat: cat.stats(), _show_stats)


def _show_stats(s: dict, cat) -> None:
    L = cat.lang
    line(
        msg(
            "stats_line",
            L,
            version=s["catalogue_version"],
            products=s["products"],
            factions=s["factions"],
            cards=s["cards"],
            copies=s["card_copies"],
            bases=s["bases"],
            unknown=s["bases_stats_unknown"],
        )
    )
    pr = s["printings"]
    line(
        msg(
            "stats_printings",
            L,
            cards=pr["cards"],
            bases=pr["bases"],
            differences=pr["differences"],
            unresolved=pr["unresolved"],
        )
    )
    for code, n in s["names"].items():
        line(
            msg(
                "stats_names",
                L,
                code=code,
                counts=", ".join(f"{term(k + '_lower', L)} {v}" for k, v in n.items()),
            )
        )
    line(
        msg(
            "stats_text",
            L,
            counts=", ".join(f"{k} {v}" for k, v in s["text"].items()),
            rulings=s["rulings"],
        )
    )


def _has_words(query: str) -> bool:
    """True when ``query`` has a free word (searched in names and text), not only ``field:value`` terms."""
    return any(
        ":" not in t and not any(op in t for op in "<>=") and t.upper() not in ("OR", "AND", "NOT")
        for t in query.replace("(", " ").replace(")", " ").split()
    )


def _search_stats(item: dict) -> str:
    if item["kind"] == "card":
        if item.get("power") is None:  # '?' unknown (a minion or fusion), '' none (actions, titans)
            return "?" if item.get("type") in ("minion", "fusion") else ""
        return str(item["power"])
    if item.get("breakpoint") is None:
        return "?"
    return f"{item['breakpoint']} [{fmt_vp(item['vp'])}]"


def _marked(excerpt: str, spans: list):
    """The excerpt as a table cell with the matched words highlighted (control characters escaped)."""
    from rich.text import Text

    from smashup_db.common.sanitize import printable

    out, pos = Text(), 0
    for s, e in spans:
        out.append(printable(excerpt[pos:s]))
        out.append(printable(excerpt[s:e]), style="bold yellow")
        pos = e
    out.append(printable(excerpt[pos:]))
    return out


def search(
    query: str,
    limit: int,
    printing: str | None,
    owner: str | None,
    db: str | None,
    lang: str | None,
    json_out: bool,
) -> None:
    """``smashup search QUERY``: cards and bases matching a query (see docs/search.md); numbers and
    number filters (``pow>=``, ``bp>=`` ...) in the printing the rule picks."""
    from smashup_db.search import Searcher

    printing = check_printing(printing)
    if limit < 0:  # the rule of games list --limit: 0 is all, below 0 is a mistake
        fail(N_("--limit must be 0 or more, got {limit}"), limit=limit)

    def fetch(cat):
        cat.printing = printing  # printing: queries and the numbers follow the same --printing
        return Searcher(cat, printing=printing).search(query, limit=limit or None)

    look_up(db, lang, json_out, fetch, _show_search, owner)


def _show_search(found: dict, cat) -> None:
    rows, L = found["results"], cat.lang
    if not rows:
        line(term("no_matches", L))
        if L != "en" and _has_words(found.get("query") or ""):
            line(
                _(
                    "Card and base texts are in English (there is no German card text): search the "
                    'text with English words, e.g. "draw a card"; names are found in German too.',
                    L,
                )
            )
        if found.get("did_you_mean"):
            from smashup_db.common.sanitize import printable

            line(
                _("Did you mean: {names}?", L).format(
                    names=", ".join(printable(n) for n in found["did_you_mean"])
                )
            )
        return
    from smashup_db.i18n import ngettext

    if found["total"] > found["shown"]:
        title = _("{shown} of {total} results (--limit 0 shows all)", L)
    else:
        title = ngettext("{total} result", "{total} results", found["total"], L)
    title = title.format(shown=found["shown"], total=found["total"])
    table(
        title,
        [
            term("name", L),
            term("type", L),
            term("faction", L),
            f"{term('power', L)} / {term('breakpoint', L)}",
            term("text", L),
        ],
        [
            [
                label(item, L),
                term(item["type"], L),
                label(item["faction"] or item.get("product"), L),
                _search_stats(item),
                _marked(item["excerpt"], item["highlights"]) if item["excerpt"] else text(""),
            ]
            for item in rows
        ],
        right=(3,),
    )
    footnote(L, rows)
