"""The protocol fuzzer: hostile and well-formed client messages, made from the protocol's message
models and each game's action types, sent over real sockets to the real app (uvicorn in a
thread), in every phase of every registered game, by seats, the host, the table host and spectators.

For each game a room is opened by a table screen (the table host) with people seated; every
phone, the table and a spectator are connected. The fuzzer sends bursts of messages from
random senders in the lobby, between every move of a whole game (moves are the bots' choices,
sent by the player due; the host role goes back and forth between the table and a seat on
every move, so both kinds of host are fuzzed in every phase) and after the end, then again
after a rematch while the game's share of messages lasts. Each message
is followed by a marker (an unknown type with a fresh id) and must get **exactly one answer**
before the marker's: a state, a pong, an error with a documented code (the error table's or a
rule's), or a documented close code, within ``answer_within`` seconds. After a refusal the
room's version is unchanged; nothing but states reaches the other sockets; the server logs no
error and no traceback; the process's RSS is read before and after.

Messages come from a seeded generator (reproducible: ``--seed``): a well-formed message of a
random model with values drawn from the room's real ids (seats, cards, squares, tiles from
``legal_actions``) and from hostile pools, then (mostly) one mutation: a field dropped, added
or given the wrong type, ``type``/``kind`` made non-strings or unknown, deep nesting, numbers
out of range, lone surrogates and control characters in texts, over-long texts, broken or
non-object JSON, binary frames, a frame over the size limit. A host never sends a command that
would really start, rematch, kick or switch the game (that would be the fuzzer's own doing);
every other well-formed message may legitimately change the room.

``python -m tests.app.fuzz --messages 100000`` (``make fuzz``) prints the figures;
``tests/app/test_fuzz.py`` runs a few thousand in the suite.
"""

from __future__ import annotations

import argparse
import dataclasses
import gc
import json
import logging
import random
import re
import socket
import sys
import tempfile
import time
import types
import typing
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Literal, get_args, get_origin

import uvloop
from pydantic import TypeAdapter, ValidationError
from websockets.exceptions import ConnectionClosed

from app.config import Settings
from app.protocol import CLIENT_MESSAGES, ERRORS, ActionMessage, ClientMessage, message_type
from rules import GAMES
from rules.base import HOST, Game, jsonable
from tests.app.conftest import Phone, Table, open_table
from tests.conftest import LiveServer

CLIENT: TypeAdapter[Any] = TypeAdapter(ClientMessage)
#: Host commands that, well-formed and sent by the host, would change the room's course.
STEERING = frozenset({"start", "rematch", "add_bot", "set_game", "kick", "seat_bot",
                      "make_host", "set_options", "end_game", "end_night", "set_timers",
                      "pause_clock"})
RULE_CODE = re.compile(r"^[a-z][a-z0-9_]{1,40}$")
DOCUMENTED_CLOSES = {(kind.close, code) for code, kind in ERRORS.items()
                     if kind.close is not None and code != "server_error"}
#: Closes documented by their code alone: over max_message_bytes, the WebSocket library
#: closes with 1009 before the app sees the frame (its own reason).
CLOSE_CODES = {ERRORS["too_big"].close}
#: Options that keep a whole game short.
OPTIONS: dict[str, dict[str, Any]] = {"dixit": {"end": "turns", "turns_each": 1}}
#: At most this many messages between two moves (more budget: more games, by rematch).
MOST_PER_MOVE = 40

HOSTILE_STRINGS = [
    "", " ", "x" * 300, "moon \ud800 light", "\udfff", "\ud83d", "\u0000\u0001 \u0000\u0001 x",
    "a\u202eb", "a\u200db", "\u2028", "\ufeff", "\U0010ffff", "\U000e0001", "\u0085", "\t\n",
    "😀", "👨‍👩‍👧", "Ωμέγα", "моря", "ծով", "সমুদ্র", "null", "true", "0", "-1", "1e999",
    "NaN", "<script>", "'; DROP TABLE rooms; --", "../../etc/passwd", "%00", "\\", '"',
    "p1", "p2", "p9", "@host", HOST, "qwirkle", "ping", "action",
]
HOSTILE_NUMBERS = ["NaN", "Infinity", "-Infinity", "1e999", "-1e999", "9007199254740993",
                   "-9007199254740993", "1" + "0" * 5000, "1e308", "0.5", "-0", "1E2",
                   "18446744073709551616", "3.0"]


@dataclass
class Figures:
    """What a run did and saw."""

    sent: int = 0
    answers: Counter[str] = field(default_factory=Counter)
    phases: Counter[str] = field(default_factory=Counter)
    max_latency: float = 0.0
    tracebacks: int = 0
    errors_logged: int = 0
    rss_before_kib: int = 0
    rss_after_kib: int = 0
    seconds: float = 0.0
    failures: list[str] = field(default_factory=list)

    def fail(self, what: str) -> None:
        if len(self.failures) < 50:
            self.failures.append(what)

    def report(self) -> str:
        lines = [f"messages sent: {self.sent} in {self.seconds:.0f} s "
                 f"({self.sent / max(self.seconds, 1e-9):.0f}/s)",
                 f"max answer latency: {self.max_latency * 1000:.0f} ms",
                 f"tracebacks seen: {self.tracebacks}; errors logged: {self.errors_logged}",
                 f"RSS before/after: {self.rss_before_kib / 1024:.1f} / "
                 f"{self.rss_after_kib / 1024:.1f} MB", "answers by kind/code:"]
        lines += [f"  {n:7d}  {kind}" for kind, n in self.answers.most_common()]
        lines.append("messages by game/phase:")
        lines += [f"  {n:7d}  {phase}" for phase, n in sorted(self.phases.items())]
        lines.append(f"failures: {len(self.failures)}")
        lines += [f"  {f}" for f in self.failures]
        return "\n".join(lines)


class LogWatch(logging.Handler):
    """Counts what the server logs at error level, and every record carrying a traceback."""

    def __init__(self) -> None:
        super().__init__(logging.DEBUG)
        self.tracebacks = 0
        self.errors = 0
        self.seen: list[str] = []

    def emit(self, record: logging.LogRecord) -> None:
        if record.exc_info:
            self.tracebacks += 1
        if record.levelno >= logging.ERROR:
            self.errors += 1
            if len(self.seen) < 20:
                self.seen.append(record.getMessage()[:200])


def rss_kib() -> int:
    for line in Path("/proc/self/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1])
    return 0


# --- making messages -------------------------------------------------------------------------

class Maker:
    """Client messages for one room, well-formed or not, from the models and the game."""

    def __init__(self, rng: random.Random, game: Game[Any]) -> None:
        self.rng = rng
        self.game = game
        self.strings: list[str] = list(HOSTILE_STRINGS)
        self.real: list[str] = []  # ids the room really has (seats, cards, squares, tiles)
        self.samples: list[dict[str, Any]] = []  # legal actions of the moment, as JSON
        self.ids = 0

    def learn(self, samples: list[dict[str, Any]], players: list[str]) -> None:
        self.samples = samples[:40]
        found: set[str] = set(players)
        for sample in self.samples:
            _strings_in(sample, found)
        self.real = sorted(found)[:200]

    def string(self) -> str:
        roll = self.rng.random()
        if roll < 0.5 and self.real:
            return self.rng.choice(self.real)
        if roll < 0.8:
            return self.rng.choice(self.strings)
        size = self.rng.randint(0, 12)
        return "".join(self.rng.choice("abcxyz019 _-é\u0301") for _ in range(size))

    def new_id(self) -> str:
        self.ids += 1
        return f"f{self.ids}"

    # well-formed values of a type
    def value(self, annotation: Any, depth: int = 0) -> Any:
        origin, args = get_origin(annotation), get_args(annotation)
        if origin is typing.Annotated:
            return self.value(args[0], depth)
        if origin is Literal:
            return self.rng.choice(args)
        if origin in (typing.Union, types.UnionType):
            return self.value(self.rng.choice(args), depth)
        if annotation is type(None):
            return None
        if annotation is str:
            return self.string()
        if annotation is bool:
            return self.rng.random() < 0.5
        if annotation is int:
            return self.rng.choice([0, 1, 2, 3, 5, 6, 7, 12, -1, 30, 99, 2 ** 31])
        if origin in (tuple, list):
            item = args[0] if args else Any
            return [self.value(item, depth + 1) for _ in range(self.rng.randint(0, 4))]
        if origin is dict:
            return {self.string(): self.value(args[1], depth + 1)
                    for _ in range(self.rng.randint(0, 3))}
        if dataclasses.is_dataclass(annotation) and isinstance(annotation, type):
            hints = typing.get_type_hints(annotation)
            return {f.name: self.value(hints[f.name], depth + 1)
                    for f in dataclasses.fields(annotation)}
        return self.junk(depth)

    def junk(self, depth: int = 0) -> Any:
        """Any JSON value, shallow."""
        roll = self.rng.randrange(7 if depth < 3 else 5)
        if roll == 5:
            return [self.junk(depth + 1) for _ in range(self.rng.randint(0, 3))]
        if roll == 6:
            return {self.string(): self.junk(depth + 1) for _ in range(self.rng.randint(0, 3))}
        return (None, True, self.rng.randint(-9, 99), self.string(), 2.5)[roll]

    def action(self) -> dict[str, Any]:
        """A game action: a legal one now, or one of the game's shapes with drawn values."""
        if self.samples and self.rng.random() < 0.4:
            return dict(self.rng.choice(self.samples))
        kinds = self.game.actions
        kind = self.rng.choice(kinds)
        value: dict[str, Any] = self.value(kind)
        return value

    def options(self) -> dict[str, Any]:
        names = [o.name for o in self.game.options] + ["nope"]
        return {self.rng.choice(names): self.rng.choice([True, 0, 5, 30, "pile", "x", -3])
                for _ in range(self.rng.randint(0, 2))}

    def envelope(self) -> dict[str, Any]:
        """A well-formed message of a random model of the protocol (half of them actions,
        where the games' rules are)."""
        model = ActionMessage if self.rng.random() < 0.5 else self.rng.choice(CLIENT_MESSAGES)
        message: dict[str, Any] = {}
        for name, info in model.model_fields.items():
            if name == "type":
                message[name] = message_type(model)
            elif name == "id":
                message[name] = self.new_id() if self.rng.random() < 0.9 else self.string()
            elif name == "action":
                message[name] = self.action()
            elif name == "options":
                message[name] = self.options()
            elif name == "game":
                message[name] = self.rng.choice([*GAMES, "chess", ""])
            else:
                message[name] = self.value(info.annotation)
        return message

    # hostile variants
    def frame(self) -> str | bytes:
        """One frame to send: mostly a well-formed message with one mutation."""
        message = self.envelope()
        roll = self.rng.random()
        if roll < 0.3:
            return json.dumps(message)
        if roll < 0.75:
            return json.dumps(self.mutated(message))
        return self.raw(message)

    def mutated(self, message: dict[str, Any]) -> Any:
        rng = self.rng
        target = message
        if "action" in message and isinstance(message["action"], dict) and rng.random() < 0.6:
            target = message["action"]
        keys = list(target)
        mutation = rng.randrange(9)
        if mutation == 0 and keys:
            del target[rng.choice(keys)]
        elif mutation == 1:
            target[self.string()] = self.junk()
        elif mutation == 2 and keys:
            target[rng.choice(keys)] = self.junk()
        elif mutation == 3:
            target["type" if target is message else "kind"] = rng.choice(
                [{}, [], ["action"], ["place"], 7, None, True, 1.5, {"type": "action"}])
        elif mutation == 4:
            target["type" if target is message else "kind"] = self.string()
        elif mutation == 5 and keys:
            target[rng.choice(keys)] = self.rng.choice(HOSTILE_STRINGS)
        elif mutation == 6:
            return rng.choice([[message], "action", 42, None, [], True])
        elif mutation == 7 and keys:
            nested: Any = self.junk()
            for _ in range(rng.choice([5, 31, 33, 60, 200])):
                nested = [nested] if rng.random() < 0.5 else {"k": nested}
            target[rng.choice(keys)] = nested
        else:
            message["id"] = rng.choice(["", "x" * 65, "\ud800x", 7, None, ["a"], "ok\u0000"])
        return message

    def raw(self, message: dict[str, Any]) -> str | bytes:
        """Frames no JSON encoder writes: bad numbers, escapes, brackets, bytes."""
        rng = self.rng
        text = json.dumps(message)
        kind = rng.randrange(9)
        if kind == 0:  # a number the reader must refuse, where a value goes
            return text.replace("}", ', "n": ' + rng.choice(HOSTILE_NUMBERS) + "}", 1)
        if kind == 1 and '"' in text:  # a broken escape or lone surrogate inside a string
            at = rng.choice([i for i, ch in enumerate(text) if ch == '"'])
            return text[:at + 1] + rng.choice(["\\ud800", "\\udc00x", "\\u0000", "\\x", "\\"]) \
                + text[at + 1:]
        if kind == 2:
            return text[:rng.randrange(len(text))]
        if kind == 3:
            depth = rng.choice([33, 1000, 5000, 10_000])
            return ('{"type":"action","id":"' + self.new_id() + '","action":{"kind":"place",'
                    '"tiles":' + "[" * depth + ("]" * depth if rng.random() < 0.5 else ""))
        if kind == 4:
            return text.encode() if rng.random() < 0.7 else b"\xff\xfe\x00garbage"
        if kind == 5:
            return rng.choice(["", "null", "[]", "{", "}", "[1,2]", '"ping"', "NaN", "{}{}",
                               '{"type":"ping"} x', '{"type":"ping","type":"start"}'])
        if kind == 6 and rng.random() < 0.05:  # over the size limit: close 1009
            return text.replace("}", ', "pad": "' + "x" * 17_000 + '"}', 1)
        if kind == 7:
            return text.replace('"type"', '"\\u0074ype"', 1)  # escaped key: still "type"
        return text.replace("}", ', "t": "' + "é" * rng.randint(250, 400) + '"}', 1)


def _strings_in(value: Any, found: set[str]) -> None:
    if isinstance(value, str):
        if value not in (HOST,):
            found.add(value)
    elif isinstance(value, dict):
        for item in value.values():
            _strings_in(item, found)
    elif isinstance(value, list):
        for item in value:
            _strings_in(item, found)


def steering(message: Any, host: bool) -> bool:
    """Whether ``message`` is a well-formed command that would steer the room from the host."""
    if not host or not isinstance(message, dict):
        return False
    kind = message.get("type")
    if not isinstance(kind, str) or kind not in STEERING:
        return False
    try:
        CLIENT.validate_python(message)
    except (ValidationError, TypeError):
        return False
    return True


# --- one room under fire ---------------------------------------------------------------------

def _nodelay(phone: Phone) -> Phone:
    """No Nagle: a frame and its marker go out at once, not 40 ms apart (delayed ACKs)."""
    phone.ws.socket.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
    return phone


class Fuzzer:
    """A real server, and for each game a room and its sockets, under fire."""

    def __init__(self, seed: int, answer_within: float) -> None:
        self.rng = random.Random(seed)
        self.answer_within = answer_within
        self.figures = Figures()
        self.watch = LogWatch()
        self.tmp = tempfile.TemporaryDirectory()
        logging.getLogger().addHandler(self.watch)
        settings = Settings(db=Path(self.tmp.name) / "fuzz.sqlite3", bot_delay=0,
                            ws_ping_seconds=0, log_level="warning",
                            messages_per_second=1_000_000, rooms_per_address=1000)
        self.server = LiveServer(settings)
        # uvloop, as `python -m app` runs: with asyncio's own loop in a thread, a second
        # message sent right after a first is answered ~36 ms late (no such delay in the app).
        self.server.loop.close()
        self.server.loop = uvloop.new_event_loop()
        self.server.start()
        self.marks = 0
        #: Per sender, the (room version, reconnections) it has read everything up to: a
        #: socket may have broadcasts waiting only when the room moved on since.
        self.synced: dict[str, tuple[int, int]] = {}
        self.reconnections = 0

    def close(self) -> None:
        self.server.stop()
        logging.getLogger().removeHandler(self.watch)
        self.tmp.cleanup()

    def run(self, messages: int) -> Figures:
        figures = self.figures
        gc.collect()
        figures.rss_before_kib = rss_kib()
        started = time.monotonic()
        for game_id in sorted(GAMES):
            self.play(game_id, messages // len(GAMES))
        figures.seconds = time.monotonic() - started
        gc.collect()
        figures.rss_after_kib = rss_kib()
        figures.tracebacks = self.watch.tracebacks
        figures.errors_logged = self.watch.errors
        for line in self.watch.seen:
            figures.fail(f"server logged: {line}")
        return figures

    def play(self, game_id: str, budget: int) -> None:
        """The lobby, then whole games (rematches while budget is left), each move and the
        end under fire."""
        game = GAMES[game_id]
        table = open_table(self.server, game=game_id, name=None, options=OPTIONS.get(game_id))
        self.synced = {}
        try:
            seated = max(2, game.min_players)  # people seated: the fewest it takes, not solo
            for i in range(seated):
                table.join(f"P{i + 1}")
            phones = {p: _nodelay(table.seat(p)) for p in sorted(table.tokens)}
            phones["table"] = _nodelay(table.phone(table.host_token))
            phones["spectator"] = _nodelay(table.phone())
            tokens = {**table.tokens, "table": table.host_token, "spectator": None}
            maker = Maker(self.rng, game)
            steps = max(1, _steps(game, seated, OPTIONS.get(game_id, {})))
            per_move = min(MOST_PER_MOVE, max(1, int(budget * 0.8 / steps)))
            end = self.figures.sent + budget

            def left(most: int) -> int:
                return max(0, min(most, end - self.figures.sent))

            host = "table"
            self.burst(table, phones, tokens, maker, max(1, left(budget // 10)), host)
            opening = {"type": "start"}
            while True:
                self.step(table, phones, host, opening)
                moves = 0
                while table.room().record.phase == "playing" and moves < 2000:
                    self.burst(table, phones, tokens, maker, left(per_move), host)
                    host = "p1" if host == "table" else "table"
                    self.step(table, phones, "p1" if host == "table" else "table",
                              {"type": "make_host", "player": None if host == "table" else "p1"})
                    self.move(table, phones, game)
                    moves += 1
                if table.room().record.phase != "finished":
                    self.figures.fail(f"{game_id}: the game did not finish")
                    return
                self.burst(table, phones, tokens, maker, max(10, left(budget // 20)), host)
                if not left(1):
                    return
                opening = {"type": "rematch"}
        finally:
            table.close()

    def move(self, table: Table, phones: dict[str, Phone], game: Game[Any]) -> None:
        """The move of the first player due (the bot's choice), from their phone."""
        state = table.truth()
        if table.room().record.phase != "playing":
            return
        player = sorted(game.to_act(state))[0]
        self.step(table, phones, player, {"type": "action", "id": f"m{self.marks}",
                                          "action": jsonable(game.bot_action(state, player))})

    def step(self, table: Table, phones: dict[str, Phone], who: str,
             message: dict[str, Any]) -> None:
        """A move of the fuzzer's own that must change the room."""
        version = table.room().version
        answers = self.exchange(table, phones, who, json.dumps(message))
        if not answers or answers[0].get("type") != "state" or table.room().version <= version:
            self.figures.fail(f"step {message} by {who} was answered {answers}")

    def burst(self, table: Table, phones: dict[str, Phone], tokens: dict[str, str | None],
              maker: Maker, n: int, host: str) -> None:
        figures = self.figures
        room = table.room()
        state = table.truth()
        players = list(room.record.players) or sorted(table.tokens)
        samples = []
        if state is not None and room.record.phase == "playing":
            for player in players:
                samples += [jsonable(a) for a in room.game.legal_actions(state, player)[:20]]
        maker.learn(samples, players)
        senders = sorted(phones)
        for _ in range(n):
            who = self.rng.choice(senders)
            frame = maker.frame()
            try:
                decoded = json.loads(frame)
            except (ValueError, RecursionError):
                decoded = None
            if steering(decoded, who == host):
                frame = json.dumps({**decoded, "zz": 1})  # refused: the fuzzer keeps course
            figures.sent += 1
            figures.phases[_phase(room)] += 1
            version = table.room().version
            answers = self.exchange(table, phones, who, frame)
            self.check(table, frame, who, version, answers)
            if answers and answers[-1]["type"] == "timeout":  # deaf: a failure; start afresh
                phones[who].close()
            if phones[who].ws.close_code is not None:  # closed (as documented?): back again
                phones[who] = _nodelay(Phone(self.server, table.code, tokens[who]))
                table.phones.append(phones[who])
                phones[who].wait_state()
                self.reconnections += 1
        for who in phones:
            self.sync(table, phones, who)

    def sync(self, table: Table, phones: dict[str, Phone], who: str) -> None:
        """Read what ``who``'s socket was sent since it last read everything: only states of
        other senders' changes (or of presence) may be waiting."""
        now = (table.room().version, self.reconnections)
        if self.synced.get(who) == now:
            return
        for message in self.exchange(table, phones, who, None):
            if message.get("type") != "state":
                self.figures.fail(f"{who} was sent {message} by someone else's message")
        self.synced[who] = now

    def exchange(self, table: Table, phones: dict[str, Phone], who: str,
                 frame: str | bytes | None) -> list[dict[str, Any]]:
        """Send ``frame`` (None: nothing) and a marker; return every answer before the
        marker's (a close is answered ``{"type": "close", …}``)."""
        if frame is not None:
            self.sync(table, phones, who)
        phone = phones[who]
        self.marks += 1
        mark = f"mark-{self.marks}"
        started = time.monotonic()
        answers: list[dict[str, Any]] = []
        try:
            if frame is not None:
                phone.ws.send(frame)
            phone.ws.send(json.dumps({"type": "zz_mark", "id": mark}))
            while True:
                message = phone.recv(self.answer_within)
                if not answers and frame is not None:
                    self.figures.max_latency = max(self.figures.max_latency,
                                                   time.monotonic() - started)
                if message.get("type") == "error" and message.get("ref") == mark:
                    self.synced[who] = (table.room().version, self.reconnections)
                    phone.raw.clear()  # the fuzzer keeps nothing: RSS is the server's
                    return answers
                answers.append(message)
        except ConnectionClosed:
            answers.append({"type": "close", "code": phone.ws.close_code,
                            "reason": phone.ws.close_reason})
            self.figures.max_latency = max(self.figures.max_latency, time.monotonic() - started)
        except TimeoutError:
            answers.append({"type": "timeout"})
        return answers

    def check(self, table: Table, frame: str | bytes, who: str, version: int,
              answers: list[dict[str, Any]]) -> None:
        figures = self.figures
        shown = repr(frame[:120])
        if len(answers) != 1:
            figures.answers["not exactly one answer"] += 1
            figures.fail(f"{who}: {shown} got {len(answers)} answers: {answers[:3]}")
            return
        answer = answers[0]
        kind = answer.get("type")
        if kind == "error":
            code = str(answer.get("code"))
            figures.answers[f"error {code}"] += 1
            if code == "server_error" or not (code in ERRORS or RULE_CODE.match(code)):
                figures.fail(f"{who}: {shown} got {answer}")
            if table.room().version != version:
                figures.fail(f"{who}: {shown} was refused but the version moved")
        elif kind == "close":
            figures.answers[f"close {answer['code']}"] += 1
            if ((answer["code"], answer["reason"]) not in DOCUMENTED_CLOSES
                    and answer["code"] not in CLOSE_CODES):
                figures.fail(f"{who}: {shown} closed the socket: {answer}")
        elif kind in ("state", "pong"):
            figures.answers[str(kind)] += 1
        else:
            figures.answers[str(kind)] += 1
            figures.fail(f"{who}: {shown} got {answer}")


def _phase(room: Any) -> str:
    """``game/room phase[/the game's own phase]``, read as the room is now (for the figures)."""
    phase = room.record.phase
    inner = getattr(room.state, "phase", None) if phase == "playing" else None
    return f"{room.record.game}/{phase}" + (f"/{inner}" if isinstance(inner, str) else "")


def _steps(game: Game[Any], players: int, options: dict[str, Any]) -> int:
    """About how many moves a whole game takes (a local playout of the bots)."""
    ids = [f"p{i + 1}" for i in range(players)]
    state = game.start(ids, 1, options)
    for steps in range(5000):
        if game.outcome(state) is not None:
            return steps
        player = sorted(game.to_act(state))[0]
        state = game.apply(state, player, game.bot_action(state, player))
    return 5000


def main() -> None:
    parser = argparse.ArgumentParser(description="Fuzz the protocol over real sockets.")
    parser.add_argument("--messages", type=int, default=100_000)
    parser.add_argument("--seed", type=int, default=12)
    parser.add_argument("--answer-within", type=float, default=1.0,
                        help="seconds each message's answer may take")
    args = parser.parse_args()
    fuzzer = Fuzzer(args.seed, args.answer_within)
    try:
        figures = fuzzer.run(args.messages)
    finally:
        fuzzer.close()
    print(figures.report(), flush=True)
    sys.exit(1 if figures.failures or figures.tracebacks else 0)


if __name__ == "__main__":
    main()
