"""Table talk (chat and what happened to seats), a host's chat switch, seats whose clock ran out, and
the rematch of a finished game.

Revision ID: 0006
Revises: 0005
"""

import sqlalchemy as sa
from alembic import op

revision = "0006"
down_revision = "0005"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "talk",
        sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
        sa.Column("game_id", sa.String(32), sa.ForeignKey("games.id"), nullable=False),
        sa.Column("kind", sa.String(8), nullable=False),
        sa.Column("seat", sa.Integer, nullable=True),
        sa.Column("by_seat", sa.Integer, nullable=True),
        sa.Column("text", sa.Text, nullable=True),
        sa.Column("created_at", sa.Float, nullable=False),
    )
    op.create_index("ix_talk_game", "talk", ["game_id", "id"])
    with op.batch_alter_table("games") as batch:
        batch.add_column(sa.Column("chat", sa.Boolean, nullable=False, server_default=sa.true()))
        batch.add_column(sa.Column("rematch_id", sa.String(32), nullable=True))
    with op.batch_alter_table("seats") as batch:
        batch.add_column(sa.Column("timeout", sa.String(8), nullable=True))


def downgrade() -> None:
    with op.batch_alter_table("seats") as batch:
        batch.drop_column("timeout")
    with op.batch_alter_table("games") as batch:
        batch.drop_column("rematch_id")
        batch.drop_column("chat")
    op.drop_index("ix_talk_game", "talk")
    op.drop_table("talk")
