"""Running a tournament: schedule, resume from the results file, run on a local process pool
or on Ray, append each result as one JSON line as soon as it is in."""

from __future__ import annotations

import json
import multiprocessing
import os
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any, TypeVar

from mercator.engine.errors import IllegalAction
from mercator.engine.variants import ENV, Variant, environment

from .games import Job, play, schedule

Progress = Callable[[int, int], None]  # (games done, games total)
In = TypeVar("In")
Out = TypeVar("Out")


def load_results(path: Path | None) -> list[dict[str, Any]]:
    """Result lines already written (a torn last line from an interrupted run is skipped)."""
    if path is None or not path.exists():
        return []
    out = []
    for line in path.read_text().splitlines():
        try:
            out.append(json.loads(line))
        except json.JSONDecodeError:
            continue
    return out


def _check_same_run(done: list[dict[str, Any]], jobs: list[Job], path: Path) -> None:
    planned = {j.index: j for j in jobs}
    for r in done:
        j = planned.get(r["index"])
        if j and (r["game"], r["seed"], tuple(r["seats"]), r["options"], r.get("variant")) != (
                j.game, j.seed, j.seats, j.options, j.variant):
            raise IllegalAction(f"{path} holds results of a different run (game {r['index']} differs); "
                                "use another --out file or the same game, bots, players, options and seed")


def run_arena(game: str, players: int, bots: list[str], games: int, seed: int = 0,
              options: dict[str, Any] | None = None, workers: int = 1, out: Path | None = None,
              backend: str = "local", address: str | None = None,
              progress: Progress | None = None, variant: Variant | None = None) -> list[dict[str, Any]]:
    """Play the games not yet in ``out`` and return every result of this run, in game order; with
    a ``variant``, in worker processes that play it (variants.py: a variant is per process)."""
    jobs = schedule(game, players, bots, games, seed, options or {}, variant)
    done = [r for r in load_results(out) if r["index"] < games]
    if out is not None:
        _check_same_run(done, jobs, out)
    have = {r["index"] for r in done}
    todo = [j for j in jobs if j.index not in have]
    results = list(done)
    if progress:
        progress(len(results), games)
    sink = out.open("a") if out is not None else None
    try:
        for result in run_jobs(todo, workers, backend, address, variant):
            if sink is not None:
                sink.write(json.dumps(result, separators=(",", ":")) + "\n")
                sink.flush()
            results.append(result)
            if progress:
                progress(len(results), games)
    finally:
        if sink is not None:
            sink.close()
    return sorted(results, key=lambda r: r["index"])


def run_jobs(jobs: list[Job], workers: int = 1, backend: str = "local", address: str | None = None,
             variant: Variant | None = None) -> Iterator[dict[str, Any]]:
    """Each job's result line as it comes in (in any order), on the local pool or on Ray."""
    return run_tasks(play, jobs, workers, backend, address, variant)


def run_tasks(work: Callable[[In], Out], tasks: list[In], workers: int = 1, backend: str = "local",
              address: str | None = None, variant: Variant | None = None) -> Iterator[Out]:
    """``work(task)`` of each task as it comes in (in any order), on the local pool or on Ray: the arena's
    games, and any other picklable work of the same kind (``mercator train``'s self-play)."""
    runner = {"local": _local, "ray": _ray}.get(backend)
    if runner is None:
        raise IllegalAction(f"unknown backend {backend!r}; choose local or ray")
    return runner(work, tasks, workers, address, variant)


def _local(work: Callable[[In], Out], tasks: list[In], workers: int, address: str | None,
           variant: Variant | None) -> Iterator[Out]:
    if variant is None and (workers <= 1 or len(tasks) <= 1):
        yield from map(work, tasks)
        return
    ctx = multiprocessing.get_context("spawn")  # no forked copies of a parent's threads or locks
    # Spawned workers start from this process's environment: the variant's, while they start.
    saved = os.environ.get(ENV)
    os.environ.pop(ENV, None)
    os.environ.update(environment(variant) if variant else {})
    try:
        pool = ctx.Pool(max(1, workers))
    finally:
        os.environ.pop(ENV, None)
        if saved is not None:
            os.environ[ENV] = saved
    with pool:
        yield from pool.imap_unordered(work, tasks)


def _ray(work: Callable[[In], Out], tasks: list[In], workers: int, address: str | None,
         variant: Variant | None) -> Iterator[Out]:
    try:
        import ray
    except ImportError as exc:  # pragma: no cover - depends on the optional extra
        raise IllegalAction("the Ray backend needs the ray extra: pip install 'mercator[ray]'") from exc
    started = not ray.is_initialized()
    if started:
        if address:
            ray.init(address=address, log_to_driver=False)
        else:
            ray.init(num_cpus=max(1, workers), include_dashboard=False, log_to_driver=False)
    try:
        env = {ENV: environment(variant)[ENV]} if variant else {}
        remote = ray.remote(work).options(runtime_env={"env_vars": env}) if env else ray.remote(work)
        pending = [remote.remote(t) for t in tasks]
        while pending:
            ready, pending = ray.wait(pending, num_returns=1)
            yield ray.get(ready[0])
    finally:
        if started:
            ray.shutdown()
