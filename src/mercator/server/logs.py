"""The server's log never holds a secret: a filter on every uvicorn handler masks token values in
what is about to be written (a WebSocket's first message at debug level, a Bearer header, a
script's ?token= or a link's #t=), so even a debug log can be shared."""

from __future__ import annotations

import copy
import logging
import re
from typing import Any

MASK = "<redacted>"
PATTERNS = (
    re.compile(r'("(?:token|player_token|invite|host_token)"\s*:\s*")[^"]*'),
    re.compile(r"((?i:bearer)\s+)[^\s'\",]+"),
    re.compile(r"([?&#](?:token|t|invite)=)[^&\s'\"#]+"),
)


def redact(text: str) -> str:
    for pattern in PATTERNS:
        text = pattern.sub(lambda m: m.group(1) + MASK, text)
    return text


class RedactSecrets(logging.Filter):
    """Masks secrets in a record: in its message and string arguments where that is enough (the
    arguments keep their places, so formatters that read them, like uvicorn's access log, still
    work), else in the whole formatted message (an argument such as a WebSocket frame is an object
    whose text holds the secret)."""

    def filter(self, record: logging.LogRecord) -> bool:
        if isinstance(record.msg, str):
            record.msg = redact(record.msg)
        if isinstance(record.args, tuple):
            record.args = tuple(redact(a) if isinstance(a, str) else a for a in record.args)
        elif isinstance(record.args, dict):
            record.args = {k: redact(v) if isinstance(v, str) else v for k, v in record.args.items()}
        message = record.getMessage()
        if redact(message) != message:
            record.msg, record.args = redact(message), None
        return True


def log_config() -> dict[str, Any]:
    """uvicorn's logging configuration with RedactSecrets on every handler."""
    from uvicorn.config import LOGGING_CONFIG

    config = copy.deepcopy(LOGGING_CONFIG)
    config.setdefault("filters", {})["redact"] = {"()": RedactSecrets}
    for handler in config["handlers"].values():
        handler.setdefault("filters", []).append("redact")
    return config
