"""Fact tables with CHECK constraints, extra decks as a table, the search index in the schema.

The fact tables (products, factions, cards, keywords, bases and their links)
hold only compiled data, so they are dropped and re-created with their
constraints; the catalogue version is cleared so that the next open loads the
facts again. User data (collection), imported text, rulings and imported
names have no foreign keys to the facts and are not touched.
``search_doc`` (and ``search_fts`` on SQLite with FTS5), which older versions
created at run time, are re-created here and filled on the next open.

Revision ID: 0003
Revises: 0002
"""

import sqlalchemy as sa
from alembic import op

revision = "0003"
down_revision = "0002"
branch_labels = None
depends_on = None

S = sa.String
#: The value lists as they were at this revision, frozen: a later vocabulary needs a new revision
#: (as 0005 added the card type ``fusion``), never an edit here.
PRODUCT_KINDS = ("core", "expansion", "big-box", "single-faction", "promo")
CARD_TYPES = ("minion", "action", "titan", "other")
KEYWORDS = ("ongoing", "talent", "special", "play-on-minion", "play-on-base", "extra-play")
FACTS = ("card_keyword", "card", "base", "product_faction", "faction", "product")


def one_of(column: str, values: tuple[str, ...]) -> str:
    """SQL of a CHECK that ``column`` is one of ``values`` (this revision's constants)."""
    return f"{column} IN (" + ", ".join(f"'{v}'" for v in values) + ")"


def _drop_if_exists(name: str) -> None:
    op.execute(f"DROP TABLE IF EXISTS {name}")


def upgrade() -> None:
    for table in FACTS:
        op.execute(f"DELETE FROM {table}")
    for table in FACTS:
        op.drop_table(table)
    op.execute("DELETE FROM meta WHERE key IN ('catalogue_version', 'search_index')")
    op.create_table(
        "product",
        sa.Column("id", S(), nullable=False),
        sa.Column("kind", S(), nullable=False),
        sa.Column("year", sa.Integer(), nullable=True),
        sa.Column("sort", sa.Integer(), nullable=False),
        sa.CheckConstraint(one_of("kind", PRODUCT_KINDS), name="ck_product_kind"),
        sa.PrimaryKeyConstraint("id"),
    )
    op.create_index("ix_product_sort", "product", ["sort"])
    op.create_table(
        "product_extra_deck",
        sa.Column("product_id", S(), nullable=False),
        sa.Column("deck", S(), nullable=False),
        sa.Column("position", sa.Integer(), nullable=False),
        sa.ForeignKeyConstraint(["product_id"], ["product.id"]),
        sa.PrimaryKeyConstraint("product_id", "deck"),
    )
    op.create_table(
        "faction",
        sa.Column("id", S(), nullable=False),
        sa.Column("sort", sa.Integer(), nullable=False),
        sa.PrimaryKeyConstraint("id"),
    )
    op.create_index("ix_faction_sort", "faction", ["sort"])
    op.create_table(
        "base",
        sa.Column("id", S(), nullable=False),
        sa.Column("product_id", S(), nullable=False),
        sa.Column("faction_id", S(), nullable=True),
        sa.Column("breakpoint", sa.Integer(), nullable=True),
        sa.Column("vp1", sa.Integer(), nullable=True),
        sa.Column("vp2", sa.Integer(), nullable=True),
        sa.Column("vp3", sa.Integer(), nullable=True),
        sa.Column("sort", sa.Integer(), nullable=False),
        sa.Column("note", S(), nullable=False),
        sa.CheckConstraint("breakpoint IS NULL OR breakpoint > 0", name="ck_base_breakpoint"),
        sa.CheckConstraint(
            "(vp1 IS NULL OR vp1 >= 0) AND (vp2 IS NULL OR vp2 >= 0) AND (vp3 IS NULL OR vp3 >= 0)",
            name="ck_base_vp",
        ),
        sa.ForeignKeyConstraint(["product_id"], ["product.id"]),
        sa.ForeignKeyConstraint(["faction_id"], ["faction.id"]),
        sa.PrimaryKeyConstraint("id"),
    )
    op.create_index("ix_base_product_id", "base", ["product_id"])
    op.create_index("ix_base_faction_id", "base", ["faction_id"])
    op.create_table(
        "card",
        sa.Column("id", S(), nullable=False),
        sa.Column("faction_id", S(), nullable=False),
        sa.Column("type", S(), nullable=False),
        sa.Column("copies", sa.Integer(), nullable=False),
        sa.Column("power", sa.Integer(), nullable=True),
        sa.Column("sort", sa.Integer(), nullable=False),
        sa.CheckConstraint(one_of("type", CARD_TYPES), name="ck_card_type"),
        sa.CheckConstraint("copies >= 1", name="ck_card_copies"),
        sa.ForeignKeyConstraint(["faction_id"], ["faction.id"]),
        sa.PrimaryKeyConstraint("id"),
    )
    op.create_index("ix_card_faction_id", "card", ["faction_id"])
    op.create_index("ix_card_type", "card", ["type"])
    op.create_table(
        "product_faction",
        sa.Column("product_id", S(), nullable=False),
        sa.Column("faction_id", S(), nullable=False),
        sa.ForeignKeyConstraint(["product_id"], ["product.id"]),
        sa.ForeignKeyConstraint(["faction_id"], ["faction.id"]),
        sa.PrimaryKeyConstraint("product_id", "faction_id"),
    )
    op.create_table(
        "card_keyword",
        sa.Column("card_id", S(), nullable=False),
        sa.Column("keyword", S(), nullable=False),
        sa.CheckConstraint(one_of("keyword", KEYWORDS), name="ck_card_keyword_keyword"),
        sa.ForeignKeyConstraint(["card_id"], ["card.id"]),
        sa.PrimaryKeyConstraint("card_id", "keyword"),
    )
    op.create_index("ix_card_keyword_keyword", "card_keyword", ["keyword"])

    _drop_if_exists("search_fts")
    _drop_if_exists("search_doc")
    op.create_table(
        "search_doc",
        sa.Column("id", sa.Integer(), nullable=False, autoincrement=True),
        sa.Column("key", S(), nullable=False),
        sa.Column("lang", S(), nullable=False),
        sa.Column("field", S(), nullable=False),
        sa.Column("body", S(), nullable=False),
        sa.PrimaryKeyConstraint("id"),
    )
    op.create_index("ix_search_doc_key", "search_doc", ["key"])
    if op.get_bind().dialect.name == "sqlite":
        bind = op.get_bind()
        has_fts5 = bind.exec_driver_sql(
            "SELECT 1 FROM pragma_compile_options WHERE compile_options = 'ENABLE_FTS5'"
        ).first()
        if has_fts5:
            op.execute(
                "CREATE VIRTUAL TABLE search_fts USING fts5(key UNINDEXED, lang UNINDEXED,"
                " field UNINDEXED, body, tokenize = 'unicode61', prefix = '2 3')"
            )


def downgrade() -> None:
    raise NotImplementedError(
        "0003 is not reversible: rebuild the database with an older smashup instead"
    )
