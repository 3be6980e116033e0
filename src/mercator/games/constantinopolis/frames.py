"""Decision frames: the stack entries that say who must decide what (TAG's action stack).

A frame is a plain tuple whose first item is one of these kinds; the second is always the
seat that decides (except SIMUL, where ``waiting`` on the state lists the seats).
"""

from typing import Any

ACT = 0  # (ACT, seat): phase-1 activation: stay, move or challenge
BID = 1  # (BID, challenger, holder, office, current bid, leader)
GOOD = 2  # (GOOD, seat, source): take one produced good (Pretorio, Porta Charisiana)
TURN = 3  # (TURN, seat): own turn in phase 4 or 6
PREEMPT = 4  # (PREEMPT, consul, buyer, building, use_redemptor)
LOAD = 5  # (LOAD, seat, size, contracts on board, load counted, goods needed)
SWAP = 6  # (SWAP, seat, first picked contract)
OFFER = 7  # (OFFER, seat, target, stage 0 give / 1 get, give_gold, give_goods, get_gold, get_goods)
ANSWER = 8  # (ANSWER, target, offerer, give_gold, give_goods, get_gold, get_goods)
SIMUL = 9  # (SIMUL, "donate" | "keep"): every seat in ``waiting`` commits secretly

NAMES = ("office auction", "office bidding", "take a good", "own turn", "Consul pre-emption",
         "loading a ship", "contract swap", "trade offer", "answer a trade offer", "simultaneous choice")

SOURCES = ("pretorio", "charisiana")

Frame = tuple[Any, ...]  # one stack entry: (kind, seat, ...) as above
