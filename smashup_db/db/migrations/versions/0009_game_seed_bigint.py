"""A game's seed as a 64-bit integer on every backend (``game.seed``, user data).

The play page shows seeds up to 2**53 - 1 (rules.numbers.MAX_WHOLE) and ``draft --record`` stores
them; PostgreSQL's INTEGER holds only 32 bits, so the column becomes BIGINT there. SQLite's INTEGER
already holds 64 bits: nothing changes in its files.

Revision ID: 0009
Revises: 0008
"""

import sqlalchemy as sa
from alembic import op

revision = "0009"
down_revision = "0008"
branch_labels = None
depends_on = None


def upgrade() -> None:
    if op.get_bind().dialect.name != "sqlite":
        op.alter_column("game", "seed", type_=sa.BigInteger(), existing_type=sa.Integer())


def downgrade() -> None:
    if op.get_bind().dialect.name != "sqlite":
        op.alter_column("game", "seed", type_=sa.Integer(), existing_type=sa.BigInteger())
