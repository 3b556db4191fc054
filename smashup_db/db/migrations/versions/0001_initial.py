"""Initial schema: the catalogue facts, imported text and names, collection, meta.

This is the schema databases had before migrations existed.

Revision ID: 0001
Revises:
"""

import sqlalchemy as sa
from alembic import op

revision = "0001"
down_revision = None
branch_labels = None
depends_on = None

S = sa.String


def upgrade() -> None:
    op.create_table(
        "collection",
        sa.Column("owner", S(), nullable=False),
        sa.Column("product_id", S(), nullable=False),
        sa.Column("copies", sa.Integer(), nullable=False),
        sa.PrimaryKeyConstraint("owner", "product_id"),
    )
    op.create_table(
        "entity_text",
        sa.Column("kind", S(), nullable=False),
        sa.Column("ref", S(), nullable=False),
        sa.Column("lang", S(), nullable=False),
        sa.Column("text", S(), nullable=False),
        sa.Column("source", S(), nullable=False),
        sa.PrimaryKeyConstraint("kind", "ref", "lang"),
    )
    op.create_table(
        "faction",
        sa.Column("id", S(), nullable=False),
        sa.Column("sort", sa.Integer(), nullable=False),
        sa.PrimaryKeyConstraint("id"),
    )
    op.create_index("ix_faction_sort", "faction", ["sort"])
    op.create_table(
        "meta",
        sa.Column("key", S(), nullable=False),
        sa.Column("value", S(), nullable=False),
        sa.PrimaryKeyConstraint("key"),
    )
    op.create_table(
        "name",
        sa.Column("kind", S(), nullable=False),
        sa.Column("ref", S(), nullable=False),
        sa.Column("lang", S(), nullable=False),
        sa.Column("origin", S(), nullable=False),
        sa.Column("name", S(), nullable=False),
        sa.Column("folded", S(), nullable=False),
        sa.Column("confidence", S(), nullable=False),
        sa.Column("evidence", S(), nullable=False),
        sa.PrimaryKeyConstraint("kind", "ref", "lang", "origin"),
    )
    op.create_index("ix_name_folded", "name", ["folded"])
    op.create_table(
        "product",
        sa.Column("id", S(), nullable=False),
        sa.Column("kind", S(), nullable=False),
        sa.Column("year", sa.Integer(), nullable=True),
        sa.Column("sort", sa.Integer(), nullable=False),
        sa.Column("extra_decks", S(), nullable=False),
        sa.PrimaryKeyConstraint("id"),
    )
    op.create_index("ix_product_sort", "product", ["sort"])
    op.create_table(
        "ruling",
        sa.Column("id", sa.Integer(), nullable=False, autoincrement=True),
        sa.Column("entity", S(), nullable=False),
        sa.Column("ref", S(), nullable=False),
        sa.Column("kind", S(), nullable=False),
        sa.Column("lang", S(), nullable=False),
        sa.Column("text", S(), nullable=False),
        sa.Column("source", S(), nullable=False),
        sa.PrimaryKeyConstraint("id"),
    )
    op.create_index("ix_ruling_entity", "ruling", ["entity"])
    op.create_index("ix_ruling_ref", "ruling", ["ref"])
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
        sa.ForeignKeyConstraint(["card_id"], ["card.id"]),
        sa.PrimaryKeyConstraint("card_id", "keyword"),
    )
    op.create_index("ix_card_keyword_keyword", "card_keyword", ["keyword"])


def downgrade() -> None:
    for table in (
        "card_keyword",
        "product_faction",
        "card",
        "base",
        "ruling",
        "product",
        "name",
        "meta",
        "faction",
        "entity_text",
        "collection",
    ):
        op.drop_table(table)
