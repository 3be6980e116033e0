"""The fixed action space of Colonia (spec §3.12), with lookup tables of the shared Action
objects so legal-move generation indexes lists instead of building values."""

from __future__ import annotations

from mercator.engine.actions import Action, ActionSpace, int_arg, str_arg

from .data import CRAFTSMEN, GOODS, content

C = content()
R = C.rules
SHIP_IDS = [s.id for s in C.ships]
CARD_IDS = [r.id for r in C.relics]
HOLDS = max(len(s.holds) for s in C.ships)

SPACE = ActionSpace("colonia")
S = SPACE
S.kind("choose_good", ("good",), [(g,) for g in GOODS])
S.kind("play_card", ("value",), [(v,) for v in C.card_values])
S.kind("vote", ("yes",), [(False,), (True,)])
S.kind("adopt", ())
S.kind("reject", ())
S.kind("buy_stall", ("stall",), [(i + 1,) for i in range(R.stalls)])
S.kind("commission", ("craftsman",), [(c,) for c in CRAFTSMEN])
S.kind("load", ("ship", "hold"), [(s.id, h + 1) for s in C.ships for h in range(len(s.holds))])
S.kind("buy", ("card",), [(c,) for c in CARD_IDS])
_FILLS = [(C.relics[sh].id, r.id) for city, sh in enumerate(C.shrine_of_city) if sh >= 0
          for r in C.relics if r.city == city and not r.shrine]
S.kind("fill_shrine", ("shrine", "relic"), _FILLS)
S.kind("reserve", ("card",), [(c,) for c in CARD_IDS])
S.kind("pass", (), closing=True)


def group(kind: str) -> list[Action]:
    return [a for a in SPACE.actions if a.kind == kind]


CHOOSE_GOOD = group("choose_good")  # [good]
PLAY_CARD = {a.args[0]: a for a in group("play_card")}  # value -> action
VOTE_NO, VOTE_YES = group("vote")
ADOPT = SPACE.get("adopt")
REJECT = SPACE.get("reject")
BUY_STALL = group("buy_stall")  # [stall]
COMMISSION = group("commission")  # [craftsman]
# (ship, hold) -> action
LOAD = {(SHIP_IDS.index(str_arg(a.args[0])), int_arg(a.args[1]) - 1): a for a in group("load")}
BUY = group("buy")  # [card]
FILL = {(CARD_IDS.index(str_arg(a.args[0])), CARD_IDS.index(str_arg(a.args[1]))): a for a in group("fill_shrine")}
RESERVE = group("reserve")  # [card]
PASS = SPACE.get("pass")

# Integer payload of every action, read by the rules in apply().
PAYLOAD: dict[int, tuple[int, ...]] = {}
for _a in SPACE.actions:
    _k, _args = _a.kind, _a.args
    if _k == "choose_good":
        PAYLOAD[_a.index] = (GOODS.index(str_arg(_args[0])),)
    elif _k == "play_card":
        PAYLOAD[_a.index] = (int_arg(_args[0]),)
    elif _k == "vote":
        PAYLOAD[_a.index] = (int(bool(_args[0])),)  # False / True -> 0 / 1
    elif _k == "buy_stall":
        PAYLOAD[_a.index] = (int_arg(_args[0]) - 1,)
    elif _k == "commission":
        PAYLOAD[_a.index] = (CRAFTSMEN.index(str_arg(_args[0])),)
    elif _k == "load":
        PAYLOAD[_a.index] = (SHIP_IDS.index(str_arg(_args[0])), int_arg(_args[1]) - 1)
    elif _k in ("buy", "reserve"):
        PAYLOAD[_a.index] = (CARD_IDS.index(str_arg(_args[0])),)
    elif _k == "fill_shrine":
        PAYLOAD[_a.index] = (CARD_IDS.index(str_arg(_args[0])), CARD_IDS.index(str_arg(_args[1])))
    else:
        PAYLOAD[_a.index] = ()
