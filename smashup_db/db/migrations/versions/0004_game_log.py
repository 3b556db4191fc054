"""faction.complexity; the game log (game, game_player, game_base) and draft presets (preset).

Revision ID: 0004
Revises: 0003
"""

import sqlalchemy as sa
from alembic import op

revision = "0004"
down_revision = "0003"
branch_labels = None
depends_on = None

S = sa.String


def upgrade() -> None:
    op.add_column("faction", sa.Column("complexity", S(), nullable=True))
    op.create_table(
        "game",
        sa.Column("id", sa.Integer(), nullable=False, autoincrement=True),
        sa.Column("uid", S(), nullable=False),
        sa.Column("played_on", S(), nullable=False),
        sa.Column("status", S(), nullable=False),
        sa.Column("winner", S(), nullable=True),
        sa.Column("seed", sa.Integer(), nullable=True),
        sa.Column("recorded_at", S(), nullable=False),
        sa.PrimaryKeyConstraint("id"),
        sa.UniqueConstraint("uid"),
    )
    op.create_index("ix_game_played_on", "game", ["played_on"])
    op.create_table(
        "game_player",
        sa.Column("game_id", sa.Integer(), nullable=False),
        sa.Column("seat", sa.Integer(), nullable=False),
        sa.Column("player", S(), nullable=False),
        sa.Column("faction1", S(), nullable=False),
        sa.Column("faction2", S(), nullable=False),
        sa.Column("vp", sa.Integer(), nullable=True),
        sa.Column("madness", sa.Integer(), nullable=True),
        sa.ForeignKeyConstraint(["game_id"], ["game.id"]),
        sa.PrimaryKeyConstraint("game_id", "seat"),
    )
    op.create_index("ix_game_player_player", "game_player", ["player"])
    op.create_table(
        "game_base",
        sa.Column("game_id", sa.Integer(), nullable=False),
        sa.Column("pos", sa.Integer(), nullable=False),
        sa.Column("base_id", S(), nullable=False),
        sa.ForeignKeyConstraint(["game_id"], ["game.id"]),
        sa.PrimaryKeyConstraint("game_id", "pos"),
    )
    op.create_table(
        "preset",
        sa.Column("name", S(), nullable=False),
        sa.Column("options", S(), nullable=False),
        sa.Column("saved_at", S(), nullable=False),
        sa.PrimaryKeyConstraint("name"),
    )


def downgrade() -> None:
    op.drop_table("preset")
    op.drop_table("game_base")
    op.drop_index("ix_game_player_player", "game_player")
    op.drop_table("game_player")
    op.drop_index("ix_game_played_on", "game")
    op.drop_table("game")
    with op.batch_alter_table("faction") as batch:
        batch.drop_column("complexity")
