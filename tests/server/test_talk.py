"""Table talk through the real server: chat lines (plain text, limited, stored, closed by the host) and
what happens when a seat's clock runs out (the other players choose a bot or to wait; the talk says so)."""

from __future__ import annotations

import time
from typing import Any

from .conftest import make_client
from .helpers import auth, create, human_game


def _doc(client: Any, gid: str, token: str) -> dict[str, Any]:
    r = client.get(f"/api/games/{gid}/seat", headers=auth(token))
    assert r.status_code == 200, r.text
    return r.json()


def _say(client: Any, gid: str, token: str, text: Any) -> Any:
    return client.post(f"/api/games/{gid}/chat", headers=auth(token), json={"text": text})


def test_chat_lines_reach_every_seat_and_watcher_as_written(client) -> None:
    gid, host, tokens = human_game(client, "valencia", 2)
    markup = "<b>hi</b> & <img src=x onerror=alert(1)>"
    r = _say(client, gid, tokens[0], f"  {markup}  ")
    assert r.status_code == 201, r.text
    line = r.json()["talk"][-1]
    assert (line["kind"], line["seat"], line["text"]) == ("chat", 0, markup)  # trimmed, otherwise untouched
    assert _doc(client, gid, tokens[1])["talk"][-1] == line
    assert client.get(f"/api/games/{gid}/public").json()["talk"][-1] == line
    second = _say(client, gid, tokens[1], "gg").json()["talk"]
    assert second[0] == line and (second[1]["id"] > line["id"], second[1]["seat"], second[1]["text"]) == (True, 1, "gg")

def test_bad_chat_lines_are_refused_with_what_is_allowed_and_change_nothing(client) -> None:
    gid, host, tokens = human_game(client, "constantinopolis", 2)
    for text, status, says in [("", 422, "empty"), ("   ", 422, "empty"), ("a" * 501, 422, "500"),
                               ("bell\x07", 422, "control"), ("bidi\u202e", 422, "control"), (5, 422, "string"),
                               ("nul\x00", 422, "NUL")]:
        r = _say(client, gid, tokens[0], text)
        assert r.status_code == status and says in r.json()["detail"], (text, r.text)
    assert client.post(f"/api/games/{gid}/chat", json={"text": "no token"}).status_code == 403
    assert _say(client, gid, host, "a host without a seat").status_code == 403
    assert _doc(client, gid, tokens[0])["talk"] == []


def test_chat_has_a_rate_limit_per_seat(sqlite_client) -> None:
    client = sqlite_client
    gid, _, tokens = human_game(client, "colonia", 3)
    for n in range(5):
        assert _say(client, gid, tokens[0], f"line {n}").status_code == 201
    r = _say(client, gid, tokens[0], "one too many")
    assert r.status_code == 429 and 1 <= int(r.headers["retry-after"]) <= 10, r.text
    assert "at most 5 chat lines in 10 s" in r.json()["detail"]
    assert _say(client, gid, tokens[1], "another seat may still talk").status_code == 201
    assert [t["text"] for t in _doc(client, gid, tokens[2])["talk"]] == [
        *(f"line {n}" for n in range(5)), "another seat may still talk"]


def test_the_host_closes_and_opens_the_chat_and_talk_survives_a_restart(sqlite_url: str) -> None:
    with make_client(sqlite_url, bots=False) as client:
        gid, host, tokens = human_game(client, "valencia", 3)
        assert _say(client, gid, tokens[1], "before").status_code == 201
        assert client.put(f"/api/games/{gid}/chat", headers=auth(tokens[0]), json={"open": False}).status_code == 403
        r = client.put(f"/api/games/{gid}/chat", headers=auth(host), json={"open": False})
        assert r.status_code == 200 and r.json()["chat"] is False
        assert client.put(f"/api/games/{gid}/chat", headers=auth(host), json={"open": False}).status_code == 409
        r = _say(client, gid, tokens[1], "after")
        assert r.status_code == 403 and "closed" in r.json()["detail"]
    with make_client(sqlite_url, bots=False) as client:  # a new server reads the talk back
        doc = _doc(client, gid, tokens[2])
        assert doc["chat"] is False
        assert [(t["kind"], t["seat"], t["text"]) for t in doc["talk"]] == [("chat", 1, "before"),
                                                                           ("chat_off", None, None)]
        assert client.put(f"/api/games/{gid}/chat", headers=auth(host), json={"open": True}).status_code == 200
        assert _say(client, gid, tokens[1], "open again").status_code == 201


def _until(client: Any, gid: str, test: Any, seconds: float = 10.0) -> dict[str, Any]:
    deadline = time.time() + seconds
    while True:
        summary = client.get(f"/api/games/{gid}").json()
        if test(summary) or time.time() > deadline:
            return summary
        time.sleep(0.05)


def _clocked_pair(client: Any) -> tuple[str, str, list[str], int]:
    """Two players with a half-second clock; returns the seat whose clock ran out (the one to act)."""
    made = create(client, "constantinopolis", [{"kind": "human"}, {"kind": "human"}], join=0,
                  clock={"bank_seconds": 0.5, "increment_seconds": 0.1})
    gid = made["game"]["id"]
    tokens = [made["seat"]["token"], client.post(f"/api/games/{gid}/join", json={}).json()["token"]]
    summary = _until(client, gid, lambda s: any(seat["timeout"] for seat in s["seats"]))
    late = next(seat["seat"] for seat in summary["seats"] if seat["timeout"])
    assert summary["seats"][late]["timeout"] == "ran_out" and summary["seats"][late]["controller"] == "human"
    return gid, made["host_token"], tokens, late


def test_when_a_clock_runs_out_the_other_player_hands_the_seat_to_the_bot_they_choose(sqlite_client) -> None:
    client = sqlite_client
    gid, host, tokens, late = _clocked_pair(client)
    other = 1 - late
    version = client.get(f"/api/games/{gid}").json()["version"]
    time.sleep(0.5)  # nothing happens by itself: the table waits for the choice
    assert client.get(f"/api/games/{gid}").json()["version"] == version
    talk = _doc(client, gid, tokens[other])["talk"]
    assert [(t["kind"], t["seat"], t["by"]) for t in talk] == [("timeout", late, None)]
    choice = f"/api/games/{gid}/seats/{late}/timeout"
    assert client.post(choice, headers=auth(tokens[late]), json={"level": "easy"}).status_code == 403  # not its own
    assert client.post(choice, json={"level": "easy"}).status_code == 403
    r = client.post(choice, headers=auth(tokens[other]), json={"level": "grandmaster"})
    assert r.status_code == 422 and "normal" in r.text
    r = client.post(choice, headers=auth(tokens[other]), json={"level": "normal"})
    assert r.status_code == 200, r.text
    seat = r.json()["seats"][late]
    assert (seat["controller"], seat["bot_level"], seat["timeout"]) == ("bot", "normal", None)
    assert client.post(choice, headers=auth(tokens[other]), json={"level": "easy"}).status_code == 409
    assert [(t["kind"], t["seat"], t["by"], t["text"]) for t in _doc(client, gid, tokens[late])["talk"]] == [
        ("timeout", late, None, None), ("bot", late, other, "normal")]
    assert _until(client, gid, lambda s: s["version"] > version)["version"] > version  # the bot plays


def test_the_other_player_may_wait_and_the_late_player_comes_back(sqlite_client) -> None:
    client = sqlite_client
    gid, host, tokens, late = _clocked_pair(client)
    other = 1 - late
    r = client.post(f"/api/games/{gid}/seats/{late}/timeout", headers=auth(tokens[other]), json={"level": None})
    assert r.status_code == 200 and r.json()["seats"][late]["timeout"] == "waited"
    assert r.json()["seats"][late]["controller"] == "human"
    doc = _doc(client, gid, tokens[late])
    assert [(t["kind"], t["by"]) for t in doc["talk"]] == [("timeout", None), ("wait", other)]
    moved = client.post(f"/api/games/{gid}/actions", headers=auth(tokens[late]),
                        json={"version": doc["version"], "index": doc["legal"][0]["index"]})
    assert moved.status_code == 200, moved.text
    assert client.get(f"/api/games/{gid}").json()["seats"][late]["timeout"] is None


def test_alone_with_bots_a_late_player_is_waited_for(sqlite_client) -> None:
    client = sqlite_client
    made = create(client, "valencia", [{"kind": "human"}, {"kind": "bot", "level": "random"}], join=0,
                  clock={"bank_seconds": 0.3, "increment_seconds": 0.1})
    gid = made["game"]["id"]
    summary = _until(client, gid, lambda s: s["seats"][0]["timeout"] is not None)
    assert summary["seats"][0]["timeout"] == "waited" and summary["seats"][0]["controller"] == "human"
    assert [t["kind"] for t in _doc(client, gid, made["seat"]["token"])["talk"]] == ["timeout"]
