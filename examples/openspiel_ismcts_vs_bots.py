"""OpenSpiel's information-set MCTS (Python ISMCTSBot) at seat 0 against Mercator's own bots.

The game is loaded through pyspiel (``python_mercator_<game>``); ISMCTS samples worlds with
``state.resample_from_infostate`` (Mercator's determinisation) and scores leaves with a short
random rollout followed by the game's own evaluation (the heuristic the greedy bot uses), since
full random rollouts of a 300-move game say little. The other seats are Mercator bots acting on
the engine state behind the pyspiel state (they determinise it themselves, so nobody peeks).

    python examples/openspiel_ismcts_vs_bots.py constantinopolis --players 3 --bots easy --simulations 30

With ``--games N`` it plays N games on seeds seed, seed + 1, ..., ISMCTS taking seat ``k % players`` in game
k, and prints its win rate (first place after the tie-breakers, a shared first counted as a share) with a
Wilson 95 % interval: the OpenSpiel row of docs/interop.md's baseline table.
"""

from __future__ import annotations

import argparse

import numpy as np
from open_spiel.python.algorithms import ismcts, mcts

from mercator.arena.stats import wilson
from mercator.bots import make_bot
from mercator.bots.base import heuristic
from mercator.bots.ismcts import _scale
from mercator.interop import openspiel as mos


class HeuristicEvaluator(mcts.Evaluator):
    """Random rollout of ``depth`` moves, then each seat's lead in the game's evaluation over
    the mean of the others, squashed to (-1, 1); finished games score their real returns."""

    def __init__(self, depth: int, random_state: np.random.RandomState) -> None:
        self.depth = depth
        self.rs = random_state

    def evaluate(self, state):  # noqa: ANN001, ANN201 - OpenSpiel's Evaluator interface
        state = state.clone()
        for _ in range(self.depth):
            if state.is_terminal():
                break
            state.apply_action(int(self.rs.choice(state.legal_actions())))
        if state.is_terminal():
            return np.array(state.returns())
        s = state.mercator_state
        values = np.array([heuristic(s.GAME)(s, p) for p in range(s.seats)])
        lead = values - (values.sum() - values) / (s.seats - 1)
        return np.tanh(lead / _scale(s.GAME))

    def prior(self, state):  # noqa: ANN001, ANN201
        legal = state.legal_actions(state.current_player())
        return [(a, 1.0 / len(legal)) for a in legal]


def play(game: str, players: int, bots: str, simulations: int, rollout_length: int, seed: int,
         seat: int = 0) -> list[float]:
    """One game, ISMCTS at ``seat``; the returns (ranking rewards) per seat."""
    return _game(game, players, bots, simulations, rollout_length, seed, seat).returns()


def _game(game: str, players: int, bots: str, simulations: int, rollout_length: int, seed: int, me: int):  # noqa: ANN202
    g = mos.load(game, players=players, seed=seed)
    rs = np.random.RandomState(seed)
    evaluator = HeuristicEvaluator(rollout_length, rs)
    searcher = ismcts.ISMCTSBot(g, evaluator, uct_c=2.0, max_simulations=simulations, random_state=rs,
                                allow_inconsistent_action_sets=True)
    others = {seat: make_bot(bots, seed=seed + seat, game=game) for seat in range(players) if seat != me}
    state = g.new_initial_state()
    while not state.is_terminal():
        seat = state.current_player()
        # Mercator bots read the engine state but only through legal actions and determinize().
        action = searcher.step(state) if seat == me else others[seat].act(state.mercator_state, seat).index
        state.apply_action(int(action))
    return state


def win_rate(game: str, players: int, bots: str, simulations: int, rollout_length: int, seed: int,
             games: int) -> tuple[float, int, tuple[float, float]]:
    """ISMCTS's wins (shares of first place) in ``games`` games with rotating seats, and the Wilson interval."""
    wins = 0.0
    for k in range(games):
        me = k % players
        ranking = _game(game, players, bots, simulations, rollout_length, seed + k, me).mercator_state.ranking()
        wins += 1.0 / ranking.count(1) if ranking[me] == 1 else 0.0
    return wins, games, wilson(wins, games)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("game")
    parser.add_argument("--players", type=int, default=3)
    parser.add_argument("--bots", default="easy", help="random, easy, normal, hard or ismcts:N")
    parser.add_argument("--simulations", type=int, default=30, help="ISMCTS simulations per decision")
    parser.add_argument("--rollout-length", type=int, default=10, help="random moves before the evaluation")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--games", type=int, default=0, help="play this many games and print the win rate")
    args = parser.parse_args()
    if args.games:
        wins, n, (lo, hi) = win_rate(args.game, args.players, args.bots, args.simulations, args.rollout_length,
                                     args.seed, args.games)
        print(f"ISMCTS ({args.simulations} simulations) against {args.bots}: first in {wins:g} of {n} games, "
              f"{wins / n:.0%} [{lo:.0%}-{hi:.0%}]")
        return
    returns = play(args.game, args.players, args.bots, args.simulations, args.rollout_length, args.seed)
    print("returns (seat 0 is ISMCTS):", [round(r, 3) for r in returns])


if __name__ == "__main__":
    main()
