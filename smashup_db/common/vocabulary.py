"""The catalogue's fixed vocabularies, without importing the ORM.

:mod:`smashup_db.db.schema` declares the schema's CHECK constraints with
these; the compiler, the checker and the importers use them too. A change of
a list the schema checks needs a new migration (the old ones keep the values
they had; ``tests/db/test_migrations.py`` compares the head with the declaration).
"""

#: Entity kinds that carry names and text.
KINDS = ("product", "faction", "card", "base")
#: Card types, in the field's standard terms (Marvel/Disney "characters" are minions).
CARD_TYPES = ("minion", "action", "titan", "fusion", "other")
#: The sources' card types ("character" is the older word for minion) -> ours.
SOURCE_TYPES = {
    "minion": "minion",
    "character": "minion",
    "action": "action",
    "titan": "titan",
    "other": "other",
}
#: Which printing a row of ``printing`` (or a collection entry) is: the first one, the current
#: reprint, or the German edition where it differs from the original.
PRINTINGS = ("original", "current", "german")
#: A base's own scoring rule (``base.scoring``), derived from its English text by the compiler.
SCORING_FLAGS = ("replaced", "per-minion", "extra-vp", "other")
#: Keywords a card may carry (derived from its English text by the compiler).
KEYWORDS = ("ongoing", "talent", "special", "play-on-minion", "play-on-base", "extra-play")
#: Product kinds of the curated product table.
PRODUCT_KINDS = ("core", "expansion", "big-box", "single-faction", "promo")
