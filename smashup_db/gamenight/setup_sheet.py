"""The set-up sheet ("Aufbau"): everything to take out for a drafted table, box by box.

:func:`build` turns the drafted factions and the base deck of
:func:`smashup_db.gamenight.session.base_deck` into a plain dict (``--json``);
:func:`render_html` prints it on one A4 page. The special decks (the Madness
deck of the Cthulhu set, Munchkin's Monster and Treasure decks) and their
counts come from the catalogue's components (``data/components.json``); a
deck is on the sheet when a drafted faction comes in a box that ships it.
Which printing a box is comes from the collection, by the one rule of
:func:`smashup_db.catalogue.printing.applies`.

The shape (every name a ``{"id", "name", "name_lang", "name_en"}`` dict)::

    {"players": 2,                      # number of players
     "seating": ["Anna", "Ben"] | None, # player names in turn order (a draft), None without names
     "base_mode": "set",                # set | faction | all (smashup_db.rules.basedeck.MODES)
     "printing": "german" | None,       # --printing asked (None: the one owned, else current)
     "factions": [{name..., "player": "Anna" | None, "box": {product}}],
     "bases": {"deck": 24, "in_play": [{name..., "breakpoint", "vp": [4, 2, 1], "scoring", "box": {product}}]},
     "titans": [{name..., "faction": {faction}, "box": {product}}] | None,   # None: titans not played
     "decks": [{name..., "kind": "madness" | "monster" | "treasure", "count": 30 | None, "box": {product}}],
     "vp_tokens": {"goal": 15},         # VP that end the game (rules.endgame.WIN_VP)
     "boxes": [{"product": {product}, "printing": "german" | "original" | "current",
                "factions": [ids], "bases": [ids of the base deck from this box], "in_play": [ids],
                "all_bases": True,      # every base of the box is in the deck (the sheet says "all N")
                "titans": [ids], "decks": [component ids]}]}   # boxes in publication order
"""

from __future__ import annotations

from smashup_db.catalogue import printing as prt
from smashup_db.catalogue.view import Catalogue
from smashup_db.i18n import N_, _, gettext, ngettext
from smashup_db.i18n.terms import vp_words
from smashup_db.rules.endgame import WIN_VP

#: The key of the sheet in ``smashup draft --json``.
KEY = "setup"

#: Each base-deck mode as the sheet names it.
BASE_MODES = {
    "set": N_("bases of the factions' boxes"),
    "faction": N_("bases of the drafted factions"),
    "all": N_("every base owned"),
}
#: Each printing as the sheet names a box.
PRINTINGS = {
    "original": N_("original printing"),
    "current": N_("current printing"),
    "german": N_("German edition"),
}


def mode_name(mode: str, lang: str) -> str:
    """A base-deck mode's name on the sheet, in ``lang``."""
    return gettext(BASE_MODES[mode], lang) if mode in BASE_MODES else mode


def printing_name(printing: str, lang: str) -> str:
    """A box's printing as the sheet names it, in ``lang``."""
    return gettext(PRINTINGS[printing], lang) if printing in PRINTINGS else printing


def needed_decks(cat: Catalogue, factions: list[str]) -> list[tuple[str, str]]:
    """``[(component id, box)]``: the special decks the drafted ``factions`` play with.

    A component (Madness, Monster deck, Treasure deck) is needed when a
    drafted faction is sold in a product that ships it (the Cthulhu set's
    factions use Madness cards; Munchkin's factions fight monsters for
    treasures); ``box`` is that product. Catalogue order.
    """
    m = cat.model
    out = []
    for comp in m.components.values():
        for f in factions:
            box = next((p for p in m.factions[f].products if p in comp.products), None)
            if box:
                out.append((comp.id, box))
                break
    return out


def _base_box(cat: Catalogue, bid: str, boxes: list[str]) -> str:
    """The box a base of the deck is pulled from: one of ``boxes`` holding it, else its own product."""
    b = cat.model.bases[bid]
    held = [b.product, *(r.product for r in b.printings)]
    return next((p for p in held if p in boxes), b.product)


def build(
    cat: Catalogue,
    factions: list[str],
    n_players: int,
    deck: dict | None = None,
    *,
    holders: dict[str, list[str]] | None = None,
    titans: bool = False,
    printing: str | None = None,
    seed: int | None = None,
    base_mode: str = "set",
    owned: dict[str, int] | None = None,
) -> dict:
    """The set-up sheet for ``factions`` (ids) at a table of ``n_players``; the shape is in the module doc.

    ``deck`` is a result of :func:`smashup_db.gamenight.session.base_deck`
    (``base_deck``, ``bases_in_play``, ``boxes``, ``sources``, ``base_mode``); when None it is
    built here from ``seed`` (None: a fresh one), ``base_mode`` and ``owned`` (copies per product, None:
    everything). ``holders`` maps each player to their factions (a draft).
    ``titans``: the table plays with titans (each drafted faction's titan is
    listed, from the box selling it). ``printing`` as ``--printing``. Raises what
    :func:`~smashup_db.gamenight.session.base_deck` raises.
    """
    from smashup_db.gamenight.session import base_deck, new_seed

    m = cat.model
    if deck is None:
        deck = base_deck(
            cat,
            factions,
            n_players,
            seed=new_seed() if seed is None else seed,
            mode=base_mode,
            owned=owned,
        )
    boxes_used = list(deck["boxes"])
    sources = deck.get("sources") or {}
    owner_of = {f: p for p, fs in (holders or {}).items() for f in fs}
    order: dict[str, dict] = {}

    def box(pid: str) -> dict:
        if pid not in order:
            order[pid] = {
                "product": cat.named("product", pid),
                "printing": prt.applies(m.products[pid], cat.owned_printings(), printing, (pid,)),
                "factions": [],
                "bases": [],
                "in_play": [],
                "titans": [],
                "decks": [],
            }
        return order[pid]

    def faction_box(f: str) -> str:
        products = list(m.factions[f].products)
        return sources.get(f) or next((p for p in products if p in boxes_used), products[0])

    rows = []
    for f in factions:
        pid = faction_box(f)
        box(pid)["factions"].append(f)
        rows.append(
            {**cat.named("faction", f), "player": owner_of.get(f), "box": cat.named("product", pid)}
        )
    in_play = []
    for bid in deck["base_deck"]:
        box(_base_box(cat, bid, boxes_used))["bases"].append(bid)
    for bid in deck["bases_in_play"]:
        pid = _base_box(cat, bid, boxes_used)
        box(pid)["in_play"].append(bid)
        row = cat.base_row(bid, printing)
        in_play.append(
            {
                **cat.named("base", bid),
                "breakpoint": row["breakpoint"],
                "vp": row["vp"],
                "scoring": row["scoring"],
                "printing": row["printing"],
                "box": cat.named("product", pid),
            }
        )
    titan_rows = None
    if titans:
        titan_rows = []
        for f in factions:
            for cid in m.factions[f].cards:
                card = m.cards[cid]
                if card.type == "titan":
                    pid = card.product or faction_box(f)
                    box(pid)["titans"].append(cid)
                    titan_rows.append(
                        {
                            **cat.named("card", cid),
                            "faction": cat.named("faction", f),
                            "box": cat.named("product", pid),
                        }
                    )
    decks = []
    for comp_id, pid in needed_decks(cat, factions):
        comp = m.components[comp_id]
        box(pid)["decks"].append(comp_id)
        decks.append(
            {
                **cat.named("component", comp_id),
                "kind": comp.kind,
                "count": comp.count,
                "box": cat.named("product", pid),
            }
        )
    for b in order.values():  # a box whose every base is in the deck: "all its bases" on the sheet
        b["all_bases"] = bool(b["bases"]) and set(m.products[b["product"]["id"]].bases) <= set(
            b["bases"]
        )
    return {
        "players": n_players,
        "seating": list(holders) if holders else None,
        "base_mode": deck["base_mode"],
        "printing": printing,
        "factions": rows,
        "bases": {"deck": len(deck["base_deck"]), "in_play": in_play},
        "titans": titan_rows,
        "decks": decks,
        "vp_tokens": {"goal": WIN_VP},
        "boxes": sorted(order.values(), key=lambda b: m.products[b["product"]["id"]].sort),
    }


def all_bases_words(n: int, lang: str) -> str:
    """ "all 8 bases of the box", "both bases of the box", "the one base of the box" in ``lang``."""
    if n == 1:
        return _("the one base of the box", lang)
    if n == 2:
        return _("both bases of the box", lang)
    return _("all {n} bases of the box", lang).format(n=n)


def deck_words(name: str, count: int | None, lang: str) -> str:
    """A special deck and its size: "Madness: 30 cards" ("Wahnsinnskarte: 30 Karten"); the name alone
    when the size is unknown."""
    if count is None:
        return name
    return f"{name}: " + ngettext("{n} card", "{n} cards", count, lang).format(n=count)


def render_html(cat: Catalogue, sheet: dict) -> str:
    """The sheet as one printable A4 page of HTML (every name escaped), in ``cat.lang``.

    A name shown in English on a German sheet carries a ``*``, explained at the foot of the page.
    """
    from smashup_db.gamenight.share import clean, environment

    m = cat.model
    L = cat.lang
    english: list[bool] = []

    def shown(item: dict) -> str:
        """The item's name, with ``*`` when it is shown in English in place of ``L``."""
        star = item.get("name_lang") not in (L, None)
        english.append(star)
        return clean(item["name"]) + ("*" if star else "")

    def nm(kind: str, ref: str) -> str:
        return shown(cat.named(kind, ref))

    boxes = [
        {
            "name": shown(b["product"]),
            "printing": printing_name(b["printing"], L),
            "factions": [nm("faction", f) for f in b["factions"]],
            "bases": [{"name": nm("base", x), "in_play": x in b["in_play"]} for x in b["bases"]],
            "all_bases": all_bases_words(len(b["bases"]), L) if b["all_bases"] else "",
            "titans": [nm("card", x) for x in b["titans"]],
            "decks": [deck_words(nm("component", x), m.components[x].count, L) for x in b["decks"]],
        }
        for b in sheet["boxes"]
    ]
    factions = [
        {
            "name": shown(f),
            "player": clean(f["player"]) if f["player"] else "",
            "box": shown(f["box"]),
        }
        for f in sheet["factions"]
    ]
    in_play = [
        {
            "name": shown(b),
            "breakpoint": "?" if b["breakpoint"] is None else b["breakpoint"],
            "vp": vp_words(b["vp"], b.get("scoring"), L),
            "box": shown(b["box"]),
        }
        for b in sheet["bases"]["in_play"]
    ]
    ctx = {
        "lang": L,
        "players": sheet["players"],
        "base_mode_name": mode_name(sheet["base_mode"], L),
        "factions": factions,
        "in_play": in_play,
        "deck": sheet["bases"]["deck"],
        "boxes": boxes,
        "goal": sheet["vp_tokens"]["goal"],
        "titans_played": sheet["titans"] is not None,
        "with_players": any(f["player"] for f in sheet["factions"]),
        "marked": any(b["bases"] and not b["all_bases"] for b in sheet["boxes"]),
        "english_shown": any(english),
    }
    return environment("html", cat.lang).get_template("setup.html").render(ctx)
