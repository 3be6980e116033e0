"""Alembic environment: the server passes an open connection in ``config.attributes``."""

from alembic import context

from mercator.server.db import metadata

connection = context.config.attributes["connection"]
context.configure(connection=connection, target_metadata=metadata, render_as_batch=True)
with context.begin_transaction():
    context.run_migrations()
