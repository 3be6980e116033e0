"""The server's refusals: each carries an HTTP status's kind, the English message for programs and
logs, and a ``code`` with ``fields`` that app.py words in the request's language (engine/i18n.py
``refusal``), as the engine's IllegalAction does."""

from __future__ import annotations

from typing import Any


class Refused(Exception):
    """A request the server turns down. The message is English, for programs and logs; ``code``
    (with ``fields``) names the refusal for a player, worded in the request's ``lang`` as the
    engine's refusals are (engine/i18n.py ``refusal``: ``refusal_<code>`` in engine/words.toml)."""

    def __init__(self, detail: str, code: str | None = None, **fields: Any) -> None:
        super().__init__(detail)
        self.code = code
        self.fields = fields


class NotFound(Refused):
    pass


class Forbidden(Refused):
    pass


class TooMany(Refused):
    """Too many requests of one kind from one client: try again after ``retry_after`` seconds."""

    def __init__(self, detail: str, retry_after: int, code: str | None = None, **fields: Any) -> None:
        super().__init__(f"{detail}; retry in {retry_after} s", code, retry_after=retry_after, **fields)
        self.retry_after = retry_after


class Unavailable(Refused):
    """The server cannot serve this now (its database is away) or at all (it runs no bots)."""

    def __init__(self, detail: str, code: str, retry_after: int | None = None) -> None:
        super().__init__(detail, code, **({"retry_after": retry_after} if retry_after else {}))
        self.retry_after = retry_after


class Conflict(Refused):
    """The request does not fit the game's current version or status."""

    def __init__(self, detail: str, version: int | None = None, code: str | None = None, **fields: Any) -> None:
        super().__init__(detail, code, **fields)
        self.version = version
