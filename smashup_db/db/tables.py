"""The schema, declared once: every table, its columns, keys, indexes and CHECK constraints.

This module is the one declaration of the database's tables. Two things are
derived from it:

* :mod:`smashup_db.db.schema` turns each :class:`Table` into an SQLModel
  model (``schema.Card`` …) on ``SQLModel.metadata``: what Alembic compares
  the migrations with (``tests/db/test_migrations.py`` fails when the newest
  revision does not create exactly these tables, columns, indexes, foreign
  keys and CHECK constraints).
* The writers (``db build``, the importers, the collection, the game log,
  presets, ``db recover``, the search index) take their table names and column
  lists from here (:meth:`Table.insert`, :meth:`Table.update`, :meth:`Table.delete`,
  :data:`FACT_TABLES`, :data:`USER_TABLES` …) instead of spelling them in
  hand-written SQL, so a new column is added in one place (and in a new
  migration, which the test above demands).

Why plain Python and not the SQLModel classes themselves: ``db build``,
``import text`` and every look-up start in a few tens of milliseconds, and
importing SQLModel (with pydantic and SQLAlchemy) alone costs several times
that (README, "How start-up is kept small"; ``tests/cli/test_startup.py``;
``bench/bench_startup.py``). Writers that read their column lists off the
models would pay it on every run; a generated copy of the column lists would
be a second declaration kept in step by a test. So the declaration is made of
two tiny classes with ``__slots__`` (no ``dataclasses``, no ``typing``, which
the measured writers do not import either), and only Alembic's set-up and the
tests build SQLModel classes from it.

The migrations do **not** read this module: each revision spells out the
schema and value lists it had (``tests/db/test_migrations.py`` checks it), so an
old revision never changes when this declaration does.

Four groups of tables, kept apart on purpose (``Table.group``):

* ``facts`` (products, extra decks, factions, their links, cards, keywords,
  bases, printings; and ``name`` rows with ``origin = 'data'``): compiled into
  ``data/`` and replaced wholesale by ``smashup db build``.
* ``derived`` (``search_doc`` and, on SQLite, the FTS5 table ``search_fts``
  with the same columns, made by the migration): rebuilt by every writer of
  names or text, never by a reader.
* ``imported`` (``entity_text``, ``ruling``, ``name`` rows with another
  origin): AEG's wording and players' translations, loaded at run time by
  ``smashup import``. Keyed by (kind, id) without foreign keys, so that a
  rebuild of the facts never deletes them; rows whose id vanished are reported.
* ``user`` (``collection``, ``game``, ``game_player``, ``game_base``,
  ``preset``): never touched by a build or an import. And ``meta``.

All ids are slugs (see :func:`smashup_db.common.text.slugify`). Table and
column names here are our own constants: they are pasted into SQL, values never
are (they are always bound as ``:name`` parameters).
"""

from __future__ import annotations

from smashup_db.common.vocabulary import CARD_TYPES, KEYWORDS, PRINTINGS, PRODUCT_KINDS

#: A column without a default: every row must give it.
REQUIRED = object()
#: ``name.origin`` of the compiled names (replaced by a build); other origins are imports.
DATA_ORIGIN = "data"


class Column:
    """One column: ``type`` is ``str`` or ``int``; ``null`` allows NULL.

    ``key``: part of the primary key. ``auto``: an integer key the database
    numbers (left out of :meth:`Table.insert`). ``ref``: ``"table.column"`` of
    a foreign key. ``index``/``unique``: a one-column index
    (``ix_<table>_<column>``) / a unique constraint. ``default``: the value an
    SQLModel object gets when none is given (the database has no defaults:
    writers give every column). ``doc``: what the column means.
    """

    __slots__ = ("name", "type", "null", "key", "auto", "ref", "index", "unique", "default", "doc")

    def __init__(
        self,
        name: str,
        type_: type,
        *,
        null: bool = False,
        key: bool = False,
        auto: bool = False,
        ref: str | None = None,
        index: bool = False,
        unique: bool = False,
        default=REQUIRED,
        doc: str = "",
    ):
        if auto and not (key and type_ is int):
            raise ValueError(
                f"column {name}: only an integer primary key can be numbered by the database"
            )
        self.name, self.type, self.null, self.key, self.auto = name, type_, null, key, auto
        self.ref, self.index, self.unique, self.default, self.doc = ref, index, unique, default, doc

    def __repr__(self) -> str:
        return f"Column({self.name!r}, {self.type.__name__})"


class Table:
    """One table: ``name``, its ``group`` (see the module doc), the model's class name and docstring,
    its :class:`Column` s in order, its CHECK constraints as ``(name, SQL)`` pairs and its indexes of
    several columns as ``(name, (column, ...))`` pairs (one-column indexes are :attr:`Column.index`)."""

    __slots__ = (
        "name",
        "group",
        "model",
        "doc",
        "columns",
        "checks",
        "indexes",
        "names",
        "written",
        "primary_key",
    )

    def __init__(
        self,
        name: str,
        group: str,
        model: str,
        doc: str,
        *columns: Column,
        checks: tuple[tuple[str, str], ...] = (),
        indexes: tuple[tuple[str, tuple[str, ...]], ...] = (),
    ):
        self.name, self.group, self.model, self.doc, self.columns, self.checks = (
            name,
            group,
            model,
            doc,
            columns,
            checks,
        )
        self.indexes = indexes
        #: Every column's name, in order.
        self.names = tuple(c.name for c in columns)
        #: The columns a writer gives (all but a database-numbered key).
        self.written = tuple(c.name for c in columns if not c.auto)
        #: The primary key's columns.
        self.primary_key = tuple(c.name for c in columns if c.key)

    def __repr__(self) -> str:
        return f"Table({self.name!r})"

    def column(self, name: str) -> Column:
        """The column called ``name``; ``KeyError`` when there is none."""
        for c in self.columns:
            if c.name == name:
                return c
        raise KeyError(f"{self.name} has no column {name}")

    def insert(
        self,
        columns: tuple[str, ...] | None = None,
        *,
        into: str | None = None,
        returning: str | None = None,
        replace: bool = False,
    ) -> str:
        """``INSERT INTO table (a, b) VALUES (:a, :b)`` over :attr:`written` (or ``columns``, checked).

        ``into`` writes the same columns into another table (``search_fts``
        mirrors ``search_doc``); ``returning`` appends ``RETURNING column``;
        ``replace`` makes it ``INSERT OR REPLACE`` (SQLite only). Raises
        ``KeyError`` for a column this table does not have.
        """
        cols = self.written if columns is None else tuple(self.column(c).name for c in columns)
        verb = "INSERT OR REPLACE" if replace else "INSERT"
        sql = f"{verb} INTO {into or self.name} ({', '.join(cols)}) VALUES ({', '.join(':' + c for c in cols)})"
        return sql + (f" RETURNING {self.column(returning).name}" if returning else "")

    def update(self, columns: tuple[str, ...], where: tuple[str, ...] | None = None) -> str:
        """``UPDATE table SET a = :a WHERE k = :k AND …``; ``where`` defaults to the primary key.

        Raises ``KeyError`` for a column this table does not have.
        """
        sets = ", ".join(f"{self.column(c).name} = :{c}" for c in columns)
        cond = " AND ".join(
            f"{self.column(c).name} = :{c}" for c in (self.primary_key if where is None else where)
        )
        return f"UPDATE {self.name} SET {sets} WHERE {cond}"

    def delete(self, where: tuple[str, ...] | None = None) -> str:
        """``DELETE FROM table WHERE k = :k AND …``; ``where`` defaults to the primary key, ``()`` deletes all.

        Raises ``KeyError`` for a column this table does not have.
        """
        cond = " AND ".join(
            f"{self.column(c).name} = :{c}" for c in (self.primary_key if where is None else where)
        )
        return f"DELETE FROM {self.name}" + (f" WHERE {cond}" if cond else "")

    def select(self, columns: tuple[str, ...] | None = None) -> str:
        """``SELECT a, b FROM table`` over every column (or ``columns``, checked); append any ``WHERE``."""
        cols = self.names if columns is None else tuple(self.column(c).name for c in columns)
        return f"SELECT {', '.join(cols)} FROM {self.name}"


def one_of(column: str, values: tuple[str, ...]) -> str:
    """SQL of a CHECK that ``column`` is one of ``values`` (constants of ours, never user input)."""
    return f"{column} IN (" + ", ".join(f"'{v}'" for v in values) + ")"


C = Column
#: Every table, in the order to create and fill them (parents before children; delete in reverse).
TABLES: dict[str, Table] = {
    t.name: t
    for t in (
        # ------------------------------------------------------------------ facts
        Table(
            "product",
            "facts",
            "Product",
            "A published box (set, expansion). ``year`` is None when unknown.",
            C("id", str, key=True),
            C("kind", str),
            C("year", int, null=True, default=None),
            C("sort", int, index=True),
            C(
                "german_title",
                str,
                null=True,
                default=None,
                doc="the German edition's box title; None when there is no German edition",
            ),
            C(
                "german_release",
                str,
                null=True,
                default=None,
                doc="ISO date or year of the German edition; None when unknown",
            ),
            checks=(("ck_product_kind", one_of("kind", PRODUCT_KINDS)),),
        ),
        Table(
            "product_extra_deck",
            "facts",
            "ProductExtraDeck",
            "A special deck a product needs besides the factions (Madness cards, Munchkin decks), in order.",
            C("product_id", str, key=True, ref="product.id"),
            C("deck", str, key=True),
            C("position", int, default=0),
        ),
        Table(
            "faction",
            "facts",
            "Faction",
            "A 20-card faction deck (titans come on top of the 20).",
            C("id", str, key=True),
            C("sort", int, index=True),
            C(
                "complexity",
                str,
                null=True,
                default=None,
                doc='Kadsuno "playstyle", e.g. "low-medium"; None when unknown',
            ),
        ),
        Table(
            "product_faction",
            "facts",
            "ProductFaction",
            "Which product sells which faction (many-to-many).",
            C("product_id", str, key=True, ref="product.id"),
            C("faction_id", str, key=True, ref="faction.id"),
        ),
        Table(
            "card",
            "facts",
            "Card",
            "One distinct card of a faction; ``copies`` is how many are in the deck.\n\n"
            "``power`` is the printed power (None for actions without one, or unknown).",
            C("id", str, key=True),
            C("faction_id", str, ref="faction.id", index=True),
            C("type", str, index=True),
            C("copies", int),
            C("power", int, null=True, default=None),
            C("sort", int, default=0),
            C(
                "product_id",
                str,
                null=True,
                ref="product.id",
                default=None,
                doc="titans: the product selling it",
            ),
            C("note", str, null=True, default=None, doc="why the power is unknown, when it is"),
            checks=(
                ("ck_card_type", one_of("type", CARD_TYPES)),
                ("ck_card_copies", "copies >= 1"),
            ),
        ),
        Table(
            "card_keyword",
            "facts",
            "CardKeyword",
            "A keyword on a card (see ``vocabulary.KEYWORDS``).",
            C("card_id", str, key=True, ref="card.id"),
            C("keyword", str, key=True, index=True),
            checks=(("ck_card_keyword_keyword", one_of("keyword", KEYWORDS)),),
        ),
        Table(
            "base",
            "facts",
            "Base",
            "A base card. ``breakpoint`` and the VP are None where no source has them.",
            C("id", str, key=True),
            C("product_id", str, ref="product.id", index=True),
            C("faction_id", str, null=True, ref="faction.id", index=True, default=None),
            C("breakpoint", int, null=True, default=None),
            C("vp1", int, null=True, default=None),
            C("vp2", int, null=True, default=None),
            C("vp3", int, null=True, default=None),
            C("sort", int, default=0),
            C("note", str, default="", doc="why stats are unknown, when they are"),
            C(
                "scoring",
                str,
                null=True,
                default=None,
                doc="own scoring rule (see vocabulary.SCORING_FLAGS); None: 1st/2nd/3rd VP as printed",
            ),
            checks=(
                ("ck_base_breakpoint", "breakpoint IS NULL OR breakpoint > 0"),
                (
                    "ck_base_vp",
                    "(vp1 IS NULL OR vp1 >= 0) AND (vp2 IS NULL OR vp2 >= 0) AND (vp3 IS NULL OR vp3 >= 0)",
                ),
            ),
        ),
        Table(
            "printing",
            "facts",
            "Printing",
            "One product's version of a card or base (card x printing), where printings differ.\n\n"
            "``kind`` is ``card`` or ``base``, ``ref`` its id (one identity across printings). The facts are\n"
            "this printing's; a fact listed in ``unknown`` (comma-separated) is one no source gives for this\n"
            "printing (stored as None). Things without rows here have one printing: the facts of ``card``/``base``.",
            C("kind", str, key=True),
            C("ref", str, key=True),
            C("product_id", str, key=True, ref="product.id"),
            C("printing", str, key=True),
            C("name", str, default=""),
            C("type", str, default=""),
            C("copies", int, null=True, default=None),
            C("power", int, null=True, default=None),
            C("breakpoint", int, null=True, default=None),
            C("vp1", int, null=True, default=None),
            C("vp2", int, null=True, default=None),
            C("vp3", int, null=True, default=None),
            C("unknown", str, default=""),
            C("reason", str, default=""),
            C("evidence", str, default=""),
            checks=(("ck_printing_printing", one_of("printing", PRINTINGS)),),
        ),
        Table(
            "alias",
            "facts",
            "Alias",
            "Another name people type for a thing (``data/curated/aliases.json``): printed vs archive spelling,\n"
            "announced, common or original names. ``folded`` is the matching key; ``source`` the evidence.",
            C("kind", str, key=True),
            C("ref", str, key=True),
            C("folded", str, key=True),
            C("name", str),
            C("lang", str, default="en"),
            C("type", str, default=""),
            C("source", str, default=""),
        ),
        Table(
            "component",
            "facts",
            "Component",
            "A special deck that is no faction's (Madness, Munchkin's Monster and Treasure decks): ``kind``\n"
            "tells them apart from faction cards; ``count`` physical cards, ``cards`` different ones (None: unknown).",
            C("id", str, key=True),
            C("kind", str),
            C("count", int, null=True, default=None),
            C("cards", int, null=True, default=None),
            C("sort", int, default=0),
            C("evidence", str, default=""),
        ),
        Table(
            "component_product",
            "facts",
            "ComponentProduct",
            "A box that ships a component.",
            C("component_id", str, key=True, ref="component.id"),
            C("product_id", str, key=True, ref="product.id"),
        ),
        # --------------------------------------------------- names (compiled and imported)
        Table(
            "name",
            "imported",
            "Name",
            "The name of a thing in one language.\n\n"
            "``origin`` is ``data`` for compiled facts (replaced by a rebuild) or the source of an import\n"
            "(kept by a rebuild). ``folded`` is the matching key.",
            C("kind", str, key=True),
            C("ref", str, key=True),
            C("lang", str, key=True),
            C("origin", str, key=True, default=DATA_ORIGIN),
            C("name", str),
            C("folded", str, index=True),
            C("confidence", str, default=""),
            C("evidence", str, default=""),
        ),
        # --------------------------------------------------------------- imported
        Table(
            "entity_text",
            "imported",
            "EntityText",
            "Rules text of a card or base in one language (imported, never committed).",
            C("kind", str, key=True),
            C("ref", str, key=True),
            C("lang", str, key=True),
            C("text", str),
            C("source", str),
            C(
                "importer",
                str,
                null=True,
                default=None,
                doc="which import wrote it (0007): card-archive:cards|bases, translations:<file>",
            ),
        ),
        Table(
            "ruling",
            "imported",
            "Ruling",
            "An erratum or clarification (imported). ``kind`` is ``erratum`` or ``clarification``.",
            C("id", int, key=True, auto=True, default=None),
            C("entity", str, index=True, doc="product|faction|card|base"),
            C("ref", str, index=True),
            C("kind", str),
            C("lang", str),
            C("text", str),
            C("source", str),
            C(
                "importer",
                str,
                null=True,
                index=True,
                default=None,
                doc="which import wrote it (0007), as entity_text",
            ),
        ),
        # ---------------------------------------------------------------- derived
        Table(
            "search_doc",
            "derived",
            "SearchDoc",
            "Derived: one folded name or text of a card or base (see :mod:`smashup_db.search.index`).",
            C("id", int, key=True, auto=True, default=None),
            C("key", str, index=True, doc="card:<id> or base:<id>"),
            C("lang", str),
            C("field", str, doc="name or text"),
            C("body", str),
        ),
        # ------------------------------------------------------------- user data
        Table(
            "collection",
            "user",
            "Collection",
            "User data: how many copies of a product an owner has. Survives rebuilds.",
            C("owner", str, key=True, default="me"),
            C("product_id", str, key=True),
            C("copies", int, default=1),
            C(
                "added_at",
                str,
                null=True,
                default=None,
                doc="ISO 8601 UTC time of the first add (None for rows older than 0.1)",
            ),
            C(
                "printing",
                str,
                null=True,
                default=None,
                doc="original|current|german; None: german for a German edition, else current",
            ),
        ),
        Table(
            "game",
            "user",
            "Game",
            "User data: a recorded game (a draft waiting for its result, or a finished game). Survives rebuilds.\n\n"
            "``uid`` is a random hex id kept by export and import, so merged logs never count a game twice.\n"
            "``status`` is ``drafted`` or ``finished``.",
            C("id", int, key=True, auto=True, default=None),
            C("uid", str, unique=True),
            C("played_on", str, index=True, doc="ISO date"),
            C("status", str, default="finished"),
            C("winner", str, null=True, default=None),
            C("seed", int, null=True, default=None),
            C("recorded_at", str, default="", doc="ISO 8601 UTC"),
        ),
        Table(
            "game_player",
            "user",
            "GamePlayer",
            "User data: one player of a recorded game (the name as given, their two factions, VP).",
            C("game_id", int, key=True, ref="game.id"),
            C("seat", int, key=True),
            C("player", str, index=True),
            C(
                "faction1",
                str,
                doc="faction ids, no foreign key: a rebuild of the facts never touches the log",
            ),
            C("faction2", str),
            C("vp", int, null=True, default=None),
            C("madness", int, null=True, default=None),
            # games stats counts seats per faction pair (and player) from this index alone, in its order (0007)
            indexes=(("ix_game_player_pair", ("faction1", "faction2", "player")),),
        ),
        Table(
            "game_base",
            "user",
            "GameBase",
            "User data: a base scored (or in play) in a recorded game, in order.",
            C("game_id", int, key=True, ref="game.id"),
            C("pos", int, key=True),
            C("base_id", str),
        ),
        Table(
            "preset",
            "user",
            "Preset",
            "User data: saved draft options (``options`` is a JSON object).",
            C("name", str, key=True),
            C("options", str),
            C("saved_at", str, default=""),
        ),
        # ------------------------------------------------------------------- meta
        Table(
            "meta",
            "meta",
            "Meta",
            "Key/value facts about the database (catalogue version, build time).",
            C("key", str, key=True),
            C("value", str),
        ),
    )
}
del C


def tables(group: str) -> tuple[str, ...]:
    """Names of the tables of ``group`` (``facts``, ``derived``, ``imported``, ``user``, ``meta``), in order."""
    return tuple(t.name for t in TABLES.values() if t.group == group)


#: Tables filled from ``data/`` by ``smashup db build``, parents before children (the order to
#: insert in; delete in reverse). The compiled names are in ``name`` with origin :data:`DATA_ORIGIN`.
FACT_TABLES = tables("facts")
#: Tables whose rows only the database holds (the user's and the imported ones), in the order to
#: write them (parents first), each with the condition that selects those rows (``""``: all).
USER_TABLES = tuple(
    (t, f"origin <> '{DATA_ORIGIN}'" if t == "name" else "")
    for t in (*tables("user"), *tables("imported"))
)
#: The SQLite FTS5 table that mirrors ``search_doc``'s written columns (made by the migration where FTS5 exists).
SEARCH_FTS = "search_fts"
