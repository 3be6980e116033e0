"""Errors raised by rules engines."""

from __future__ import annotations

from typing import Any


class IllegalAction(ValueError):
    """An action was refused. The message says what was wrong and what is allowed; state is unchanged.

    The message is English, for programs and logs. A refusal a player can meet also has a ``code``
    (with ``fields``) that a client words in the player's language: engine/i18n.py ``refusal``.
    """

    def __init__(self, message: str, code: str | None = None, **fields: Any) -> None:
        super().__init__(message)
        self.code = code
        self.fields = fields


class ContentError(ValueError):
    """A content file is malformed. The message names the file, the row and the field."""
