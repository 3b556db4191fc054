"""Benchmark `smashup search`: 200 fixed queries in-process on the full catalogue, beside a naive loop.

Usage: python bench/bench_search.py [--db PATH] [--repeat N] [--like]

Builds a temporary database (and imports the card archive's text from
../shared/data when present) unless --db is given. Prints the median and the
95th percentile CPU time of Searcher.search (limit 50) over the 200 queries,
and beside it the same figures of a naive loop over the same data: every query
evaluated in plain Python against every card and base (the folded index rows
held in memory), the first 50 matches given their names and excerpts. The
naive loop is the yardstick, not a second implementation: the line says on how
many queries its totals agree with the search. Goal (issue 30): p95 <= 5 ms.
"""

from __future__ import annotations

import argparse
import statistics
import tempfile
import time
from pathlib import Path

QUERIES = [
    # filters, fields and operators
    "t:minion f:wechslerbots pow>=4",
    "kw:talent -t:minion",
    "bp>=25 t:base",
    "t:kreatur f:geister",
    "(f:robots OR f:aliens) t:action",
    "f:robots -t:minion",
    "s:core t:base",
    "pow>=5",
    "pow<2 t:minion",
    "vp>=5",
    "bp<15",
    "t:titan",
    "kw:ongoing kw:play-on-base",
    "kw:extra",
    "kw:dauerhaft t:aktion",
    "leader",
    "gun",
    "cesium",
    "Cäsiumrüstung",
    '"the touch"',
    "n:ghost",
    'name:"tar pits"',
    "zombie",
    "o:destroy",
    "text:madness",
    '"extra minion"',
    'o:"play on a base"',
    "draw -t:minion",
    "gun OR o:ninja",
    'text:"power counter" pow>=3',
    "o:talent -kw:talent",
    "lang:en o:shuffle",
    "f:zombies o:discard",
    "lang:de casium",
    "lang:de t:base",
    "f:pirates OR f:ninjas OR f:wizards",
    "-(t:minion OR t:action)",
    "copies>=4",
    "t:card pow=3 -f:robots",
    "s:awesome t:minion",
    "f:dinosaurs pow>=4 OR f:ghosts pow<=2",
    "o:return o:hand",
    'o:"each other player"',
    "move minion",
    "t:base o:after",
    "kw:special o:before",
    "vp3=0",
    "f:wechsler",
    "bp>=20 bp<=22 vp>=4",
    "a",
    # free words: English (many results, so many excerpts)
    "minion",
    "action",
    "card",
    "play",
    "base",
    "draw",
    "destroy",
    "power",
    "discard",
    "hand",
    "deck",
    "return",
    "move",
    "each",
    "player",
    "ongoing",
    "special",
    "talent",
    "score",
    "after",
    "before",
    "turn",
    "extra",
    "counter",
    "top",
    "bottom",
    "shuffle",
    "search",
    "reveal",
    "choose",
    "other",
    "opponent",
    "may",
    "you",
    "the",
    "of",
    "to",
    "on",
    "in",
    "this",
    # free words: German
    "karte",
    "kreatur",
    "aktion",
    "basis",
    "ziehe",
    "zerstöre",
    "spiele",
    "spieler",
    "stärke",
    "handkarten",
    "ablagestapel",
    "mische",
    "lege",
    "wähle",
    "jeder",
    "zusätzliche",
    "dauerhaft",
    "punkte",
    "runde",
    "zug",
    "rüstung",
    "geist",
    "ninja",
    "pirat",
    "roboter",
    "zauberer",
    "dinosaurier",
    "außerirdische",
    "zombies",
    "magier",
    # phrases and prefixes
    '"play an extra"',
    '"extra action"',
    '"your hand"',
    '"discard pile"',
    '"top of your deck"',
    '"each player"',
    '"at the start of your turn"',
    '"after this base scores"',
    '"ongoing"',
    '"destroy a minion"',
    "des",
    "pla",
    "min",
    "ex",
    "sh",
    "z",
    "ab",
    "kar",
    "b",
    "m",
    # names, aliases and group names
    "laser",
    "Laser Sword",
    "Saucy Wench",
    "Tornadoes",
    "Superheroes",
    "Laseratops",
    "Bushwhacking",
    "Reiter",
    "Bärenreiter",
    "Wahnsinnslevel",
    "Cthulhu",
    "Shire Marshal",
    "tar pits",
    "robot",
    "alien",
    "wizard",
    "trickster",
    "vampire",
    "werewolf",
    "bear",
    # combinations
    "minion OR action",
    "draw OR discard OR destroy",
    "play -o:minion",
    "destroy minion power",
    "o:draw t:minion",
    "o:discard t:action",
    "o:destroy t:base",
    "n:the -t:minion",
    "lang:en minion",
    "lang:de kreatur",
    "lang:en o:each",
    "lang:de o:karte",
    "text:card name:the",
    "(draw OR discard) pow>=3",
    "(o:after OR o:before) t:base bp>=20",
    "-o:minion t:action",
    "NOT card t:minion",
    "minion AND action",
    "f:zombies OR f:ghosts OR f:vampires OR f:werewolves",
    "t:minion pow>=2 pow<=4 o:power",
    "kw:talent o:draw",
    "kw:ongoing o:destroy",
    "kw:special o:play",
    "copies=1 t:minion",
    "vp1>=4 vp2>=3",
    "t:base o:minion",
    "t:base -o:minion",
    "s:core o:destroy",
    "pow>=3 -pow>=5 t:minion f:ninjas",
    "laser OR sword OR gun OR ray",
    "o:minion o:base o:play",
    "lang:de o:zerstöre t:aktion",
    "lang:de (stärke OR kreatur)",
    "name:laser OR name:sword",
    "o:vp t:base",
    "f:ninjas o:move",
    "f:pirates o:move",
    "f:wizards o:action",
    "pow=0",
    "t:action o:ongoing -kw:ongoing",
]
assert len(QUERIES) == 200


def percentiles(times: list[float]) -> tuple[float, float, float]:
    """``(median, p95, max)`` of ``times`` (milliseconds)."""
    times = sorted(times)
    return statistics.median(times), times[int(0.95 * (len(times) - 1))], times[-1]


def timed(run, queries, repeat: int) -> list[float]:
    """CPU milliseconds of each ``run(query)``, ``repeat`` rounds over ``queries``.

    CPU time of this process (``time.process_time``), not wall time: on a shared machine the wall
    time of a few milliseconds mostly measures the other processes.
    """
    out = []
    for _ in range(repeat):
        for q in queries:
            t = time.process_time()
            run(q)
            out.append((time.process_time() - t) * 1000)
    return out


class NaiveLoop:
    """Evaluate a parsed query in plain Python against every card and base (the yardstick)."""

    def __init__(self, searcher):
        from smashup_db.search.parser import parse

        cat = searcher.cat
        model = cat.model
        self.cat, self.searcher = cat, searcher
        #: every key in catalogue order (a query of only lang: matches everything)
        self.order = searcher.keys(parse("lang:en"))
        self.docs: dict[str, list[tuple[str, str, str]]] = {}
        for r in cat.r.all("SELECT key, lang, field, body FROM search_doc"):
            self.docs.setdefault(r["key"], []).append(
                (r["lang"], r["field"], " " + r["body"] + " ")
            )
        shown = searcher.shown_facts()
        self.facts = {}
        for key in self.order:
            kind, ref = key.split(":", 1)
            if kind == "card":
                c = model.cards[ref]
                facts = (c.power, c.copies, None, None, None, None)
            else:
                b = model.bases[ref]
                facts = (None, None, b.breakpoint, *b.vp)
            self.facts[key] = dict(
                zip(
                    ("power", "copies", "breakpoint", "vp", "vp2", "vp3"),
                    shown.get(key, facts),
                    strict=True,
                )
            )
        self.base_en = {
            r["ref"]: r["text"].lower()
            for r in cat.r.all(
                "SELECT ref, text FROM entity_text WHERE kind = 'base' AND lang = 'en'"
            )
        }
        self.texts = {
            (kind, ref): found
            for kind in ("card", "base")
            for (_, ref), found in model.texts(
                kind, [k[5:] for k in self.order if k.startswith(kind)]
            ).items()
        }

    def matches(self, node, key: str, lang: str | None) -> bool:
        from smashup_db.catalogue.owned import printing_keys
        from smashup_db.search import execute as ex
        from smashup_db.search.parser import And, Compare, Everything, Is, Not, Or, Words

        kind, ref = key.split(":", 1)
        model = self.cat.model
        if isinstance(node, Words):
            needle = " " + " ".join(node.tokens) + (" " if node.exact else "")
            return any(
                needle in body
                for dlang, field, body in self.docs.get(key, ())
                if (node.where == "any" or field == node.where) and (not lang or dlang == lang)
            )
        if isinstance(node, Compare):
            value = self.facts[key][node.field]
            if value is None:
                return False
            return {
                "=": value == node.number,
                "!=": value != node.number,
                "<": value < node.number,
                "<=": value <= node.number,
                ">": value > node.number,
                ">=": value >= node.number,
            }[node.op]
        if isinstance(node, Not):
            return not self.matches(node.item, key, lang)
        if isinstance(node, And):
            return all(self.matches(x, key, lang) for x in node.items)
        if isinstance(node, Or):
            return any(self.matches(x, key, lang) for x in node.items)
        if isinstance(node, Everything):
            return True
        assert isinstance(node, Is)
        thing = model.cards[ref] if kind == "card" else model.bases[ref]
        if node.field == "type":
            return (
                node.value == kind
                if node.value in ("card", "base")
                else (kind == "card" and thing.type == node.value)
                or (kind == "base" and node.value == "base")
            )
        if node.field == "kw":
            if kind == "card":
                return node.value in thing.keywords
            pats = ex.BASE_KEYWORD_PATTERNS.get(node.value, ())
            return any(p.strip("%") in self.base_en.get(ref, "") for p in pats)
        if node.field == "owned":
            return key in self.searcher.owned_keys()
        if node.field == "printing":
            return key in printing_keys(self.cat, node.value)
        ids = self.cat.matcher.match(node.field, node.value)
        if node.field == "faction":
            return thing.faction in ids
        if kind == "base":
            return thing.product in ids
        return any(thing.faction in model.products[p].factions for p in ids)

    def search(self, query: str, limit: int = 50) -> dict:
        from smashup_db.search.execute import text_excerpt
        from smashup_db.search.parser import parse

        q = parse(query)
        keys = [k for k in self.order if self.matches(q.root, k, q.lang)]
        terms = q.highlight_terms()
        results = []
        for key in keys[:limit]:
            kind, ref = key.split(":", 1)
            found = self.texts.get((kind, ref))
            texts = {lang: t["text"] for lang, t in found.texts.items()} if found else {}
            results.append(
                {**self.cat.named(kind, ref), **text_excerpt(texts, terms, q.lang or self.cat.lang)}
            )
        return {"total": len(keys), "results": results}


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--db", help="existing database (default: a fresh temporary one)")
    ap.add_argument("--repeat", type=int, default=3)
    ap.add_argument("--like", action="store_true", help="force the portable LIKE path")
    args = ap.parse_args()

    from smashup_db.catalogue.view import Catalogue
    from smashup_db.compiler.bootstrap import open_reader
    from smashup_db.search import Searcher

    db = args.db or str(Path(tempfile.mkdtemp()) / "bench.db")
    reader = open_reader(db)
    archive = Path(__file__).resolve().parents[1].parent / "shared" / "data" / "card-archive"
    if not args.db and (archive / "smashup-catalog.json").is_file():
        try:
            from smashup_db.compiler.bootstrap import open_db
            from smashup_db.importer.card_archive import import_text

            import_text(
                open_db(db),
                [str(archive / "smashup-catalog.json"), str(archive / "smashup-bases.json")],
            )
            print("text imported from the card archive")
        except ImportError:
            print("no importer: names only")
    searcher = Searcher(Catalogue(reader, "de"), use_fts=False if args.like else None)
    searcher.search("warm up")  # builds the search index once
    naive = NaiveLoop(searcher)
    agree = sum(naive.search(q)["total"] == searcher.search(q)["total"] for q in QUERIES)
    path = "LIKE" if args.like else "FTS5 when available"
    for label, run in (("search", searcher.search), ("naive loop", naive.search)):
        median, p95, top = percentiles(timed(run, QUERIES, args.repeat))
        print(
            f"{label:>10}: {len(QUERIES)} queries x {args.repeat} ({path}):"
            f" median {median:.2f} ms, p95 {p95:.2f} ms, max {top:.2f} ms"
        )
    print(f"naive loop totals agree with the search on {agree} of {len(QUERIES)} queries")
    reader.close()


if __name__ == "__main__":
    main()
