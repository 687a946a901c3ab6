"""`companion replay FILE`: run a game file through its rule core (``shared/spec/actions.md``).

JSON Lines in, JSON Lines out (`JsonTeller`; for a person, sentences: replay_text.py).
Refused actions are part of the output (exit 0); a file that cannot be read, a malformed line
or a bad header stops with exit 2 and a message naming the line. Lines are read one at a time
with a length cap, so a huge or binary file is refused without being loaded whole; the games
database (SQLite) given instead of a game file is named as such.

The game file `game_file` writes (``GET /api/games/N/actions.jsonl``) is the spec's JSON
Lines. A game saved from the page's API replays too: its history (``GET /api/games/N/history``) is
one JSON object with "header" and "actions" (and the events, which the replay makes again).
It is read only when the file cannot be JSON Lines (its first line is no JSON object, or is
one holding "header" and "actions"), whole, up to `MAX_HISTORY_BYTES`; its lines are numbered
as its game file numbers them (the header line 1, action k line k + 1). A JSON Lines file
replays byte for byte as before.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Iterator
from typing import IO, Any, Protocol

from companion.i18n import message
from companion.i18n.said import Said, complaint
from companion.rules import Outcome, Refusal, SetupError, get_core
from companion.rules.base import shown
from companion.sessions.people import check_names, players_said, with_names

# A stored game's header is one line of its game file and always fits: its every part is
# bounded by the new game's checks (the largest the API takes is under a quarter of this:
# tests/test_web_game_file.py). An option without such a bound would need a check of its own.
MAX_LINE_BYTES = 64 * 1024
HEADER_KEYS = ("game", "players", "options", "seed", "names")  # names: as stored (people.py)
EXIT_OK = 0
EXIT_BAD_INPUT = 2
SQLITE_MAGIC = b"SQLite format 3\x00"  # the first 16 bytes of every SQLite database file
MAX_HISTORY_BYTES = 64 * 1024 * 1024  # a saved history object, read whole
HISTORY_KEYS = ("header", "actions")  # what makes a JSON object a saved history


class ReplayInputError(Exception):
    """A line that cannot be played: its number and what is wrong (`said`, translatable)."""

    def __init__(self, line: int, problem: Said) -> None:
        self.said = Said("cli:at_line", line=line, problem=problem)
        super().__init__(str(self.said))
        self.line = line


def _lines(stream: IO[bytes]):
    """(line number, decoded JSON value) for each line that is not blank or a comment."""
    number = 0
    while True:
        raw = stream.readline(MAX_LINE_BYTES + 1)
        if not raw:
            return
        number += 1
        if number == 1 and raw.startswith(SQLITE_MAGIC):
            raise ReplayInputError(number, Said("cli:is_database"))
        if len(raw) > MAX_LINE_BYTES:
            raise ReplayInputError(number, Said("cli:line_too_long", max=MAX_LINE_BYTES))
        try:
            text = raw.decode("utf-8")
        except UnicodeDecodeError:
            raise ReplayInputError(number, Said("cli:not_utf8")) from None
        stripped = text.strip()
        if not stripped or stripped.startswith("#"):
            continue
        try:
            value = json.loads(stripped)
        except json.JSONDecodeError as exc:
            raise ReplayInputError(number, Said("cli:not_json", detail=str(exc))) from None
        except RecursionError:
            raise ReplayInputError(number, Said("cli:not_json_deep")) from None
        if not isinstance(value, dict):
            raise ReplayInputError(number, Said("cli:not_object"))
        yield number, value


class _Kept:
    """A stream that keeps what was read of it, until `forget`: the first line read as JSON
    Lines can then be read again as the start of one JSON document (a saved history)."""

    def __init__(self, stream: IO[bytes]) -> None:
        self.stream = stream
        self.read: bytearray | None = bytearray()

    def readline(self, limit: int) -> bytes:
        raw = self.stream.readline(limit)
        if self.read is not None:
            self.read += raw
            if len(self.read) > MAX_HISTORY_BYTES:  # a sea of blank or comment lines
                self.read = None
        return raw

    def forget(self) -> None:
        self.read = None

    def document(self) -> Any:
        """The whole file as one JSON value; None when it is none, is too large, or does not
        begin as a JSON object does (a database, a binary file: not read any further)."""
        kept, self.read = self.read, None
        if kept is None or not kept.lstrip().startswith(b"{"):
            return None
        raw = bytes(kept) + self.stream.read(MAX_HISTORY_BYTES + 1 - len(kept))
        if len(raw) > MAX_HISTORY_BYTES:
            return None
        try:
            return json.loads(raw.decode("utf-8"))
        except (ValueError, UnicodeDecodeError, RecursionError):
            return None


def _is_history(value: Any) -> bool:
    return isinstance(value, dict) and all(key in value for key in HISTORY_KEYS)


def game_rows(stream: IO[bytes]) -> Iterator[tuple[int, dict[str, Any]]]:
    """(line number, JSON object) of the header, then of each action: from the spec's JSON
    Lines, or from a saved history object (the module docstring)."""
    kept = _Kept(stream)
    lines = _lines(kept)
    try:
        first = next(lines, None)
    except ReplayInputError:
        document = kept.document()
        if not _is_history(document):
            raise  # what JSON Lines would say of the line
        yield from history_rows(document)
        return
    if first is not None and _is_history(first[1]):
        document = kept.document()
        if _is_history(document):
            yield from history_rows(document)
            return
        # not one JSON object (more follows it): read as JSON Lines, its header is refused
        # ("header" is no header key) before any further line is needed
    kept.forget()
    if first is not None:
        yield first
    yield from lines


def history_rows(history: dict[str, Any]) -> Iterator[tuple[int, dict[str, Any]]]:
    """(line number, JSON object) of a saved history's header and actions, numbered as its
    game file numbers them; refused at line 1 unless it has both, of the right kinds."""
    header, actions = history.get("header"), history.get("actions")
    if not isinstance(header, dict) or not isinstance(actions, list):
        raise ReplayInputError(1, Said("cli:history_shape"))
    yield 1, header
    for number, action in enumerate(actions, start=2):
        if not isinstance(action, dict):
            raise ReplayInputError(number, Said("cli:not_object"))
        yield number, action


def game_file(header: dict[str, Any], actions: list[dict[str, Any]]) -> str:
    """A game as the file this command replays: the header's line, then one per action."""
    return "".join(_line(row) for row in [header, *actions])


def _line(obj: Any) -> str:
    """One JSON line, in UTF-8 where it can be (a lone surrogate, "\\ud800", stays escaped)."""
    text = json.dumps(obj, ensure_ascii=False)
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        text = json.dumps(obj)
    return text + "\n"


def start_game(header: dict[str, Any], line: int, lang: str = "en"):
    for key in header:
        if key not in HEADER_KEYS:
            raise ReplayInputError(line, Said("cli:unknown_header_key", key=shown(key)))
    if "game" not in header or "players" not in header:
        raise ReplayInputError(line, Said("cli:header_needs"))
    seed = header.get("seed", 0)
    try:
        core = get_core(header["game"])
        if isinstance(seed, bool) or not isinstance(seed, int):
            raise SetupError("bad_seed")
        state = core.new_game(header["players"], header.get("options") or {}, seed)
        if "names" in header:  # the people playing the colours, as a stored game has them
            check_names(header["game"], header["names"], header["players"], stored=True)
        return core, state
    except Refusal as err:  # a SetupError, or a name no game would take
        raise ReplayInputError(line, header_refused(err, lang)) from None


def header_refused(err: Refusal, lang: str) -> Said:
    """A refused header said in `lang`, its stable code beside it."""
    return Said("cli:header_refused", reason=message(err.code, err.params, lang), code=err.code)


def _emit(out: IO[str], obj: Any) -> None:
    out.write(_line(obj))


class Teller(Protocol):
    """How the replay tells what happened: JSON lines (the spec's), or sentences."""

    def header(self, header: dict[str, Any], view: dict[str, Any]) -> None: ...
    def accepted(self, line: int, outcome: Outcome, view: dict[str, Any]) -> None: ...
    def refused(self, line: int, refusal: Refusal) -> None: ...
    def final(self, view: dict[str, Any]) -> None: ...


class JsonTeller:
    """The lines shared/spec/actions.md fixes: one per action, then ``{"final": STATE}``."""

    def __init__(self, out: IO[str], lang: str) -> None:
        self.out, self.lang = out, lang

    def header(self, header: dict[str, Any], view: dict[str, Any]) -> None:
        pass

    def accepted(self, line: int, outcome: Outcome, view: dict[str, Any]) -> None:
        _emit(self.out, {"ok": True, "events": outcome.events})

    def refused(self, line: int, refusal: Refusal) -> None:
        _emit(self.out, {"ok": False, "error": {
            "code": refusal.code, "message": message(refusal.code, refusal.params, self.lang),
            "params": refusal.params}})

    def final(self, view: dict[str, Any]) -> None:
        _emit(self.out, {"final": view})


class QuietTeller:
    """Tells nothing: the game is played for its end alone (`companion render`)."""

    def header(self, header: dict[str, Any], view: dict[str, Any]) -> None:
        pass

    def accepted(self, line: int, outcome: Outcome, view: dict[str, Any]) -> None:
        pass

    def refused(self, line: int, refusal: Refusal) -> None:
        pass

    def final(self, view: dict[str, Any]) -> None:
        pass


def play(rows: Iterable[tuple[int, dict[str, Any]]], teller: Teller, lang: str = "en",
         views: bool = False) -> dict[str, Any] | None:
    """Play a game's rows (`game_rows`, `history_rows`) through its rule core, telling
    `teller` each step (`views`: with the view after it); refused actions change nothing.
    The view at the end, or None when there was no header; each view with the people the
    header names (`with_names`), as the table shows it. Raises ReplayInputError."""
    core = state = None
    header: dict[str, Any] = {}
    for number, value in rows:
        if core is None:
            core, state = start_game(value, number, lang)
            header = value
            teller.header(value, with_names(core.view(state), header) if views else {})
            continue
        try:
            outcome = core.apply(state, value)
        except Refusal as refusal:
            teller.refused(number, players_said(refusal, header))
            continue
        state = outcome.state
        teller.accepted(number, outcome, with_names(core.view(state), header) if views else {})
    return None if core is None else with_names(core.view(state), header)


def replay(stream: IO[bytes], out: IO[str], err: IO[str], lang: str = "en",
           text: bool = False) -> int:
    """Play the file through its rule core; `text`: told in sentences (replay_text.py)."""
    if text:
        from companion.replay_text import TextTeller
    teller: Teller = (TextTeller if text else JsonTeller)(out, lang)
    try:
        view = play(game_rows(stream), teller, lang, views=text)
    except ReplayInputError as exc:
        err.write(f"{complaint('companion replay', exc.said, lang)}\n")
        return EXIT_BAD_INPUT
    if view is None:
        err.write(f"{complaint('companion replay', Said('cli:no_header'), lang)}\n")
        return EXIT_BAD_INPUT
    teller.final(view)
    return EXIT_OK
