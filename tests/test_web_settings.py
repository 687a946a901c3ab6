"""The page's settings over real HTTP on loopback: the table's language, the hardware
sections, what is refused (in the phone's language) and what is kept for the next start."""

from __future__ import annotations

import json
import time

import pytest
from web_helpers import Client, web_daemon


@pytest.mark.parametrize("hardware, reason, key, said", [
    # a setting of the page is named as the page names it, not by its key in the file
    ({"buttons": {"players": [17, 17]}}, "pin_taken", "buttons.players[1]",
     "„Taste von Spieler 2“: Pin 17 wird schon von „Taste von Spieler 1“ verwendet."),
    ({"buttons": {"ok": 2}}, "pin_reserved", "buttons.ok",
     "„OK-Taste“: Pin 2 ist die I2C SDA-Leitung des Displays."),
    ({"leds": {"players": [23, 99]}}, "pin_number", "leds.players[1]",
     "„LED von Spieler 2“ muss eine GPIO-Pinnummer von 0 bis 27 sein"),
    ({"buzzer": {"pin": "x"}}, "pin_number", "buzzer.pin", "„Summer“ muss eine GPIO-Pinnummer"),
    ({"buttons": {"ok": 12345678901234567891}}, "pin_number", "buttons.ok",  # not rounded
     "„OK-Taste“ muss eine GPIO-Pinnummer von 0 bis 27 sein (BCM-Nummerierung), nicht "
     "12345678901234567891."),
    ({"display": {"contrast": 300}}, "whole_number", "display.contrast",
     "„Kontrast des Displays“ muss eine ganze Zahl von 0 bis 255 sein, nicht 300."),
    ({"race": {"countdown_s": ""}}, "whole_number", "race.countdown_s",
     "„Countdown des Wettlaufs“ muss eine ganze Zahl"),
    ({"race": None}, "not_a_section", "race", "„race“ muss ein Abschnitt"),
    ({"web": {"port": 1}}, "not_on_page", "web",
     "„web“ kann auf der Seite nicht geändert werden."),
    ("x", "sections", "hardware", "„hardware“ muss eine Tabelle von Abschnitten sein."),
    ({"buttons": {"colour": 1}}, "unknown_key", "buttons.colour",
     "Es gibt keine Einstellung „buttons.colour“."),  # no name: the key as sent
])
def test_a_refused_setting_is_said_in_the_phone_language(daemon, client, tmp_path, hardware,
                                                         reason, key, said):
    client.pair(daemon)
    status, body, _ = client.request("PUT", "/api/settings", {"hardware": hardware},
                                     headers={"Accept-Language": "de-DE,de;q=0.9"})
    assert status == 422 and body["error"]["code"] == "bad_setting"
    assert body["error"]["params"]["reason"] == reason
    assert body["error"]["params"]["key"] == key
    assert body["error"]["message"].startswith(said)
    assert not (tmp_path / "settings.json").exists()  # nothing saved


@pytest.mark.parametrize("lang, said", [
    ("en", "“Player 2's button”: pin 17 is already used by “Player 1's button”."),
    ("nl", "“Knop van speler 2”: pin 17 is al in gebruik door “Knop van speler 1”."),
    ("fr", "«\u202fBouton du joueur 2\u202f»\u202f: la broche 17 est déjà utilisée par "
           "«\u202fBouton du joueur 1\u202f»."),
])
def test_a_setting_is_named_in_words_in_every_language(daemon, client, lang, said):
    client.pair(daemon)
    status, body, _ = client.request("PUT", f"/api/settings?lang={lang}", {"hardware": {
        "buttons": {"players": [17, 17]}}})
    assert status == 422 and body["error"]["message"] == said
    assert body["error"]["params"]["key"] == "buttons.players[1]"  # the machine's, as before
    assert body["error"]["params"]["other"] == "buttons.players[0]"


def test_settings_change_the_table_language_and_are_kept(daemon, client, tmp_path):
    client.pair(daemon)
    status, body, _ = client.request("PUT", "/api/settings", {"language": "nl"})
    assert status == 200 and body["language"] == "nl" and body["restart_needed"] is False
    saved = json.loads((tmp_path / "settings.json").read_text())
    assert saved["language"] == "nl"
    deadline = time.monotonic() + 5
    while daemon.display.scene.lang != "nl":
        assert time.monotonic() < deadline
        time.sleep(0.02)


def test_hardware_settings_are_validated_saved_and_applied(daemon, client, tmp_path):
    client.pair(daemon)
    status, body, _ = client.request("PUT", "/api/settings", {"hardware": {
        "buttons": {"players": [17, 17]}}})
    assert status == 422 and body["error"]["code"] == "bad_setting"
    assert body["error"]["params"]["key"] == "buttons.players[1]"
    status, body, _ = client.request("PUT", "/api/settings", {"hardware": {
        "web": {"port": 1}}})
    assert status == 422 and body["error"]["params"]["key"] == "web"
    assert not (tmp_path / "settings.json").exists()  # nothing half-saved

    status, body, _ = client.request("PUT", "/api/settings", {"hardware": {
        "race": {"tie_window_ms": 25}}})
    assert status == 200 and body["restart_needed"] is False  # the race applies at once
    assert daemon.hub.call(lambda: daemon.table.config.tie_window_ms) == 25
    status, body, _ = client.request("PUT", "/api/settings", {"hardware": {
        "display": {"type": "sh1106", "address": 0x3D}, "buttons": {"players": [5, 6, 13]}}})
    assert status == 200 and body["restart_needed"] is True
    assert body["hardware"]["display"] == {"type": "sh1106", "i2c_port": 1, "address": 0x3D,
                                           "rotate": 0, "contrast": 255,
                                           "sh1106_column_offset": 2, "dim_after_s": 300,
                                           "off_after_s": 3600,
                                           "shift_pixels": True}  # the defaults kept
    saved = json.loads((tmp_path / "settings.json").read_text())["hardware"]
    assert saved["race"] == {"tie_window_ms": 25} and saved["buttons"]["players"] == [5, 6, 13]
    assert client.get("/api/settings")[1]["restart_needed"] is True


def test_the_language_is_kept_only_once_a_phone_chose_it(daemon, client, tmp_path):
    """Saving hardware settings does not fix the table's language (the config file's, or the
    first game's, still applies); choosing it, even the one it has, does."""
    client.pair(daemon)
    assert client.get("/api/status")[1]["language_chosen"] is False
    client.request("PUT", "/api/settings", {"hardware": {"race": {"tie_window_ms": 25}}})
    assert "language" not in json.loads((tmp_path / "settings.json").read_text())
    assert client.get("/api/status")[1]["language_chosen"] is False
    status, body, _ = client.request("PUT", "/api/settings", {"language": "en"})
    assert status == 200 and body["language"] == "en"
    assert json.loads((tmp_path / "settings.json").read_text())["language"] == "en"
    assert client.get("/api/status")[1]["language_chosen"] is True


def test_saved_hardware_settings_apply_at_the_next_start(tmp_path):
    from companion.daemon.settings import Settings
    Settings(tmp_path / "settings.json", "de",
             {"buttons": {"players": [5, 6, 13]}, "display": {"type": "none"}}).save()
    d = web_daemon(tmp_path)
    try:
        assert d.config.player_pins == (5, 6, 13) and d.display is None
        pins = {n: b.pin.info.name for n, b in d.buttons.buttons.items()}
        assert [pins[n] for n in ("p0", "p1", "p2")] == ["GPIO5", "GPIO6", "GPIO13"]
        assert d.simulated_seats == ["p3", "p4", "p5"]  # simulation's own: the other seats
        assert Client(d.web.port).get("/api/settings")[1]["restart_needed"] is False
    finally:
        d.stop()
        from gpiozero import Device
        Device.pin_factory.reset()
        Device.pin_factory = None


def test_a_save_changes_only_the_keys_it_names_and_pin_0_is_a_pin(daemon, client, tmp_path):
    """The page's form shows some keys of a section: saving it keeps the others (set by an
    earlier save or the API), and GPIO 0 is a pin like any other, not "none"."""
    client.pair(daemon)
    status, _, _ = client.request("PUT", "/api/settings", {"hardware": {
        "buttons": {"players": [5, 6], "debounce_ms": 20},
        "display": {"rotate": 180, "contrast": 100}}})
    assert status == 200
    status, body, _ = client.request("PUT", "/api/settings", {"hardware": {
        "buttons": {"ok": 0}, "buzzer": {"pin": 1}, "display": {"type": "sh1106"}}})
    assert status == 200
    buttons, display = body["hardware"]["buttons"], body["hardware"]["display"]
    assert (buttons["players"], buttons["debounce_ms"], buttons["ok"]) == ([5, 6], 20, 0)
    assert body["hardware"]["buzzer"]["pin"] == 1
    assert (display["type"], display["rotate"], display["contrast"]) == ("sh1106", 180, 100)
    status, body, _ = client.request("PUT", "/api/settings", {"hardware": {
        "buttons": {"ok": None}}})  # no OK button: said as null (or -1)
    assert status == 200 and body["hardware"]["buttons"]["ok"] is None
    assert body["hardware"]["buttons"]["players"] == [5, 6]
