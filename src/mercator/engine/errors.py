"""Errors raised by rules engines."""


class IllegalAction(ValueError):
    """An action was refused. The message says what was wrong and what is allowed; state is unchanged."""


class ContentError(ValueError):
    """A content file is malformed. The message names the file, the row and the field."""
