"""SQLModel tables of the catalogue and of the user's own data.

Three groups of tables, kept apart on purpose:

* **Facts** (``product``, ``product_extra_deck``, ``faction``, ``product_faction``,
  ``card``, ``card_keyword``, ``base``, ``name`` rows with ``origin='data'``): compiled
  into ``data/`` and replaced wholesale by ``smashup db build``.
* **Derived** (``search_doc`` and, on SQLite, the FTS5 table ``search_fts``):
  rebuilt by every writer of names or text, never by a reader.
* **Imported text** (``entity_text``, ``ruling``, ``name`` rows with another
  origin): AEG's wording and players' translations, loaded at run time by
  ``smashup import``. Keyed by (kind, id) without foreign keys, so that a
  rebuild of the facts never deletes them; rows whose id vanished are reported.
* **User data** (``collection``, ``game``, ``game_player``, ``game_base``, ``preset``): never touched by a build or an import.

The schema is created and upgraded by the Alembic revisions in
:mod:`smashup_db.db.migrations`; a change here needs a new revision there.

All ids are slugs (see :func:`smashup_db.common.text.slugify`).
"""

from __future__ import annotations

from typing import Optional

from sqlalchemy import CheckConstraint
from sqlmodel import Field, SQLModel

from smashup_db.common.vocabulary import CARD_TYPES, KEYWORDS, KINDS, PRINTINGS, PRODUCT_KINDS, SCORING_FLAGS  # noqa: F401


def one_of(column: str, values: tuple[str, ...]) -> str:
    """SQL of a CHECK that ``column`` is one of ``values`` (constants of this module, never user input)."""
    return f"{column} IN (" + ", ".join(f"'{v}'" for v in values) + ")"


class Product(SQLModel, table=True):
    """A published box (set, expansion). ``year`` is None when unknown."""

    __table_args__ = (CheckConstraint(one_of("kind", PRODUCT_KINDS), name="ck_product_kind"),)
    id: str = Field(primary_key=True)
    kind: str
    year: Optional[int] = None
    sort: int = Field(index=True)
    german_title: Optional[str] = None  # the German edition's box title; None when there is no German edition
    german_release: Optional[str] = None  # ISO date or year of the German edition; None when unknown


class ProductExtraDeck(SQLModel, table=True):
    """A special deck a product needs besides the factions (Madness cards, Munchkin decks), in order."""

    __tablename__ = "product_extra_deck"
    product_id: str = Field(primary_key=True, foreign_key="product.id")
    deck: str = Field(primary_key=True)
    position: int = 0


class Faction(SQLModel, table=True):
    """A 20-card faction deck (titans come on top of the 20)."""

    id: str = Field(primary_key=True)
    sort: int = Field(index=True)
    complexity: Optional[str] = None  # Kadsuno "playstyle", e.g. "low-medium"; None when unknown


class ProductFaction(SQLModel, table=True):
    """Which product sells which faction (many-to-many)."""

    __tablename__ = "product_faction"
    product_id: str = Field(primary_key=True, foreign_key="product.id")
    faction_id: str = Field(primary_key=True, foreign_key="faction.id")


class Card(SQLModel, table=True):
    """One distinct card of a faction; ``copies`` is how many are in the deck.

    ``power`` is the printed power (None for actions without one, or unknown).
    """

    __table_args__ = (CheckConstraint(one_of("type", CARD_TYPES), name="ck_card_type"),
                      CheckConstraint("copies >= 1", name="ck_card_copies"))
    id: str = Field(primary_key=True)
    faction_id: str = Field(foreign_key="faction.id", index=True)
    type: str = Field(index=True)
    copies: int
    power: Optional[int] = None
    sort: int = 0
    product_id: Optional[str] = Field(default=None, foreign_key="product.id")  # titans: the product selling it
    note: Optional[str] = None  # why the power is unknown, when it is


class CardKeyword(SQLModel, table=True):
    """A keyword on a card (see :data:`KEYWORDS`)."""

    __tablename__ = "card_keyword"
    __table_args__ = (CheckConstraint(one_of("keyword", KEYWORDS), name="ck_card_keyword_keyword"),)
    card_id: str = Field(primary_key=True, foreign_key="card.id")
    keyword: str = Field(primary_key=True, index=True)


class Base(SQLModel, table=True):
    """A base card. ``breakpoint`` and the VP are None where no source has them."""

    __table_args__ = (CheckConstraint("breakpoint IS NULL OR breakpoint > 0", name="ck_base_breakpoint"),
                      CheckConstraint("(vp1 IS NULL OR vp1 >= 0) AND (vp2 IS NULL OR vp2 >= 0)"
                                      " AND (vp3 IS NULL OR vp3 >= 0)", name="ck_base_vp"))
    id: str = Field(primary_key=True)
    product_id: str = Field(foreign_key="product.id", index=True)
    faction_id: Optional[str] = Field(default=None, foreign_key="faction.id", index=True)
    breakpoint: Optional[int] = None
    vp1: Optional[int] = None
    vp2: Optional[int] = None
    vp3: Optional[int] = None
    sort: int = 0
    note: str = ""  # why stats are unknown, when they are
    scoring: Optional[str] = None  # own scoring rule (see SCORING_FLAGS); None: 1st/2nd/3rd VP as printed


class Printing(SQLModel, table=True):
    """One product's version of a card or base (card x printing), where printings differ.

    ``kind`` is ``card`` or ``base``, ``ref`` its id (one identity across
    printings). The facts are this printing's; a fact listed in ``unknown``
    (comma-separated) is one no source gives for this printing (stored as None).
    Things without rows here have one printing: the facts of ``card``/``base``.
    """

    __table_args__ = (CheckConstraint(one_of("printing", PRINTINGS), name="ck_printing_printing"),)
    kind: str = Field(primary_key=True)
    ref: str = Field(primary_key=True)
    product_id: str = Field(primary_key=True, foreign_key="product.id")
    printing: str = Field(primary_key=True)
    name: str = ""
    type: str = ""
    copies: Optional[int] = None
    power: Optional[int] = None
    breakpoint: Optional[int] = None
    vp1: Optional[int] = None
    vp2: Optional[int] = None
    vp3: Optional[int] = None
    unknown: str = ""
    reason: str = ""
    evidence: str = ""


class Name(SQLModel, table=True):
    """The name of a thing in one language.

    ``origin`` is ``data`` for compiled facts (replaced by a rebuild) or the
    source of an import (kept by a rebuild). ``folded`` is the matching key.
    """

    kind: str = Field(primary_key=True)
    ref: str = Field(primary_key=True)
    lang: str = Field(primary_key=True)
    origin: str = Field(primary_key=True, default="data")
    name: str
    folded: str = Field(index=True)
    confidence: str = ""
    evidence: str = ""


class EntityText(SQLModel, table=True):
    """Rules text of a card or base in one language (imported, never committed)."""

    __tablename__ = "entity_text"
    kind: str = Field(primary_key=True)
    ref: str = Field(primary_key=True)
    lang: str = Field(primary_key=True)
    text: str
    source: str
    importer: Optional[str] = None  # which import wrote it (0006): card-archive:cards|bases, translations:<file>


class Ruling(SQLModel, table=True):
    """An erratum or clarification (imported). ``kind`` is ``erratum`` or ``clarification``."""

    id: Optional[int] = Field(default=None, primary_key=True)
    entity: str = Field(index=True)  # product|faction|card|base
    ref: str = Field(index=True)
    kind: str
    lang: str
    text: str
    source: str
    importer: Optional[str] = Field(default=None, index=True)  # which import wrote it (0006), as entity_text


class Collection(SQLModel, table=True):
    """User data: how many copies of a product an owner has. Survives rebuilds."""

    owner: str = Field(primary_key=True, default="me")
    product_id: str = Field(primary_key=True)
    copies: int = 1
    added_at: Optional[str] = None  # ISO 8601 UTC time of the first add (None for rows older than 0.1)
    printing: Optional[str] = None  # original|current|german; None: german for a German edition, else current


class SearchDoc(SQLModel, table=True):
    """Derived: one folded name or text of a card or base (see :mod:`smashup_db.search.index`)."""

    __tablename__ = "search_doc"
    id: Optional[int] = Field(default=None, primary_key=True)
    key: str = Field(index=True)  # card:<id> or base:<id>
    lang: str
    field: str  # name or text
    body: str


class Game(SQLModel, table=True):
    """User data: a recorded game (a draft waiting for its result, or a finished game). Survives rebuilds.

    ``uid`` is a random hex id kept by export and import, so merged logs never
    count a game twice. ``status`` is ``drafted`` or ``finished``.
    """

    id: Optional[int] = Field(default=None, primary_key=True)
    uid: str = Field(unique=True)
    played_on: str = Field(index=True)  # ISO date
    status: str = "finished"
    winner: Optional[str] = None
    seed: Optional[int] = None
    recorded_at: str = ""  # ISO 8601 UTC


class GamePlayer(SQLModel, table=True):
    """User data: one player of a recorded game (the name as given, their two factions, VP)."""

    __tablename__ = "game_player"
    game_id: int = Field(primary_key=True, foreign_key="game.id")
    seat: int = Field(primary_key=True)
    player: str = Field(index=True)
    faction1: str  # faction ids, no foreign key: a rebuild of the facts never touches the log
    faction2: str
    vp: Optional[int] = None
    madness: Optional[int] = None


class GameBase(SQLModel, table=True):
    """User data: a base scored (or in play) in a recorded game, in order."""

    __tablename__ = "game_base"
    game_id: int = Field(primary_key=True, foreign_key="game.id")
    pos: int = Field(primary_key=True)
    base_id: str


class Preset(SQLModel, table=True):
    """User data: saved draft options (``options`` is a JSON object)."""

    name: str = Field(primary_key=True)
    options: str
    saved_at: str = ""


class Meta(SQLModel, table=True):
    """Key/value facts about the database (catalogue version, build time)."""

    key: str = Field(primary_key=True)
    value: str
