"""Lauf Rauf! at the table, through the real daemon and gpiozero mock pins: the player's button
or OK throws the virtual dice, the OLED shows the throw and "Huckauf!", the turn's LED lights,
and in table mode another player's button calls "Huckauf!"."""

from __future__ import annotations

import time

import pytest
from daemon_helpers import Recorder, drive, make_daemon, wait_until

from companion.screens import Scene, pick, render

RED_PIN, BLUE_PIN, OK_PIN = 17, 27, 22


@pytest.fixture
def daemon(tmp_path, mock_pins):
    d = make_daemon(tmp_path)
    d.recorder = Recorder(d.hub)
    yield d
    d.stop()


def press(mock_pins, pin: int) -> None:
    """A whole press, held past the debounce lock-out (40 ms) so the next press counts."""
    drive(mock_pins, pin, True)
    time.sleep(0.05)
    drive(mock_pins, pin, False)
    time.sleep(0.05)


def view(daemon) -> dict:
    return daemon.hub.call(daemon.table.view)


def enter(daemon, **action) -> dict:
    daemon.hub.call(daemon.table.apply, daemon.table.current, action)
    return view(daemon)


def panel_shows_state(daemon) -> bool:
    scene = Scene(state=view(daemon), pairing=daemon.hub.call(daemon.table.pairing_view))
    return daemon.virtual_oled.image().tobytes() == render(scene).tobytes()


def put_red_on_the_middle_level(daemon) -> None:
    """Red takes a Blitzstart card on a double, then starts straight onto the middle level."""
    enter(daemon, type="roll", player="red", dice=[5, 5])
    enter(daemon, type="take_cards", player="red", revealed=["blitzstart"])
    enter(daemon, type="roll", player="blue", dice=[1, 2])
    enter(daemon, type="pass", player="blue")
    enter(daemon, type="roll", player="red", dice=[6, 4])
    v = enter(daemon, type="move", player="red", move="start", figure=0, card="blitzstart")
    assert v["figures"]["red"][0] == {"level": "middle", "field": 0} and v["turn"] == "blue"


def test_the_players_button_and_ok_throw_the_dice_and_the_turn_led_lights(daemon, mock_pins):
    daemon.hub.call(daemon.table.create_game, "laufrauf", ["red", "blue"], None, 3)
    daemon.recorder.wait_for(lambda t, p: t == "leds" and p == [0])  # red's turn
    press(mock_pins, BLUE_PIN)  # not blue's turn and nothing to call: ignored
    press(mock_pins, RED_PIN)
    wait_until(lambda: view(daemon)["throws"] == 1)
    daemon.recorder.wait_for(lambda t, p: t == "sound" and p == "dice")
    press(mock_pins, OK_PIN)
    wait_until(lambda: view(daemon)["throws"] == 2)
    session = daemon.hub.call(daemon.sessions.get, daemon.table.current)
    assert session.actions == [{"type": "roll", "player": "red"}] * 2  # blue's press: nothing
    assert all(1 <= d <= 6 for d in view(daemon)["dice"])
    wait_until(lambda: panel_shows_state(daemon))  # the OLED shows the dice and throw count
    assert pick(Scene(state=view(daemon))) == "laufrauf"
    press(mock_pins, RED_PIN)
    wait_until(lambda: view(daemon)["throws"] == 3)
    press(mock_pins, RED_PIN)  # three throws at most: the fourth press does nothing
    assert view(daemon)["throws"] == 3  # the hub handled the press before this call


def test_a_first_throw_of_seven_prompts_huckauf_on_the_oled_and_the_buzzer(daemon, mock_pins):
    daemon.hub.call(daemon.table.create_game, "laufrauf", ["red", "blue"], None, 3)
    put_red_on_the_middle_level(daemon)
    v = enter(daemon, type="roll", player="blue", dice=[3, 4])
    assert v["prompt"] == "huckauf"
    daemon.recorder.wait_for(lambda t, p: t == "sound" and p == "huckauf")
    wait_until(lambda: panel_shows_state(daemon))
    press(mock_pins, BLUE_PIN)  # no throwing while the Berggeist waits
    assert view(daemon)["throws"] == 1


def test_in_table_mode_another_players_button_calls_huckauf(daemon, mock_pins):
    daemon.hub.call(daemon.table.create_game, "laufrauf", ["red", "blue"], {"huckauf": "table"}, 3)
    put_red_on_the_middle_level(daemon)
    v = enter(daemon, type="roll", player="blue", dice=[2, 5])
    assert v["prompt"] is None and v["huckauf_open"]
    press(mock_pins, RED_PIN)  # red calls "Huckauf!"
    wait_until(lambda: view(daemon)["prompt"] == "huckauf")
    session = daemon.hub.call(daemon.sessions.get, daemon.table.current)
    assert session.actions[-1] == {"type": "huckauf", "player": "red"}


def test_holding_ok_for_a_new_pin_throws_no_dice(daemon, mock_pins, monkeypatch):
    daemon.hub.call(daemon.table.create_game, "laufrauf", ["red", "blue"], None, 3)
    old_pin = daemon.hub.call(lambda: daemon.table.pairing.pin)
    now = time.monotonic()
    drive(mock_pins, OK_PIN, True, at=now - 3.5, monkeypatch=monkeypatch)
    drive(mock_pins, OK_PIN, False, at=now, monkeypatch=monkeypatch)
    wait_until(lambda: daemon.hub.call(lambda: daemon.table.pairing.pin) != old_pin)
    time.sleep(0.1)
    assert view(daemon)["throws"] == 0
    assert daemon.hub.call(daemon.sessions.get, daemon.table.current).actions == []


def test_a_table_off_simulation_has_the_configured_buttons_only(daemon):
    """The simulation's further seat buttons are the simulation's: a Pi's table claims the
    pins its config names, and no other."""
    assert daemon.button_names() == ["p0", "p1", "ok"]
