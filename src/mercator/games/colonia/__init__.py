"""Colonia (Dirk Henn, Queen Games 2009), 3-6 players: six weeks of seven days in medieval
Cologne: council and decrees, market, craftsmen, ships and relics. Rules: shared/spec/colonia.md.

The spec was checked against the seed review (shared/seeds/002_86bb0699bf4c22a6.txt); they agree.
Where the seed is open to two readings, the spec's reading is kept: the street-field shortfall is
placed compulsorily ("darf ... nehmen"), each later commission at a craftsman costs one member more
than the one before ("immer ein zusätzlicher"), players with 0 votes are not asked to vote (their
card would weigh nothing), and the "Warenbestand" tie-breaker counts goods tiles, not raw materials.

Modules: data (content schemas and tables), space (actions), flow (program counter and decisions),
week (Monday, Tuesday), decrees (votes and effects), market (Wednesday, Thursday), harbour (Friday,
Saturday), cathedral (Sunday), scoring (§4), state (setup, flow, views, determinisation),
invariants, heuristics (the greedy bot's evaluation)."""

from mercator.engine.registry import GameInfo, Plugins, register

from .space import SPACE
from .state import ColoniaState

INFO = register(GameInfo(
    name="colonia",
    title="Colonia",
    summary="Send family members through the week of medieval Cologne: buy raw materials, commission "
            "craftsmen, load ships for foreign money and buy relics for the cathedral (3-6 players, 6 weeks).",
    player_counts=(3, 4, 5, 6),
    factory=ColoniaState,
    space=SPACE,
    options={"free_start_good": (False, True), "weeks": (6, 5)},
    max_actions_per_player=1500,
    position=2,
    end_reasons={"end": "the last week (the sixth, or the fifth in the short game) ended"},
    round_word="week",
    plugins=Plugins(
        heuristics="mercator.games.colonia.heuristics",
        mechanisms="mercator.games.colonia.mechanisms:tally",
        content="mercator.games.colonia.data",
        explain="mercator.games.colonia.explain",
        invariants="mercator.games.colonia.invariants:violations",
        encoder="mercator.interop.encoders.colonia:ENCODER",
        wording="mercator.games.colonia.wording",
        tui="mercator.tui.colonia",
        web_board="boards/colonia.js",
    ),
))

__all__ = ["INFO", "ColoniaState"]
