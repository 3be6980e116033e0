"""Live updates over WebSocket: every seat and spectator gets its own state at once and on change."""

from __future__ import annotations

import json
import random

import pytest
from starlette.websockets import WebSocketDisconnect

from .helpers import assert_no_leak, human_game, pick


def test_seats_and_spectators_follow_every_version(client) -> None:
    gid, _, tokens = human_game(client, "constantinopolis", 2)
    rng = random.Random(8)
    service = client.app.state.service
    with client.websocket_connect(f"/api/games/{gid}/live?token={tokens[0]}") as ws0, \
            client.websocket_connect(f"/api/games/{gid}/live?token={tokens[1]}") as ws1, \
            client.websocket_connect(f"/api/games/{gid}/live") as spectator:
        docs = [ws0.receive_json(), ws1.receive_json(), spectator.receive_json()]
        assert [d["version"] for d in docs] == [0, 0, 0]
        assert docs[0]["seat"] == 0 and docs[1]["seat"] == 1 and "seat" not in docs[2]
        for step in range(12):
            seat = docs[2]["to_act"][0]
            r = client.post(f"/api/games/{gid}/actions", params={"token": tokens[seat]},
                            json={"version": docs[seat]["version"], "index": pick(rng, docs[seat])["index"]})
            assert r.status_code == 200, r.text
            docs = [ws0.receive_json(), ws1.receive_json(), spectator.receive_json()]
            state = service.cache[gid].state
            for viewer, doc in zip((0, 1, None), docs, strict=True):
                assert doc["version"] == step + 1
                assert doc["view"] == state.view(viewer)
                assert_no_leak(doc, state, viewer, f"live step {step}")
            assert docs[0] == client.get(f"/api/games/{gid}/seat", params={"token": tokens[0]}).json()
    # A client that reconnects gets the current state at once.
    with client.websocket_connect(f"/api/games/{gid}/live?token={tokens[1]}") as again:
        doc = again.receive_json()
        assert doc["version"] == 12 and doc["seat"] == 1


def test_live_refuses_wrong_tokens(sqlite_client) -> None:
    gid, host, _ = human_game(sqlite_client, "constantinopolis", 2)
    for token in ("wrong", host):
        with pytest.raises(WebSocketDisconnect), \
                sqlite_client.websocket_connect(f"/api/games/{gid}/live?token={token}") as ws:
            ws.receive_json()
    with pytest.raises(WebSocketDisconnect), sqlite_client.websocket_connect("/api/games/nosuch/live") as ws:
        ws.receive_json()


def test_live_tells_of_bot_moves_and_seat_changes(sqlite_client) -> None:
    client = sqlite_client
    made = client.post("/api/games", json={"game": "constantinopolis", "join": 0,
                                           "seats": [{"kind": "human"}, {"kind": "human"}]}).json()
    gid, host = made["game"]["id"], made["host_token"]
    with client.websocket_connect(f"/api/games/{gid}/live") as spectator:
        assert spectator.receive_json()["status"] == "open"
        client.post(f"/api/games/{gid}/join", json={})
        assert spectator.receive_json()["status"] == "active"
        client.put(f"/api/games/{gid}/seats/0/bot", params={"token": host}, json={"level": "random"})
        client.put(f"/api/games/{gid}/seats/1/bot", params={"token": host}, json={"level": "random"})
        versions = set()
        while True:  # the two bots play the whole game; the spectator sees it end
            doc = spectator.receive_json()
            versions.add(doc["version"])
            if doc["status"] == "over":
                break
        assert doc["ranking"] and len(versions) > 10


def test_a_seat_token_can_come_as_the_first_message_not_in_the_url(sqlite_client) -> None:
    """Browsers send the token as the first message (a URL is logged by proxies and uvicorn);
    a wrong token, a malformed message or none at all closes the channel with 1008."""
    client = sqlite_client
    gid, _, tokens = human_game(client, "colonia", 3)
    with client.websocket_connect(f"/api/games/{gid}/live?seat=1") as ws:
        ws.send_text(json.dumps({"token": tokens[1]}))
        doc = ws.receive_json()
    assert doc["seat"] == 1 and "legal" in doc
    for first in (json.dumps({"token": tokens[0]}), "not json", json.dumps(["token"]), json.dumps({"token": 5})):
        with pytest.raises(WebSocketDisconnect) as closed, \
                client.websocket_connect(f"/api/games/{gid}/live?seat=1") as ws:
            ws.send_text(first)
            ws.receive_json()
        assert closed.value.code == 1008, first
