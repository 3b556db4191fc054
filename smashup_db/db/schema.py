"""The schema: one SQLModel class per table, written out (columns typed, keys, indexes, checks).

These classes are the one declaration of the database's tables. Editors and
mypy read them as they are; ``SQLModel.metadata`` holds exactly these tables,
and is what Alembic compares the migrations with (``tests/db/test_migrations.py``
fails when the newest revision does not create exactly these tables, columns,
indexes, foreign keys and CHECK constraints). A change here needs a new
revision in :mod:`smashup_db.db.migrations`; the revisions never import this
module (each spells out the schema it had, so an old one never changes).

The writers (``db build``, the importers, the collection, the game log,
presets, ``db recover``, the search index) must start without importing
SQLModel, pydantic and SQLAlchemy (README, "How start-up is kept small";
``bench/bench_startup.py``). So they do not read these classes at run time but
their table and column lists in :mod:`smashup_db.db.columns`, a plain-data
module *generated from these classes* by :mod:`smashup_db.db.gencolumns` and
committed, like a lock file: ``tests/db/test_tables.py`` fails while it is stale.
:mod:`smashup_db.db.tables` makes the writers' SQL from those lists. After
changing a class here: write the migration, then run
``python -m smashup_db.db.gencolumns``.

What each table carries besides its columns, in ``__table_args__``:

* its CHECK constraints (the value lists come from
  :mod:`smashup_db.common.vocabulary`) and its indexes of several columns
  (one-column indexes are ``Field(index=True)``, named ``ix_<table>_<column>``);
* its group, as SQLAlchemy table ``info`` (``{"group": …}``), one of:

  - ``facts`` (products, extra decks, factions, their links, cards, keywords,
    bases, printings; and ``name`` rows with ``origin = 'data'``): compiled into
    ``data/`` and replaced wholesale by ``smashup db build``.
  - ``derived`` (``search_doc`` and, on SQLite, the FTS5 table ``search_fts``
    with the same columns, made by the migration): rebuilt by every writer of
    names or text, never by a reader.
  - ``imported`` (``entity_text``, ``ruling``, ``name`` rows with another
    origin): AEG's wording and players' translations, loaded at run time by
    ``smashup import``. Keyed by (kind, id) without foreign keys, so that a
    rebuild of the facts never deletes them; rows whose id vanished are reported.
  - ``user`` (``collection``, ``game``, ``game_player``, ``game_base``,
    ``preset``): never touched by a build or an import. And ``meta``.

The classes come in the order to create and fill the tables (parents before
children; the writers delete in reverse). The database has no column defaults:
writers give every column; a default here is what an SQLModel object gets when
none is given. An ``int | None`` primary key alone is numbered by the database
(SQLAlchemy's ``autoincrement_column``) and left out of the writers' inserts.
All ids are slugs (see :func:`smashup_db.common.text.slugify`). Table and
column names are our own constants: the writers paste them into SQL, values
never (those are always bound as ``:name`` parameters).
"""

from sqlalchemy import BigInteger, CheckConstraint, Index, Integer
from sqlmodel import Field, SQLModel

from smashup_db.common.vocabulary import CARD_TYPES, KEYWORDS, PRINTINGS, PRODUCT_KINDS
from smashup_db.db.tables import DATA_ORIGIN


def one_of(column: str, values: tuple[str, ...]) -> str:
    """SQL of a CHECK that ``column`` is one of ``values`` (constants of ours, never user input)."""
    return f"{column} IN (" + ", ".join(f"'{v}'" for v in values) + ")"


# ------------------------------------------------------------------------------------ facts


class Product(SQLModel, table=True):
    """A published box (set, expansion). ``year`` is None when unknown."""

    __tablename__ = "product"
    __table_args__ = (
        CheckConstraint(one_of("kind", PRODUCT_KINDS), name="ck_product_kind"),
        {"info": {"group": "facts"}},
    )

    id: str = Field(primary_key=True)
    kind: str
    year: int | None = None
    sort: int = Field(index=True)
    german_title: str | None = Field(
        default=None,
        description="the German edition's box title; None when there is no German edition",
    )
    german_release: str | None = Field(
        default=None, description="ISO date or year of the German edition; None when unknown"
    )


class ProductExtraDeck(SQLModel, table=True):
    """A special deck a product needs besides the factions (Madness cards, Munchkin decks), in order."""

    __tablename__ = "product_extra_deck"
    __table_args__ = ({"info": {"group": "facts"}},)

    product_id: str = Field(primary_key=True, foreign_key="product.id")
    deck: str = Field(primary_key=True)
    position: int = 0


class Faction(SQLModel, table=True):
    """A 20-card faction deck (titans come on top of the 20)."""

    __tablename__ = "faction"
    __table_args__ = ({"info": {"group": "facts"}},)

    id: str = Field(primary_key=True)
    sort: int = Field(index=True)
    complexity: str | None = Field(
        default=None, description='Kadsuno "playstyle", e.g. "low-medium"; None when unknown'
    )


class ProductFaction(SQLModel, table=True):
    """Which product sells which faction (many-to-many)."""

    __tablename__ = "product_faction"
    __table_args__ = ({"info": {"group": "facts"}},)

    product_id: str = Field(primary_key=True, foreign_key="product.id")
    faction_id: str = Field(primary_key=True, foreign_key="faction.id")


class Card(SQLModel, table=True):
    """One distinct card of a faction; ``copies`` is how many are in the deck.

    ``power`` is the printed power (None for actions without one, or unknown).
    """

    __tablename__ = "card"
    __table_args__ = (
        CheckConstraint(one_of("type", CARD_TYPES), name="ck_card_type"),
        CheckConstraint("copies >= 1", name="ck_card_copies"),
        {"info": {"group": "facts"}},
    )

    id: str = Field(primary_key=True)
    faction_id: str = Field(foreign_key="faction.id", index=True)
    type: str = Field(index=True)
    copies: int
    power: int | None = None
    sort: int = 0
    product_id: str | None = Field(
        default=None, foreign_key="product.id", description="titans: the product selling it"
    )
    note: str | None = Field(default=None, description="why the power is unknown, when it is")


class CardKeyword(SQLModel, table=True):
    """A keyword on a card (see ``vocabulary.KEYWORDS``)."""

    __tablename__ = "card_keyword"
    __table_args__ = (
        CheckConstraint(one_of("keyword", KEYWORDS), name="ck_card_keyword_keyword"),
        {"info": {"group": "facts"}},
    )

    card_id: str = Field(primary_key=True, foreign_key="card.id")
    keyword: str = Field(primary_key=True, index=True)


class Base(SQLModel, table=True):
    """A base card. ``breakpoint`` and the VP are None where no source has them."""

    __tablename__ = "base"
    __table_args__ = (
        CheckConstraint("breakpoint IS NULL OR breakpoint > 0", name="ck_base_breakpoint"),
        CheckConstraint(
            "(vp1 IS NULL OR vp1 >= 0) AND (vp2 IS NULL OR vp2 >= 0) AND (vp3 IS NULL OR vp3 >= 0)",
            name="ck_base_vp",
        ),
        {"info": {"group": "facts"}},
    )

    id: str = Field(primary_key=True)
    product_id: str = Field(foreign_key="product.id", index=True)
    faction_id: str | None = Field(default=None, foreign_key="faction.id", index=True)
    breakpoint: int | None = None
    vp1: int | None = None
    vp2: int | None = None
    vp3: int | None = None
    sort: int = 0
    note: str = Field(default="", description="why stats are unknown, when they are")
    scoring: str | None = Field(
        default=None,
        description="own scoring rule (see vocabulary.SCORING_FLAGS); None: 1st/2nd/3rd VP as printed",
    )


class Printing(SQLModel, table=True):
    """One product's version of a card or base (card x printing), where printings differ.

    ``kind`` is ``card`` or ``base``, ``ref`` its id (one identity across printings). The facts are
    this printing's; a fact listed in ``unknown`` (comma-separated) is one no source gives for this
    printing (stored as None). Things without rows here have one printing: the facts of ``card``/``base``.
    """

    __tablename__ = "printing"
    __table_args__ = (
        CheckConstraint(one_of("printing", PRINTINGS), name="ck_printing_printing"),
        {"info": {"group": "facts"}},
    )

    kind: str = Field(primary_key=True)
    ref: str = Field(primary_key=True)
    product_id: str = Field(primary_key=True, foreign_key="product.id")
    printing: str = Field(primary_key=True)
    name: str = ""
    type: str = ""
    copies: int | None = None
    power: int | None = None
    breakpoint: int | None = None
    vp1: int | None = None
    vp2: int | None = None
    vp3: int | None = None
    unknown: str = ""
    reason: str = ""
    evidence: str = ""


class Alias(SQLModel, table=True):
    """Another name people type for a thing (``data/curated/aliases.json``): printed vs archive spelling,
    announced, common or original names. ``folded`` is the matching key; ``source`` the evidence.
    """

    __tablename__ = "alias"
    __table_args__ = ({"info": {"group": "facts"}},)

    kind: str = Field(primary_key=True)
    ref: str = Field(primary_key=True)
    folded: str = Field(primary_key=True)
    name: str
    lang: str = "en"
    type: str = ""
    source: str = ""


class Component(SQLModel, table=True):
    """A special deck that is no faction's (Madness, Munchkin's Monster and Treasure decks): ``kind``
    tells them apart from faction cards; ``count`` physical cards, ``cards`` different ones (None: unknown).
    """

    __tablename__ = "component"
    __table_args__ = ({"info": {"group": "facts"}},)

    id: str = Field(primary_key=True)
    kind: str
    count: int | None = None
    cards: int | None = None
    sort: int = 0
    evidence: str = ""


class ComponentProduct(SQLModel, table=True):
    """A box that ships a component."""

    __tablename__ = "component_product"
    __table_args__ = ({"info": {"group": "facts"}},)

    component_id: str = Field(primary_key=True, foreign_key="component.id")
    product_id: str = Field(primary_key=True, foreign_key="product.id")


# --------------------------------------------------------------- names (compiled and imported)


class Name(SQLModel, table=True):
    """The name of a thing in one language.

    ``origin`` is ``data`` for compiled facts (replaced by a rebuild) or the source of an import
    (kept by a rebuild). ``folded`` is the matching key.
    """

    __tablename__ = "name"
    __table_args__ = ({"info": {"group": "imported"}},)

    kind: str = Field(primary_key=True)
    ref: str = Field(primary_key=True)
    lang: str = Field(primary_key=True)
    origin: str = Field(default=DATA_ORIGIN, primary_key=True)
    name: str
    folded: str = Field(index=True)
    confidence: str = ""
    evidence: str = ""


# --------------------------------------------------------------------------------- imported


class EntityText(SQLModel, table=True):
    """Rules text of a card or base in one language (imported, never committed)."""

    __tablename__ = "entity_text"
    __table_args__ = ({"info": {"group": "imported"}},)

    kind: str = Field(primary_key=True)
    ref: str = Field(primary_key=True)
    lang: str = Field(primary_key=True)
    text: str
    source: str
    importer: str | None = Field(
        default=None,
        description="which import wrote it (0007): card-archive:cards|bases, translations:<file>",
    )


class Ruling(SQLModel, table=True):
    """An erratum or clarification (imported). ``kind`` is ``erratum`` or ``clarification``."""

    __tablename__ = "ruling"
    __table_args__ = ({"info": {"group": "imported"}},)

    id: int | None = Field(default=None, primary_key=True)
    entity: str = Field(index=True, description="product|faction|card|base")
    ref: str = Field(index=True)
    kind: str
    lang: str
    text: str
    source: str
    importer: str | None = Field(
        default=None, index=True, description="which import wrote it (0007), as entity_text"
    )


# ---------------------------------------------------------------------------------- derived


class SearchDoc(SQLModel, table=True):
    """Derived: one folded name or text of a card or base (see :mod:`smashup_db.search.index`)."""

    __tablename__ = "search_doc"
    __table_args__ = ({"info": {"group": "derived"}},)

    id: int | None = Field(default=None, primary_key=True)
    key: str = Field(index=True, description="card:<id> or base:<id>")
    lang: str
    field: str = Field(description="name or text")
    body: str


# -------------------------------------------------------------------------------- user data


class Collection(SQLModel, table=True):
    """User data: how many copies of a product an owner has. Survives rebuilds."""

    __tablename__ = "collection"
    __table_args__ = ({"info": {"group": "user"}},)

    owner: str = Field(default="me", primary_key=True)
    product_id: str = Field(primary_key=True)
    copies: int = 1
    added_at: str | None = Field(
        default=None,
        description="ISO 8601 UTC time of the first add (None for rows older than 0.1)",
    )
    printing: str | None = Field(
        default=None,
        description="original|current|german; None: german for a German edition, else current",
    )


class Game(SQLModel, table=True):
    """User data: a recorded game (a draft waiting for its result, or a finished game). Survives rebuilds.

    ``uid`` is a random hex id kept by export and import, so merged logs never count a game twice.
    ``status`` is ``drafted`` or ``finished``.
    """

    __tablename__ = "game"
    __table_args__ = ({"info": {"group": "user"}},)

    id: int | None = Field(default=None, primary_key=True)
    uid: str = Field(unique=True)
    played_on: str = Field(index=True, description="ISO date")
    status: str = "finished"
    winner: str | None = None
    seed: int | None = Field(
        default=None, sa_type=BigInteger().with_variant(Integer(), "sqlite")
    )  # up to rules.numbers.MAX_WHOLE (migration 0009)
    recorded_at: str = Field(default="", description="ISO 8601 UTC")


class GamePlayer(SQLModel, table=True):
    """User data: one player of a recorded game (the name as given, their two factions, VP)."""

    __tablename__ = "game_player"
    __table_args__ = (
        # games stats counts seats per faction pair (and player) from this index alone, in its order (0007)
        Index("ix_game_player_pair", "faction1", "faction2", "player"),
        {"info": {"group": "user"}},
    )

    game_id: int = Field(primary_key=True, foreign_key="game.id")
    seat: int = Field(primary_key=True)
    player: str = Field(index=True)
    faction1: str = Field(
        description="faction ids, no foreign key: a rebuild of the facts never touches the log"
    )
    faction2: str
    vp: int | None = None
    madness: int | None = None


class GameBase(SQLModel, table=True):
    """User data: a base scored (or in play) in a recorded game, in order."""

    __tablename__ = "game_base"
    __table_args__ = ({"info": {"group": "user"}},)

    game_id: int = Field(primary_key=True, foreign_key="game.id")
    pos: int = Field(primary_key=True)
    base_id: str


class Preset(SQLModel, table=True):
    """User data: saved draft options (``options`` is a JSON object)."""

    __tablename__ = "preset"
    __table_args__ = ({"info": {"group": "user"}},)

    name: str = Field(primary_key=True)
    options: str
    saved_at: str = ""


class WaitingDraft(SQLModel, table=True):
    """User data: the last draft of a set of players, waiting for its result (not the game log).

    ``players`` is the key: the players' names folded (casefold), sorted, joined by a
    newline. ``draft`` is a JSON object ``{"seats": [{"player", "factions": [id, id]}],
    "seed", "bases": [id]}``. ``smashup game end ... --record`` completes it into a game
    of the log and deletes it; a new draft of the same players replaces it.
    """

    __tablename__ = "waiting_draft"
    __table_args__ = ({"info": {"group": "user"}},)

    players: str = Field(primary_key=True)
    draft: str
    drafted_at: str = Field(default="", description="ISO 8601 UTC")


# ------------------------------------------------------------------------------------- meta


class Meta(SQLModel, table=True):
    """Key/value facts about the database (catalogue version, build time)."""

    __tablename__ = "meta"
    __table_args__ = ({"info": {"group": "meta"}},)

    key: str = Field(primary_key=True)
    value: str
