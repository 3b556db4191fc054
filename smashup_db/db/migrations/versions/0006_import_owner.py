"""Which import wrote a row of imported text or a ruling: ``entity_text.importer``, ``ruling.importer``.

An import replaces or removes only rows whose ``importer`` is its own key
(``card-archive:cards``, ``card-archive:bases``, ``translations:<file>``),
never by the free-text ``source`` column; so a translation whose source names
the card archive is never removed by a text import, and archive rulings are
not duplicated when the archive renames itself (``source.name``). Existing
rows get their key from what wrote them (:data:`smashup_db.db.migrations.IMPORTER_BACKFILL`).

Revision ID: 0006
Revises: 0005
"""

import sqlalchemy as sa
from alembic import op

from smashup_db.db.migrations import IMPORTER_BACKFILL

revision = "0006"
down_revision = "0005"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.add_column("entity_text", sa.Column("importer", sa.String(), nullable=True))
    op.add_column("ruling", sa.Column("importer", sa.String(), nullable=True))
    op.create_index("ix_ruling_importer", "ruling", ["importer"])
    for sql in IMPORTER_BACKFILL:
        op.execute(sql)


def downgrade() -> None:
    raise NotImplementedError("0006 is not reversible: rebuild the database with an older smashup instead")
