"""The conformance kit: checks every registered game must pass, for every player count and
option set. Tests call these functions (see tests/test_conformance.py); each raises
AssertionError with a message that names the game, seed and step."""

from __future__ import annotations

import json
import random
import re
from collections.abc import Callable, Iterable, Iterator
from typing import Any

from .actions import Action
from .errors import IllegalAction
from .i18n import LANGS, catalog, render
from .record import GameRecord
from .registry import GameInfo
from .rng import Rng
from .state import Event, GameState

Chooser = Callable[[GameState, int, list[Action]], Any]


def uniform(rng: random.Random) -> Chooser:
    """Uniformly random among the legal actions."""
    return lambda state, seat, legal: legal[rng.randrange(len(legal))]


def by_kind(rng: random.Random, avoid: frozenset[str] = frozenset(), p_avoid: float = 1.0) -> Chooser:
    """An action kind uniformly, then an action of that kind (reaches rare kinds); the kinds in
    ``avoid`` are left out with probability ``p_avoid`` when others are legal."""

    def choose(state: GameState, seat: int, legal: list[Action]) -> Any:
        kinds = sorted({a.kind for a in legal})
        if avoid and rng.random() < p_avoid:
            kinds = [k for k in kinds if k not in avoid] or kinds
        kind = rng.choice(kinds)
        return rng.choice([a for a in legal if a.kind == kind])

    return choose


def preferring(kinds: tuple[str, ...], p: float = 0.9, otherwise: Callable[[random.Random], Chooser] = uniform,
               rates: dict[str, float] | None = None) -> Callable[[random.Random], Chooser]:
    """A player who takes an action of the first legal kind in ``kinds`` with probability ``p``
    (or ``rates[kind]``) per kind, and otherwise plays like ``otherwise`` (drives sample games
    into rare corners)."""
    rates = rates or {}

    def make(rng: random.Random) -> Chooser:
        fallback = otherwise(rng)

        def choose(state: GameState, seat: int, legal: list[Action]) -> Any:
            for kind in kinds:
                options = [a for a in legal if a.kind == kind]
                if options and rng.random() < rates.get(kind, p):
                    return rng.choice(options)
            return fallback(state, seat, legal)

        return choose

    return make


def playout(info: GameInfo, players: int, options: dict[str, Any], seed: int,
            choose: Chooser | None = None,
            on_step: Callable[[GameState, GameState | None, int, Any, list[Event]], None] | None = None,
            ) -> GameState:
    """Play one game with ``choose`` (uniform random by default); ``on_step`` sees each step."""
    state = info.new(players, seed=seed, options=options)
    choose = choose or uniform(random.Random(seed))
    limit = info.max_actions(players)
    steps = 0
    while not state.is_over():
        to_act = state.to_act()
        assert to_act, f"{info.name} seed {seed}: not over but nobody to act at step {steps}"
        seat = to_act[steps % len(to_act)]
        legal = state.legal_actions(seat)
        assert legal, f"{info.name} seed {seat}: seat {seat} must act but has no legal action at step {steps}"
        action = choose(state, seat, legal)
        before = state.clone() if on_step else None
        events = state.apply(seat, action)
        if on_step:
            on_step(state, before, seat, action, events)
        steps += 1
        assert steps <= limit, f"{info.name} {players}p seed {seed}: no end after {limit} actions"
    return state


def catalog_strings(value: Any) -> list[str]:
    """Every string in a catalog table (nested tables and lists included), in order."""
    return [node for node in _walk(value) if isinstance(node, str)]


def _walk(node: Any) -> Iterator[Any]:
    yield node
    if isinstance(node, dict):
        for v in node.values():
            yield from _walk(v)
    elif isinstance(node, list):
        for v in node:
            yield from _walk(v)


def check_view_secrets(state: GameState, where: str) -> None:
    """Every view is plain JSON and contains no secret of another seat."""
    secrets = {s: [json.dumps(x, sort_keys=True) for x in state.secrets(s)] for s in range(state.seats)}
    for viewer in [None, *range(state.seats)]:
        view = state.view(viewer)
        text = json.dumps(view, sort_keys=True)
        assert json.loads(text) == view, f"{where}: view({viewer}) is not plain JSON"
        # A value the viewer owns itself (two seats making the same hidden choice) is no leak.
        nodes = {json.dumps(n, sort_keys=True) for n in _walk(view)} - set(secrets.get(viewer, []))
        for owner, items in secrets.items():
            if owner == viewer:
                continue
            leaked = [x for x in items if x in nodes]
            assert not leaked, f"{where}: view({viewer}) shows seat {owner}'s secrets {leaked}"


def check_illegal(state: GameState, where: str) -> None:
    """Another seat's move, out-of-turn play, malformed JSON and actions of another phase are
    refused with IllegalAction and change nothing."""
    before = state.state_hash()
    to_act = state.to_act()
    space = state.SPACE
    probes: list[tuple[int, Any]] = []
    others = [s for s in range(state.seats) if s not in to_act]
    if to_act:
        seat = to_act[0]
        legal = state.legal_actions(seat)
        legal_idx = {a.index for a in legal}
        if others:
            probes.append((others[0], legal[0]))  # out of turn
        illegal = [a for a in space.actions[:: max(1, len(space) // 50)] if a.index not in legal_idx]
        probes += [(seat, a) for a in illegal[:5]]  # actions of other phases / decisions
        probes += [(seat, {"kind": "no_such_action"}), (seat, {"nokind": 1}), (seat, legal[0].kind),
                   (seat, {"kind": legal[0].kind, "unexpected_field": 1}), (seat, len(space) + 3)]
        with_args = next((a for a in legal if a.args), None)
        if with_args is not None:  # a known kind with a value outside its domain
            probes.append((seat, {**with_args.to_json(), **{k: "??" for k in with_args.to_json() if k != "kind"}}))
    probes.append((state.seats + 7, {"kind": "x"}))  # no such seat
    for seat, action in probes:
        try:
            state.apply(seat, action)
        except IllegalAction as exc:
            assert str(exc), f"{where}: IllegalAction without a message for {action!r}"
        else:
            raise AssertionError(f"{where}: seat {seat} {action!r} was accepted but is illegal")
        assert state.state_hash() == before, f"{where}: refused {action!r} changed the state"


def check_clone_and_determinize(state: GameState, seed: int, where: str) -> None:
    before = state.state_hash()
    clone = state.clone()
    assert clone.state_hash() == before, f"{where}: clone differs from original"
    if clone.to_act():
        seat = clone.to_act()[0]
        clone.apply(seat, clone.legal_actions(seat)[0])
        assert state.state_hash() == before, f"{where}: changing a clone changed the original"
    rng = Rng(seed)
    for seat in range(state.seats):
        det = state.determinize(seat, rng)
        assert det.view(seat) == state.view(seat), f"{where}: determinize({seat}) changed seat {seat}'s view"
        assert det.to_act() == state.to_act(), f"{where}: determinize({seat}) changed who acts"
        for s in det.to_act():
            assert det.legal_actions(s) or det.is_over(), f"{where}: determinized state has no legal action"
        assert state.state_hash() == before, f"{where}: determinize changed the original"


def _invariants(info: GameInfo) -> Callable[[GameState, GameState, list[Event]], list[str]]:
    """The game's invariant checker (its ``invariants`` plug-in), or one that finds nothing."""
    return info.plugin("invariants") if info.has_plugin("invariants") else lambda *_: []


def full_check_game(info: GameInfo, players: int, options: dict[str, Any], seed: int,
                    every: int = 1) -> GameState:
    """One random game with every per-step check: replay hashes, record round trip, illegal
    actions, views and secrets, clones, determinisation, undo, and the game's invariants."""
    hashes: list[str] = []
    step = [0]
    invariants = _invariants(info)

    def on_step(state: GameState, before: GameState | None, seat: int, action: Any,
                events: list[Event]) -> None:
        where = f"{info.name} {players}p {options} seed {seed} step {step[0]}"
        hashes.append(state.state_hash())
        assert before is not None
        problems = invariants(state, before, events)
        assert not problems, f"{where}: invariants broken after {action!r}: {problems}"
        json.dumps(events)
        if step[0] % every == 0:
            check_view_secrets(state, where)
            check_illegal(state, where)
            check_clone_and_determinize(state, seed + step[0], where)
            if state.can_undo(seat):
                undone = state.undo(seat)
                assert undone.state_hash() == before.state_hash(), f"{where}: undo did not restore the state"
        step[0] += 1

    final = playout(info, players, options, seed, on_step=on_step)
    record = final.record()
    again = GameRecord.loads(record.dumps())
    assert again == record, f"{info.name} seed {seed}: record changed in a JSON round trip"
    replayed = again.new_state()
    for n, (seat, action) in enumerate(again.actions):
        replayed.apply(seat, action)
        assert replayed.state_hash() == hashes[n], f"{info.name} seed {seed}: replay diverged at action {n}"
    assert replayed.is_over()
    ranking = final.ranking()
    assert sorted(ranking)[0] == 1 and len(ranking) == players, f"{info.name}: bad ranking {ranking}"
    return final


def hypothesis_driven(info: GameInfo, players: int, options: dict[str, Any]) -> Callable[[], None]:
    """A Hypothesis test that drives a game with generated action choices and checks the
    invariants, illegal-action refusals and replay after every step."""
    from hypothesis import HealthCheck, given, settings
    from hypothesis import strategies as st

    invariants = _invariants(info)

    @settings(max_examples=8, deadline=None, suppress_health_check=list(HealthCheck), database=None, derandomize=True)
    @given(seed=st.integers(0, 2**31), picks=st.lists(st.integers(0, 2**16), min_size=1, max_size=400))
    def run(seed: int, picks: list[int]) -> None:
        state = info.new(players, seed=seed, options=options)
        for n, pick in enumerate(picks):
            if state.is_over():
                break
            to_act = state.to_act()
            seat = to_act[pick % len(to_act)]
            legal = state.legal_actions(seat)
            before = state.clone()
            events = state.apply(seat, legal[pick % len(legal)])
            problems = invariants(state, before, events)
            assert not problems, f"{info.name} seed {seed} step {n}: {problems}"
        check_illegal(state, f"{info.name} seed {seed} after {len(picks)} picks")
        assert state.record().replay().state_hash() == state.state_hash()

    return run


# ---- message catalogs: checks every game's test_messages.py shares ---------------------------------
def collect_events(info: GameInfo,
                   plays: Iterable[tuple[int, dict[str, Any], int, Callable[[random.Random], Chooser]]],
                   ) -> list[dict[str, Any]]:
    """Every event of the sample games ``(players, options, seed, make_chooser)``, setup events first."""
    events: list[dict[str, Any]] = []
    for players, options, seed, make in plays:
        start = len(events)
        final = playout(info, players, options, seed=seed, choose=make(random.Random(seed)),
                        on_step=lambda state, before, seat, action, evs: events.extend(evs))
        events[start:start] = getattr(final, "opening_events", [])
    return events


PLACEHOLDER = re.compile(r"\{[a-z_]+\}")
_EVENT_TYPE = re.compile(r"""["']type["']\s*:\s*["']([a-z_]+)["']""")


def emitted_event_types(game: str) -> set[str]:
    """Every event type written in the game's source."""
    from pathlib import Path

    folder = Path(__file__).resolve().parent.parent / "games" / game
    return {m for path in folder.glob("*.py") for m in _EVENT_TYPE.findall(path.read_text(encoding="utf-8"))}


def one_per_shape(events: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """A few events of each type (with distinct value kinds), to keep rendering checks quick."""
    out: dict[tuple[Any, ...], list[dict[str, Any]]] = {}
    for e in events:
        key = (e["type"], tuple(sorted((k, type(v).__name__, v if isinstance(v, bool) else None)
                                       for k, v in e.items())))
        bucket = out.setdefault(key, [])
        if len(bucket) < 5:
            bucket.append(e)
    return [e for bucket in out.values() for e in bucket]


def missing_templates(game: str, types: set[str]) -> list[str]:
    cat = catalog(game)
    return [f"[{lang}.events] lacks templates for {sorted(types - set(cat[lang]['events']))}"
            for lang in LANGS if types - set(cat[lang]["events"])]


def render_problems(game: str, events: list[dict[str, Any]], names: list[str]) -> list[str]:
    """Rendered sentences with a placeholder left, no template used, or a raw value in them."""
    problems = []
    for event in one_per_shape(events):
        for lang in LANGS:
            text = render(game, event, lang, names)
            if PLACEHOLDER.search(text):
                problems.append(f"{lang}: unfilled placeholder in {text!r} for {event}")
            if text.startswith("{'type'"):
                problems.append(f"{lang}: no template used for {event}")
            if "None" in text or "_" in text:
                problems.append(f"{lang}: raw value in {text!r} for {event}")
    return problems


def template_field_problems(game: str, events: list[dict[str, Any]]) -> list[str]:
    """Templates that name a field their events never carry."""
    fields: dict[str, set[str]] = {}
    for e in events:
        fields.setdefault(e["type"], set()).update(e)
    cat = catalog(game)
    problems = []
    for lang in LANGS:
        for kind, keys in fields.items():
            used = {m[1:-1] for m in PLACEHOLDER.findall(cat[lang]["events"][kind])}
            if not used <= keys:
                problems.append(f"[{lang}.events] {kind} uses {sorted(used - keys)}, not fields of the event")
    return problems


def same_text_problems(game: str, events: list[dict[str, Any]], names: list[str]) -> list[str]:
    """Events that read the same in two languages (a template copied, not translated)."""
    problems = []
    for event in one_per_shape(events):
        texts = {lang: render(game, event, lang, names) for lang in LANGS}
        if len(set(texts.values())) != len(LANGS):
            problems.append(f"identical text across languages for {event}: {texts}")
    return problems
