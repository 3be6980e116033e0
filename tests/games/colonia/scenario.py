"""Scenario helpers for the Colonia rule tests (spec shared/spec/colonia.md §7).

Every scenario starts from a real ``new()`` state and then overwrites only the fields the example
fixes (members, money, raws, goods, harbour, display, order, decrees, ...). All game play then goes
through the public API ``state.apply(seat, action)`` and the state's own automatic steps; nothing
here computes a rule result itself. Chance (dice, bag draws) is fixed by giving the state a
generator whose next draws give the wanted die faces.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

from mercator.engine.actions import Action
from mercator.engine.errors import IllegalAction
from mercator.engine.rng import Rng
from mercator.games import get
from mercator.games.colonia.data import CRAFTSMEN, CURRENCIES, GOODS, RAWS
from mercator.games.colonia.flow import D_FAMILY, D_NONE, D_SEQ, PC_DECREES, PC_MONDAY, PC_TUESDAY
from mercator.games.colonia.invariants import member_locations
from mercator.games.colonia.player import EMPTY_SHRINE
from mercator.games.colonia.space import CARD_IDS, HOLDS, SHIP_IDS, SPACE, C

# Seats named after the colours of the spec's examples.
Y, R, G, B, P = range(5)
SHRINE_CITY = {C.relics[s].id: c for c, s in enumerate(C.shrine_of_city)}


def new_state(players: int = 4, seed: int = 7, **options: Any):
    return get("colonia").new(players=players, seed=seed, options=options)


def refresh(state) -> None:
    state._legal_cache = None
    state.next_legal = None


# ---- content look-ups ------------------------------------------------------------------------------
def card(cid: str) -> int:
    return CARD_IDS.index(cid)


def ship(sid: str) -> int:
    return SHIP_IDS.index(sid)


def decree(did: str) -> int:
    return next(d.did for d in C.decrees if d.id == did)


def week_card(wid: str) -> int:
    return next(w.wid for w in C.weeks if w.id == wid)


def raws_vec(**counts: int) -> list[int]:
    assert set(counts) <= set(RAWS), counts
    return [counts.get(t, 0) for t in RAWS]


def goods_vec(**counts: int) -> list[int]:
    assert set(counts) <= set(GOODS), counts
    return [counts.get(g, 0) for g in GOODS]


# ---- overwriting the situation --------------------------------------------------------------------
def set_members(state, seat: int, supply: int = 0, st_tue: int = 0, st_wed: int = 0, st_thu: int = 0,
                st_harb: int = 0) -> None:
    p = state.players[seat]
    p.supply, p.st_tue, p.st_wed, p.st_thu, p.st_harb = supply, st_tue, st_wed, st_thu, st_harb
    refresh(state)


def set_raws(state, seat: int, **counts: int) -> None:
    """The seat holds exactly these raws, all known to everyone; the bag gives and takes the difference."""
    p = state.players[seat]
    new = raws_vec(**counts)
    for t in range(5):
        state.bag[t] += p.raws[t] - new[t]
        assert state.bag[t] >= 0, "not enough raws in the bag for this scenario"
    p.raws = new
    p.unk = [0] * 5
    refresh(state)


def set_bag(state, holder: int, **counts: int) -> None:
    """The stalls are empty and the bag holds exactly these raws; the rest lies behind ``holder``'s screen."""
    for stall in state.stalls:
        for t in range(5):
            state.bag[t] += stall[t]
            stall[t] = 0
    want = raws_vec(**counts)
    p = state.players[holder]
    for t in range(5):
        assert state.bag[t] >= want[t]
        p.raws[t] += state.bag[t] - want[t]
        state.bag[t] = want[t]
    refresh(state)


def quiet(state, seats: tuple[int, ...] | None = None, supply: int = 10) -> None:
    """These seats (default all) hold no raws, goods or money and have ``supply`` members: every
    phase passes them by unless a test gives them something."""
    for seat in range(state.n) if seats is None else seats:
        set_raws(state, seat)
        set_goods(state, seat)
        set_money(state, seat)
        set_members(state, seat, supply=supply)


def set_goods(state, seat: int, **counts: int) -> None:
    """The seat holds exactly these goods; the general supply gives and takes the difference."""
    p = state.players[seat]
    new = goods_vec(**counts)
    for g in range(5):
        state.gsupply[g] += p.goods[g] - new[g]
        assert state.gsupply[g] >= 0
    p.goods = new
    refresh(state)


def set_money(state, seat: int, **amounts: int) -> None:
    """Money per currency; currencies not named are 0."""
    assert set(amounts) <= set(CURRENCIES), amounts
    state.players[seat].money = [amounts.get(c, 0) for c in CURRENCIES]
    refresh(state)


def money(state, seat: int) -> dict[str, int]:
    return dict(zip(CURRENCIES, state.players[seat].money, strict=True))


def goods(state, seat: int) -> dict[str, int]:
    return {g: n for g, n in zip(GOODS, state.players[seat].goods, strict=True) if n}


def raws(state, seat: int) -> dict[str, int]:
    return {t: n for t, n in zip(RAWS, state.players[seat].raws, strict=True) if n}


def streets(state, seat: int) -> tuple[int, int, int, int, int]:
    """(supply, street_tue, street_wed, street_thu, street_harbour)."""
    p = state.players[seat]
    return (p.supply, p.st_tue, p.st_wed, p.st_thu, p.st_harb)


def locations(state, seat: int) -> dict[str, int]:
    return member_locations(state, seat)


def set_hand(state, seat: int, *values: int) -> None:
    state.players[seat].hand = tuple(values)
    refresh(state)


def set_votes(state, votes: dict[int, int]) -> None:
    for seat, v in votes.items():
        state.players[seat].votes = v
    refresh(state)


def set_column(state, craftsman: str, *stacks: tuple[int, int]) -> None:
    """The column's stacks (owner, members) from field 1 down."""
    state.cols[CRAFTSMEN.index(craftsman)] = list(stacks)
    refresh(state)


def column(state, craftsman: str) -> list[tuple[int, int]]:
    return list(state.cols[CRAFTSMEN.index(craftsman)])


def set_sticks(state, *sticks: int) -> None:
    state.sticks = list(sticks)
    refresh(state)


def _take_ship(state, s: int) -> None:
    if s in state.ship_deck:
        state.ship_deck.remove(s)
    for b, x in enumerate(state.berths):
        if x == s:
            state.berths[b] = -1


def set_harbour(state, *ship_ids: str | None) -> None:
    """Berths I.. hold these ships (None = empty); the former ships go back under the deck."""
    old = [x for x in state.berths if x >= 0]
    state.berths = [-1] * len(state.berths)
    state.ship_deck[:0] = [x for x in old if x not in state.ship_deck]
    for b, sid in enumerate(ship_ids):
        if sid is not None:
            _take_ship(state, ship(sid))
            state.berths[b] = ship(sid)
    refresh(state)


def stack_ship_deck(state, *ship_ids: str, only: bool = False) -> None:
    """The next ship draws are exactly these, in this order (``only``: nothing else is left)."""
    for sid in ship_ids:
        _take_ship(state, ship(sid))
    if only:
        state.ship_deck.clear()
    state.ship_deck.extend(ship(sid) for sid in reversed(ship_ids))
    refresh(state)


def load_hold(state, seat: int, sid: str, hold: int) -> None:
    """The seat's member and the hold's goods are on the hold already (taken from the general supply)."""
    s = ship(sid)
    state.hold_owner[s * HOLDS + hold - 1] = seat
    need = C.ships[s].holds[hold - 1]
    for g in range(5):
        state.gsupply[g] -= need[g]
    refresh(state)


def hold_owner(state, sid: str, hold: int) -> int:
    return state.hold_owner[ship(sid) * HOLDS + hold - 1]


def harbour(state) -> list[str | None]:
    return [None if x < 0 else SHIP_IDS[x] for x in state.berths]


def _take_card(state, c: int) -> None:
    for pile in (state.relic_deck, state.relic_discard, state.display):
        if c in pile:
            pile.remove(c)
            return
    for p in state.players:
        if c in p.relics:
            p.relics = tuple(x for x in p.relics if x != c)
            return


def set_display(state, *cids: str, reserved: dict[str, int] | None = None) -> None:
    """The display holds exactly these cards; ``reserved`` maps card -> reserving seat (whose member is
    taken from its supply). Former display cards go back into the deck."""
    for c in state.display:
        state.reserver[c] = -1
    state.relic_deck.extend(state.display)
    state.display = []
    for cid in cids:
        _take_card(state, card(cid))
        state.display.append(card(cid))
    for cid, seat in (reserved or {}).items():
        state.reserver[card(cid)] = seat
        state.players[seat].supply -= 1
    refresh(state)


def give_relics(state, seat: int, *cids: str, fills: dict[str, str] | None = None) -> None:
    """The seat owns these relics and shrines; ``fills`` maps shrine -> relic inside it."""
    p = state.players[seat]
    for cid in cids:
        c = card(cid)
        _take_card(state, c)
        if C.relics[c].shrine:
            p.shrines[C.relics[c].city] = EMPTY_SHRINE
        else:
            p.relics = (*p.relics, c)
    for shrine, relic in (fills or {}).items():
        p.shrines[SHRINE_CITY[shrine]] = card(relic)
    refresh(state)


def stack_relic_deck(state, *cids: str) -> None:
    for cid in cids:
        _take_card(state, card(cid))
    state.relic_deck.extend(card(c) for c in reversed(cids))
    refresh(state)


def display(state) -> list[str]:
    return [CARD_IDS[c] for c in state.display]


def stack_decrees(state, *dids: str) -> None:
    """The next decree draws are exactly these, in this order."""
    for did in dids:
        state.decree_deck.remove(decree(did))
    state.decree_deck.extend(decree(d) for d in reversed(dids))
    refresh(state)


def stack_week(state, wid: str) -> None:
    state.week_deck.remove(week_card(wid))
    state.week_deck.append(week_card(wid))
    refresh(state)


def set_decrees(state, *dids: str) -> None:
    """This week's decree slots (already sorted by day), all still to be voted."""
    state.decrees = [decree(d) for d in dids]
    state.dstate = [0] * len(dids)
    refresh(state)


def rig_dice(state, *faces: int) -> None:
    """Give the state a generator whose next die rolls (below(6) + 1) are ``faces``."""
    for seed in range(1_000_000):
        rng = Rng(seed)
        if all(rng.below(6) + 1 == f for f in faces):
            state.rng = Rng(seed)
            return
    raise AssertionError(f"no generator found for faces {faces}")


# ---- entering a day ---------------------------------------------------------------------------------
def _reset_decision(state) -> None:
    state.dec = D_NONE
    state.waiting = ()
    state.commits = {}
    refresh(state)


def _enter(state, day: int, pc: int, week: int | None, order: list[int] | None) -> list[dict]:
    """Put the state at ``pc`` of ``day`` and run its automatic steps up to the first decision."""
    if week is not None:
        state.week = week
    if order is not None:
        state.order = list(order)
    state.day = day
    state.pc = pc
    _reset_decision(state)
    ev: list[dict] = []
    state._advance(ev)
    refresh(state)
    return ev


def start_day(state, day: int, week: int | None = None, order: list[int] | None = None) -> list[dict]:
    """Run ``day`` (3-7) from its very start: its decree votes first, then its phase."""
    assert 3 <= day <= 7
    return _enter(state, day, PC_DECREES, week, order)


def start_tuesday(state, week: int, previous_order: list[int]) -> list[dict]:
    """Tuesday of ``week`` with last week's turn order: decrees drawn, family cards chosen next."""
    return _enter(state, 2, PC_TUESDAY, week, previous_order)


def start_monday(state, week: int) -> list[dict]:
    return _enter(state, 1, PC_MONDAY, week, None)


# ---- acting ---------------------------------------------------------------------------------------
def A(kind: str, *args: Any) -> Action:
    return SPACE.get(kind, *args)


def act(state, seat: int, kind: str, *args: Any) -> list[dict]:
    return state.apply(seat, A(kind, *args))


def rejected(state, seat: int, kind: str, *args: Any) -> None:
    """The action is refused with IllegalAction and the state is bit for bit unchanged."""
    before = state.state_hash()
    with pytest.raises(IllegalAction):
        act(state, seat, kind, *args)
    assert state.state_hash() == before


def legal(state, seat: int, kind: str) -> list[tuple]:
    return [a.args for a in state.legal_actions(seat) if a.kind == kind]


def is_legal(state, seat: int, kind: str, *args: Any) -> bool:
    return A(kind, *args) in state.legal_actions(seat)


def play_cards(state, cards: dict[int, int]) -> list[dict]:
    """Every seat commits its family card; returns the events of all the commits."""
    assert state.dec == D_FAMILY
    ev: list[dict] = []
    for seat, value in cards.items():
        ev += act(state, seat, "play_card", value)
    return ev


def active(state) -> int | None:
    """The seat whose turn it is in a sequential phase, else None."""
    return state.order[state.cur] if state.dec == D_SEQ and not state.is_over() else None


def types(events: list[dict], kind: str) -> list[dict]:
    return [e for e in events if e["type"] == kind]


# ---- playing on with passive choices ---------------------------------------------------------------
def passive_choice(state, seat: int, adopt: bool = False) -> Action:
    """Pass, play the lowest card, vote no (or yes), let the mayor reject (or adopt), take the first good."""
    acts = state.legal_actions(seat)
    for a in (A("pass"), A("vote", adopt), A("adopt" if adopt else "reject")):
        if a in acts:
            return a
    return acts[0]


def advance(state, stop: Callable[[Any], bool], max_steps: int = 5000, log: list[dict] | None = None,
            adopt: bool = False) -> None:
    """Apply passive choices until ``stop(state)`` holds; events go to ``log`` if given."""
    for _ in range(max_steps):
        if stop(state):
            return
        assert not state.is_over(), "the game ended before the stop condition"
        seat = state.to_act()[0]
        ev = state.apply(seat, passive_choice(state, seat, adopt))
        if log is not None:
            log.extend(ev)
    raise AssertionError("stop condition never reached")


def at(week: int, day: int, phase: str | None = None) -> Callable[[Any], bool]:
    """Stop at the first decision of ``week``/``day`` (in ``phase`` if given)."""
    from mercator.games.colonia.flow import PHASES

    def stop(s) -> bool:
        if s.week != week or s.day != day or s.dec == D_NONE:
            return False
        return phase is None or (s.dec == D_SEQ and PHASES[s.seq] == phase)

    return stop
