"""Valencia (Queen Games 2025), 2-5 players, and its original Strasbourg (Pegasus 2011), 3-5
players, as the option ``edition``: plan face-down stacks of influence cards that must last five
rounds, then bid them in nine (seven) auctions for council seats, goods, coins and a place in the
city. Rules: shared/spec/valencia.md."""

from mercator.engine.registry import GameInfo, Plugins, register

from .space import SPACE
from .state import ValenciaState

INFO = register(GameInfo(
    name="valencia",
    title="Valencia",
    summary="Plan hidden stacks from a 24-card deck that must last five rounds and bid them for council seats, "
            "goods, coins and places near fountains and palms (2-5 players; Strasbourg edition 3-5).",
    player_counts=(2, 3, 4, 5),
    factory=ValenciaState,
    space=SPACE,
    # city_layout: Valencia's four double-sided city pieces all on side A, or each side at random
    # (Strasbourg's map is fixed); round_card_order: shuffled or v1..v5 / s1..s5 (spec §2).
    options={"edition": ("valencia", "strasbourg"), "city_layout": ("default", "random_sides"),
             "round_card_order": ("random", "fixed")},
    max_actions_per_player=600,
    counts_by_option={("edition", "strasbourg"): (3, 4, 5)},
    position=3,
    end_reasons={"end": "the fifth round ended"},
    plugins=Plugins(
        heuristics="mercator.games.valencia.heuristics",
        mechanisms="mercator.games.valencia.mechanisms:tally",
        content="mercator.games.valencia.data",
        explain="mercator.games.valencia.explain",
        invariants="mercator.games.valencia.invariants:violations",
        encoder="mercator.interop.encoders.valencia:ENCODER",
        wording="mercator.games.valencia.wording",
        tui="mercator.tui.valencia",
        web_board="boards/valencia.js",
    ),
))

__all__ = ["INFO", "ValenciaState"]
