"""The one table of display words and messages, in English and German, for the CLI and the site.

``term(key, lang)`` gives the label for a card type, keyword, product kind or
column heading; ``msg(key, lang, **values)`` a message with ``{placeholders}``
filled in (values are inserted as they are, never re-read as a template).
German terms follow the German edition (see the glossary): Kreatur, Aktion,
Basis, Zerstörungswert, Siegpunkte, Stärke, Dauerhaft, Talent, Extra.

Only words looked up by key live here (CLI lines, headings, game words shown
for a value such as a card type). Errors and warnings carry their own English
template (:class:`smashup_db.errors.Message`, rendered with
:func:`smashup_db.i18n.render`); site templates write their English in place
(``{{ _("...") }}``, Jinja2's i18n extension). German for all of them comes
from the one gettext catalog.
"""

from __future__ import annotations

from smashup_db.i18n import N_, NP_, active_lang, default_lang, gettext, ngettext, set_active_lang  # noqa: F401  (re-exported)
from smashup_db.i18n.glossary import CARD_TYPE_WORDS, KEYWORD_WORDS

TERMS: dict[str, str] = {
    # keywords (and, in PLURALS, card types) come from the glossary of game words (smashup_db.i18n.glossary)
    **KEYWORD_WORDS,
    # product kinds
    "core": N_("core set"),
    "expansion": N_("expansion"),
    "big-box": N_("big box"),
    "single-faction": N_("single faction"),
    "promo": N_("promo"),
    # special decks some products need
    "madness": N_("Madness cards"),
    "munchkin-monsters": N_("Munchkin monster deck"),
    "munchkin-treasures": N_("Munchkin treasure deck"),
    # headings
    "product": N_("Product"),
    "products": N_("Products"),
    "faction": N_("Faction"),
    "factions": N_("Factions"),
    "card": N_("Card"),
    "cards": N_("Cards"),
    "bases": N_("Bases"),
    "type": N_("Type"),
    "copies": N_("Copies"),
    "power": N_("Power"),
    "keywords": N_("Keywords"),
    "breakpoint": N_("Breakpoint"),
    "vp": N_("VP"),
    "year": N_("Year"),
    "kind": N_("Kind"),
    "name": N_("Name"),
    "text": N_("Text"),
    "unknown": N_("unknown"),
    "player": N_("Player"),
    "place": N_("Place"),
    "errata": N_("Errata"),
    "erratum": N_("Erratum"),
    "clarification": N_("Clarification"),
    "clarifications": N_("Clarifications"),
    "english_shown": N_("English shown"),
    "english_text_shown": N_("English text shown"),
    "printings": N_("Printings"),
    "original": N_("original printing"),
    "current": N_("current printing"),
    "german": N_("German edition"),
    "edition": N_("Edition"),
    "edition_german": N_("German edition (lead)"),
    "edition_current": N_("Reprint"),
    "edition_original": N_("First printing"),
    "power_unknown": N_("unknown (no source gives it)"),
    "own_scoring": N_("Own scoring rule"),
    "no_text": N_("No rules text imported yet (run: smashup import text; it fetches {source})"),
    # search
    "no_matches": N_("no matches"),
    # draft, base deck, collection
    "draft_title": N_("Draft (seed {seed})"),
    "start_player": N_("start player"),
    "bases_in_play_title": N_("Bases in play ({shown} of a {mode}-matched deck of {total})"),
    "boxes_to_pull": N_("Boxes to pull: {boxes}"),
    "also_bring": N_("Also bring: {decks}"),
    "warning": N_("warning:"),
    "replay_with": N_("replay with --seed {seed}"),
    "seed": N_("seed {seed}"),
    "seed_and_start": N_("seed {seed}; start player: {player}"),
    "pool_title": N_("Pool ({n})"),
    "minions_actions": N_("minions/actions"),
    "taken_by": N_("taken by"),
    "draft_help": N_(
        "Type a number or a faction name (English or German), 'u' to undo, '?' for the pool, "
        "'? N' for a faction's cards, 'q' to stop."
    ),
    "draft_left": N_("left: {factions}"),
    "vp_argument": N_("{player}=VP"),
    "draft_stopped": N_("draft stopped: nothing was drafted or kept"),
    "draft_prompt": N_("{player}, round {round} - your pick"),
    "undone": N_("undone: {player} - {faction}"),
    "collection_entry": N_("{owner}: {product} x{copies}"),
    "collection_empty": N_(
        "the collection is empty; add boxes with: smashup collection add PRODUCT"
    ),
    # output of look-ups, imports, exports, site and database commands
    "also": N_("also: {id}"),
    "names": N_("Names"),
    "texts": N_("Texts"),
    "deck_totals": N_("{cards}: {parts}; power {power}"),
    "imported_file": N_("imported {file}: {rows} rows ({changes} changes)"),
    "import_counts": N_("{kind}: {added} added, {changed} changed, {unchanged} unchanged"),
    "wrote_rows": N_("wrote {n} {rows} to {out}"),
    "coverage_title": N_("{what}: names and text in '{code}'"),
    "coverage_overall": N_(
        "overall ({code}): names {names}/{names_total} ({names_percent} %), "
        "text {texts}/{texts_total} ({texts_percent} %)"
    ),
    "stats_line": N_(
        "catalogue {version}: {products} products, {factions} factions, {cards} cards "
        "({copies} copies), {bases} bases ({unknown} with unknown stats)"
    ),
    "stats_printings": N_(
        "printings: {cards} cards and {bases} bases with more than one; {differences} source "
        "differences, {unresolved} unresolved"
    ),
    "stats_names": N_("names ({code}): {counts}"),
    "stats_text": N_("text: {counts}; rulings {rulings}"),
    "products_lower": N_("products"),
    "factions_lower": N_("factions"),
    "cards_lower": N_("cards"),
    "bases_lower": N_("bases"),
    "german_edition": N_("German edition"),
    "english_only": N_("English only"),
    "de_published_note": N_(
        "{n} of {total} products came out in German; the others exist only in English"
    ),
    "error_prefix": N_("error:"),
    # game night: end of game, game log, presets, collection backup (cli/game_cmds.py)
    "g.end_title": N_("End of the game"),
    "g.madness_cards": N_("Madness cards"),
    "g.vp_lost": N_("VP lost"),
    "g.final": N_("Final"),
    "g.wins_game": N_("{winner} wins."),
    "g.tied": N_("Tied: {players} (same VP, same Madness cards): play on until one leads."),
    "g.goes_on": N_("Nobody has {threshold} VP yet: the game goes on."),
    "g.recorded": N_("recorded as game {id}"),
    "g.recorded_draft": N_(
        "recorded as game {id}; when it is over: smashup game end NAME=VP ... --record"
    ),
    "g.wrote": N_("wrote {out}"),
    "g.draft_waits": N_(
        "This draft waits for its result (it is not in the game log yet); when the game is over:"
    ),
    "g.log_title": N_("Game log"),
    "g.date": N_("Date"),
    "g.winner": N_("Winner"),
    "g.drafted": N_("(drafted)"),
    "g.no_games_of": N_("no recorded games of {player}"),
    "g.no_games": N_("no games recorded yet; use smashup game record or draft --record"),
    "g.finished": N_("{n} finished {games}"),
    "g.players": N_("Players"),
    "g.pairs": N_("Faction pairs"),
    "g.played": N_("played"),
    "g.wins": N_("wins"),
    "g.win_rate": N_("win rate"),
    "g.more_rows": N_("... and {n} more (smashup games stats --all shows every row)"),
    "g.wrote_games": N_("wrote {n} {games} to {file}"),
    "g.added_games": N_("added {added} games, skipped {skipped} already in the log"),
    "g.saved_preset": N_("saved preset {name}"),
    "g.no_presets": N_("no presets saved"),
    "g.removed_preset": N_("removed preset {name}"),
    "g.wrote_entries": N_("wrote {n} entries to {file}"),
    "g.imported_entries": N_("imported {n} entries for {owners}"),
    "g.nobody": N_("nobody"),
    # site pages of the German-first work (the site merges this table into its strings)
    "community_title": N_(
        "Name contributed by players (community translation), not from a published edition"
    ),
    "overall": N_("Overall"),
    "yes": N_("yes"),
    "built_catalogue": N_("built catalogue {version} into {url} in {secs} s: {counts}"),
    "orphan": N_("imported text or name for {kind} {ref} has no matching {kind} any more (kept)"),
    "unmatched": N_("unmatched: {what}"),
    "imported_text": N_(
        "imported {files} in {secs} s: {matched} of {records} records matched, {unmatched} unmatched"
    ),
    "text_counts": N_(
        "text: {added} added, {changed} changed, {unchanged} unchanged, {removed} removed; "
        "rulings: {r_added} added, {r_removed} removed, {r_unchanged} unchanged ({changes} changes)"
    ),
    "without_text": N_("still without English text: {counts}"),
    "built_site": N_("built {pages} pages ({langs}) in {secs} s -> {out}"),
    "no_rules_text": N_(
        "rules text not included (import it with: smashup import text, then build again; "
        "it fetches {source})"
    ),
    "serving": N_("serving {folder} on http://127.0.0.1:{port}/ (Ctrl+C stops)"),
    "stopped": N_("stopped"),
    "wrote_files": N_("wrote {n} files to {target}: {counts}"),
    "matched_part": N_(
        'no name is exactly "{query}"; showing {name}, whose name starts with or contains it'
    ),
    "matched_alias": N_('"{query}" is another name of {name}'),
    "matched_printing": N_('"{query}" is the name of another printing of {name}'),
    "source_differences": N_("{sources}: {n} differences: {settled}"),
    "settling_rule": N_("rule {rule}: {why}"),
    "data_clean": N_("data/ is clean"),
    "kept_damaged": N_("kept the damaged file as {path}"),
    "rescued": N_("{table}: {n} rows rescued"),
    "unreadable": N_(", {n} unreadable"),
    # ------------------------------------------------------------ site interface (smashup_db.site)
    "home": N_("Home"),
    "rules": N_("Rules summary"),
    "glossary": N_("Glossary"),
    "downloads": N_("Downloads"),
    "search": N_("Search"),
    "search_off": N_(
        "Search is not available on this copy of the site (the search index was not built). "
        "Use the lists of factions, cards and bases instead."
    ),
    "language": N_("Language"),
    "catalogue_version": N_("Catalogue version"),
    "dated": N_("dated"),
    "fallback_mark": N_("name unknown"),
    "source": N_("Source"),
    "rulings": N_("Errata and clarifications"),
    "checklist": N_("Checklist"),
    "totals": N_("Totals"),
    "total_power": N_("total minion power"),
    "extra_decks": N_("Extra decks"),
    "stats_unknown": N_("Breakpoint and VP not known yet."),
    "note": N_("Note"),
    "none": N_("none"),
    "all_cards_n": N_("cards"),
    "english": N_("English"),
    "file": N_("File"),
    "rows": N_("rows"),
    "choose_language": N_("Choose a language"),
    "counts": N_("In the catalogue"),
    # site: phone-first pages (search, syntax help, browsing, notes)
    "skip": N_("Skip to content"),
    "menu": N_("Menu"),
    "syntax": N_("Search syntax"),
    "all_types": N_("All types"),
    "all_factions": N_("All factions"),
    "sort": N_("Sort"),
    "of_total": N_("(of {n})"),
    "show_all": N_("Show all {n}"),
    "box": N_("Box"),
    "prev": N_("Previous"),
    "next": N_("Next"),
    "az": N_("A–Z"),
    "boxes": N_("Boxes"),
    "unnamed": N_("Name not known"),
    "unnamed_title": N_("No source gives this card's name yet."),
    "no_power": N_("none (not a minion)"),
    "print": N_("Print"),
    "year_unknown": N_("year unknown"),
}

#: Short forms of column headings, the one list a table narrower than its headings uses
#: (``smashup_db.cli.output.table``): the English heading -> its short form, both translated by
#: the catalog (German short forms after the glossary: ZW, SP, Kr./Akt.). A short form is used
#: only where it is shorter than the heading in the display language.
SHORT_HEADINGS = {
    "Breakpoint": N_("Brkpt."),
    "VP": N_("Pts."),
    "Madness cards": N_("Madn."),
    "minions/actions": N_("Min./Act."),
    "Faction": N_("Fact."),
    "Factions": N_("Fact."),
    "Product": N_("Prod."),
    "Products": N_("Prod."),
    "Keywords": N_("Keyw."),
    "Copies": N_("Qty"),
    "Power": N_("Pow."),
}


def short_headings() -> dict[str, str]:
    """``{heading: short form}`` of :data:`SHORT_HEADINGS` in every language of the catalog, each
    short form shorter than its heading (a heading is shown in one language; the English and
    German headings differ where their short forms do)."""
    out: dict[str, str] = {}
    for lang in ("en", "de"):
        for heading, short in SHORT_HEADINGS.items():
            long_, brief = gettext(heading, lang), gettext(short, lang)
            if len(brief) < len(long_):
                out.setdefault(long_, brief)
    return out


#: Words counted in output: ``{key: (singular, plural)}`` in English, translated with ``ngettext``.
PLURALS: dict[str, tuple[str, str]] = {
    **CARD_TYPE_WORDS,
    "base": NP_("base", "bases"),
    "card_word": NP_("card", "cards"),
    "row": NP_("row", "rows"),
    "game": NP_("game", "games"),
    "product_word": NP_("product", "products"),
    "faction_word": NP_("faction", "factions"),
    "change": NP_("change", "changes"),
    "problem": NP_("problem", "problems"),
}


def msg(key: str, lang: str = "en", **values) -> str:
    """The message ``key`` in ``lang`` (English fallback) with its ``{placeholders}`` filled from ``values``.

    The English text is :data:`TERMS`' entry; the German one comes from the gettext
    catalog (``smashup_db/i18n/locale/de/LC_MESSAGES/messages.po``). Raises
    ``KeyError`` for an unknown key or a missing value (a programming error, not a user's).
    """
    return gettext(TERMS[key], lang).format(**values)


def term(key: str, lang: str = "en", n: int | None = None) -> str:
    """The display label for ``key`` in ``lang`` (English fallback, else the key itself).

    With ``n``, the form for that many: singular for 1, else the plural from :data:`PLURALS`.
    """
    if key in PLURALS:
        return ngettext(*PLURALS[key], 1 if n is None else n, lang)
    entry = TERMS.get(key)
    return gettext(entry, lang) if entry else key


def count(key: str, n: int, lang: str = "en") -> str:
    """``n`` and the word in the right number: ``count("minion", 1, "de") == "1 Kreatur"``, 10 -> "10 Kreaturen"."""
    return f"{n} {term(key, lang, n)}"


#: What a base whose VP come from its own rule shows in place of its VP.
VP_OWN_RULE = N_("own rule")


def vp_words(vp, scoring: str | None = None, lang: str = "en") -> str:
    """A base's VP for 1st/2nd/3rd place as ``4/2/1`` (``?`` where unknown), for the CLI and the
    set-up sheet alike.

    A base whose own rule gives its VP (``scoring`` set and no VP by place: Unicrave is replaced
    before scoring, Rhodes Plaza Mall gives 1 VP per minion) reads "own rule" ("eigene Regel"), never
    0/0/0, which would say it is worth nothing.
    """
    if scoring and vp and all(v == 0 for v in vp):
        return gettext(VP_OWN_RULE, lang)
    return "/".join("?" if v is None else str(v) for v in vp)
