"""What knowing the other seats' secrets would be worth to a search (RESULTS.md, "What the hidden cards are worth").

``oracle+SETTING`` is the search SETTING (a level or ``ismcts:N[:key=value...]``) whose sampled worlds keep the
real hidden cards of every other seat: in Valencia their hands, stacks, drawn cards and tasks, in Colonia their
unrevealed raws and choices; the order of every pile and deck and the generator's future are still sampled, as
a player who sees the others' cards still cannot see the future. Played against the plain search, the gap
bounds what any better inference about the hidden cards (a belief model, an opponent model) could give a
level. It breaks fairness by design, so it lives here and no level may use it.

    python oracle_gap.py valencia 2 oracle+normal,normal 60 SEED 0/2 out0.jsonl   (one part per process)
"""

from __future__ import annotations

import json
import sys
from typing import Any

from mercator.arena import games
from mercator.bots.base import Bot, make_bot
from mercator.engine.actions import Action
from mercator.engine.rng import Rng
from mercator.engine.state import GameState


def oracle_world(state: GameState, rng: Rng) -> GameState:
    """A copy of the real state with only what nobody can see resampled: piles' and decks' orders, the future."""
    world = state.clone()
    if state.GAME == "valencia":
        for p in world.players:  # type: ignore[attr-defined]
            top = sorted(p.pile[p.known_bottom:])
            rng.shuffle(top)
            p.pile[p.known_bottom:] = top
    elif state.GAME == "colonia":
        for deck in (world.week_deck, world.decree_deck, world.ship_deck, world.relic_deck):  # type: ignore[attr-defined]
            deck.sort()
            rng.shuffle(deck)
        world.next_legal = None  # type: ignore[attr-defined]
    else:
        raise SystemExit(f"no oracle for {state.GAME}")
    world._legal_cache = None
    world.rng = Rng(rng.next64())
    return world


class Seeing:
    """The real state, whose ``determinize`` keeps the other seats' secrets (every other attribute is the state's)."""

    def __init__(self, state: GameState) -> None:
        self._state = state

    def determinize(self, seat: int, rng: Rng) -> GameState:
        return oracle_world(self._state, rng)

    def __getattr__(self, name: str) -> Any:
        return getattr(self._state, name)


class OracleBot:
    def __init__(self, inner: Bot) -> None:
        self.inner = inner

    def act(self, state: GameState, seat: int) -> Action:
        return self.inner.act(Seeing(state), seat)  # type: ignore[arg-type]


def with_oracle(name: str, seed: int = 0, game: str | None = None, time_limit: float | None = None,
                table: str | None = None) -> Any:
    if name.startswith("oracle+"):
        return OracleBot(make_bot(name.removeprefix("oracle+"), seed, game, time_limit, table))
    return make_bot(name, seed, game, time_limit, table)


def main(game: str, players: int, bots: str, count: int, seed: int, part: str, out: str) -> None:
    games.make_bot = with_oracle  # type: ignore[assignment]
    index, parts = map(int, part.split("/"))
    jobs = games.schedule(game, players, bots.replace("oracle+", "").split(","), count, seed, {})
    names = bots.split(",")
    with open(out, "a", encoding="utf-8") as sink:
        for job in jobs[index::parts]:
            seats = games.seating(names, players, job.index)
            result = games.play(games.Job(job.index, game, job.options, seats, job.seed))
            sink.write(json.dumps(result, separators=(",", ":")) + "\n")
            sink.flush()


if __name__ == "__main__":
    a = sys.argv[1:]
    main(a[0], int(a[1]), a[2], int(a[3]), int(a[4]), a[5], a[6])
