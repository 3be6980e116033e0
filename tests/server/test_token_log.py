"""No token ever reaches the server's log: a real server process at debug level, driven the way
clients drive it (headers, the live socket's first message, a script's ?token=, a wrong token), logs
none of the player, host or seat tokens it handed out."""

from __future__ import annotations

import json
from typing import Any

import httpx
from websockets.sync.client import connect


def test_no_token_appears_in_the_server_log(server_factory: Any, sqlite_url: str) -> None:
    server = server_factory(sqlite_url, args=["--log-level", "debug"])
    base = server.base
    me = httpx.post(f"{base}/api/players", json={"name": "Ann"}).json()
    made = httpx.post(f"{base}/api/games", json={
        "game": "valencia", "seats": [{"kind": "human"}, {"kind": "human"}], "join": 0,
        "player_token": me["token"]}).json()
    gid, seat_token, host = made["game"]["id"], made["seat"]["token"], made["host_token"]
    joined = httpx.post(f"{base}/api/games/{gid}/join", json={"seat": 1}).json()
    tokens = [me["token"], seat_token, host, joined["token"]]
    headers = {"Authorization": f"Bearer {seat_token}"}
    doc = httpx.get(f"{base}/api/games/{gid}/seat", headers=headers).json()
    assert httpx.get(f"{base}/api/games/{gid}/seat", params={"token": joined["token"]}).status_code == 200
    httpx.post(f"{base}/api/games/{gid}/actions", headers=headers,
               json={"version": doc["version"], "index": doc["legal"][0]["index"]})
    assert httpx.get(f"{base}/api/games/{gid}/seat", headers={"Authorization": f"Bearer {seat_token}x"}) \
        .status_code == 403
    with connect(f"ws://127.0.0.1:{server.port}/api/games/{gid}/live?seat=0") as ws:
        ws.send(json.dumps({"token": seat_token}))
        assert json.loads(ws.recv())["game_id"] == gid
    httpx.get(f"{base}/api/players/me/history", headers={"Authorization": f"Bearer {me['token']}"})
    assert httpx.post(f"{base}/api/games/{gid}/chat", headers=headers, json={"text": "hello"}).status_code == 201
    assert httpx.put(f"{base}/api/games/{gid}/chat", headers={"Authorization": f"Bearer {host}"},
                     json={"open": False}).status_code == 200
    httpx.put(f"{base}/api/games/{gid}/seats/1/bot", headers={"Authorization": f"Bearer {host}"},
              json={"level": "easy"})
    server.stop()
    log = server.log.read_text()
    assert "< TEXT" in log and "<redacted>" in log  # the debug log did dump the socket's frames, masked
    leaked = [t[:6] for t in tokens if t in log]
    assert not leaked, f"tokens starting {leaked} are in the server log"


def test_redaction_masks_each_way_a_token_travels() -> None:
    from mercator.server.logs import MASK, redact

    for text, secret in [('{"token": "abc123"}', "abc123"), ("Authorization: Bearer abc.123", "abc.123"),
                         ("GET /api/games/1/seat?seat=0&token=abc-1 HTTP/1.1", "abc-1"),
                         ("/signin#t=zz_9", "zz_9"), ('{"player_token":"p1","name":"Ann"}', "p1")]:
        assert secret not in redact(text) and MASK in redact(text), text
    assert redact("GET /api/games/1/seat?seat=0 HTTP/1.1") == "GET /api/games/1/seat?seat=0 HTTP/1.1"
