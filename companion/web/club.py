"""Beyond one table: backup and restore, results export, a game as the file `companion replay`
takes, players and their statistics.

Kept apart from `api.py`: these routes read the games through the hub like every other, but
move whole files. A backup is paired-only (it holds every game and setting); so is a restore,
whose body is the backup file itself (``application/octet-stream``: a cross-site form cannot
send that without a CORS preflight, which is never granted).
"""

from __future__ import annotations

import os
import secrets
from pathlib import Path
from typing import Any

from flask import Blueprint, Response, current_app, jsonify, request

from companion.daemon.restore import backups_dir, restore, take_backup
from companion.replay import game_file
from companion.rules import GAMES, Refusal
from companion.sessions import replay_events
from companion.sessions.backup import BACKUP_SUFFIX, stamp
from companion.sessions.people import named_people, person, players_as_people, winner_as_people
from companion.sessions.players import PlayerBook
from companion.stats import GameRecord, compute, race_results
from companion.web.guard import (
    json_object,
    known_language,
    language,
    paired,
    same_origin,
    writes,
)
from companion.web.results import FORMATS, SPREADSHEET, csv_text, results

club = Blueprint("club", __name__, url_prefix="/api")
club.before_request(known_language)
MAX_RESTORE_BYTES = 256 * 1024 * 1024
BACKUP_TYPES = ("application/octet-stream", "application/vnd.sqlite3", "application/x-sqlite3")
CHUNK = 64 * 1024


def daemon() -> Any:
    return current_app.config["daemon"]


def _require_pairing() -> None:
    if not paired():
        raise Refusal("not_paired")


# --- backup and restore ----------------------------------------------------------------------
@club.get("/backup")
def backup() -> Response:
    _require_pairing()
    d = daemon()
    folder = backups_dir(d)
    temporary = folder / f".download-{secrets.token_hex(8)}"
    try:
        take_backup(d, temporary)
        data = temporary.read_bytes()
    finally:
        temporary.unlink(missing_ok=True)
    name = f"companion-{stamp()}{BACKUP_SUFFIX}"
    return Response(data, mimetype="application/vnd.sqlite3", headers={
        "Content-Disposition": f'attachment; filename="{name}"'})


@club.post("/restore")
def restore_backup() -> Response:
    if not same_origin():
        raise Refusal("cross_site")
    if request.mimetype not in BACKUP_TYPES:
        raise Refusal("backup_file_required")
    _require_pairing()
    request.max_content_length = MAX_RESTORE_BYTES
    d = daemon()
    folder = backups_dir(d)
    folder.mkdir(parents=True, exist_ok=True)
    incoming = folder / f".upload-{secrets.token_hex(8)}"
    try:
        _receive(incoming)
        return jsonify(restore(d, incoming))
    finally:
        incoming.unlink(missing_ok=True)


def _receive(path: Path) -> None:
    with open(path, "wb") as out:
        while chunk := request.stream.read(CHUNK):
            out.write(chunk)
        out.flush()
        os.fsync(out.fileno())


# --- results ---------------------------------------------------------------------------------
def _results() -> list[dict[str, Any]]:
    """Every finished game, oldest first, named as the Players tab names people now."""
    d = daemon()
    return results(*d.hub.call(lambda: (d.sessions.listing(), _book(d).aliases())))


@club.get("/results.json")
def results_json() -> Response:
    return jsonify({"results": _results()})


@club.get("/results.csv")
def results_csv() -> Response:
    """The plain file, or with ``format=spreadsheet`` one for a spreadsheet in the asker's
    language (web/results.py)."""
    kind = request.args.get("format", "plain")
    if kind not in FORMATS:
        raise Refusal("bad_value", key="format", value=kind[:20])
    text = csv_text(_results(), language() if kind == SPREADSHEET else None)
    return Response(text.encode("utf-8"), content_type="text/csv; charset=utf-8", headers={
        "Content-Disposition": 'attachment; filename="companion-results.csv"'})


# --- a game as a file ----------------------------------------------------------------------
GAME_FILE_TYPE = "application/x-ndjson"  # JSON Lines; the charset is said too


@club.get("/games/<game_id:game_id>/actions.jsonl")
def game_actions_file(game_id: int) -> Response:
    """The game as `companion replay` reads it: its header (with the seed: virtual dice and
    cards come out the same), then each stored action. Undone actions are gone from the
    log and refused ones were never in it: the file replays to the game's state. Public like
    the history it is made from."""
    d = daemon()

    def read() -> tuple[dict[str, Any], list[dict[str, Any]]]:
        session = d.sessions.get(game_id)
        return session.header, list(session.actions)

    header, actions = d.hub.call(read)
    name = f"companion-{header['game']}-{game_id}.jsonl"  # a game's key and a number: ASCII
    return Response(game_file(header, actions).encode("utf-8"),
                    content_type=f"{GAME_FILE_TYPE}; charset=utf-8",
                    headers={"Content-Disposition": f'attachment; filename="{name}"'})


# --- players ---------------------------------------------------------------------------------
def _book(d: Any) -> PlayerBook:
    return PlayerBook(d.sessions.store.db)


def _seats(d: Any) -> list[tuple[int, tuple[str, ...]]]:
    """On the hub thread: each stored game's id and the people who played it (Lauf Rauf!'s
    people where named; a colour played without a name was nobody, so no one to rename)."""
    return [(g.id, named_people(g.header)) for g in d.sessions.games.values()]


@club.get("/players")
def players() -> Response:
    d = daemon()

    def read() -> tuple[list[dict[str, Any]], dict[str, str]]:
        games = [{"id": g.id, "game": g.header["game"], "header": g.header,
                  "over": g.status == "over",
                  "winner": g.core.winner(g.state) if g.status == "over" else None,
                  "actions": list(g.actions) if g.core.button_race else []}
                 for g in d.sessions.games.values()]
        return games, _book(d).aliases()

    games, aliases = d.hub.call(read)
    return jsonify(compute([_record(g) for g in games], aliases))


def _record(g: dict[str, Any]) -> GameRecord:
    """A stored game as the statistics count it: by its people (a Lauf Rauf! colour by the
    name of whoever played it, where the game has one, one without is nobody:
    `people.players_as_people`). Replaying How Ruck! games for their races (pure) runs here,
    off the hub thread."""
    header = g["header"]
    races = race_results(replay_events(GAMES[g["game"]], header, g["actions"])) \
        if g["actions"] else ()
    return GameRecord(g["id"], g["game"], players_as_people(header),
                      winner_as_people(header, g["winner"]), g["over"],
                      tuple((person(header, w), m) for w, m in races))


def _change_player(method: str, target_key: str) -> Response:
    body = json_object()
    unknown = set(body) - {"name", target_key}
    if unknown:
        raise Refusal("unknown_key", key=sorted(unknown)[0])
    d = daemon()

    def change() -> dict[str, str]:
        aliases = getattr(_book(d), method)(body.get("name"), body.get(target_key), _seats(d))
        d.hub.publish("games", {"players": True})  # pages reload their lists
        return aliases
    return jsonify({"aliases": d.hub.call(change)})


@club.post("/players/rename")
@writes()
def rename_player() -> Response:
    """`name` is called `to` from now on (in every game's statistics)."""
    return _change_player("rename", "to")


@club.post("/players/merge")
@writes()
def merge_players() -> Response:
    """`name` and `into` are one person, called `into`."""
    return _change_player("merge", "into")


# --- history you can walk through --------------------------------------------------------------
@club.get("/games/<game_id:game_id>/at/<int:step>")
def game_at(game_id: int, step: int) -> Response:
    """The game's public state after its first `step` actions (the stored log replayed
    through the rule core), with the events of action `step` - 1: what the board showed then."""
    d = daemon()

    def read() -> tuple[dict[str, Any], list[dict[str, Any]]]:
        session = d.sessions.get(game_id)
        return session.header, list(session.actions)

    header, actions = d.hub.call(read)
    if step > len(actions):
        raise Refusal("no_such_step", step=step, steps=len(actions))
    core = GAMES[header["game"]]
    state = core.new_game(header["players"], header["options"], header["seed"])
    events: list[dict[str, Any]] = []
    for action in actions[:step]:  # pure, off the hub thread
        outcome = core.apply(state, action)
        state, events = outcome.state, outcome.events
    return jsonify({"id": game_id, "step": step, "steps": len(actions),
                    "action": actions[step - 1] if step else None, "events": events,
                    "state": {"id": game_id, "status": "over" if core.is_over(state)
                              else "playing", **core.view(state)}})
