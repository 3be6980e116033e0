"""Decision frames: the stack entries that say who must decide what (TAG's action stack), on the
engine's typed frames (``mercator.engine.frames``).

Each frame kind is a ``typing.NamedTuple`` of its fields (``_BidFields``) and a subclass that adds
what every frame answers (``NAME``, ``deciders``, ``legal``, ``apply``, ``run``) and ``view``, the
frame's part of the state view. (The behaviour lives in a subclass because a type checker allows
no class attribute such as ``NAME`` in a NamedTuple's own body.) The first field is always the
integer kind code below and the others keep their historical order, so the canonical form of a
state (a frame is a list of its fields) and every state hash are those of the former plain tuples.
Every frame is a decision; the round's automatic structure is ``ConstantinopolisState._idle``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, NamedTuple, NoReturn

from mercator.engine.actions import Action
from mercator.engine.state import Event

from .data import GOODS, OFFICES, SIZES
from .space import CARD_IDS, END_TURN, SPACE, C
from .space import SWAP as SWAP_ACTS

if TYPE_CHECKING:
    from .fields import StateFields
    from .state import ConstantinopolisState as State

ACT = 0  # Act(ACT, seat): phase-1 activation: stay, move or challenge
BID = 1  # Bid(BID, challenger, holder, office, current bid, leader)
GOOD = 2  # Good(GOOD, seat, source): take one produced good (Pretorio, Porta Charisiana)
TURN = 3  # Turn(TURN, seat): own turn in phase 4 or 6
PREEMPT = 4  # Preempt(PREEMPT, consul, buyer, building, use_redemptor)
LOAD = 5  # Load(LOAD, seat, size, contracts on board, load counted, goods needed)
SWAP = 6  # Swap(SWAP, seat, first picked contract)
OFFER = 7  # Offer(OFFER, seat, target, stage 0 give / 1 get, give_gold, give_goods, get_gold, get_goods)
ANSWER = 8  # Answer(ANSWER, target, offerer, give_gold, give_goods, get_gold, get_goods)
SIMUL = 9  # Simul(SIMUL, "donate" | "keep"): every seat in ``waiting`` commits secretly

NAMES = ("office auction", "office bidding", "take a good", "own turn", "Consul pre-emption",
         "loading a ship", "contract swap", "trade offer", "answer a trade offer", "simultaneous choice")

SOURCES = ("pretorio", "charisiana")

PREEMPT_ACTS = (SPACE.get("preempt", False), SPACE.get("preempt", True))


def bundle(gold: int, goods: tuple[int, ...]) -> dict[str, int]:
    return {"gold": gold, **{GOODS[g]: n for g, n in enumerate(goods) if n}}


class _Decision:
    """What the decisions share: one deciding seat (the first field after the kind) and no
    automatic step."""

    __slots__ = ()

    def run(self, state: State, ev: list[Event]) -> NoReturn:
        raise AssertionError(f"{type(self).__name__} is a decision, not an automatic step")


class _ActFields(NamedTuple):
    kind: int
    seat: int


class Act(_Decision, _ActFields):
    __slots__ = ()
    NAME = NAMES[ACT]

    def deciders(self, state: State) -> tuple[int, ...]:
        return (self.seat,)

    def legal(self, state: State, seat: int) -> list[Action]:
        return state._legal_act(seat)

    def apply(self, state: State, seat: int, a: Action, ev: list[Event]) -> None:
        state._apply_act(seat, a, ev)

    def view(self, state: StateFields, viewer: int | None) -> dict[str, Any]:
        return {"seat": self.seat}


class _BidFields(NamedTuple):
    kind: int
    challenger: int
    holder: int
    office: int
    bid: int
    leader: int


class Bid(_Decision, _BidFields):
    __slots__ = ()
    NAME = NAMES[BID]

    def deciders(self, state: State) -> tuple[int, ...]:
        return (self.holder if self.leader == self.challenger else self.challenger,)

    def legal(self, state: State, seat: int) -> list[Action]:
        return state._legal_bid(self)

    def apply(self, state: State, seat: int, a: Action, ev: list[Event]) -> None:
        state._apply_bid(self, seat, a, ev)

    def view(self, state: StateFields, viewer: int | None) -> dict[str, Any]:
        return {"challenger": self.challenger, "holder": self.holder, "office": OFFICES[self.office],
                "bid": self.bid, "leader": self.leader}


class _GoodFields(NamedTuple):
    kind: int
    seat: int
    source: int  # index into SOURCES


class Good(_Decision, _GoodFields):
    __slots__ = ()
    NAME = NAMES[GOOD]

    def deciders(self, state: State) -> tuple[int, ...]:
        return (self.seat,)

    def legal(self, state: State, seat: int) -> list[Action]:
        return state._legal_good(seat)

    def apply(self, state: State, seat: int, a: Action, ev: list[Event]) -> None:
        state.stack.pop()
        state._apply_good(self, seat, a, ev)

    def view(self, state: StateFields, viewer: int | None) -> dict[str, Any]:
        return {"seat": self.seat, "source": SOURCES[self.source]}


class _TurnFields(NamedTuple):
    kind: int
    seat: int


class Turn(_Decision, _TurnFields):
    __slots__ = ()
    NAME = NAMES[TURN]

    def deciders(self, state: State) -> tuple[int, ...]:
        return (self.seat,)

    def legal(self, state: State, seat: int) -> list[Action]:
        p = state.players[seat]
        acts: list[Action] = []
        phase = state.phase
        if phase == 4:
            state._legal_buy(p, acts)
        state._legal_market(p, acts)
        state._legal_commercial(p, acts)
        if phase == 6:
            state._legal_contracts(seat, p, acts)
        acts.append(END_TURN)
        return acts

    def apply(self, state: State, seat: int, a: Action, ev: list[Event]) -> None:
        kind = a.kind
        if kind == "buy_building":
            state._apply_buy(seat, a, ev)
        elif kind in ("market_buy", "market_sell"):
            state._apply_market(seat, a, ev)
        elif kind in ("use_commercial", "use_porta_pegae"):
            state._apply_commercial(seat, a, ev)
        elif a is END_TURN:
            state.stack.pop()
            p = state.players[seat]
            if state.phase == 6 and p.hand:
                state.discard.extend(p.hand)
                ev.append({"type": "hand_discarded", "seat": seat, "contracts": [CARD_IDS[c] for c in p.hand]})
                p.hand = []
                state.reveal = True
            ev.append({"type": "end_turn", "seat": seat})
        else:
            state._apply_contract_action(seat, a, ev)

    def view(self, state: StateFields, viewer: int | None) -> dict[str, Any]:
        return {"seat": self.seat}


class _PreemptFields(NamedTuple):
    kind: int
    consul: int
    buyer: int
    building: int  # the building's bid
    redemptor: int  # the buyer uses the Redemptor's discount


class Preempt(_Decision, _PreemptFields):
    __slots__ = ()
    NAME = NAMES[PREEMPT]

    def deciders(self, state: State) -> tuple[int, ...]:
        return (self.consul,)

    def legal(self, state: State, seat: int) -> list[Action]:
        return list(PREEMPT_ACTS)

    def apply(self, state: State, seat: int, a: Action, ev: list[Event]) -> None:
        state.stack.pop()
        state._apply_preempt(self, a, ev)

    def view(self, state: StateFields, viewer: int | None) -> dict[str, Any]:
        return {"consul": self.consul, "buyer": self.buyer, "building": C.buildings[self.building].id,
                "redemptor": bool(self.redemptor)}


class _LoadFields(NamedTuple):
    kind: int
    seat: int
    size: int
    cards: tuple[int, ...]  # the contracts on board so far
    used: int  # the load they count
    need: tuple[int, ...]  # the goods they need, per good


class Load(_Decision, _LoadFields):
    __slots__ = ()
    NAME = NAMES[LOAD]

    def deciders(self, state: State) -> tuple[int, ...]:
        return (self.seat,)

    def legal(self, state: State, seat: int) -> list[Action]:
        return state._legal_load(self)

    def apply(self, state: State, seat: int, a: Action, ev: list[Event]) -> None:
        state._apply_load(self, a, ev)

    def view(self, state: StateFields, viewer: int | None) -> dict[str, Any]:
        return {"seat": self.seat, "size": SIZES[self.size], "contracts": [CARD_IDS[c] for c in self.cards],
                "load": self.used, "goods": {GOODS[g]: n for g, n in enumerate(self.need) if n}}


class _SwapFields(NamedTuple):
    kind: int
    seat: int
    first: int  # the first picked contract (hidden from the other seats)


class Swap(_Decision, _SwapFields):
    """The second card of a two-card swap."""

    __slots__ = ()
    NAME = NAMES[SWAP]

    def deciders(self, state: State) -> tuple[int, ...]:
        return (self.seat,)

    def legal(self, state: State, seat: int) -> list[Action]:
        return [SWAP_ACTS[c] for c in state.players[seat].hand]

    def apply(self, state: State, seat: int, a: Action, ev: list[Event]) -> None:
        state.stack.pop()
        state._apply_swap(self, a, ev)

    def view(self, state: StateFields, viewer: int | None) -> dict[str, Any]:
        out: dict[str, Any] = {"seat": self.seat}
        if viewer == self.seat:
            out["picked"] = CARD_IDS[self.first]
        return out


class _OfferFields(NamedTuple):
    kind: int
    seat: int
    target: int
    stage: int  # 0: what the offerer gives, 1: what he asks for
    give_gold: int
    give_goods: tuple[int, ...]
    get_gold: int
    get_goods: tuple[int, ...]


class Offer(_Decision, _OfferFields):
    __slots__ = ()
    NAME = NAMES[OFFER]

    def deciders(self, state: State) -> tuple[int, ...]:
        return (self.seat,)

    def legal(self, state: State, seat: int) -> list[Action]:
        return state._legal_offer(self)

    def apply(self, state: State, seat: int, a: Action, ev: list[Event]) -> None:
        state._apply_offer(self, a, ev)

    def view(self, state: StateFields, viewer: int | None) -> dict[str, Any]:
        return {"seat": self.seat, "target": self.target, "give": bundle(self.give_gold, self.give_goods),
                "get": bundle(self.get_gold, self.get_goods), "stage": ("give", "get")[self.stage]}


class _AnswerFields(NamedTuple):
    kind: int
    target: int
    offerer: int
    give_gold: int
    give_goods: tuple[int, ...]
    get_gold: int
    get_goods: tuple[int, ...]


class Answer(_Decision, _AnswerFields):
    __slots__ = ()
    NAME = NAMES[ANSWER]

    def deciders(self, state: State) -> tuple[int, ...]:
        return (self.target,)

    def legal(self, state: State, seat: int) -> list[Action]:
        return state._legal_answer()

    def apply(self, state: State, seat: int, a: Action, ev: list[Event]) -> None:
        state.stack.pop()
        state._apply_answer(self, a, ev)

    def view(self, state: StateFields, viewer: int | None) -> dict[str, Any]:
        return {"target": self.target, "seat": self.offerer, "give": bundle(self.give_gold, self.give_goods),
                "get": bundle(self.get_gold, self.get_goods)}


class _SimulFields(NamedTuple):
    kind: int
    choice: str  # "donate" (phase 7) or "keep" (phase 8 storage)


class Simul(_Decision, _SimulFields):
    """A simultaneous hidden choice: each seat's is stored secretly, and all are resolved when
    every waiting seat has chosen."""

    __slots__ = ()
    NAME = NAMES[SIMUL]

    def deciders(self, state: State) -> tuple[int, ...]:
        return state.pending_seats()

    def legal(self, state: State, seat: int) -> list[Action]:
        return state._legal_donate(seat) if self.choice == "donate" else state._legal_keep(seat)

    def apply(self, state: State, seat: int, a: Action, ev: list[Event]) -> None:
        ev.append({"type": "committed", "seat": seat, "choice": self.choice})
        chosen = state.commit_choice(seat, a)
        if chosen is None:
            return
        state.stack.pop()
        resolve = state._resolve_donate if self.choice == "donate" else state._resolve_keep
        for s, choice in chosen:
            resolve(s, choice, ev)
        state.reveal = True

    def view(self, state: StateFields, viewer: int | None) -> dict[str, Any]:
        return {"choice": self.choice, **state.choices_view(viewer)}


Frame = Act | Bid | Good | Turn | Preempt | Load | Swap | Offer | Answer | Simul  # one stack entry
KINDS: tuple[type[Frame], ...] = (Act, Bid, Good, Turn, Preempt, Load, Swap, Offer, Answer, Simul)  # by kind code

