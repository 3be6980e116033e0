"""A rematch through the real server: the same game, options, clock, bots and table settings; each human
seat kept for its player, who accepts by asking too; nobody else can take a kept seat."""

from __future__ import annotations

import time
from typing import Any

from .helpers import auth, create


def _finished(client: Any) -> tuple[str, str, list[dict[str, Any]]]:
    """A 3-player Strasbourg table of Alice, Bob and an easy bot, played out by random bots."""
    people = [client.post("/api/players", json={"name": name}).json() for name in ("Alice", "Bob")]
    made = create(client, "valencia", [{"kind": "human"}, {"kind": "human"}, {"kind": "bot", "level": "easy"}],
                  join=0, name="Alice", player_token=people[0]["token"], options={"edition": "strasbourg"},
                  clock={"bank_seconds": 600, "increment_seconds": 10}, spectators=False)
    gid, host = made["game"]["id"], made["host_token"]
    assert client.post(f"/api/games/{gid}/join", json={"name": "Bob", "player_token": people[1]["token"]}
                       ).status_code == 201
    assert client.post(f"/api/games/{gid}/rematch", headers=auth(people[0]["token"])).status_code == 409
    for seat in (0, 1):
        assert client.put(f"/api/games/{gid}/seats/{seat}/bot", headers=auth(host), json={"level": "random"}
                          ).status_code == 200
    deadline = time.time() + 60
    while client.get(f"/api/games/{gid}").json()["status"] != "over":
        assert time.time() < deadline, "the bots did not finish the game"
        time.sleep(0.1)
    return gid, host, people


def test_a_rematch_keeps_the_table_and_each_players_seat(sqlite_client) -> None:
    client = sqlite_client
    gid, host, (alice, bob) = _finished(client)
    stranger = client.post("/api/players", json={"name": "Eve"}).json()
    r = client.post(f"/api/games/{gid}/rematch", headers=auth(stranger["token"]))
    assert r.status_code == 403 and "players of this game" in r.json()["detail"]

    r = client.post(f"/api/games/{gid}/rematch", headers=auth(alice["token"]))
    assert r.status_code == 200, r.text
    made = r.json()
    new, old = made["game"], client.get(f"/api/games/{gid}").json()
    assert new["id"] != gid and old["rematch"] == new["id"] and made["host_token"]
    for key in ("game", "options", "players", "clock", "private", "rated", "spectators"):
        assert new[key] == old[key], key
    assert made["seat"]["seat"] == 0 and new["status"] == "open"
    seats = new["seats"]
    assert [(s["kind"], s["name"], s["taken"], s["reserved"]) for s in seats] == [
        ("human", "Alice", True, False), ("human", "Bob", False, True), ("bot", "easy", True, False)]
    assert seats[2]["bot_level"] == "easy"
    # Bob's seat is his: a stranger can neither take it nor find another.
    r = client.post(f"/api/games/{new['id']}/join", json={"seat": 1, "player_token": stranger["token"]})
    assert r.status_code == 409 and "kept for its player" in r.json()["detail"]
    assert client.post(f"/api/games/{new['id']}/join", json={"player_token": stranger["token"]}).status_code == 409
    # Bob accepts from the finished game: the same rematch, his own seat, and the game begins.
    r = client.post(f"/api/games/{gid}/rematch", headers=auth(bob["token"]))
    assert r.status_code == 200, r.text
    again = r.json()
    assert again["game"]["id"] == new["id"] and again["host_token"] is None and again["seat"]["seat"] == 1
    assert again["game"]["status"] == "active"
    doc = client.get(f"/api/games/{new['id']}/seat", headers=auth(again["seat"]["token"])).json()
    # A new game, neither human has moved (the bot may have: the new secret seed decides who plans first).
    assert doc["seat"] == 1 and doc["my_turn"] and set(doc["to_act"]) >= {0, 1}
    assert client.get(f"/api/games/{new['id']}/seat", headers=auth(bob["token"])).json()["seat"] == 1
