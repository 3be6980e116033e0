"""One arena game: which bot sits where, its seeds, and the result line it produces.

Everything a game needs is in its :class:`Job`, and everything it produces is plain JSON, so a
local process pool and a Ray cluster run exactly the same function with the same outcome.
"""

from __future__ import annotations

import time
from dataclasses import asdict, dataclass
from typing import Any

from mercator.bots.base import make_bot
from mercator.engine.errors import ContentError, IllegalAction
from mercator.engine.record import sealed
from mercator.engine.variants import Variant, active
from mercator.games import get

SEED_STRIDE = 1_000_003  # keeps game seeds of different base seeds apart


@dataclass(frozen=True)
class Job:
    index: int
    game: str
    options: dict[str, Any]
    seats: tuple[str, ...]  # bot name per seat
    seed: int
    variant: dict[str, Any] | None = None  # the what-if variant (variants.Variant JSON), played where active
    # The bots' own seed when it should differ from the deal's (the same deal replayed, luck.py).
    bot_seed: int | None = None


def lineup(bots: list[str], players: int) -> list[str]:
    """The seats of game 0: the bots in order, repeated to fill the table when fewer are named."""
    if not bots:
        raise IllegalAction("name at least one bot, e.g. --bots normal,greedy")
    if len(bots) > players:
        raise IllegalAction(f"{len(bots)} bots named for {players} seats; name at most {players}")
    return [bots[i % len(bots)] for i in range(players)]


def seating(bots: list[str], players: int, game: int) -> tuple[str, ...]:
    """The seats of game ``game``: the lineup rotated by ``game`` seats, so over each block of ``players``
    games every bot sits in every seat equally often."""
    base = lineup(bots, players)
    return tuple(base[(s - game) % players] for s in range(players))


def schedule(game: str, players: int, bots: list[str], games: int, seed: int,
             options: dict[str, Any], variant: Variant | None = None) -> list[Job]:
    """Game i is seated by ``seating``. A ``variant`` is checked here, as its content would load."""
    info = get(game)
    if variant is not None:
        if variant.game != game:
            raise IllegalAction(f"the variant {variant.label!r} is for {variant.game}, not {game}")
        data = info.plugin("content")
        try:
            data.compile_content(data.load_files(data.CONTENT_DIR, variant.sets))
        except ContentError as exc:
            raise IllegalAction(f"variant {variant.label!r}: {exc}") from None
    options = info.validate_options(options)
    if players not in info.counts_for(options):
        counts = info.counts_for(options)
        raise IllegalAction(f"{info.title} is played by {counts[0]}-{counts[-1]} players, not {players}")
    for name in set(bots):
        make_bot(name, 0, game)  # a clear error for an unknown bot before anything runs
    lineup(bots, players)  # a clear error for too many bots, before anything runs
    played = variant.to_json() if variant else None
    return [Job(i, game, options, seating(bots, players, i), seed * SEED_STRIDE + i, played) for i in range(games)]


def play(job: Job) -> dict[str, Any]:
    """Play one game to the end; returns its JSON result line (with the full record)."""
    playing = active(job.game)
    if (playing.to_json() if playing else None) != job.variant:
        raise RuntimeError(f"game {job.index} is for the variant {job.variant}, and this process plays "
                           f"{playing.label if playing else 'the shipped content'}")
    info = get(job.game)
    state = info.new(len(job.seats), seed=job.seed, options=job.options)
    base = job.seed if job.bot_seed is None else job.bot_seed
    bots = [make_bot(name, base * 31 + s, job.game, table=state.table()) for s, name in enumerate(job.seats)]
    thinking = [0.0] * len(job.seats)
    decisions = [0] * len(job.seats)
    start = time.perf_counter()
    events: list[dict[str, Any]] = []
    # Every seat's score as each round ended (the last entry: the final scores).
    progression: list[list[int]] = []
    played = state.round_number()
    while not state.is_over():
        seat = state.to_act()[0]
        t0 = time.perf_counter()
        action = bots[seat].act(state, seat)
        thinking[seat] += time.perf_counter() - t0
        decisions[seat] += 1
        events.extend(state.apply(seat, action))
        if state.round_number() != played and not state.is_over():
            progression.append(state.scores())
            played = state.round_number()
    progression.append(state.scores())
    record = sealed(state, events)
    mechanisms = info.plugin("mechanisms")(events, len(job.seats)).to_json() if info.has_plugin("mechanisms") else None
    return {
        **asdict(job),
        "seats": list(job.seats),
        "scores": state.scores(),
        "ranking": state.ranking(),
        "actions": len(state.history),
        "rounds": state.round_number(),
        "progression": progression,
        "end": state.end_reason(),
        "seconds": round(time.perf_counter() - start, 3),
        "think_seconds": [round(t, 3) for t in thinking],
        "decisions": decisions,
        "mechanisms": mechanisms,
        "record": record.to_json(),
    }
