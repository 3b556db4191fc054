"""The last draft of each set of players, waiting for its result (``waiting_draft``, user data).

``smashup draft`` keeps it (without ``--record``, outside the game log) so that
``smashup game end ... --record`` can complete it with the drafted factions.

Revision ID: 0008
Revises: 0007
"""

import sqlalchemy as sa
from alembic import op

revision = "0008"
down_revision = "0007"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "waiting_draft",
        sa.Column("players", sa.String(), nullable=False),
        sa.Column("draft", sa.String(), nullable=False),
        sa.Column("drafted_at", sa.String(), nullable=False),
        sa.PrimaryKeyConstraint("players"),
    )


def downgrade() -> None:
    op.drop_table("waiting_draft")
