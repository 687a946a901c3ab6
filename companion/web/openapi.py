"""The OpenAPI 3.0 document of `/api`, served at `/api/openapi.json`.

Kept next to the routes it describes; the fuzz test (schemathesis) runs it against the live
server and fails on any 5xx or any response that contradicts it.
"""

from __future__ import annotations

from typing import Any

from companion.daemon.links import BOX_STATES, CLUB_STATES
from companion.i18n import languages
from companion.rules import GAMES, MOST_PLAYERS
from companion.web.results import FORMATS

ERROR = {"type": "object", "required": ["error"], "properties": {"error": {
    "type": "object", "required": ["code", "message", "params"],
    "properties": {"code": {"type": "string", "pattern": "^[a-z_]+$"},
                   "message": {"type": "string"}, "params": {"type": "object"}}}}}
STATE = {"type": "object", "required": ["id", "status", "game", "players"],
         "properties": {"id": {"type": "integer"}, "status": {"type": "string",
                        "enum": ["playing", "over", "broken"]},
                        "game": {"type": "string"}, "players": {"type": "array"}},
         "additionalProperties": True}
OBJECT: dict[str, Any] = {"type": "object"}
TEXT_OR_NULL = {"type": "string", "nullable": True}
# /api/status: who am I, what runs, and the table's links (companion/daemon/links.py)
STATUS = {"type": "object", "required": [
    "paired", "simulate", "language", "games", "current", "devices", "club"], "properties": {
    "paired": {"type": "boolean"}, "simulate": {"type": "boolean"},
    "language": {"type": "string", "enum": list(languages())},
    "games": {"type": "array", "items": {"type": "string"}},
    "current": {"type": "integer", "nullable": True},
    "devices": {"type": "object", "required": ["button_box"], "properties": {
        "button_box": {"type": "object", "required": ["state", "port", "since"], "properties": {
            "state": {"type": "string", "enum": list(BOX_STATES)}, "port": TEXT_OR_NULL,
            "since": {"type": "number"}}}}},
    "club": {"type": "object", "required": ["state", "broker", "table", "box", "clash_with",
                                            "since"], "properties": {
        "state": {"type": "string", "enum": list(CLUB_STATES)}, "broker": TEXT_OR_NULL,
        "table": TEXT_OR_NULL, "box": TEXT_OR_NULL, "clash_with": {
            **TEXT_OR_NULL, "description": "the other box's id while a clash lasts: in "
            "`clash`, and in `reconnecting` when the broker was lost during a clash not over "
            "yet; null otherwise"},
        "since": {"type": "number"}}}}}
GAME_ID = {"name": "game_id", "in": "path", "required": True,
           "schema": {"type": "integer", "minimum": 0, "maximum": 2**31}}
LANG = {"name": "lang", "in": "query", "required": False,
        "schema": {"type": "string", "enum": list(languages())}}


def _json(schema: dict[str, Any], description: str) -> dict[str, Any]:
    return {"description": description, "content": {"application/json": {"schema": schema}}}


def _errors(*codes: int) -> dict[str, Any]:
    return {str(c): _json(ERROR, "refused, with a stable code") for c in codes}


def _body(schema: dict[str, Any]) -> dict[str, Any]:
    return {"required": True, "content": {"application/json": {"schema": schema}}}


def _op(summary: str, ok: dict[str, Any], *errors: int, body: dict | None = None,
        params: list | None = None, status: int = 200) -> dict[str, Any]:
    op: dict[str, Any] = {"summary": summary, "parameters": [LANG, *(params or [])],
                          "responses": {str(status): ok, **_errors(*errors, *ALWAYS)}}
    if body is not None:
        op["requestBody"] = _body(body)
    return op


WRITE_ERRORS = (400, 401, 403, 413, 415, 507)  # 507: the card is full, nothing stored
# 421: a foreign Host (DNS rebinding); 422: a `lang` not in the enum (bad_value); 503: the
# table was busy and nothing happened (table_busy, with Retry-After). A 500 is a bug, never
# documented.
ALWAYS = (421, 422, 503)


def club_paths() -> dict[str, Any]:
    """Backup, restore, results, players (companion/web/club.py)."""
    binary = {"type": "string", "format": "binary"}
    results = {"type": "object", "required": ["results"], "properties": {"results": {
        "type": "array", "items": {"type": "object", "required": [
            "id", "game", "players", "winner", "actions", "started", "finished", "result",
            "winners", "played_as"],
            "properties": {
                "players": {"type": "array", "items": {"type": "string"},
                            "description": "as the Players tab names them now (renames "
                                           "and merges followed)"},
                "played_as": {"type": "array", "items": {"type": "string"},
                              "description": "the names the game was entered with"},
                "colours": {"type": "object", "additionalProperties": {"type": "string"},
                            "description": "Lauf Rauf!: each name that is a colour played "
                                           "without a person's name, to that colour (the "
                                           "spreadsheet says it in its language)"},
                "unnamed_players": {"type": "array", "items": {"type": "integer"},
                                    "description": "the places in players of the seats "
                                                   "played without a person's name (shown "
                                                   "as their colour id; nobody)"},
                "unnamed_winners": {"type": "array", "items": {"type": "integer"},
                                    "description": "the same for winners"},
                "result": {"type": "string", "enum": ["win", "draw"]},
                "winners": {"type": "array", "items": {"type": "string"},
                            "description": "the winner, or a team's, as a list; empty "
                                           "for a draw"}}}}}}
    line = {"type": "object", "required": ["played", "won", "rating", "peak"]}
    player = {"type": "object", "required": [
        "name", "played", "won", "games", "head_to_head", "rival", "most_beaten", "streak",
        "race", "history"], "properties": {
            "name": {"type": "string"}, "played": {"type": "integer"},
            "won": {"type": "integer"},
            "games": {"type": "object", "additionalProperties": line},
            "rival": {"type": "object", "nullable": True},
            "most_beaten": {"type": "object", "nullable": True},
            "streak": {"type": "object", "required": ["current", "kind", "longest_won"]},
            "race": {"type": "object", "required": ["races", "wins", "median_margin_us"]},
            "history": {"type": "array", "items": {"type": "object"}}}}
    total = {"type": "object", "required": ["played", "unnamed_seats"], "properties": {
        "played": {"type": "integer", "description": "finished games of this kind"},
        "unnamed_seats": {"type": "integer", "description": "seats in them played without "
                                                            "a name (nobody's: no player)"}}}
    players = {"type": "object", "required": ["k", "start", "players", "aliases", "games"],
               "properties": {"k": {"type": "number"}, "start": {"type": "number"},
                              "players": {"type": "array", "items": player,
                                          "description": "people: a Lauf Rauf! colour "
                                                         "played without a name is none"},
                              "aliases": {"type": "object"},
                              "games": {"type": "object", "additionalProperties": total}}}
    aliases = {"type": "object", "required": ["aliases"],
               "properties": {"aliases": {"type": "object"}}}
    return {
        "/api/backup": {"get": {
            "summary": "Every game, player and setting as one file (a consistent snapshot)",
            "parameters": [LANG],
            "responses": {"200": {"description": "the backup file", "content": {
                "application/vnd.sqlite3": {"schema": binary}}}, **_errors(401, *ALWAYS)}}},
        "/api/restore": {"post": {
            "summary": "Replace every game and setting with a backup file, checked first "
                       "(the previous data is kept as a backup on the table)",
            "parameters": [LANG],
            "requestBody": {"required": True, "content": {
                "application/octet-stream": {"schema": binary}}},
            "responses": {"200": _json({"type": "object", "required": ["restored", "kept"]},
                                       "restored"),
                          **_errors(401, 403, 413, 422, *ALWAYS)}}},
        "/api/results.json": {"get": _op("Every finished game's result, oldest first",
                                         _json(results, "results"))},
        "/api/players": {"get": _op(
            "Every player's statistics: played, won, Elo rating (K 32, start 1000) per game, "
            "head-to-head, rival, most beaten, streaks, How Ruck! races; and the aliases",
            _json(players, "players"))},
        "/api/players/rename": {"post": _op(
            "Rename a player (in every game's statistics)", _json(aliases, "the aliases"),
            *WRITE_ERRORS, 422, body={"type": "object", "required": ["name", "to"],
                                      "properties": {"name": {"type": "string"},
                                                     "to": {"type": "string"}}})},
        "/api/players/merge": {"post": _op(
            "Merge two players into one", _json(aliases, "the aliases"), *WRITE_ERRORS, 422,
            body={"type": "object", "required": ["name", "into"],
                  "properties": {"name": {"type": "string"}, "into": {"type": "string"}}})},
        "/api/games/{game_id}/at/{step}": {"get": _op(
            "A game as it stood after its first `step` actions (replayed), with the last "
            "action and its events", _json({"type": "object", "required": [
                "id", "step", "steps", "action", "events", "state"]}, "that moment"),
            404, 422, params=[GAME_ID, {"name": "step", "in": "path", "required": True,
                                        "schema": {"type": "integer", "minimum": 0,
                                                   "maximum": 2**31}}])},
        "/api/games/{game_id}/actions.jsonl": {"get": {
            "summary": "The game as the file `companion replay` takes: its header (with the "
                       "seed), then one line per action (JSON Lines, a download)",
            "parameters": [LANG, GAME_ID],
            "responses": {"200": {"description": "the game file", "content": {
                "application/x-ndjson": {"schema": {"type": "string"}}}},
                **_errors(404, *ALWAYS)}}},
        "/api/results.csv": {"get": {
            "summary": "The same results as CSV: its first seven columns as ever (times in "
                       "UTC), then `result` (win/draw), `players_json`, `winners_json` "
                       "(the names as JSON lists, exact whatever they hold)",
            "parameters": [LANG, {
                "name": "format", "in": "query", "required": False,
                "description": "`spreadsheet`: the same table for a spreadsheet in `lang` "
                               "(else the page's language): a UTF-8 BOM, `;` between cells "
                               "(`,` in English), translated headings, local times in the "
                               "box's time zone, a draw said as one",
                "schema": {"type": "string", "enum": list(FORMATS), "default": "plain"}}],
            "responses": {"200": {"description": "CSV", "content": {
                "text/csv": {"schema": {"type": "string"}}}}, **_errors(*ALWAYS)}}},
    }


def openapi_document() -> dict[str, Any]:
    new_game = {"type": "object", "required": ["game"], "properties": {
        "game": {"type": "string", "enum": sorted(GAMES)},
        "players": {"type": "array", "items": {"type": "string"},
                    "minItems": min(core.min_players for core in GAMES.values()),
                    "maxItems": MOST_PLAYERS,
                    "description": "left out: the people of the newest game of this kind "
                                   "sit down again, in their seats and colours, as "
                                   "`GET /api/games/new?game=KIND` shows them (their names "
                                   "too, unless `names` is given); refused with "
                                   "`no_previous_players` when there is none"},
        "options": {"type": "object"}, "seed": {"type": "integer"},
        "names": {"type": "object", "additionalProperties": {"type": "string"}}},
        "additionalProperties": False}
    person = {"type": "object", "required": ["name", "colour"], "properties": {
        "name": {"type": "string", "nullable": True},
        "colour": {"type": "string", "nullable": True}}}
    next_people = {"type": "object", "required": ["game", "people"], "properties": {
        "game": {"type": "string", "nullable": True},
        "people": {"type": "array", "items": person}}}
    action_result = {"type": "object", "required": ["ok", "events", "action", "state"],
                     "properties": {"ok": {"type": "boolean"}, "events": {"type": "array"},
                                    "action": {"type": "object"}, "state": STATE}}
    games = {"type": "object", "required": ["games"], "properties": {"games": {
        "type": "array", "items": {"type": "object"}}}}
    settings = {"type": "object", "required": ["language", "hardware", "restart_needed"],
                "properties": {"language": {"type": "string", "enum": list(languages())},
                               "hardware": {"type": "object"},
                               "restart_needed": {"type": "boolean"}}}
    paths = {
        "/api/status": {"get": _op("Who am I, what runs, whether the button box and the "
                                   "club's broker are there", _json(STATUS, "status"))},
        "/api/pair": {"post": _op("Pair this phone with the PIN on the display",
                                  _json({"type": "object"}, "paired; sets the session cookie"),
                                  400, 403, 413, 415, 429,
                                  body={"type": "object", "properties": {
                                      "pin": {"type": "string"},
                                      "secret": {"type": "string"}}})},
        "/api/unpair": {"post": _op("Unpair every phone (this one too)",
                                    _json({"type": "object"}, "unpaired"), *WRITE_ERRORS,
                                    body={"type": "object"})},
        "/api/pin": {"post": _op("Draw a new PIN and show it on the display",
                                 _json({"type": "object"}, "shown"), *WRITE_ERRORS,
                                 body={"type": "object"})},
        "/api/games": {
            "get": _op("Every game, newest first", _json(games, "the games")),
            "post": _op("Start a game", _json(STATE, "its state"), *WRITE_ERRORS, 422,
                        body=new_game, status=201)},
        "/api/games/new": {"get": _op(
            "Who sits down at the next game: the newest game's people, each with their "
            "colour; with `game`, the newest game of that kind's (whom a game of that kind "
            "started without players seats)",
            _json(next_people, "the people"), params=[{
                "name": "game", "in": "query", "required": False,
                "schema": {"type": "string", "enum": sorted(GAMES)}}])},
        "/api/games/{game_id}": {
            "get": _op("A game's public state", _json(STATE, "state"), 404, params=[GAME_ID]),
            "delete": _op(
                "Forget a stored game and its actions; if the table showed it, the newest "
                "game still played is shown (or none)",
                _json({"type": "object", "required": ["deleted", "current"],
                       "properties": {"deleted": {"type": "integer"},
                                      "current": {"type": "integer", "nullable": True}}},
                      "deleted"), *WRITE_ERRORS, 404, body=OBJECT, params=[GAME_ID])},
        "/api/games/{game_id}/history": {"get": _op(
            "A game as its header and action list, with the events each action caused",
            _json({"type": "object", "required": ["header", "actions", "events"],
                   "properties": {"header": {"type": "object"},
                                  "actions": {"type": "array", "items": {"type": "object"}},
                                  "events": {"type": "array", "items": {"type": "array"}},
                                  "track_length": {"type": "integer", "description": (
                                      "Stramash: the squares of the track (how far a "
                                      "laddie went, as its history line says)")}}},
                  "history"),
            404, params=[GAME_ID])},
        "/api/games/{game_id}/legal": {"get": _op(
            "Every legal action now (optionally for one player), as choice groups the page "
            "expands (companion/web/choices.py); full=1 adds the whole list",
            _json({"type": "object", "required": ["groups", "count"]}, "legal actions"), 404,
            params=[GAME_ID, {"name": "player", "in": "query", "required": False,
                              "schema": {"type": "string"}},
                    {"name": "full", "in": "query", "required": False,
                     "schema": {"type": "string"}}])},
        "/api/games/{game_id}/actions": {"post": _op(
            "Enter an action (docs/spec/actions.md); optional `seq`, the number of actions "
            "the page saw: a move already entered then is refused (409 already_entered)",
            _json(action_result, "accepted"), *WRITE_ERRORS, 404, 409, 422, body=OBJECT,
            params=[GAME_ID])},
        "/api/games/{game_id}/undo": {"post": _op(
            "Take back the last action (with `actions`, the count the page saw: only if the "
            "game still has that many, else 409 undo_stale)",
            _json(STATE, "state after undo"), *WRITE_ERRORS, 404, 409, 422, body={
                "type": "object", "properties": {"actions": {"type": "integer",
                                                             "minimum": 0}}},
            params=[GAME_ID])},
        "/api/games/{game_id}/current": {"post": _op(
            "Show this game on the table", _json(STATE, "state"), *WRITE_ERRORS, 404,
            body=OBJECT, params=[GAME_ID])},
        "/api/race": {"post": _op("Start the How Ruck! race (countdown, signal)",
                                  _json({"type": "object"}, "the race"), *WRITE_ERRORS, 422,
                                  body=OBJECT)},
        "/api/settings": {
            "get": _op("Settings", _json(settings, "settings")),
            "put": _op("Change settings (applied at once)", _json(settings, "settings"),
                       *WRITE_ERRORS, 422, body={"type": "object", "properties": {
                           "language": {"type": "string", "enum": list(languages())},
                           "hardware": {"type": "object"}},
                           "additionalProperties": False})},
        "/api/stream": {"get": {
            "summary": "Live changes as Server-Sent Events (state, race, frame, …)",
            "parameters": [LANG],
            "responses": {"200": {"description": "an event stream",
                                  "content": {"text/event-stream": {"schema": {
                                      "type": "string"}}}},
                          **_errors(503, *ALWAYS)}}},
        "/api/sim/button": {"post": _op(
            "Simulation: press or release an on-screen button",
            _json({"type": "object"}, "done"), *WRITE_ERRORS, 404, body={
                "type": "object", "required": ["name", "pressed"],
                "properties": {"name": {"type": "string"}, "pressed": {"type": "boolean"}}})},
        **club_paths(),
        "/api/openapi.json": {"get": _op("This document", _json({"type": "object"},
                                                                 "OpenAPI 3.0"))},
    }
    return {"openapi": "3.0.3",
            "info": {"title": "companion", "version": "1",
                     "description": "The table companion's API. Watching needs nothing; "
                                    "changes need a session paired with the display's PIN."},
            "paths": paths}
