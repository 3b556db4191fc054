"""How ``smashup import images`` reports what it did, in the display language."""

from __future__ import annotations

from smashup_db.cli.output import say
from smashup_db.common.sanitize import printable
from smashup_db.i18n import _, ngettext, render
from smashup_db.i18n.terms import active_lang


def show_image_report(report) -> None:
    """Print an :class:`~smashup_db.importer.images.ImageImportReport`: every unmatched record or file and
    every picture not found on stderr, then the counts (matched / missing / unmatched, changes) on stdout."""
    L = active_lang()
    for miss in report.unmatched:  # one line each, whatever the names hold (a newline too)
        say(_("unmatched: {what}").format(what=printable(render(miss, L), one_line=True)), err=True)
    for miss in report.not_found:
        say(_("not found: {what}").format(what=printable(render(miss, L), one_line=True)), err=True)
    i = report.images
    say(
        _(
            "imported pictures from {source} in {secs} s: {matched} matched, {unmatched} unmatched, "
            "{not_found} not found"
        ).format(
            source=report.source,
            secs=f"{report.seconds:.2f}",
            matched=report.matched,
            unmatched=len(report.unmatched),
            not_found=len(report.not_found),
        )
    )
    say(
        _(
            "pictures: {added} added, {changed} changed, {unchanged} unchanged, {removed} removed ({changes} changes)"
        ).format(
            added=i["added"],
            changed=i["changed"],
            unchanged=i["unchanged"],
            removed=i["removed"],
            changes=report.changes,
        )
    )
    if i["kept"]:
        say(
            ngettext(
                "kept: {n} stored picture this run did not bring again (not found, or its archive "
                "record not read)",
                "kept: {n} stored pictures this run did not bring again (not found, or their archive "
                "record not read)",
                i["kept"],
            ).format(n=i["kept"])
        )
    if i["held"]:
        say(
            _(
                "{n} of them no longer match their archive record; run again with --prune to remove them"
            ).format(n=i["held"]),
            err=True,
        )
    cards, bases = report.missing.get("card", 0), report.missing.get("base", 0)
    say(
        _("still without a picture: {cards}, {bases}").format(
            cards=ngettext("{n} card", "{n} cards", cards).format(n=cards),
            bases=ngettext("{n} base", "{n} bases", bases).format(n=bases),
        )
    )
    t = report.thumbnails
    if report.thumbs_cache is None and t["not_made"]:
        say(_("thumbnails: none made (no cache folder); the site build makes them"))
    elif t["not_made"]:
        say(
            _(
                "thumbnails: {made} made, {cached} already cached, {not_made} not made (the cache folder {cache} "
                "cannot take them; the site build makes them)"
            ).format(
                made=t["made"],
                cached=t["cached"],
                not_made=t["not_made"],
                cache=report.thumbs_cache,
            )
        )
    else:
        say(
            _("thumbnails: {made} made, {cached} already cached").format(
                made=t["made"], cached=t["cached"]
            )
        )
    say(_("stored in {folder}").format(folder=report.folder))
    for label, digest in report.archives.items():  # the archive JSON read, as sha256sum prints them
        say(f"sha256 {digest}  {label}")
