"""Issue 20: one printing per view, checked for every card and base with more than one printing.

For each (product, printing) of a printing row, a collection holding only that box in that printing
is recorded through the CLI (``collection add PRODUCT --printing P``); then every view prints its
numbers and each is compared with the printing row's: the CLI's ``faction``, ``card``, ``base``,
``bases``, ``bases --product``, ``search`` (results and the number filters ``pow=``/``copies=``/
``bp=``/``vp=``), ``score``, ``--owner``, an explicit ``--printing`` (the owned box wins), the site's
page data in both languages (cards, bases, faction totals), its browser query index and its
downloads, and the share page. It fails if any view reads the current numbers (or another
printing's) instead of the owned one; a guard checks that many owned printings differ from the
current numbers, so a view ignoring the collection cannot pass.
"""

from __future__ import annotations

import json

import pytest

from smashup_db.catalogue.model import deck_totals
from smashup_db.catalogue.printing import base_facts, card_facts
from smashup_db.catalogue.view import Catalogue
from smashup_db.compiler.bootstrap import open_reader


def _json(res):
    assert res.exit_code == 0, res.output
    return json.loads(res.output)


def _multi(things):
    return [t for t in things.values() if len({(r.product, r.printing) for r in t.printings}) > 1]


def _row_facts(thing, r):
    """The numbers of printing row ``r`` itself (what the owned box prints)."""
    return (r.copies, r.power) if r.kind == "card" else (r.breakpoint, list(r.vp))


@pytest.fixture(scope="module")
def model(catalogue_reader):
    return Catalogue(catalogue_reader, "en").model


@pytest.mark.long
def test_every_view_prints_the_owned_printing(run, model):
    from smashup_db.gamenight.share import context
    from smashup_db.site import sitedata
    from smashup_db.site.build import dataset_rows
    from smashup_db.site.query_index import build_index, read_search_rows
    from smashup_db.site.strings import strings

    cards, bases = _multi(model.cards), _multi(model.bases)
    assert len(cards) >= 20 and len(bases) >= 10
    pairs: dict[tuple[str, str], list] = {}
    for t in (*cards, *bases):
        for r in t.printings:
            pairs.setdefault((r.product, r.printing), []).append((t, r))
    checked, differs = 0, 0
    for (pid, printing), things in sorted(pairs.items()):
        assert run("collection", "add", pid, "--printing", printing).exit_code == 0
        reader = open_reader(run.db)
        try:
            site = sitedata.load(reader)
            rows = read_search_rows(reader)
            cat = Catalogue(reader, "en", model=model, owned={pid: printing})
            views_site = {lang: site.shown_for(lang) for lang in ("en", "de")}
            index = {
                lang: {
                    i[0]: i
                    for i in build_index(
                        site,
                        rows,
                        lang,
                        strings(lang),
                        lambda *s: "/",
                        lambda k, i: {"name": i, "fallback": False},
                    )["items"]
                }
                for lang in ("en", "de")
            }
            downloads = dataset_rows(site)
            share_bases = [t.id for t, _ in things if t in bases]
            share = {
                b["name"]: b
                for b in context(
                    cat,
                    {
                        "bases_in_play": share_bases,
                        "seed": 1,
                        "players": {},
                        "start_player": "",
                        "boxes": [],
                        "extra_decks": [],
                    },
                )["bases"]
            }
        finally:
            reader.close()
        all_bases = {b["id"]: b for b in _json(run("bases", "--json"))}
        found = {
            (r["kind"], r["id"]): r
            for r in _json(run("search", "t:card OR t:base", "-n", "0", "--json"))["results"]
        }
        factions: dict[str, dict] = {}
        for t, r in things:
            kind = r.kind
            home = t.product if kind == "base" else None
            if (
                kind == "card"
                and t.product is None
                and pid not in model.factions[t.faction].products
            ):
                continue  # a printing row in a box that does not sell the card's faction (kept for its evidence)
            want = card_facts(t, printing) if kind == "card" else base_facts(t, printing)
            nums = (
                (want["copies"], want["power"])
                if kind == "card"
                else (want["breakpoint"], want["vp"])
            )
            if want["product"] == r.product or home in (None, r.product):
                assert nums == _row_facts(t, r), (t.id, pid, printing, "facts of the owned row")
            current = (t.copies, t.power) if kind == "card" else (t.breakpoint, list(t.vp))
            differs += nums != current
            seen: dict[str, tuple] = {}
            if t.faction:
                fac = factions.setdefault(t.faction, _json(run("faction", t.faction, "--json")))
                row = next(x for x in fac[kind + "s"] if x["id"] == t.id)
                seen["faction"] = (
                    (row["copies"], row["power"])
                    if kind == "card"
                    else (row["breakpoint"], row["vp"])
                )
            item = _json(run(kind, t.id, "--json"))
            seen[kind] = (
                (item["copies"], item["power"])
                if kind == "card"
                else (item["breakpoint"], item["vp"])
            )
            pinned = _json(
                run(kind, t.id, "--printing", "current", "--json")
            )  # the owned box wins over --printing
            seen["--printing current"] = (
                (pinned["copies"], pinned["power"])
                if kind == "card"
                else (pinned["breakpoint"], pinned["vp"])
            )
            s = found[(kind, t.id)]
            seen["search"] = (
                (s["copies"], s["power"]) if kind == "card" else (s["breakpoint"], s["vp"])
            )
            for lang, view in views_site.items():
                page = view.cards[t.id] if kind == "card" else view.bases[t.id]
                seen[f"site {lang}"] = (
                    (page["copies"], page["power"])
                    if kind == "card"
                    else (page["breakpoint"], page["vp"])
                )
                assert page["shown"]["printing"] == printing, (t.id, pid, printing, lang)
                i = index[lang].get(f"{kind}:{t.id}")
                if i is not None:
                    seen[f"query index {lang}"] = (
                        (i[5], i[4]) if kind == "card" else (i[6], list(i[7:10]))
                    )
            dl = next(x for x in downloads[kind + "s"] if x["id"] == t.id)
            seen["downloads"] = (
                (dl["copies"], dl["power"])
                if kind == "card"
                else (dl["breakpoint"], [dl["vp1"], dl["vp2"], dl["vp3"]])
            )
            if kind == "base":
                seen["bases"] = (all_bases[t.id]["breakpoint"], all_bases[t.id]["vp"])
                if t.id in model.products[pid].bases:
                    listed = {b["id"]: b for b in _json(run("bases", "--product", pid, "--json"))}
                    seen["bases --product"] = (listed[t.id]["breakpoint"], listed[t.id]["vp"])
                sh = share[item["name"]]
                seen["share"] = (
                    None if sh["breakpoint"] == "?" else sh["breakpoint"],
                    [None if v == "?" else int(v) for v in sh["vp"].split("/")],
                )
                if want["breakpoint"] is not None:
                    sc = _json(run("score", t.id, "A=99", "--json"))
                    seen["score"] = (sc["breakpoint"], sc["vp"])
                    hits = _json(
                        run(
                            "search",
                            f"t:base bp={want['breakpoint']} vp={want['vp'][0]}",
                            "-n",
                            "0",
                            "--json",
                        )
                    )
                    assert t.id in [x["id"] for x in hits["results"]], (
                        t.id,
                        pid,
                        printing,
                        "bp= filter",
                    )
                    if t.breakpoint is not None and t.breakpoint != want["breakpoint"]:
                        miss = _json(
                            run("search", f"t:base bp={t.breakpoint}", "-n", "0", "--json")
                        )
                        assert t.id not in [x["id"] for x in miss["results"]], (
                            t.id,
                            pid,
                            printing,
                            "bp= current",
                        )
            else:
                if want["power"] is not None:
                    hits = _json(
                        run(
                            "search",
                            f"f:{t.faction} pow={want['power']} copies={want['copies']}",
                            "-n",
                            "0",
                            "--json",
                        )
                    )
                    assert t.id in [x["id"] for x in hits["results"]], (
                        t.id,
                        pid,
                        printing,
                        "pow= filter",
                    )
            for view, got in seen.items():
                assert got == nums, (t.id, pid, printing, view, got, nums)
            checked += 1
        for (
            fid,
            fac,
        ) in factions.items():  # totals of the shown printing, in the CLI and on the site
            assert fac["totals"] == deck_totals(fac["cards"]), (fid, pid, printing)
            for lang, view in views_site.items():
                assert view.factions[fid]["totals"] == fac["totals"], (fid, pid, printing, lang)
        assert run("collection", "remove", pid).exit_code == 0
    assert checked >= 90  # 96 (card, base) x owned printing pairs on the catalogue of 2026-12
    assert differs >= 30  # 33: the owned printing's numbers differ from the current ones this often


def test_owner_restricts_the_printing_to_that_owners_boxes(run):
    assert run("collection", "add", "Wahnsinnslevel 9000", "--owner", "Ben").exit_code == 0
    assert (
        run(
            "collection", "add", "Awesome Level 9000", "--printing", "current", "--owner", "Cleo"
        ).exit_code
        == 0
    )
    assert _json(run("base", "Field of Honor", "--owner", "Ben", "--json"))["breakpoint"] == 18
    assert _json(run("base", "Field of Honor", "--owner", "Cleo", "--json"))["breakpoint"] == 16
    assert (
        _json(run("base", "Field of Honor", "--json"))["breakpoint"] == 18
    )  # every owner: German beats current
    fac = _json(run("faction", "bear-cavalry", "--owner", "cleo", "--json"))
    assert next(b for b in fac["bases"] if b["id"] == "field-of-honor")["breakpoint"] == 16
    assert (
        _json(run("score", "Field of Honor", "A=17", "--owner", "Cleo", "--json"))["reached"]
        is True
    )
    assert (
        _json(run("score", "Field of Honor", "A=17", "--owner", "Ben", "--json"))["reached"]
        is False
    )
    res = run("base", "Field of Honor", "--owner", "Dora")
    assert res.exit_code == 1 and res.output.startswith("error: no collection recorded for Dora")
