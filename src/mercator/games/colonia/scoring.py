"""End of game (spec §4): automatic shrine fills, church windows, relic points with shrines
counting double, and the ranking with its tie-breakers."""

from __future__ import annotations

from mercator.engine.state import Event

from .data import CITIES
from .fields import StateFields
from .player import EMPTY_SHRINE, Player
from .space import C

RELICS = C.relics


def relic_vp(p: Player) -> int:
    """Relic VP: every owned relic once, the relic inside a shrine once more."""
    return sum(RELICS[r].vp for r in p.relics) + sum(RELICS[r].vp for r in p.shrines if r >= 0)


def window_vp(players: list[Player]) -> list[int]:
    """Per player: VP from church windows (most of a currency wins; ties split, rounded down)."""
    out = [0] * len(players)
    for city in range(len(CITIES)):
        best = max(p.money[city] for p in players)
        if best <= 0:
            continue
        winners = [s for s, p in enumerate(players) if p.money[city] == best]
        for s in winners:
            out[s] += C.window_vp[city] // len(winners)
    return out


class ScoringRules(StateFields):
    __slots__ = ()

    def _final_scoring(self, ev: list[Event]) -> None:
        for s, p in enumerate(self.players):  # step 1: fill every empty shrine with the best relic it can take
            for city, state in enumerate(p.shrines):
                if state != EMPTY_SHRINE:
                    continue
                own = [r for r in p.relics if RELICS[r].city == city]
                if own:
                    best = max(own, key=lambda r: (RELICS[r].vp, -r))
                    p.shrines[city] = best
                    ev.append({"type": "shrine_filled", "seat": s, "card": RELICS[C.shrine_of_city[city]].id,
                               "relic": RELICS[best].id})
        windows = window_vp(self.players)
        for s, p in enumerate(self.players):
            ev.append({"type": "final_score", "seat": s, "relic_vp": relic_vp(p), "window_vp": windows[s],
                       "vp": relic_vp(p) + windows[s]})

    def round_number(self) -> int:
        return self.week

    def scores(self) -> list[int]:
        windows = window_vp(self.players)
        return [relic_vp(p) + w for p, w in zip(self.players, windows, strict=True)]

    def tie_key(self, seat: int, scores: list[int]) -> tuple[int, int, int]:
        """Most VP, then most money in all four currencies, then most goods tiles (spec §4 step 5)."""
        p = self.players[seat]
        return (scores[seat], sum(p.money), sum(p.goods))

    def ranking(self) -> list[int]:
        scores = self.scores()
        keys = [self.tie_key(s, scores) for s in range(len(self.players))]
        return [1 + sum(1 for k in keys if k > mine) for mine in keys]
