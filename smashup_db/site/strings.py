"""Interface wording of the site in English and German.

Game terms (card types, keywords, headings) come from :mod:`smashup_db.terms`
so that the site, the CLI and the glossary use the same German words.
"""

from __future__ import annotations

from ..terms import TERMS
from .strings_more import MORE

LANG_NAMES = {"en": "English", "de": "Deutsch"}

UI: dict[str, dict[str, str]] = {
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
    "german": {"en": "German", "de": "Deutsch"},
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
}

UI.update(MORE)


def strings(lang: str) -> dict[str, str]:
    """Every interface string and game term in ``lang`` (English where a German one is missing)."""
    out = {k: v.get(lang) or v["en"] for k, v in TERMS.items()}
    out.update({k: v.get(lang) if v.get(lang) is not None else v["en"] for k, v in UI.items()})
    out["lang_name"] = LANG_NAMES.get(lang, lang)
    return out
