"""Many clients post to one game at once, against real server processes (two sharing PostgreSQL):
exactly one post per version wins, none is lost or applied twice, the record replays to the final
hash, and live clients of one process see the actions written through the other."""

from __future__ import annotations

import asyncio
import json
import random

import httpx
import pytest
import websockets

from mercator.engine.record import GameRecord

from .conftest import new_pg_database

CLIENTS = 8
RACED = 30  # versions decided by a race; then bots on both processes finish the game


async def _race_game(bases: list[str], rng: random.Random) -> None:
    async with httpx.AsyncClient(timeout=30) as http:
        made = (await http.post(f"{bases[0]}/api/games", json={
            "game": "constantinopolis", "join": 0,
            "seats": [{"kind": "human"}, {"kind": "human"}]})).json()
        gid = made["game"]["id"]
        joined = await http.post(f"{bases[-1]}/api/games/{gid}/join", json={})
        tokens = [made["seat"]["token"], joined.json()["token"]]
        ws_url = bases[0].replace("http", "ws") + f"/api/games/{gid}/live"
        async with websockets.connect(ws_url) as spectator:
            seen = json.loads(await spectator.recv())["version"]
            winners: dict[int, dict] = {}
            clients = [httpx.AsyncClient(base_url=bases[n % len(bases)], timeout=30) for n in range(CLIENTS)]
            try:
                for _ in range(RACED):
                    summary = (await clients[0].get(f"/api/games/{gid}")).json()
                    docs = {s: (await clients[0].get(f"/api/games/{gid}/seat", params={"token": tokens[s]})).json()
                            for s in summary["to_act"]}
                    version = summary["version"]
                    posts = []
                    for n, client in enumerate(clients):  # every client posts at the same version
                        seat = summary["to_act"][n % len(summary["to_act"])]
                        choice = rng.choice(docs[seat]["legal"])
                        posts.append((seat, choice, client.post(f"/api/games/{gid}/actions", params={
                            "token": tokens[seat]}, json={"version": version, "index": choice["index"]})))
                    answers = await asyncio.gather(*(p[2] for p in posts))
                    codes = [a.status_code for a in answers]
                    assert codes.count(200) == 1, f"version {version}: {codes} {[a.text for a in answers]}"
                    assert set(codes) <= {200, 409}, codes
                    for (seat, choice, _), answer in zip(posts, answers, strict=True):
                        if answer.status_code == 200:
                            winners[version] = {"seat": seat, "action": choice["action"]}
                        else:
                            assert answer.json()["version"] == version + 1
                    # The spectator on the first process sees every version, whichever process wrote it.
                    while seen < version + 1:
                        seen = json.loads(await asyncio.wait_for(spectator.recv(), 10))["version"]
            finally:
                for client in clients:
                    await client.aclose()
            for seat in (0, 1):
                r = await http.put(f"{bases[seat % len(bases)]}/api/games/{gid}/seats/{seat}/bot",
                                   params={"token": made["host_token"]}, json={"level": "random"})
                assert r.status_code == 200, r.text
            while True:  # the spectator sees the game end, whichever process's bots moved
                doc = json.loads(await asyncio.wait_for(spectator.recv(), 30))
                if doc["status"] == "over":
                    break
        rec = (await http.get(f"{bases[-1]}/api/games/{gid}/record")).json()["record"]
        record = GameRecord.from_json(rec)
        raced = [{"seat": s, "action": a} for s, a in record.actions[:RACED]]
        assert raced == [winners[v] for v in range(RACED)]
        assert record.replay().state_hash() == rec["final_hash"]


@pytest.mark.parametrize("backend", ["sqlite", "postgres"])
def test_concurrent_posts_one_winner_per_version(backend: str, server_factory, tmp_path, request) -> None:
    if backend == "sqlite":
        servers = [server_factory(f"sqlite:///{tmp_path / 'race.sqlite3'}")]
    else:
        url = new_pg_database(request.getfixturevalue("pg_server"))
        servers = [server_factory(url), server_factory(url)]  # two processes share one database
    asyncio.run(_race_game([s.base for s in servers], random.Random(backend)))
