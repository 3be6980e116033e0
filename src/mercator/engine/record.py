"""Game records: (game, options, seats, seed, actions), the single source of every state."""

from __future__ import annotations

import hashlib
import json
from collections.abc import Iterable
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
    # How final_hash was computed (GameState.state_hash); records from before rules had numbers used 1.
    hash_rule: int = 1
    # Two checks that outlive any hash rule: the final scores and a digest of the event stream.
    final_scores: list[int] | None = None
    events_hash: str | None = None
    # The what-if variant the game was played with (variants.Variant JSON); None: the shipped content.
    variant: dict[str, Any] | None = None

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
            out["hash_rule"] = self.hash_rule
        if self.final_scores is not None:
            out["final_scores"] = self.final_scores
        if self.events_hash is not None:
            out["events_hash"] = self.events_hash
        if self.seed_from_client:
            out["seed_from_client"] = True
        if self.variant is not None:
            out["variant"] = self.variant
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
            hash_rule=int(data.get("hash_rule", 1)),
            final_scores=[int(x) for x in data["final_scores"]] if data.get("final_scores") is not None else None,
            events_hash=data.get("events_hash"),
            variant=dict(data["variant"]) if data.get("variant") else None,
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
        return GameRecord(self.game, self.players, self.seed, dict(self.options), self.actions[:n],
                          variant=self.variant)

    def new_state(self) -> GameState:
        from .registry import get
        from .variants import ENV, Variant, active

        playing = active(self.game)
        if (playing.to_json() if playing else None) != (Variant.from_json(self.variant).to_json()
                                                         if self.variant else None):
            wanted = f"the variant {Variant.from_json(self.variant).label!r}" if self.variant else "the shipped content"
            raise IllegalAction(f"this record was played with {wanted}, and this process plays "
                                f"{repr(playing.label) if playing else 'the shipped content'}: replay it with "
                                f"`mercator replay FILE` (which starts the record's variant), or set {ENV}")
        return get(self.game).new(players=self.players, seed=self.seed, options=self.options)

    def replay(self, events: list[dict[str, Any]] | None = None) -> GameState:
        """Rebuild the state by applying every action (appending their events to ``events``, if
        given); an illegal one raises IllegalAction."""
        state = self.new_state()
        for n, (seat, action) in enumerate(self.actions):
            try:
                happened = state.apply(seat, action)
            except IllegalAction as exc:
                raise IllegalAction(f"record action #{n} (seat {seat}, {action}) is illegal: {exc}") from None
            if events is not None:
                events.extend(happened)
        return state

    def checks(self) -> list[tuple[str, bool, str]]:
        """Replay and compare with what the record stores: (what, holds, detail) for the final hash
        under its rule, the final scores and the event stream, each where the record has it."""
        events: list[dict[str, Any]] = []
        state = self.replay(events)
        out = []
        if self.final_hash is not None:
            try:
                got = state.state_hash(self.hash_rule)
            except ValueError as exc:
                out.append((f"final hash (rule {self.hash_rule})", False, str(exc)))
            else:
                detail = f"stored {self.final_hash}, replayed {got}"
                if self.hash_rule == 1 and got != self.final_hash:
                    detail += " (rule 1 hashed the spectator view, so a later change to the view changes it)"
                out.append((f"final hash (rule {self.hash_rule})", got == self.final_hash, detail))
        if self.final_scores is not None:
            got_scores = state.scores() if state.is_over() else None
            out.append(("final scores", got_scores == self.final_scores,
                        f"stored {self.final_scores}, replayed {got_scores}"))
        if self.events_hash is not None:
            got = events_digest(events)
            out.append(("event stream", got == self.events_hash, f"stored {self.events_hash}, replayed {got}"))
        return out


def events_digest(events: Iterable[dict[str, Any]]) -> str:
    """A digest of an event stream (what every action reported, in order)."""
    h = hashlib.sha256()
    for e in events:
        h.update(json.dumps(e, sort_keys=True, separators=(",", ":")).encode())
        h.update(b"\n")
    return h.hexdigest()[:32]


def sealed(state: GameState, events: list[dict[str, Any]] | None = None) -> GameRecord:
    """The record of ``state`` with everything a later version checks it by: the final hash under
    the current rule, the scores of a finished game and the digest of the event stream (from
    ``events`` when the caller kept every action's events, else by replaying)."""
    from .state import HASH_RULE
    from .variants import active

    record = state.record()
    variant = active(record.game)
    record.variant = variant.to_json() if variant else None
    if events is None:
        events = []
        record.replay(events)
    record.final_hash, record.hash_rule = state.state_hash(HASH_RULE), HASH_RULE
    record.final_scores = state.scores() if state.is_over() else None
    record.events_hash = events_digest(events)
    return record
