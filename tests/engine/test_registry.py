"""Games and their parts are found through the registry alone: each game declares its plug-ins,
a broken one fails loudly, and the engine names no game."""

from __future__ import annotations

import dataclasses
import re
from pathlib import Path

import pytest

import mercator.engine
from mercator.engine.registry import Plugins
from mercator.games import all_games, get
from mercator.interop.encoders import encoder_for
from mercator.tui.common import GameUI

GAMES = [info.name for info in all_games()]


def test_the_shipped_games_are_found_through_their_entry_points() -> None:
    from importlib.metadata import entry_points

    declared = {p.name for p in entry_points(group="mercator.games")}
    assert declared == set(GAMES) == {"constantinopolis", "colonia", "valencia"}
    assert GAMES == ["constantinopolis", "colonia", "valencia"]  # by declared position


@pytest.mark.parametrize("name", GAMES)
def test_every_declared_plugin_loads_and_has_its_parts(name: str) -> None:
    info = get(name)
    assert callable(info.plugin("heuristics").evaluate)
    assert set(info.plugin("content").FILES) and Path(info.plugin("content").CONTENT_DIR).is_dir()
    assert callable(info.plugin("invariants"))
    assert hasattr(info.plugin("tui"), "board")
    static = Path(mercator.__file__).parent / "web" / "static" / "js"
    assert (static / info.plugins.web_board).is_file()
    assert type(encoder_for(info, info.player_counts[0])).__name__ != "HashedViewEncoder"


def test_a_broken_plugin_fails_loudly_instead_of_falling_back(monkeypatch: pytest.MonkeyPatch) -> None:
    info = get("valencia")
    broken = dataclasses.replace(info, plugins=dataclasses.replace(
        info.plugins, tui="mercator.tui.no_such_board", encoder="mercator.interop.encoders.no_such:ENCODER"))
    monkeypatch.setitem(mercator.engine.registry._REGISTRY, "valencia", broken)
    with pytest.raises(ModuleNotFoundError):
        GameUI("valencia")
    with pytest.raises(ModuleNotFoundError):
        encoder_for(broken, 3)


def test_a_game_without_a_plugin_gets_the_fallback_it_declares_none_for(monkeypatch: pytest.MonkeyPatch) -> None:
    info = get("valencia")
    bare = dataclasses.replace(info, plugins=Plugins())
    monkeypatch.setitem(mercator.engine.registry._REGISTRY, "valencia", bare)
    assert GameUI("valencia").module is None
    assert type(encoder_for(bare, 3)).__name__ == "HashedViewEncoder"
    with pytest.raises(LookupError, match="declares no heuristics"):
        bare.plugin("heuristics")


def test_the_engine_names_no_game_and_imports_no_game_package() -> None:
    names = re.compile(r"mercator\.games|" + "|".join(GAMES) + r"|office_stay")
    engine = Path(mercator.engine.__file__).parent
    for path in engine.glob("*.py"):
        code = "\n".join(line for line in path.read_text().splitlines()
                         if not line.lstrip().startswith("#"))
        if path.name == "registry.py":  # the entry-point group's name is "mercator.games"
            code = code.replace('"mercator.games"', "").replace("``mercator.games``", "")
        assert not names.search(code), f"{path.name}: {names.search(code).group()}"
