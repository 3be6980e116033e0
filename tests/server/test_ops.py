"""Operations against a real server process: /healthz (and its 503 while PostgreSQL is down) and
the Prometheus /metrics."""

from __future__ import annotations

import random
import time
from typing import Any

import httpx
from prometheus_client.parser import text_string_to_metric_families
from websockets.sync.client import connect

from .conftest import PgCluster, new_pg_database
from .helpers import auth, human_game, pick


def scrape(base: str) -> dict[str, Any]:
    r = httpx.get(base + "/metrics", timeout=10)
    assert r.status_code == 200 and r.headers["content-type"].startswith("text/plain")
    return {f.name: f for f in text_string_to_metric_families(r.text)}


def value(families: dict[str, Any], name: str, sample: str | None = None, **labels: str) -> float:
    found = [s.value for s in families[name].samples
             if s.name == (sample or name) and all(s.labels.get(k) == v for k, v in labels.items())]
    assert found, f"no sample {sample or name}{labels}"
    return sum(found)


def test_healthz_and_metrics(db_url: str, server_factory: Any) -> None:
    server = server_factory(db_url)
    r = httpx.get(server.base + "/healthz")
    assert r.status_code == 200, r.text
    assert r.json()["status"] == "ok" and r.json()["database"] == "ok" and r.json()["bots"] == "ok"

    before = scrape(server.base)
    for name in ("mercator_actions", "mercator_http_request_duration_seconds", "mercator_websockets_open",
                 "mercator_games_active", "mercator_bot_queue_length", "mercator_bot_queue_wait_seconds"):
        assert name in before, f"{name} missing from /metrics"
    played = value(before, "mercator_actions", "mercator_actions_total", by="player")

    with httpx.Client(base_url=server.base, timeout=30) as client:
        gid, _, tokens = human_game(client, "constantinopolis", 2)
        rng = random.Random(4)
        ws_url = server.base.replace("http", "ws", 1) + f"/api/games/{gid}/live?token={tokens[0]}"
        with connect(ws_url) as ws:
            ws.recv(timeout=10)
            for _ in range(5):
                summary = client.get(f"/api/games/{gid}").json()
                token = tokens[summary["to_act"][0]]
                doc = client.get(f"/api/games/{gid}/seat", headers=auth(token)).json()
                r = client.post(f"/api/games/{gid}/actions", headers=auth(token),
                                json={"version": doc["version"], "index": pick(rng, doc)["index"]})
                assert r.status_code == 200, r.text
            after = scrape(server.base)
            assert value(after, "mercator_websockets_open") == 1
        assert client.get(f"/api/games/{gid}x").status_code == 404

    assert value(after, "mercator_actions", "mercator_actions_total", by="player") == played + 5
    assert value(after, "mercator_games_active") >= 1
    assert value(after, "mercator_bot_queue_length") >= 0
    latency = "mercator_http_request_duration_seconds"
    assert value(after, latency, latency + "_count", route="/api/games/{game_id}/actions", method="POST",
                 status="2xx") == 5
    # Labels carry route templates, never raw paths (bounded cardinality).
    routes = {s.labels["route"] for s in after[latency].samples}
    assert "/api/games/{game_id}" in routes and not any(gid in r for r in routes), routes
    final = scrape(server.base)
    assert value(final, latency, latency + "_count", route="/api/games/{game_id}", status="4xx") >= 1
    deadline = time.time() + 5
    while value(final, "mercator_websockets_open") != 0 and time.time() < deadline:
        time.sleep(0.05)
        final = scrape(server.base)
    assert value(final, "mercator_websockets_open") == 0


def wait_health(base: str, status: int, seconds: float = 20) -> httpx.Response:
    deadline = time.time() + seconds
    while True:
        r = httpx.get(base + "/healthz", timeout=10)
        if r.status_code == status or time.time() > deadline:
            return r
        time.sleep(0.2)


def test_healthz_503_while_postgres_is_down(pg_cluster: PgCluster, server_factory: Any) -> None:
    cluster = pg_cluster
    server = server_factory(new_pg_database(cluster.url))
    assert wait_health(server.base, 200).status_code == 200
    cluster.stop()
    started = time.monotonic()
    r = wait_health(server.base, 503)
    assert r.status_code == 503, r.text
    assert time.monotonic() - started < 10  # a refused connection is seen at once, not after a timeout
    body = r.json()
    assert body["status"] == "fail" and body["database"] != "ok" and body["bots"] == "ok", body
    assert int(r.headers["retry-after"]) > 0
    assert httpx.get(server.base + "/metrics").status_code == 200  # metrics need no database
    cluster.start()
    r = wait_health(server.base, 200)
    assert r.status_code == 200 and r.json()["database"] == "ok", r.text
