"""The one table of display words and messages, in English and German.

``term(key, lang)`` gives the label for a card type, keyword, product kind or
column heading; ``msg(key, lang, **values)`` a message with ``{placeholders}``
filled in (values are inserted as they are, never re-read as a template).
German terms follow the German edition (see the glossary): Kreatur, Aktion,
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
    # search
    "no_matches": {"en": "no matches", "de": "keine Treffer"},
    # draft, base deck, collection
    "draft_title": {"en": "Draft (seed {seed})", "de": "Draft (Seed {seed})"},
    "start_player": {"en": "start player", "de": "Startspieler"},
    "bases_in_play_title": {"en": "Bases in play ({shown} of a {mode}-matched deck of {total})",
                            "de": "Basen im Spiel ({shown} aus einem Basisdeck von {total}, Modus {mode})"},
    "boxes_to_pull": {"en": "Boxes to pull: {boxes}", "de": "Diese Schachteln holen: {boxes}"},
    "also_bring": {"en": "Also bring: {decks}", "de": "Außerdem: {decks}"},
    "warning": {"en": "warning:", "de": "warning:"},
    "replay_with": {"en": "replay with --seed {seed}", "de": "wiederholen mit --seed {seed}"},
    "seed": {"en": "seed {seed}", "de": "seed {seed}"},
    "seed_and_start": {"en": "seed {seed}; start player: {player}", "de": "seed {seed}; start player: {player}"},
    "pool_title": {"en": "Pool ({n})", "de": "Pool ({n})"},
    "minions_actions": {"en": "minions/actions", "de": "Kreaturen/Aktionen"},
    "taken_by": {"en": "taken by", "de": "genommen von"},
    "draft_help": {"en": "Type a number or a faction name (English or German), 'u' to undo, '? N' for a faction's "
                         "cards, 'q' to quit.",
                   "de": "Nummer oder Fraktionsname (deutsch oder englisch), 'u' = rückgängig, '? N' = Kartenliste, "
                         "'q' = abbrechen."},
    "draft_prompt": {"en": "{player}, round {round} - your pick", "de": "{player}, Runde {round} - deine Wahl"},
    "undone": {"en": "undone: {player} - {faction}", "de": "undone: {player} - {faction}"},
    "collection_entry": {"en": "{owner}: {product} x{copies}", "de": "{owner}: {product} x{copies}"},
    "collection_empty": {"en": "the collection is empty; add boxes with: smashup collection add PRODUCT",
                         "de": "the collection is empty; add boxes with: smashup collection add PRODUCT"},
}


def msg(key: str, lang: str = "en", **values) -> str:
    """The message ``key`` in ``lang`` (English fallback) with its ``{placeholders}`` filled from ``values``.

    Raises ``KeyError`` for an unknown key or a missing value (a programming error, not a user's).
    """
    entry = TERMS[key]
    return (entry.get(lang) or entry["en"]).format(**values)


def term(key: str, lang: str = "en") -> str:
    """The display label for ``key`` in ``lang`` (English fallback, else the key itself)."""
    entry = TERMS.get(key)
    if not entry:
        return key
    return entry.get(lang) or entry["en"]
