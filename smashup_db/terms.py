"""Display terms in English and German (German edition's wording, see the glossary).

``term(key, lang)`` gives the label for a card type, keyword, product kind or
column heading. German terms follow the German edition: Kreatur, Aktion,
Basis, Zerstörungswert, Siegpunkte, Stärke, Dauerhaft, Talent, Extra.
"""

from __future__ import annotations

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
}


def term(key: str, lang: str = "en") -> str:
    """The display label for ``key`` in ``lang`` (English fallback, else the key itself)."""
    entry = TERMS.get(key)
    if not entry:
        return key
    return entry.get(lang) or entry["en"]
