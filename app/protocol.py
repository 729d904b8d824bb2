"""The wire: pydantic models for every HTTP body and WebSocket message, and the error table.

Vocabulary:
- **room code**: 4 letters from :data:`CODE_ALPHABET` (no I or O), case-insensitive.
- **seat token**: a long random secret naming one seat; the **host token** names the host (for a
  seated creator it is their seat token; for a table-screen creator a seatless secret).
- **state message**: ``{"type": "state", "version", "room", "you", "view", "outcome"}`` sent on
  connect and after every change; ``version`` counts logged changes, so a client drops only a
  message *older* than what it has (presence updates repeat the current version). The acting
  connection's copy also carries ``"ref"``: the id of its action that made this version.
- **patch message**: ``{"type": "patch", "base", "version", "patch"}``: to a connection
  that asked for them (``?patches=1``), what changed in its state message since the one it
  was sent last (of version ``base``), after its first full state. A patch never crosses
  epochs (another epoch comes as a full state), so it does not repeat the epoch.
- **error message**: ``{"type": "error", "ref", "code", "message"}`` to the sender only.

Errors are all listed in :data:`ERRORS` (code → HTTP status or WebSocket close code, and when);
the browser translates by code, so codes are API.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Annotated, Any, Literal, get_args

from pydantic import BaseModel, ConfigDict, Discriminator, Field, StringConstraints, Tag

CODE_ALPHABET = "ABCDEFGHJKLMNPQRSTUVWXYZ"
CODE_LENGTH = 4

OptionValue = bool | int | str
ActionId = Annotated[str, StringConstraints(min_length=1, max_length=64)]
PlayerRef = Annotated[str, StringConstraints(min_length=1, max_length=16)]

# --- errors ----------------------------------------------------------------------------------


@dataclass(frozen=True)
class ErrorKind:
    """Where an error code answers: an HTTP status, a WebSocket close code, or an error message."""

    http: int | None
    close: int | None
    when: str


#: Every error the app itself raises. Rule refusals add the game's own codes (``not_your_turn``,
#: ``tile_not_in_hand``…), sent as WebSocket error messages, never closing the socket.
ERRORS: dict[str, ErrorKind] = {
    "bad_message": ErrorKind(400, None, "Not JSON (NaN and Infinity are not), not UTF-8, a "
                                        "lone surrogate, nested deeper than 32, a number "
                                        "beyond ±2^53, a control or format character in a "
                                        "text, not an object, binary, or a malformed envelope; "
                                        "the socket stays open (HTTP: a body like that)."),
    "unknown_type": ErrorKind(None, None, "A message type the server does not know (or a "
                                          "type that is not a string)."),
    "bad_action": ErrorKind(None, None, "The action is not one of the game's action shapes "
                                        "(or its kind is not a string)."),
    "text_too_long": ErrorKind(None, None, "A text inside an action is longer than max_text."),
    "rate_limited": ErrorKind(None, None, "More messages per second than allowed; the message "
                                          "was dropped (resend it with the same id)."),
    "spectator": ErrorKind(None, None, "A socket without a seat sent a player-only message."),
    "not_host": ErrorKind(403, None, "A host command from someone who is not the host."),
    "seat_played_by_bot": ErrorKind(None, None, "The host handed this seat to a bot."),
    "not_playing": ErrorKind(None, None, "An action (or end_game) while no game is running."),
    "not_in_lobby": ErrorKind(None, None, "A lobby command (start, options) after the start."),
    "not_finished": ErrorKind(None, None, "A rematch before the game has ended."),
    "bad_timer": ErrorKind(None, None, "set_timers: a length that is not a whole number of "
                                       "seconds from timer_minimum to 3600, or a game "
                                       "without turn clocks."),
    "unknown_timer": ErrorKind(None, None, "set_timers names a clock the game does not have."),
    "no_clock": ErrorKind(None, None, "pause_clock while no turn clock runs."),
    "too_many_players": ErrorKind(None, None, "set_game to a game that takes fewer players "
                                              "than the room has seats."),
    "no_games_yet": ErrorKind(None, None, "end_night before any game of the night finished."),
    "game_in_progress": ErrorKind(409, None, "A replay of the game still being played (a "
                                             "replay exists only once its game has ended)."),
    "unknown_replay": ErrorKind(404, None, "No finished game of this night has this id."),
    "unknown_player": ErrorKind(None, None, "A command names a seat that does not exist."),
    "not_a_human": ErrorKind(None, None, "The seat has no person to hand it back to."),
    "cannot_kick_host": ErrorKind(None, None, "The host tried to kick themselves."),
    "no_table_host": ErrorKind(None, None, "make_host to the table in a room without one."),
    "busy": ErrorKind(None, None, "The room changed too often under us; try again."),
    "unavailable": ErrorKind(503, None, "The store is unreachable for now; nothing changed. "
                                        "Retry (an action with the same id)."),
    "bad_token": ErrorKind(403, 1008, "The token names no seat of this room (or was revoked); "
                                      "HTTP: a history asked with such a token."),
    "kicked": ErrorKind(None, 1008, "The host removed this seat."),
    "bad_parameter": ErrorKind(None, 1008, "A socket opened with a query parameter it cannot "
                                           "read (patches neither 1/true/yes/on nor "
                                           "0/false/no/off)."),
    "unknown_room": ErrorKind(404, 1008, "No live room has this code."),
    "too_many_attempts": ErrorKind(429, 1008, "More than 64 lookups from one address waiting "
                                              "at once (a flood: beyond join_misses unknown "
                                              "codes, each miss makes the address's next "
                                              "lookup wait instead of refusing it)."),
    "too_big": ErrorKind(413, 1009, "A message (or HTTP body) larger than max_message_bytes."),
    "crowded": ErrorKind(None, 1013, "The room has as many sockets as it accepts."),
    "room_closed": ErrorKind(None, 1001, "The room was removed (idle) or the server stops."),
    "server_error": ErrorKind(500, 1011, "A bug; it is logged. On a socket an error message "
                                         "(the socket stays open and nothing changed); 1011 "
                                         "only when the socket itself failed."),
    "not_found": ErrorKind(404, None, "An HTTP path the server does not have."),
    "bad_request": ErrorKind(None, None, "Another refusal by the HTTP layer (405: a method the "
                                         "path does not take); the status says which."),
    "unknown_asset": ErrorKind(404, None, "The game has no file of this name."),
    "unknown_game": ErrorKind(422, None, "No registered game has this id."),
    "bad_name": ErrorKind(422, None, "A name that is empty, too long or has control characters."),
    "bad_option": ErrorKind(422, None, "An option value the game does not accept."),
    "unknown_option": ErrorKind(422, None, "An option the game does not have."),
    "invalid_request": ErrorKind(422, None, "A request body that does not fit its schema."),
    "name_taken": ErrorKind(409, None, "Someone in the room already has this name."),
    "room_full": ErrorKind(409, None, "The room has the game's maximum number of players."),
    "already_playing": ErrorKind(409, None, "The game has started; joining is closed."),
    "too_many_rooms": ErrorKind(429, None, "This address already has rooms_per_address rooms."),
    # A host's own pictures (app/routes/decks.py); each refusal is about one uploaded file.
    "not_a_picture": ErrorKind(422, None, "An upload that is no JPEG, PNG, WebP or GIF image "
                                          "(whatever its name), or a damaged one."),
    "picture_too_big": ErrorKind(413, None, "An upload larger than picture_max_bytes."),
    "picture_too_large": ErrorKind(422, None, "A picture with more pixels than "
                                              "picture_max_pixels (a decompression bomb)."),
    "deck_full": ErrorKind(409, None, "The deck has deck_max_pictures pictures already."),
    "unknown_deck": ErrorKind(404, None, "No deck has this code (or it expired unused)."),
    "unknown_picture": ErrorKind(404, None, "No such picture (in this deck, or at all)."),
    "bad_caption": ErrorKind(422, None, "A caption longer than max_caption or with control "
                                        "characters."),
    "no_picture_deck": ErrorKind(422, None, "The room's game is not played with your own "
                                            "pictures."),
}


class AppError(Exception):
    """A refusal by the room server (not by a game); ``code`` is a key of :data:`ERRORS`."""

    def __init__(self, code: str, message: str) -> None:
        super().__init__(message)
        assert code in ERRORS, code
        self.code = code
        self.message = message

    @property
    def status(self) -> int:
        return ERRORS[self.code].http or 400


# --- HTTP ------------------------------------------------------------------------------------

class Strict(BaseModel):
    model_config = ConfigDict(extra="forbid")


class CreateRoom(Strict):
    """Create a room: with a ``name`` the creator also takes a seat (a table screen passes none)."""

    game: str = Field(max_length=40, examples=["qwirkle"])
    options: dict[str, OptionValue] = Field(default_factory=dict)
    name: str | None = Field(None, max_length=200, examples=["Ann"])


class RoomCreated(BaseModel):
    code: str = Field(examples=["KXQM"])
    host_token: str
    player_id: str | None
    token: str | None


class JoinRoom(Strict):
    name: str = Field(max_length=200, examples=["Bob"])


class Joined(BaseModel):
    player_id: str
    token: str


class PlayerSummary(Strict):
    id: str
    name: str
    bot: bool = Field(description="A bot moves for this seat (a bot seat, or a person's seat "
                                  "the host handed to a bot).")
    human: bool = Field(description="A person holds this seat's token (false for bot seats).")
    connected: bool
    is_host: bool


class StandingRow(Strict):
    player: str
    name: str
    points: int = Field(description="Night points: place p of n players earns n - p + 1.")
    wins: int
    games: int
    seated: bool = Field(description="False for a player who scored tonight and left.")
    place: int = Field(description="Shared by equal points and wins.")


class FinishedSummary(Strict):
    id: int = Field(description="The game's id in the room: GET /api/rooms/{code}/replays/{id}.")
    game: str


class NightSummary(Strict):
    games: int = Field(description="Games finished tonight.")
    over: bool = Field(description="The host ended the night (end_night).")
    winners: list[str] = Field(description="Once over: the night's winners (ties share).")
    standings: list[StandingRow]
    finished: list[FinishedSummary]


class ClockInfo(Strict):
    name: str = Field(description="Which of the game's clocks runs (its ``clocks`` name).")
    seconds: float = Field(description="Its full length.")
    due: float | None = Field(description="When it runs out, in the server's seconds since "
                                          "1970 (null while paused); correct for the offset "
                                          "of your clock from ``pong``'s ``now``.")
    left: float | None = Field(description="While paused: the seconds it had left.")
    paused: bool


class RoomSummary(Strict):
    code: str
    game: str
    title: str
    phase: Literal["lobby", "playing", "finished"]
    version: int
    options: dict[str, OptionValue]
    host: str | None = Field(description="The host's player id, or null when the table "
                                         "screen (a seatless host token) is the host.")
    players: list[PlayerSummary]
    min_players: int
    max_players: int
    night: NightSummary
    timers: dict[str, int] | None = Field(description="Turn clocks: the length in seconds of "
                                                      "each of the game's clocks, or null "
                                                      "while they are off.")
    clock: ClockInfo | None = Field(description="The turn clock running now (timers on, a "
                                                "game being played), or null.")
    timed_out: str | None = Field(description="The seat whose move the turn clock forced "
                                              "(the game's bot played it), when that made "
                                              "this version; else null.")


class OptionInfo(BaseModel):
    name: str
    default: OptionValue
    description: str
    choices: list[str]
    minimum: int | None
    maximum: int | None


class ClockDefault(BaseModel):
    name: str
    seconds: int
    description: str


class GameInfo(BaseModel):
    id: str
    title: str
    blurb: str
    min_players: int
    max_players: int
    clocks: list[ClockDefault] = Field(description="The turn clocks a host may switch on, "
                                                   "with their default lengths.")
    options: list[OptionInfo]
    #: The option naming the host's own picture deck, for a game that takes one (the lobby
    #: shows the deck panel instead of that option).
    picture_deck: str | None = None


class ErrorBody(BaseModel):
    """Every HTTP error: a stable ``code``, a sentence, and ``detail`` (FastAPI's habit)."""

    code: str
    message: str
    detail: Any = None


# --- WebSocket: client → server --------------------------------------------------------------

class Envelope(Strict):
    """Any client message may carry an ``id``; errors about it echo it as ``ref``. Strict:
    ``"yes"`` is not a boolean and ``"3"`` is not a number."""

    model_config = ConfigDict(extra="forbid", strict=True)

    id: ActionId | None = None


class ActionMessage(Envelope):
    type: Literal["action"]
    id: ActionId  # required: it makes a resent action apply once
    action: dict[str, Any]


class StartMessage(Envelope):
    type: Literal["start"]


class KickMessage(Envelope):
    type: Literal["kick"]
    player: PlayerRef


class AddBotMessage(Envelope):
    type: Literal["add_bot"]


class RematchMessage(Envelope):
    type: Literal["rematch"]


class MakeHostMessage(Envelope):
    type: Literal["make_host"]
    player: PlayerRef | None = Field(description="A seat, or null to hand the role back to "
                                                 "the table screen that created the room.")


class SetOptionsMessage(Envelope):
    type: Literal["set_options"]
    options: dict[str, OptionValue]


class SeatBotMessage(Envelope):
    type: Literal["seat_bot"]
    player: PlayerRef
    bot: bool


class SetGameMessage(Envelope):
    """Host, in the lobby or after a game: play another game with the same seats."""

    type: Literal["set_game"]
    game: str = Field(min_length=1, max_length=40)


class EndGameMessage(Envelope):
    """Host, during play: stop the game; everyone goes back to the lobby, seats and options
    kept (refused with ``not_playing`` when no game runs)."""

    type: Literal["end_game"]


class EndNightMessage(Envelope):
    """Host, between games: close the night's standings and name its winner (``not_in_lobby``
    during play, ``no_games_yet`` before a game finished); the next game starts a new night."""

    type: Literal["end_night"]


class PingMessage(Envelope):
    type: Literal["ping"]


class SetTimersMessage(Envelope):
    """Host, between games: turn clocks on (lengths to change, in seconds, merged with the
    others; ``{}``: as they are, or the game's defaults) or off (null)."""

    type: Literal["set_timers"]
    timers: dict[str, int] | None


class PauseClockMessage(Envelope):
    """Host, during play: stop the turn clock (``paused`` true) or start it again with the
    time it had left (``no_clock`` when none runs)."""

    type: Literal["pause_clock"]
    paused: bool


class SyncMessage(Envelope):
    """Send me the full state: a patch did not follow the state this client holds."""

    type: Literal["sync"]


ClientMessage = Annotated[
    ActionMessage | StartMessage | KickMessage | AddBotMessage | RematchMessage
    | MakeHostMessage | SetOptionsMessage | SeatBotMessage | SetGameMessage | EndGameMessage
    | EndNightMessage | PingMessage | SetTimersMessage | PauseClockMessage | SyncMessage,
    Field(discriminator="type"),
]
"""Every message a client may send, told apart by ``type``."""

#: The models of :data:`ClientMessage`, one per message type.
CLIENT_MESSAGES: tuple[type[Envelope], ...] = get_args(get_args(ClientMessage)[0])


def message_type(model: type[BaseModel]) -> str:
    """The ``type`` a message model stands for (its ``Literal``)."""
    kind: str = get_args(model.model_fields["type"].annotation)[0]
    return kind


#: Every client message type, from the models.
MESSAGE_TYPES = frozenset(message_type(m) for m in CLIENT_MESSAGES)

# --- WebSocket: server → client -------------------------------------------------------------
# The hot path writes state messages as text (app/fanout.py); a test validates every message
# the server sends during whole games against :data:`ServerMessage`.


class StateMessage(Strict):
    """The room as one connection may see it, on connect and after every change."""

    type: Literal["state"]
    version: int = Field(description="Logged changes so far; drop a message with a smaller "
                                     "version than the one shown, unless its epoch differs.")
    epoch: str = Field(description="The room's line of versions; it changes only when the "
                                   "room was rebased (its store lost changes), and a state of "
                                   "another epoch replaces the one shown whatever its version.")
    room: RoomSummary
    you: str | None = Field(description="This connection's seat, or null (table, spectator).")
    is_host: bool = Field(description="This connection may send host commands.")
    view: dict[str, Any] | None = Field(description="The game's view for this viewer (null in "
                                                    "the lobby); its shape is the game's.")
    outcome: dict[str, Any] | None = Field(description="How the game ended, once it has.")
    ref: str | None = Field(None, description="On the acting connection's copy: the id of its "
                                              "action that made this version.")


#: One member of a patch: a string, number or boolean sets that value, ``[value]`` sets any
#: value (null, an array, an object), ``[]`` deletes, an object patches what is there.
PatchMember = str | int | float | bool | Annotated[list[Any], Field(max_length=1)] | dict[str, Any]


class StatePatch(Strict):
    """What changed in a state message, as an exact merge patch (``app/patch.py``): a
    member that is a string, number or boolean sets a key to it, ``[v]`` sets it to ``v``
    (null, an array or an object too), ``[]`` deletes it, an object patches the value there;
    on an array, keys are indices, ``"shift": n`` first drops n items from its front and
    ``"length": n`` then cuts it to n. Members absent: unchanged."""

    room: dict[str, Any] | None = Field(None, description="A patch of the room summary but "
                                                          "its version, which is always the "
                                                          "message's own (never repeated).")
    view: PatchMember | None = Field(None, description="A patch of the view (or [view]).")
    outcome: PatchMember | None = Field(None, description="A patch of the outcome.")


PatchMessage = Annotated[
    tuple[Literal["patch"], int, int, StatePatch]
    | tuple[Literal["patch"], int, int, StatePatch, str],
    Field(description=(
        'What changed since the state this connection was last sent (``?patches=1`` only), '
        'as an array: ``["patch", base, version, patch, ref?]``, since it is the one message '
        'sent per change per screen (its member names would be a third of its bytes). '
        'Applied to the state message this connection was sent last (of version ``base``), '
        '``patch`` gives the state message of ``version`` (whose ``room.version`` is '
        '``version`` too, and whose epoch is the one held: a patch never crosses epochs); '
        '``version`` equals ``base`` for a change of who is connected. ``ref``, on the acting '
        "connection's copy only: the id of its action that made this version, which the "
        'rebuilt state carries as its ``ref``. A client holding anything else sends '
        '``{"type": "sync"}`` and gets the full state.'))]
"""A patch message, as sent (see its description)."""


class ErrorMessage(Strict):
    """A refusal, to the sender only; the room is unchanged."""

    type: Literal["error"]
    ref: str | None = Field(description="The id of the message refused, when it had one.")
    code: str = Field(description="A key of the error table (or a game's rule code).")
    message: str = Field(description="A plain English sentence; clients translate by code.")


class PongMessage(Strict):
    """The answer to a ping: everything sent before it has arrived; ``now`` is the server's
    clock (seconds since 1970), from which a client learns its offset for turn clocks."""

    type: Literal["pong"]
    now: float


def _server_kind(message: Any) -> str | None:
    """What kind of server message this is: the first item of a patch (an array), the
    ``type`` of the others."""
    if isinstance(message, list | tuple):
        return str(message[0]) if message else None
    if isinstance(message, dict):
        kind = message.get("type")
        return kind if isinstance(kind, str) else None
    return getattr(message, "type", None)


ServerMessage = Annotated[
    Annotated[StateMessage, Tag("state")] | Annotated[PatchMessage, Tag("patch")]
    | Annotated[ErrorMessage, Tag("error")] | Annotated[PongMessage, Tag("pong")],
    Discriminator(_server_kind)]
"""Every message the server sends, told apart by ``type`` (a patch: by its first item)."""



def pong(now: float) -> str:
    """The pong message at server time ``now``."""
    return f'{{"type":"pong","now":{now!r}}}'
