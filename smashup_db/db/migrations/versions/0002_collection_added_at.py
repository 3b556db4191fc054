"""collection.added_at: when a product was first added (ISO 8601, UTC); NULL for older rows.

Revision ID: 0002
Revises: 0001
"""

import sqlalchemy as sa
from alembic import op

revision = "0002"
down_revision = "0001"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.add_column("collection", sa.Column("added_at", sa.String(), nullable=True))


def downgrade() -> None:
    with op.batch_alter_table("collection") as batch:
        batch.drop_column("added_at")
