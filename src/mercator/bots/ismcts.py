"""Information-set Monte Carlo tree search (Cowling, Powley and Whitehouse 2012), for every game.

Each iteration samples one world the bot's seat cannot tell from the real one
(``state.determinize(seat, rng)``), walks the shared tree with UCB restricted to the actions
legal in that world (counting availability, as SO-ISMCTS does), expands one node, plays a short
rollout and scores the leaf for every seat with the game's own evaluation.

- Chance: the determinisation reseeds the world's generator, so chance is sampled per iteration
  and the tree, keyed by actions only, averages over it.
- Simultaneous hidden choices: when several seats must commit at once, each seat picks from its
  own statistics at that node (decoupled UCT), so no seat's choice is made knowing another's.
- Compound turns are just deeper levels: every atomic action is one edge.
- Budget: forward-model calls (each ``apply``), default 2,000; an optional time limit stops earlier.
- World baseline (``world_baseline``): the sampled worlds differ by more than the moves do (in Valencia
  a seat's lead varies by about 3 VP from world to world, the best and worst move by about 1.7 VP), so
  a leaf's lead is taken relative to the lead at the root of the same world, plus the mean root lead
  over the worlds seen: a control variate that removes what the world alone decides.
- Evaluation (``evaluation``): the game's hand-made ``heuristic`` (default), the ``learned`` one
  (bots/learned.py: each seat's final score predicted from its view by weights fitted on self-play), or
  the hand-made one with ``tuned`` constants where the game has them (Valencia: ``tuned.toml``), for the
  leaves and the priors alike.
- Blind opponents (``blind_opponents``): an opponent's greedy priors are computed in a world sampled
  from that opponent's own view, so the search does not credit it with knowing this seat's secrets
  (in the sampled world this seat's hidden cards are the true ones; priors read there let the
  opponent answer them, which makes the searcher needlessly pessimistic).
- Prior worlds (``prior_worlds``): the searching seat's root priors averaged over that many sampled
  worlds instead of read in the first one.
- Trees (``trees``, root parallelisation: Chaslot, Winands and van den Herik 2008): the budget split over
  that many independent searches whose root statistics are summed. With Valencia's heavy priors more calls
  in one tree made it weaker (the real visits outweigh greedy's priors where the tree is least sure),
  while several small trees average out the noise of one small tree's choice.
- Reopened choices (``reopen``): in a sampled world the other seats' secret choices of a simultaneous decision
  are taken back (``GameState.reopen_choices``), so the tree decides them with their own statistics and priors,
  as it does when this seat chooses first, instead of taking a random legal choice for each; a seat that
  chooses after others would otherwise face random rivals.
- Completed choices (``complete``): a secret choice acts only once every seat has chosen, so one ply after it
  every choice of a seat that is not the last looks alike (Colonia's family cards: the same value for each) and
  greedy's priors say nothing; with ``complete=K`` such a choice's prior is its value averaged over K random
  completions of the others' choices.
- Leaf evaluation (``leaf``): the leaves valued with another evaluation than the priors, e.g. Valencia's
  constants fitted to predict the final lead (``leaf=fitted``) under priors from those tuned for one-ply choices:
  values that order moves well need not be good leaf values (RESULTS.md).
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable
from typing import NamedTuple

from mercator.engine.actions import Action
from mercator.engine.rng import SearchRng
from mercator.engine.state import GameState

from .base import EVALUATIONS, evaluation_function, greedy_action, heuristics, seat_leads

Stats = dict[int, list[float]]  # action index -> [visits, reward sum, availability]


class Node:
    __slots__ = ("stats", "children")

    def __init__(self) -> None:
        self.stats: dict[int, Stats] = {}  # seat -> its statistics at this node
        self.children: dict[tuple[int, ...], Node] = {}


class RankingBot:
    """A search that ranks every legal action (``ranked``, which hints and the game review read) and plays
    the first."""

    def ranked(self, state: GameState, seat: int) -> list[Ranked]:
        raise NotImplementedError

    def act(self, state: GameState, seat: int) -> Action:
        legal = state.legal_actions(seat)
        if len(legal) == 1:
            return legal[0]
        return self.ranked(state, seat)[0].action


class IsmctsBot(RankingBot):
    """ISMCTS with depth-limited rollouts and heuristic leaf values."""

    name = "ismcts"

    def __init__(self, seed: int = 0, budget: int = 2000, time_limit: float | None = None,
                 rollout_depth: int = 0, exploration: float = 0.25, temperature: float | None = None,
                 prior_depth: int = 1, prior_weight: float = 5.0, rollout_policy: str = "random",
                 world_baseline: bool = False, blind_opponents: bool = False, prior_worlds: int = 1,
                 evaluation: str = "heuristic", trees: int = 1, reopen: bool = False, complete: int = 0,
                 leaf: str = "") -> None:
        if prior_worlds < 1 or trees < 1:
            raise ValueError(f"prior_worlds and trees must be at least 1, not {prior_worlds} and {trees}")
        if complete < 0:
            raise ValueError(f"complete must be 0 (off) or a number of completions, not {complete}")
        if rollout_policy not in ("random", "greedy"):
            raise ValueError(f"rollout_policy must be 'random' or 'greedy', not {rollout_policy!r}")
        for option, kind in (("evaluation", evaluation), ("leaf", leaf or evaluation)):
            if kind not in EVALUATIONS:
                raise ValueError(f"{option} must be one of {', '.join(EVALUATIONS)}, not {kind!r}")
        self.evaluation = evaluation
        self.leaf = leaf
        self.rng = SearchRng(seed)
        self.budget = budget
        self.time_limit = time_limit
        self.rollout_depth = rollout_depth
        self.exploration = exploration
        self.temperature = temperature
        self.prior_depth = prior_depth
        self.prior_weight = prior_weight
        self.rollout_policy = rollout_policy
        self.world_baseline = world_baseline
        self.blind_opponents = blind_opponents
        self.prior_worlds = prior_worlds
        self.trees = trees
        self.reopen = reopen
        self.complete = complete
        self.view_rng = SearchRng(seed ^ 0x5EED)  # its own stream: the main one stays as without the option
        self._shift: list[float] = []  # per seat: mean root lead minus this world's root lead
        self._lead_mean: list[float] = []  # per seat: mean root lead over the worlds so far
        self.calls = 0  # forward-model calls spent on the last decision
        self.iterations = 0

    # ---- the decision ------------------------------------------------------------------------
    def ranked(self, state: GameState, seat: int) -> list[Ranked]:
        """Search, then every legal action, best first (the one act() plays), with the share of the
        search spent on it and its estimated lead over the best other seat, in the game's points."""
        legal = state.legal_actions(seat)
        if len(legal) == 1:
            return [Ranked(legal[0], 1.0, 0.0)]
        evaluate = evaluation_function(state, self.evaluation)
        leaf = evaluation_function(state, self.leaf) if self.leaf else evaluate
        scale = self.temperature or _scale(state.GAME)
        start = time.perf_counter()
        self.calls = self.iterations = 0
        self._shift = [0.0] * state.seats
        self._lead_mean = [0.0] * state.seats
        mine: Stats = {}
        for t in range(1, self.trees + 1):
            # Tree t may spend up to t/trees of the budget and of the time limit, counted from the start.
            budget = self.budget * t // self.trees
            deadline = None if self.time_limit is None else start + self.time_limit * t / self.trees
            root = Node()
            if self.prior_worlds > 1:
                self.calls += self._root_priors(root, state, seat, evaluate, scale)
            while self.calls < budget and (deadline is None or time.perf_counter() < deadline):
                world = self._world(state, seat)
                if self.world_baseline:
                    self._set_baseline(world, evaluate)
                self.calls += self._iterate(root, world, seat, evaluate, leaf, scale)
                self.iterations += 1
            for index, (visits, total, *_) in root.stats.get(seat, {}).items():
                entry = mine.setdefault(index, [0, 0.0, 0])
                entry[0] += visits
                entry[1] += total
        # The most visited action is best; ties go to the better mean, then to the bot's seeded generator,
        # never to the order of the legal actions (issue 19: no accidental ties).
        seen = [(mine.get(a.index, (0, 0.0))[0], _mean(mine.get(a.index))) for a in legal]
        lots = [self.rng.below(1 << 30) for _ in legal]
        order = sorted(range(len(legal)), key=lambda i: (-seen[i][0], -seen[i][1], lots[i]))
        visits = sum(v for v, _ in seen) or 1
        return [Ranked(legal[i], seen[i][0] / visits, _lead(seen[i][1], scale)) for i in order]

    def _world(self, state: GameState, seat: int) -> GameState:
        """A world ``seat`` cannot tell from the real one (with ``reopen``, other seats' secret choices taken back)."""
        world = state.determinize(seat, self.rng)
        if self.reopen:
            world.reopen_choices(seat)
        return world

    def _set_baseline(self, world: GameState, evaluate: Callable[[GameState, int], float]) -> None:
        """Shift this world's leaf leads by (mean root lead so far) - (this world's root lead)."""
        leads = seat_leads(world, evaluate)
        n = self.iterations + 1
        for s, lead in enumerate(leads):
            # A running mean that stays exactly equal to the lead while every world agrees, so where
            # hidden information does not move the evaluation the search is bit-identical to no baseline.
            self._lead_mean[s] += (lead - self._lead_mean[s]) / n
            self._shift[s] = self._lead_mean[s] - lead

    def _iterate(self, root: Node, world: GameState, me: int, evaluate: Callable[[GameState, int], float],
                 leaf: Callable[[GameState, int], float], scale: float) -> int:
        """One selection-expansion-rollout-backpropagation pass (priors read with ``evaluate``, the leaf with
        ``leaf``); returns the forward calls used."""
        calls = 0
        path: list[tuple[Node, list[tuple[int, int]]]] = []
        node = root
        expanded = False
        depth = 0
        while not expanded and not world.is_over():
            seats = world.to_act()
            if me in seats:  # the searching seat chooses first at a simultaneous node
                seats = (me, *(s for s in seats if s != me))
            joint: list[tuple[int, int]] = []
            for s in seats:
                if s not in world.to_act():
                    continue
                if s not in node.stats and depth <= self.prior_depth:
                    calls += self._priors(node, world, s, me, evaluate, scale)
                action, new = self._select(node, world, s)
                expanded = expanded or new
                world.apply(s, action)
                calls += 1
                joint.append((s, action.index))
            path.append((node, joint))
            key = tuple(i for _, i in joint)
            child = node.children.get(key)
            if child is None:
                child = node.children[key] = Node()
                expanded = True
            node = child
            depth += 1
        calls += self._rollout(world, evaluate)
        rewards = self._rewards(world, leaf, scale)
        for n, joint in path:
            for s, i in joint:
                entry = n.stats[s][i]
                entry[0] += 1
                entry[1] += rewards[s]
        return max(calls, 1)

    def _select(self, node: Node, world: GameState, seat: int) -> tuple[Action, bool]:
        """UCB over the actions legal in this world; an untried one is tried first (expansion)."""
        legal = world.legal_actions(seat)
        stats = node.stats.setdefault(seat, {})
        untried: list[Action] = []
        for a in legal:
            entry = stats.get(a.index)
            if entry is None:
                stats[a.index] = [0, 0.0, 1]
                untried.append(a)
            else:
                entry[2] += 1
                if entry[0] == 0:
                    untried.append(a)
        for a in untried:  # an action never available before is as good as tried once
            stats[a.index][2] = max(stats[a.index][2], 1)
        if untried:
            return untried[self.rng.below(len(untried))], True
        c = self.exploration
        best, best_value, tied = legal[0], -1.0, 1
        for a in legal:
            n, w, avail = stats[a.index]
            value = w / n + c * math.sqrt(math.log(max(avail, 1)) / n)
            if value > best_value:
                best, best_value, tied = a, value, 1
            elif value == best_value:  # equal priors make exact ties: one of them at random, not the first
                tied += 1
                if self.rng.below(tied) == 0:
                    best = a
        return best, False

    def _priors(self, node: Node, world: GameState, seat: int, me: int,
                evaluate: Callable[[GameState, int], float], scale: float) -> int:
        """Progressive bias near the root: each action starts with ``prior_weight`` virtual visits
        at the value the game's evaluation gives one ply later (the greedy bot's view)."""
        legal = world.legal_actions(seat)
        stats: Stats = {}
        k = self.prior_weight
        if self.blind_opponents and seat != me:
            world = world.determinize(seat, self.view_rng)
        calls = len(legal)
        for a in legal:
            child = world.clone()
            child.apply(seat, a)
            if self.complete and child.awaits_others(seat):
                value, used = self._completed_value(child, seat, evaluate, scale)
                calls += used
            else:
                value = self._rewards(child, evaluate, scale)[seat]
            stats[a.index] = [k, k * value, 0]
        node.stats[seat] = stats
        return calls

    def _completed_value(self, child: GameState, seat: int, evaluate: Callable[[GameState, int], float],
                         scale: float) -> tuple[float, int]:
        """``seat``'s secret choice is made and waits for the others' (a card acts only once all are revealed, so
        one ply later every choice looks alike): its value averaged over ``complete`` random completions, and the
        forward calls they took."""
        total, used = 0.0, 0
        for _ in range(self.complete):
            world = child.clone()
            while world.awaits_others(seat):
                s = world.to_act()[0]
                options = world.legal_actions(s)
                world.apply(s, options[self.rng.below(len(options))])
                used += 1
            total += self._rewards(world, evaluate, scale)[seat]
        return total / self.complete, used

    def _root_priors(self, root: Node, state: GameState, seat: int,
                     evaluate: Callable[[GameState, int], float], scale: float) -> int:
        """The searching seat's priors at the root, averaged over ``prior_worlds`` sampled worlds rather than
        read in the first one: with heavy priors the root decision is mostly greedy's, and in one world greedy
        answers that world's hidden cards (in Valencia a lead moves about 3 VP between worlds)."""
        legal = state.legal_actions(seat)
        totals = [0.0] * len(legal)
        for _ in range(self.prior_worlds):
            world = self._world(state, seat)
            for i, a in enumerate(legal):
                child = world.clone()
                child.apply(seat, a)
                totals[i] += self._rewards(child, evaluate, scale)[seat]
        k, n = self.prior_weight, self.prior_worlds
        root.stats[seat] = {a.index: [k, k * total / n, 0] for a, total in zip(legal, totals, strict=True)}
        return self.prior_worlds * len(legal)

    def _rollout(self, world: GameState, evaluate: Callable[[GameState, int], float]) -> int:
        """A few moves past the leaf, random or greedy (greedy costs one call per action tried)."""
        calls = 0
        for _ in range(self.rollout_depth):
            seats = world.to_act()
            if not seats:
                break
            s = seats[0]
            legal = world.legal_actions(s)
            if self.rollout_policy == "greedy" and len(legal) > 1:
                action = greedy_action(world, s, legal, evaluate, self.rng)
                calls += len(legal)
            else:
                action = legal[self.rng.below(len(legal))]
            world.apply(s, action)
            calls += 1
        return calls

    def _rewards(self, world: GameState, evaluate: Callable[[GameState, int], float], scale: float) -> list[float]:
        """Each seat's reward in [0, 1]: its lead over the best other seat (shifted by the world
        baseline when that is on), squashed. A finished game rewards the ranking itself (a win is
        worth more than any margin)."""
        return squashed_rewards(world, evaluate, scale, self._shift if self.world_baseline else None)


def squashed_rewards(world: GameState, evaluate: Callable[[GameState, int], float], scale: float,
                     shift: list[float] | None = None) -> list[float]:
    """Each seat's lead over the best other seat (plus ``shift``), squashed to [0, 1]; a finished game
    rewards the ranking itself (a win is worth more than any margin)."""
    n = world.seats
    if world.is_over():
        ranking = world.ranking()
        winners = ranking.count(1)
        return [(1.0 / winners if ranking[s] == 1 else 0.0) * 0.8 + 0.2 * (n - ranking[s]) / max(1, n - 1)
                for s in range(n)]
    leads = seat_leads(world, evaluate)
    if shift is not None:
        leads = [lead + sh for lead, sh in zip(leads, shift, strict=True)]
    return [1.0 / (1.0 + math.exp(-max(-50.0, min(50.0, lead / scale)))) for lead in leads]


class Ranked(NamedTuple):
    action: Action
    share: float  # of the root visits
    lead: float  # estimated lead over the best other seat, in the game's points


def _lead(reward: float, scale: float) -> float:
    """The lead a mean reward stands for (the inverse of the squashing in _rewards)."""
    reward = min(0.995, max(0.005, reward))
    return scale * math.log(reward / (1.0 - reward))


def _mean(entry: list[float] | None) -> float:
    return entry[1] / entry[0] if entry and entry[0] else 0.0


def _scale(game: str) -> float:
    """How many evaluation points make a clear lead in this game (``heuristics.SCALE``)."""
    return float(getattr(heuristics(game), "SCALE", 5.0))
