"""Request and response models: the OpenAPI schema at /openapi.json is built from these."""

from __future__ import annotations

import math
import unicodedata
from typing import Annotated, Any, Literal, get_args

from pydantic import AfterValidator, BaseModel, ConfigDict, Field, model_validator
from pydantic_core import PydanticCustomError

from mercator.bots.base import PlayerLevel

GameStatus = Literal["open", "active", "over"]
_STATUS: dict[str, GameStatus] = {s: s for s in get_args(GameStatus)}


def game_status(value: str) -> GameStatus:
    """A status read back from the store, as a GameStatus (ValueError if it is not one)."""
    try:
        return _STATUS[value]
    except KeyError:
        raise ValueError(f"unknown game status {value!r}") from None


def _refuse_unstorable(node: Any, where: str) -> None:
    """Raise for what JSON parsing lets through but no field should hold: NaN and Infinity (Python's
    parser accepts them), NUL (PostgreSQL text cannot store it) and lone surrogates (not Unicode)."""
    if isinstance(node, float) and not math.isfinite(node):
        raise PydanticCustomError("finite_number", "{where}: NaN and Infinity are not allowed", {"where": where})
    if isinstance(node, str):
        if "\x00" in node:
            raise PydanticCustomError("nul_character", "{where}: text may not contain NUL characters",
                                      {"where": where})
        try:
            node.encode("utf-8")
        except UnicodeEncodeError:
            raise PydanticCustomError("lone_surrogate", "{where}: text may not contain lone surrogates",
                                      {"where": where}) from None
    elif isinstance(node, dict):
        for key, value in node.items():
            _refuse_unstorable(key, f"a field name in {where}")
            _refuse_unstorable(value, f"{where}.{key}")
    elif isinstance(node, list):
        for n, value in enumerate(node):
            _refuse_unstorable(value, f"{where}[{n}]")


class Strict(BaseModel):
    """Request bodies: unknown fields, NaN and Infinity, NUL and lone surrogates are refused (422)."""

    model_config = ConfigDict(extra="forbid", allow_inf_nan=False)

    @model_validator(mode="before")
    @classmethod
    def _storable(cls, data: Any) -> Any:
        if isinstance(data, dict):
            for key, value in data.items():
                _refuse_unstorable(key, "a field name")
                _refuse_unstorable(value, str(key))
        return data


class CatalogEntry(BaseModel):
    name: str
    title: str
    player_counts: list[int]
    options: dict[str, list[Any]] = Field(description="Allowed values per option; the first is the default")


class SeatSpec(Strict):
    kind: Literal["human", "bot"] = "human"
    level: PlayerLevel | None = Field(default=None, description="Bot level for a bot seat (easy if omitted)")
    name: str | None = Field(default=None, max_length=64)


class ClockSpec(Strict):
    """A clock asked for, kept in whole milliseconds. The server's minimums (by default a bank of at
    least 10 s and an increment of 0 or at least 1 s) are checked by :meth:`problems`."""

    bank_seconds: float = Field(gt=0, le=30 * 86400, description="Time bank per seat (at least 10 s)")
    increment_seconds: float = Field(default=0, ge=0, le=86400,
                                     description="Added when the turn passes on: 0, or at least 1 s")

    def millis(self) -> tuple[int, int]:
        return round(self.bank_seconds * 1000), round(self.increment_seconds * 1000)

    def problems(self, min_bank: float, min_increment: float) -> list[dict[str, Any]]:
        """Validation errors, in FastAPI's form, for a clock under the server's minimums; whatever
        they are, a bank must come to at least 1 ms and a nonzero increment too (0 ms means no clock)."""
        bank, increment = self.millis()
        min_bank_ms, min_increment_ms = max(1, round(min_bank * 1000)), max(1, round(min_increment * 1000))
        out: list[dict[str, Any]] = []
        if bank < min_bank_ms:
            out.append({"type": "greater_than_equal", "loc": ("body", "clock", "bank_seconds"),
                        "msg": f"the time bank must be at least {min_bank_ms / 1000:g} seconds",
                        "input": self.bank_seconds})
        if self.increment_seconds and increment < min_increment_ms:
            out.append({"type": "greater_than_equal", "loc": ("body", "clock", "increment_seconds"),
                        "msg": f"the increment must be 0 or at least {min_increment_ms / 1000:g} seconds",
                        "input": self.increment_seconds})
        return out


class ClockInfo(BaseModel):
    """A game's clock as stored; not checked against the minimums again, so that no stored game
    can make an answer (or the whole listing) fail."""

    bank_seconds: float
    increment_seconds: float


class CreateGame(Strict):
    game: str = Field(max_length=64)
    options: dict[str, Any] = Field(default_factory=dict)
    edition: str | None = Field(default=None, max_length=64, description="Shorthand for options.edition")
    seats: list[SeatSpec] = Field(min_length=1, max_length=8)
    seed: int | None = Field(default=None, ge=0, lt=2**63)
    join: int | None = Field(default=None, ge=0, description="The human seat the creator takes at once")
    name: str | None = Field(default=None, max_length=64)
    player_token: str | None = Field(default=None, max_length=128, description="Groups the seat under a player")
    clock: ClockSpec | None = None
    private: bool = Field(default=False, description="Not listed; each free seat is joined only through its "
                                                     "invitation code (returned once, in 'invites')")
    spectators: bool = Field(default=True, description="People without a seat may watch while it is played")
    rated: bool = Field(default=True, description="Its result changes the players' ratings (a practice table "
                                                  "with a chosen seed, or one player in several seats, never does)")


class JoinGame(Strict):
    seat: int | None = Field(default=None, ge=0, description="A free human seat; the first free one if omitted")
    invite: str | None = Field(default=None, max_length=128, description="A private table's invitation code")
    name: str | None = Field(default=None, max_length=64)
    player_token: str | None = Field(default=None, max_length=128)


class SeatInfo(BaseModel):
    seat: int
    kind: Literal["human", "bot"]
    controller: Literal["human", "bot"]
    bot_level: str | None
    taken: bool
    name: str
    clock_ms: int | None = None
    bot_waiting: bool = Field(False, description="The seat's bot failed to move (e.g. the database was away) "
                                                 "and will try again shortly")
    timeout: Literal["ran_out", "waited"] | None = Field(
        None, description="The seat's clock ran out: 'ran_out' while the other players choose (a bot, or "
                          "wait), 'waited' once they chose to wait; cleared when the seat moves")
    reserved: bool = Field(False, description="A rematch keeps this free seat for its player of the previous game")


class GameSummary(BaseModel):
    id: str
    game: str
    options: dict[str, Any]
    players: int
    status: GameStatus
    version: int
    to_act: list[int]
    seats: list[SeatInfo]
    clock: ClockInfo | None = None
    private: bool = False
    rated: bool = True
    spectators: bool = True
    chat: bool = Field(True, description="Whether the table's chat is open (the host may close it)")
    rematch: str | None = Field(None, description="The id of this finished game's rematch, once asked for")


class SeatRating(BaseModel):
    rating: float = Field(description="The conservative estimate mu - 3 sigma, the one shown and ranked by")
    mu: float
    sigma: float
    games: int | None = Field(description="Rated games played (none for a bot's fixed rating)")
    fixed: bool = Field(description="A bot level's fixed rating, which games never change")


class SeatRatings(BaseModel):
    game: str
    players: int
    seats: list[SeatRating | None] = Field(description="Per seat; null for a seat whose player is not rated yet")


class LeaderRow(BaseModel):
    rank: int
    name: str
    rating: float
    mu: float
    sigma: float
    games: int


class Leaderboard(BaseModel):
    game: str
    players: int
    rows: list[LeaderRow]
    bots: dict[str, float] = Field(description="Each bot level's fixed rating, for comparison")


class GameList(BaseModel):
    games: list[GameSummary]


class SeatLink(BaseModel):
    game_id: str
    seat: int
    token: str = Field(description="Secret capability token; shown once, stored hashed")
    url: str = Field(description="The seat's page, its token in the fragment (never sent, so never logged)")
    ws_url: str = Field(description='The live channel of this seat: send {"token": "..."} as the first message')


class CreatedGame(BaseModel):
    game: GameSummary
    host_token: str = Field(description="Lets the host hand seats to bots and take them back")
    seat: SeatLink | None
    # A private table: each free human seat's invitation code (shown once; the server keeps a hash).
    invites: dict[int, str] | None = None


# The languages the server words actions in.
Lang = Literal["en", "de", "ru"]


class LegalAction(BaseModel):
    index: int
    action: dict[str, Any]
    # With ``?lang=``: the action in words, and for a kind with a numeric argument the label of
    # the run of such actions (clients show one picker for it).
    text: str | None = None
    group: str | None = None


# What a talk line reports: a chat line, a clock that ran out, the others' choice to wait, a seat
# handed to a bot or taken back, the host closing or opening the chat.
TalkKind = Literal["chat", "timeout", "wait", "bot", "back", "chat_off", "chat_on"]
CHAT_MAX = 500


class TalkLine(BaseModel):
    id: int
    kind: TalkKind
    seat: int | None = Field(description="Who spoke, or whose seat it is about")
    by: int | None = Field(description="The seat that decided (null: the host, or the clock)")
    text: str | None = Field(description="A chat line's text (plain text: clients must not read it as HTML), "
                                         "or the level of the bot that took a seat")
    at: float = Field(description="When, in seconds since the epoch")


class SeatState(BaseModel):
    game_id: str
    seat: int
    version: int
    status: GameStatus
    to_act: list[int]
    my_turn: bool
    can_undo: bool
    controller: Literal["human", "bot"]
    view: dict[str, Any]
    legal: list[LegalAction]
    # With ``?lang=``: every seat's name as the clients show it in that language, and the seat's own
    # committed secret choice (``view.decision.my_choice``) in words.
    names: list[str] | None = None
    my_choice_text: str | None = None
    # In a clocked game: every seat's remaining time (ms), as at the moment of this answer.
    clocks: list[int | None] | None = None
    clock_ms: int | None = None
    scores: list[int] | None = None
    ranking: list[int] | None = None
    seats: list[SeatInfo]
    talk: list[TalkLine] = Field(description="The table's latest chat and seat events, oldest first")
    chat: bool
    rematch: str | None = None


class PublicState(BaseModel):
    game_id: str
    version: int
    status: GameStatus
    to_act: list[int]
    view: dict[str, Any]
    seats: list[SeatInfo]
    names: list[str] | None = None
    scores: list[int] | None = None
    ranking: list[int] | None = None
    talk: list[TalkLine]
    chat: bool
    rematch: str | None = None


class Rematch(BaseModel):
    game: GameSummary
    host_token: str | None = Field(description="The rematch's host token, for the one who made it (null after)")
    seat: SeatLink | None = Field(description="The asking player's seat at the rematch, joined")


def _one_line(text: str) -> str:
    """A chat line: trimmed, on one line, without control characters (what a table shows as text)."""
    text = " ".join(text.split())
    if not text:
        raise PydanticCustomError("text_empty", "say something: the text is empty")
    if any(unicodedata.category(ch) in ("Cc", "Cf", "Co", "Cs") for ch in text):
        raise PydanticCustomError("text_control", "the text may not contain control or format characters")
    return text


class ChatRequest(Strict):
    text: Annotated[str, AfterValidator(_one_line)] = Field(
        max_length=CHAT_MAX, description=f"What to say: 1-{CHAT_MAX} characters of plain text on one line")


class ChatSwitch(Strict):
    open: bool = Field(description="Open (true) or close (false) the table's chat")


class TimeoutChoice(Strict):
    level: PlayerLevel | None = Field(
        default=None, description="Hand the seat whose clock ran out to a bot of this level; null: wait for "
                                  "its player")


class ActionRequest(Strict):
    version: int = Field(ge=0, description="The game version the action was chosen at")
    action: dict[str, Any] | None = Field(default=None, description="The action's JSON form")
    index: int | None = Field(default=None, ge=0, description="Or its index in the game's action space")

    @model_validator(mode="after")
    def _one_of(self) -> ActionRequest:
        if (self.action is None) == (self.index is None):
            raise ValueError("give exactly one of 'action' and 'index'")
        return self


class UndoRequest(Strict):
    version: int = Field(ge=0)


class BotRequest(Strict):
    level: PlayerLevel = "easy"


class Problem(BaseModel):
    detail: str = Field(description="What was wrong, for people")
    version: int | None = Field(default=None, description="The game's current version (409, and 400 on actions)")
    retry_after: int | None = Field(default=None, description="Seconds to wait before trying again (429, 503)")
    errors: list[dict[str, Any]] | None = Field(default=None, description="Each invalid field: loc, msg and type (422)")
    code: str | None = Field(default=None, description="Why the request was refused, for programs (the engine's "
                             "not_to_act, not_legal, ...; the server's seat_taken, private_table, ...); with the "
                             "request's `lang`, `detail` says it in that language")


class RecordOut(BaseModel):
    record: dict[str, Any]


class CreatePlayer(Strict):
    name: str = Field(max_length=64)


class RenamePlayer(Strict):
    name: str = Field(min_length=1, max_length=64, pattern=r"\S", description="The new name (not blank)")


class PlayerInfo(BaseModel):
    player_id: str
    name: str


class PlayerOut(BaseModel):
    player_id: str
    name: str
    token: str


class MyGame(BaseModel):
    game_id: str
    seat: int
    game: str
    status: GameStatus
    version: int
    my_turn: bool


class MyGames(BaseModel):
    games: list[MyGame]


class FinishedGame(BaseModel):
    game_id: str
    game: str
    seat: int = Field(description="The player's seat (another of their seats in a hotseat game is in 'mine')")
    mine: list[int]
    ended_at: float = Field(description="Unix time of the last action")
    names: list[str]
    scores: list[int]
    ranking: list[int]
    rated: bool


class History(BaseModel):
    games: list[FinishedGame]


# The error answers every route may give (declared in the OpenAPI document, each a Problem).
ERRORS: dict[int | str, dict[str, Any]] = {
    400: {"model": Problem, "description": "Illegal action or bad request; the message says why"},
    403: {"model": Problem, "description": "Missing or wrong token"},
    404: {"model": Problem, "description": "No such game"},
    409: {"model": Problem, "description": "Stale version or a game not in a state for this"},
    413: {"model": Problem, "description": "Request body too large"},
    422: {"model": Problem, "description": "Invalid request: `detail` says which field and why, `errors` lists each"},
    429: {"model": Problem, "description": "Rate limited: `detail` says which limit; retry after `Retry-After` s",
          "headers": {"Retry-After": {"description": "Seconds to wait", "schema": {"type": "integer"}}}},
    503: {"model": Problem, "description": "Database unavailable (unreachable or locked); retry after `Retry-After` s",
          "headers": {"Retry-After": {"description": "Seconds to wait", "schema": {"type": "integer"}}}},
}
