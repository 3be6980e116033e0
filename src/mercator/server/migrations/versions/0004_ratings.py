"""Ratings per player, game and player count, and which finished games have been rated.

Revision ID: 0004
Revises: 0003
"""

import sqlalchemy as sa
from alembic import op

revision = "0004"
down_revision = "0003"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "ratings",
        sa.Column("player_id", sa.String(32), sa.ForeignKey("players.id"), primary_key=True),
        sa.Column("game", sa.String(64), primary_key=True),
        sa.Column("players", sa.Integer, primary_key=True),
        sa.Column("mu", sa.Float, nullable=False),
        sa.Column("sigma", sa.Float, nullable=False),
        sa.Column("games", sa.Integer, nullable=False),
        sa.Column("updated_at", sa.Float, nullable=False),
    )
    op.create_index("ix_ratings_board", "ratings", ["game", "players"])
    with op.batch_alter_table("games") as batch:
        batch.add_column(sa.Column("rated", sa.Boolean, nullable=False, server_default=sa.true()))
        batch.add_column(sa.Column("rated_at", sa.Float, nullable=True))


def downgrade() -> None:
    with op.batch_alter_table("games") as batch:
        batch.drop_column("rated_at")
        batch.drop_column("rated")
    op.drop_index("ix_ratings_board", "ratings")
    op.drop_table("ratings")
