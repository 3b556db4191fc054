"""How game-night results look on the terminal: draft result, bases in play, pool, collection rows.

Built from :mod:`.output`'s primitives (lines of spans, tables of plain
cells), so player names, owners and translated names are printed as they
are, never read as Rich markup. Words come from :mod:`smashup_db.i18n.terms`.
"""

from __future__ import annotations

from smashup_db.cli.output import (
    fmt_date,
    fmt_number,
    fmt_vp,
    label,
    line,
    printing_word,
    say,
    table,
)
from smashup_db.i18n import N_, _, render
from smashup_db.i18n.terms import msg, term

#: The title of the bases in play for each base-deck mode (English as before; the mode spelled out in German).
BASES_IN_PLAY = {
    "set": N_("Bases in play ({shown} of a set-matched deck of {total})"),
    "faction": N_("Bases in play ({shown} of a faction-matched deck of {total})"),
    "all": N_("Bases in play ({shown} of a all-matched deck of {total})"),
}


def result(cat, res: dict, boxes: bool = True) -> None:
    """A finished draft: who holds which factions, the start player, then :func:`bases`
    (``boxes`` False: without the line of boxes to pull, when the set-up sheet follows)."""
    L = cat.lang
    table(
        msg("draft_title", L, seed=res["seed"]),
        [term("player", L), term("factions", L)],
        [
            [player, " + ".join(label(cat.named("faction", f), L) for f in facs)]
            for player, facs in res["players"].items()
        ],
    )
    line(f"{term('start_player', L)}: {res['start_player']}")
    bases(cat, res, boxes)


def bases(cat, res: dict, boxes_line: bool = True) -> None:
    """Bases in play (table; facts of ``res["printing"]`` when one was chosen), boxes to pull (unless
    ``boxes_line`` is False: the set-up sheet's table of boxes follows), decks, warnings."""
    L = cat.lang
    rows = [cat.base_row(b, res.get("printing")) for b in res["bases_in_play"]]
    boxes = set(res["boxes"])
    for b in rows:  # the box it is pulled from, where the base deck took it from one of them
        held = [b["product"]["id"], *(r.product for r in cat.model.bases[b["id"]].printings)]
        pulled = next((p for p in held if p in boxes), None)
        if pulled:
            b["product"] = cat.named("product", pulled)
    title = BASES_IN_PLAY.get(res["base_mode"])
    table(
        _(title, L).format(shown=len(res["bases_in_play"]), total=len(res["base_deck"]))
        if title
        else msg(
            "bases_in_play_title",
            L,
            shown=len(res["bases_in_play"]),
            mode=res["base_mode"],
            total=len(res["base_deck"]),
        ),
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
    if boxes_line:
        line(
            msg(
                "boxes_to_pull",
                L,
                boxes=", ".join(label(cat.named("product", p), L) for p in res["boxes"]),
            )
        )
    if res["extra_decks"] and boxes_line:
        line(msg("also_bring", L, decks=", ".join(term(d, L) for d in res["extra_decks"])))
    for w in res["warnings"]:
        line((term("warning", L), "yellow"), f" {render(w, L)}")


def setup_sheet(cat, sheet: dict, lay_out: bool = True) -> None:
    """The set-up sheet (:mod:`smashup_db.gamenight.setup_sheet`): the bases to lay out, then box by box what to
    take out (factions, the base deck's bases, titans, special decks with their counts), then the VP tokens."""
    from smashup_db.gamenight.setup_sheet import (
        all_bases_words,
        deck_words,
        mode_name,
        printing_name,
    )

    L = cat.lang
    m = cat.model

    def names(kind: str, ids: list[str]) -> str:
        return ", ".join(label(cat.named(kind, x), L) for x in ids)

    rows = []
    for b in sheet["boxes"]:
        parts = []
        if b["factions"]:
            parts.append(f"{term('factions', L)}: {names('faction', b['factions'])}")
        if b["all_bases"]:
            parts.append(all_bases_words(len(b["bases"]), L))
        elif b["bases"]:
            parts.append(
                _("Bases ({n}): {names}", L).format(
                    n=len(b["bases"]), names=names("base", b["bases"])
                )
            )
        if b["titans"]:
            parts.append(_("Titans: {names}", L).format(names=names("card", b["titans"])))
        for d in b["decks"]:
            count = m.components[d].count
            parts.append(deck_words(label(cat.named("component", d), L), count, L))
        rows.append([label(b["product"], L), printing_name(b["printing"], L), "\n".join(parts)])
    line(
        (
            _("Set-up for {players} players: base deck of {deck} ({mode})", L).format(
                players=sheet["players"],
                deck=sheet["bases"]["deck"],
                mode=mode_name(sheet["base_mode"], L),
            ),
            "bold",
        )
    )
    if lay_out:  # False: the bases in play were just shown as a table (smashup draft)
        _bases_to_lay_out(cat, sheet)
    table(_("Take out, box by box", L), [_("Box", L), _("Printing", L), _("What", L)], rows)
    line(_("VP tokens (the game ends at {goal} VP)", L).format(goal=sheet["vp_tokens"]["goal"]))


def _bases_to_lay_out(cat, sheet: dict) -> None:
    """One line: the bases to lay out, each with its breakpoint and VP."""
    L = cat.lang
    line(
        _("Bases to lay out: {names}", L).format(
            names=", ".join(
                f"{label(b, L)} ({fmt_number(b['breakpoint'])}; {fmt_vp(b['vp'], b.get('scoring'), L)})"
                for b in sheet["bases"]["in_play"]
            )
        )
    )


def qr(cat, link: str) -> None:
    """The share link, then the same link as a QR code (block characters) for a phone's camera."""
    import sys

    from smashup_db.gamenight.share import qr_text

    say(
        _("Share link: {link}", cat.lang).format(link=link)
    )  # never wrapped: the whole link can be copied
    sys.stdout.write(qr_text(link))


def profiles(cat, factions: list[str]) -> dict:
    """Per faction: minion and action copies, total minion power (of the printing the one rule picks:
    :meth:`~smashup_db.catalogue.view.Catalogue.card_row`), two commonest keywords, products."""
    from smashup_db.catalogue.view import deck_totals

    out = {}
    for f in factions:
        tot = deck_totals([cat.card_row(c) for c in cat.model.factions[f].cards])
        out[f] = {
            "minions": tot["minions"],
            "actions": tot["actions"],
            "power": tot["power"],
            "keywords": ", ".join(term(k, cat.lang) for _, k in cat.model.keyword_counts(f)[:2]),
            "product": ", ".join(
                label(cat.named("product", p), cat.lang) for p in cat.model.factions[f].products
            ),
        }
    return out


def pool(cat, state) -> None:
    """The draft pool: number, faction, boxes, minions/actions, power, keywords, who took it (or whose offer)."""
    L = cat.lang
    prof = profiles(cat, state.pool)
    offered = {
        f: who for who, fs in getattr(state, "offers", {}).items() for f in fs
    }  # --format offer
    table(
        msg("pool_title", L, n=len(state.pool)),
        [
            "#",
            term("faction", L),
            term("product", L),
            term("minions_actions", L),
            term("power", L),
            term("keywords", L),
            term("taken_by", L),
        ],
        [
            [
                str(i),
                label(cat.named("faction", f), L),
                prof[f]["product"],
                f"{prof[f]['minions']}/{prof[f]['actions']}",
                str(prof[f]["power"]),
                prof[f]["keywords"],
                ", ".join(state.holders(f)) or (f"({offered[f]})" if f in offered else ""),
            ]
            for i, f in enumerate(state.pool, 1)
        ],
        drop_empty=True,
        droppable=[
            5
        ],  # the keywords give way when nothing else fits (80 columns, German, taken by)
    )


def left(cat, state) -> None:
    """One short line: the pool's factions still to be had, by their pool number (``left: 2 Ninjas, 5 Robots``)."""
    L = cat.lang
    free = [
        f"{i} {label(cat.named('faction', f), L)}"
        for i, f in enumerate(state.pool, 1)
        if len(state.holders(f)) < state.copies[f]
    ]
    line((msg("draft_left", L, factions=", ".join(free)), "dim"))


def holdings(cat, state) -> None:
    """One line: each player's factions so far."""
    L = cat.lang
    line(
        "; ".join(
            f"{p}: " + (" + ".join(label(cat.named("faction", f), L) for f in fs) or "-")
            for p, fs in state.holdings.items()
        )
    )


def faction_cards(cat, fid: str) -> None:
    """A faction's cards, one per line (the draft prompt's ``? N``)."""
    L = cat.lang
    for card in cat.faction(fid)["cards"]:
        line(
            f"  {card['copies']}x {label(card, L)} ({term(card['type'], L)}"
            + ("" if card["power"] is None else f", {card['power']}")
            + ")"
        )


def collection_entry(cat, row: dict) -> None:
    """``owner: product xN`` and, when recorded, the printing (``(german)``): a line of ``collection list``."""
    line(
        msg(
            "collection_entry",
            cat.lang,
            owner=row["owner"],
            product=label(row["product"], cat.lang),
            copies=row["copies"],
        )
        + (f" ({printing_word(row['printing'], cat.lang)})" if row.get("printing") else "")
    )


def collection_change(cat, row: dict) -> None:
    """``owner: product, N copies (printing)``; a removed box says it is gone, a corrected one
    that its printing was changed; a box named by a faction it holds (``row["faction"]``) is
    named first ("Changerbots is in the box “…”: …"). ``row`` as :func:`smashup_db.userdata.collection.add` and
    ``remove`` return it (``printing`` None: the current printing is used)."""
    from smashup_db.gamenight.setup_sheet import printing_name
    from smashup_db.i18n import ngettext

    L = cat.lang
    product = label(row["product"], L)
    said = ""  # a box named by a faction it holds: the line says which box that is
    if row.get("faction"):
        said = _("{faction} is in the box “{product}”: ", L).format(
            faction=label(row["faction"], L), product=product
        )
    if row["copies"] == 0:
        line(
            said
            + _("{owner}: {product} removed; no copy left", L).format(
                owner=row["owner"], product=product
            )
        )
        return
    copies = ngettext("{n} copy", "{n} copies", row["copies"], L).format(n=row["copies"])
    printing = printing_name(row.get("printing") or "current", L)
    template = (
        _("{owner}: {product}, {copies}, now recorded as {printing}", L)
        if row.get("corrected")
        else _("{owner}: {product}, {copies} ({printing})", L)
    )
    line(
        said
        + template.format(owner=row["owner"], product=product, copies=copies, printing=printing)
    )


def games(cat, items: list[dict]) -> None:
    """The game log as a table: number, date, each player with factions, VP on the table, Madness cards and
    final VP (after 1 VP lost per 2 Madness cards, what decided the winner), the winner."""
    from smashup_db.rules.endgame import madness_penalty

    L = cat.lang

    def t(key: str) -> str:
        return msg("g." + key, L)

    def final(p: dict) -> str:
        if p["vp"] is None:
            return "-"
        return str(p["vp"] - madness_penalty(p.get("madness") or 0))

    table(
        t("log_title"),
        [
            "#",
            t("date"),
            term("player", L),
            term("factions", L),
            term("vp", L),
            t("madness_cards"),
            t("final"),
            t("winner"),
        ],
        [
            [
                str(g["id"]) if i == 0 else "",
                fmt_date(g["played_on"], L) if i == 0 else "",
                p["player"],
                " + ".join(cat.name("faction", f)[0] for f in p["factions"]),
                "-" if p["vp"] is None else str(p["vp"]),
                str(p.get("madness") or 0) if p["vp"] is not None else "-",
                final(p),
                (g["winner"] or t("drafted")) if i == 0 else "",
            ]
            for g in items
            for i, p in enumerate(g["players"])
        ],
    )
