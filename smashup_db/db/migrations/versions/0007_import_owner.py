"""Which import wrote a row of imported text or a ruling: ``entity_text.importer``, ``ruling.importer``;
the index ``ix_game_player_pair`` (faction1, faction2, player) for ``games stats``.

An import replaces or removes only rows whose ``importer`` is its own key
(``card-archive:cards``, ``card-archive:bases``, ``translations:<file>``),
never by the free-text ``source`` column; so a translation whose source names
the card archive is never removed by a text import, and archive rulings are
not duplicated when the archive renames itself (``source.name``). Existing
rows get their key from what wrote them (the same statements as
:data:`smashup_db.db.migrations.IMPORTER_BACKFILL`, frozen here: a revision imports nothing of ours).

Revision ID: 0007
Revises: 0006
"""

import sqlalchemy as sa
from alembic import op

#: Frozen copy of :data:`smashup_db.db.migrations.IMPORTER_BACKFILL` at this revision.
IMPORTER_BACKFILL = (
    "UPDATE entity_text SET importer = 'translations' WHERE importer IS NULL AND source LIKE 'translations:%'",
    "UPDATE entity_text SET importer = CASE kind WHEN 'card' THEN 'card-archive:cards' ELSE 'card-archive:bases' END"
    " WHERE importer IS NULL AND lang = 'en' AND kind IN ('card', 'base')",
    "UPDATE ruling SET importer = CASE entity WHEN 'card' THEN 'card-archive:cards' ELSE 'card-archive:bases' END"
    " WHERE importer IS NULL AND source NOT LIKE 'translations:%'",
)

revision = "0007"
down_revision = "0006"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.add_column("entity_text", sa.Column("importer", sa.String(), nullable=True))
    op.add_column("ruling", sa.Column("importer", sa.String(), nullable=True))
    op.create_index("ix_ruling_importer", "ruling", ["importer"])
    for sql in IMPORTER_BACKFILL:
        op.execute(sql)
    # games stats (issue 21 item 13): seats counted per faction pair and player from the index, in order
    op.create_index("ix_game_player_pair", "game_player", ["faction1", "faction2", "player"])


def downgrade() -> None:
    raise NotImplementedError(
        "0007 is not reversible: rebuild the database with an older smashup instead"
    )
