"""Interface wording added for the phone-first site (search page, syntax help, browsing, notes).

Merged into :data:`smashup_db.site.strings.UI`; kept apart so the original
table stays as it was.
"""

from __future__ import annotations

MORE: dict[str, dict[str, str]] = {
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
