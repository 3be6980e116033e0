"""A server process is killed with SIGKILL in the middle of games under load and restarted: every
acknowledged action is in storage and every game carries on to its end."""

from __future__ import annotations

import asyncio
import json
import random
import sqlite3
import time

import httpx

from mercator.engine.record import GameRecord

HUMAN_GAMES = 4
BOT_GAMES = 2


async def _play(base: str, gid: str, tokens: list[str], acked: list[tuple[str, int, int, int]],
                rng: random.Random, deadline: float, moves: int = 10**6) -> bool:
    """Play random legal actions until the game ends or ``moves`` were made (True) or the server goes
    away (False)."""
    async with httpx.AsyncClient(base_url=base, timeout=10) as http:
        for _ in range(moves):
            if time.time() > deadline:
                raise AssertionError(f"game {gid} stalled")
            try:
                summary = (await http.get(f"/api/games/{gid}")).json()
                if summary["status"] == "over":
                    return True
                seat = summary["to_act"][0]
                doc = (await http.get(f"/api/games/{gid}/seat", params={"token": tokens[seat]})).json()
                choice = rng.choice(doc["legal"])
                r = await http.post(f"/api/games/{gid}/actions", params={"token": tokens[seat]},
                                    json={"version": doc["version"], "index": choice["index"]})
            except (httpx.HTTPError, KeyError, IndexError):
                return False  # killed mid-request: whatever was not answered was not acknowledged
            if r.status_code == 200:
                acked.append((gid, doc["version"] + 1, seat, choice["index"]))
            else:
                assert r.status_code == 409, r.text
    return True


async def _setup(base: str) -> tuple[dict[str, list[str]], list[str]]:
    async with httpx.AsyncClient(base_url=base, timeout=10) as http:
        humans: dict[str, list[str]] = {}
        for _ in range(HUMAN_GAMES):
            made = (await http.post("/api/games", json={"game": "constantinopolis", "join": 0,
                                                        "seats": [{"kind": "human"}, {"kind": "human"}]})).json()
            gid = made["game"]["id"]
            joined = (await http.post(f"/api/games/{gid}/join", json={})).json()
            humans[gid] = [made["seat"]["token"], joined["token"]]
        bots = []
        for n in range(BOT_GAMES):
            made = (await http.post("/api/games", json={"game": "constantinopolis", "seed": 100 + n,
                                                        "seats": [{"kind": "bot", "level": "easy"}] * 3})).json()
            bots.append(made["game"]["id"])
        return humans, bots


def test_sigkill_loses_no_acknowledged_action(server_factory, tmp_path) -> None:
    path = tmp_path / "crash.sqlite3"
    url = f"sqlite:///{path}"
    server = server_factory(url)
    humans, bots = asyncio.run(_setup(server.base))
    acked: list[tuple[str, int, int, int]] = []
    rng = random.Random(0)

    async def load_then_kill() -> list[bool]:
        players = [asyncio.create_task(_play(server.base, gid, tokens, acked, rng, time.time() + 60))
                   for gid, tokens in humans.items()]
        deadline = time.time() + 20
        while len(acked) < 60 and time.time() < deadline:  # load first, however busy the machine is
            await asyncio.sleep(0.05)
        server.kill()  # SIGKILL, mid-flight
        return await asyncio.gather(*players)

    ended = asyncio.run(load_then_kill())
    assert not all(ended) and len(acked) > 30, f"too little load before the kill: {len(acked)} actions"

    db = sqlite3.connect(path)
    stored = {(g, q): (s, a) for g, q, s, a in db.execute("SELECT game_id, seq, seat, action FROM actions")}
    versions = dict(db.execute("SELECT id, version FROM games"))
    statuses = dict(db.execute("SELECT id, status FROM games"))
    db.close()
    for gid, seq, seat, index in acked:
        assert stored.get((gid, seq)) == (seat, index), f"acknowledged action {gid}#{seq} lost"
    for gid, version in versions.items():  # the games row and the action table agree
        assert version == max([q for g, q in stored if g == gid], default=0)

    server = server_factory(url)  # restart on the same database

    async def carry_on() -> None:
        async with httpx.AsyncClient(base_url=server.base, timeout=10) as http:
            for gid in humans:
                assert (await http.get(f"/api/games/{gid}")).json()["version"] == versions[gid]
            deadline = time.time() + 60
            # Every human game takes more moves; every bot game moves on by itself.
            assert all(await asyncio.gather(*(_play(server.base, gid, tokens, acked, rng, deadline, moves=10)
                                              for gid, tokens in humans.items())))
            for gid in bots:
                while True:
                    summary = (await http.get(f"/api/games/{gid}")).json()
                    if summary["status"] == "over" or summary["version"] >= versions[gid] + 5:
                        break
                    assert time.time() < deadline, f"bot game {gid} did not carry on after the restart"
                    await asyncio.sleep(0.05)
                assert summary["version"] > versions[gid] or statuses[gid] == "over"
            # Storage replays to what the server shows, and holds every acknowledged action.
            db = sqlite3.connect(path)
            for gid, tokens in humans.items():
                row = db.execute("SELECT game, players, seed, options FROM games WHERE id = ?", (gid,)).fetchone()
                steps = db.execute("SELECT seat, action FROM actions WHERE game_id = ? AND kind = 'action' "
                                   "ORDER BY seq", (gid,)).fetchall()
                rec = GameRecord(row[0], row[1], int(row[2]), json.loads(row[3]))
                space = rec.new_state().SPACE
                rec.actions = [(seat, space.from_index(index).to_json()) for seat, index in steps]
                state = rec.replay()
                for seat, token in enumerate(tokens):
                    doc = (await http.get(f"/api/games/{gid}/seat", params={"token": token})).json()
                    assert doc["version"] == len(steps) and doc["view"] == state.view(seat)
                for g, seq, seat, index in acked:
                    if g == gid:
                        assert steps[seq - 1] == (seat, index)
            db.close()

    asyncio.run(carry_on())
