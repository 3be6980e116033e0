"""The HTTP API against SQLite and a real PostgreSQL: lobby, play, undo, tokens, bad input, replays."""

from __future__ import annotations

import hashlib
import random
import time

import pytest
from sqlalchemy import create_engine, text

from mercator.engine.record import GameRecord

from .conftest import make_client
from .helpers import assert_no_leak, auth, create, human_game, pick, smallest_setup


def _state(client, gid):
    return client.app.state.service.cache[gid].state


def test_openapi_describes_every_endpoint(sqlite_client) -> None:
    spec = sqlite_client.get("/openapi.json").json()
    assert spec["paths"], "no paths"
    for path, ops in spec["paths"].items():
        for method, op in ops.items():
            ok = [c for c in op["responses"] if c.startswith("2")]
            assert ok, f"{method} {path} has no success response"
            content = op["responses"][ok[0]].get("content", {}).get("application/json", {})
            assert content.get("schema"), f"{method} {path} has no response model"
            if method in ("post", "put") and path not in ("/api/games/{game_id}/join",):
                assert "requestBody" in op, f"{method} {path} has no request model"


def test_play_a_game_to_the_end(client) -> None:
    """Two humans play Constantinopolis through the API; every answer is checked for the other
    seat's secrets, wrong-seat, stale and illegal posts change nothing, and the record replays."""
    gid, _, tokens = human_game(client, "constantinopolis", 2)
    rng = random.Random(5)
    applied = 0
    while True:
        summary = client.get(f"/api/games/{gid}").json()
        if summary["status"] == "over":
            break
        state = _state(client, gid)
        seat = summary["to_act"][0]
        docs = {}
        for viewer, token in enumerate(tokens):
            if viewer == seat or applied % 3 == 0:
                docs[viewer] = client.get(f"/api/games/{gid}/seat", headers=auth(token)).json()
                assert_no_leak(docs[viewer], state, viewer, f"seat {viewer} v{summary['version']}")
        if applied % 3 == 0:
            public = client.get(f"/api/games/{gid}/public").json()
            assert_no_leak(public, state, None, f"public v{summary['version']}")
            assert_no_leak(summary, state, None, "summary")
        doc = docs[seat]
        version = doc["version"]
        if applied % 25 == 0:
            other = 1 - seat
            if other not in summary["to_act"]:  # out of turn: refused with the engine's reason
                r = client.post(f"/api/games/{gid}/actions", headers=auth(tokens[other]),
                                json={"version": version, "index": doc["legal"][0]["index"]})
                assert r.status_code == 400 and "may not act" in r.json()["detail"], r.text
            r = client.post(f"/api/games/{gid}/actions", headers=auth(tokens[seat]),
                            json={"version": version, "action": {"kind": "no_such_action"}})
            assert r.status_code == 400 and "unknown action kind" in r.json()["detail"]
            if version:
                r = client.post(f"/api/games/{gid}/actions", headers=auth(tokens[seat]),
                                json={"version": version - 1, "index": doc["legal"][0]["index"]})
                assert r.status_code == 409 and r.json()["version"] == version
            assert client.get(f"/api/games/{gid}").json()["version"] == version
            r = client.get(f"/api/games/{gid}/record")
            assert r.status_code == 409
        choice = pick(rng, doc)
        body = {"version": version, "action": choice["action"]} if applied % 2 else \
            {"version": version, "index": choice["index"]}
        r = client.post(f"/api/games/{gid}/actions", headers=auth(tokens[seat]), json=body)
        assert r.status_code == 200, r.text
        assert r.json()["version"] == version + 1
        applied += 1
    rec = client.get(f"/api/games/{gid}/record").json()["record"]
    record = GameRecord.from_json(rec)
    assert len(record.actions) == applied
    assert record.replay().state_hash() == rec["final_hash"]
    final = client.get(f"/api/games/{gid}/seat", headers=auth(tokens[0])).json()
    assert final["status"] == "over" and final["ranking"] and not final["legal"]


@pytest.mark.parametrize(("game", "players"), smallest_setup())
def test_every_game_against_server_bots(sqlite_client, game: str, players: int) -> None:
    """A human against bots run in worker processes, for every registered game; no answer leaks."""
    client = sqlite_client
    seats = [{"kind": "human"}] + [{"kind": "bot", "level": "random"}] * (players - 1)
    made = create(client, game, seats, join=0, seed=3)
    gid, token = made["game"]["id"], made["seat"]["token"]
    rng = random.Random(1)
    moves, deadline = 0, time.time() + 20
    while moves < 30 and time.time() < deadline:
        doc = client.get(f"/api/games/{gid}/seat", headers=auth(token)).json()
        entry = client.app.state.service.cache[gid]
        if entry.version == doc["version"]:
            assert_no_leak(doc, entry.state, 0, f"{game} v{doc['version']}")
            assert_no_leak(client.get(f"/api/games/{gid}/public").json(), entry.state, None, f"{game} public")
        if doc["status"] == "over":
            break
        if not doc["my_turn"]:
            time.sleep(0.01)
            continue
        r = client.post(f"/api/games/{gid}/actions", headers=auth(token),
                        json={"version": doc["version"], "index": pick(rng, doc)["index"]})
        assert r.status_code in (200, 409), r.text
        moves += r.status_code == 200
    assert moves >= 10 or doc["status"] == "over", f"{game}: only {moves} moves in 20 s"
    summary = client.get(f"/api/games/{gid}").json()
    assert summary["version"] > moves  # the bots moved too


def test_tokens_are_capabilities(client, db_url: str) -> None:
    gid, host, tokens = human_game(client, "constantinopolis", 2)
    for headers in ({}, auth("nope"), auth(host), auth(tokens[0] + "x")):
        r = client.get(f"/api/games/{gid}/seat", headers=headers)
        assert r.status_code == 403, r.text
        assert "view" not in r.json()
        r = client.post(f"/api/games/{gid}/actions", headers=headers, json={"version": 0, "index": 0})
        assert r.status_code == 403
    # A seat token only opens its own seat.
    r = client.get(f"/api/games/{gid}/seat", params={"seat": 1}, headers=auth(tokens[0]))
    assert r.status_code == 403
    assert client.get(f"/api/games/{gid}/seat", params={"token": tokens[1]}).json()["seat"] == 1
    # Only the host, or the seat's own player, hands a seat to a bot.
    assert client.put(f"/api/games/{gid}/seats/1/bot", headers=auth(tokens[0]), json={"level": "random"}) \
        .status_code == 403
    # Stored as SHA-256 digests, never in clear.
    engine = create_engine(db_url)
    with engine.connect() as conn:
        stored = set(conn.execute(text("SELECT token_hash FROM seats WHERE game_id = :g"), {"g": gid}).scalars())
        dump = str(conn.execute(text("SELECT * FROM seats")).all()) + str(conn.execute(text("SELECT * FROM games"))
                                                                           .all())
    engine.dispose()
    assert stored == {hashlib.sha256(t.encode()).hexdigest() for t in tokens}
    assert not any(t in dump for t in [*tokens, host])


def test_lobby_open_games_join_and_spectate(client) -> None:
    made = create(client, "constantinopolis", [{"kind": "human"}, {"kind": "human"}, {"kind": "bot"}], join=0)
    gid = made["game"]["id"]
    assert made["game"]["status"] == "open"
    listed = {g["id"]: g for g in client.get("/api/games").json()["games"]}
    assert gid in listed and [s["taken"] for s in listed[gid]["seats"]] == [True, False, True]
    # Nobody moves before every human seat is filled.
    token0 = made["seat"]["token"]
    doc = client.get(f"/api/games/{gid}/seat", headers=auth(token0)).json()
    assert doc["status"] == "open" and not doc["legal"]
    r = client.post(f"/api/games/{gid}/join", json={"seat": 2})
    assert r.status_code == 409 and "not a free human seat" in r.json()["detail"]
    r = client.post(f"/api/games/{gid}/join", json={})
    assert r.status_code == 201
    link = r.json()
    assert link["seat"] == 1 and link["token"] in link["url"] and link["ws_url"].startswith("ws")
    assert link["token"] not in link["ws_url"]  # URLs end up in logs: the token goes in the first message
    assert client.post(f"/api/games/{gid}/join").status_code == 409
    assert gid not in {g["id"] for g in client.get("/api/games").json()["games"]}
    assert client.get(f"/api/games/{gid}").json()["status"] == "active"
    public = client.get(f"/api/games/{gid}/public").json()
    assert public["status"] == "active" and "legal" not in public
    assert client.get("/api/games/nosuchgame").status_code == 404
    catalog = client.get("/api/catalog").json()
    assert "constantinopolis" in {g["name"] for g in catalog}
    # The host may fill a free seat with a bot, which starts the game without waiting.
    made = create(client, "constantinopolis", [{"kind": "human"}, {"kind": "human"}], join=0)
    gid = made["game"]["id"]
    r = client.put(f"/api/games/{gid}/seats/1/bot", headers=auth(made["host_token"]), json={"level": "random"})
    assert r.status_code == 200 and r.json()["status"] == "active" and r.json()["seats"][1]["taken"]
    assert client.post(f"/api/games/{gid}/join", json={}).status_code == 409


def test_bad_requests_change_nothing(sqlite_client) -> None:
    client = sqlite_client
    gid, _, tokens = human_game(client, "constantinopolis", 2)
    seat = client.get(f"/api/games/{gid}").json()["to_act"][0]
    h = {**auth(tokens[seat]), "content-type": "application/json"}
    url = f"/api/games/{gid}/actions"
    assert client.post(url, headers=h, content=b"{not json").status_code == 422
    assert client.post(url, headers=h, json={"version": 0}).status_code == 422  # neither action nor index
    assert client.post(url, headers=h, json={"version": 0, "index": 1, "action": {"kind": "x"}}).status_code == 422
    assert client.post(url, headers=h, json={"version": 0, "index": 1, "extra": 1}).status_code == 422
    r = client.post(url, headers=h, json={"version": 0, "index": 10**6})
    assert r.status_code == 400 and "outside" in r.json()["detail"]
    r = client.post(url, headers=h, json={"version": 0, "action": {"kind": "office_stay", "bogus": 1}})
    assert r.status_code == 400 and "unexpected" in r.json()["detail"]
    big = b'{"version": 0, "action": {"kind": "' + b"x" * 70_000 + b'"}}'
    assert client.post(url, headers=h, content=big).status_code == 413

    def chunks():
        yield b'{"version": 0, "action": {"kind": "'
        for _ in range(100):
            yield b"x" * 1000
        yield b'"}}'

    assert client.post(url, headers=auth(tokens[seat]), content=chunks()).status_code == 413
    r = client.post("/api/games", json={"game": "nosuchgame", "seats": [{}]})
    assert r.status_code == 400 and "unknown game" in r.json()["detail"]
    r = client.post("/api/games", json={"game": "constantinopolis", "seats": [{}]})
    assert r.status_code == 400 and "players" in r.json()["detail"]
    r = client.post("/api/games", json={"game": "constantinopolis", "seats": [{}, {}], "options": {"nope": 1}})
    assert r.status_code == 400 and "no option" in r.json()["detail"]
    r = client.post("/api/games", json={"game": "constantinopolis", "seats": [{}, {"kind": "bot", "level": "x"}]})
    assert r.status_code == 422 and "'easy', 'normal' or 'hard'" in r.json()["detail"]
    assert client.get(f"/api/games/{gid}").json()["version"] == 0


def test_rate_limit_per_token(sqlite_url: str) -> None:
    with make_client(sqlite_url, rate_per_second=1.0, rate_burst=5.0) as client:
        gid, _, tokens = human_game(client, "constantinopolis", 2)
        codes = [client.get(f"/api/games/{gid}/seat", headers=auth(tokens[0])).status_code for _ in range(8)]
        assert codes[:4] == [200] * 4 and 429 in codes
        # Another token has its own bucket.
        assert client.get(f"/api/games/{gid}/seat", headers=auth(tokens[1])).status_code == 200


def test_undo_takes_back_own_action(client) -> None:
    gid, _, tokens = human_game(client, "constantinopolis", 2)
    rng = random.Random(2)
    for _ in range(300):
        summary = client.get(f"/api/games/{gid}").json()
        seat = summary["to_act"][0]
        before = client.get(f"/api/games/{gid}/seat", headers=auth(tokens[seat])).json()
        r = client.post(f"/api/games/{gid}/actions", headers=auth(tokens[seat]),
                        json={"version": before["version"], "index": pick(rng, before)["index"]})
        after = r.json()
        if after["can_undo"]:
            other = 1 - seat
            assert client.post(f"/api/games/{gid}/undo", headers=auth(tokens[other]),
                               json={"version": after["version"]}).status_code == 400
            assert client.post(f"/api/games/{gid}/undo", headers=auth(tokens[seat]),
                               json={"version": before["version"]}).status_code == 409
            r = client.post(f"/api/games/{gid}/undo", headers=auth(tokens[seat]), json={"version": after["version"]})
            assert r.status_code == 200, r.text
            undone = r.json()
            assert undone["version"] == after["version"] + 1  # undo is itself an event
            assert undone["view"] == before["view"] and undone["legal"] == before["legal"]
            break
    else:
        pytest.fail("no undoable action in 300 steps")
    # Replaying storage gives the same state: undo rows take back the action they follow.
    service = client.app.state.service
    rebuilt = service._load_sync(gid)
    assert rebuilt.state.state_hash() == service.cache[gid].state.state_hash()
    assert rebuilt.version == undone["version"]


def test_host_hands_seat_to_bot_and_takes_it_back(client) -> None:
    gid, host, tokens = human_game(client, "constantinopolis", 2)
    r = client.put(f"/api/games/{gid}/seats/1/bot", headers=auth(host), json={"level": "random"})
    assert r.status_code == 200 and r.json()["seats"][1]["controller"] == "bot"
    rng = random.Random(3)
    deadline = time.time() + 20
    while time.time() < deadline:  # seat 0 plays; the bot answers for seat 1
        doc = client.get(f"/api/games/{gid}/seat", headers=auth(tokens[0])).json()
        if doc["version"] >= 30:
            break
        if doc["my_turn"]:
            client.post(f"/api/games/{gid}/actions", headers=auth(tokens[0]),
                        json={"version": doc["version"], "index": pick(rng, doc)["index"]})
        else:
            time.sleep(0.01)
    seat1 = client.get(f"/api/games/{gid}/seat", headers=auth(tokens[1])).json()
    assert seat1["controller"] == "bot" and seat1["version"] >= 30
    assert not seat1["my_turn"]  # a seat played by a bot is not the player's turn
    if 1 in seat1["to_act"]:  # and the player may not play over its bot
        r = client.post(f"/api/games/{gid}/actions", headers=auth(tokens[1]),
                        json={"version": seat1["version"], "index": seat1["legal"][0]["index"]})
        assert r.status_code == 409
    r = client.delete(f"/api/games/{gid}/seats/1/bot", headers=auth(tokens[1]))  # the seat itself may reclaim
    assert r.status_code == 200 and r.json()["seats"][1]["controller"] == "human"
    assert client.delete(f"/api/games/{gid}/seats/1/bot", headers=auth(tokens[0])).status_code == 403
    # A player hands their own seat to a bot of their choice, and takes it back.
    r = client.put(f"/api/games/{gid}/seats/1/bot", headers=auth(tokens[1]), json={"level": "normal"})
    assert r.status_code == 200 and r.json()["seats"][1]["controller"] == "bot"
    assert r.json()["seats"][1]["bot_level"] == "normal"
    r = client.delete(f"/api/games/{gid}/seats/1/bot", headers=auth(tokens[1]))
    assert r.status_code == 200 and r.json()["seats"][1]["controller"] == "human"
    assert client.get(f"/api/games/{gid}/seat", headers=auth(tokens[1])).status_code == 200  # its token still works


def test_my_games_where_it_is_my_turn(client) -> None:
    me = client.post("/api/players", json={"name": "Ann"}).json()
    them = client.post("/api/players", json={"name": "Bob"}).json()
    games = []
    for _ in range(3):
        made = create(client, "constantinopolis", [{"kind": "human"}, {"kind": "human"}], join=0,
                      player_token=me["token"])
        gid = made["game"]["id"]
        client.post(f"/api/games/{gid}/join", json={"player_token": them["token"]})
        games.append(gid)
    mine = client.get("/api/players/me/games", headers=auth(me["token"])).json()["games"]
    assert {g["game_id"] for g in mine} == set(games)
    turn = client.get("/api/players/me/games", params={"turn": "true"}, headers=auth(me["token"])).json()["games"]
    theirs = client.get("/api/players/me/games", params={"turn": "true"}, headers=auth(them["token"])).json()
    for g in mine:
        to_act = client.get(f"/api/games/{g['game_id']}").json()["to_act"]
        assert (g["game_id"] in {t["game_id"] for t in turn}) == (0 in to_act)
        assert (g["game_id"] in {t["game_id"] for t in theirs["games"]}) == (1 in to_act)
    # The player token opens the player's seats too (another device, no seat link at hand).
    doc = client.get(f"/api/games/{games[0]}/seat", headers=auth(me["token"])).json()
    assert doc["seat"] == 0
    assert client.get("/api/players/me/games", headers=auth("wrong")).status_code == 403


def test_my_games_keep_finished_games_after_the_running_ones(client) -> None:
    me = client.post("/api/players", json={"name": "Ann"}).json()
    running = create(client, "valencia", [{"kind": "human"}, {"kind": "human"}], join=0, player_token=me["token"])
    made = create(client, "valencia", [{"kind": "human"}, {"kind": "human"}], join=0, player_token=me["token"])
    gid = made["game"]["id"]
    tokens = [made["seat"]["token"], client.post(f"/api/games/{gid}/join", json={"seat": 1}).json()["token"]]
    rng = random.Random(3)
    for _ in range(2000):  # both seats play random legal actions to the end
        summary = client.get(f"/api/games/{gid}").json()
        if summary["status"] == "over":
            break
        seat = summary["to_act"][0]
        doc = client.get(f"/api/games/{gid}/seat", params={"seat": seat}, headers=auth(tokens[seat])).json()
        pick = rng.choice(doc["legal"])["index"]
        assert client.post(f"/api/games/{gid}/actions", headers=auth(tokens[seat]),
                           json={"version": doc["version"], "index": pick}).status_code == 200
    mine = client.get("/api/players/me/games", headers=auth(me["token"])).json()["games"]
    assert [(g["game_id"], g["status"]) for g in mine] == [(running["game"]["id"], "open"), (gid, "over")]
    assert client.post("/api/games", json={"game": "constantinopolis", "seats": [{}, {}], "join": 0,
                                           "player_token": "wrong"}).status_code == 403


def test_restart_resumes_games(sqlite_url: str) -> None:
    with make_client(sqlite_url, bots=False) as client:  # the first server has no bots: the bot game waits
        gid, _, tokens = human_game(client, "constantinopolis", 2)
        rng = random.Random(4)
        for _ in range(40):
            seat = client.get(f"/api/games/{gid}").json()["to_act"][0]
            doc = client.get(f"/api/games/{gid}/seat", headers=auth(tokens[seat])).json()
            assert client.post(f"/api/games/{gid}/actions", headers=auth(tokens[seat]),
                               json={"version": doc["version"], "index": pick(rng, doc)["index"]}).status_code == 200
        bots = create(client, "constantinopolis", [{"kind": "bot", "level": "random"}] * 2, seed=5)["game"]["id"]
        before = client.app.state.service.cache[gid].state.state_hash()
        views = [client.get(f"/api/games/{gid}/seat", headers=auth(t)).json() for t in tokens]
        bot_version = client.get(f"/api/games/{bots}").json()["version"]
    with make_client(sqlite_url) as client:
        assert [client.get(f"/api/games/{gid}/seat", headers=auth(t)).json() for t in tokens] == views
        assert client.app.state.service.cache[gid].state.state_hash() == before
        deadline = time.time() + 20
        while client.get(f"/api/games/{bots}").json()["status"] != "over" and time.time() < deadline:
            time.sleep(0.1)
        summary = client.get(f"/api/games/{bots}").json()
        assert summary["version"] > bot_version  # the bot game carried on by itself
        assert summary["status"] == "over"
        rec = client.get(f"/api/games/{bots}/record").json()["record"]
        assert GameRecord.from_json(rec).replay().state_hash() == rec["final_hash"]


@pytest.mark.parametrize(("game", "players"), smallest_setup())
def test_no_endpoint_leaks_another_seats_secrets(sqlite_client, game: str, players: int) -> None:
    """Every answer a seat's token (or its player's token) can get, and every public answer, is
    searched for the other seats' secrets, as the conformance kit searches views."""
    client = sqlite_client
    owners = [client.post("/api/players", json={"name": f"p{n}"}).json() for n in range(players)]
    made = create(client, game, [{"kind": "human"}] * players, join=0, player_token=owners[0]["token"])
    gid = made["game"]["id"]
    tokens = [made["seat"]["token"]]
    for n in range(1, players):
        r = client.post(f"/api/games/{gid}/join", json={"player_token": owners[n]["token"]})
        assert_no_leak(r.json(), _state(client, gid), n, "join answer")
        tokens.append(r.json()["token"])
    rng = random.Random(17)
    for step in range(20):
        state = _state(client, gid)
        where = f"{game} step {step}"
        for public in (client.get(f"/api/games/{gid}").json(), client.get(f"/api/games/{gid}/public").json(),
                       client.get("/api/games").json(), client.get(f"/api/games/{gid}/record").json()):
            assert_no_leak(public, state, None, where)
        for seat, token in enumerate(tokens):
            answers = [client.get(f"/api/games/{gid}/seat", headers=auth(token)).json(),
                       client.get(f"/api/games/{gid}/seat", headers=auth(owners[seat]["token"])).json(),
                       client.get("/api/players/me/games", headers=auth(owners[seat]["token"])).json(),
                       client.post(f"/api/games/{gid}/actions", headers=auth(token),
                                   json={"version": 0 if step else 1, "index": 0}).json(),
                       client.post(f"/api/games/{gid}/undo", headers=auth(token), json={"version": 10**6}).json()]
            for answer in answers:
                assert_no_leak(answer, state, seat, f"{where} seat {seat}")
        if state.is_over():
            break
        summary = client.get(f"/api/games/{gid}").json()
        seat = rng.choice(summary["to_act"])
        doc = client.get(f"/api/games/{gid}/seat", headers=auth(tokens[seat])).json()
        r = client.post(f"/api/games/{gid}/actions", headers=auth(tokens[seat]),
                        json={"version": doc["version"], "index": pick(rng, doc)["index"]})
        assert r.status_code == 200, r.text
        assert_no_leak(r.json(), _state(client, gid), seat, f"{where} answer")


def test_group_commit_writes_fresh_actions_and_skips_stale_ones(client) -> None:
    """One batch (one transaction) with actions of several games: each is checked against its game's
    version on its own; a stale one is left out and the others are written."""
    from mercator.server.db import ActionRow, actions

    store = client.app.state.service.store
    ids = [human_game(client, "constantinopolis", 2)[0] for s in (1, 2)]

    def job(gid: str, version: int) -> tuple:
        return (gid, version, ActionRow(version + 1, 0, "action", 0), None, {}, {})

    versions = {gid: client.get(f"/api/games/{gid}").json()["version"] for gid in ids}
    done = store.append_many([job(ids[1], versions[ids[1]]), job(ids[0], versions[ids[0]] + 5),
                              job(ids[0], versions[ids[0]])])
    assert done == [True, False, True]
    with store.engine.connect() as conn:
        rows = conn.execute(actions.select().where(actions.c.game_id.in_(ids))).all()
    assert sorted((r.game_id, r.seq) for r in rows) == sorted(
        [(g, q) for g in ids for q in range(1, versions[g] + 2)])
    assert store.append_many([job(ids[0], versions[ids[0]])]) == [False]  # the same version twice: refused


def test_a_private_table_is_not_listed_and_each_seat_opens_only_to_its_own_link(client) -> None:
    """A private table: the lobby never lists it; a seat can be taken only with that seat's
    invitation code (not another seat's, not none); a public table still lists and joins openly."""
    made = create(client, "colonia", [{"kind": "human"}] * 3, join=0, private=True)
    gid, invites = made["game"]["id"], made["invites"]
    assert made["game"]["private"] is True and set(invites) == {"1", "2"}
    public = create(client, "colonia", [{"kind": "human"}] * 3, join=0)
    listed = {g["id"] for g in client.get("/api/games").json()["games"]}
    assert public["game"]["id"] in listed and gid not in listed
    for body in ({}, {"seat": 1}, {"seat": 1, "invite": invites["2"]}, {"seat": 1, "invite": "x" * 22}):
        r = client.post(f"/api/games/{gid}/join", json=body)
        assert r.status_code == 403 and "invitation link" in r.json()["detail"], (body, r.text)
    assert client.get(f"/api/games/{gid}").json()["seats"][1]["taken"] is False  # nothing changed
    r = client.post(f"/api/games/{gid}/join", json={"invite": invites["2"], "name": "Cleo"})
    assert r.status_code == 201 and r.json()["seat"] == 2
    again = client.post(f"/api/games/{gid}/join", json={"invite": invites["2"]})
    assert again.status_code == 409
    r = client.post(f"/api/games/{gid}/join", json={"seat": 1, "invite": invites["1"]})
    assert r.status_code == 201 and r.json()["seat"] == 1
    assert client.get(f"/api/games/{gid}").json()["status"] == "active"
    assert client.post(f"/api/games/{public['game']['id']}/join", json={"seat": 2}).status_code == 201
