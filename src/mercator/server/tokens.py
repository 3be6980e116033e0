"""Capability tokens: random, shown once, stored only as a SHA-256 digest, compared in constant time."""

from __future__ import annotations

import hashlib
import hmac
import secrets


def new_token() -> str:
    return secrets.token_urlsafe(32)


def hash_token(token: str) -> str:
    return hashlib.sha256(token.encode("utf-8", "surrogatepass")).hexdigest()


def matches(stored_hash: str | None, presented_hash: str) -> bool:
    """Constant-time comparison of two digests (a missing stored hash never matches)."""
    if not stored_hash:
        return False
    return hmac.compare_digest(stored_hash.encode(), presented_hash.encode())


def new_id() -> str:
    return secrets.token_hex(8)
