"""Observation encoders: fixed layouts, documented fields, seat-relative values."""

from __future__ import annotations

import json
import random
import re
from pathlib import Path

import numpy as np
import pytest

from mercator.games import all_games, get
from mercator.interop.encoders import encoder_for, has_encoder
from mercator.interop.encoders.generic import HashedViewEncoder
from mercator.interop.encoding import describe

from .cases import CASES

DOCS = Path(__file__).resolve().parents[2] / "docs" / "interop.md"


def _random_states(game: str, players: int, steps: int, seed: int = 0):
    state = get(game).new(players, seed=seed)
    rng = random.Random(seed)
    for _ in range(steps):
        if state.is_over():
            break
        yield state
        seat = state.to_act()[0]
        legal = state.legal_actions(seat)
        state.apply(seat, legal[rng.randrange(len(legal))])
    yield state


@pytest.mark.parametrize("game", [i.name for i in all_games()])
@pytest.mark.parametrize("kind", ["auto", "generic"])
def test_every_view_encodes_to_the_layout(game, kind):
    info = get(game)
    for players in (info.counts_for()[0], info.counts_for()[-1]):
        enc = encoder_for(info, players, None, kind)
        names = [f.name for f in enc.fields]
        assert len(names) == len(set(names)) and sum(f.size for f in enc.fields) == enc.size
        for state in _random_states(game, players, 300):
            for seat in range(players):
                x = enc.encode(state.view(seat))
                assert x.shape == (enc.size,) and x.dtype == np.float32 and np.isfinite(x).all()
                assert np.abs(x).max() < 2**24


@pytest.mark.parametrize("game", [i.name for i in all_games() if has_encoder(i.name)])
def test_docs_hold_the_field_table(game):
    """docs/interop.md embeds describe() of each written encoder; regenerate it when fields change."""
    text = DOCS.read_text(encoding="utf-8")
    match = re.search(rf"<!-- fields:{game} -->\n(.*?)\n<!-- end fields -->", text, re.S)
    assert match, f"docs/interop.md has no field table for {game}"
    assert match.group(1) == describe(encoder_for(get(game), 4))


def test_constantinopolis_is_seat_relative():
    enc = encoder_for(get("constantinopolis"), 3)
    field = {f.name: f for f in enc.fields}
    state = list(_random_states("constantinopolis", 3, 120, seed=3))[-1]
    for seat in range(3):
        x = enc.encode(state.view(seat))
        for k in range(3):
            other = (seat + k) % 3
            gold = field[f"p{k}.gold"]
            assert x[gold.offset] == state.view(None)["players"][other]["gold"]
        assert x[field["p3.present"].offset] == 0  # padding beyond the table
        hand = field["p0.hand"]
        assert x[hand.offset:hand.offset + hand.size].sum() == len(state.view(seat)["players"][seat]["hand"])
        for k in (1, 2):
            h = field[f"p{k}.hand"]
            assert not x[h.offset:h.offset + h.size].any()  # never another seat's hand


def test_generic_encoder_is_stable_and_deterministic():
    enc = HashedViewEncoder(get("valencia"), 3)
    view = get("valencia").new(3, seed=4).view(1)
    a, b = enc.encode(view), HashedViewEncoder(get("valencia"), 3).encode(view)
    np.testing.assert_array_equal(a, b)
    assert a.any()


def _game_states(game: str, players: int, options: dict, steps: int, seed: int = 0):
    state = get(game).new(players, seed=seed, options=options)
    rng = random.Random(seed)
    for _ in range(steps):
        yield state
        if state.is_over():
            return
        seat = state.to_act()[0]
        legal = state.legal_actions(seat)
        state.apply(seat, legal[rng.randrange(len(legal))])


def _field(enc, x: np.ndarray, name: str) -> np.ndarray:
    f = next(f for f in enc.fields if f.name == name)
    return x[f.offset:f.offset + f.size]


@pytest.mark.parametrize(("game", "players", "options"), CASES)
def test_written_encoders_have_one_layout_per_game(game, players, options):
    """The layout of a written encoder does not depend on the player count or the options (editions, city
    layouts), so docs/interop.md's single table is the whole truth and one network fits every table."""
    if not has_encoder(game):
        pytest.skip(f"{game} has no written encoder")
    enc = encoder_for(get(game), players, options)
    assert enc.fields == encoder_for(get(game), 4).fields


@pytest.mark.parametrize(("game", "options"), [
    ("colonia", {}), ("valencia", {}), ("valencia", {"edition": "strasbourg"}),
    ("valencia", {"city_layout": "random_sides"}),
])
def test_distinct_views_give_distinct_observations(game, options):
    """Everything a view shows reaches the vector: within a game, two different views of one seat never
    encode alike (Valencia's face-up discard order is the only part dropped, and counts change with it)."""
    info = get(game)
    players = info.counts_for(options)[-1]
    enc = encoder_for(info, players, options)
    seen: dict[bytes, str] = {}
    for state in _game_states(game, players, options, 400, seed=5):
        for seat in (0, players - 1):
            view = state.view(seat)
            text = json.dumps(view, sort_keys=True)
            key = enc.encode(view).tobytes() + bytes([seat])
            assert seen.setdefault(key, text) == text
    assert len(seen) > 100


def test_colonia_is_seat_relative_and_keeps_raws_secret():
    enc = encoder_for(get("colonia"), 4)
    hidden_card_seen = False
    for state in _game_states("colonia", 4, {}, 200, seed=2):
        d = state.view(0)["decision"]
        if d and d["kind"] == "family_card" and 0 in d["committed"] and 1 not in d["committed"]:  # own card only
            assert _field(enc, enc.encode(state.view(0)), "dec.my_card").sum() == 1
            assert not _field(enc, enc.encode(state.view(1)), "dec.my_card").any()
            hidden_card_seen = True
    assert hidden_card_seen
    public = state.view(None)
    for seat in range(4):
        view = state.view(seat)
        x = enc.encode(view)
        for k in range(4):
            other = public["players"][(seat + k) % 4]
            assert _field(enc, x, f"p{k}.money").tolist() == list(other["money"].values())
            assert _field(enc, x, f"p{k}.raws_unknown")[0] == other["raws_unknown"]
        assert not _field(enc, x, "p4.present").any() and not _field(enc, x, "p5.money").any()  # padding
        assert _field(enc, x, "own.raws").tolist() == list(view["players"][seat]["screen"]["raws"].values())
        mayor = _field(enc, x, "mayor")
        assert mayor.sum() == 1 and mayor[(public["mayor"] - seat) % 4] == 1
    assert not _field(enc, enc.encode(public), "own.raws").any()  # the spectator sees no screen


@pytest.mark.parametrize("edition", ["valencia", "strasbourg"])
def test_valencia_is_seat_relative_and_keeps_cards_secret(edition):
    enc = encoder_for(get("valencia"), 3, {"edition": edition})
    checked = 0
    for state in _game_states("valencia", 3, {"edition": edition}, 200, seed=4):
        public = state.view(None)
        for seat in range(3):
            view = state.view(seat)
            x = enc.encode(view)
            assert _field(enc, x, "edition")[["valencia", "strasbourg"].index(edition)] == 1
            for k in range(3):
                other = public["players"][(seat + k) % 3]
                assert _field(enc, x, f"p{k}.coins")[0] == other["coins"]
                assert _field(enc, x, f"p{k}.pile")[0] == other["pile"]
                if k and not public["over"]:
                    assert not _field(enc, x, f"p{k}.kept_tasks").any()  # others' tasks stay hidden
            q = view["players"][seat]["private"]
            assert _field(enc, x, "own.pile").sum() == len(q["pile_values"])
            planning = view["phase"] == "planning"
            in_stacks = len(q["assigned"]) if planning else sum(len(st["values"]) for st in q["stacks"])
            assert _field(enc, x, "own.stacks").sum() == in_stacks
            assert not _field(enc, x, "p3.present").any()
            checked += 1
        x = enc.encode(public)
        assert not _field(enc, x, "own.stacks").any() and not _field(enc, x, "own.dealt_tasks").any()
    assert checked


@pytest.mark.parametrize("game, players, options", CASES)
def test_other_seats_hidden_info_never_changes_the_observation(game, players, options):
    """Resampling everything seat 0 cannot see (``determinize``: other hands, hidden commits, deck
    order) leaves seat 0's observation unchanged, while it does change another seat's observation
    somewhere in the game, so the resampling really touched hidden information."""
    from mercator.engine.rng import Rng

    info = get(game)
    encoder = encoder_for(info, players, options)
    state = info.new(players, seed=3, options=options)
    rng, changed = random.Random(3), False
    for step in range(120):
        if state.is_over():
            break
        other = state.determinize(0, Rng(step))
        assert np.array_equal(encoder.encode(state.view(0)), encoder.encode(other.view(0)))
        changed = changed or any(not np.array_equal(encoder.encode(state.view(s)), encoder.encode(other.view(s)))
                                 for s in range(1, players))
        seat = state.to_act()[0]
        legal = state.legal_actions(seat)
        state.apply(seat, legal[rng.randrange(len(legal))])
    assert changed, "determinize never changed another seat's observation: the test proves nothing"
