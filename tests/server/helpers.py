"""Shared helpers: the conformance kit's secret check applied to server answers, and small clients."""

from __future__ import annotations

import json
import random
from collections.abc import Iterator
from typing import Any

from mercator.engine.state import GameState
from mercator.games import all_games


def smallest_setup() -> list[tuple[str, int]]:
    """(game, fewest players) for every registered game."""
    return [(info.name, info.counts_for(info.validate_options({}))[0]) for info in all_games()]


def _walk(node: Any) -> Iterator[Any]:
    yield node
    if isinstance(node, dict):
        for v in node.values():
            yield from _walk(v)
    elif isinstance(node, list):
        for v in node:
            yield from _walk(v)


def assert_no_leak(doc: Any, state: GameState, viewer: int | None, where: str) -> None:
    """``doc`` (any JSON answer) holds no secret of a seat other than ``viewer``. The viewer's own legal
    actions are left out: they are its own options, and another seat's hidden choice may well be
    one of them (Colonia's votes), which reveals nothing."""
    if isinstance(doc, dict) and "legal" in doc:
        doc = {k: v for k, v in doc.items() if k != "legal"}
    secrets = {s: [json.dumps(x, sort_keys=True) for x in state.secrets(s)] for s in range(state.seats)}
    nodes = {json.dumps(n, sort_keys=True) for n in _walk(doc)} - set(secrets.get(viewer, []) if viewer is not None
                                                                       else [])
    for owner, items in secrets.items():
        if owner == viewer:
            continue
        leaked = [x for x in items if x in nodes]
        assert not leaked, f"{where}: answer for viewer {viewer} shows seat {owner}'s secrets {leaked}"


def auth(token: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {token}"}


def create(client: Any, game: str, seats: list[dict[str, Any]], **extra: Any) -> dict[str, Any]:
    r = client.post("/api/games", json={"game": game, "seats": seats, **extra})
    assert r.status_code == 201, r.text
    return r.json()


def human_game(client: Any, game: str, players: int) -> tuple[str, str, list[str]]:
    """A game of humans only: (game id, host token, seat tokens). Its seed is the server's secret."""
    made = create(client, game, [{"kind": "human"}] * players, join=0)
    gid = made["game"]["id"]
    tokens = [made["seat"]["token"]]
    for seat in range(1, players):
        r = client.post(f"/api/games/{gid}/join", json={"seat": seat})
        assert r.status_code == 201, r.text
        tokens.append(r.json()["token"])
    return gid, made["host_token"], tokens


def pick(rng: random.Random, doc: dict[str, Any]) -> dict[str, Any]:
    return rng.choice(doc["legal"])
