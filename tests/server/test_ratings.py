"""Ratings (openskill's Plackett-Luce) per game and player count: a rated game moves its players'
ratings exactly as the library computes, once; bots keep fixed ratings; practice and hotseat tables
rate nobody; the leaderboard ranks by mu - 3 sigma."""

from __future__ import annotations

import random
import time
from typing import Any

from openskill.models import PlackettLuce

from mercator.server.ratings import BOT_RATINGS

from .helpers import auth, create


def _player(client: Any, name: str) -> str:
    return str(client.post("/api/players", json={"name": name}).json()["token"])


def _play_out(client: Any, gid: str, tokens: dict[int, str], seed: int = 1) -> dict[str, Any]:
    """Random legal moves for the human seats until the game is over (bots move by themselves)."""
    rng = random.Random(seed)
    deadline = time.time() + 120
    while time.time() < deadline:
        summary = client.get(f"/api/games/{gid}").json()
        if summary["status"] == "over":
            return summary
        moved = False
        for seat in summary["to_act"]:
            if seat in tokens:
                doc = client.get(f"/api/games/{gid}/seat", headers=auth(tokens[seat])).json()
                if doc["my_turn"] and doc["legal"]:
                    client.post(f"/api/games/{gid}/actions", headers=auth(tokens[seat]),
                                json={"version": doc["version"], "index": rng.choice(doc["legal"])["index"]})
                    moved = True
        if not moved:
            time.sleep(0.02)
    raise AssertionError(f"game {gid} did not end in time")


def _ratings(client: Any, gid: str) -> list[Any]:
    deadline = time.time() + 10  # applied just after the last action, in the background
    while time.time() < deadline:
        seats = client.get(f"/api/games/{gid}/ratings").json()["seats"]
        if all(s is not None for s in seats):
            return list(seats)
        time.sleep(0.05)
    return list(client.get(f"/api/games/{gid}/ratings").json()["seats"])


def test_a_rated_game_moves_both_ratings_as_openskill_computes(client: Any) -> None:
    ann, bob = _player(client, "Ann"), _player(client, "Bob")
    made = create(client, "valencia", [{"kind": "human"}, {"kind": "human"}], join=0, player_token=ann)
    gid = made["game"]["id"]
    assert made["game"]["rated"] is True
    joined = client.post(f"/api/games/{gid}/join", json={"seat": 1, "player_token": bob}).json()
    _play_out(client, gid, {0: made["seat"]["token"], 1: joined["token"]})
    record = client.get(f"/api/games/{gid}/record").json()["record"]
    entry = client.app.state.service.cache[gid]
    model = PlackettLuce()
    expected = model.rate([[model.rating()], [model.rating()]], ranks=[float(r) for r in entry.state.ranking()])
    seats = _ratings(client, gid)
    for s in (0, 1):
        assert seats[s]["games"] == 1 and seats[s]["fixed"] is False
        assert abs(seats[s]["mu"] - expected[s][0].mu) < 0.01 and abs(seats[s]["sigma"] - expected[s][0].sigma) < 0.01
        assert abs(seats[s]["rating"] - expected[s][0].ordinal()) < 0.1
    # Exactly once: rating the finished game again changes nothing.
    assert client.portal.call(client.app.state.service.rate, entry) is False
    assert _ratings(client, gid) == seats
    board = client.get("/api/ratings/valencia", params={"players": 2}).json()
    assert {r["name"] for r in board["rows"]} == {"Ann", "Bob"} and {r["games"] for r in board["rows"]} == {1}
    shown = [r["rating"] for r in board["rows"]]
    assert shown == sorted(shown, reverse=True) and [r["rank"] for r in board["rows"]] == [1, 2]
    assert board["bots"]["hard"] > board["bots"]["normal"] > board["bots"]["easy"] > board["bots"]["random"]
    assert record  # the record of the rated game stays available
    assert client.get("/api/ratings/valencia", params={"players": 9}).status_code in (400, 422)
    assert client.get("/api/ratings/chess", params={"players": 2}).status_code == 400


def test_a_bot_keeps_its_fixed_rating_and_practice_or_hotseat_tables_rate_nobody(client: Any) -> None:
    ann = _player(client, "Ann")
    made = create(client, "valencia", [{"kind": "human"}, {"kind": "bot", "level": "random"}], join=0,
                  player_token=ann)
    _play_out(client, made["game"]["id"], {0: made["seat"]["token"]})
    seats = _ratings(client, made["game"]["id"])
    assert seats[1] == {"rating": round(PlackettLuce().rating(mu=10.0, sigma=1.0).ordinal(), 1), "mu": 10.0,
                        "sigma": 1.0, "games": None, "fixed": True} and BOT_RATINGS["random"] == (10.0, 1.0)
    assert seats[0]["games"] == 1  # a game against a bot rates the human
    before = seats[0]

    practice = create(client, "valencia", [{"kind": "human"}, {"kind": "bot", "level": "random"}], join=0,
                      player_token=ann, seed=5)
    assert practice["game"]["rated"] is False  # a chosen seed: the player knows the deal
    _play_out(client, practice["game"]["id"], {0: practice["seat"]["token"]})
    hotseat = create(client, "valencia", [{"kind": "human"}, {"kind": "human"}], join=0, player_token=ann)
    gid = hotseat["game"]["id"]
    other = client.post(f"/api/games/{gid}/join", json={"seat": 1, "player_token": ann}).json()
    _play_out(client, gid, {0: hotseat["seat"]["token"], 1: other["token"]})
    time.sleep(0.3)
    assert _ratings(client, made["game"]["id"])[0] == before  # neither moved Ann's rating
    store = client.app.state.service.store
    assert store.unrated_games(10) == []  # every finished game is marked, rated or not


def test_history_lists_a_players_finished_games_with_results(client: Any) -> None:
    ann = _player(client, "Ann")
    solo = create(client, "valencia", [{"kind": "human"}, {"kind": "bot", "level": "random"}], join=0,
                  player_token=ann)
    _play_out(client, solo["game"]["id"], {0: solo["seat"]["token"]})
    hotseat = create(client, "valencia", [{"kind": "human"}, {"kind": "human"}], join=0, player_token=ann)
    gid = hotseat["game"]["id"]
    other = client.post(f"/api/games/{gid}/join", json={"seat": 1, "player_token": ann}).json()
    _play_out(client, gid, {0: hotseat["seat"]["token"], 1: other["token"]})
    running = create(client, "colonia", [{"kind": "human"}] * 3, join=0, player_token=ann)
    games = client.get("/api/players/me/history", headers=auth(ann), params={"lang": "de"}).json()["games"]
    assert [g["game_id"] for g in games] == [gid, solo["game"]["id"]]  # latest first; the open table is not over
    assert games[0]["mine"] == [0, 1] and games[1]["mine"] == [0]  # a hotseat game is one entry
    entry = client.app.state.service.cache[solo["game"]["id"]]
    assert games[1]["scores"] == entry.state.scores() and games[1]["ranking"] == entry.state.ranking()
    assert games[1]["names"][1].startswith("Bot 2")  # worded in the language asked for
    assert client.get("/api/players/me/history", headers=auth(ann), params={"game": "colonia"}).json()["games"] == []
    assert running["game"]["status"] == "open"
    assert client.get("/api/players/me/history", headers=auth(ann), params={"game": "chess"}).status_code == 400
    assert client.get("/api/players/me/history").status_code == 403


def test_a_player_renames_and_a_token_says_who_it_is(client: Any) -> None:
    token = _player(client, "Ann")
    assert client.get("/api/players/me", headers=auth(token)).json()["name"] == "Ann"
    r = client.patch("/api/players/me", headers=auth(token), json={"name": "  Anna  "})
    assert r.status_code == 200 and r.json()["name"] == "Anna"
    assert client.get("/api/players/me", headers=auth(token)).json()["name"] == "Anna"
    for bad in ("", "   ", "x" * 65):
        refused = client.patch("/api/players/me", headers=auth(token), json={"name": bad})
        assert refused.status_code == 422, bad
    assert client.get("/api/players/me", headers=auth(token)).json()["name"] == "Anna"  # nothing changed
    assert client.patch("/api/players/me", json={"name": "Eve"}).status_code == 403
    assert client.get("/api/players/me", headers=auth(token + "x")).status_code == 403


def test_a_table_without_spectators_shows_only_to_its_seats_until_it_ends(client: Any) -> None:
    from starlette.websockets import WebSocketDisconnect

    made = create(client, "valencia", [{"kind": "human"}, {"kind": "bot", "level": "random"}], join=0,
                  spectators=False)
    gid, token = made["game"]["id"], made["seat"]["token"]
    assert made["game"]["spectators"] is False
    refused = client.get(f"/api/games/{gid}/public")
    assert refused.status_code == 403 and "spectators" in refused.json()["detail"]
    assert client.get(f"/api/games/{gid}/seat", headers=auth(token)).status_code == 200  # the seat still sees
    try:
        with client.websocket_connect(f"/api/games/{gid}/live") as ws:
            ws.receive_text()
        raise AssertionError("a spectator's socket was accepted")
    except WebSocketDisconnect as exc:
        assert exc.code == 1008
    with client.websocket_connect(f"/api/games/{gid}/live?seat=0") as ws:  # a seat still connects
        ws.send_json({"token": token})
        assert ws.receive_json()["seat"] == 0
    _play_out(client, gid, {0: token})
    assert client.get(f"/api/games/{gid}/public").status_code == 200  # finished: open to all, as its replay
    open_table = create(client, "valencia", [{"kind": "human"}, {"kind": "human"}], join=0)
    assert client.get(f"/api/games/{open_table['game']['id']}/public").status_code == 200  # the default
