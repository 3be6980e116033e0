"""Game records: (game, options, seats, seed, actions), the single source of every state."""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

from .errors import IllegalAction

if TYPE_CHECKING:
    from .state import GameState


@dataclass
class GameRecord:
    game: str
    players: int
    seed: int
    options: dict[str, Any] = field(default_factory=dict)
    actions: list[tuple[int, dict[str, Any]]] = field(default_factory=list)
    final_hash: str | None = None
    # True where a player chose the seed (a practice table against bots), not the server.
    seed_from_client: bool = False

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {
            "format": "mercator-record/1",
            "game": self.game,
            "players": self.players,
            "seed": self.seed,
            "options": self.options,
            "actions": [{"seat": s, "action": a} for s, a in self.actions],
        }
        if self.final_hash is not None:
            out["final_hash"] = self.final_hash
        if self.seed_from_client:
            out["seed_from_client"] = True
        return out

    def dumps(self) -> str:
        return json.dumps(self.to_json(), indent=1, sort_keys=True)

    @classmethod
    def from_json(cls, data: Any) -> GameRecord:
        if not isinstance(data, dict):
            raise IllegalAction("a record must be a JSON object")
        missing = [k for k in ("game", "players", "seed", "actions") if k not in data]
        if missing:
            raise IllegalAction(f"record is missing {missing}")
        try:
            actions = [(int(e["seat"]), dict(e["action"])) for e in data["actions"]]
        except (KeyError, TypeError, ValueError) as exc:
            raise IllegalAction(f"record actions must be objects with 'seat' and 'action': {exc}") from None
        return cls(
            game=str(data["game"]),
            players=int(data["players"]),
            seed=int(data["seed"]),
            options=dict(data.get("options") or {}),
            actions=actions,
            final_hash=data.get("final_hash"),
            seed_from_client=bool(data.get("seed_from_client", False)),
        )

    @classmethod
    def loads(cls, text: str) -> GameRecord:
        try:
            return cls.from_json(json.loads(text))
        except json.JSONDecodeError as exc:
            raise IllegalAction(f"record is not valid JSON: {exc}") from None

    def save(self, path: str | Path) -> None:
        Path(path).write_text(self.dumps(), encoding="utf-8")

    @classmethod
    def load(cls, path: str | Path) -> GameRecord:
        return cls.loads(Path(path).read_text(encoding="utf-8"))

    def truncated(self, n: int) -> GameRecord:
        return GameRecord(self.game, self.players, self.seed, dict(self.options), self.actions[:n])

    def new_state(self) -> GameState:
        from mercator.games import get

        return get(self.game).new(players=self.players, seed=self.seed, options=self.options)

    def replay(self) -> GameState:
        """Rebuild the state by applying every action; an illegal one raises IllegalAction."""
        state = self.new_state()
        for n, (seat, action) in enumerate(self.actions):
            try:
                state.apply(seat, action)
            except IllegalAction as exc:
                raise IllegalAction(f"record action #{n} (seat {seat}, {action}) is illegal: {exc}") from None
        return state
