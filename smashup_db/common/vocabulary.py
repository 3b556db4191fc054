"""The catalogue's fixed vocabularies and table names, without importing the ORM.

:mod:`smashup_db.db.schema` declares the schema with these; the compiler, the
checker and the writers use them without paying for SQLModel's import.
"""

#: Entity kinds that carry names and text.
KINDS = ("product", "faction", "card", "base")
#: Card types, in the field's standard terms (Marvel/Disney "characters" are minions).
CARD_TYPES = ("minion", "action", "titan", "fusion", "other")
#: The sources' card types ("character" is the older word for minion) -> ours.
SOURCE_TYPES = {"minion": "minion", "character": "minion", "action": "action", "titan": "titan", "other": "other"}
#: Which printing a row of ``printing`` (or a collection entry) is: the first one, the current
#: reprint, or the German edition where it differs from the original.
PRINTINGS = ("original", "current", "german")
#: A base's own scoring rule (``base.scoring``), derived from its English text by the compiler.
SCORING_FLAGS = ("replaced", "per-minion", "extra-vp", "other")
#: Keywords a card may carry (derived from its English text by the compiler).
KEYWORDS = ("ongoing", "talent", "special", "play-on-minion", "play-on-base", "extra-play")
#: Product kinds of the curated product table.
PRODUCT_KINDS = ("core", "expansion", "big-box", "single-faction", "promo")
#: Tables filled from ``data/`` by ``smashup db build``, parents before children
#: (the order to insert in; delete in reverse). Names are in ``name`` with origin ``data``.
FACT_TABLES = ("product", "product_extra_deck", "faction", "product_faction", "card", "card_keyword", "base",
               "printing", "alias", "component", "component_product")
