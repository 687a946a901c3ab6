"""The JSON API over real HTTP on loopback: games, actions, refusals, bad input, the live
stream (pairing over HTTP: test_web_pairing_api.py)."""

from __future__ import annotations

import http.client
import json
import socket
import threading
import time

import pytest

from companion.rules import GAMES
from companion.web.choices import expand


def test_cross_site_writes_and_non_json_writes_are_refused(daemon, client):
    client.pair(daemon)
    status, body, _ = client.post("/api/games", {"game": "howruck", "players": ["A", "B"]},
                                  headers={"Origin": "http://evil.example"})
    assert status == 403 and body["error"]["code"] == "cross_site"
    status, body, _ = client.request("POST", "/api/games", raw=b"game=howruck",
                                     headers={"Content-Type":
                                              "application/x-www-form-urlencoded"})
    assert status == 415 and body["error"]["code"] == "json_required"
    status, body, _ = client.post("/api/games", {"game": "howruck", "players": ["A", "B"]},
                                  headers={"Origin": f"https://127.0.0.1:{client.port}"})
    assert status == 403 and body["error"]["code"] == "cross_site"  # another origin's page
    for other in ({"Origin": "http://127.0.0.1:1"},  # another server on the same host
                  {"Referer": "http://evil.example/form"}):  # a browser that sent no Origin
        status, body, _ = client.post("/api/games", {"game": "howruck", "players": ["A", "B"]},
                                      headers=other)
        assert status == 403 and body["error"]["code"] == "cross_site", other
    status, _, _ = client.post("/api/games", {"game": "howruck", "players": ["A", "B"]},
                               headers={"Origin": f"http://127.0.0.1:{client.port}"})
    assert status == 201
    status, _, _ = client.post("/api/games", {"game": "howruck", "players": ["A", "B"]},
                               headers={"Referer": f"http://127.0.0.1:{client.port}/#play"})
    assert status == 201


def test_actions_accepted_and_refused_in_the_callers_language(daemon, client):
    client.pair(daemon)
    game = client.post("/api/games", {"game": "howruck", "players": ["A", "B"]})[1]["id"]
    status, body, _ = client.post(f"/api/games/{game}/actions", {"type": "race",
                                                                 "winner": "A"})
    assert status == 200 and body["ok"] and body["state"]["phase"] == "tug"
    assert body["events"][0]["type"] == "race"
    status, body, _ = client.post(f"/api/games/{game}/actions?lang=nl", {
        "player": "B", "type": "play", "card": {"color": "red", "strength": 3},
        "side": "B", "field": "red"})
    assert status == 422 and body["error"]["code"] == "not_your_turn"
    assert "beurt" in body["error"]["message"]
    status, body, _ = client.post(f"/api/games/{game}/actions", {"type": "play"},
                                  headers={"Accept-Language": "de-DE,de;q=0.9"})
    assert status == 422 and body["error"]["code"] == "missing_key"
    assert "fehlt" in body["error"]["message"]
    legal = expand(client.get(f"/api/games/{game}/legal")[1])
    assert legal and all(a["type"] in ("play", "action") for a in legal)
    status, body, _ = client.post(f"/api/games/{game}/actions", legal[0])
    assert status == 200
    history = client.get(f"/api/games/{game}/history")[1]
    assert len(history["actions"]) == 2 and history["header"]["game"] == "howruck"
    status, body, _ = client.post(f"/api/games/{game}/undo")
    assert status == 200 and body["phase"] == "tug"
    assert len(client.get(f"/api/games/{game}/history")[1]["actions"]) == 1


def test_players_refused_are_told_what_to_fix_in_the_readers_language(daemon, client):
    """bad_players stays the code; the sentence says what is wrong with the names, not an
    internal reason word ("duplicate")."""
    client.pair(daemon)
    status, body, _ = client.post("/api/games?lang=de", {"game": "howruck",
                                                         "players": ["Anna", "Anna"]})
    assert status == 422 and body["error"]["code"] == "bad_players"
    assert body["error"]["params"]["reason"] == "duplicate"
    assert body["error"]["message"] == ("Zwei Spieler haben denselben Namen: Gib jedem "
                                        "einen eigenen.")
    status, body, _ = client.post("/api/games?lang=de", {"game": "laufrauf",
                                                         "players": ["red", "Opa"]})
    assert body["error"]["message"] == ("„Opa“ kann dieses Spiel nicht spielen: Die Spieler "
                                        "sind rot, blau, grün, gelb.")


def test_an_option_refused_is_named_as_the_form_names_it(daemon, client):
    """bad_option keeps its code and the option's key for programs; the sentence names the
    option in words, in the reader's language, and quotes the value sent as it was sent."""
    client.pair(daemon)
    status, body, _ = client.post("/api/games?lang=de", {
        "game": "howruck", "players": ["Anna", "Bert"], "options": {"tie_window_ms": "2.5"}})
    assert status == 422 and body["error"]["code"] == "bad_option"
    assert body["error"]["params"]["key"] == "tie_window_ms"
    assert body["error"]["message"] == "Die Option „Gleichstand-Fenster (ms)“ kann nicht " \
                                       "„2.5“ sein."
    status, body, _ = client.post("/api/games?lang=fr", {
        "game": "stramash", "players": ["Ann", "Bob"], "options": {"pairs": 1}})
    assert body["error"]["message"] == "L’option «\u202fJouer en équipes de deux\u202f» ne " \
                                       "peut pas valoir «\u202f1\u202f»."


@pytest.mark.parametrize("path, body, shown", [
    ("/api/games", {"game": None}, "“null”"),
    ("/api/games", {"game": ["stramash"]}, "“[\"stramash\"]”"),
    ("/api/games", {"game": True}, "“true”"),
    ("/api/games", {"game": "stramash", "players": ["A", "B"], "options": {"pairs": "yes"}},
     "“yes”"),
    ("/api/games", {"game": "stramash", "players": ["A", "B"], "options": {"pairs": [1]}},
     "“[1]”"),
    ("/api/games", {"game": "laufrauf", "players": ["red", "blue"],
                    "options": {"huckauf": None}}, "“null”"),
    ("/api/games", {"game": "howruck", "players": ["A", "B"], "options": [False]},
     "“[false]”"),
    ("/api/settings", {"language": None}, "“null”"),
    ("/api/games", {"game": "howruck", "players": ["A", "B"], "options": {"ladder": None}},
     "“null”"),
])
def test_refusals_quote_what_was_sent_as_it_was_written(daemon, client, path, body, shown):
    """A refusal quotes the value the phone sent in JSON's spelling, the one it wrote: not
    Python's (“None”, “['stramash']”, “True”)."""
    client.pair(daemon)
    method = "PUT" if path == "/api/settings" else "POST"
    status, answer, _ = client.request(method, path, body)
    assert status in (400, 422)
    assert shown in answer["error"]["message"]
    for python in ("None", "True", "False", "['", "[1]'"):
        assert python not in answer["error"]["message"]


def test_an_undo_refuses_a_count_that_is_not_one_as_written(daemon, client):
    client.pair(daemon)
    game = client.post("/api/games", {"game": "howruck", "players": ["A", "B"]})[1]["id"]
    status, answer, _ = client.post(f"/api/games/{game}/undo", {"actions": True})
    assert status == 422 and answer["error"]["params"]["value"] == "true"


def test_names_are_kept_as_they_show(daemon, client):
    """A name is stored trimmed and in Unicode's composed form (NFC), so that two names that
    look the same are the same: "Jürgen" typed as u + combining diaeresis is "Jürgen"; and
    names that differ only in case are one player too."""
    client.pair(daemon)
    status, body, _ = client.post("/api/games", {"game": "howruck",
                                                 "players": [" Anna ", "Ju\u0308rgen"]})
    assert status == 201
    header = client.get(f"/api/games/{body['id']}/history")[1]["header"]
    assert header["players"] == ["Anna", "J\u00fcrgen"]
    status, body, _ = client.post("/api/games", {"game": "howruck",
                                                 "players": ["J\u00fcrgen", "Ju\u0308rgen"]})
    assert status == 422 and body["error"]["params"]["reason"] == "duplicate"
    status, body, _ = client.post("/api/games", {"game": "stramash",  # one player, said aloud
                                                 "players": ["Anna", "Bert", "ANNA"]})
    assert status == 422 and body["error"]["params"]["reason"] == "duplicate"
    status, body, _ = client.post("/api/games", {"game": "howruck",  # one person, stats say
                                                 "players": ["Anna Lena", "anna  lena"]})
    assert status == 422 and body["error"]["params"]["reason"] == "duplicate"
    status, body, _ = client.post("/api/games", {"game": "howruck", "players": ["A", "  "]})
    assert status == 422 and body["error"]["params"]["reason"] == "empty_or_not_text"


@pytest.mark.parametrize("method,path,raw,expect", [
    ("POST", "/api/games", b"{not json", ("malformed_json", 400)),
    ("POST", "/api/games", b"[1, 2]", ("expected_object", 400)),
    ("POST", "/api/games", b'{"game": "chess", "players": ["A", "B"]}', ("unknown_game", 422)),
    ("POST", "/api/games", b'{"game": "howruck", "players": "AB"}', ("bad_players", 422)),
    ("POST", "/api/games", b'{"game": "howruck", "players": ["A", "B"], "x": 1}',
     ("unknown_key", 422)),
    ("POST", "/api/games/999/actions", b'{"type": "race", "winner": "A"}', ("no_such_game", 404)),
    ("POST", "/api/games/1/undo", b"\xff\xfe", ("malformed_json", 400)),
    ("GET", "/api/games/abc", None, ("not_found", 404)),
    ("DELETE", "/api/games", None, ("method_not_allowed", 405)),
    ("GET", "/nowhere", None, ("not_found", 404)),
    ("PUT", "/api/settings", b'{"language": "xx"}', ("bad_value", 422)),
    ("POST", "/api/games", b'{"game": "howruck", "players": ["A", "B"], "options": "x"}',
     ("bad_option", 422)),
    ("POST", "/api/games", b'{"game": "howruck", "players": ["A", "B"], "options": []}',
     ("bad_option", 422)),  # a list is not the options' object, even an empty one
    ("POST", "/api/games", b'{"game": "howruck", "players": ["A", "B"], "options": false}',
     ("bad_option", 422)),
    ("POST", "/api/games", b'{"game": "howruck", "players": ["A", "A "]}',
     ("bad_players", 422)),  # the same name once the space is gone
    ("POST", "/api/sim/button", b'{"name": "p0", "pressed": "yes"}', ("wrong_type", 422)),
    ("POST", "/api/sim/button", b'{"name": "p99", "pressed": true}', ("unknown_button", 400)),
    ("POST", "/api/games", '{"game": "howruck", "players": ["A", "B"]}'.encode("utf-16"),
     ("malformed_json", 400)),  # JSON between systems is UTF-8 (RFC 8259)
    ("POST", "/api/games", b'{"game": "howruck", "players": ["A\xed\xa0\x80", "B"]}',
     ("malformed_json", 400)),  # a surrogate encoded in the bytes: not UTF-8
])
def test_bad_input_gets_a_json_error_with_a_code(daemon, client, method, path, raw, expect):
    client.pair(daemon)
    headers = {"Content-Type": "application/json"} if raw is not None else {}
    status, body, _ = client.request(method, path, raw=raw, headers=headers)
    assert (body["error"]["code"], status) == expect
    assert body["error"]["message"] and "{" not in body["error"]["message"]  # all filled in


def test_huge_body_is_refused_and_nothing_is_lost(daemon, client):
    client.pair(daemon)
    game = client.post("/api/games", {"game": "howruck", "players": ["A", "B"]})[1]["id"]
    client.post(f"/api/games/{game}/actions", {"type": "race", "winner": "A"})
    huge = b'{"type": "race", "pad": "' + b"x" * 200_000 + b'"}'
    status, _, _ = client.request("POST", f"/api/games/{game}/actions", raw=huge,
                                     headers={"Content-Type": "application/json"})
    assert status == 413  # refused from Content-Length, before it is read
    assert client.get(f"/api/games/{game}")[1]["phase"] == "tug"


def test_a_stream_opened_later_shows_the_simulated_panel_as_it_is_now(daemon, client):
    """While no phone watches, the simulated panel's pictures are not decoded (display.Seen,
    VirtualOled.look); a paired phone whose stream opens later gets in its snapshot the panel
    as it shows now (the game started meanwhile), lit as bright as the panel is."""
    import base64
    import io

    from PIL import Image

    from companion.devices.virtual_oled import RESET_CONTRAST, brightness
    from companion.screens import render
    from tests.daemon_helpers import wait_until

    client.pair(daemon)
    view = daemon.hub.call(daemon.table.create_game, "howruck", ["Anna", "Bert"])
    bus = daemon.virtual_oled
    wait_until(lambda: daemon.display.scene.state == view
               and bus.image().tobytes() == render(daemon.display.scene).tobytes())
    conn = http.client.HTTPConnection("127.0.0.1", client.port, timeout=10)
    conn.request("GET", "/api/stream", headers={"Cookie": client.cookie})
    sock = conn.sock
    response = conn.getresponse()
    event = None
    while event != "frame":
        line = response.fp.readline().decode()
        assert line, "the stream ended without a frame"
        if line.startswith("event: "):
            event = line[7:].strip()
    data = response.fp.readline().decode()
    sock.shutdown(socket.SHUT_RDWR)
    conn.close()
    png = base64.b64decode(data.split("base64,", 1)[1])
    picture = Image.open(io.BytesIO(png)).convert("L")
    lit = bus.image().convert("L")  # the panel's RAM now, decoded apart
    assert picture.point(lambda v: 255 if v else 0).tobytes() == lit.tobytes()
    contrast = RESET_CONTRAST if bus.contrast is None else bus.contrast
    assert picture.getextrema() == (0, brightness(contrast))


def test_live_stream_carries_every_change(daemon, client):
    client.pair(daemon)
    conn = http.client.HTTPConnection("127.0.0.1", client.port, timeout=10)
    conn.request("GET", "/api/stream", headers={"Cookie": client.cookie})  # frames: paired
    sock = conn.sock  # (http.client lets go of it once the answer has begun)
    response = conn.getresponse()
    assert response.status == 200
    assert response.getheader("Content-Type").startswith("text/event-stream")
    events: list[tuple[str, dict]] = []
    done = threading.Event()

    def read() -> None:
        event = None
        while not done.is_set():
            try:
                line = response.fp.readline().decode()
            except OSError:  # the end below shuts the socket: a reset may be how it ends
                return  # (a reset before the events came shows as their absence)
            if line.startswith("event: "):
                event = line[7:].strip()
            elif line.startswith("data: ") and event:
                events.append((event, json.loads(line[6:])))
            if not line:
                return

    reader = threading.Thread(target=read, daemon=True)
    reader.start()
    game = client.post("/api/games", {"game": "howruck", "players": ["A", "B"]})[1]["id"]
    client.post(f"/api/games/{game}/actions", {"type": "race", "winner": "B"})
    deadline = time.monotonic() + 5
    while not any(e == "state" and d and d.get("turn") == "B" for e, d in events):
        assert time.monotonic() < deadline, events[-5:]
        time.sleep(0.02)
    assert any(e == "frame" and d.startswith("data:image/png;base64,") for e, d in events)
    assert all("pin" not in d for e, d in events if e == "pairing")
    done.set()
    sock.shutdown(socket.SHUT_RDWR)  # the reader may wait in readline: wake it
    conn.close()
    reader.join(5)


def test_simulated_buttons_drive_the_race(daemon, client):
    client.pair(daemon)
    game = client.post("/api/games", {"game": "howruck", "players": ["A", "B"]})[1]["id"]
    assert client.post("/api/sim/button", {"name": "ok", "pressed": True})[0] == 200
    client.post("/api/sim/button", {"name": "ok", "pressed": False})
    time.sleep(0.1)
    client.post("/api/sim/button", {"name": "p1", "pressed": True})
    deadline = time.monotonic() + 5
    while client.get(f"/api/games/{game}")[1]["phase"] == "teams":
        assert time.monotonic() < deadline
        time.sleep(0.05)
    assert client.get(f"/api/games/{game}")[1]["turn"] == "B"
    status, body, _ = client.post("/api/sim/button", {"name": "p9", "pressed": True})
    assert status == 400 and body["error"]["code"] == "unknown_button"


@pytest.mark.parametrize("game", sorted(GAMES))
def test_page_and_assets_are_served_locally_within_the_budget(daemon, client, game):
    from companion.bench.web_bench import page_paths, page_weight
    from companion.web import PAGE_BUDGET

    status, html, headers = client.get("/")
    assert status == 200 and "default-src 'self'" in headers["content-security-policy"]
    assert "http://" not in html and "https://" not in html  # no CDN
    assert {"/static/page.js", "/static/app.css", "/i18n/de.json",
            f"/static/{game}.js"} <= set(page_paths(game))  # what a phone opening it fetches:
    # test_web_browser_page_weight.py holds the list to what Chromium really fetches

    def served(path: str) -> bytes:
        status, body, _ = client.exchange("GET", path)
        assert status == 200, path
        return body

    total, zipped = page_weight(served, game)
    assert total < PAGE_BUDGET.raw  # the page's budget (uncompressed)
    assert zipped < PAGE_BUDGET.gzip  # and gzipped, each file on its own as it is sent


def test_load_twenty_streams_while_a_client_posts_a_thousand_actions():
    from companion.bench.web_bench import load_test
    result = load_test(streams=20, posts=1000)
    assert result["posts"] == 1000 and result["post_errors"] == 0
    assert result["stream_errors"] == 0 and result["missed"] == 0
    assert len(result["latencies"]) >= 20 * 900  # every page heard (nearly) every post


def test_history_carries_each_actions_events_with_the_race_margin(daemon, client):
    client.pair(daemon)
    game = client.post("/api/games", {"game": "howruck", "players": ["A", "B"]})[1]["id"]
    status, body, _ = client.post(f"/api/games/{game}/actions",
                                  {"type": "race", "presses": {"B": [19_000], "A": [-400, 2_000]}})
    assert status == 200 and body["events"][0]["margin_us"] == 17_000
    history = client.get(f"/api/games/{game}/history")[1]
    assert history["actions"] == [{"type": "race", "presses": {"B": [19_000], "A": [-400, 2_000]}}]
    race = history["events"][0][0]
    assert race["winner"] == "A" and race["margin_us"] == 17_000 and race["false_starts"] == ["A"]


@pytest.mark.parametrize("path", ["/api/games/00001", "/api/games/%D9%A1",
                                  "/api/games/%EF%BC%91", "/api/games/1%C2%A0"])
def test_a_game_has_one_address(daemon, client, path):
    """Game 1 is /api/games/1 only: not "00001", nor other scripts' digits (Arabic-Indic,
    full-width), which werkzeug's int converter took."""
    client.pair(daemon)
    client.post("/api/games", {"game": "howruck", "players": ["A", "B"]})
    assert client.get("/api/games/1")[0] == 200
    status, body, _ = client.get(path)
    assert status == 404 and body["error"]["code"] == "not_found"


def test_every_seat_of_a_three_player_lauf_rauf_has_a_simulated_button(daemon, client):
    """The default config wires P1, P2 and OK: a third Lauf Rauf! player had no button in
    simulation. Each further seat any game can have gets one, on a mock pin of its own (not
    one the config uses), and the page is told which are the simulation's alone."""
    _, status, _ = client.get("/api/status")
    assert status["buttons"] == ["p0", "p1", "p2", "p3", "p4", "p5", "ok"]
    assert status["simulated_seats"] == ["p2", "p3", "p4", "p5"]
    pins = [daemon.buttons.buttons[name].pin.info.name for name in status["buttons"]]
    assert len(set(pins)) == 7 and pins[:2] == ["GPIO17", "GPIO27"] and pins[6] == "GPIO22"
    client.pair(daemon)
    game = client.post("/api/games", {"game": "laufrauf",
                                      "players": ["red", "blue", "green"]})[1]["id"]
    for player in ("red", "blue"):
        for action in ({"type": "roll", "player": player, "dice": [1, 2]},
                       {"type": "pass", "player": player}):
            daemon.hub.call(daemon.table.apply, game, action)
    assert client.get(f"/api/games/{game}")[1]["turn"] == "green"
    for pressed in (True, False):
        assert client.post("/api/sim/button", {"name": "p2", "pressed": pressed})[0] == 200
    deadline = time.monotonic() + 5
    while client.get(f"/api/games/{game}")[1]["throws"] == 0:
        assert time.monotonic() < deadline, "P3 threw no dice"
        time.sleep(0.05)
    session = daemon.hub.call(daemon.sessions.get, game)
    assert session.actions[-1] == {"type": "roll", "player": "green"}
