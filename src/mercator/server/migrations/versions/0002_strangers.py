"""Hosting among strangers: mark seeds a player chose, and keep only player bot levels.

A seat stored with a raw search setting (``ismcts:2000000000`` was once accepted over HTTP) would
freeze the server's bots again on every restart, so such seats are played at ``normal``.

Revision ID: 0002
Revises: 0001
"""

import sqlalchemy as sa
from alembic import op

revision = "0002"
down_revision = "0001"
branch_labels = None
depends_on = None

LEVELS = ("random", "easy", "normal", "hard")


def upgrade() -> None:
    with op.batch_alter_table("games") as batch:
        batch.add_column(sa.Column("seed_from_client", sa.Boolean, nullable=False, server_default=sa.false()))
    seats = sa.table("seats", sa.column("bot_level", sa.String))
    op.execute(seats.update().where(seats.c.bot_level.is_not(None), seats.c.bot_level.not_in(LEVELS))
               .values(bot_level="normal"))


def downgrade() -> None:
    with op.batch_alter_table("games") as batch:
        batch.drop_column("seed_from_client")
