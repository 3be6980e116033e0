"""A game review: a bot re-examines each decision of a finished game from the deciding seat's own
knowledge and names those that cost the most, with the better move and its estimated gain.

Each decision is searched once (the bot's ``ranked``): the gain is the best move's estimated lead
over the best other seat minus the chosen move's, both from that search, in the game's points. A
chosen move the search hardly visited has no reliable mean; for it both moves are compared one ply
deep instead, over several guesses of the hidden information, and the decision is flagged rough."""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from dataclasses import asdict, dataclass
from typing import Any

from mercator.engine.i18n import describe
from mercator.engine.record import GameRecord
from mercator.engine.rng import SearchRng
from mercator.engine.state import GameState

from .base import evaluation_function, make_bot, seat_leads

# The search that reviews a game's decisions when the player asks for ``normal``, where it is not that game's
# normal: Colonia's normal reads the tuned constants, and judged by them greedy's moves looked as costly as
# random ones (random above 1.5x greedy in 1 of 6 games; the hand-set search: 4 of 6; RESULTS.md, 2026-12-06).
REVIEWERS = {"colonia": "ismcts:500"}
ROUGH_SHARE = 0.02  # a chosen move that got less of the search than this has a rough estimate
WORLDS = 8  # guesses of the hidden information for a one-ply comparison


def reviewer(game: str, level: str = "normal") -> str:
    """The bot setting that reviews ``game`` at ``level`` (see REVIEWERS)."""
    return REVIEWERS.get(game, level) if level == "normal" else level


def evaluation_of(setting: str, game: str) -> str:
    """The evaluation (one of EVALUATIONS) the bot ``setting`` searches with, for the one-ply comparisons."""
    return str(getattr(make_bot(setting, 0, game), "evaluation", "heuristic"))


def _one_ply_gain(state: GameState, seat: int, best: dict[str, Any], chosen: dict[str, Any], seed: int,
                  evaluation: str) -> float:
    """The best move's lead one ply deep minus the chosen move's, averaged over WORLDS guesses, by the
    reviewing bot's own evaluation (one of EVALUATIONS)."""
    evaluate = evaluation_function(state, evaluation)
    rng = SearchRng(seed)
    total = 0.0
    for _ in range(WORLDS):
        world = state.determinize(seat, rng)
        leads = []
        for action in (best, chosen):
            child = world.clone()
            child.apply(seat, action)
            leads.append(seat_leads(child, evaluate)[seat])
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


def judge(state: GameState, seat: int, chosen: dict[str, Any], moves: list[tuple[dict[str, Any], float, float]],
          seed: int, evaluation: str = "heuristic") -> tuple[float, bool]:
    """The gain of the best of ``moves`` (action, share of the search, lead; best first, as a search
    ranked them) over ``chosen``, and whether the estimate is rough (then it is one ply deep)."""
    best, _, best_lead = moves[0]
    share, lead = next((m[1], m[2]) for m in moves if m[0] == chosen)
    rough = share < ROUGH_SHARE
    gain = _one_ply_gain(state, seat, best, chosen, seed, evaluation) if rough else best_lead - lead
    return round(max(0.0, gain), 2), rough


def review(record: GameRecord, seats: set[int] | None = None, level: str = "normal", seed: int = 0,
           lang: str = "en") -> Iterator[Decision]:
    """Every decision of ``seats`` (default: all) that had a choice, in the record's order."""
    state, setting = record.new_state(), reviewer(record.game, level)
    evaluation = evaluation_of(setting, record.game)
    for n, (seat, action) in enumerate(record.actions):
        legal = state.legal_actions(seat)
        if (seats is None or seat in seats) and len(legal) > 1:
            bot = make_bot(setting, seed * 7919 + n, record.game, table=state.table())
            ranked = getattr(bot, "ranked", None)
            if ranked is None:
                raise ValueError(f"the {level} bot does not search, so it cannot estimate a move's cost; "
                                 "choose normal, hard or ismcts:N")
            moves = [(m.action.to_json(), m.share, m.lead) for m in ranked(state, seat)]
            gain, rough = judge(state, seat, action, moves, seed + n, evaluation)
            view = state.view(seat)
            words = [describe(record.game, view, seat, a, lang) for a in (action, moves[0][0])]
            yield Decision(n, seat, action, moves[0][0], gain, rough, *words)
        state.apply(seat, action)


def costliest(gains: Iterable[tuple[int, float]], top: int) -> list[int]:
    """Of (decision number, gain) pairs, the ``top`` numbers that cost the most, costliest first
    (ties: the earlier); decisions that cost nothing are never listed."""
    return [n for n, _ in sorted((g for g in gains if g[1] > 0), key=lambda g: (-g[1], g[0]))[:top]]
