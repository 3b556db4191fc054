"""Aliases and components (issue 20): other names people type for a thing; the special decks.

The new fact tables ``alias``, ``component`` and ``component_product`` are filled by the next build (the catalogue version is
cleared so that the next open loads the facts again); nothing else changes.

Revision ID: 0006
Revises: 0005
"""

import sqlalchemy as sa
from alembic import op

revision = "0006"
down_revision = "0005"
branch_labels = None
depends_on = None

S = sa.String


def upgrade() -> None:
    op.create_table(
        "alias",
        sa.Column("kind", S(), nullable=False),
        sa.Column("ref", S(), nullable=False),
        sa.Column("folded", S(), nullable=False),
        sa.Column("name", S(), nullable=False),
        sa.Column("lang", S(), nullable=False),
        sa.Column("type", S(), nullable=False),
        sa.Column("source", S(), nullable=False),
        sa.PrimaryKeyConstraint("kind", "ref", "folded"),
    )
    op.create_table(
        "component",
        sa.Column("id", S(), nullable=False),
        sa.Column("kind", S(), nullable=False),
        sa.Column("count", sa.Integer(), nullable=True),
        sa.Column("cards", sa.Integer(), nullable=True),
        sa.Column("sort", sa.Integer(), nullable=False),
        sa.Column("evidence", S(), nullable=False),
        sa.PrimaryKeyConstraint("id"),
    )
    op.create_table(
        "component_product",
        sa.Column("component_id", S(), nullable=False),
        sa.Column("product_id", S(), nullable=False),
        sa.ForeignKeyConstraint(["component_id"], ["component.id"]),
        sa.ForeignKeyConstraint(["product_id"], ["product.id"]),
        sa.PrimaryKeyConstraint("component_id", "product_id"),
    )
    op.execute("DELETE FROM meta WHERE key IN ('catalogue_version', 'search_index')")


def downgrade() -> None:
    op.drop_table("component_product")
    op.drop_table("component")
    op.drop_table("alias")
