"""A game review: a bot re-examines each decision of a finished game from the deciding seat's own
knowledge and names those that cost the most, with the better move and its estimated gain.

Each decision is searched once (the bot's ``ranked``): the gain is the best move's estimated lead
over the best other seat minus the chosen move's, both from that search, in the game's points. A
chosen move the search hardly visited has no reliable mean; for it both moves are compared one ply
deep instead, over several guesses of the hidden information, and the decision is flagged rough."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import asdict, dataclass
from typing import Any

from mercator.engine.i18n import describe
from mercator.engine.record import GameRecord
from mercator.engine.rng import SearchRng
from mercator.engine.state import GameState

from .base import heuristic, make_bot
from .ismcts import _leads

ROUGH_SHARE = 0.02  # a chosen move that got less of the search than this has a rough estimate
WORLDS = 8  # guesses of the hidden information for a one-ply comparison


def _one_ply_gain(state: GameState, seat: int, best: dict[str, Any], chosen: dict[str, Any], seed: int) -> float:
    """The best move's lead one ply deep minus the chosen move's, averaged over WORLDS guesses."""
    evaluate = heuristic(state.GAME)
    rng = SearchRng(seed)
    total = 0.0
    for _ in range(WORLDS):
        world = state.determinize(seat, rng)
        leads = []
        for action in (best, chosen):
            child = world.clone()
            child.apply(seat, action)
            leads.append(_leads(child, evaluate)[seat])
        total += leads[0] - leads[1]
    return total / WORLDS


@dataclass(frozen=True)
class Decision:
    n: int  # the action's number in the record (0-based)
    seat: int
    chosen: dict[str, Any]
    best: dict[str, Any]
    gain: float  # estimated points the best move would have added to the seat's lead
    rough: bool  # the chosen move got little of the search
    chosen_text: str
    best_text: str

    def to_json(self) -> dict[str, Any]:
        return asdict(self)


def review(record: GameRecord, seats: set[int] | None = None, level: str = "normal", seed: int = 0,
           lang: str = "en") -> Iterator[Decision]:
    """Every decision of ``seats`` (default: all) that had a choice, in the record's order."""
    state = record.new_state()
    for n, (seat, action) in enumerate(record.actions):
        legal = state.legal_actions(seat)
        if (seats is None or seat in seats) and len(legal) > 1:
            bot = make_bot(level, seed * 7919 + n, record.game)
            ranked = getattr(bot, "ranked", None)
            if ranked is None:
                raise ValueError(f"the {level} bot does not search, so it cannot estimate a move's cost; "
                                 "choose normal, hard or ismcts:N")
            moves = ranked(state, seat)
            chosen = next(m for m in moves if m.action.to_json() == action)
            best = moves[0].action.to_json()
            rough = chosen.share < ROUGH_SHARE
            gain = _one_ply_gain(state, seat, best, action, seed + n) if rough else moves[0].lead - chosen.lead
            view = state.view(seat)
            words = [describe(record.game, view, seat, a, lang) for a in (action, best)]
            yield Decision(n, seat, action, best, round(max(0.0, gain), 2), rough, *words)
        state.apply(seat, action)


def costliest(decisions: list[Decision], top: int) -> list[Decision]:
    """The ``top`` decisions that cost the most, costliest first (ties: the earlier)."""
    return sorted((d for d in decisions if d.gain > 0), key=lambda d: (-d.gain, d.n))[:top]
