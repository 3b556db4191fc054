"""The one table of display words and messages, in English and German, for the CLI and the site.

``term(key, lang)`` gives the label for a card type, keyword, product kind or
column heading; ``msg(key, lang, **values)`` a message with ``{placeholders}``
filled in (values are inserted as they are, never re-read as a template).
German terms follow the German edition (see the glossary): Kreatur, Aktion,
Basis, Zerstörungswert, Siegpunkte, Stärke, Dauerhaft, Talent, Extra.
"""

from __future__ import annotations

import re

from smashup_db.i18n import N_, NP_, active_lang, default_lang, gettext, ngettext, set_active_lang  # noqa: F401  (re-exported)

TERMS: dict[str, str] = {
    # card types
    # keywords
    "ongoing": N_("Ongoing"),
    "talent": N_("Talent"),
    "special": N_("Special"),
    "play-on-minion": N_("play on a minion"),
    "play-on-base": N_("play on a base"),
    "extra-play": N_("extra play"),
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
    "player": N_("player"),
    "place": N_("place"),
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
    "titans_sold": N_("Titans sold in this product"),
    "fusions_n": N_("fusions"),
    "power_unknown": N_("unknown (no source gives it)"),
    "own_scoring": N_("Own scoring rule"),
    "no_text": N_("No rules text imported yet (run: smashup import text)"),
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
    "draft_help": N_("Type a number or a faction name (English or German), 'u' to undo, '? N' for a faction's "
                         "cards, 'q' to quit."),
    "draft_prompt": N_("{player}, round {round} - your pick"),
    "undone": N_("undone: {player} - {faction}"),
    "collection_entry": N_("{owner}: {product} x{copies}"),
    "collection_empty": N_("the collection is empty; add boxes with: smashup collection add PRODUCT"),
    # output of look-ups, imports, exports, site and database commands
    "also": N_("also: {id}"),
    "names": N_("Names"),
    "texts": N_("Texts"),
    "deck_totals": N_("{cards}: {parts}; power {power}"),
    "imported_file": N_("imported {file}: {rows} rows ({changes} changes)"),
    "import_counts": N_("{kind}: {added} added, {changed} changed, {unchanged} unchanged"),
    "wrote_rows": N_("wrote {n} {rows} to {out}"),
    "coverage_title": N_("{what}: names and text in '{code}'"),
    "coverage_overall": N_("overall ({code}): names {names}/{names_total} ({names_percent} %), "
                                "text {texts}/{texts_total} ({texts_percent} %)"),
    "stats_line": N_("catalogue {version}: {products} products, {factions} factions, {cards} cards "
                         "({copies} copies), {bases} bases ({unknown} with unknown stats)"),
    "stats_printings": N_("printings: {cards} cards and {bases} bases with more than one; {differences} source "
                              "differences, {unresolved} unresolved"),
    "stats_names": N_("names ({code}): {counts}"),
    "stats_text": N_("text: {counts}; rulings {rulings}"),
    "products_lower": N_("products"),
    "factions_lower": N_("factions"),
    "cards_lower": N_("cards"),
    "bases_lower": N_("bases"),
    "german_edition": N_("German edition"),
    "english_only": N_("English only"),
    "de_published_note": N_("{n} of {total} products came out in German; the others exist only in English"),
    "error_prefix": N_("error:"),
    # game night: end of game, game log, presets, collection backup (cli/game_cmds.py)
    "g.end_title": N_("End of the game"),
    "g.madness_cards": N_("Madness cards"),
    "g.vp_lost": N_("VP lost"),
    "g.final": N_("final"),
    "g.wins_game": N_("{winner} wins."),
    "g.tied": N_("Tied: {players} (same VP, same Madness cards): play on until one leads."),
    "g.goes_on": N_("Nobody has {threshold} VP yet: the game goes on."),
    "g.recorded": N_("recorded as game {id}"),
    "g.recorded_draft": N_("recorded as game {id}; when it is over: smashup game end NAME=VP ... --record"),
    "g.wrote": N_("wrote {out}"),
    "g.log_title": N_("Game log"),
    "g.date": N_("date"),
    "g.winner": N_("winner"),
    "g.drafted": N_("(drafted)"),
    "g.no_games_of": N_("no recorded games of {player}"),
    "g.no_games": N_("no games recorded yet; use smashup game record or draft --record"),
    "g.finished": N_("{n} finished {games}"),
    "g.players": N_("Players"),
    "g.pairs": N_("Faction pairs"),
    "g.played": N_("played"),
    "g.wins": N_("wins"),
    "g.win_rate": N_("win rate"),
    "g.wrote_games": N_("wrote {n} {games} to {file}"),
    "g.added_games": N_("added {added} games, skipped {skipped} already in the log"),
    "g.saved_preset": N_("saved preset {name}"),
    "g.no_presets": N_("no presets saved"),
    "g.removed_preset": N_("removed preset {name}"),
    "g.wrote_entries": N_("wrote {n} entries to {file}"),
    "g.imported_entries": N_("imported {n} entries for {owners}"),
    "g.nobody": N_("nobody"),
    # site pages of the German-first work (the site merges this table into its strings)
    "community_title": N_("Name contributed by players (community translation), not from a published edition"),
    "community_text": N_("Community translation"),
    "translations_title": N_("Translation status"),
    "translations_intro": N_("How many names and rules texts are known in German, per box and per faction. "
                                 "Each faction has a small CSV with the English beside every empty German cell: "
                                 "fill it in a spreadsheet and import it with"),
    "overall": N_("Overall"),
    "csv_missing": N_("CSV of the gaps"),
    "german_boxes": N_("Boxes with a German edition"),
    "german_boxes_note": N_("Boxes known under a German title. The others are listed under their English name."),
    "not_found_body": N_("This page does not exist (any more)."),
    "yes": N_("yes"),
    "where_to_get": N_("No SOURCE given. Rules text, errata and clarifications are AEG's wording and are not shipped with smashup-db; import them from the public card archive (GitHub repository 906919303-crypto/smash-up-card-archive, files app/data/smashup-catalog.json for the faction cards and app/data/smashup-bases.json for the bases), either from a local copy or straight from a URL, e.g.\n  smashup import text https://raw.githubusercontent.com/906919303-crypto/smash-up-card-archive/58fa7e7432874b3c0f3727289e399445754eb383/app/data/smashup-catalog.json\n  smashup import text ./smashup-catalog.json ./smashup-bases.json"),
    "e.interrupted": N_("interrupted"),
    "e.draft_abandoned": N_("draft abandoned"),
    "e.draft_abandoned_eof": N_("draft abandoned (no more input)"),
    "built_catalogue": N_("built catalogue {version} into {url} in {secs} s: {counts}"),
    "orphan": N_("imported text or name for {kind} {ref} has no matching {kind} any more (kept)"),
    "unmatched": N_("unmatched: {what}"),
    "imported_text": N_("imported {files} in {secs} s: {matched} of {records} records matched, {unmatched} unmatched"),
    "text_counts": N_("text: {added} added, {changed} changed, {unchanged} unchanged, {removed} removed; "
                          "rulings: {r_added} added, {r_removed} removed, {r_unchanged} unchanged ({changes} changes)"),
    "without_text": N_("still without English text: {counts}"),
    "built_site": N_("built {pages} pages ({langs}) in {secs} s -> {out}"),
    "e.search_pagefind": N_("search index built with Pagefind"),
    "e.search_off_flag": N_("search is off: --no-search given"),
    "e.search_off_binary": N_("search is off: the pagefind binary was not found (pip install 'pagefind[extended]')"),
    "e.search_note": N_("search: {detail}"),
    "no_rules_text": N_("rules text not included (import it with: smashup import text, then build again)"),
    "serving": N_("serving {folder} on http://127.0.0.1:{port}/ (Ctrl+C stops)"),
    "stopped": N_("stopped"),
    "wrote_files": N_("wrote {n} files to {target}: {counts}"),
    "matched_part": N_("no name is exactly \"{query}\"; showing {name}, whose name starts with or contains it"),
    "matched_alias": N_("\"{query}\" is another name of {name}"),
    "matched_printing": N_("\"{query}\" is the name of another printing of {name}"),
    "source_differences": N_("{sources}: {n} differences: {settled}"),
    "settling_rule": N_("rule {rule}: {why}"),
    "data_clean": N_("data/ is clean"),
    "kept_damaged": N_("kept the damaged file as {path}"),
    "rescued": N_("{table}: {n} rows rescued"),
    "unreadable": N_(", {n} unreadable"),
    # errors and warnings raised in English by the library (templates: see translate())
    "e.not_found_hint": N_("no {kind} named {query}; did you mean: {names}?"),
    "e.not_found": N_("no {kind} named {query}"),
    "e.ambiguous": N_("{kind} {query} is ambiguous: {names}"),
    "e.unknown_lang": N_("unknown language {value}; use one of: {choices}"),
    "e.bad_rows": N_("{count} bad rows; nothing was imported"),
    "e.field_empty": N_("field is empty or missing"),
    "e.unknown_kind": N_("unknown kind {value}; use one of: {choices}"),
    "e.no_such_id": N_("no {kind} with id {id} in the catalogue"),
    "e.text_only_cards": N_("only cards and bases have text, not a {kind}"),
    "e.too_long": N_("longer than {n} characters"),
    "e.no_letters": N_("{name} has no letters or digits"),
    "e.twice": N_("{kind} {id} ({lang}) is already on line {line}"),
    "e.unclosed_quote": N_("a quote (\") opened in this row is never closed; close it or remove it"),
    "e.not_csv": N_("not valid CSV ({detail})"),
    "e.file_not_found": N_("file not found"),
    "e.not_utf8": N_("not UTF-8 text (byte {n}); save the CSV as UTF-8"),
    "e.column_missing": N_("column '{col}' is missing (expected {cols})"),
    "e.no_header": N_("no header line; expected columns {cols}"),
    "e.nul": N_("a NUL character (\\0) is not allowed; remove it and import again"),
    "e.cannot_write": N_("cannot write: {why}"),
    "e.players_count": N_("a draft needs {min} to {max} players, got {n}"),
    "e.player_twice": N_("player {name} is named twice"),
    "e.player_names": N_("player names must be non-empty text"),
    "e.pool_small": N_("a pool of {size} is too small for {n} players (need at least {need})"),
    "e.only_available": N_("only {n} factions available, the pool needs {size}"),
    "e.only_left": N_("only {n} factions are left but the draft needs {need}: {why}"),
    "e.not_in_pool_hint": N_("{query} is not a faction in the pool{hint}"),
    "e.not_in_pool": N_("{query} is not a faction in the pool"),
    "e.hint_paren": N_(" (did you mean {names}?)"),
    "e.bad_confidence": N_("{value} is not a word like community or card"),
    "e.several_in_pool": N_("{query} matches several factions in the pool: {names}"),
    "e.nothing_to_undo": N_("nothing to undo: no faction has been picked yet"),
    "e.collection_empty": N_("the collection is empty; add boxes with: smashup collection add PRODUCT"),
    "e.no_terminal": N_("no terminal to ask for picks: add --auto for random picks or --pick PLAYER=FACTION ..."),
    "e.pick_covers": N_("--pick covers {n} of {total} picks; add --auto to fill the rest"),
    "e.factions_empty": N_("--factions is empty"),
    "e.vp_unknown": N_("the VP of {name} are unknown; give them with --vp 1ST,2ND,3RD"),
    "e.vp_expects": N_("--vp expects three whole numbers like 4,2,1, got {text}"),
    "e.game_players": N_("a game needs 2 to 8 players, got {n}"),
    "e.base_deck_small": N_("the base deck has {n} bases, {players} players need at least {need}"),
    "e.unknown_mode": N_("unknown base-deck mode {mode} (choose {choices})"),
    "e.unknown_in_query": N_("unknown {kind} {value}{hint}"),
    "e.empty_query": N_("empty query"),
    "e.unterminated_quote": N_("unterminated quote"),
    "e.unexpected": N_("unexpected {what}"),
    "e.unknown_field": N_("unknown field '{field}'{hint}"),
    "e.expected_number": N_("expected a number after '{what}'"),
    "e.missing_value": N_("missing value after '{what}'"),
    "e.expected_term": N_("expected a term after {what}"),
    "e.no_preset": N_("no preset named {name}; saved presets: {known}"),
    "e.no_preset_plain": N_("no preset named {name}"),
    "e.not_owned": N_("{owner} has no {product} in the collection"),
    "e.madness_not_player": N_("--madness names {name}, who is not a player (players: {players})"),
    "e.at_least_2": N_("a game has at least 2 players, got {n}"),
    "e.vp_of": N_("VP of {name} must be a whole number of 0 or more, got {value}"),
    "e.read_only": N_("the database {path} is read-only: {why}"),
    "e.at_column": N_("{detail} at column {n}"),
    "e.cannot_use_db": N_("cannot use the database {path}: {detail}"),
    "e.no_curated": N_("{path}: no curated/ folder (products.json, corrections.json); use --data to point at data/"),
    "e.bad_port": N_("--port {port} is not a port number; use 1 to 65535 (0 picks a free one)"),
    "e.no_site": N_("{folder}: no built site here (run: smashup site build --out {out})"),
    "e.hint_mean": N_("; did you mean: {names}?"),
    "w.too_few_bases": N_("the base deck has only {n} bases; {players} players want at least {need} (players + 1 + "
                              "{spare} to replace scored bases)"),
    "w.recent_back": N_("too few factions without the recently played ones: {n} of them may come up again ({names})"),
    "e.no_bases_tied": N_("no bases tied to: {names}"),
    "e.bp_unknown": N_("breakpoint and VP unknown for: {names} (read them off the cards)"),
    # ------------------------------------------------------------ site interface (smashup_db.site)
    "site_title": N_("Smash Up catalogue"),
    "home": N_("Home"),
    "rules": N_("Rules summary"),
    "glossary": N_("Glossary"),
    "downloads": N_("Downloads"),
    "search": N_("Search"),
    "search_label": N_("Search cards, bases, factions"),
    "search_off": N_("Search is not available on this copy of the site (the search index was not built). "
                         "Use the lists of factions, cards and bases instead."),
    "search_nojs": N_("Search needs JavaScript. Every other page works without it: browse the lists of "
                          "factions, cards and bases."),
    "language": N_("Language"),
    "intro": N_("A bilingual reference of every Smash Up product, faction, card and base: copies, power, "
                    "breakpoints, victory points, and which box holds what."),
    "catalogue": N_("Catalogue"),
    "version": N_("version"),
    "dated": N_("dated"),
    "not_affiliated": N_("Fan-made reference, not affiliated with AEG or Pegasus Spiele."),
    "no_text_title": N_("Rules text not included"),
    "no_text_body": N_("This site shows the facts of each card and base (names, copies, power, breakpoints, "
                           "victory points) but no rules text. To include the text, import it into the database "
                           "and build the site again:"),
    "no_text_hint": N_("To include it, import it and build the site again:"),
    "no_text_here": N_("No rules text imported for this card."),
    "no_text_here_base": N_("No rules text imported for this base."),
    "fallback_mark": N_("name unknown"),
    "fallback_legend": N_("Names marked EN are in English because the German name is not known."),
    "text_fallback": N_("No German text known; English text shown."),
    "source": N_("Source"),
    "rulings": N_("Errata and clarifications"),
    "checklist": N_("Checklist"),
    "checklist_for": N_("Printable checklist"),
    "checklist_help": N_("Tick each card as you sort it into the box. Print this page (the menu is left out)."),
    "back_to": N_("Back to"),
    "totals": N_("Totals"),
    "deck_cards": N_("cards in the deck"),
    "minions_n": N_("minions"),
    "actions_n": N_("actions"),
    "other_n": N_("other cards"),
    "total_power": N_("total minion power"),
    "in_products": N_("Sold in"),
    "of_faction": N_("Faction"),
    "faction_bases": N_("Bases of this faction"),
    "no_faction_bases": N_("No bases are tied to this faction; use the bases of its products."),
    "product_bases": N_("Bases in this product"),
    "product_factions": N_("Factions in this product"),
    "extra_decks": N_("Extra decks"),
    "vp_places": N_("VP for 1st / 2nd / 3rd"),
    "stats_unknown": N_("Breakpoint and VP not known yet."),
    "note": N_("Note"),
    "none": N_("none"),
    "all_cards_n": N_("cards"),
    "glossary_intro": N_("The English and German words for the same game terms, as printed on the cards and in "
                             "the rulebooks."),
    "english": N_("English"),
    "lang_german": N_("German"),
    "downloads_intro": N_("The facts of the catalogue (no rules text) as JSON and CSV. Every file carries the "
                              "catalogue version and date (JSON: top-level fields; CSV: last two columns)."),
    "file": N_("File"),
    "rows": N_("rows"),
    "choose_language": N_("Choose a language"),
    "not_found": N_("Page not found"),
    "counts": N_("In the catalogue"),
    "with_text": N_("rules texts imported"),
    # site: phone-first pages (search, syntax help, browsing, notes)
    "skip": N_("Skip to content"),
    "menu": N_("Menu"),
    "main_nav": N_("Main"),
    "search_query": N_("Search query"),
    "search_placeholder": N_("e.g. t:minion f:ninjas pow>=3"),
    "syntax": N_("Search syntax"),
    "syntax_link": N_("How to search"),
    "filter_type": N_("Type"),
    "filter_faction": N_("Faction"),
    "all_types": N_("All types"),
    "all_factions": N_("All factions"),
    "sort": N_("Sort"),
    "sort_rel": N_("Catalogue order"),
    "sort_name": N_("Name (A–Z)"),
    "sort_power": N_("Power (highest first)"),
    "sort_breakpoint": N_("Breakpoint (lowest first)"),
    "results_n": N_("{n} results"),
    "of_total": N_("(of {n})"),
    "show_all": N_("Show all {n}"),
    "search_empty": N_("Type a name, words from the rules text, or a query such as t:minion f:ninjas pow>=3."),
    "search_error": N_("Query not understood"),
    "search_loading": N_("Loading the search index…"),
    "search_load_failed": N_("The search index could not be loaded."),
    "other_pages": N_("Other pages"),
    "box": N_("Box"),
    "prev": N_("Previous"),
    "next": N_("Next"),
    "az": N_("A–Z"),
    "release_order": N_("Release order"),
    "view": N_("View"),
    "cards_by_faction": N_("Cards by faction"),
    "cards_by_product": N_("Cards by product"),
    "cards_intro": N_("Every card, listed per faction or per product. Pick one:"),
    "cards_of": N_("Cards"),
    "all_cards_of_product": N_("All cards in this product"),
    "boxes": N_("Boxes"),
    "unnamed": N_("Name not known"),
    "unnamed_title": N_("No source gives this card's name yet."),
    "unknown_value": N_("unknown"),
    "no_power": N_("none (not a minion)"),
    "stats_unknown_note": N_("No source gives this base's breakpoint or victory points yet."),
    "print": N_("Print"),
    "year_unknown": N_("year unknown"),
    "syntax_intro": N_("The search box understands the same query language as the command-line tool "
                           "(smashup search). Plain words search names and rules text; fields narrow the "
                           "search. Case and accents never matter, and values may be English or German."),
}


#: Words counted in output: ``{key: (singular, plural)}`` in English, translated with ``ngettext``.
PLURALS: dict[str, tuple[str, str]] = {
    "minion": NP_("minion", "minions"),
    "action": NP_("action", "actions"),
    "titan": NP_("titan", "titans"),
    "fusion": NP_("fusion", "fusions"),
    "other": NP_("other", "others"),
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


_TEMPLATES: list[tuple[re.Pattern, str]] = []
#: A ``{hint}`` is a suggestion appended to a message: empty, "; did you mean ...?" or " (did you mean ...?)".
_HINT = r"(?P<hint>(?:; | \().*|)"


def _templates() -> list[tuple[re.Pattern, str]]:
    if not _TEMPLATES:
        for key, entry in sorted(TERMS.items(), key=lambda kv: -len(re.sub(r"\{\w+\}", "", kv[1]))):
            if key.startswith(("e.", "w.")):
                pattern = "".join((_HINT if part == "{hint}" else f"(?P<{part[1:-1]}>.+?)")
                                  if part.startswith("{") else re.escape(part)
                                  for part in re.split(r"(\{\w+\})", entry) if part)
                _TEMPLATES.append((re.compile(pattern + r"\Z", re.S), key))
    return _TEMPLATES


def translate(message: str, lang: str) -> str:
    """A library's English message (error or warning) in ``lang``, from the ``e.*`` entries.

    The library raises and warns in English (one sentence, values quoted in
    it); each ``e.*`` entry holds that sentence as a template and its German.
    Values are taken from the English message and put into the German one as
    they are (a ``{kind}`` becomes its German term; a ``{hint}`` is translated
    too). ``FILE: ...``, ``line N: ...`` and ``FIELD: ...`` prefixes are kept
    (``line`` becomes ``Zeile``); several lines are translated one by one. A
    message matching no entry is returned unchanged.
    """
    if lang == "en" or not message:
        return message
    if "\n" in message:
        return "\n".join(translate(part, lang) for part in message.split("\n"))
    at = re.match(r"(.+) at column (\d+)\Z", message, re.S)  # a query error's position wraps any message
    if at:
        return msg("e.at_column", lang, detail=translate(at.group(1), lang), n=at.group(2))
    for pat, key in _templates():
        found = pat.match(message)
        if found:
            values = found.groupdict()
            if "kind" in values:
                values["kind"] = term(values["kind"], lang)
            for k in ("hint", "detail"):
                if k in values:
                    values[k] = translate(values[k], lang)
            return msg(key, lang, **values)
    m = re.match(r"(\s*)line (\d+)(?:, column (\d+))?: (.*)\Z", message, re.S)
    if m:
        column = f", Spalte {m.group(3)}" if m.group(3) else ""
        return f"{m.group(1)}Zeile {m.group(2)}{column}: {translate(m.group(4), lang)}"
    head, sep, rest = message.partition(": ")
    if sep and rest:
        inner = translate(rest, lang)
        if inner != rest:
            return f"{head}: {inner}"
    return message
