"""The JSON API (`/api/...`), in the vocabulary of shared/spec/actions.md.

Every handler runs on one of the web server's threads and reaches the game state only through
``hub.call`` (the hub thread owns it). The page's posted moves are answered by moves.py's lane
in the server's loop instead; `post_action` here is its reference. The OpenAPI document
(`openapi.py`) describes exactly these routes; the fuzz test holds them to it.
"""

from __future__ import annotations

import secrets
from typing import TYPE_CHECKING, Any

from flask import Blueprint, Response, current_app, jsonify, request

from companion.config import PAGE_SECTIONS, ConfigError
from companion.daemon.hub import HubBusy
from companion.i18n import OptionKey, languages
from companion.rules import GAMES, Refusal, get_core
from companion.rules.base import shown
from companion.sessions import replay_history
from companion.sessions.people import last_seats, next_people
from companion.sessions.players import PlayerBook
from companion.web import answers
from companion.web.answers import ANSWERS
from companion.web.guard import (
    SESSION_COOKIE,
    busy_response,
    json_body,
    json_object,
    known_language,
    paired,
    writes,
)
from companion.web.moves import apply_move
from companion.web.openapi import openapi_document
from companion.web.stream import TooManyStreams, frame_data, legal_event

if TYPE_CHECKING:
    from companion.daemon.daemon import Daemon

api = Blueprint("api", __name__, url_prefix="/api")
COOKIE_MAX_AGE = 365 * 24 * 3600
api.before_request(known_language)
api.app_errorhandler(HubBusy)(busy_response)  # every route's hub call (club's too)


def daemon():
    return current_app.config["daemon"]


def call(fn, *args: Any) -> Any:
    return daemon().hub.call(fn, *args)


@api.get("/openapi.json")
def openapi() -> Response:
    return jsonify(openapi_document())


def language_chosen(d: Daemon) -> bool:
    """Whether the table's language was chosen (on a page, or in the config file), not the
    default: a page's New game form then offers it for a new game."""
    return d.settings.chosen or d.file_config.language_chosen


@api.get("/status")
def status() -> Response:
    d = daemon()
    current, links, network = call(lambda: (d.table.current, d.links.view(),
                                            d.table.reach.view()))
    return jsonify({"paired": paired(), "simulate": d.simulate,
                    "language": d.settings.language,
                    "language_chosen": language_chosen(d),
                    "games": sorted(GAMES), "current": current,
                    "buttons": d.button_names(), "simulated_seats": d.simulated_seats,
                    "page_url": d.page_url,
                    "network": network,  # {"offline", "address"}: daemon/reach.py
                    **links})  # "devices" (the button box) and "club": daemon/links.py


# --- pairing --------------------------------------------------------------------------------
@api.post("/pair")
@writes(pairing_needed=False)
def pair() -> Response:
    pin, secret = _pairing_proof(json_object())
    token = call(daemon().table.pair, pin, request.remote_addr or "?", secret)
    response = jsonify({"paired": True})
    response.set_cookie(SESSION_COOKIE, token, max_age=COOKIE_MAX_AGE, httponly=True,
                        samesite="Strict", path="/")
    return response


def _pairing_proof(body: dict[str, Any]) -> tuple[str | None, str | None]:
    """{"pin": the typed PIN} or {"secret": the QR code's fragment}: exactly one, a string.
    Only such a try counts towards the lock-out; a request of another shape is explained
    (missing_key, wrong_type, unknown_key) and costs the phone no try."""
    given = [key for key in ("pin", "secret") if key in body]
    if not given:
        raise Refusal("missing_key", key="pin")
    if len(given) > 1:
        raise Refusal("unknown_key", key="secret")
    if not isinstance(body[given[0]], str):
        raise Refusal("wrong_type", key=given[0], expected="string")
    return body.get("pin"), body.get("secret")


@api.post("/unpair")
@writes()
def unpair() -> Response:
    """Unpair every phone (this one too): each must scan or type the PIN again."""
    json_object()  # {}: a write carries a JSON object, as the document says
    call(daemon().table.unpair_all)
    response = jsonify({"paired": False})
    response.delete_cookie(SESSION_COOKIE, path="/", samesite="Strict", httponly=True)
    return response


@api.post("/pin")
@writes()
def new_pin() -> Response:
    json_object()  # {}: a write carries a JSON object, as the document says
    call(daemon().table.new_pin)
    return jsonify({"shown": True})


# --- games ------------------------------------------------------------------------------------
@api.get("/games")
def list_games() -> Response:
    return jsonify({"games": call(daemon().sessions.listing)})


@api.post("/games")
@writes()
def create_game() -> tuple[Response, int]:
    """Optional `names`: where the players are colours (Lauf Rauf!), the person playing
    each (``{"red": "Anna"}``), whom the statistics then count. Without `players`, the
    people of the newest game of that kind sit down again (`sessions.people.last_seats`,
    what ``GET /api/games/new?game=KIND`` shows), with their names unless `names` is
    given."""
    body = json_object()
    unknown = set(body) - {"game", "players", "options", "seed", "names"}
    if unknown:
        raise Refusal("unknown_key", key=sorted(unknown)[0])
    seed = body.get("seed", secrets.randbelow(2**31))
    players, names = body.get("players"), body.get("names")
    if "players" not in body and isinstance(body.get("game"), str):  # as /games/new says
        players, kept = last_seats(body["game"], *call(_stored_people, daemon()))
        names = names if "names" in body else kept
    try:
        view = call(daemon().table.create_game, body.get("game"), players,
                    body.get("options"), seed, names)
    except Refusal as refusal:  # an option is named as the form names it, in words
        key = refusal.params.get("key")
        if refusal.code != "bad_option" or not isinstance(key, str):
            raise
        raise Refusal("bad_option", **{**refusal.params, "key": OptionKey(key)}) from None
    return jsonify(view), 201


@api.get("/games/new")
def new_game_people() -> Response:
    """Who sits down at the next game: the newest game's people in their seats, each with
    the colour they last played (`sessions.people.next_people`); the page's new-game form
    starts from it. With ``?game=KIND`` the newest game of that kind: who a game of that
    kind started without players seats."""
    game = request.args.get("game")
    if game is not None:
        get_core(game)  # unknown_game
    return jsonify(next_people(*call(_stored_people, daemon()), game))


def _stored_people(d: Any) -> tuple[list[dict[str, Any]], dict[str, str]]:
    """On the hub: every stored game's header, oldest first, and the players' aliases."""
    return ([d.sessions.games[i].header for i in sorted(d.sessions.games)],
            PlayerBook(d.sessions.store.db).aliases())


@api.get("/games/<game_id:game_id>")
def get_game(game_id: int) -> Response:
    sessions = daemon().sessions
    return jsonify(call(lambda: sessions.get(game_id).view()))


@api.get("/games/<game_id:game_id>/history")
def history(game_id: int) -> Response:
    sessions = daemon().sessions

    def read() -> tuple[Any, dict[str, Any]]:
        session = sessions.get(game_id)
        log = {"header": session.header, "actions": list(session.actions)}
        length = session.view().get("track_length")
        if length is not None:  # Stramash: how far a laddie went, as its history line says
            log["track_length"] = length
        return session.state, log
    state, log = call(read)
    answer = ANSWERS.get(("history", game_id), state)
    if answer is None:
        # The replay (pure) runs here, off the hub thread: a long game must not delay a race.
        log["events"], log["announcements"] = replay_history(GAMES[log["header"]["game"]],
                                                             log["header"], log["actions"])
        ANSWERS.put(("history", game_id), state, log)
        answer = log
    return jsonify(answer)


@api.get("/games/<game_id:game_id>/legal")
def legal(game_id: int) -> Response:
    """The legal actions as choice groups the page expands (a few KB in every state); with
    ``?full=1`` the core's whole list as well (up to hundreds of KB in a tie-break)."""
    player = request.args.get("player") or None
    sessions = daemon().sessions
    full = request.args.get("full") in ("1", "true")

    def current() -> tuple[Any, Any]:
        session = sessions.get(game_id)
        return (session.core if session.status == "playing" else None), session.state
    core, state = call(current)
    answer = answers.legal(game_id, core, state, player)  # once per change for every phone
    if full:
        answer = {**answer, "actions": core.legal_actions(state, player) if core else []}
    return jsonify(answer)


@api.post("/games/<game_id:game_id>/actions")
@writes()
def post_action(game_id: int) -> Response:
    """The reference for moves.py's lane, which answers the page's plain requests itself."""
    action = json_body()
    return jsonify(call(apply_move, daemon(), game_id, action))  # one hub call


@api.post("/games/<game_id:game_id>/undo")
@writes()
def undo(game_id: int) -> Response:
    """Optional `actions`: how many actions the page saw. Given, an undo of a game that has
    changed since (a double tap, a retry, another phone's undo) is refused: one tap takes
    back one move."""
    seen = json_object().get("actions")
    if seen is not None and (type(seen) is not int or seen < 0):
        raise Refusal("bad_value", key="actions", value=shown(seen, 20))
    return jsonify(call(daemon().table.undo, game_id, seen))


@api.post("/games/<game_id:game_id>/current")
@writes()
def make_current(game_id: int) -> Response:
    json_object()  # {}: a write carries a JSON object, as the document says
    return jsonify(call(daemon().table.switch_to, game_id))


@api.delete("/games/<game_id:game_id>")
@writes()
def delete_game(game_id: int) -> Response:
    json_object()  # {}: a write carries a JSON object, as the document says
    return jsonify(call(daemon().table.delete_game, game_id))


# --- the table: race, settings ---------------------------------------------------------------
@api.post("/race")
@writes()
def start_race() -> Response:
    json_object()  # {}: a write carries a JSON object, as the document says
    return jsonify(call(daemon().table.start_race))


@api.get("/settings")
def get_settings() -> Response:
    return jsonify(daemon().settings_view())


@api.put("/settings")
@writes()
def put_settings() -> Response:
    """The table's language (at once) and hardware sections (race at once, the rest at the
    next start); saved atomically."""
    body = json_object()
    unknown = set(body) - {"language", "hardware"}
    if unknown:
        raise Refusal("unknown_key", key=sorted(unknown)[0])
    if "language" in body and body["language"] not in languages():
        raise Refusal("bad_value", key="language", value=shown(body["language"], 20))
    hardware = body.get("hardware", {})
    if not isinstance(hardware, dict):
        raise Refusal("bad_setting", key="hardware", reason="sections")
    for section, values in hardware.items():
        if section not in PAGE_SECTIONS:
            raise Refusal("bad_setting", key=shown(section), reason="not_on_page")
        if not isinstance(values, dict):
            raise Refusal("bad_setting", key=section, reason="not_a_section")
    try:
        return jsonify(daemon().save_settings(body.get("language"), hardware))
    except ConfigError as err:  # its reason's sentence, said in the phone's language and
        # naming the settings as the page does
        raise Refusal("bad_setting", **err.refusal_params(named=True)) from None


# --- live ----------------------------------------------------------------------------------
@api.get("/stream")
def stream() -> Response:
    """Server-Sent Events. The answer only opens the stream: the server (server.py) then
    writes the snapshot and every change from its event loop, holding no thread."""
    if request.method == "HEAD":  # headers only: no stream, no slot taken
        return stream_answer()
    d = daemon()
    phone = paired()  # the OLED's picture (it shows the PIN) only for paired phones

    def snapshot() -> list[tuple[str, Any]]:
        events = [("you", {"paired": bool(phone)}),  # a phone unpaired meanwhile learns it here
                  ("state", call(d.table.view)), ("race", call(d.table.race_view)),
                  ("links", call(d.links.view)),
                  # the stored games may have changed while a page's stream was away (a
                  # restart, a phone out of Wi-Fi): the lists a page shows are fetched again
                  ("games", {"opened": True})]
        if language_chosen(d):  # the table's language, chosen while the page was away too
            events.append(("language", d.settings.language))
        if phone:
            position = call(d.table.position)
            if position is not None:
                events.append(("legal", legal_event(position)))
        if phone and d.display is not None and d.simulate \
                and (seen := d.display.seen) is not None:  # decoded here if nobody watched
            events.append(("frame", frame_data(seen)))
        return events

    opener = request.environ.get("companion.stream")
    if opener is None:  # not our server (a WSGI test client): no live stream to hold
        raise Refusal("not_found")
    try:
        opener(snapshot, phone)
    except TooManyStreams:
        raise Refusal("too_many_streams", max=d.broker.max_clients) from None
    return stream_answer()


def stream_answer() -> Response:
    """The head of a live stream (GET's, and HEAD's alone). No Content-Length: the stream
    has none (the server sends it chunked), and Werkzeug's 0 for an empty body would tell
    a HEAD client that GET's body is empty (RFC 9110 8.6)."""
    answer = Response(mimetype="text/event-stream",
                      headers={"Cache-Control": "no-cache", "X-Accel-Buffering": "no"})
    answer.automatically_set_content_length = False
    return answer


# --- simulation: on-screen buttons drive the mock pins ----------------------------------------
@api.post("/sim/button")
@writes()
def sim_button() -> Response:
    d = daemon()
    if not d.simulate:
        raise Refusal("not_simulated")
    body = json_object()
    name, pressed = body.get("name"), body.get("pressed")
    if name not in d.button_names():
        raise Refusal("unknown_button", name=shown(name, 20), known=d.button_names())
    if not isinstance(pressed, bool):
        raise Refusal("wrong_type", key="pressed", expected="boolean")
    d.press_simulated(name, pressed)
    return jsonify({"name": name, "pressed": pressed})
