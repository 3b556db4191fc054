"""Printings (card x printing), fusions, titans' products, bases' own scoring, German editions.

``card`` and ``card_keyword`` hold only compiled data: they are re-created
(the card type may now be ``fusion``; titans name their product; a card may
note why its power is unknown). ``base`` gains ``scoring``, ``product`` its
German edition, ``collection`` the printing a box is, and the new fact table
``printing`` holds every printing that differs. The catalogue version is
cleared so that the next open loads the facts again; the collection, imported
text, rulings and the game log are kept.

Revision ID: 0005
Revises: 0004
"""

import sqlalchemy as sa
from alembic import op

revision = "0005"
down_revision = "0004"
branch_labels = None
depends_on = None

S = sa.String
#: The value lists as they were at this revision, frozen: a later vocabulary needs a new revision,
#: never an edit here.
CARD_TYPES = ("minion", "action", "titan", "fusion", "other")
KEYWORDS = ("ongoing", "talent", "special", "play-on-minion", "play-on-base", "extra-play")
PRINTINGS = ("original", "current", "german")


def one_of(column: str, values: tuple[str, ...]) -> str:
    """SQL of a CHECK that ``column`` is one of ``values`` (this revision's constants)."""
    return f"{column} IN (" + ", ".join(f"'{v}'" for v in values) + ")"


def upgrade() -> None:
    for table in (
        "card_keyword",
        "card",
        "base",
        "product_faction",
        "product_extra_deck",
        "faction",
        "product",
    ):
        op.execute(f"DELETE FROM {table}")
    op.drop_table("card_keyword")
    op.drop_table("card")
    op.execute("DELETE FROM meta WHERE key IN ('catalogue_version', 'search_index')")
    op.add_column("product", sa.Column("german_title", S(), nullable=True))
    op.add_column("product", sa.Column("german_release", S(), nullable=True))
    op.add_column("base", sa.Column("scoring", S(), nullable=True))
    op.add_column("collection", sa.Column("printing", S(), nullable=True))
    op.create_table(
        "card",
        sa.Column("id", S(), nullable=False),
        sa.Column("faction_id", S(), nullable=False),
        sa.Column("type", S(), nullable=False),
        sa.Column("copies", sa.Integer(), nullable=False),
        sa.Column("power", sa.Integer(), nullable=True),
        sa.Column("sort", sa.Integer(), nullable=False),
        sa.Column("product_id", S(), nullable=True),
        sa.Column("note", S(), nullable=True),
        sa.CheckConstraint(one_of("type", CARD_TYPES), name="ck_card_type"),
        sa.CheckConstraint("copies >= 1", name="ck_card_copies"),
        sa.ForeignKeyConstraint(["faction_id"], ["faction.id"]),
        sa.ForeignKeyConstraint(["product_id"], ["product.id"]),
        sa.PrimaryKeyConstraint("id"),
    )
    op.create_index("ix_card_faction_id", "card", ["faction_id"])
    op.create_index("ix_card_type", "card", ["type"])
    op.create_table(
        "card_keyword",
        sa.Column("card_id", S(), nullable=False),
        sa.Column("keyword", S(), nullable=False),
        sa.CheckConstraint(one_of("keyword", KEYWORDS), name="ck_card_keyword_keyword"),
        sa.ForeignKeyConstraint(["card_id"], ["card.id"]),
        sa.PrimaryKeyConstraint("card_id", "keyword"),
    )
    op.create_index("ix_card_keyword_keyword", "card_keyword", ["keyword"])
    op.create_table(
        "printing",
        sa.Column("kind", S(), nullable=False),
        sa.Column("ref", S(), nullable=False),
        sa.Column("product_id", S(), nullable=False),
        sa.Column("printing", S(), nullable=False),
        sa.Column("name", S(), nullable=False),
        sa.Column("type", S(), nullable=False),
        sa.Column("copies", sa.Integer(), nullable=True),
        sa.Column("power", sa.Integer(), nullable=True),
        sa.Column("breakpoint", sa.Integer(), nullable=True),
        sa.Column("vp1", sa.Integer(), nullable=True),
        sa.Column("vp2", sa.Integer(), nullable=True),
        sa.Column("vp3", sa.Integer(), nullable=True),
        sa.Column("unknown", S(), nullable=False),
        sa.Column("reason", S(), nullable=False),
        sa.Column("evidence", S(), nullable=False),
        sa.CheckConstraint(one_of("printing", PRINTINGS), name="ck_printing_printing"),
        sa.ForeignKeyConstraint(["product_id"], ["product.id"]),
        sa.PrimaryKeyConstraint("kind", "ref", "product_id", "printing"),
    )


def downgrade() -> None:
    raise NotImplementedError(
        "0005 is not reversible: rebuild the database with an older smashup instead"
    )
