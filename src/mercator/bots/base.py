"""The bot interface and the two simple bots: uniform random and one-ply greedy."""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any, Literal, Protocol, get_args

from mercator.engine.actions import Action
from mercator.engine.errors import IllegalAction
from mercator.engine.rng import SearchRng
from mercator.engine.state import GameState


class Bot(Protocol):
    name: str

    def act(self, state: GameState, seat: int) -> Action: ...


class RandomBot:
    """Uniformly random among the legal actions (seeded, so reproducible)."""

    name = "random"

    def __init__(self, seed: int = 0) -> None:
        self.rng = random.Random(seed)

    def act(self, state: GameState, seat: int) -> Action:
        legal = state.legal_actions(seat)
        return legal[self.rng.randrange(len(legal))]


class GreedyBot:
    """One-ply look-ahead: try each legal action on a determinised copy (so hidden cards are
    guessed, not read) and keep the one the evaluation (one of EVALUATIONS) likes best. With ``lead`` a move
    is judged by the seat's value minus the best other seat's, as the searches judge their leaves, so a move
    that costs a rival counts too."""

    name = "greedy"

    def __init__(self, seed: int = 0, evaluation: str = "heuristic", lead: bool = False) -> None:
        if evaluation not in EVALUATIONS:
            raise ValueError(f"evaluation must be one of {', '.join(EVALUATIONS)}, not {evaluation!r}")
        self.rng = SearchRng(seed)
        self.evaluation = evaluation
        self.lead = lead

    def act(self, state: GameState, seat: int) -> Action:
        legal = state.legal_actions(seat)
        if len(legal) == 1:
            return legal[0]
        world = state.determinize(seat, self.rng)
        evaluate = evaluation_function(state, self.evaluation)
        return greedy_action(world, seat, legal, lead_over_rivals(evaluate) if self.lead else evaluate, self.rng)


def seat_leads(world: GameState, evaluate: Callable[[GameState, int], float]) -> list[float]:
    """Each seat's evaluation minus the best other seat's (what the searches score a leaf by)."""
    values = [evaluate(world, s) for s in range(world.seats)]
    return [v - max(values[o] for o in range(len(values)) if o != s) for s, v in enumerate(values)]


def lead_over_rivals(evaluate: Callable[[GameState, int], float]) -> Callable[[GameState, int], float]:
    """``evaluate`` turned into the seat's lead over the best other seat."""
    return lambda world, seat: seat_leads(world, evaluate)[seat]


def greedy_action(world: GameState, seat: int, legal: list[Action],
                  evaluate: Callable[[GameState, int], float], rng: SearchRng) -> Action:
    """The action whose one-ply result ``evaluate`` likes best for ``seat`` in ``world``.

    Equal values are broken by the bot's own seeded generator, never by the order of the legal
    actions (which made Colonia's greedy bot vote "no", listed first, on every decree)."""
    best: list[Action] = []
    best_value = float("-inf")
    for action in legal:
        child = world.clone()
        child.apply(seat, action)
        value = evaluate(child, seat)
        if value > best_value + 1e-9:
            best, best_value = [action], value
        elif value > best_value - 1e-9:
            best.append(action)
    return best[rng.below(len(best))] if len(best) > 1 else best[0]


def heuristics(game: str):  # noqa: ANN201 - the game's heuristics module: evaluate, progress, SCALE
    from mercator.games import get

    return get(game).plugin("heuristics")


def heuristic(game: str):  # noqa: ANN201 - returns the game's evaluate(state, seat) -> float
    return heuristics(game).evaluate


EVALUATIONS = ("heuristic", "learned", "tuned", "fitted", "steered")


def evaluation_function(state: GameState, kind: str) -> Callable[[GameState, int], float]:
    """The evaluation ``kind`` (one of EVALUATIONS) for this state's game and table: the game's hand-made
    ``heuristic``, the ``learned`` one (bots/learned.py: each seat's final score predicted from its view by
    weights fitted on self-play), or the hand-made one with ``tuned`` constants where the game has them
    (Valencia and Colonia: ``games/<game>/tuned.toml``, read by games/tuned.py), with constants ``fitted`` to
    predict the final lead (Valencia: ``fitted.toml``, for a search's leaves), or the tuned one ``steered`` by
    each kept task's fitted chance (Valencia: ``task_odds.toml``)."""
    if kind == "learned":
        from .learned import learned_evaluation  # numpy, imported only by a bot that asks for it (fast start)

        return learned_evaluation(state)
    plugin = heuristics(state.GAME)
    if kind in ("tuned", "fitted", "steered"):
        if not hasattr(plugin, kind):
            raise ValueError(f"{state.GAME} has no {kind} evaluation constants; use heuristic or learned instead")
        constants: Callable[[GameState, int], float] = getattr(plugin, kind)(state)
        return constants
    evaluate: Callable[[GameState, int], float] = plugin.evaluate
    return evaluate


def _search_class(kind: str) -> type:
    """The search bot a ``kind:N:...`` name asks for (imported late: the searches import this module)."""
    if kind == "rollout":
        from .rollout import RolloutBot

        return RolloutBot
    from .ismcts import IsmctsBot

    return IsmctsBot


def _search(budget: int, kind: str = "ismcts", **settings: object) -> Callable[..., Bot]:
    def make(seed: int, time_limit: float | None = None) -> Bot:
        named = settings.get("time_limit")  # a limit in the setting string and the caller's: the tighter holds
        limits = [float(x) for x in (named, time_limit) if isinstance(x, (int, float))]
        # The values were parsed to the types of the bot's defaults (_search_settings), so Any here.
        chosen: dict[str, Any] = {**settings, "time_limit": min(limits) if limits else None}
        bot: Bot = _search_class(kind)(seed, budget=budget, **chosen)
        return bot

    return make


def _untimed(cls: Callable[[int], Bot]) -> Callable[..., Bot]:
    """Random and greedy take no time limit: their work is bounded by the legal actions."""

    def make(seed: int, time_limit: float | None = None) -> Bot:
        return cls(seed)

    return make


# Player levels: easy is greedy; normal and hard are ISMCTS with budgets in forward-model calls.
# Hard also takes greedy priors three edges deep: a compound turn puts the rival's reply two or
# three edges below the root, and without priors there the larger tree only averaged over random
# replies (10,000 calls with priors one edge deep were no stronger than normal; see RESULTS.md).
NORMAL_BUDGET, HARD_BUDGET, HARD_PRIOR_DEPTH = 2000, 10000, 3
VALENCIA_NORMAL_BUDGET = 500
BOTS: dict[str, Callable[..., Bot]] = {
    "random": _untimed(RandomBot), "greedy": _untimed(GreedyBot), "easy": _untimed(GreedyBot),
    "ismcts": _search(NORMAL_BUDGET), "normal": _search(NORMAL_BUDGET),
    "hard": _search(HARD_BUDGET, prior_depth=HARD_PRIOR_DEPTH),
}
# The levels offered to players (and the only ones the HTTP API accepts: raw ``ismcts:N:...``
# settings can ask for unbounded work, so they stay for the CLI and the arena).
PlayerLevel = Literal["random", "easy", "normal", "hard"]
LEVELS: tuple[str, ...] = get_args(PlayerLevel)


# A level that one game (or one table of it, below) plays with other settings, each measured there
# (RESULTS.md). In Valencia search pays off early: 500 calls already beat greedy, and 10,000 were little
# stronger than 2,000, so normal there takes 500 calls to leave a step below hard.
# Valencia's normal also leans on greedy's priors (500 virtual visits, not 5): since the evaluation counts
# what the pile must last (commit 4113cb2) greedy scores about 80 points at 2 players and plain ismcts:500
# won only 12.5% of 40 games against it; with the heavy prior 66.7% of 60 [0.541, 0.772] (2026-12-03).
GAME_LEVELS: dict[tuple[str, str], str] = {
    # Both Valencia levels read the constants tuned by self-play where a table has them (games/valencia/tuned.toml:
    # Valencia at 2-5 players, Strasbourg at 3-5; elsewhere the hand-set ones): normal with them beat easy in 0.720
    # of 200 games at 2 players [0.654, 0.778], where the hand-set normal had 0.650 (RESULTS.md, 2026-12-06), 0.613
    # at 3 [0.543, 0.677] where it had 0.510, 0.716 of 150 at 5 [0.639, 0.782] where it had 0.612, and in
    # Strasbourg at 4 0.620 [0.551, 0.684] where it had 0.491, at 5 0.601 of 200 where it had 0.453 of 79 (2026-12-07).
    ("valencia", "normal"): f"ismcts:{VALENCIA_NORMAL_BUDGET}:prior_weight=500:evaluation=tuned",
    # hard: normal's heavy prior, twice its calls, the root priors averaged over 8 sampled worlds (greedy's
    # one-ply values in one world answer that world's hidden cards), and each kept task's chance read from how far
    # the seat is from it where a table has fitted odds (evaluation=steered; task_odds.toml: Valencia at two
    # players, elsewhere it is the tuned evaluation). With the tuned evaluation alone this search was even with
    # normal (0.494 of 89 games, -2.2 points); steered it finished above normal in 0.600 of 400 [0.551, 0.647],
    # +5.5 +- 1.1 points (RESULTS.md, 2026-12-07, late). 10,000 calls with priors 3 edges deep lost to normal
    # (0.326 of 95, -10.1) and 2,000 calls with the tuned evaluation were weaker (0.400 of 55).
    ("valencia", "hard"): "ismcts:1000:prior_weight=500:prior_worlds=8:evaluation=steered",
    # Colonia's normal: greedy's priors at 50 virtual visits (not 5) and the constants tuned at 3 players
    # ([colonia.3]): it beat easy in 0.721 of 200 games at 3 players [0.655, 0.779], +2.4 +- 0.4 VP, where
    # ismcts:500 with the hand-set constants had 0.606 [0.537] (RESULTS.md, 2026-12-06). Its games are
    # reviewed by the hand-set search (bots.review.REVIEWERS).
    ("colonia", "normal"): f"ismcts:{NORMAL_BUDGET}:prior_weight=50:evaluation=tuned",
    # Colonia's hard: normal's search with the rivals' secret family cards and votes decided in its tree (reopen)
    # instead of a random card or vote standing for each once they have chosen, and each secret choice's prior read
    # over 4 random completions of the others' (complete; one ply later every card looks alike): above normal in
    # 0.660 of 200 games [0.592, 0.722], +2.4 +- 0.3 VP; with reopen alone 0.585 [0.516, 0.651], +1.4 +- 0.3 on the
    # same deals (RESULTS.md, 2026-12-07, evening); three runs, 600 games: 0.651 [0.612, 0.688], +2.3 +- 0.2 VP
    # (2026-12-07, night). More calls were even with normal (8,000 calls at 200 prior visits, 0.491 of 58) or
    # weaker (0.433 of 60).
    ("colonia", "hard"): f"ismcts:{NORMAL_BUDGET}:prior_weight=50:evaluation=tuned:reopen=true:complete=4",
    # Constantinopolis's hard searches with the learned evaluation (bots/learned.py): at normal's budget it won
    # 27 of 30 games against normal [0.744, 0.965], where 10,000 calls over the hand-made one won 57% (RESULTS.md).
    ("constantinopolis", "hard"): f"ismcts:{NORMAL_BUDGET}:evaluation=learned",
    # A table (GameState.table) may set a level of its own, before its game's. Valencia at four players has its
    # own tuned constants ([valencia.4]), fitted on greedy self-play; the search reads its deeper leaves through
    # them only when it trusts greedy's priors ten times as much (5,000 visits): so normal beat easy x3 in 0.637
    # of 200 games [0.568, 0.700], +5.0 +- 0.9, where the game's normal had 0.532 [0.463, 0.600] and normal's
    # 500-visit prior on the table 0.448. Hard is the game's hard on the same prior; it is even with this normal
    # (0.507 of 200 [0.438, 0.575]), as at the other tables (RESULTS.md, 2026-12-07).
    ("valencia.4", "normal"): f"ismcts:{VALENCIA_NORMAL_BUDGET}:prior_weight=5000:evaluation=tuned",
    ("valencia.4", "hard"): "ismcts:1000:prior_weight=5000:prior_worlds=8:evaluation=tuned",
    # Strasbourg at four players ([strasbourg.4]): normal is the game's; the game's hard on the table lost to it
    # (0.427 of 117 games, -2.5 +- 1.0), hard on the four-player Valencia prior is even with it (0.495 of 143).
    ("strasbourg.4", "hard"): "ismcts:1000:prior_weight=5000:prior_worlds=8:evaluation=tuned",
}


def level_setting(name: str, game: str | None = None, table: str | None = None) -> str:
    """The setting a level stands for at ``table`` of ``game`` (GAME_LEVELS: the table's own, else the
    game's); any other name stands for itself."""
    return GAME_LEVELS.get((table or "", name)) or GAME_LEVELS.get((game or "", name), name)


# The searches a ``kind:N[:key=value...]`` name can ask for: ISMCTS and determinised rollouts (bots/rollout.py).
SEARCHES = ("ismcts", "rollout")


def make_bot(name: str, seed: int = 0, game: str | None = None, time_limit: float | None = None,
             table: str | None = None) -> Bot:
    """A bot by level or name, for ``game`` and its ``table`` (``GameState.table``) if given (see
    ``GAME_LEVELS``); ``greedy:evaluation=tuned`` picks greedy's evaluation (EVALUATIONS); ``ismcts:5000``
    sets a budget in forward-model calls and further ``:key=value`` parts any other search setting, e.g.
    ``ismcts:10000:prior_depth=2``. ``time_limit`` (seconds) caps a search's decision as well."""
    name = level_setting(name, game, table)
    kind, _, spec = name.partition(":")
    try:
        if kind == "greedy" and spec:
            return GreedyBot(seed, **_settings(GreedyBot, kind, spec.split(":")))
        if kind in SEARCHES and spec:
            budget, *parts = spec.split(":")
            if not budget.isdigit() or int(budget) < 1:
                raise IllegalAction(f"bad {kind} budget {budget!r}; write {kind}:N with N a positive number of calls")
            return _search(int(budget), kind, **_settings(_search_class(kind), kind, parts))(seed, time_limit)
    except ValueError as e:  # a setting the bot refuses, e.g. an unknown rollout policy
        raise IllegalAction(str(e)) from None
    if name not in BOTS:
        raise IllegalAction(f"unknown bot {name!r}; choose one of {', '.join(BOTS)}, greedy:evaluation=..., "
                           "ismcts:N[:key=value...] or rollout:N[:key=value...]")
    return BOTS[name](seed, time_limit)


def _settings(cls: Callable[..., Bot], kind: str, parts: list[str]) -> dict[str, Any]:
    """``key=value`` strings as the bot's keyword arguments, typed like its defaults."""
    from inspect import signature

    params = signature(cls).parameters
    defaults = {k: p.default for k, p in params.items() if k not in ("seed", "budget")}
    settings: dict[str, Any] = {}  # each value typed like its default
    for part in parts:
        key, eq, text = part.partition("=")
        if key not in defaults or not eq:
            raise IllegalAction(f"bad {kind} setting {part!r}; write key=value with key one of {', '.join(defaults)}")
        typed = type(defaults[key]) if defaults[key] is not None else float
        if typed is bool:  # bool("false") would be True
            if text.lower() not in ("true", "false", "1", "0"):
                raise IllegalAction(f"bad value {text!r} for {key}; expected true or false")
            settings[key] = text.lower() in ("true", "1")
            continue
        try:
            settings[key] = typed(text)
        except ValueError:
            raise IllegalAction(f"bad value {text!r} for {key}; expected {typed.__name__}") from None
    return settings
