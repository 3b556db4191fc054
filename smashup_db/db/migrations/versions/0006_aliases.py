"""Aliases: other names people type for a faction, card, base or product (issue 20).

The new fact table ``alias`` is filled by the next build (the catalogue version is
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
    op.create_table("alias",
                    sa.Column("kind", S(), nullable=False), sa.Column("ref", S(), nullable=False),
                    sa.Column("folded", S(), nullable=False), sa.Column("name", S(), nullable=False),
                    sa.Column("lang", S(), nullable=False), sa.Column("type", S(), nullable=False),
                    sa.Column("source", S(), nullable=False),
                    sa.PrimaryKeyConstraint("kind", "ref", "folded"))
    op.execute("DELETE FROM meta WHERE key IN ('catalogue_version', 'search_index')")


def downgrade() -> None:
    op.drop_table("alias")
