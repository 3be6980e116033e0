"""Request and response models: the OpenAPI schema at /openapi.json is built from these."""

from __future__ import annotations

from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, model_validator


class Strict(BaseModel):
    model_config = ConfigDict(extra="forbid")


class CatalogEntry(BaseModel):
    name: str
    title: str
    player_counts: list[int]
    options: dict[str, list[Any]] = Field(description="Allowed values per option; the first is the default")


class SeatSpec(Strict):
    kind: Literal["human", "bot"] = "human"
    level: str | None = Field(None, description="Bot level (random, easy, normal, hard) for a bot seat")
    name: str | None = Field(None, max_length=64)


class ClockSpec(Strict):
    bank_seconds: float = Field(gt=0, le=30 * 86400, description="Time bank per seat")
    increment_seconds: float = Field(0, ge=0, le=86400, description="Added when the turn passes on")


class CreateGame(Strict):
    game: str = Field(max_length=64)
    options: dict[str, Any] = Field(default_factory=dict)
    edition: str | None = Field(None, max_length=64, description="Shorthand for options.edition")
    seats: list[SeatSpec] = Field(min_length=1, max_length=8)
    seed: int | None = Field(None, ge=0, lt=2**63)
    join: int | None = Field(None, ge=0, description="The human seat the creator takes at once")
    name: str | None = Field(None, max_length=64)
    player_token: str | None = Field(None, max_length=128, description="Groups the seat under a player")
    clock: ClockSpec | None = None


class JoinGame(Strict):
    seat: int | None = Field(None, ge=0, description="A free human seat; the first free one if omitted")
    name: str | None = Field(None, max_length=64)
    player_token: str | None = Field(None, max_length=128)


class SeatInfo(BaseModel):
    seat: int
    kind: Literal["human", "bot"]
    controller: Literal["human", "bot"]
    bot_level: str | None
    taken: bool
    name: str
    clock_ms: int | None = None


class GameSummary(BaseModel):
    id: str
    game: str
    options: dict[str, Any]
    players: int
    status: Literal["open", "active", "over"]
    version: int
    to_act: list[int]
    seats: list[SeatInfo]
    clock: ClockSpec | None = None


class GameList(BaseModel):
    games: list[GameSummary]


class SeatLink(BaseModel):
    game_id: str
    seat: int
    token: str = Field(description="Secret capability token; shown once, stored hashed")
    url: str
    ws_url: str


class CreatedGame(BaseModel):
    game: GameSummary
    host_token: str = Field(description="Lets the host hand seats to bots and take them back")
    seat: SeatLink | None


class LegalAction(BaseModel):
    index: int
    action: dict[str, Any]


class SeatState(BaseModel):
    game_id: str
    seat: int
    version: int
    status: Literal["open", "active", "over"]
    to_act: list[int]
    my_turn: bool
    can_undo: bool
    controller: Literal["human", "bot"]
    view: dict[str, Any]
    legal: list[LegalAction]
    clock_ms: int | None = None
    scores: list[int] | None = None
    ranking: list[int] | None = None


class PublicState(BaseModel):
    game_id: str
    version: int
    status: Literal["open", "active", "over"]
    to_act: list[int]
    view: dict[str, Any]
    seats: list[SeatInfo]
    scores: list[int] | None = None
    ranking: list[int] | None = None


class ActionRequest(Strict):
    version: int = Field(ge=0, description="The game version the action was chosen at")
    action: dict[str, Any] | None = Field(None, description="The action's JSON form")
    index: int | None = Field(None, ge=0, description="Or its index in the game's action space")

    @model_validator(mode="after")
    def _one_of(self) -> ActionRequest:
        if (self.action is None) == (self.index is None):
            raise ValueError("give exactly one of 'action' and 'index'")
        return self


class UndoRequest(Strict):
    version: int = Field(ge=0)


class BotRequest(Strict):
    level: str = Field("easy", max_length=32)


class Problem(BaseModel):
    detail: str
    version: int | None = None


class RecordOut(BaseModel):
    record: dict[str, Any]


class CreatePlayer(Strict):
    name: str = Field(max_length=64)


class PlayerOut(BaseModel):
    player_id: str
    name: str
    token: str


class MyGame(BaseModel):
    game_id: str
    seat: int
    game: str
    status: Literal["open", "active", "over"]
    version: int
    my_turn: bool


class MyGames(BaseModel):
    games: list[MyGame]
