"""Printing for the translation commands: import summary, export note, coverage table."""

from __future__ import annotations

from smashup_db.catalogue.coverage import format_percent as percent
from smashup_db.cli.output import footnote, label, line, say, table
from smashup_db.i18n.terms import active_lang, msg, term


def import_summary(file_name: str, report) -> None:
    """One line per kind: added / changed / unchanged names and texts of an import."""
    L = active_lang()
    say(msg("imported_file", L, file=file_name, rows=report.rows, changes=report.changes))
    for kind, counts in ((term("names", L), report.names), (term("texts", L), report.texts)):
        say(
            msg(
                "import_counts",
                L,
                kind=kind,
                added=counts["added"],
                changed=counts["changed"],
                unchanged=counts["unchanged"],
            )
        )
    for kind, per in report.by_kind.items():  # per kind of thing: product, faction, card, base
        for what, counts in per.items():
            if sum(counts.values()):
                say(
                    "  "
                    + msg(
                        "import_counts",
                        L,
                        kind=f"{term(kind, L)}, {term(what, L)}",
                        added=counts["added"],
                        changed=counts["changed"],
                        unchanged=counts["unchanged"],
                    )
                )


def wrote_rows(n: int, out) -> None:
    """The note on stderr after an export to a file."""
    say(
        msg("wrote_rows", active_lang(), n=n, rows=term("row", active_lang(), n), out=out), err=True
    )


def status(cov: dict, cat, L: str) -> None:
    """The coverage table per product and per faction, then the overall line."""
    lang = cov["lang"]

    def cells(c):
        return [
            f"{c['names']}/{c['names_total']}",
            percent(c["names_percent"], L),
            f"{c['texts']}/{c['texts_total']}",
            percent(c["texts_percent"], L),
        ]

    heads = [term("names", L), "%", term("texts", L), "%"]
    shown = []
    for kind, rows in (("product", cov["products"]), ("faction", cov["factions"])):
        named = [cat.named(kind, r["id"]) for r in rows]
        shown += named
        table(
            msg("coverage_title", L, what=term(kind + "s", L), code=lang),
            [term(kind, L), *heads],
            [[label(n, L), *cells(r)] for n, r in zip(named, rows, strict=True)],
            right=(1, 2, 3, 4),
        )
    o = cov["overall"]
    line(
        (
            msg(
                "coverage_overall",
                L,
                code=lang,
                names=o["names"],
                names_total=o["names_total"],
                names_percent=percent(o["names_percent"], L, sign=False),
                texts=o["texts"],
                texts_total=o["texts_total"],
                texts_percent=percent(o["texts_percent"], L, sign=False),
            ),
            "bold",
        )
    )
    footnote(L, shown)
