"""The one table of display words and messages, in English and German, for the CLI and the site.

``term(key, lang)`` gives the label for a card type, keyword, product kind or
column heading; ``msg(key, lang, **values)`` a message with ``{placeholders}``
filled in (values are inserted as they are, never re-read as a template).
German terms follow the German edition (see the glossary): Kreatur, Aktion,
Basis, Zerstörungswert, Siegpunkte, Stärke, Dauerhaft, Talent, Extra.
"""

from __future__ import annotations

import re

TERMS: dict[str, dict[str, str]] = {
    # card types
    "minion": {"en": "minion", "de": "Kreatur"},
    "action": {"en": "action", "de": "Aktion"},
    "titan": {"en": "titan", "de": "Titan"},
    "other": {"en": "other", "de": "Sonstige"},
    "fusion": {"en": "fusion", "de": "Fusion"},
    "base": {"en": "base", "de": "Basis"},
    # keywords
    "ongoing": {"en": "Ongoing", "de": "Dauerhaft"},
    "talent": {"en": "Talent", "de": "Talent"},
    "special": {"en": "Special", "de": "Extra"},
    "play-on-minion": {"en": "play on a minion", "de": "auf eine Kreatur spielen"},
    "play-on-base": {"en": "play on a base", "de": "auf eine Basis spielen"},
    "extra-play": {"en": "extra play", "de": "zusätzlich"},
    # product kinds
    "core": {"en": "core set", "de": "Grundspiel"},
    "expansion": {"en": "expansion", "de": "Erweiterung"},
    "big-box": {"en": "big box", "de": "Big Box"},
    "single-faction": {"en": "single faction", "de": "Einzelfraktion"},
    "promo": {"en": "promo", "de": "Promo"},
    # special decks some products need
    "madness": {"en": "Madness cards", "de": "Wahnsinnskarten"},
    "munchkin-monsters": {"en": "Munchkin monster deck", "de": "Munchkin-Monsterstapel"},
    "munchkin-treasures": {"en": "Munchkin treasure deck", "de": "Munchkin-Schatzstapel"},
    # headings
    "product": {"en": "Product", "de": "Erweiterung"},
    "products": {"en": "Products", "de": "Erweiterungen"},
    "faction": {"en": "Faction", "de": "Fraktion"},
    "factions": {"en": "Factions", "de": "Fraktionen"},
    "card": {"en": "Card", "de": "Karte"},
    "cards": {"en": "Cards", "de": "Karten"},
    "bases": {"en": "Bases", "de": "Basen"},
    "type": {"en": "Type", "de": "Typ"},
    "copies": {"en": "Copies", "de": "Anzahl"},
    "power": {"en": "Power", "de": "Stärke"},
    "keywords": {"en": "Keywords", "de": "Schlüsselwörter"},
    "breakpoint": {"en": "Breakpoint", "de": "Zerstörungswert"},
    "vp": {"en": "VP", "de": "Siegpunkte"},
    "year": {"en": "Year", "de": "Jahr"},
    "kind": {"en": "Kind", "de": "Art"},
    "name": {"en": "Name", "de": "Name"},
    "text": {"en": "Text", "de": "Text"},
    "unknown": {"en": "unknown", "de": "unbekannt"},
    "player": {"en": "player", "de": "Spieler"},
    "place": {"en": "place", "de": "Platz"},
    "errata": {"en": "Errata", "de": "Errata"},
    "erratum": {"en": "Erratum", "de": "Erratum"},
    "clarification": {"en": "Clarification", "de": "Klarstellung"},
    "clarifications": {"en": "Clarifications", "de": "Klarstellungen"},
    "english_shown": {"en": "English shown", "de": "kein deutscher Name bekannt, englischer Name gezeigt"},
    "english_text_shown": {"en": "English text shown", "de": "kein deutscher Text bekannt, englischer Text gezeigt"},
    "printings": {"en": "Printings", "de": "Druckversionen"},
    "original": {"en": "original printing", "de": "Erstdruck"},
    "current": {"en": "current printing", "de": "aktueller Druck"},
    "german": {"en": "German edition", "de": "deutsche Ausgabe"},
    "titans_sold": {"en": "Titans sold in this product", "de": "Titanen in diesem Produkt"},
    "fusions_n": {"en": "fusions", "de": "Fusionen"},
    "power_unknown": {"en": "unknown (no source gives it)", "de": "unbekannt (keine Quelle nennt sie)"},
    "own_scoring": {"en": "Own scoring rule", "de": "Eigene Wertungsregel"},
    "no_text": {"en": "No rules text imported yet (run: smashup import text)",
                "de": "Noch kein Regeltext importiert (smashup import text)"},
    # search
    "no_matches": {"en": "no matches", "de": "keine Treffer"},
    # draft, base deck, collection
    "draft_title": {"en": "Draft (seed {seed})", "de": "Draft (Seed {seed})"},
    "start_player": {"en": "start player", "de": "Startspieler"},
    "bases_in_play_title": {"en": "Bases in play ({shown} of a {mode}-matched deck of {total})",
                            "de": "Basen im Spiel ({shown} aus einem Basisdeck von {total}, Modus {mode})"},
    "boxes_to_pull": {"en": "Boxes to pull: {boxes}", "de": "Diese Schachteln holen: {boxes}"},
    "also_bring": {"en": "Also bring: {decks}", "de": "Außerdem: {decks}"},
    "warning": {"en": "warning:", "de": "Warnung:"},
    "replay_with": {"en": "replay with --seed {seed}", "de": "wiederholen mit --seed {seed}"},
    "seed": {"en": "seed {seed}", "de": "Seed {seed}"},
    "seed_and_start": {"en": "seed {seed}; start player: {player}", "de": "Seed {seed}; Startspieler: {player}"},
    "pool_title": {"en": "Pool ({n})", "de": "Pool ({n})"},
    "minions_actions": {"en": "minions/actions", "de": "Kreaturen/Aktionen"},
    "taken_by": {"en": "taken by", "de": "genommen von"},
    "draft_help": {"en": "Type a number or a faction name (English or German), 'u' to undo, '? N' for a faction's "
                         "cards, 'q' to quit.",
                   "de": "Nummer oder Fraktionsname (deutsch oder englisch), 'u' = rückgängig, '? N' = Kartenliste, "
                         "'q' = abbrechen."},
    "draft_prompt": {"en": "{player}, round {round} - your pick", "de": "{player}, Runde {round} - deine Wahl"},
    "undone": {"en": "undone: {player} - {faction}", "de": "rückgängig: {player} - {faction}"},
    "collection_entry": {"en": "{owner}: {product} x{copies}", "de": "{owner}: {product} {copies}x"},
    "collection_empty": {"en": "the collection is empty; add boxes with: smashup collection add PRODUCT",
                         "de": "die Sammlung ist leer; Schachteln hinzufügen mit: smashup collection add ERWEITERUNG"},
    # output of look-ups, imports, exports, site and database commands
    "also": {"en": "also: {id}", "de": "auch: {id}"},
    "names": {"en": "Names", "de": "Namen"},
    "texts": {"en": "Texts", "de": "Texte"},
    "row": {"en": "row", "de": "Zeile"},
    "card_word": {"en": "card", "de": "Karte"},
    "game": {"en": "game", "de": "Partie"},
    "product_word": {"en": "product", "de": "Erweiterung"},
    "faction_word": {"en": "faction", "de": "Fraktion"},
    "change": {"en": "change", "de": "Änderung"},
    "problem": {"en": "problem", "de": "Problem"},
    "deck_totals": {"en": "{cards}: {parts}; power {power}", "de": "{cards}: {parts}; Stärke {power}"},
    "imported_file": {"en": "imported {file}: {rows} rows ({changes} changes)",
                      "de": "{file} importiert: {rows} Zeilen ({changes} Änderungen)"},
    "import_counts": {"en": "{kind}: {added} added, {changed} changed, {unchanged} unchanged",
                      "de": "{kind}: {added} neu, {changed} geändert, {unchanged} unverändert"},
    "wrote_rows": {"en": "wrote {n} {rows} to {out}", "de": "{n} {rows} geschrieben nach {out}"},
    "coverage_title": {"en": "{what}: names and text in '{code}'", "de": "{what}: Namen und Text auf '{code}'"},
    "coverage_overall": {"en": "overall ({code}): names {names}/{names_total} ({names_percent} %), "
                                "text {texts}/{texts_total} ({texts_percent} %)",
                         "de": "gesamt ({code}): Namen {names}/{names_total} ({names_percent} %), "
                               "Text {texts}/{texts_total} ({texts_percent} %)"},
    "stats_line": {"en": "catalogue {version}: {products} products, {factions} factions, {cards} cards "
                         "({copies} copies), {bases} bases ({unknown} with unknown stats)",
                   "de": "Katalog {version}: {products} Erweiterungen, {factions} Fraktionen, {cards} Karten "
                         "({copies} Exemplare), {bases} Basen ({unknown} ohne bekannte Werte)"},
    "stats_printings": {"en": "printings: {cards} cards and {bases} bases with more than one; {differences} source "
                              "differences, {unresolved} unresolved",
                        "de": "Drucke: {cards} Karten und {bases} Basen mit mehr als einem; {differences} Unterschiede "
                              "zwischen den Quellen, {unresolved} ungeklärt"},
    "stats_names": {"en": "names ({code}): {counts}", "de": "Namen ({code}): {counts}"},
    "stats_text": {"en": "text: {counts}; rulings {rulings}", "de": "Text: {counts}; Regelhinweise {rulings}"},
    "products_lower": {"en": "products", "de": "Erweiterungen"},
    "factions_lower": {"en": "factions", "de": "Fraktionen"},
    "cards_lower": {"en": "cards", "de": "Karten"},
    "bases_lower": {"en": "bases", "de": "Basen"},
    "german_edition": {"en": "German edition", "de": "Deutsche Ausgabe"},
    "english_only": {"en": "English only", "de": "nur auf Englisch"},
    "de_published_note": {"en": "{n} of {total} products came out in German; the others exist only in English",
                          "de": "{n} von {total} Erweiterungen sind auf Deutsch erschienen; die übrigen gibt es nur "
                                "auf Englisch"},
    "error_prefix": {"en": "error:", "de": "Fehler:"},
    # game night: end of game, game log, presets, collection backup (cli/game_cmds.py)
    "g.end_title": {"en": "End of the game", "de": "Spielende"},
    "g.madness_cards": {"en": "Madness cards", "de": "Wahnsinn-Karten"},
    "g.vp_lost": {"en": "VP lost", "de": "SP Abzug"},
    "g.final": {"en": "final", "de": "Ergebnis"},
    "g.wins_game": {"en": "{winner} wins.", "de": "{winner} gewinnt."},
    "g.tied": {"en": "Tied: {players} (same VP, same Madness cards): play on until one leads.",
               "de": "Gleichstand: {players} (gleiche Siegpunkte, gleich viele Wahnsinn-Karten): "
                     "weiterspielen, bis einer vorne liegt."},
    "g.goes_on": {"en": "Nobody has {threshold} VP yet: the game goes on.",
                  "de": "Noch niemand hat {threshold} Siegpunkte: das Spiel geht weiter."},
    "g.recorded": {"en": "recorded as game {id}", "de": "gespeichert als Partie {id}"},
    "g.recorded_draft": {"en": "recorded as game {id}; when it is over: smashup game end NAME=VP ... --record",
                         "de": "gespeichert als Partie {id}; am Ende: smashup game end NAME=SP ... --record"},
    "g.wrote": {"en": "wrote {out}", "de": "{out} geschrieben"},
    "g.log_title": {"en": "Game log", "de": "Partien"},
    "g.date": {"en": "date", "de": "Datum"},
    "g.winner": {"en": "winner", "de": "Sieger"},
    "g.drafted": {"en": "(drafted)", "de": "(nur Draft)"},
    "g.no_games_of": {"en": "no recorded games of {player}", "de": "keine Partien von {player} gespeichert"},
    "g.no_games": {"en": "no games recorded yet; use smashup game record or draft --record",
                   "de": "noch keine Partien gespeichert; smashup game record oder draft --record"},
    "g.finished": {"en": "{n} finished {games}", "de": "{n} beendete {games}"},
    "g.players": {"en": "Players", "de": "Spieler"},
    "g.pairs": {"en": "Faction pairs", "de": "Fraktionspaare"},
    "g.played": {"en": "played", "de": "gespielt"},
    "g.wins": {"en": "wins", "de": "Siege"},
    "g.win_rate": {"en": "win rate", "de": "Siegquote"},
    "g.wrote_games": {"en": "wrote {n} {games} to {file}", "de": "{n} {games} nach {file} geschrieben"},
    "g.added_games": {"en": "added {added} games, skipped {skipped} already in the log",
                      "de": "{added} Partien hinzugefügt, {skipped} schon vorhanden"},
    "g.saved_preset": {"en": "saved preset {name}", "de": "Voreinstellung {name} gespeichert"},
    "g.no_presets": {"en": "no presets saved", "de": "keine Voreinstellungen gespeichert"},
    "g.removed_preset": {"en": "removed preset {name}", "de": "Voreinstellung {name} gelöscht"},
    "g.wrote_entries": {"en": "wrote {n} entries to {file}", "de": "{n} Einträge nach {file} geschrieben"},
    "g.imported_entries": {"en": "imported {n} entries for {owners}", "de": "{n} Einträge für {owners} importiert"},
    "g.nobody": {"en": "nobody", "de": "niemanden"},
    # site pages of the German-first work (the site merges this table into its strings)
    "community_title": {"en": "Name contributed by players (community translation), not from a published edition",
                        "de": "Von Spielern beigetragener Name (Community-Übersetzung), nicht aus einer Ausgabe"},
    "community_text": {"en": "Community translation", "de": "Community-Übersetzung"},
    "translations_title": {"en": "Translation status", "de": "Übersetzungsstand"},
    "translations_intro": {"en": "How many names and rules texts are known in German, per box and per faction. "
                                 "Each faction has a small CSV with the English beside every empty German cell: "
                                 "fill it in a spreadsheet and import it with",
                           "de": "Wie viele Namen und Regeltexte auf Deutsch bekannt sind, je Schachtel und je "
                                 "Fraktion. Zu jeder Fraktion gibt es eine kleine CSV-Datei mit dem Englischen neben "
                                 "jeder leeren deutschen Zelle: in einer Tabellenkalkulation ausfüllen und importieren mit"},
    "overall": {"en": "Overall", "de": "Gesamt"},
    "csv_missing": {"en": "CSV of the gaps", "de": "CSV der Lücken"},
    "german_boxes": {"en": "Boxes with a German edition", "de": "Auf Deutsch erschienen"},
    "german_boxes_note": {"en": "Boxes known under a German title. The others are listed under their English name.",
                          "de": "Schachteln mit bekanntem deutschem Titel. Alle anderen stehen unter ihrem "
                                "englischen Namen in der Liste der Erweiterungen."},
    "not_found_body": {"en": "This page does not exist (any more).", "de": "Diese Seite gibt es nicht (mehr)."},
    "yes": {"en": "yes", "de": "ja"},
    "where_to_get": {"en": "No SOURCE given. Rules text, errata and clarifications are AEG's wording and are not shipped with smashup-db; import them from the public card archive (GitHub repository 906919303-crypto/smash-up-card-archive, files app/data/smashup-catalog.json for the faction cards and app/data/smashup-bases.json for the bases), either from a local copy or straight from a URL, e.g.\n  smashup import text https://raw.githubusercontent.com/906919303-crypto/smash-up-card-archive/58fa7e7432874b3c0f3727289e399445754eb383/app/data/smashup-catalog.json\n  smashup import text ./smashup-catalog.json ./smashup-bases.json",
                     "de": 'Keine QUELLE angegeben. Regeltext, Errata und Klarstellungen sind AEGs Wortlaut und werden nicht mit smashup-db ausgeliefert; importiere sie aus dem öffentlichen Kartenarchiv (GitHub-Repository 906919303-crypto/smash-up-card-archive, Dateien app/data/smashup-catalog.json für die Fraktionskarten und app/data/smashup-bases.json für die Basen), aus einer lokalen Kopie oder direkt von einer URL, z. B.\n  smashup import text https://raw.githubusercontent.com/906919303-crypto/smash-up-card-archive/58fa7e7432874b3c0f3727289e399445754eb383/app/data/smashup-catalog.json\n  smashup import text ./smashup-catalog.json ./smashup-bases.json'},
    "e.interrupted": {"en": "interrupted", "de": "abgebrochen"},
    "e.draft_abandoned": {"en": "draft abandoned", "de": "Draft abgebrochen"},
    "e.draft_abandoned_eof": {"en": "draft abandoned (no more input)", "de": "Draft abgebrochen (keine Eingabe mehr)"},
    "built_catalogue": {"en": "built catalogue {version} into {url} in {secs} s: {counts}",
                        "de": "Katalog {version} in {url} aufgebaut in {secs} s: {counts}"},
    "orphan": {"en": "imported text or name for {kind} {ref} has no matching {kind} any more (kept)",
               "de": "importierter Text oder Name für {kind} {ref} passt zu nichts mehr im Katalog (aufbewahrt)"},
    "unmatched": {"en": "unmatched: {what}", "de": "nicht zugeordnet: {what}"},
    "imported_text": {"en": "imported {files} in {secs} s: {matched} of {records} records matched, {unmatched} unmatched",
                      "de": "{files} importiert in {secs} s: {matched} von {records} Einträgen zugeordnet, "
                            "{unmatched} nicht zugeordnet"},
    "text_counts": {"en": "text: {added} added, {changed} changed, {unchanged} unchanged, {removed} removed; "
                          "rulings: {r_added} added, {r_removed} removed, {r_unchanged} unchanged ({changes} changes)",
                    "de": "Text: {added} neu, {changed} geändert, {unchanged} unverändert, {removed} entfernt; "
                          "Regelhinweise: {r_added} neu, {r_removed} entfernt, {r_unchanged} unverändert "
                          "({changes} Änderungen)"},
    "without_text": {"en": "still without English text: {counts}", "de": "noch ohne englischen Text: {counts}"},
    "built_site": {"en": "built {pages} pages ({langs}) in {secs} s -> {out}",
                   "de": "{pages} Seiten ({langs}) erstellt in {secs} s -> {out}"},
    "e.search_pagefind": {"en": "search index built with Pagefind", "de": "Suchindex mit Pagefind erstellt"},
    "e.search_off_flag": {"en": "search is off: --no-search given", "de": "Suche aus: --no-search angegeben"},
    "e.search_off_binary": {"en": "search is off: the pagefind binary was not found (pip install 'pagefind[extended]')",
                            "de": "Suche aus: das Programm pagefind fehlt (pip install 'pagefind[extended]')"},
    "e.search_note": {"en": "search: {detail}", "de": "Suche: {detail}"},
    "no_rules_text": {"en": "rules text not included (import it with: smashup import text, then build again)",
                      "de": "ohne Regeltext (importieren mit: smashup import text, dann neu erstellen)"},
    "serving": {"en": "serving {folder} on http://127.0.0.1:{port}/ (Ctrl+C stops)",
                "de": "{folder} unter http://127.0.0.1:{port}/ (Strg+C beendet)"},
    "stopped": {"en": "stopped", "de": "beendet"},
    "wrote_files": {"en": "wrote {n} files to {target}: {counts}", "de": "{n} Dateien nach {target} geschrieben: {counts}"},
    "data_clean": {"en": "data/ is clean", "de": "data/ ist fehlerfrei"},
    "kept_damaged": {"en": "kept the damaged file as {path}", "de": "beschädigte Datei aufbewahrt als {path}"},
    "rescued": {"en": "{table}: {n} rows rescued", "de": "{table}: {n} Zeilen gerettet"},
    "unreadable": {"en": ", {n} unreadable", "de": ", {n} unlesbar"},
    # errors and warnings raised in English by the library (templates: see translate())
    "e.not_found_hint": {"en": "no {kind} named {query}; did you mean: {names}?",
                         "de": "{kind} {query} nicht gefunden; meintest du: {names}?"},
    "e.not_found": {"en": "no {kind} named {query}", "de": "{kind} {query} nicht gefunden"},
    "e.ambiguous": {"en": "{kind} {query} is ambiguous: {names}", "de": "{kind} {query} ist mehrdeutig: {names}"},
    "e.unknown_lang": {"en": "unknown language {value}; use one of: {choices}",
                       "de": "unbekannte Sprache {value}; erlaubt: {choices}"},
    "e.bad_rows": {"en": "{count} bad rows; nothing was imported",
                   "de": "{count} fehlerhafte Zeilen; nichts wurde importiert"},
    "e.field_empty": {"en": "field is empty or missing", "de": "Feld ist leer oder fehlt"},
    "e.unknown_kind": {"en": "unknown kind {value}; use one of: {choices}",
                       "de": "unbekannte Art {value}; erlaubt: {choices}"},
    "e.no_such_id": {"en": "no {kind} with id {id} in the catalogue", "de": "{kind} mit der id {id} gibt es im Katalog nicht"},
    "e.text_only_cards": {"en": "only cards and bases have text, not a {kind}",
                          "de": "nur Karten und Basen haben Text, nicht {kind}"},
    "e.too_long": {"en": "longer than {n} characters", "de": "länger als {n} Zeichen"},
    "e.no_letters": {"en": "{name} has no letters or digits", "de": "{name} enthält keine Buchstaben oder Ziffern"},
    "e.twice": {"en": "{kind} {id} ({lang}) is already on line {line}",
                "de": "{kind} {id} ({lang}) steht schon in Zeile {line}"},
    "e.unclosed_quote": {"en": "a quote (\") opened in this row is never closed; close it or remove it",
                         "de": "ein in dieser Zeile geöffnetes Anführungszeichen (\") wird nie geschlossen; "
                               "schließe oder entferne es"},
    "e.not_csv": {"en": "not valid CSV ({detail})", "de": "kein gültiges CSV ({detail})"},
    "e.file_not_found": {"en": "file not found", "de": "Datei nicht gefunden"},
    "e.not_utf8": {"en": "not UTF-8 text (byte {n}); save the CSV as UTF-8",
                   "de": "kein UTF-8-Text (Byte {n}); speichere die CSV-Datei als UTF-8"},
    "e.column_missing": {"en": "column '{col}' is missing (expected {cols})",
                         "de": "Spalte '{col}' fehlt (erwartet: {cols})"},
    "e.no_header": {"en": "no header line; expected columns {cols}", "de": "keine Kopfzeile; erwartet: {cols}"},
    "e.nul": {"en": "a NUL character (\\0) is not allowed; remove it and import again",
              "de": "ein NUL-Zeichen (\\0) ist nicht erlaubt; entferne es und importiere erneut"},
    "e.cannot_write": {"en": "cannot write: {why}", "de": "kann nicht schreiben: {why}"},
    "e.players_count": {"en": "a draft needs {min} to {max} players, got {n}",
                        "de": "ein Draft braucht {min} bis {max} Spieler, nicht {n}"},
    "e.player_twice": {"en": "player {name} is named twice", "de": "Spieler {name} ist doppelt genannt"},
    "e.player_names": {"en": "player names must be non-empty text", "de": "Spielernamen dürfen nicht leer sein"},
    "e.pool_small": {"en": "a pool of {size} is too small for {n} players (need at least {need})",
                     "de": "ein Pool von {size} ist zu klein für {n} Spieler (mindestens {need})"},
    "e.only_available": {"en": "only {n} factions available, the pool needs {size}",
                         "de": "nur {n} Fraktionen verfügbar, der Pool braucht {size}"},
    "e.only_left": {"en": "only {n} factions are left but the draft needs {need}: {why}",
                    "de": "nur {n} Fraktionen übrig, der Draft braucht {need}: {why}"},
    "e.not_in_pool_hint": {"en": "{query} is not a faction in the pool{hint}",
                           "de": "{query} ist keine Fraktion im Pool{hint}"},
    "e.not_in_pool": {"en": "{query} is not a faction in the pool", "de": "{query} ist keine Fraktion im Pool"},
    "e.hint_paren": {"en": " (did you mean {names}?)", "de": " (meintest du {names}?)"},
    "e.bad_confidence": {"en": "{value} is not a word like community or card",
                         "de": "{value} ist kein Wort wie community oder card"},
    "e.several_in_pool": {"en": "{query} matches several factions in the pool: {names}",
                          "de": "{query} passt auf mehrere Fraktionen im Pool: {names}"},
    "e.nothing_to_undo": {"en": "nothing to undo: no faction has been picked yet",
                          "de": "nichts rückgängig zu machen: noch keine Fraktion gewählt"},
    "e.collection_empty": {"en": "the collection is empty; add boxes with: smashup collection add PRODUCT",
                           "de": "die Sammlung ist leer; Schachteln hinzufügen mit: smashup collection add ERWEITERUNG"},
    "e.no_terminal": {"en": "no terminal to ask for picks: add --auto for random picks or --pick PLAYER=FACTION ...",
                      "de": "kein Terminal für die Wahl: --auto für zufällige Wahl oder --pick SPIELER=FRAKTION ..."},
    "e.pick_covers": {"en": "--pick covers {n} of {total} picks; add --auto to fill the rest",
                      "de": "--pick deckt {n} von {total} Wahlen ab; --auto ergänzt den Rest"},
    "e.factions_empty": {"en": "--factions is empty", "de": "--factions ist leer"},
    "e.vp_unknown": {"en": "the VP of {name} are unknown; give them with --vp 1ST,2ND,3RD",
                     "de": "die Siegpunkte von {name} sind unbekannt; gib sie mit --vp 1.,2.,3. an"},
    "e.vp_expects": {"en": "--vp expects three whole numbers like 4,2,1, got {text}",
                     "de": "--vp erwartet drei ganze Zahlen wie 4,2,1, nicht {text}"},
    "e.game_players": {"en": "a game needs 2 to 8 players, got {n}", "de": "ein Spiel braucht 2 bis 8 Spieler, nicht {n}"},
    "e.base_deck_small": {"en": "the base deck has {n} bases, {players} players need at least {need}",
                          "de": "das Basisdeck hat {n} Basen, {players} Spieler brauchen mindestens {need}"},
    "e.unknown_mode": {"en": "unknown base-deck mode {mode} (choose {choices})",
                       "de": "unbekannter Basisdeck-Modus {mode} (wähle {choices})"},
    "e.unknown_in_query": {"en": "unknown {kind} {value}{hint}", "de": "unbekannt ({kind}): {value}{hint}"},
    "e.empty_query": {"en": "empty query", "de": "leere Suchanfrage"},
    "e.unterminated_quote": {"en": "unterminated quote", "de": "Anführungszeichen nicht geschlossen"},
    "e.unexpected": {"en": "unexpected {what}", "de": "unerwartet: {what}"},
    "e.unknown_field": {"en": "unknown field '{field}'{hint}", "de": "unbekanntes Feld '{field}'{hint}"},
    "e.expected_number": {"en": "expected a number after '{what}'", "de": "Zahl erwartet nach '{what}'"},
    "e.missing_value": {"en": "missing value after '{what}'", "de": "Wert fehlt nach '{what}'"},
    "e.expected_term": {"en": "expected a term after {what}", "de": "Suchbegriff erwartet nach {what}"},
    "e.no_preset": {"en": "no preset named {name}; saved presets: {known}",
                    "de": "keine Voreinstellung namens {name}; gespeichert: {known}"},
    "e.no_preset_plain": {"en": "no preset named {name}", "de": "keine Voreinstellung namens {name}"},
    "e.not_owned": {"en": "{owner} has no {product} in the collection",
                    "de": "{owner} hat {product} nicht in der Sammlung"},
    "e.madness_not_player": {"en": "--madness names {name}, who is not a player (players: {players})",
                             "de": "--madness nennt {name}, der nicht mitspielt (Spieler: {players})"},
    "e.at_least_2": {"en": "a game has at least 2 players, got {n}", "de": "ein Spiel hat mindestens 2 Spieler, nicht {n}"},
    "e.vp_of": {"en": "VP of {name} must be a whole number of 0 or more, got {value}",
                "de": "Siegpunkte von {name} müssen eine ganze Zahl ab 0 sein, nicht {value}"},
    "e.read_only": {"en": "the database {path} is read-only: {why}", "de": "die Datenbank {path} ist schreibgeschützt: {why}"},
    "e.at_column": {"en": "{detail} at column {n}", "de": "{detail} an Stelle {n}"},
    "e.cannot_use_db": {"en": "cannot use the database {path}: {detail}", "de": "die Datenbank {path} ist nicht nutzbar: {detail}"},
    "e.no_curated": {"en": "{path}: no curated/ folder (products.json, corrections.json); use --data to point at data/",
                     "de": "{path}: kein Ordner curated/ (products.json, corrections.json); --data zeigt auf data/"},
    "e.bad_port": {"en": "--port {port} is not a port number; use 1 to 65535 (0 picks a free one)",
                   "de": "--port {port} ist keine Portnummer; erlaubt sind 1 bis 65535 (0 wählt einen freien)"},
    "e.no_site": {"en": "{folder}: no built site here (run: smashup site build --out {out})",
                  "de": "{folder}: hier ist keine erstellte Website (smashup site build --out {out})"},
    "e.hint_mean": {"en": "; did you mean: {names}?", "de": "; meintest du: {names}?"},
    "w.too_few_bases": {"en": "the base deck has only {n} bases; {players} players want at least {need} (players + 1 + "
                              "{spare} to replace scored bases)",
                        "de": "das Basisdeck hat nur {n} Basen; {players} Spieler brauchen mindestens {need} (Spieler + 1 "
                              "+ {spare} als Ersatz für gewertete Basen)"},
    "w.recent_back": {"en": "too few factions without the recently played ones: {n} of them may come up again ({names})",
                      "de": "zu wenige Fraktionen ohne die zuletzt gespielten: {n} davon können wieder vorkommen ({names})"},
    "e.no_bases_tied": {"en": "no bases tied to: {names}", "de": "keine Basen gehören zu: {names}"},
    "e.bp_unknown": {"en": "breakpoint and VP unknown for: {names} (read them off the cards)",
                     "de": "Zerstörungswert und Siegpunkte unbekannt für: {names} (auf den Karten nachlesen)"},
    # ------------------------------------------------------------ site interface (smashup_db.site)
    "site_title": {"en": "Smash Up catalogue", "de": "Smash Up Katalog"},
    "home": {"en": "Home", "de": "Start"},
    "rules": {"en": "Rules summary", "de": "Regeln in Kürze"},
    "glossary": {"en": "Glossary", "de": "Glossar"},
    "downloads": {"en": "Downloads", "de": "Downloads"},
    "search": {"en": "Search", "de": "Suche"},
    "search_label": {"en": "Search cards, bases, factions", "de": "Karten, Basen, Fraktionen suchen"},
    "search_off": {"en": "Search is not available on this copy of the site (the search index was not built). "
                         "Use the lists of factions, cards and bases instead.",
                   "de": "Die Suche ist in dieser Ausgabe der Seite nicht verfügbar (kein Suchindex gebaut). "
                         "Bitte die Listen der Fraktionen, Karten und Basen verwenden."},
    "search_nojs": {"en": "Search needs JavaScript. Every other page works without it: browse the lists of "
                          "factions, cards and bases.",
                    "de": "Die Suche braucht JavaScript. Alle anderen Seiten funktionieren ohne: "
                          "Fraktionen, Karten und Basen lassen sich über die Listen finden."},
    "language": {"en": "Language", "de": "Sprache"},
    "intro": {"en": "A bilingual reference of every Smash Up product, faction, card and base: copies, power, "
                    "breakpoints, victory points, and which box holds what.",
              "de": "Ein zweisprachiges Nachschlagewerk zu allen Smash-Up-Erweiterungen, Fraktionen, Karten und "
                    "Basen: Anzahl, Stärke, Zerstörungswerte, Siegpunkte und welche Schachtel was enthält."},
    "catalogue": {"en": "Catalogue", "de": "Katalog"},
    "version": {"en": "version", "de": "Version"},
    "dated": {"en": "dated", "de": "Stand"},
    "not_affiliated": {"en": "Fan-made reference, not affiliated with AEG or Pegasus Spiele.",
                       "de": "Von Fans erstellt; keine Verbindung zu AEG oder Pegasus Spiele."},
    "no_text_title": {"en": "Rules text not included", "de": "Regeltext nicht enthalten"},
    "no_text_body": {"en": "This site shows the facts of each card and base (names, copies, power, breakpoints, "
                           "victory points) but no rules text. To include the text, import it into the database "
                           "and build the site again:",
                     "de": "Diese Seite zeigt die Fakten jeder Karte und Basis (Namen, Anzahl, Stärke, "
                           "Zerstörungswerte, Siegpunkte), aber keinen Regeltext. Um den Text aufzunehmen, ihn in die "
                           "Datenbank importieren und die Seite neu bauen:"},
    "no_text_hint": {"en": "To include it, import it and build the site again:",
                     "de": "Zum Aufnehmen importieren und die Seite neu bauen:"},
    "no_text_here": {"en": "No rules text imported for this card.", "de": "Für diese Karte ist kein Regeltext importiert."},
    "no_text_here_base": {"en": "No rules text imported for this base.",
                          "de": "Für diese Basis ist kein Regeltext importiert."},
    "fallback_mark": {"en": "name unknown", "de": "kein deutscher Name bekannt, englischer Name gezeigt"},
    "fallback_legend": {"en": "", "de": "Mit EN markierte Namen sind englisch, weil der deutsche Name nicht bekannt ist."},
    "text_fallback": {"en": "", "de": "Kein deutscher Text bekannt, englischer Text gezeigt."},
    "source": {"en": "Source", "de": "Quelle"},
    "rulings": {"en": "Errata and clarifications", "de": "Errata und Klarstellungen"},
    "checklist": {"en": "Checklist", "de": "Checkliste"},
    "checklist_for": {"en": "Printable checklist", "de": "Checkliste zum Ausdrucken"},
    "checklist_help": {"en": "Tick each card as you sort it into the box. Print this page (the menu is left out).",
                       "de": "Jede Karte abhaken, sobald sie in der Schachtel liegt. Diese Seite drucken "
                             "(das Menü wird nicht mitgedruckt)."},
    "back_to": {"en": "Back to", "de": "Zurück zu"},
    "totals": {"en": "Totals", "de": "Summen"},
    "deck_cards": {"en": "cards in the deck", "de": "Karten im Deck"},
    "minions_n": {"en": "minions", "de": "Kreaturen"},
    "actions_n": {"en": "actions", "de": "Aktionen"},
    "other_n": {"en": "other cards", "de": "sonstige Karten"},
    "titans_n": {"en": "titan", "de": "Titan"},
    "total_power": {"en": "total minion power", "de": "Gesamtstärke der Kreaturen"},
    "in_products": {"en": "Sold in", "de": "Enthalten in"},
    "of_faction": {"en": "Faction", "de": "Fraktion"},
    "faction_bases": {"en": "Bases of this faction", "de": "Basen dieser Fraktion"},
    "no_faction_bases": {"en": "No bases are tied to this faction; use the bases of its products.",
                         "de": "Dieser Fraktion sind keine Basen zugeordnet; die Basen ihrer Erweiterungen verwenden."},
    "product_bases": {"en": "Bases in this product", "de": "Basen in dieser Erweiterung"},
    "product_factions": {"en": "Factions in this product", "de": "Fraktionen in dieser Erweiterung"},
    "extra_decks": {"en": "Extra decks", "de": "Zusatzstapel"},
    "vp_places": {"en": "VP for 1st / 2nd / 3rd", "de": "Siegpunkte für Platz 1 / 2 / 3"},
    "stats_unknown": {"en": "Breakpoint and VP not known yet.", "de": "Zerstörungswert und Siegpunkte noch unbekannt."},
    "note": {"en": "Note", "de": "Hinweis"},
    "none": {"en": "none", "de": "keine"},
    "all_cards_n": {"en": "cards", "de": "Karten"},
    "glossary_intro": {"en": "The English and German words for the same game terms, as printed on the cards and in "
                             "the rulebooks.",
                       "de": "Die deutschen und englischen Begriffe des Spiels, wie sie auf den Karten und in den "
                             "Regelheften stehen."},
    "english": {"en": "English", "de": "Englisch"},
    "lang_german": {"en": "German", "de": "Deutsch"},
    "downloads_intro": {"en": "The facts of the catalogue (no rules text) as JSON and CSV. Every file carries the "
                              "catalogue version and date (JSON: top-level fields; CSV: last two columns).",
                        "de": "Die Fakten des Katalogs (ohne Regeltext) als JSON und CSV. Jede Datei nennt Version "
                              "und Stand des Katalogs (JSON: Felder auf oberster Ebene; CSV: die letzten zwei Spalten)."},
    "file": {"en": "File", "de": "Datei"},
    "rows": {"en": "rows", "de": "Zeilen"},
    "choose_language": {"en": "Choose a language", "de": "Sprache wählen"},
    "not_found": {"en": "Page not found", "de": "Seite nicht gefunden"},
    "counts": {"en": "In the catalogue", "de": "Im Katalog"},
    "with_text": {"en": "rules texts imported", "de": "importierte Regeltexte"},
    # site: phone-first pages (search, syntax help, browsing, notes)
    "skip": {"en": "Skip to content", "de": "Zum Inhalt springen"},
    "menu": {"en": "Menu", "de": "Menü"},
    "main_nav": {"en": "Main", "de": "Hauptmenü"},
    "search_query": {"en": "Search query", "de": "Suchanfrage"},
    "search_placeholder": {"en": "e.g. t:minion f:ninjas pow>=3", "de": "z. B. t:kreatur f:ninjas stärke>=3"},
    "syntax": {"en": "Search syntax", "de": "Suchsyntax"},
    "syntax_link": {"en": "How to search", "de": "So funktioniert die Suche"},
    "filter_type": {"en": "Type", "de": "Typ"},
    "filter_faction": {"en": "Faction", "de": "Fraktion"},
    "all_types": {"en": "All types", "de": "Alle Typen"},
    "all_factions": {"en": "All factions", "de": "Alle Fraktionen"},
    "sort": {"en": "Sort", "de": "Sortierung"},
    "sort_rel": {"en": "Catalogue order", "de": "Katalogreihenfolge"},
    "sort_name": {"en": "Name (A–Z)", "de": "Name (A–Z)"},
    "sort_power": {"en": "Power (highest first)", "de": "Stärke (höchste zuerst)"},
    "sort_breakpoint": {"en": "Breakpoint (lowest first)", "de": "Zerstörungswert (niedrigster zuerst)"},
    "results_n": {"en": "{n} results", "de": "{n} Treffer"},
    "of_total": {"en": "(of {n})", "de": "(von {n})"},
    "show_all": {"en": "Show all {n}", "de": "Alle {n} zeigen"},
    "search_empty": {"en": "Type a name, words from the rules text, or a query such as t:minion f:ninjas pow>=3.",
                     "de": "Einen Namen, Wörter aus dem Regeltext oder eine Anfrage wie t:kreatur f:ninjas "
                           "stärke>=3 eingeben."},
    "search_error": {"en": "Query not understood", "de": "Anfrage nicht verstanden"},
    "search_loading": {"en": "Loading the search index…", "de": "Suchindex wird geladen …"},
    "search_load_failed": {"en": "The search index could not be loaded.",
                           "de": "Der Suchindex konnte nicht geladen werden."},
    "other_pages": {"en": "Other pages", "de": "Weitere Seiten"},
    "box": {"en": "Box", "de": "Schachtel"},
    "prev": {"en": "Previous", "de": "Vorherige"},
    "next": {"en": "Next", "de": "Nächste"},
    "az": {"en": "A–Z", "de": "A–Z"},
    "release_order": {"en": "Release order", "de": "Erscheinungsreihenfolge"},
    "view": {"en": "View", "de": "Ansicht"},
    "cards_by_faction": {"en": "Cards by faction", "de": "Karten nach Fraktion"},
    "cards_by_product": {"en": "Cards by product", "de": "Karten nach Erweiterung"},
    "cards_intro": {"en": "Every card, listed per faction or per product. Pick one:",
                    "de": "Alle Karten, nach Fraktion oder nach Erweiterung. Bitte auswählen:"},
    "cards_of": {"en": "Cards", "de": "Karten"},
    "all_cards_of_product": {"en": "All cards in this product", "de": "Alle Karten dieser Erweiterung"},
    "boxes": {"en": "Boxes", "de": "Schachteln"},
    "unnamed": {"en": "Name not known", "de": "Name unbekannt"},
    "unnamed_title": {"en": "No source gives this card's name yet.",
                      "de": "Keine Quelle nennt bisher den Namen dieser Karte."},
    "unknown_value": {"en": "unknown", "de": "unbekannt"},
    "no_power": {"en": "none (not a minion)", "de": "keine (keine Kreatur)"},
    "stats_unknown_note": {"en": "No source gives this base's breakpoint or victory points yet.",
                           "de": "Keine Quelle nennt bisher Zerstörungswert und Siegpunkte dieser Basis."},
    "print": {"en": "Print", "de": "Drucken"},
    "year_unknown": {"en": "year unknown", "de": "Jahr unbekannt"},
    "syntax_intro": {"en": "The search box understands the same query language as the command-line tool "
                           "(smashup search). Plain words search names and rules text; fields narrow the "
                           "search. Case and accents never matter, and values may be English or German.",
                     "de": "Das Suchfeld versteht dieselbe Abfragesprache wie das Kommandozeilenwerkzeug "
                           "(smashup search). Einfache Wörter durchsuchen Namen und Regeltext; Felder grenzen "
                           "die Suche ein. Groß-/Kleinschreibung und Akzente spielen keine Rolle, Werte dürfen "
                           "deutsch oder englisch sein."},
}


#: Plural forms of words counted in output: ``{key: {lang: plural}}`` (the singular is in TERMS).
PLURALS: dict[str, dict[str, str]] = {
    "minion": {"en": "minions", "de": "Kreaturen"},
    "action": {"en": "actions", "de": "Aktionen"},
    "titan": {"en": "titans", "de": "Titanen"},
    "fusion": {"en": "fusions", "de": "Fusionen"},
    "other": {"en": "others", "de": "Sonstige"},
    "base": {"en": "bases", "de": "Basen"},
    "card_word": {"en": "cards", "de": "Karten"},
    "row": {"en": "rows", "de": "Zeilen"},
    "game": {"en": "games", "de": "Partien"},
    "product_word": {"en": "products", "de": "Erweiterungen"},
    "faction_word": {"en": "factions", "de": "Fraktionen"},
    "change": {"en": "changes", "de": "Änderungen"},
    "problem": {"en": "problems", "de": "Probleme"},
}

_ACTIVE: list = [None]


def set_active_lang(lang: str) -> None:
    """Make ``lang`` the language of messages that have no other way to know it (errors, warnings)."""
    _ACTIVE[0] = lang


def default_lang() -> str:
    """``de`` when the locale (SMASHUP_LANG, LC_ALL, LC_MESSAGES, LANG) is German, else ``en``."""
    import os

    for var in ("SMASHUP_LANG", "LC_ALL", "LC_MESSAGES", "LANG"):
        value = os.environ.get(var)
        if value:
            return "de" if value.lower().startswith("de") else "en"
    import locale

    try:
        loc = locale.getlocale()[0] or ""
    except ValueError:
        loc = ""
    return "de" if loc.lower().startswith("de") else "en"


def active_lang() -> str:
    """The language set by :func:`set_active_lang` (the command's ``--lang``), else the locale's."""
    if _ACTIVE[0] is None:
        _ACTIVE[0] = default_lang()
    return _ACTIVE[0]


def msg(key: str, lang: str = "en", **values) -> str:
    """The message ``key`` in ``lang`` (English fallback) with its ``{placeholders}`` filled from ``values``.

    Raises ``KeyError`` for an unknown key or a missing value (a programming error, not a user's).
    """
    entry = TERMS[key]
    return (entry.get(lang) or entry["en"]).format(**values)


def term(key: str, lang: str = "en", n: int | None = None) -> str:
    """The display label for ``key`` in ``lang`` (English fallback, else the key itself).

    With ``n``, the form for that many: singular for 1, else the plural from :data:`PLURALS`.
    """
    if n is not None and n != 1 and key in PLURALS:
        forms = PLURALS[key]
        return forms.get(lang) or forms["en"]
    entry = TERMS.get(key)
    if not entry:
        return key
    return entry.get(lang) or entry["en"]


def count(key: str, n: int, lang: str = "en") -> str:
    """``n`` and the word in the right number: ``count("minion", 1, "de") == "1 Kreatur"``, 10 -> "10 Kreaturen"."""
    return f"{n} {term(key, lang, n)}"


_TEMPLATES: list[tuple[re.Pattern, str]] = []
#: A ``{hint}`` is a suggestion appended to a message: empty, "; did you mean ...?" or " (did you mean ...?)".
_HINT = r"(?P<hint>(?:; | \().*|)"


def _templates() -> list[tuple[re.Pattern, str]]:
    if not _TEMPLATES:
        for key, entry in sorted(TERMS.items(), key=lambda kv: -len(re.sub(r"\{\w+\}", "", kv[1]["en"]))):
            if key.startswith(("e.", "w.")) and "de" in entry:
                pattern = "".join((_HINT if part == "{hint}" else f"(?P<{part[1:-1]}>.+?)")
                                  if part.startswith("{") else re.escape(part)
                                  for part in re.split(r"(\{\w+\})", entry["en"]) if part)
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
