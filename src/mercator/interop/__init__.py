"""Research interfaces: PettingZoo environments and OpenSpiel games for every registered game.

- ``mercator.interop.pettingzoo.env(game, players=N, ...)``: AEC environment (and ``parallel_env``).
- ``mercator.interop.single_agent.env(game, seat=k, opponents="easy", ...)``: one learner against bots (Gymnasium).
- ``mercator.interop.openspiel.register()``: registers ``python_mercator_<game>`` with pyspiel.
- ``mercator.interop.encoders``: observation encoders read from ``view(seat)`` only.

The optional dependencies (pettingzoo, gymnasium, numpy, open_spiel) are imported by the
submodules that need them, so importing this package costs nothing. See docs/interop.md.
"""
