"""What a decision shows in the terminal's compact board (every language): the texts a player
needs to decide, from the games' own explanations and catalogs."""

from __future__ import annotations

import io
import random
from collections.abc import Callable, Iterator
from typing import Any

import pytest
from rich.console import Console

from mercator.engine.explain import explanations
from mercator.engine.i18n import LANGS, catalog, render
from mercator.engine.state import GameState
from mercator.games import get
from mercator.tui import _new_session, since_panel
from mercator.tui.common import GameUI


def _positions(game: str, players: int, seed: int, until: Callable[[dict[str, Any]], bool]) -> Iterator[GameState]:
    """States of a random game whose acting seat's view satisfies ``until``."""
    state = get(game).new(players=players, seed=seed, options={})
    rng = random.Random(seed)
    while not state.is_over():
        seat = state.to_act()[0]
        if until(state.view(seat)):
            yield state
        state.apply(seat, rng.choice(state.legal_actions(seat)))


def _shown(game: str, state: GameState, lang: str) -> str:
    seat = state.to_act()[0]
    names = [f"P{i + 1}" for i in range(state.seats)]
    buf = io.StringIO()
    console = Console(file=buf, width=500)  # unwrapped, to find each text whole
    for part in GameUI(game).summary(state.view(seat), names, seat, lang):
        console.print(part)
    return buf.getvalue()


@pytest.mark.parametrize("lang", LANGS)
def test_the_office_auction_shows_what_each_office_brings(lang: str) -> None:
    state = next(_positions("constantinopolis", 3, 1, lambda v: v["phase"] == 1))
    shown = _shown("constantinopolis", state, lang)
    for office in explanations("constantinopolis", lang)["offices"].values():
        assert f"{office['name']}: {office['text']}" in shown


@pytest.mark.parametrize("lang", LANGS)
def test_colonia_shows_decree_effects_recipes_and_the_ships_that_sail(lang: str) -> None:
    words = catalog("colonia")[lang]
    thursday = next(_positions("colonia", 4, 2, lambda v: v["day"] == 4 and v["decrees"]))
    shown = _shown("colonia", thursday, lang)
    view = thursday.view(None)
    for d in view["decrees"]:  # the name and what it does
        assert words["decrees"][d["decree"]] in shown and words["effects"][d["decree"]] in shown
    for craftsman, raws in (("saddler", ("leather", "iron")), ("shoemaker", ("fur", "leather"))):  # the seeds' recipes
        assert f"{words['craftsman'][craftsman]}: {' + '.join(words['raws'][r] for r in raws)} →" in shown
    sailing = [b for b in view["berths"][:view["departing"]] if b is not None]
    assert sailing and all(words["ships"][b["ship"]] in shown for b in sailing)
    staying = [b for b in view["berths"][view["departing"]:] if b is not None]
    assert all(f"{words['ships'][b['ship']]}:" not in shown for b in staying)


@pytest.mark.parametrize("lang", LANGS)
def test_the_task_choice_shows_each_dealt_tasks_condition_and_reward(lang: str) -> None:
    state = next(_positions("valencia", 3, 4, lambda v: v["phase"] == "setup_tasks"))
    seat = state.to_act()[0]
    dealt = state.view(seat)["players"][seat]["private"]["dealt_tasks"]
    shown = _shown("valencia", state, lang)
    texts = explanations("valencia", lang)["tasks"]
    assert len(dealt) == 5
    for task in dealt:
        assert texts[task]["text"] in shown


@pytest.mark.parametrize("lang", LANGS)
def test_constantinopolis_setup_opens_the_log_with_the_offices_dealt(lang: str) -> None:
    buf = io.StringIO()
    session = _new_session("constantinopolis", ["human", "random", "random"], 9, {}, None, lang,
                           Console(file=buf, width=500), lambda prompt: "q", None)
    state = session.state
    dealt = [e for e in state.opening_events if e["type"] == "office_dealt"]
    assert sorted(e["seat"] for e in dealt) == [0, 1, 2]
    for e in dealt:  # the engine's own placement: the office each seat holds
        assert state.view(None)["players"][e["seat"]]["office"] == e["office"]
    session.console.print(since_panel(session, 0))
    for e in state.opening_events:
        assert render("constantinopolis", e, lang, session.names) in buf.getvalue()
