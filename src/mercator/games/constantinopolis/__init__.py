"""Constantinopolis (Giancarlo Fioretti, 2010), 2-5 players: offices, ships and contracts,
licences A-D, buildings, city walls, markets and donations. Rules: shared/spec/constantinopolis.md."""

from mercator.engine.registry import GameInfo, Plugins, register

from .space import SPACE
from .state import ConstantinopolisState

INFO = register(GameInfo(
    name="constantinopolis",
    title="Constantinopolis",
    summary="Bid for Byzantine offices, build a production economy and ship contracts across the "
            "Mediterranean for fame (2-5 players, about 9 rounds).",
    player_counts=(2, 3, 4, 5),
    factory=ConstantinopolisState,
    space=SPACE,
    options={"free_trade": (False, True)},
    max_actions_per_player=6000,
    position=1,
    end_reasons={"public_buildings_sold": "the last public building was bought (spec §4.1 a)",
                 "final_round": "the market deck ran out twice and the final round was played (spec §4.1 b)"},
    plugins=Plugins(
        heuristics="mercator.games.constantinopolis.heuristics",
        mechanisms="mercator.games.constantinopolis.mechanisms:tally",
        content="mercator.games.constantinopolis.data",
        invariants="mercator.games.constantinopolis.invariants:violations",
        encoder="mercator.interop.encoders.constantinopolis:ENCODER",
        wording="mercator.games.constantinopolis.wording",
        tui="mercator.tui.constantinopolis",
        web_board="boards/constantinopolis.js",
        board_tables="mercator.games.constantinopolis.data:board_tables",
        explain="mercator.games.constantinopolis.explain",
    ),
))

__all__ = ["INFO", "ConstantinopolisState"]
